"""What the reading of inputs yields, one item at a time, in input order: a
pod or pod template found, a document read, something skipped and why, or
a problem met.

The items are made by run/pipeline.py from source/'s documents and read by
analysis/, lint/ and run/; they name the document only through
``PositionedDocument`` (what a parsed document offers: its data and the
position of any field), so nothing below run/ depends on how it was read.
The items are NamedTuples: one or more per document, made and read in the
hot loop and on every pre-commit run.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final, NamedTuple, Protocol

from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.model.decode.controller_made import CONTROLLER_MADE
from pod_resources_cli.model.decode.partial import PARTIAL_OBJECT
from pod_resources_cli.model.decode.workloads import (
    DESCRIBES_OBJECTS,
    KUSTOMIZE_PATCH,
    NO_PODS,
    NOT_KUBERNETES,
    NOT_SEARCHED,
    NOTHING_FOUND,
    TEMPLATE,
    TEST_UPDATE,
)
from pod_resources_cli.model.workload import Workload
from pod_resources_cli.records import dataclass, field


class PositionedDocument(Protocol):
    """A parsed YAML or JSON document that can say where each field is."""

    path: str
    index: int
    data: Any
    unit: str | None  # the deployment unit it was read in (a render, a stream, a test scenario); None: a plain file

    def location(self, pointer: Pointer = ()) -> Location: ...


class WorkloadItem(NamedTuple):
    """A pod or pod template to lint, with its document."""

    document: PositionedDocument
    workload: Workload
    location: Location  # where the object starts


class ProblemItem(NamedTuple):
    """A document or object that cannot be explained, with where and why."""

    location: Location
    message: str
    kind: str  # "parse" (the YAML/JSON itself) | "decode" (a field of the object)
    document: PositionedDocument | None = None
    object_kind: str = ""
    object_name: str = ""
    object_namespace: str | None = None
    field: str | None = None
    object_template: str | None = None
    rule: str | None = None  # the lint rule, when not the kind's own (PR004: an unknown field)
    lenient: bool = False  # what applies it drops the field with a warning, not refuses the object (PR004: a warning)


class DocumentItem(NamedTuple):
    """Every successfully parsed document (namespace policies are read from
    these), with the number of Kubernetes objects it holds."""

    document: PositionedDocument
    objects: int = 0


# Why something holds no pod to check, beyond decode's own reasons (workloads.py).
UNPARSEABLE: Final = "unparseable"  # cannot be parsed, and is no Kubernetes manifest
OUTSIDE_ROOT: Final = "outside-root"  # a symbolic link out of the repository (source/boundary.py): never read
SPECIAL_FILE: Final = "special-file"  # a FIFO, socket or device met in a repository: never opened
CHART_FILE: Final = "chart-file"  # a Helm chart's values, schema or data file: helm reads it, nothing applies it
KUSTOMIZE_INPUT: Final = "kustomize-input"  # a generator's source or a transformer's configuration of a failed build
TEST_ASSERTION: Final = "test-assertion"  # a test harness compares the cluster's objects with it (source/harness.py)
TEST_INPUT: Final = "test-input"  # a test harness evaluates policies against it offline
VENDORED: Final = "vendored"  # other modules' files a build tool copied into the repository (source/test_data.py)
SKIP_REASONS: Final = (
    NOT_KUBERNETES, UNPARSEABLE, TEMPLATE, CHART_FILE, KUSTOMIZE_PATCH, KUSTOMIZE_INPUT, OUTSIDE_ROOT, SPECIAL_FILE, TEST_ASSERTION, TEST_INPUT, VENDORED, TEST_UPDATE,
    PARTIAL_OBJECT, CONTROLLER_MADE,
    NO_PODS, DESCRIBES_OBJECTS, NOT_SEARCHED, NOTHING_FOUND,
)  # fmt: skip
# The reasons for objects, counted by kind too.
BY_KIND: Final = (NO_PODS, DESCRIBES_OBJECTS, NOT_SEARCHED, NOTHING_FOUND, TEST_UPDATE, PARTIAL_OBJECT, CONTROLLER_MADE)


class SkippedItem(NamedTuple):
    """A document or object with no pod to check: where, why (one of
    SKIP_REASONS), for an object its kind, and the build it came from when
    it is located in a file that build read (a base several overlays build)."""

    location: Location
    reason: str
    kind: str | None = None
    note: str | None = None
    build: str | None = None


class SkippedEntry(NamedTuple):
    """One skipped document or object as reports list it (``--show-skipped``)."""

    path: str
    line: int
    reason: str
    kind: str | None = None
    note: str | None = None
    build: str | None = None

    @staticmethod
    def of(item: SkippedItem) -> SkippedEntry:
        return SkippedEntry(item.location.path, item.location.line, item.reason, item.kind, item.note, item.build)


Item = WorkloadItem | ProblemItem | DocumentItem | SkippedItem


@dataclass(slots=True)
class Summary:
    """The counts of a run's summary: what was read, what was checked, what
    was skipped and why (lint adds its findings by severity and rule)."""

    files: int = 0
    documents: int = 0
    objects: int = 0  # Kubernetes objects read
    pods: int = 0  # pods and pod templates checked
    by_severity: Counter[str] = field(default_factory=Counter)
    by_rule: Counter[str] = field(default_factory=Counter)
    suppressed: int = 0
    baselined: int = 0  # lint --baseline: findings the baseline holds, not reported
    older: int = 0  # lint --new-from-rev: findings older than the revision, not reported
    skipped: Counter[str] = field(default_factory=Counter)  # documents and objects by reason (SKIP_REASONS)
    skipped_kinds: Counter[str] = field(default_factory=Counter)  # the kinds skipped for carrying no pods (no-pods)
    notes: list[str] = field(default_factory=list)  # one line per chart or kustomization not rendered, and the like
    kinds_by_reason: dict[str, Counter[str]] = field(default_factory=dict)  # each BY_KIND reason's kinds (no-pods: skipped_kinds)

    def __post_init__(self) -> None:
        self.kinds_by_reason[NO_PODS] = self.skipped_kinds
    pre_release: dict[str, str] | None = None  # features.pre_release: the run's Kubernetes version has no tag yet

    def mark_pre_release(self, mark: dict[str, str] | None) -> None:
        """Every report of the run says it is about a pre-release: a note first, and the mark."""
        if mark is not None and self.pre_release is None:
            self.pre_release = mark
            self.notes.insert(0, mark["note"])

    def add_skipped(self, reason: str, kind: str | None = None, count: int = 1) -> None:
        self.skipped[reason] += count
        if kind is not None and reason in BY_KIND:
            self.kinds_by_reason.setdefault(reason, Counter())[kind] += count
