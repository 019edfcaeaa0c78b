"""The node a command runs against: the --node file (or the embedded node),
checked as the kubelet checks its configuration at start; for
``--upgrade-to`` the same node under another version's gates; for ``node
show`` its reserved CPUs and allocatable."""

from __future__ import annotations

from pod_resources_cli.records import dataclass
from typing import TYPE_CHECKING

from pod_resources_cli.errors import UsageError

if TYPE_CHECKING:
    from pod_resources_cli.kube.allocatable import NodeAllocatable
    from pod_resources_cli.features import FeatureGates
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.lint.context import Upgrade


def load_node_file(node: str | None, gates: FeatureGates | None = None) -> NodeDescription:
    """The --node file, or the embedded default node. With ``gates``, the
    kubelet settings are checked as the kubelet checks them at start, and an
    error names the file. Reservations above capacity are located in the file
    by the loader (kube/allocatable.py's check, which source/ cannot import)."""
    if node is None:  # built from code (model/default_node.py): no node decoder to load
        from pod_resources_cli.model.default_node import default_node

        return default_node()
    from pod_resources_cli.kube.allocatable import allocatable_error
    from pod_resources_cli.source.node_file import load_node

    if not node.strip():  # '' is no file: never the embedded node in disguise
        raise UsageError("--node: empty value (give a file name, or leave the option out)")
    description = load_node(node, allocatable=allocatable_error)
    _check_gate_names(node, description, gates)
    if gates is not None:
        from pod_resources_cli.errors import NodeError
        from pod_resources_cli.kube.admission import check_kubelet_config

        try:
            check_kubelet_config(description, gates)
        except NodeError as exc:
            if exc.location is not None:
                raise
            raise NodeError(f"{node}: the kubelet refuses this configuration: {exc.message}") from None
    return description


def _check_gate_names(node: str, description: NodeDescription, gates: FeatureGates | None) -> None:
    """The kubelet refuses a featureGates name its release does not know, in
    its configuration as on its command line (--feature-gates fails the same way)."""
    from pod_resources_cli.errors import NodeError
    from pod_resources_cli.features import FeatureGates, kubelet_refusal, normalize_gates, unknown_gates

    version = gates.version if gates is not None else FeatureGates().version
    if unknown_gates(description.kubelet.feature_gates, version):
        reason = kubelet_refusal(FeatureGates(version, normalize_gates(description.kubelet.feature_gates)))
        raise NodeError(f"{node}: the kubelet refuses this configuration: {reason}")


def upgrade_between(node_file: str | None, gates: FeatureGates, target: FeatureGates) -> Upgrade:
    """``--upgrade-to``: the run's gates and node against ``target``'s on the
    same node (the embedded one without --node), whose configuration the
    target version's kubelet must accept too."""
    from pod_resources_cli.analysis.diff import Side, setting_changes
    from pod_resources_cli.lint.context import Upgrade

    before = Side(gates, load_node_file(node_file, gates))
    after = Side(target, load_node_file(node_file, target))
    return Upgrade(before, after, node_file is not None, setting_changes(before, after))


def reserved_cpu_ids(node: NodeDescription, gates: FeatureGates) -> set[int]:
    """The CPUs ``node show`` marks reserved: reservedSystemCPUs, and what the
    static CPU manager policy keeps out of exclusive allocation without it."""
    from pod_resources_cli.cpuset import CPUSet

    out: set[int] = set()
    if node.kubelet.reserved_system_cpus:
        out.update(CPUSet.parse(node.kubelet.reserved_system_cpus).to_list())
    if node.kubelet.cpu_manager_policy == "static" and node.topology is not None and node.topology.cpus:
        from pod_resources_cli.kube.admission import reserved_cpus

        out.update(reserved_cpus(node, gates).to_list())
    return out


@dataclass(frozen=True, slots=True)
class NodeShown:
    """What ``node show`` draws: the checked node, its reserved CPUs, its allocatable."""

    node: NodeDescription
    reserved: set[int]
    allocatable: NodeAllocatable


def show_node(node_file: str | None, gates: FeatureGates) -> NodeShown:
    from pod_resources_cli.kube.allocatable import compute_allocatable

    node = load_node_file(node_file, gates)
    return NodeShown(node, reserved_cpu_ids(node, gates), compute_allocatable(node))
