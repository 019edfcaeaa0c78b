"""Findings as JUnit XML (GitLab CI test reports): one testcase per object and
rule, failed when the rule reports the object at or above ``--fail-on``."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterator

from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity
from pod_resources_cli.lint.registry import get_rule
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.location import Location
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
    threshold = result.fail_on if result.fail_on is not None else Severity.ERROR
    by_case: dict[tuple[str, str, str], list[Finding]] = defaultdict(list)
    objects: dict[tuple[str, str], Location] = {}
    for obj, loc in result.objects:
        objects.setdefault(_object_key(obj, loc), loc)
    for f in result.findings:
        key = _object_key(f.object, f.location)
        objects.setdefault(key, f.location)
        by_case[(*key, f.rule)].append(f)
    codes = sorted(set(result.rules) | {f.rule for f in result.findings})
    suites: dict[str, ET.Element] = {}
    totals = {"tests": 0, "failures": 0}
    root = ET.Element("testsuites", name="pod-resources lint")
    _summary_suite(root, result)
    linted = {_object_key(o, l) for o, l in result.objects}
    codes_of: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path, name, code in by_case:
        codes_of[(path, name)].add(code)
    for (path, name), loc in sorted(objects.items()):
        suite = suites.get(path)
        if suite is None:
            suite = suites[path] = _element(root, "testsuite", name=path, tests="0", failures="0", errors="0")
        rule_codes = codes if (path, name) in linted else sorted(codes_of[(path, name)])
        for code in rule_codes:
            rule = get_rule(code)
            case = _element(
                suite, "testcase", classname=f"{path}.{name}", name=f"{code} {rule.name if rule else ''}".strip(),
                file=path, line=str(loc.line),
            )  # fmt: skip
            suite.set("tests", str(int(suite.get("tests", "0")) + 1))
            totals["tests"] += 1
            found = by_case.get((path, name, code), [])
            failing = [f for f in found if f.severity >= threshold]
            if failing:
                first = failing[0]
                failure = _element(case, "failure", message=first.message, type=first.severity.label)
                failure.text = xml_text("\n".join(
                    f"{f.location.path}:{f.location.line}:{f.location.column}: {f.rule} [{f.severity.label}] {f.message}"
                    for f in failing
                ))
                suite.set("failures", str(int(suite.get("failures", "0")) + 1))
                totals["failures"] += 1
            elif found:
                out = _element(case, "system-out")
                out.text = xml_text("\n".join(f"{f.rule} [{f.severity.label}] {f.message}" for f in found))
    root.set("tests", str(totals["tests"]))
    root.set("failures", str(totals["failures"]))
    root.set("errors", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _summary_suite(root: ET.Element, result: LintResult) -> None:
    """What the run read and skipped, as the properties of a suite of no tests
    (JUnit has no other place for them that viewers keep)."""
    suite = _element(root, "testsuite", name="pod-resources summary", tests="0", failures="0", errors="0")
    props = _element(suite, "properties")
    s = result.summary
    values: list[tuple[str, object]] = [("files", s.files), ("documents", s.documents), ("objects", s.objects), ("pods", s.pods)]
    values += [(f"skipped.{reason}", count) for reason, count in sorted(s.skipped.items())]
    values += [(f"skipped.no-pods.{kind}", count) for kind, count in sorted(s.skipped_kinds.items())]
    values += [(f"note.{i}", note) for i, note in enumerate(s.notes, start=1)]
    for name, value in values:
        _element(props, "property", name=name, value=str(value))


def iter_junit(result: LintResult) -> Iterator[str]:
    yield render_junit(result)
