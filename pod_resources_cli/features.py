"""Feature gates and Kubernetes versions: which behaviour applies, and why.

Defaults follow upstream's versioned feature specs
(pkg/features/kube_features.go). A gate that does not exist in the chosen
version is off, and the legacy behaviour applies. Values set explicitly
(``--feature-gates``, a node description's ``featureGates``) win, and every
lookup can say which of the three decided it.
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
        match = re.fullmatch(r"v?(\d+)\.(\d+)(?:\.\d+)?(?:[-+].*)?", text.strip())
        if match is None:
            raise UsageError(f"invalid Kubernetes version {text!r} (expected e.g. 1.37 or v1.36.2)")
        return cls(int(match.group(1)), int(match.group(2)))

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}"


LATEST: Final = KubernetesVersion(1, 37)
OLDEST: Final = KubernetesVersion(1, 27)


@dataclass(frozen=True, slots=True)
class GateSpec:
    """(first minor with the gate, first minor where it is on by default)."""

    since: int
    on_from: int | None
    stage: str = ""


# Only the gates that change a value this tool computes.
GATES: Final[dict[str, GateSpec]] = {
    "PodLevelResources": GateSpec(32, 34, "beta since 1.34"),
    # KEP-2837 fixes: landed for 1.37 (the KEP says 1.36 / PodLevelResourcesFixUpdateDefaulting).
    "PodLevelResourcesFixDefaulting": GateSpec(37, 37, "beta since 1.37"),
    "PodLevelResourcesFixKubeletQOSClass": GateSpec(37, 37, "beta since 1.37"),
    "PodLevelResourceManagers": GateSpec(36, None, "alpha since 1.36"),
    "MemoryQoS": GateSpec(22, None, "alpha"),
    "InPlacePodVerticalScaling": GateSpec(27, 33, "beta since 1.33"),
    "InPlacePodLevelResourcesVerticalScaling": GateSpec(35, None, "alpha"),
    "DRANodeAllocatableResources": GateSpec(36, None, "alpha"),
    "CPUManagerPolicyAlphaOptions": GateSpec(23, None, "alpha"),
    "CPUManagerPolicyBetaOptions": GateSpec(23, 23, "beta"),
    "TopologyManagerPolicyAlphaOptions": GateSpec(26, None, "alpha"),
    "TopologyManagerPolicyBetaOptions": GateSpec(26, 28, "beta"),
    "CustomCPUCFSQuotaPeriod": GateSpec(12, None, "alpha"),
    "DisableCPUQuotaWithExclusiveCPUs": GateSpec(33, 33, "beta since 1.33"),
    # KEP-2400: alpha 1.22, beta off 1.28, beta on 1.30, GA and locked on in 1.34.
    "NodeSwap": GateSpec(22, 30, "on by default since 1.30, GA since 1.34"),
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


@dataclass(frozen=True, slots=True)
class FeatureGates:
    """The feature gates in effect: the version's defaults, overridden by ``explicit`` (set in ``source``)."""

    version: KubernetesVersion = LATEST
    explicit: Mapping[str, bool] = field(default_factory=dict)
    source: str = "--feature-gates"

    def enabled(self, gate: str) -> bool:
        return self.decide(gate).enabled

    def decide(self, gate: str) -> Decision:
        gate = ALIASES.get(gate, gate)
        if gate in self.explicit:
            return Decision(gate, self.explicit[gate], f"set by {self.source}")
        spec = GATES.get(gate)
        if spec is None or self.version.minor < spec.since:
            return Decision(gate, False, f"not in Kubernetes {self.version}")
        on = spec.on_from is not None and self.version.minor >= spec.on_from
        return Decision(gate, on, f"default in {self.version}, {spec.stage}".rstrip(", "))

    def with_overrides(self, overrides: Mapping[str, bool], source: str) -> FeatureGates:
        merged = dict(overrides)
        merged.update(self.explicit)  # command-line values win over the node file
        return FeatureGates(self.version, merged, self.source if self.explicit else source)


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
    sorted: the kubelet refuses them ("unrecognized feature gate")."""
    from pod_resources_cli.kubelet_gates import KUBELET_GATES

    resolved = (ALIASES.get(name, name) for name in names)
    return sorted(name for name in resolved if name not in GATES and name not in KUBELET_GATES)


def known_gates() -> str:
    """The gates that change a result here, for error messages (the
    kubelet's other gates are accepted and change nothing)."""
    return "gates that change a result here: " + ", ".join(sorted(GATES))


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
