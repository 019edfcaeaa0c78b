"""Path globs of the lint configuration (``charts/**/*.yaml``), matched in
time linear in the path's length times the globs' total length.

Tokens: a literal character; ``?`` (one character but ``/``); ``*`` (a run
without ``/``); ``**`` (a run without a newline: any directories); ``**/``
(nothing, or such a run ending in ``/``). A pattern without ``/`` also
matches a file's name. ``./`` in front is ignored.

The patterns of a configuration are grouped by their literal start (the
text before the first ``*`` or ``?``), and each group is one automaton
(``GlobSet``): the set of token positions its patterns can be at is an
integer used as a bit set (bit k: "token k is next"; bit ``inside + k``:
inside the ``**/`` of token k), carried over the text one character at a
time (a Thompson NFA in bit masks, with no backtracking). A path runs only
the groups whose start it begins with (one dictionary look-up per prefix of
the path). A character costs a fixed number of operations on integers as
wide as the group's tokens, also the moves past tokens that may match
nothing (an addition carries through a run of them at once), so a path of
length n against globs of total length m costs at most O(n * m / w) for a
machine word of w bits, plus O(n) look-ups: one 120 KB glob or thousands of
small ones cost what their size says, never the square of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pod_resources_cli.records import dataclass, field

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


def _compile(patterns: Sequence[tuple[int, str]]) -> _Program:
    """One automaton for ``patterns`` (index, glob): its accepts name the indexes."""
    literals: dict[str, int] = {}
    one = star = any_run = dirs = starts = 0
    accepts: dict[int, int] = {}
    k = 0
    for index, pattern in patterns:
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


def _literal_start(pattern: str) -> str:
    cut = min((i for i in (pattern.find("*"), pattern.find("?")) if i >= 0), default=len(pattern))
    return pattern[:cut]


def _grouped(patterns: list[tuple[int, str]]) -> dict[str, list[tuple[int, str]] | _Program]:
    """The patterns by literal start; each group is compiled when a path first reaches it."""
    groups: dict[str, list[tuple[int, str]] | _Program] = {}
    for index, pattern in patterns:
        members = groups.setdefault(_literal_start(pattern), [])
        assert isinstance(members, list)
        members.append((index, pattern))
    return groups


@dataclass(slots=True)
class GlobSet:
    """Several globs matched together; ``matching(path)`` is remembered per path."""

    patterns: tuple[str, ...]
    _paths: dict[str, list[tuple[int, str]] | _Program] = field(init=False)  # every pattern, against the whole path
    _names: dict[str, list[tuple[int, str]] | _Program] = field(init=False)  # patterns without "/", against a file's name too
    _cache: dict[tuple[str, ...], frozenset[int]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        normal = [(i, _normal(p)) for i, p in enumerate(self.patterns)]
        self._paths = _grouped(normal)
        self._names = _grouped([(i, p) for i, p in normal if "/" not in p])

    def matching(self, *texts: str) -> frozenset[int]:
        """The indexes of the patterns that match any of ``texts`` whole
        (spellings of one path), or its file name for a pattern without ``/``."""
        found = self._cache.get(texts)
        if found is not None:
            return found
        out: set[int] = set()
        for text in texts:
            out |= _accepted(self._paths, text)
            name = text.rsplit("/", 1)[-1]
            if self._names and name != text:
                out |= _accepted(self._names, name)
        found = frozenset(out)
        if len(self._cache) >= MAX_CACHED_PATHS:
            self._cache.clear()
        self._cache[texts] = found
        return found


def _accepted(groups: dict[str, list[tuple[int, str]] | _Program], text: str) -> set[int]:
    """The patterns of ``groups`` that match ``text`` whole: only the groups
    whose literal start ``text`` begins with are run."""
    out: set[int] = set()
    for length in range(len(text) + 1):
        start = text[:length]
        program = groups.get(start)
        if program is None:
            continue
        if isinstance(program, list):
            program = groups[start] = _compile(program)
        hits = _run(program, text) & program.accept_mask
        while hits:  # one step per pattern matched, not per pattern
            low = hits & -hits
            out.add(program.accepts[low.bit_length() - 1])
            hits ^= low
    return out


def glob_match(pattern: str, path: str) -> bool:
    """One glob against one path (see the module docstring)."""
    return bool(GlobSet((pattern,)).matching(path))
