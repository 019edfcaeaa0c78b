"""Merging the hint providers' hints into one best hint.

Mirrors pkg/kubelet/cm/topologymanager/policy.go (kubernetes v1.32):
filterProvidersHints, mergePermutation, maxOfMinAffinityCounts and the
HintMerger's compare/Merge. Upstream walks the cross product of every
resource's hints (one permutation = one hint per resource), ANDs the
affinities and keeps the best merged hint by a fixed comparison. On an
8-NUMA node with cpu, memory and two hugepage sizes that is billions of
permutations, so this module computes the same best hint without listing them:

- the comparison is a ranking (a merged hint with a better rank always wins,
  whatever the order the permutations come in), so only the set of merged
  hints matters, not the order;
- a merged hint is preferred exactly when every chosen hint is preferred and
  every non-"any" affinity among them is the same mask X; such hints are
  found by checking, for each candidate X, that every resource offers a
  preferred X or a preferred "any";
- the set of all merged affinities is built resource by resource (at most
  2^NUMA masks at each step): pair by pair while that is cheap, else by
  counting, for every mask, the pairs whose AND contains it (a superset-sum
  transform over the 2^NUMA masks, O(NUMA x 2^NUMA) instead of the square of
  the hint counts: 2^32 pairs on 16 NUMA nodes).

NUMA counts stay within the topology manager's limit (max-allowable-numa-nodes,
bounded by MAX_HINT_NUMA_NODES), so 2^NUMA is the bound of every step here.
``merge_permutations`` is the literal upstream walk, kept for tests.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import product

from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint
from pod_resources_cli.kube.topologymanager.numa_info import NUMAInfo

ANY = TopologyHint(None, True)
NONE_POSSIBLE = TopologyHint(None, False)


def filter_providers_hints(providers_hints: Sequence[HintMap | None]) -> list[list[TopologyHint]]:
    """filterProvidersHints: no hints = a preferred "any"; an empty list = an unsatisfiable "any"."""
    out: list[list[TopologyHint]] = []
    for hints in providers_hints:
        if not hints:
            out.append([ANY])
            continue
        for resource_hints in hints.values():
            if resource_hints is None:
                out.append([ANY])
            elif len(resource_hints) == 0:
                out.append([NONE_POSSIBLE])
            else:
                out.append(list(resource_hints))
    return out


def max_of_min_affinity_counts(filtered: Sequence[Sequence[TopologyHint]]) -> int:
    """The most NUMA nodes any single resource needs at least."""
    best = 0
    for hints in filtered:
        # the narrowest (is_narrower_than: fewer nodes, then the smaller mask) of the list
        narrowest = min((h.affinity for h in hints if h.affinity is not None), key=_narrowness, default=None)
        if narrowest is not None and narrowest.bit_count() > best:
            best = narrowest.bit_count()
    return best


def _narrowness(mask: int) -> tuple[int, int]:
    return mask.bit_count(), mask


class HintMerger:
    def __init__(self, numa: NUMAInfo, filtered: list[list[TopologyHint]], policy_name: str, prefer_closest: bool):
        self.numa = numa
        self.hints = filtered
        self.best_non_preferred_count = max_of_min_affinity_counts(filtered)
        closest = policy_name != "single-numa-node" and prefer_closest
        self.mask_key: Callable[[int], tuple[int, ...]] = numa.closest_key if closest else numa.narrowest_key

    def rank(self, hint: TopologyHint) -> tuple[int, ...]:
        """The order upstream's compare() induces; smaller is better."""
        mask = hint.affinity or 0
        if hint.preferred:
            return (0, *self.mask_key(mask))
        n, b = mask.bit_count(), self.best_non_preferred_count
        if n == b:
            return (1, 0, *self.mask_key(mask))
        if n < b:
            return (1, 1, -n, *self.mask_key(mask))
        return (1, 2, *self.mask_key(mask))

    def merge(self) -> TopologyHint:
        default = self.numa.default_mask
        if any(len(h) == 0 for h in self.hints):
            return TopologyHint(default, False)
        preferred = [TopologyHint(m, True) for m in self._preferred_masks(default) if m.bit_count()]
        if preferred:
            return min(preferred, key=self.rank)
        others = [TopologyHint(m, False) for m in self._all_masks(default) if m.bit_count()]
        return min(others, key=self.rank) if others else TopologyHint(default, False)

    def _preferred_masks(self, default: int) -> set[int]:
        out: set[int] = set()
        any_preferred = [any(h.affinity is None and h.preferred for h in hs) for hs in self.hints]
        if all(any_preferred):
            out.add(default)
        offered = [{h.affinity for h in hs if h.preferred and h.affinity is not None} for hs in self.hints]
        wanted = set().union(*offered) if offered else set()
        for x in wanted:
            if all(free or x in masks for free, masks in zip(any_preferred, offered)):
                out.add(default & x)
        return out

    def _all_masks(self, default: int) -> set[int]:
        reachable = {default}
        bits = self.numa.nodes
        for hs in self.hints:
            affinities = {default if h.affinity is None else h.affinity & default for h in hs}
            if len(reachable) * len(affinities) <= 4 * len(bits) << len(bits):
                reachable = {m & a for m in reachable for a in affinities}
            else:
                reachable = _and_products(reachable, affinities, bits)
        return reachable

    # -- the literal upstream walk, for tests ------------------------------------
    def merge_permutations(self) -> TopologyHint:
        default = self.numa.default_mask
        best: TopologyHint | None = None
        for permutation in product(*self.hints):
            merged = merge_permutation(default, permutation)
            best = self.compare(best, merged)
        return best if best is not None else TopologyHint(default, False)

    def compare(self, current: TopologyHint | None, candidate: TopologyHint) -> TopologyHint | None:
        if not candidate.affinity:
            return current
        if current is None:
            return candidate
        if current.preferred != candidate.preferred:
            return current if current.preferred else candidate
        if current.preferred:
            return self._fitter(current, candidate)
        cur_n, cand_n, b = (current.affinity or 0).bit_count(), candidate.affinity.bit_count(), self.best_non_preferred_count
        if cur_n > b:
            return self._fitter(current, candidate)
        if cur_n == b:
            return self._fitter(current, candidate) if cand_n == b else current
        if cand_n > b:
            return current
        if cand_n == b:
            return candidate
        if cand_n != cur_n:
            return candidate if cand_n > cur_n else current
        return self._fitter(current, candidate)

    def _fitter(self, current: TopologyHint, candidate: TopologyHint) -> TopologyHint:
        if candidate.affinity == current.affinity:
            return current
        return current if self.mask_key(current.affinity or 0) < self.mask_key(candidate.affinity or 0) else candidate


def _and_products(left: set[int], right: set[int], bits: Sequence[int]) -> set[int]:
    """{l & r for l in left for r in right}, masks over the NUMA nodes ``bits``,
    without the pairs: count, for every mask m, the members of each set that
    contain m (a superset-sum transform); their product counts the pairs whose
    AND contains m, and the inverse transform the pairs whose AND is m."""
    n = len(bits)
    size = 1 << n
    dense = list(bits) == list(range(n))  # NUMA ids 0..n-1: a mask is its own index

    def index(mask: int) -> int:
        return mask if dense else sum(1 << i for i, b in enumerate(bits) if mask >> b & 1)

    def transform(counts: list[int], combine: Callable[[int, int], int]) -> list[int]:
        """counts[i] = combine(counts[i], counts[i | bit]) for every bit clear in i, bit by bit
        (slices: per offset while the bit is low, per block once it is high)."""
        for j in range(n):
            step = 1 << j
            if step * step <= size:
                for offset in range(step):
                    counts[offset::step << 1] = map(combine, counts[offset::step << 1], counts[offset + step :: step << 1])
            else:
                for block in range(0, size, step << 1):
                    counts[block : block + step] = map(combine, counts[block : block + step], counts[block + step : block + (step << 1)])
        return counts

    def supersets(members: set[int]) -> list[int]:
        counts = [0] * size
        for m in members:
            counts[index(m)] += 1
        return transform(counts, operator.add)

    pairs = transform(list(map(operator.mul, supersets(left), supersets(right))), operator.sub)
    if dense:
        return {i for i in range(size) if pairs[i]}
    return {sum(1 << b for j, b in enumerate(bits) if i >> j & 1) for i in range(size) if pairs[i]}


def merge_permutation(default: int, permutation: Sequence[TopologyHint]) -> TopologyHint:
    """mergePermutation: AND of the affinities; preferred only if all are, with one affinity."""
    preferred = True
    first: int | None = None
    merged = default
    for h in permutation:
        if h.affinity is not None:
            if first is None:
                first = h.affinity
            elif h.affinity != first:
                preferred = False
            merged &= h.affinity
        if not h.preferred:
            preferred = False
    return TopologyHint(merged, preferred)

