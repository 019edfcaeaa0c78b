"""Feature gates and Kubernetes versions: which behaviour applies, and why.

GATES is the one table of every gate this tool reads, with its versioned
specs as upstream declares them (``VersionedSpecs``: the first minor of each
stage, its default, ``LockToDefault``) and its declared dependencies.
Sources, by the commit or release read:

- pkg/features/kube_features.go, Kubernetes 1.35 tree: the
  versioned specs of MemoryQoS, NodeSwap, CustomCPUCFSQuotaPeriod (as
  CPUCFSQuotaPeriod), DisableCPUQuotaWithExclusiveCPUs, the CPU and Topology
  manager option gates, and ``defaultKubernetesFeatureGateDependencies``
  (InPlacePodLevelResourcesVerticalScaling needs InPlacePodVerticalScaling,
  PodLevelResources and NodeDeclaredFeatures);
- the 1.37 tree's versioned specs of PodLevelResources,
  InPlacePodVerticalScaling, InPlacePodLevelResourcesVerticalScaling,
  NodeDeclaredFeatures and DRANodeAllocatableResources (Kubernetes 1.37, the split versioned-specs file);
- 1.36/1.37 changes read from their pull requests: MemoryQoS beta and on
  (k/k #140007), CustomCPUCFSQuotaPeriod GA and on in 1.36 (the feature-gate
  reference page, and a 1.37 kubelet warning "setting GA feature gate"),
  PodLevelResourceManagers beta in 1.37 but off (#140573, #141209), the two
  KEP-2837 fix gates on in 1.37 and depending on PodLevelResources (#140514,
  #140853, #140631);
- staging/src/k8s.io/component-base/featuregate/feature_gate.go
  (Kubernetes 1.35) unsafeSetFromMap: the kubelet's texts for an unknown
  gate, a locked gate set against its default and an enabled gate whose
  dependencies are off. Dependencies are checked since 1.35 (k/k #133697,
  "adds feature gate validation to Kubelet").

A gate not yet in the chosen version is off, and a kubelet of that version
does not know its name. Values set explicitly (``--feature-gates``, a node
description's ``featureGates``, a lint configuration) win, and every lookup
says which of the three decided it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from pod_resources_cli.errors import UsageError


@dataclass(frozen=True, order=True, slots=True)
class KubernetesVersion:
    """A Kubernetes minor version (``1.37``); a patch level is accepted and ignored."""

    major: int
    minor: int

    @classmethod
    def parse(cls, text: str) -> KubernetesVersion:
        """A version the tool models (OLDEST to LATEST); anything else is a UsageError."""
        match = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+].*)?", text.strip())
        if match is None:
            raise UsageError(f"invalid Kubernetes version {text!r} (expected e.g. 1.37 or v1.36.2)")
        version = cls(int(match.group(1)), int(match.group(2)))
        if not OLDEST <= version <= LATEST:
            raise UsageError(f"Kubernetes {version} is not modeled: this tool knows Kubernetes {OLDEST} to {LATEST}")
        return version

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}"


LATEST: Final = KubernetesVersion(1, 37)
OLDEST: Final = KubernetesVersion(1, 27)
DEPENDENCIES_CHECKED_SINCE: Final = 35  # k/k #133697: the kubelet validates gate dependencies


@dataclass(frozen=True, slots=True)
class Stage:
    """One entry of a gate's VersionedSpecs: from minor ``since`` on."""

    since: int
    default: bool
    stage: str  # "alpha" | "beta" | "GA"
    locked: bool = False  # LockToDefault: setting the other value is refused


@dataclass(frozen=True, slots=True)
class Gate:
    stages: tuple[Stage, ...]
    depends_on: tuple[str, ...] = ()  # defaultKubernetesFeatureGateDependencies

    def at(self, minor: int) -> Stage | None:
        """The spec in force at 1.<minor>; None before the gate existed."""
        current = None
        for stage in self.stages:
            if stage.since <= minor:
                current = stage
        return current


def _g(*stages: tuple[int, bool, str] | tuple[int, bool, str, bool], depends_on: tuple[str, ...] = ()) -> Gate:
    return Gate(tuple(Stage(*s) for s in stages), depends_on)


ALPHA, BETA, GA = "alpha", "beta", "GA"
LOCKED = True

# Every gate the tool reads (and the gates they depend on), 1.27 to 1.37.
GATES: Final[dict[str, Gate]] = {
    "PodLevelResources": _g((32, False, ALPHA), (34, True, BETA)),
    "PodLevelResourcesFixDefaulting": _g((37, True, BETA), depends_on=("PodLevelResources",)),
    "PodLevelResourcesFixKubeletQOSClass": _g((37, True, BETA), depends_on=("PodLevelResources",)),
    "PodLevelResourceManagers": _g((36, False, ALPHA), (37, False, BETA), depends_on=("PodLevelResources",)),
    "MemoryQoS": _g((22, False, ALPHA), (37, True, BETA)),
    "InPlacePodVerticalScaling": _g((27, False, ALPHA), (33, True, BETA), (35, True, GA, LOCKED)),
    "InPlacePodLevelResourcesVerticalScaling": _g(
        (35, False, ALPHA),
        (36, True, BETA),
        depends_on=("InPlacePodVerticalScaling", "PodLevelResources", "NodeDeclaredFeatures"),
    ),
    "NodeDeclaredFeatures": _g((35, False, ALPHA), (36, True, BETA), (37, True, GA, LOCKED)),
    "DRANodeAllocatableResources": _g((36, False, ALPHA)),
    "CPUManagerPolicyAlphaOptions": _g((23, False, ALPHA)),
    "CPUManagerPolicyBetaOptions": _g((23, True, BETA)),
    "TopologyManagerPolicyAlphaOptions": _g((26, False, ALPHA)),
    "TopologyManagerPolicyBetaOptions": _g((26, False, BETA), (28, True, BETA)),
    "CustomCPUCFSQuotaPeriod": _g((12, False, ALPHA), (36, True, GA)),
    "DisableCPUQuotaWithExclusiveCPUs": _g((33, True, BETA)),
    "NodeSwap": _g((22, False, ALPHA), (28, False, BETA), (30, True, BETA), (34, True, GA, LOCKED)),
}

# The KEP text's name for the defaulting fix; upstream code calls it
# PodLevelResourcesFixDefaulting. Both spellings are accepted.
ALIASES: Final = {"PodLevelResourcesFixUpdateDefaulting": "PodLevelResourcesFixDefaulting"}


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether a feature gate is on, and why."""

    gate: str
    enabled: bool
    why: str  # "set by --feature-gates", "default in 1.37 (beta since 1.34)", ...

    def __str__(self) -> str:
        return f"{self.gate}={'true' if self.enabled else 'false'} ({self.why})"


def _stage_text(spec: Stage) -> str:
    return f"{spec.stage} since 1.{spec.since}" + (", locked" if spec.locked else "")


@dataclass(frozen=True, slots=True)
class FeatureGates:
    """The feature gates in effect: the version's defaults, overridden by ``explicit`` (set in ``source``)."""

    version: KubernetesVersion = LATEST
    explicit: Mapping[str, bool] = field(default_factory=dict)
    source: str = "--feature-gates"
    # Each gate decided once for these gates (a report asks dozens of times per pod);
    # never compared or printed, and gone with the instance.
    _decided: dict[str, Decision] = field(default_factory=dict, compare=False, repr=False)

    def enabled(self, gate: str) -> bool:
        return self.decide(gate).enabled

    def decide(self, gate: str) -> Decision:
        found = self._decided.get(gate)
        if found is None:
            found = self._decided[gate] = self._decide(gate)
        return found

    def _decide(self, gate: str) -> Decision:
        gate = ALIASES.get(gate, gate)
        known = GATES.get(gate)
        spec = known.at(self.version.minor) if known is not None else None
        if gate in self.explicit:
            return Decision(gate, self.explicit[gate], f"set by {self.source}")
        if spec is None:
            return Decision(gate, False, f"not in Kubernetes {self.version}")
        return Decision(gate, spec.default, f"default in {self.version}, {_stage_text(spec)}")

    def with_overrides(self, overrides: Mapping[str, bool], source: str) -> FeatureGates:
        merged = dict(overrides)
        merged.update(self.explicit)  # command-line values win over the node file
        return FeatureGates(self.version, merged, self.source if self.explicit else source)


def kubelet_refusal(gates: FeatureGates) -> str | None:
    """Why a kubelet of ``gates.version`` would not start with these gates
    (featureGate.unsafeSetFromMap's first error, in its words), or None.

    In its order: a gate it does not know yet (the table's gates are
    version-aware), a locked gate set against its default, then an enabled
    gate (set or by default) whose declared dependencies are off."""
    minor = gates.version.minor
    for name in sorted(gates.explicit):
        known = GATES.get(ALIASES.get(name, name))
        if known is not None and known.at(minor) is None:
            return f"unrecognized feature gate: {name}"
    for name in sorted(gates.explicit):
        known = GATES.get(ALIASES.get(name, name))
        spec = known.at(minor) if known is not None else None
        value = gates.explicit[name]
        if spec is not None and spec.locked and value != spec.default:
            return f"cannot set feature gate {name} to {_go_bool(value)}, feature is locked to {_go_bool(spec.default)}"
    if minor < DEPENDENCIES_CHECKED_SINCE:
        return None
    for name, known in sorted(GATES.items()):
        if known.depends_on and known.at(minor) is not None and gates.enabled(name):
            off = [dep for dep in known.depends_on if not gates.enabled(dep)]
            if off:
                return f"{name} is enabled, but depends on features that are disabled: [{' '.join(sorted(off))}]"
    return None


def _go_bool(value: bool) -> str:
    return "true" if value else "false"


# Go's strconv.ParseBool, which the kubelet's flag parser uses: exactly these spellings.
GO_BOOLS: Final = {
    **dict.fromkeys(("1", "t", "T", "TRUE", "true", "True"), True),
    **dict.fromkeys(("0", "f", "F", "FALSE", "false", "False"), False),
}


def parse_feature_gates(text: str) -> dict[str, bool]:
    """The kubelet's ``--feature-gates`` syntax: ``A=true,B=false`` (values
    as Go's strconv.ParseBool reads them; empty items are skipped, as there).

    A gate the kubelet does not know is an error; one it knows that changes
    nothing here is accepted and left out."""
    out: dict[str, bool] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition("=")
        name = name.strip()
        flag = GO_BOOLS.get(value.strip()) if sep else None
        if flag is None:
            raise UsageError(f"invalid feature gate {item!r}: expected Name=true or Name=false (or 1, t, TRUE, True, 0, f, FALSE, False)")
        out[ALIASES.get(name, name)] = flag
    unknown = unknown_gates(out)
    if unknown:
        raise UsageError(f"unknown feature gate {unknown[0]!r}: the kubelet does not know it ({known_gates()})")
    return {name: flag for name, flag in out.items() if name in GATES}


def unknown_gates(names: Mapping[str, object]) -> list[str]:
    """The names (aliases resolved) neither this tool nor the kubelet knows,
    sorted: the kubelet refuses them ("unrecognized feature gate"). A gate
    of the table that is newer than the chosen version is refused later, by
    kubelet_refusal, which knows the version."""
    from pod_resources_cli.kubelet_gates import KUBELET_GATES

    resolved = (ALIASES.get(name, name) for name in names)
    return sorted(name for name in resolved if name not in GATES and name not in KUBELET_GATES)


def known_gates() -> str:
    """The gates modeled here, for error messages (the kubelet's other
    gates are accepted and change nothing)."""
    return "gates modeled here: " + ", ".join(sorted(GATES))


def normalize_gates(gates: Mapping[str, object]) -> dict[str, bool]:
    """A node description's ``featureGates`` map, aliases resolved. A real
    kubelet config names many gates this tool does not model: they are kept
    and change nothing (only GATES are ever asked about); a name the kubelet
    does not know is refused when the node file is loaded (``unknown_gates``)."""
    out: dict[str, bool] = {}
    for name, value in gates.items():
        if isinstance(value, bool):
            out[ALIASES.get(name, name)] = value
    return out
