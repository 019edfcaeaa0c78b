"""The topology manager's hint merge: the fast merge equals upstream's cross-product walk."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.kube.topologymanager.hints import TopologyHint, is_narrower_than
from pod_resources_cli.kube.topologymanager.merge import (
    HintMerger,
    filter_providers_hints,
    max_of_min_affinity_counts,
    merge_permutation,
)
from pod_resources_cli.kube.topologymanager.numa_info import NUMAInfo
from pod_resources_cli.kube.topologymanager.policy import Policy, filter_single_numa_hints
from pod_resources_cli.kube.topologymanager.policy_options import PolicyOptions

# 4 NUMA nodes, two per socket: near 11, far 21.
NUMA4 = NUMAInfo((0, 1, 2, 3), {n: tuple(10 if m == n else 11 if m // 2 == n // 2 else 21 for m in range(4)) for n in range(4)})

hint = st.builds(TopologyHint, st.one_of(st.none(), st.integers(1, 15)), st.booleans())
hint_lists = st.lists(st.lists(hint, min_size=0, max_size=4), min_size=0, max_size=3)


@settings(max_examples=400, deadline=None)
@given(hint_lists, st.sampled_from(["best-effort", "restricted", "single-numa-node"]), st.booleans())
def test_fast_merge_equals_permutation_walk(lists: list[list[TopologyHint]], policy: str, closest: bool) -> None:
    if policy == "single-numa-node":
        lists = filter_single_numa_hints(lists)
    merger = HintMerger(NUMA4, lists, policy, closest)
    assert merger.merge() == merger.merge_permutations()


def test_is_narrower_than_compares_masks_as_integers() -> None:
    # {1,2} = 6 is "narrower" than {0,3} = 9 upstream: equal counts compare as integers.
    assert is_narrower_than(0b0110, 0b1001)
    assert not is_narrower_than(0b1001, 0b0110)
    assert is_narrower_than(0b1000, 0b0011)


def test_merge_permutation_preferred_only_when_affinities_agree() -> None:
    assert merge_permutation(0b11, [TopologyHint(0b01, True), TopologyHint(None, True)]) == TopologyHint(0b01, True)
    assert merge_permutation(0b11, [TopologyHint(0b01, True), TopologyHint(0b11, True)]) == TopologyHint(0b01, False)
    assert merge_permutation(0b11, [TopologyHint(0b01, True), TopologyHint(0b01, False)]) == TopologyHint(0b01, False)


def test_filter_providers_hints() -> None:
    got = filter_providers_hints([None, {}, {"cpu": [], "memory": [TopologyHint(1, True)]}])
    assert got == [
        [TopologyHint(None, True)],
        [TopologyHint(None, True)],
        [TopologyHint(None, False)],
        [TopologyHint(1, True)],
    ]


def test_best_non_preferred_count_is_max_of_narrowest() -> None:
    lists = [[TopologyHint(0b0011, False), TopologyHint(0b0111, False)], [TopologyHint(0b1111, False), TopologyHint(None, True)]]
    assert max_of_min_affinity_counts(lists) == 4


def test_prefer_closest_picks_the_near_pair() -> None:
    cpu = [TopologyHint(0b0101, True), TopologyHint(0b1100, True)]
    plain = HintMerger(NUMA4, [cpu], "best-effort", False).merge()
    near = HintMerger(NUMA4, [cpu], "best-effort", True).merge()
    assert plain == TopologyHint(0b0101, True)  # the smaller mask
    assert near == TopologyHint(0b1100, True)  # nodes 2 and 3 share a socket


def test_policies_admit() -> None:
    options = PolicyOptions()
    wide = {"cpu": [TopologyHint(0b0011, True)]}
    assert Policy("restricted", NUMA4, options).merge([wide]) == (TopologyHint(0b0011, True), True)
    best, admit = Policy("single-numa-node", NUMA4, options).merge([wide])
    assert (best, admit) == (TopologyHint(None, False), False)
    assert Policy("best-effort", NUMA4, options).merge([{"cpu": []}]) == (TopologyHint(0b1111, False), True)
    assert Policy("restricted", NUMA4, options).merge([{"cpu": []}]) == (TopologyHint(0b1111, False), False)


def test_eight_numa_nodes_four_resources_merge_fast() -> None:
    """Fact 12: 255 hints for each of 4 resources is ~4e9 permutations upstream."""
    numa8 = NUMAInfo(tuple(range(8)), {})
    every = [TopologyHint(m, m.bit_count() == 2) for m in range(1, 256)]
    merger = HintMerger(numa8, [every, every, every, every], "best-effort", False)
    assert merger.merge() == TopologyHint(0b11, True)
