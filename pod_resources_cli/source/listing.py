"""One look at each directory the readers around a file ask about.

To tell whether a file is a test's input, the harness readers look at the
directories around it: each sibling's harness files and step files, each
Go package beside it for its test files (harness.py, harness_gotest.py).
They asked the same directories again, each for its own part, and tried to
open harness files that are not there: a file in a repository of a few
hundred directories cost a pre-commit run tens of milliseconds. A
directory is now listed once per run, its entries' kinds as the listing
gives them (links are not followed, as before); a directory the
kustomization search walked (source/project.py) is not listed again.

What is kept is bounded: at most ``MAX_NAMES`` names in all; past it a
directory is listed again when asked (as before this module).
"""

from __future__ import annotations

import os
import stat
from bisect import bisect_left
from typing import Final

from pod_resources_cli.records import dataclass

MAX_NAMES: Final = 200_000


@dataclass(frozen=True, slots=True)
class Listing:
    """A directory's names, sorted. What an entry is (a directory, a
    regular file) is looked up for the few names a reader asks about; links
    are not followed."""

    directory: str
    names: tuple[str, ...]
    present: frozenset[str]

    def ending(self, *suffixes: str) -> list[str]:
        """The names ending with one of ``suffixes``, in order; none at once
        when no name holds one (the listing joined and searched in C: a
        reader looks at every directory beside a file's ancestors)."""
        joined = "\0".join(self.names)
        if not any(suffix in joined for suffix in suffixes):
            return []
        return [name for name in self.names if name.endswith(suffixes)]

    def starting_with_digit(self) -> list[str]:
        """The names whose first character is a digit (``str.isdigit``), in
        order: sorted, those are the block from "0" to "9" and some of the
        names past ASCII, found by bisection."""
        names = self.names
        ascii_digits = names[bisect_left(names, "0") : bisect_left(names, ":")]
        return [*ascii_digits, *(n for n in names[bisect_left(names, "\x80") :] if n[:1].isdigit())]

    def is_dir(self, name: str) -> bool:
        return name in self.present and stat.S_ISDIR(self._mode(name))

    def is_file(self, name: str) -> bool:
        return name in self.present and stat.S_ISREG(self._mode(name))

    def _mode(self, name: str) -> int:
        try:
            return os.lstat(os.path.join(self.directory, name)).st_mode
        except OSError:
            return 0


_kept: dict[str, Listing] = {}
_walked: dict[str, list[str]] = {}  # names remembered, not yet asked for
_kept_names = 0


def listing(directory: str) -> Listing:
    """``directory``'s names (none when it cannot be listed)."""
    global _kept_names
    found = _kept.get(directory)
    if found is not None:
        return found
    walked = _walked.pop(directory, None)
    if walked is not None:  # the kustomization search's names, made a listing when first asked for
        walked.sort()
        found = _kept[directory] = Listing(directory, tuple(walked), frozenset(walked))
        return found
    try:
        names = sorted(os.listdir(directory))  # names only: most directories are asked whether a name is there
    except OSError:
        names = []
    found = Listing(directory, tuple(names), frozenset(names))
    if _kept_names + len(names) <= MAX_NAMES:
        _kept[directory] = found
        _kept_names += len(names)
    return found


def remember(directory: str, names: list[str]) -> None:
    """``directory``'s names as another reader of this run listed them (the
    kustomization search walks the work tree before the harness readers
    look around a file): the directory is not listed again."""
    global _kept_names
    if directory not in _kept and directory not in _walked and _kept_names + len(names) <= MAX_NAMES:
        _walked[directory] = names  # most are never asked about: sorted and indexed when one is
        _kept_names += len(names)


def subdirectories(directory: str) -> list[str]:
    """The names of ``directory``'s subdirectories (not links), sorted."""
    try:
        with os.scandir(directory) as entries:
            return sorted(e.name for e in entries if _is_dir(e))
    except OSError:
        return []


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False
