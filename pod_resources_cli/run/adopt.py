"""Adopting the linter on a repository that already has findings: the
baseline (``--baseline``, ``baseline:`` in the configuration,
``--write-baseline``) and new-code-only gating (``--new-from-rev``), applied
to a finished run's result.

- ``--baseline FILE``: a finding the file records is not reported; the
  summary counts them; the file's entries no current finding matches are
  listed (the code was fixed: the entry can go).
- ``--write-baseline FILE``: records every current finding, or, with a
  baseline read, only those the baseline already holds (its entries that no
  longer match are pruned; new findings are still reported, not accepted).
  The report then shows the findings not in the written file.
- ``--new-from-rev REV`` (run/new_from_rev.py): only findings on lines changed
  since REV or on objects whose values changed are reported.

A missing baseline file is an error, except the one ``--write-baseline``
writes (it is then recorded for the first time).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from pod_resources_cli.lint.adoption import Adoption
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.records import dataclass

if TYPE_CHECKING:  # the baseline's code loads when a baseline is used (start-up: json)
    from pod_resources_cli.lint.baseline import Baseline, BaselineEntry

NewFlags = Callable[[LintResult], tuple[bytearray, str]]
"""--new-from-rev: one flag per finding (1: new since REV), and the commit REV names."""


@dataclass(slots=True, eq=False)
class AdoptRequest:
    baseline: str | None = None  # the baseline to read
    baseline_root: str | None = None  # set for a configuration's baseline: it must lie inside this directory
    write_baseline: str | None = None
    new_from_rev: str | None = None

    @property
    def wanted(self) -> bool:
        return bool(self.baseline or self.write_baseline or self.new_from_rev)


def load_baseline(path: str, root: str | None) -> Baseline:
    from pod_resources_cli.lint.baseline import parse_baseline
    from pod_resources_cli.source.baseline_file import read_baseline_file

    return parse_baseline(read_baseline_file(path, root), path, _directory(path))


def adopt(result: LintResult, request: AdoptRequest, cwd: str, new_flags: NewFlags | None = None) -> LintResult:
    """The result narrowed by the baseline and --new-from-rev, the baseline
    written if asked; what was done is the result's ``adoption``."""
    from pod_resources_cli.lint.baseline import baseline_bytes, entry, keyed
    from pod_resources_cli.lint.narrowed import keep_findings
    from pod_resources_cli.source.baseline_file import baseline_exists, same_file, write_baseline_file

    baseline: Baseline | None = None
    if request.baseline is not None:
        first = request.write_baseline is not None and same_file(request.baseline, request.write_baseline)
        if not (first and not baseline_exists(request.baseline)):
            baseline = load_baseline(request.baseline, request.baseline_root)
    held = bytearray(len(result.findings))  # 1: recorded in the baseline read
    stale: tuple[BaselineEntry, ...] = ()
    if baseline is not None:
        prints = baseline.fingerprints()
        matched: set[str] = set()
        for i, (_, fp) in enumerate(keyed(result.findings, baseline.directory, cwd)):
            if fp in prints:
                held[i] = 1
                matched.add(fp)
        stale = tuple(sorted(e for e in baseline.entries if e.fingerprint not in matched))
    written = 0
    if request.write_baseline is not None:
        target = request.write_baseline
        directory = _directory(target)
        entries = [
            entry(f, fp, directory, cwd) for i, (f, fp) in enumerate(keyed(result.findings, directory, cwd))
            if baseline is None or held[i]
        ]  # fmt: skip
        write_baseline_file(target, baseline_bytes(entries))
        written = len(entries)
        if baseline is None:
            held = bytearray(b"\x01" * len(result.findings))  # every finding is in the baseline now
    new, commit = new_flags(result) if new_flags is not None else (bytearray(b"\x01" * len(result.findings)), None)
    keep = bytearray(h == 0 and n == 1 for h, n in zip(held, new, strict=True))
    adoption = Adoption(
        baseline=baseline.source if baseline is not None else None, baselined=sum(held), stale=stale,
        written=request.write_baseline, written_entries=written, rev=request.new_from_rev, commit=commit,
        older=sum(1 for h, n in zip(held, new, strict=True) if h == 0 and n == 0),
    )  # fmt: skip
    narrowed = keep_findings(result, keep, adoption)
    narrowed.summary.notes.extend(_notes(adoption))
    return narrowed


def _directory(path: str) -> str:
    """The directory a baseline's paths are relative to: the file's own, symlinks resolved."""
    return os.path.dirname(os.path.realpath(path))


def _notes(a: Adoption) -> list[str]:
    """What every format says of the adoption options (text lists the stale entries too)."""
    out: list[str] = []
    if a.written is not None:
        if a.baseline is not None:
            gone = f"{_n(len(a.stale), 'entry', 'entries')} that no longer {'matches' if len(a.stale) == 1 else 'match'} removed"
            out.append(f"Wrote the baseline {a.written}: {_n(a.written_entries, 'finding')} kept, {gone}.")
        else:
            out.append(f"Wrote the baseline {a.written}: {_n(a.written_entries, 'finding')} recorded; `--baseline {a.written}` (or `baseline:` in the configuration) reports only new ones.")
    elif a.stale:
        assert a.baseline is not None
        one = len(a.stale) == 1
        out.append(
            f"{_n(len(a.stale), 'entry', 'entries')} of the baseline {a.baseline} no longer {'matches' if one else 'match'} a finding "
            f"(fixed, or changed): `--baseline {a.baseline} --write-baseline {a.baseline}` removes {'it' if one else 'them'}."
        )
    return out


def _n(count: int, noun: str, plural: str | None = None) -> str:
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
