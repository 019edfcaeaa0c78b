"""What changes for the same pods between two settings (Kubernetes version,
feature gates, node description), and why.

Each pod is evaluated twice by the one evaluation path (analysis.explain),
flattened (analysis.outcome) and compared key by key. A change is attributed
to the settings that decide its field (``FIELD_SETTINGS``) among those that
differ between the two sides; the settings are compared as the kubelet and
the API server read them: every feature gate the tool models (decided for
each side's version, node and flags), the version itself, every
KubeletConfiguration field and the machine.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from pod_resources_cli.analysis.outcome import Observed, outcome
from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.features import MODELED, FeatureGates
from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.location import Location
from pod_resources_cli.model.decode.node.kubelet_config import FIELD_ATTRS
from pod_resources_cli.model.items import Summary
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.workload import WorkloadRef
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import dataclass, field, fields, is_record


@dataclass(frozen=True, slots=True)
class Side:
    """One side of the comparison: the gates (with their version) and the node."""

    gates: FeatureGates
    node: NodeDescription


@dataclass(frozen=True, slots=True)
class SettingChange:
    """A setting that differs between the sides: ``key`` names it where
    FIELD_SETTINGS does (a gate name, a kubelet field, ``version``, ``machine``)."""

    key: str
    label: str  # "feature gate MemoryQoS", "kubelet memoryThrottlingFactor"
    before: str
    after: str

    def __str__(self) -> str:
        return f"{self.label}: {self.before} -> {self.after}"


@dataclass(frozen=True, slots=True)
class Change:
    field: str  # outcome key
    before: Observed | None
    after: Observed | None
    reasons: tuple[SettingChange, ...]


@dataclass(frozen=True, slots=True)
class PodDiff:
    source: Location
    workload: WorkloadRef
    changes: tuple[Change, ...]


_FIELD_NAMES = {attr: name for name, attr in FIELD_ATTRS.items()}


def kubelet_field_name(attr: str) -> str:
    """The KubeletConfiguration spelling of a KubeletConfig attribute
    (``cpu_cfs_quota_period_us`` -> ``cpuCFSQuotaPeriod``); project settings
    in camel case (``runtimeCpuWeight``)."""
    if attr in _FIELD_NAMES:
        return _FIELD_NAMES[attr]
    head, *rest = attr.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _kubelet_value(value: object) -> str:
    """A setting as a KubeletConfiguration writes it: ``[{numaNode: 0, limits: {memory: 1124Mi}}]``."""
    if isinstance(value, Quantity):
        return str(value)
    if is_record(value) and not isinstance(value, type):
        return "{" + ", ".join(f"{kubelet_field_name(f.name)}: {_kubelet_value(getattr(value, f.name))}" for f in fields(value)) + "}"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_kubelet_value(v)}" for k, v in sorted(value.items())) + "}"
    if isinstance(value, bool):
        return _bool(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_kubelet_value(v) for v in value) + "]"
    return "unset" if value is None else str(value)


def setting_changes(before: Side, after: Side) -> tuple[SettingChange, ...]:
    """The settings that differ, in a stable order: version, gates, kubelet, machine."""
    out: list[SettingChange] = []
    if before.gates.version != after.gates.version:
        out.append(SettingChange("version", "Kubernetes version", str(before.gates.version), str(after.gates.version)))
    b_gates = before.gates.on_node(before.node.kubelet.feature_gates, before.node.name)
    a_gates = after.gates.on_node(after.node.kubelet.feature_gates, after.node.name)
    for gate in MODELED:
        b, a = b_gates.decide(gate), a_gates.decide(gate)
        if b.enabled != a.enabled:
            out.append(SettingChange(gate, f"feature gate {gate}", f"{_bool(b.enabled)} ({b.why})", f"{_bool(a.enabled)} ({a.why})"))
    for f in fields(before.node.kubelet):
        if f.name == "feature_gates":
            continue
        b_value, a_value = getattr(before.node.kubelet, f.name), getattr(after.node.kubelet, f.name)
        if b_value != a_value:
            name = kubelet_field_name(f.name)
            out.append(SettingChange(name, f"kubelet {name}", _kubelet_value(b_value), _kubelet_value(a_value)))
    if before.node.topology != after.node.topology or dict(before.node.capacity) != dict(after.node.capacity):
        out.append(SettingChange("machine", "machine", before.node.name, after.node.name))
    return tuple(out)


def _bool(flag: bool) -> str:
    return "true" if flag else "false"


# Which settings can decide a field (a regular expression on the outcome key's
# last part). A change is attributed to those among the differing settings;
# a field not listed, or whose settings did not change, is attributed to
# every differing setting.
_CPU_PLACEMENT = (
    "cpuManagerPolicy", "cpuManagerPolicyOptions", "reservedSystemCPUs", "topologyManagerPolicy",
    "topologyManagerScope", "topologyManagerPolicyOptions", "memoryManagerPolicy", "reservedMemory",
    "machine", "PodLevelResourceManagers", "CPUManagerPolicyAlphaOptions", "CPUManagerPolicyBetaOptions",
    "TopologyManagerPolicyAlphaOptions", "TopologyManagerPolicyBetaOptions", "kubeReserved", "systemReserved",
)  # fmt: skip
FIELD_SETTINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"memory\.(high|min|low)", ("MemoryQoS", "memoryThrottlingFactor", "memoryReservationPolicy", "version", "cgroupVersion", "pageSize")),
    (r"memory\.swap\.max|memory\.memsw.*", ("NodeSwap", "memorySwap", "failSwapOn", "swapBehavior", "machine", "version")),
    (r"cpu\.max|cpu\.cfs_(quota|period)_us", ("cpuCFSQuota", "cpuCFSQuotaPeriod", "CustomCPUCFSQuotaPeriod", "DisableCPUQuotaWithExclusiveCPUs", *_CPU_PLACEMENT)),
    (r"cpu\.weight", ("runtimeCpuWeight", "cgroupVersion")),
    (r"memory\.oom\.group", ("singleProcessOOMKill", "cgroupVersion")),
    (r"pids\.max|pids\.limit", ("podPidsLimit",)),
    (r"cgroupPath", ("cgroupDriver", "cgroupVersion")),
    (r"cpuset|exclusiveCPUs|numaAffinity|memoryNumaNodes|isolation", _CPU_PLACEMENT),
    (r"oomScoreAdj", ("machine", "PodLevelResources", "PodLevelResourcesFixDefaulting", "PodLevelResourcesFixKubeletQOSClass")),
    (r"admission", ("machine", "maxPods", "podsPerCore", "kubeReserved", "systemReserved", "evictionHard", *_CPU_PLACEMENT)),
    (r"qosClass|requests\..*|limits\..*|spec\.resources", ("PodLevelResources", "PodLevelResourcesFixDefaulting", "PodLevelResourcesFixKubeletQOSClass", "version")),
)  # fmt: skip
_COMPILED = tuple((re.compile(rf"(?:^|[.\]]){pattern}$"), keys) for pattern, keys in FIELD_SETTINGS)


def reasons_for(key: str, changed: Sequence[SettingChange], why: Iterable[Why | None] = ()) -> tuple[SettingChange, ...]:
    """The differing settings that decide ``key``: those FIELD_SETTINGS lists
    for it, else those its rules mention (kube/provenance.py Why.mentions: a
    setting's name as an input, an input's value or a gate decision), else all of them."""
    for pattern, keys in _COMPILED:
        if pattern.search(key):
            named = tuple(s for s in changed if s.key in keys)
            if named:
                return named
            break
    mentioned: frozenset[str] = frozenset().union(*(w.mentions() for w in why if w is not None))
    named = tuple(s for s in changed if s.key in mentioned)
    return named or tuple(changed)


# What a cgroup file shows when nobody writes it (cgroup v2, Linux
# Documentation/admin-guide/cgroup-v2.rst): a file written on one side only
# is compared with this, so "not written" and "max" are the same value.
KERNEL_DEFAULTS = {
    "memory.high": "max",
    "memory.max": "max",
    "memory.low": "0",
    "memory.min": "0",
    "memory.swap.max": "max",
    "pids.max": "max",
    "cpu.max": "max 100000",
}
_UNWRITTEN = because("cgroup.unwritten")


def _or_default(key: str, seen: Observed | None) -> Observed | None:
    if seen is not None or ".cgroup.v2." not in f".{key}":
        return seen
    default = KERNEL_DEFAULTS.get(key.rsplit(".cgroup.v2.", 1)[-1])
    return Observed(default, _UNWRITTEN) if default is not None else None


def diff_pod(before: PodReport, after: PodReport, changed: Sequence[SettingChange]) -> PodDiff:
    """The values that differ between two reports of the same pod (a cgroup
    file one side does not write is its kernel default there)."""
    b, a = outcome(before), outcome(after)
    changes: list[Change] = []
    for key in [*b, *(k for k in a if k not in b)]:
        old, new = _or_default(key, b.get(key)), _or_default(key, a.get(key))
        if (old.value if old else None) == (new.value if new else None):
            continue
        why = (old.why if old else None, new.why if new else None)
        changes.append(Change(key, old, new, reasons_for(key, changed, why)))
    return PodDiff(after.source, after.workload, tuple(changes))


@dataclass(frozen=True, slots=True)
class Group:
    """The same field changed for the same reasons: one line of the table."""

    reasons: tuple[SettingChange, ...]
    field: str  # the outcome key with container names taken out: containers[*].cgroup.v2.memory.high
    changes: tuple[tuple[PodDiff, Change], ...]

    @property
    def containers(self) -> bool:
        return self.field.startswith("containers[*]")


def generic_field(key: str) -> str:
    return re.sub(r"^containers\[[^\]]*\]", "containers[*]", key)


def group_changes(diffs: Sequence[PodDiff]) -> tuple[Group, ...]:
    """Changes grouped by (reasons, field), the largest groups first."""
    groups: dict[tuple[tuple[SettingChange, ...], str], list[tuple[PodDiff, Change]]] = {}
    for d in diffs:
        for c in d.changes:
            groups.setdefault((c.reasons, generic_field(c.field)), []).append((d, c))
    ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0][1]))
    return tuple(Group(reasons, field, tuple(items)) for (reasons, field), items in ordered)


@dataclass(slots=True)
class DiffResult:
    before: Side
    after: Side
    settings: tuple[SettingChange, ...]
    pods: list[PodDiff] = field(default_factory=list)  # the pods with a change
    unchanged: int = 0
    summary: Summary = field(default_factory=Summary)
    problems: list[tuple[Location, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # policies the API server rejects, as explain says them
