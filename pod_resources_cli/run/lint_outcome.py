"""A lint run's result and the text of the lines its findings point at (the
text format quotes them), both in bounded memory.

The lines are taken from each piece of input as it is linted (a stream
cannot be read again), kept in a store sorted by (path, line) where the
last piece to show a line wins, and joined to the findings in report order
at the end (``excerpts``); lines the pieces did not show (findings about
the whole set) are read again from their files, each file once, and only
when the run's boundary lets it read them (a regular file inside the
repository: a finding's path can come from a renderer's output).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.lint.store import SortedStore
from pod_resources_cli.records import dataclass, field
from pod_resources_cli.source.boundary import Boundary, open_regular
from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.split import Piece

LineRecord = tuple[str, int, int, str]  # path, line, the order it was met in, text


def _new_lines() -> SortedStore[LineRecord]:
    return SortedStore()  # natural order: (path, line, order)


@dataclass(slots=True)
class Outcome:
    """A lint run's result, and the text of the lines its findings point at."""

    result: LintResult
    lines: SortedStore[LineRecord] = field(default_factory=_new_lines)
    _read: dict[tuple[str, int], str | None] = field(default_factory=dict)  # lines read again from a file (line())
    stdin_name: str = STDIN_NAME  # never read from disk: a file of that name may hold other text
    boundary: Boundary = field(default_factory=lambda: Boundary.of(["."]))  # what may be read again: the working tree by default

    def add_lines(self, lines: dict[tuple[str, int], str]) -> None:
        """One piece's lines (a later piece's text of the same line wins, as before)."""
        for (path, number), text in lines.items():
            self.lines.append((path, number, len(self.lines), text))

    def close(self) -> None:
        """Gives back the temporary files of the result and the lines."""
        self.result.close()
        self.lines.close()

    def line(self, path: str, number: int) -> str | None:
        """One line of an input, by position (a pass over the kept lines: the
        text format uses ``excerpts``)."""
        found: str | None = None
        for p, n, _, text in self.lines:
            if (p, n) == (path, number):
                found = text
            elif (p, n) > (path, number):
                break
        if found is not None:
            return found
        if (path, number) not in self._read:
            self._read[(path, number)] = next(_from_file(path, iter([number]), self.boundary, self.stdin_name), None)
        return self._read[(path, number)]

    def excerpts(self, findings: Sequence[Finding]) -> Iterator[str | None]:
        """The text of each finding's line, in the findings' order: the
        requests are sorted by (path, line), joined to the kept lines, and
        sorted back, each in bounded memory."""
        wanted: SortedStore[tuple[str, int, int]] = SortedStore()
        wanted.extend((f.location.path, f.location.line, i) for i, f in enumerate(findings))
        answers: SortedStore[tuple[int, str | None]] = SortedStore()
        try:
            kept = _last_of_each(iter(self.lines))
            have: tuple[str, int, str] | None = next(kept, None)
            for path, group in itertools.groupby(wanted, key=lambda w: w[0]):
                missing: list[tuple[int, int]] = []  # (line, index): read from the file, in line order
                for _, number, index in group:
                    while have is not None and (have[0], have[1]) < (path, number):
                        have = next(kept, None)
                    if have is not None and (have[0], have[1]) == (path, number):
                        answers.append((index, have[2]))
                    else:
                        missing.append((number, index))
                texts = _from_file(path, iter(n for n, _ in missing), self.boundary, self.stdin_name)
                for (_, index), text in zip(missing, texts, strict=True):
                    answers.append((index, text))
            wanted.close()
            for _, text in answers:
                yield text
        finally:
            wanted.close()
            answers.close()


def _last_of_each(records: Iterator[LineRecord]) -> Iterator[tuple[str, int, str]]:
    """(path, line, text) once per line, the text met last."""
    for (path, number), group in itertools.groupby(records, key=lambda r: (r[0], r[1])):
        *_, last = group
        yield path, number, last[3]


def _from_file(path: str, numbers: Iterator[int], boundary: Boundary, stdin_name: str = STDIN_NAME) -> Iterator[str | None]:
    """The text of lines ``numbers`` (ascending, repeats allowed) of a regular
    file inside ``boundary``, one per number; None where the file cannot or
    may not tell (a stream is gone, ``path`` is the name given to standard
    input, or it is outside the repository)."""
    wanted = next(numbers, None)
    if wanted is not None and path not in (STDIN_NAME, stdin_name) and boundary.contains(path):
        try:
            with open_regular(path) as fh:
                for n, raw in enumerate(fh, start=1):
                    while wanted is not None and wanted < n:  # no such line (0)
                        yield None
                        wanted = next(numbers, None)
                    while wanted is not None and wanted == n:
                        yield raw.decode("utf-8", "replace").rstrip("\r\n")
                        wanted = next(numbers, None)
                    if wanted is None:
                        return
        except OSError:
            pass
    while wanted is not None:
        yield None
        wanted = next(numbers, None)


def lines_of(piece: Piece, findings: list[Finding]) -> dict[tuple[str, int], str]:
    """The lines of one piece its findings point at."""
    wanted = {f.location.line for f in findings if f.location.path == piece.path}
    if not wanted or piece.error is not None:
        return {}
    text = piece.data.decode("utf-8", "replace").splitlines()
    return {(piece.path, n): text[n - piece.line] for n in wanted if 0 <= n - piece.line < len(text)}
