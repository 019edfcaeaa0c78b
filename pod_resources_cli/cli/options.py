"""Shared option parsing: feature gates, versions, node files."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.errors import UsageError
from pod_resources_cli.features import LATEST, FeatureGates, KubernetesVersion, kubelet_refusal, parse_feature_gates
from pod_resources_cli.source.limits import Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.node import NodeDescription


def build_gates(feature_gates: str | None, kubernetes_version: str | None) -> FeatureGates:
    """--kubernetes-version (a version the tool models) and --feature-gates,
    refused as that version's kubelet refuses them (a gate it does not know
    yet, a locked gate set against its default, a dependency left off)."""
    version = KubernetesVersion.parse(kubernetes_version) if kubernetes_version else LATEST
    explicit = parse_feature_gates(feature_gates) if feature_gates else {}
    gates = FeatureGates(version, explicit, "--feature-gates")
    check_gates(gates, "--feature-gates")
    return gates


def check_gates(gates: FeatureGates, where: str) -> None:
    """UsageError (exit 2) with the kubelet's reason when it would not start with ``gates``."""
    reason = kubelet_refusal(gates)
    if reason is not None:
        raise UsageError(f"{where}: a Kubernetes {gates.version} kubelet refuses these feature gates: {reason}")


def load_node_option(node: str | None, gates: FeatureGates | None = None) -> NodeDescription:
    """The --node file, or the embedded default node. With ``gates``, the
    kubelet settings are checked as the kubelet checks them at start, and an
    error names the file. Reservations above capacity are located in the file
    by the loader (kube/allocatable.py's check, which source/ cannot import)."""
    from pod_resources_cli.kube.allocatable import allocatable_error
    from pod_resources_cli.source.node_file import load_default_node, load_node

    if node is None:
        return load_default_node()
    require_value("--node", node)  # '' is no file: never the embedded node in disguise
    description = load_node(node, allocatable=allocatable_error)
    _check_gate_names(node, description)
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


def _check_gate_names(node: str, description: NodeDescription) -> None:
    """The kubelet refuses a featureGates name it does not know, in its
    configuration as on its command line (--feature-gates fails the same way)."""
    from pod_resources_cli.errors import NodeError
    from pod_resources_cli.features import known_gates, unknown_gates

    unknown = unknown_gates(description.kubelet.feature_gates)
    if unknown:
        raise NodeError(
            f"{node}: the kubelet refuses this configuration: unrecognized feature gate: {unknown[0]} ({known_gates()})"
        )


def require_value(option: str, value: str) -> None:
    """An option given as the empty string is a usage error (exit 2): it would
    otherwise read as "not given" and silently mean the default."""
    if not value.strip():
        raise UsageError(f"{option}: empty value (give a file name, or leave the option out)")


def stdin_name(stdin_filename: str | None) -> str:
    """The name standard input goes by: ``--stdin-filename`` (checked not
    empty), else ``<stdin>``. Only the stream's name: nothing is read from
    a file of that name, which need not exist (an editor's unsaved buffer)."""
    from pod_resources_cli.source.discover import STDIN_NAME

    if stdin_filename is None:
        return STDIN_NAME
    require_value("--stdin-filename", stdin_filename)
    return stdin_filename


def build_limits(max_document_bytes: str | None, max_depth: int | None, max_aliases: int | None) -> Limits:
    """--max-document-bytes / --max-depth / --max-aliases; a bad value is a usage error."""
    from pod_resources_cli.source.limits import limits_from_options

    try:
        return limits_from_options(max_document_bytes, max_depth, max_aliases)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
