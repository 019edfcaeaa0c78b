"""One look at each directory the readers around a file ask about.

To tell whether a file is a test's input, the harness readers look at the
directories around it: each sibling's harness files and step files, each
Go package beside it for its test files (harness.py, harness_gotest.py).
They asked the same directories again, each for its own part, and tried to
open harness files that are not there: a file in a repository of a few
hundred directories cost a pre-commit run tens of milliseconds. A
directory is now listed once per run, its entries' kinds as the listing
gives them (links are not followed, as before).

What is kept is bounded: at most ``MAX_NAMES`` names in all; past it a
directory is listed again when asked (as before this module).
"""

from __future__ import annotations

import os
import stat
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
_kept_names = 0


def listing(directory: str) -> Listing:
    """``directory``'s names (none when it cannot be listed)."""
    global _kept_names
    found = _kept.get(directory)
    if found is not None:
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
