"""The topology manager's policy options.

Mirrors pkg/kubelet/cm/topologymanager/policy_options.go as of kubernetes
v1.35, where both options sit in stableOptions (CheckPolicyOptionAvailable,
NewPolicyOptions, with their error texts; the gate errors are lower-case in
the newer files, "topology manager policy beta-level options not enabled,
...", where v1.28-v1.31 wrote "Topology Manager Policy Beta-level Options";
read against the v1.28 file at
kubernetes/kubernetes commit 4a0608cb77f6a53af41cb4a453af104a4d4a0610). Maturity: prefer-closest-numa-nodes
alpha 1.26, beta 1.28, GA 1.32 (KEP-3545); max-allowable-numa-nodes beta
1.31 (it started as beta, KEP-4622 kep.yaml), GA 1.35, both in stableOptions
upstream since; it raises the 8-NUMA-node limit and cannot lower it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pod_resources_cli.errors import NodeError
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.cpumanager.policy_options import option_level, parse_bool
from pod_resources_cli.records import dataclass

PREFER_CLOSEST_NUMA_NODES: Final = "prefer-closest-numa-nodes"
MAX_ALLOWABLE_NUMA_NODES: Final = "max-allowable-numa-nodes"
DEFAULT_MAX_ALLOWABLE_NUMA_NODES: Final = 8

LEVELS: Final[dict[str, tuple[tuple[int, str], ...]]] = {
    PREFER_CLOSEST_NUMA_NODES: ((26, "alpha"), (28, "beta"), (32, "ga")),
    MAX_ALLOWABLE_NUMA_NODES: ((31, "beta"), (35, "ga")),
}


@dataclass(frozen=True, slots=True)
class PolicyOptions:
    prefer_closest_numa: bool = False
    max_allowable_numa_nodes: int = DEFAULT_MAX_ALLOWABLE_NUMA_NODES


def check_policy_option_available(option: str, gates: FeatureGates) -> None:
    level = option_level(LEVELS.get(option, ()), gates.version.minor)
    if level is None:
        raise NodeError(f'unknown Topology Manager Policy option: "{option}"')
    if level == "alpha" and not gates.enabled("TopologyManagerPolicyAlphaOptions"):
        raise NodeError(f'topology manager policy alpha-level options not enabled, but option "{option}" provided')
    if level == "beta" and not gates.enabled("TopologyManagerPolicyBetaOptions"):
        raise NodeError(f'topology manager policy beta-level options not enabled, but option "{option}" provided')


def new_policy_options(options: Mapping[str, str], gates: FeatureGates) -> PolicyOptions:
    prefer_closest = False
    max_numa = DEFAULT_MAX_ALLOWABLE_NUMA_NODES
    for name in sorted(options):
        value = options[name]
        check_policy_option_available(name, gates)
        if name == PREFER_CLOSEST_NUMA_NODES:
            parsed = parse_bool(value)
            if parsed is None:
                raise NodeError(f'bad value for option "{name}": strconv.ParseBool: parsing "{value}": invalid syntax')
            prefer_closest = parsed
        else:
            try:
                number = int(value) if value.strip() == value else int("x")
            except ValueError as exc:
                raise NodeError(
                    f'unable to convert policy option to integer "{name}": strconv.Atoi: parsing "{value}": invalid syntax'
                ) from exc
            if number < DEFAULT_MAX_ALLOWABLE_NUMA_NODES:
                raise NodeError(f'the minimum value of "{name}" should not be less than {DEFAULT_MAX_ALLOWABLE_NUMA_NODES}')
            max_numa = number
    return PolicyOptions(prefer_closest, max_numa)
