"""The feature gates a node's kubelet runs with: its configuration's
``featureGates`` (KubeletConfiguration), under the command line's, as the
kubelet's --feature-gates flag wins over its configuration file
(cmd/kubelet/app/server.go kubeletConfigFlagPrecedence at k/k 293a53f2c082: the gates
the flags set override the file's one by one, the others are kept).
One function for explain, admit, lint and diff."""

from __future__ import annotations

from pod_resources_cli.features import FeatureGates, normalize_gates
from pod_resources_cli.model.node import NodeDescription


def node_gates(node: NodeDescription, gates: FeatureGates) -> FeatureGates:
    if not node.kubelet.feature_gates:
        return gates
    return gates.with_overrides(normalize_gates(node.kubelet.feature_gates), f"the node description {node.name}")
