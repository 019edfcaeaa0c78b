"""What the adoption options did to a run's findings: ``--baseline`` (the
findings recorded in it are not reported), ``--write-baseline`` (the file
written) and ``--new-from-rev`` (the findings older than a git revision are
not reported). The reports say it (render/), the exit code follows the
findings left (lint/narrowed.py takes the others out of a result).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pod_resources_cli.records import dataclass

if TYPE_CHECKING:
    from pod_resources_cli.lint.baseline import BaselineEntry


@dataclass(frozen=True, slots=True)
class Adoption:
    baseline: str | None = None  # the baseline read, as named
    baselined: int = 0  # findings it holds, not reported
    stale: tuple[BaselineEntry, ...] = ()  # its entries no current finding matches (sorted)
    written: str | None = None  # the baseline written, as named
    written_entries: int = 0
    rev: str | None = None  # --new-from-rev, as given
    commit: str | None = None  # the commit it names
    older: int = 0  # findings older than the revision, not reported (and not baselined)
