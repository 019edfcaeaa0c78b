"""The static CPU policy's options: which exist, which gate shows them, which combine.

Mirrors pkg/kubelet/cm/cpumanager/policy_options.go (kubernetes v1.32:
CheckPolicyOptionAvailable, NewStaticPolicyOptions,
ValidateStaticPolicyOptions) with their error texts. The maturity of each
option follows the Kubernetes version being modelled: alpha options need
CPUManagerPolicyAlphaOptions, beta ones CPUManagerPolicyBetaOptions, GA
ones nothing. The levels are upstream's alphaOptions/betaOptions/stableOptions
sets over time (1.34: alpha align-by-socket, distribute-cpus-across-cores;
beta strict-cpu-reservation, distribute-cpus-across-numa,
prefer-align-cpus-by-uncorecache; stable full-pcpus-only) and the KEPs'
graduations: 2625 full-pcpus-only GA 1.33; 2902 distribute-cpus-across-numa
beta 1.33 (alpha before, never GA); 4540 strict-cpu-reservation GA 1.35
(kubernetes/kubernetes#134388); 4800 prefer-align-cpus-by-uncorecache GA 1.36
(kubernetes/kubernetes#137055); align-by-socket (3327, 1.25) and
distribute-cpus-across-cores (4176, 1.31) still alpha.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.topology import CPUTopology
from pod_resources_cli.records import dataclass

FULL_PCPUS_ONLY: Final = "full-pcpus-only"
DISTRIBUTE_CPUS_ACROSS_NUMA: Final = "distribute-cpus-across-numa"
ALIGN_BY_SOCKET: Final = "align-by-socket"
DISTRIBUTE_CPUS_ACROSS_CORES: Final = "distribute-cpus-across-cores"
STRICT_CPU_RESERVATION: Final = "strict-cpu-reservation"
PREFER_ALIGN_BY_UNCORE_CACHE: Final = "prefer-align-cpus-by-uncorecache"

# option -> ((first minor at this level, level), ...), oldest first.
LEVELS: Final[dict[str, tuple[tuple[int, str], ...]]] = {
    FULL_PCPUS_ONLY: ((22, "alpha"), (23, "beta"), (33, "ga")),
    DISTRIBUTE_CPUS_ACROSS_NUMA: ((23, "alpha"), (33, "beta")),
    ALIGN_BY_SOCKET: ((25, "alpha"),),
    DISTRIBUTE_CPUS_ACROSS_CORES: ((31, "alpha"),),
    STRICT_CPU_RESERVATION: ((32, "alpha"), (33, "beta"), (35, "ga")),
    PREFER_ALIGN_BY_UNCORE_CACHE: ((32, "alpha"), (34, "beta"), (36, "ga")),
}


def option_level(levels: tuple[tuple[int, str], ...], minor: int) -> str | None:
    level = None
    for since, name in levels:
        if minor >= since:
            level = name
    return level


def parse_bool(value: str) -> bool | None:
    """strconv.ParseBool's accepted spellings."""
    if value in ("1", "t", "T", "TRUE", "true", "True"):
        return True
    if value in ("0", "f", "F", "FALSE", "false", "False"):
        return False
    return None


def check_policy_option_available(option: str, gates: FeatureGates) -> None:
    level = option_level(LEVELS.get(option, ()), gates.version.minor)
    if level is None:
        raise NodeError(f'unknown CPU Manager Policy option: "{option}"')
    if level == "alpha" and not gates.enabled("CPUManagerPolicyAlphaOptions"):
        raise NodeError(f'CPU Manager Policy Alpha-level Options not enabled, but option "{option}" provided')
    if level == "beta" and not gates.enabled("CPUManagerPolicyBetaOptions"):
        raise NodeError(f'CPU Manager Policy Beta-level Options not enabled, but option "{option}" provided')


@dataclass(frozen=True, slots=True)
class StaticPolicyOptions:
    full_physical_cpus_only: bool = False
    distribute_cpus_across_numa: bool = False
    align_by_socket: bool = False
    distribute_cpus_across_cores: bool = False
    strict_cpu_reservation: bool = False
    prefer_align_by_uncore_cache: bool = False

    def enabled_names(self) -> list[str]:
        names = {
            FULL_PCPUS_ONLY: self.full_physical_cpus_only,
            DISTRIBUTE_CPUS_ACROSS_NUMA: self.distribute_cpus_across_numa,
            ALIGN_BY_SOCKET: self.align_by_socket,
            DISTRIBUTE_CPUS_ACROSS_CORES: self.distribute_cpus_across_cores,
            STRICT_CPU_RESERVATION: self.strict_cpu_reservation,
            PREFER_ALIGN_BY_UNCORE_CACHE: self.prefer_align_by_uncore_cache,
        }
        return [name for name, on in names.items() if on]


_FIELDS: Final = {
    FULL_PCPUS_ONLY: "full_physical_cpus_only",
    DISTRIBUTE_CPUS_ACROSS_NUMA: "distribute_cpus_across_numa",
    ALIGN_BY_SOCKET: "align_by_socket",
    DISTRIBUTE_CPUS_ACROSS_CORES: "distribute_cpus_across_cores",
    STRICT_CPU_RESERVATION: "strict_cpu_reservation",
    PREFER_ALIGN_BY_UNCORE_CACHE: "prefer_align_by_uncore_cache",
}

# Pairs the kubelet refuses together, in the order it checks them.
_EXCLUSIVE: Final = (
    (FULL_PCPUS_ONLY, DISTRIBUTE_CPUS_ACROSS_CORES),
    (DISTRIBUTE_CPUS_ACROSS_NUMA, DISTRIBUTE_CPUS_ACROSS_CORES),
    (PREFER_ALIGN_BY_UNCORE_CACHE, DISTRIBUTE_CPUS_ACROSS_CORES),
    (PREFER_ALIGN_BY_UNCORE_CACHE, DISTRIBUTE_CPUS_ACROSS_NUMA),
)


def new_static_policy_options(options: Mapping[str, str], gates: FeatureGates) -> StaticPolicyOptions:
    """NewStaticPolicyOptions (options checked in name order, so the first
    error reported is stable)."""
    values: dict[str, bool] = {}
    for name in sorted(options):
        check_policy_option_available(name, gates)
        value = parse_bool(options[name])
        if value is None:
            raise NodeError(f'bad value for option "{name}": strconv.ParseBool: parsing "{options[name]}": invalid syntax')
        values[_FIELDS[name]] = value
    opts = StaticPolicyOptions(**values)
    on = set(opts.enabled_names())
    for a, b in _EXCLUSIVE:
        if a in on and b in on:
            raise NodeError(f"static policy options {a} and {b} can not be used at the same time")
    return opts


def validate_static_policy_options(opts: StaticPolicyOptions, topo: CPUTopology, topology_policy: str) -> None:
    """ValidateStaticPolicyOptions: align-by-socket needs sockets no finer than NUMA nodes."""
    if opts.align_by_socket:
        if topology_policy == "single-numa-node":
            raise NodeError(
                "Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option"
            )
        if topo.num_sockets > topo.num_numa_nodes:
            raise NodeError(
                "Align by socket is not compatible with hardware where number of sockets are more than number of NUMA"
            )
