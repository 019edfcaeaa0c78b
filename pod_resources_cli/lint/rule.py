"""A rule: code, name, default severity, documentation and its check.

A rule module's docstring is its documentation (what it flags, why, how to
fix, a failing and a passing example); ``Rule.doc`` holds it, and
``render/rule_docs.py`` prints it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from pod_resources_cli.lint.finding import Related, Severity
from pod_resources_cli.location import Pointer
from pod_resources_cli.records import dataclass, field

if TYPE_CHECKING:
    from pod_resources_cli.lint.context import RuleContext, SetContext

OptionValue = Decimal | int | bool | str
Options = Mapping[str, OptionValue]

CODE_PATTERN = re.compile(r"PR[0-9]{3}")
NAME_PATTERN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


class OptionKind(str, enum.Enum):
    DECIMAL = "number"
    INTEGER = "integer"
    BOOLEAN = "boolean"
    STRING = "string"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A threshold or switch a user can set under ``options: {RULE: {...}}``."""

    name: str
    kind: OptionKind
    default: OptionValue
    help: str

    def coerce(self, value: object) -> OptionValue:
        """The config value as this option's type; ValueError says why not."""
        if self.kind is OptionKind.BOOLEAN:
            if isinstance(value, bool):
                return value
            raise ValueError("must be true or false")
        if self.kind is OptionKind.INTEGER:
            if isinstance(value, int) and not isinstance(value, bool):
                return value
            raise ValueError("must be an integer")
        if self.kind is OptionKind.DECIMAL:
            if isinstance(value, bool) or not isinstance(value, (int, float, str)):
                raise ValueError("must be a number")
            try:
                number = Decimal(str(value))  # str() keeps 0.1 as written, no binary float error
            except InvalidOperation:
                raise ValueError("must be a number") from None
            if not number.is_finite():
                raise ValueError("must be a finite number")
            return number
        if isinstance(value, str):
            return value
        raise ValueError("must be a string")


@dataclass(frozen=True, slots=True)
class Hit:
    """What a check reports: a message and where (a document pointer).

    ``field`` defaults to the pointer's path inside the object."""

    message: str
    pointer: Pointer
    field: str | None = None
    container: str | None = None
    related: tuple[Related, ...] = ()  # the policies that cause it (lint/related.py)


@dataclass(frozen=True, slots=True)
class SetHit:
    """A finding about the whole set (a namespace over its quota): it points
    into a document of its own (``path``, ``document``, ``line``, ``column``)."""

    message: str
    path: str
    line: int
    column: int
    document: int
    kind: str
    name: str
    namespace: str | None
    field: str | None = None


Check = Callable[["RuleContext", Options], Iterable[Hit]]
SetCheck = Callable[["SetContext", Options], Iterable[SetHit]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A lint rule: ``check`` runs on each workload, ``check_set`` once on the whole set."""

    code: str
    name: str
    severity: Severity
    summary: str
    doc: str
    check: Check | None = None
    check_set: SetCheck | None = None
    options: tuple[OptionSpec, ...] = ()
    needs_node: bool = False  # only runs with --node
    needs_upgrade: bool = False  # only runs with --upgrade-to (or the config's upgrade-to)
    enabled_by_default: bool = True
    area: str = field(default="")
    # Rules whose findings on the same cause this rule's finding replaces: on the
    # same container (or anywhere in the object when this finding names none).
    covers: tuple[str, ...] = ()
    # Its findings state a QoS class, an OOM score, an eviction order or what the
    # kubelet does with them as fact: not run on a pod that is only as written
    # (its operator adds to it: WorkloadRef.as_written).
    claims_qos: bool = False
    # The resources whose absence its findings report on a container: not run on a
    # runtime or preset merged into other objects' pods, whose own values win
    # (WorkloadRef.preset), nor reported on a container whose operator sets one of them
    # (WorkloadRef.operator_sets: Flink's main container).
    missing_resources: tuple[str, ...] = ()
    # Its findings compare the requests of the pod's containers with each other: not run on a pod
    # whose operator sets a container's resources from values not computed here (WorkloadRef.operator_sets:
    # Spark's driver and executors), where the comparison would be with a value that is not what runs.
    compares_containers: bool = False
    # The requests whose absence its findings report: a VerticalPodAutoscaler that sets one
    # of them on the container answers the finding (lint/namespace.py autoscaler_for).
    missing_requests: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not CODE_PATTERN.fullmatch(self.code):
            raise ValueError(f"rule code {self.code!r} is not PR + 3 digits")
        if not NAME_PATTERN.fullmatch(self.name):
            raise ValueError(f"rule name {self.name!r} is not kebab-case")

    def default_options(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def option(self, name: str) -> OptionSpec | None:
        for o in self.options:
            if o.name == name:
                return o
        return None


AREAS: dict[str, str] = {
    "0": "input",
    "1": "requests and limits",
    "2": "QoS",
    "3": "memory and OOM",
    "4": "CPU, CFS and the CPU manager",
    "5": "NUMA, topology and memory manager",
    "6": "upgrades",
}


def area_of(code: str) -> str:
    return AREAS.get(code[2], "other")


def summary_of(doc: str | None) -> str:
    """A rule's summary: the first line of its module docstring."""
    lines = (doc or "").strip().splitlines()
    return lines[0].strip().rstrip(".") if lines else ""


_SECTION = re.compile(r"^## (?P<title>[^\n]+)\n(?P<body>.*?)(?=^## |\Z)", re.DOTALL | re.MULTILINE)
_FENCE = re.compile(r"```yaml\n(?P<code>.*?)```", re.DOTALL)


def doc_sections(doc: str) -> dict[str, str]:
    """A rule docstring's ``## Title`` sections, by title."""
    return {m.group("title").strip(): m.group("body").strip() for m in _SECTION.finditer(doc)}


def doc_example(doc: str, title: str) -> str | None:
    """The YAML of a section (``Failing example``, ``Passing example``, ``Node``)."""
    body = doc_sections(doc).get(title)
    if body is None:
        return None
    match = _FENCE.search(body)
    return match.group("code") if match else None
