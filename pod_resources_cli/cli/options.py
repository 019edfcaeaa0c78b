"""Shared option parsing: feature gates, versions, limits, names (the node file is loaded by run/node.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.errors import UsageError
from pod_resources_cli.features import LATEST, FeatureGates, KubernetesVersion, kubelet_refusal, parse_feature_gates
from pod_resources_cli.source.limits import Limits

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.source.layout import Tools


def build_gates(feature_gates: str | None, kubernetes_version: str | None) -> FeatureGates:
    """--kubernetes-version (a version the tool models) and --feature-gates,
    refused as that version's kubelet refuses them (a gate it does not know
    yet, a locked gate set against its default, a dependency left off)."""
    version = KubernetesVersion.parse(kubernetes_version) if kubernetes_version else LATEST
    explicit = parse_feature_gates(feature_gates) if feature_gates else {}
    gates = FeatureGates(version, explicit, "--feature-gates")
    check_gates(gates, "--feature-gates")
    return gates


def warn_pre_release(*versions: KubernetesVersion) -> None:
    """A command run on a version without its tag says so on stderr, once per
    version (every format, -q and GitLab's report included)."""
    from pod_resources_cli.cli import console
    from pod_resources_cli.features import pre_release

    for version in dict.fromkeys(versions):
        mark = pre_release(version)
        if mark is not None:
            console.error(f"pod-resources: warning: {mark['note']}")


def check_gates(gates: FeatureGates, where: str) -> None:
    """UsageError (exit 2) with the kubelet's reason when it would not start with ``gates``."""
    reason = kubelet_refusal(gates)
    if reason is not None:
        raise UsageError(f"{where}: a Kubernetes {gates.version} kubelet refuses these feature gates: {reason}")


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


def check_jobs(jobs: int) -> None:
    """--jobs beyond any process count is a usage error (it would reach the
    pool as a C int and overflow); a count above the CPUs is merely capped
    (parallel.resolve_jobs)."""
    from pod_resources_cli.run.parallel import MAX_JOBS

    if not 0 <= jobs <= MAX_JOBS:
        raise UsageError(f"invalid --jobs {jobs}: expected 0 (one per CPU) to {MAX_JOBS}; no more processes than CPUs are started")


def build_limits(max_document_bytes: str | None, max_depth: int | None, max_aliases: int | None) -> Limits:
    """--max-document-bytes / --max-depth / --max-aliases; a bad value is a usage error."""
    from pod_resources_cli.source.limits import limits_from_options

    try:
        return limits_from_options(max_document_bytes, max_depth, max_aliases)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


_HOLDS = ("template", "pod", "podspec", "containers")


def workload_kinds(specs: list[str] | None) -> tuple[WorkloadKind, ...]:
    """``--workload-kind Kind.group=PATH[,PATH]`` (``Kind=PATH`` for a core
    kind), each PATH a pod template or ``HOLDS:PATH`` for another holder
    (``pod``, ``podspec``, ``containers``); for lint, explain, admit and diff."""
    return tuple(_workload_kind(spec) for spec in specs or ())


def _workload_kind(spec: str) -> WorkloadKind:
    from pod_resources_cli.model.decode.kinds import declared_kind

    name, eq, paths = spec.partition("=")
    kind, _, group = name.strip().partition(".")
    try:
        if not eq:
            raise ValueError("expected Kind.group=PATH[,PATH]")
        templates: list[str] = []
        holds: dict[str, list[str]] = {}
        for raw in (p.strip() for p in paths.split(",") if p.strip()):
            what, colon, path = raw.partition(":")
            if not colon:
                templates.append(raw)
            elif what in _HOLDS:
                holds.setdefault(what, []).append(path)
            else:
                raise ValueError(f"{what!r} is not what a path can hold: write PATH for a pod template, or pod:, podspec:, containers:PATH")
        return declared_kind(group, kind, templates, holds=holds)
    except ValueError as exc:
        raise UsageError(f"invalid --workload-kind {spec!r}: {exc}") from None


def build_tools(no_render: bool) -> Tools:
    """The renderers on PATH (helm, kustomize or kubectl), none with ``--no-render``."""
    from pod_resources_cli.source.layout import NO_TOOLS, Tools

    return NO_TOOLS if no_render else Tools.from_path()
