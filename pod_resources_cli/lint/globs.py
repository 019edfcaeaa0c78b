"""Path globs of the lint configuration (``charts/**/*.yaml``), matched in
time linear in the path's length times the globs' total length.

Tokens: a literal character; ``?`` (one character but ``/``); ``*`` (a run
without ``/``); ``**`` (a run without a newline: any directories); ``**/``
(nothing, or such a run ending in ``/``). A pattern without ``/`` also
matches a file's name. ``./`` in front is ignored.

Every pattern of a configuration is one automaton (``GlobSet``): the set of
token positions the patterns can be at is an integer used as a bit set
(bit k: "token k is next"; bit ``inside + k``: inside the ``**/`` of token
k), carried over the text one character at a time (a Thompson NFA in bit
masks, with no backtracking). A character costs a fixed number of
operations on integers as wide as all the patterns' tokens, also the moves
past tokens that may match nothing (an addition carries through a run of
them at once), so a path of length n against globs of total length m costs
O(n * m / w) for a machine word of w bits: one 120 KB glob or thousands of
small ones cost what their size says, never the square of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

MAX_CACHED_PATHS: Final = 1 << 16  # paths whose matches are remembered (a run asks once per finding)


@dataclass(frozen=True, slots=True)
class _Program:
    literals: dict[str, int]
    one: int  # ?
    star: int  # *
    any_run: int  # **
    dirs: int  # **/
    skippable: int  # tokens that may match nothing: *, ** and **/
    inside: int  # the first bit of the "inside **/" half
    starts: int  # each pattern's first token
    accept_mask: int  # every pattern's accept bit
    accepts: dict[int, int]  # accept bit -> pattern index


def _compile(patterns: Sequence[str]) -> _Program:
    literals: dict[str, int] = {}
    one = star = any_run = dirs = starts = 0
    accepts: dict[int, int] = {}
    k = 0
    for index, pattern in enumerate(patterns):
        starts |= 1 << k
        i = 0
        while i < len(pattern):
            bit = 1 << k
            if pattern.startswith("**/", i):
                dirs |= bit
                i += 3
            elif pattern.startswith("**", i):
                any_run |= bit
                i += 2
            elif pattern[i] == "*":
                star |= bit
                i += 1
            elif pattern[i] == "?":
                one |= bit
                i += 1
            else:
                literals[pattern[i]] = literals.get(pattern[i], 0) | bit
                i += 1
            k += 1
        accepts[k] = index  # the bit after the last token: no token, so nothing moves on from it
        k += 1
    accept_mask = sum(1 << bit for bit in accepts)
    return _Program(literals, one, star, any_run, dirs, star | any_run | dirs, k, starts, accept_mask, accepts)


def _closure(states: int, skippable: int) -> int:
    """``states`` with every position reachable past tokens that may match
    nothing: adding the states in a run of such tokens to the run carries
    to the run's end, and the bits that change are the ones reached."""
    entering = states & skippable
    return states | ((skippable + entering) ^ skippable) if entering else states


def _run(program: _Program, text: str) -> int:
    """The state bits after reading all of ``text`` (0 when no pattern can match)."""
    skippable, inside = program.skippable, program.inside
    low = (1 << inside) - 1
    states = _closure(program.starts, skippable)
    for ch in text:
        at = states & low
        in_dirs = (at & program.dirs) | (states >> inside)
        moved = (at & program.literals.get(ch, 0)) << 1
        if ch != "/":
            moved |= (at & program.one) << 1 | (at & program.star)
        if ch != "\n":
            moved |= (at & program.any_run) | in_dirs << inside
        if ch == "/":
            moved |= in_dirs << 1
        if not moved:
            return 0
        states = _closure(moved, skippable)
    return states


def _normal(pattern: str) -> str:
    return pattern.removeprefix("./")


@dataclass(slots=True)
class GlobSet:
    """Several globs matched together; ``matching(path)`` is remembered per path."""

    patterns: tuple[str, ...]
    _program: _Program = field(init=False)
    _names_only: frozenset[int] = field(init=False)  # patterns without "/": also matched against a file's name
    _cache: dict[tuple[str, ...], frozenset[int]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        normal = [_normal(p) for p in self.patterns]
        self._program = _compile(normal)
        self._names_only = frozenset(i for i, p in enumerate(normal) if "/" not in p)

    def matching(self, *texts: str) -> frozenset[int]:
        """The indexes of the patterns that match any of ``texts`` whole
        (spellings of one path), or its file name for a pattern without ``/``."""
        found = self._cache.get(texts)
        if found is not None:
            return found
        out: set[int] = set()
        for text in texts:
            out |= self._accepted(text, None)
            name = text.rsplit("/", 1)[-1]
            if self._names_only and name != text:
                out |= self._accepted(name, self._names_only)
        found = frozenset(out)
        if len(self._cache) >= MAX_CACHED_PATHS:
            self._cache.clear()
        self._cache[texts] = found
        return found

    def _accepted(self, text: str, among: frozenset[int] | None) -> set[int]:
        hits = _run(self._program, text) & self._program.accept_mask
        out: set[int] = set()
        while hits:  # one step per pattern matched, not per pattern
            low = hits & -hits
            index = self._program.accepts[low.bit_length() - 1]
            if among is None or index in among:
                out.add(index)
            hits ^= low
        return out


def glob_match(pattern: str, path: str) -> bool:
    """One glob against one path (see the module docstring)."""
    return bool(GlobSet((pattern,)).matching(path))
