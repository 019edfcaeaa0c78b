"""The outcome of a lint run: findings, what was suppressed, the summary.

The engine hands its findings, suppressed findings and checked objects over
as stores (lint/store.py): sequences read back from a temporary file when
there are many, so a run's memory does not grow with its input. Renderers
only iterate them (more than once if they need), and take their length.

A report format whose findings read alone (JSON's, GitHub's) has each
finding's text made where it is found (``Needs.text``: in a worker
process) and kept beside it (``FindingStore``), so the process that
assembles the report only merges and writes text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pod_resources_cli.records import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from pod_resources_cli.model.items import SkippedEntry, Summary
from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity, Suppressed
from pod_resources_cli.lint.runs import PackedRun, Record, RunList, comes_after
from pod_resources_cli.lint.store import IteratedSequence, SortedStore
from pod_resources_cli.location import Location

if TYPE_CHECKING:
    from pod_resources_cli.lint.adoption import Adoption  # only with the adoption options: a plain run does not load it

FindingText = Callable[[Finding], str]


class Needs(NamedTuple):
    """What a report needs of a run beyond its findings (render/ decides it per format)."""

    text: FindingText | None = None  # each finding's text in the report, made where it is found
    objects: bool = True  # every object checked, with its rules' times (JUnit's passing testcases)
    lines: bool = True  # the text of the lines findings point at (the text format quotes them)


class FindingStore(IteratedSequence[Finding]):
    """Findings in report order (``Finding.sort_key``), in bounded memory,
    each kept packed with its text in the report (``text``: None when the
    report words findings itself). Workers' runs (lint/runs.py) are kept
    whole while they come in order; any other record goes to ``records``,
    which sorts and merges (the runs join it then)."""

    def __init__(self, text: FindingText | None = None, *, threshold: int | None = None) -> None:
        self.text = text
        self.records: SortedStore[Record] = SortedStore(itemgetter(0), threshold=threshold)
        self._runs = RunList(self.records.threshold)

    def record(self, finding: Finding) -> Record:
        return (finding.sort_key(), finding.pack(), self.text(finding) if self.text is not None else None)

    def append(self, finding: Finding) -> None:
        self._open_runs()
        self.records.append(self.record(finding))

    def extend(self, findings: Iterable[Finding]) -> None:
        records = list(map(self.record, findings))
        if records:  # the collector's own, often none: the runs stay whole then
            self._open_runs()
            self.records.extend(records)

    def add_records(self, records: Iterable[Record] | PackedRun) -> None:
        """Findings already made records (by ``record``, with the same ``text``),
        or a worker's run of them."""
        if isinstance(records, PackedRun):
            if not records.count:
                return
            last = self._runs.last
            if not len(self.records) and (last is None or comes_after(records.first, last)):
                self._runs.add(records)
                return
            records = records.records()
        records = list(records)
        if records:
            self._open_runs()
            self.records.extend(records)

    def _open_runs(self) -> None:
        """The runs kept whole, handed to the record store (something came out of their order)."""
        if self._runs.count:
            for run in self._runs.drain():
                self.records.extend(run.records())

    def texts(self, text: FindingText) -> Iterator[str]:
        """Each finding's ``text``, in order: the kept text when it was made by ``text``."""
        if text is self.text:  # made by self.text: never None
            if self._runs.count:
                return (t for run in self._runs for t in run.texts or ())
            return map(itemgetter(2), self.records)
        return map(text, self)

    def __iter__(self) -> Iterator[Finding]:
        if self._runs.count:
            return (Finding.unpack(pack) for run in self._runs for pack in run.packs())
        return (Finding.unpack(r[1]) for r in self.records)

    def __len__(self) -> int:
        return len(self.records) + self._runs.count

    @property
    def spilled(self) -> bool:
        return self.records.spilled or self._runs.spilled

    def close(self) -> None:
        self.records.close()
        self._runs.close()


def finding_texts(findings: Sequence[Finding], text: FindingText) -> Iterator[str]:
    """Each finding's ``text``, in order (kept where a FindingStore has it)."""
    return findings.texts(text) if isinstance(findings, FindingStore) else map(text, findings)

RuleTimes = tuple[tuple[str, int], ...]
"""Microseconds each workload rule took on an object (empty unless the run is timed)."""
Checked = tuple[ObjectRef, Location, RuleTimes]
"""An object linted: what it is, where, and its rules' times."""
Digest = tuple[ObjectRef, str, str]
"""An object's computed values (path, digest: lint/object_values.py), kept for lint --new-from-rev."""


@dataclass(slots=True)
class Partial:
    """What linting part of the input produced (a worker hands it back to
    the process that assembles the result; everything in it pickles)."""

    findings: list[Record] = field(default_factory=list)  # FindingStore records
    suppressed: list[Suppressed] = field(default_factory=list)
    usages: list[object] = field(default_factory=list)  # lint.context.WorkloadUsage
    objects: list[Checked] = field(default_factory=list)  # the pods checked
    documents: int = 0
    kubernetes_objects: int = 0
    skipped: Counter[tuple[str, str | None]] = field(default_factory=Counter)  # (reason, kind): how many
    skipped_entries: list[SkippedEntry] = field(default_factory=list)  # each one, when the run lists them (--show-skipped)
    lines: dict[tuple[str, int], str] = field(default_factory=dict)  # the text of the lines findings point at
    digests: list[Digest] = field(default_factory=list)  # with --new-from-rev
    pods: int = 0  # the pods checked (``objects`` lists them only when the report needs them)
    severities: Counter[str] = field(default_factory=Counter)  # the findings by severity label ...
    rules: Counter[str] = field(default_factory=Counter)  # ... and by rule
    built: bool = False  # some finding came from a render (the engine merges each place's builds at the end)

    def add(self, other: Partial) -> None:
        """``other``, which followed this part of the input, joined to it."""
        self.findings += other.findings
        self.suppressed += other.suppressed
        self.usages += other.usages
        self.objects += other.objects
        self.documents += other.documents
        self.kubernetes_objects += other.kubernetes_objects
        self.skipped.update(other.skipped)
        self.skipped_entries += other.skipped_entries
        self.digests += other.digests
        self.lines.update(other.lines)  # a later piece's text of the same line wins
        self.pods += other.pods
        self.severities.update(other.severities)
        self.rules.update(other.rules)
        self.built = self.built or other.built


@dataclass(slots=True)
class LintResult:
    """A lint run's outcome: findings (sorted), suppressed findings, counts and the failure threshold."""

    findings: Sequence[Finding]
    suppressed: Sequence[Suppressed]
    summary: Summary
    fail_on: Severity | None
    rules: tuple[str, ...] = ()  # the codes that ran
    objects: Sequence[Checked] = field(default_factory=list)  # every object linted
    adoption: Adoption | None = None  # what --baseline, --write-baseline and --new-from-rev did (lint/narrowed.py)
    digests: Sequence[Digest] = field(default_factory=list)  # each object's computed values, when asked (--new-from-rev)
    skipped: Sequence[SkippedEntry] | None = None  # every document, object and file skipped (--show-skipped), else None

    @property
    def failed(self) -> bool:
        if self.fail_on is None:
            return False
        if isinstance(self.findings, IteratedSequence):  # no pass over a spilled run
            return any(n for s, n in self.severity_counts().items() if s >= self.fail_on)
        return any(f.severity >= self.fail_on for f in self.findings)

    def severity_counts(self) -> Counter[Severity]:
        if isinstance(self.findings, IteratedSequence):  # counted by the engine as it kept them
            return Counter({s: self.summary.by_severity[s.label] for s in Severity if self.summary.by_severity.get(s.label)})
        return Counter(f.severity for f in self.findings)

    def rules_reported(self) -> set[str]:
        if isinstance(self.findings, IteratedSequence):
            return {code for code, n in self.summary.by_rule.items() if n}
        return {f.rule for f in self.findings}

    def close(self) -> None:
        """Gives back the temporary files of the stores (the result is empty afterwards)."""
        for part in (self.findings, self.suppressed, self.objects, self.digests, self.skipped):
            if isinstance(part, (SortedStore, FindingStore)):
                part.close()
