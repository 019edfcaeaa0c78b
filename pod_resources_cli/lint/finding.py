"""Findings: what a rule reports, located in the original text."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from pod_resources_cli.location import Location
from pod_resources_cli.records import dataclass, replace


class Severity(enum.IntEnum):
    """Ordered, so ``--fail-on warning`` means "warning or worse"."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown severity {text!r} (expected error, warning or info)") from None


@dataclass(frozen=True, slots=True, order=True)
class ObjectRef:
    """The object a finding is about."""

    kind: str
    name: str
    namespace: str | None = None
    template: str | None = None  # which pod template of the object (``workerGroupSpecs[0] gpu-workers``)

    def __str__(self) -> str:
        where = f"{self.namespace}/" if self.namespace else ""
        text = f"{self.kind} {where}{self.name}"
        return f"{text} {self.template}" if self.template else text


class Related(NamedTuple):
    """Another place a finding comes from: the policy that caused it (the
    LimitRange whose max a container breaks, where that LimitRange is)."""

    location: Location
    message: str  # what is there: ``LimitRange shop/limits``

    def pack(self) -> tuple[Any, ...]:
        loc = self.location
        return (loc.path, loc.line, loc.column, loc.document, self.message)

    @staticmethod
    def unpack(record: tuple[Any, ...]) -> Related:
        path, line, column, document, message = record
        return Related(Location(path, line, column, document), message)


Build = tuple[str, "ObjectRef | None"]
"""A deployment unit that gave a finding (``overlays/prod (kustomize build)``), and its object there."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding: ``field`` is the API field path inside ``object``
    (``spec.template.spec.containers[0].resources.limits[memory]``);
    ``related``: the policies that caused it, where they are; ``builds``:
    the renders (deployment units) that gave it, each with its object there
    (a base built by two overlays: one finding at the base's line, two builds);
    ``readers``: how many of the run's builds read the file of its place,
    when more than gave it (an overlay's patch makes a base's pod BestEffort
    in that build only): the builds that gave it are named."""

    rule: str  # PRnnn
    name: str  # the rule's kebab-case name
    severity: Severity
    message: str
    location: Location
    object: ObjectRef | None = None
    field: str | None = None
    container: str | None = None
    related: tuple[Related, ...] = ()
    builds: tuple[Build, ...] = ()
    readers: int = 0

    @property
    def names_builds(self) -> bool:
        """The report names the builds that gave it: several did, or some of the builds reading its file did not."""
        return len(self.builds) > 1 or (bool(self.builds) and self.readers > len({unit for unit, _ in self.builds}))

    def place_key(self) -> tuple[Any, ...]:
        """What makes two findings the same finding, whichever build gave them. A
        container's own field is known by the container's name: its index in the
        built object may differ between builds (a component inserting a sidecar
        before it), its place in the file does not."""
        loc = self.location
        field = self.field if self.container is None else None
        return (loc.path, loc.document, loc.line, loc.column, self.rule, field, self.message, self.container, self.related)

    def sort_key(self) -> tuple[Any, ...]:
        """Place, then what: the builds of one place are next to each other (merged_builds)."""
        loc = self.location
        related = tuple(r.pack() for r in self.related)
        return (loc.path, loc.document, loc.line, loc.column, self.rule, self.message, self.container or "", self.field or "", related)

    def pack(self) -> tuple[Any, ...]:
        """Plain values, for a store's temporary file (see ``unpack``)."""
        loc, obj = self.location, self.object
        where = (loc.path, loc.line, loc.column, loc.document)
        about = None if obj is None else (obj.kind, obj.name, obj.namespace, obj.template)
        related = tuple(r.pack() for r in self.related)
        builds = tuple((unit, None if o is None else (o.kind, o.name, o.namespace, o.template)) for unit, o in self.builds)
        return (self.rule, self.name, int(self.severity), self.message, where, about, self.field, self.container, related, builds, self.readers)

    @staticmethod
    def unpack(record: tuple[Any, ...]) -> Finding:
        rule, name, severity, message, where, about, fieldpath, container, related, builds, readers = record
        obj = None if about is None else ObjectRef(*about)
        return Finding(
            rule, name, Severity(severity), message, Location(*where), obj, fieldpath, container, tuple(map(Related.unpack, related)),
            tuple((unit, None if o is None else ObjectRef(*o)) for unit, o in builds), readers,
        )  # fmt: skip


def merged_builds(
    findings: Iterable[Finding], readers: Callable[[str], int] | None = None, alone: Callable[[str], bool] | None = None
) -> Iterator[Finding]:
    """Findings in sort order, those of one place that several builds gave
    (a base, through each overlay) made one, with every build: its object is
    the first build's. ``readers``: how many builds read a finding's file
    (by its path as reported), kept on each built finding. ``alone``: is a
    file (by its path as reported) read on its own as well as by a build
    (one the build deletes objects of: source/layout.py)? A finding of such a
    file that its build gave too is given once, the build's; any other plain
    file's finding stays apart from the builds'."""
    for f in _merged(findings, alone):
        count = readers(f.location.path) if readers is not None and f.builds else 0
        yield replace(f, readers=count) if count > 1 else f


def _merged(findings: Iterable[Finding], alone: Callable[[str], bool] | None = None) -> Iterator[Finding]:
    pending: Finding | None = None
    for f in findings:
        if pending is not None and f.builds and pending.builds and f.place_key() == pending.place_key():
            builds = tuple(sorted({*pending.builds, *f.builds}, key=_build_key))
            first = builds[0][1]
            pending = replace(pending, builds=builds, object=first if first is not None else pending.object)
            continue
        if (
            alone is not None and pending is not None and bool(f.builds) != bool(pending.builds)
            and f.place_key() == pending.place_key() and alone(f.location.path)
        ):  # fmt: skip
            # a file a kustomization deletes objects of, also read on its own (source/layout.py): the same finding
            # its build gave, once, naming the build
            pending = pending if pending.builds else f
            continue
        if pending is not None:
            yield pending
        pending = f
    if pending is not None:
        yield pending


def _build_key(build: Build) -> tuple[str, ...]:
    """By build, then object: one build may make a place into several objects (a base under several name
    prefixes), and the finding names the first, the same on every run."""
    unit, obj = build
    return (unit,) if obj is None else (unit, obj.kind, obj.name, obj.namespace or "", obj.template or "")


@dataclass(frozen=True, slots=True)
class Suppressed:
    """A finding an ignore annotation or the config silenced, and why."""

    finding: Finding
    by: str  # "annotation" | "config"
    reason: str | None = None

    def pack(self) -> tuple[Any, ...]:
        return (self.finding.pack(), self.by, self.reason)

    @staticmethod
    def unpack(record: tuple[Any, ...]) -> Suppressed:
        finding, by, reason = record
        return Suppressed(Finding.unpack(finding), by, reason)
