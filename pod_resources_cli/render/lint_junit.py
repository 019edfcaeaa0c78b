"""Findings as JUnit XML (GitLab CI, Jenkins, Azure DevOps test reports): one
testcase per checked object and rule -- passing ones too -- and one per
finding where a rule fails an object more than once (container or field in
its name), so every failing finding is a <failure> viewers count. ``time``
is what the rule took on the object (the first rule to need a computed fact
pays for it), split evenly over a rule's testcases on one object; suites and
the report add their cases' times."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import itertools
from collections import defaultdict
from collections.abc import Iterator
from pod_resources_cli.records import dataclass
from typing import Any

from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity
from pod_resources_cli.lint.registry import get_rule
from pod_resources_cli.lint.result import LintResult, RuleTimes
from pod_resources_cli.lint.store import SortedStore, SpillList
from pod_resources_cli.location import Location
from pod_resources_cli.render.chunks import chunked
from pod_resources_cli.render.safe_text import xml_text


def _element(parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
    """A child whose attribute values (paths, names, messages from the input) XML can hold."""
    return ET.SubElement(parent, tag, {k: xml_text(v) for k, v in attributes.items()})


def _object_key(obj: ObjectRef | None, loc: Location) -> tuple[str, str]:
    if obj is None:
        return (loc.path, f"{loc.path}:{loc.line}")
    name = f"{obj.kind}/{obj.namespace + '/' if obj.namespace else ''}{obj.name}"
    return (loc.path, f"{name} {obj.template}" if obj.template else name)


def render_junit(result: LintResult) -> str:
    """The report; every text from the input passes ``xml_text`` (see _element)."""
    return "".join(iter_junit(result))


def iter_junit(result: LintResult) -> Iterator[str]:
    """The report in pieces: what ``ET.indent`` and ``ET.tostring`` make of
    the whole tree, written a testcase at a time. A suite's counts come
    before its testcases, so a first pass counts and a second writes; the
    objects and the findings per object and rule are sorted in stores."""
    threshold = result.fail_on if result.fail_on is not None else Severity.ERROR
    objects: SortedStore[tuple[str, str, int, int, bool, RuleTimes]] = SortedStore()  # path, name, order met, line, linted, times
    cases: SortedStore[tuple[str, str, str, int, tuple[Any, ...]]] = SortedStore()  # path, name, rule, order, finding
    counts: SpillList[tuple[int, int, int]] = SpillList()  # (tests, failures, microseconds) of each suite, in order
    try:
        for order, (obj, loc, times) in enumerate(result.objects):
            objects.append((*_object_key(obj, loc), order, loc.line, True, times))
        codes = set(result.rules)
        order = len(objects)
        for f in result.findings:
            # A finding several builds gave (a base through each overlay) fails each build's object.
            about: list[ObjectRef | None] = [o for _, o in f.builds] if len(f.builds) > 1 else [f.object]
            for built in about:
                key = _object_key(built, f.location)
                objects.append((*key, order, f.location.line, False, ()))
                cases.append((*key, f.rule, order, f.pack()))
                order += 1
            codes.add(f.rule)
        everything = sorted(codes)
        tests = failures = micros = 0
        for _, suite in itertools.groupby(_testcases(objects, cases, everything, threshold), key=lambda c: c.path):
            n = failed = spent = 0
            for case in suite:
                if case.code is not None:
                    n, failed, spent = n + 1, failed + (case.failure is not None), spent + case.micros
            counts.append((n, failed, spent))
            tests, failures, micros = tests + n, failures + failed, micros + spent
        root = ET.Element(
            "testsuites", name="pod-resources lint", tests=str(tests), failures=str(failures), errors="0", time=_seconds(micros),
        )  # fmt: skip
        yield '<?xml version="1.0" encoding="UTF-8"?>\n' + _open_tag(root)
        yield "\n  " + _summary_suite(result)
        suite_counts = iter(counts)
        for path, suite in itertools.groupby(_testcases(objects, cases, everything, threshold), key=lambda c: c.path):
            n, failed, spent = next(suite_counts)
            head = _element(
                ET.Element("x"), "testsuite", name=path, tests=str(n), failures=str(failed), errors="0", time=_seconds(spent),
            )  # fmt: skip
            if not n:
                yield "\n  " + ET.tostring(head, encoding="unicode")
                continue
            yield "\n  " + _open_tag(head)
            yield from chunked("\n    " + _testcase(case) for case in suite if case.code is not None)
            yield "\n  </testsuite>"
        yield "\n</testsuites>\n"
    finally:
        for store in (objects, cases, counts):
            store.close()


@dataclass(frozen=True, slots=True)
class Case:
    """One testcase: an object and a rule (and, when the rule fails it several
    times, one of those findings)."""

    path: str
    name: str
    code: str | None  # None: no testcase, only its suite
    line: int
    found: list[Finding]
    failure: Finding | None
    micros: int
    detail: str | None = None  # which of several failing findings


def _seconds(micros: int) -> str:
    return f"{micros / 1_000_000:.6f}"


def _testcases(
    objects: SortedStore[tuple[str, str, int, int, bool, RuleTimes]],
    cases: SortedStore[tuple[str, str, str, int, tuple[Any, ...]]],
    codes: list[str],
    threshold: Severity,
) -> Iterator[Case]:
    """Every testcase in report order: objects sorted by (path, name), each
    with every rule that ran (an object only findings name: their rules)."""
    found = iter(itertools.groupby(cases, key=lambda c: (c[0], c[1])))
    pending = next(found, None)
    for key, records in itertools.groupby(objects, key=lambda o: (o[0], o[1])):
        first = next(records)
        times = dict(first[5])
        by_code: dict[str, list[Finding]] = defaultdict(list)
        if pending is not None and pending[0] == key:  # every finding's object is among the objects
            for _, _, code, _, packed in pending[1]:
                by_code[code].append(Finding.unpack(packed))
            pending = next(found, None)
        rule_codes = codes if first[4] else sorted(by_code)
        if not rule_codes:
            yield Case(key[0], key[1], None, first[3], [], None, 0)  # no testcase, but its suite
        for code in rule_codes:
            hits = by_code.get(code, [])
            failing = [f for f in hits if f.severity >= threshold]
            spent = times.get(code, 0)
            if len(failing) <= 1:
                yield Case(key[0], key[1], code, first[3], hits, failing[0] if failing else None, spent)
                continue
            share, rest = divmod(spent, len(failing))
            for i, f in enumerate(failing):
                detail = f"container {f.container}" if f.container else (f.field or f"{f.location.line}:{f.location.column}")
                yield Case(key[0], key[1], code, f.location.line, [f], f, share + (1 if i < rest else 0), detail)


def _testcase(c: Case) -> str:
    assert c.code is not None
    rule = get_rule(c.code)
    name = f"{c.code} {rule.name if rule else ''}".strip() + (f" ({c.detail})" if c.detail else "")
    case = _element(
        ET.Element("x"), "testcase", classname=f"{c.path}.{c.name}", name=name, file=c.path, line=str(c.line),
        time=_seconds(c.micros),
    )  # fmt: skip
    if c.failure is not None:
        f = c.failure
        failure = _element(case, "failure", message=f.message, type=f.severity.label)
        text = f"{f.location.path}:{f.location.line}:{f.location.column}: {f.rule} [{f.severity.label}] {f.message}"
        text += "".join(f"\n{r.location}: {r.message} (related)" for r in f.related)
        failure.text = xml_text(text)
    elif c.found:
        out = _element(case, "system-out")
        out.text = xml_text("\n".join(f"{f.rule} [{f.severity.label}] {f.message}" for f in c.found))
    ET.indent(case, level=2)
    return ET.tostring(case, encoding="unicode")


def _open_tag(element: ET.Element) -> str:
    """``<tag attributes>``, written by ElementTree (``<tag attributes />`` without the slash)."""
    empty = ET.tostring(element, encoding="unicode")
    assert empty.endswith(" />")
    return empty[:-3] + ">"


def _summary_suite(result: LintResult) -> str:
    """What the run read and skipped, as the properties of a suite of no tests
    (JUnit has no other place for them that viewers keep)."""
    suite = _element(ET.Element("x"), "testsuite", name="pod-resources summary", tests="0", failures="0", errors="0")
    props = _element(suite, "properties")
    s = result.summary
    values: list[tuple[str, object]] = [("files", s.files), ("documents", s.documents), ("objects", s.objects), ("pods", s.pods)]
    values += [(f"skipped.{reason}", count) for reason, count in sorted(s.skipped.items())]
    values += [(f"skipped.{reason}.{kind}", count) for reason, kinds in sorted(s.kinds_by_reason.items()) for kind, count in sorted(kinds.items())]
    values += [(f"note.{i}", note) for i, note in enumerate(s.notes, start=1)]
    for name, value in values:
        _element(props, "property", name=name, value=str(value))
    ET.indent(suite, level=1)
    return ET.tostring(suite, encoding="unicode")
