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
  2^NUMA masks at each step).

``merge_permutations`` is the literal upstream walk, kept for tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

from pod_resources_cli.kube.topologymanager.hints import HintMap, TopologyHint, is_narrower_than
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
        narrowest: int | None = None
        for h in hints:
            if h.affinity is not None and (narrowest is None or is_narrower_than(h.affinity, narrowest)):
                narrowest = h.affinity
        if narrowest is not None and narrowest.bit_count() > best:
            best = narrowest.bit_count()
    return best


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
        best: TopologyHint | None = None
        for mask in self._preferred_masks(default):
            if mask.bit_count() and (best is None or self.rank(TopologyHint(mask, True)) < self.rank(best)):
                best = TopologyHint(mask, True)
        if best is not None:
            return best
        for mask in self._all_masks(default):
            candidate = TopologyHint(mask, False)
            if mask.bit_count() and (best is None or self.rank(candidate) < self.rank(best)):
                best = candidate
        return best if best is not None else TopologyHint(default, False)

    def _preferred_masks(self, default: int) -> set[int]:
        out: set[int] = set()
        if all(any(h.affinity is None and h.preferred for h in hs) for hs in self.hints):
            out.add(default)
        wanted = {h.affinity for hs in self.hints for h in hs if h.preferred and h.affinity is not None}
        for x in wanted:
            if all(any(h.preferred and h.affinity in (None, x) for h in hs) for hs in self.hints):
                out.add(default & x)
        return out

    def _all_masks(self, default: int) -> set[int]:
        reachable = {default}
        for hs in self.hints:
            affinities = {h.affinity for h in hs}
            reachable = {m if a is None else m & a for m in reachable for a in affinities}
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

