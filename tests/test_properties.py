"""Property tests: quantities are exact, the loader never raises, the commands agree.

- Quantity: parse -> canonical string -> parse keeps the value (and the
  canonical string is a fixed point); parsing, Value(), MilliValue() and
  addition match exact rational arithmetic (fractions.Fraction) with the
  upstream rounding (up, away from zero, to 1n); any text either parses or
  raises QuantityError.
- Loader: any bytes give documents or located failures, never an exception;
  JSON loads exactly as ``json.loads`` reads it, with every key located.
- Commands: every generated manifest, valid or not, gives a report or a
  located error and never an internal error; a manifest ``lint`` calls valid is
  explained without errors.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from pod_resources_cli.quantity import MAX_INT64, NANO, Format, Quantity, QuantityError, parse_quantity
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

DEC = {"n": -9, "u": -6, "m": -3, "": 0, "k": 3, "M": 6, "G": 9, "T": 12, "P": 15, "E": 18}
BIN = {"Ki": 10, "Mi": 20, "Gi": 30, "Ti": 40, "Pi": 50, "Ei": 60}


@st.composite
def quantity_texts(draw: st.DrawFn) -> tuple[str, Fraction, Format]:
    """A valid quantity string and its exact rational value."""
    sign = draw(st.sampled_from(["", "", "+", "-"]))
    whole = draw(st.text("0123456789", min_size=0, max_size=12))
    frac = draw(st.one_of(st.none(), st.text("0123456789", min_size=0, max_size=12)))
    if not whole and not frac:
        whole = draw(st.text("0123456789", min_size=1, max_size=3))
    kind = draw(st.sampled_from(["dec", "bin", "exp"]))
    if kind == "dec":
        suffix = draw(st.sampled_from(sorted(DEC)))
        scale, fmt = Fraction(10) ** DEC[suffix], Format.DECIMAL_SI
    elif kind == "bin":
        suffix = draw(st.sampled_from(sorted(BIN)))
        scale, fmt = Fraction(2) ** BIN[suffix], Format.BINARY_SI
    else:
        exp = draw(st.integers(-30, 30))
        suffix = draw(st.sampled_from(["e", "E"])) + str(exp)
        scale, fmt = Fraction(10) ** exp, Format.DECIMAL_EXPONENT
    text = f"{sign}{whole}" + (f".{frac}" if frac is not None else "") + suffix
    digits = whole + (frac or "")
    value = Fraction(int(digits or "0"), 10 ** len(frac or "")) * scale
    return text, (-value if sign == "-" else value), fmt


def round_up_nanos(value: Fraction) -> int:
    """The value in nano-units rounded up, away from zero (inf.RoundUp)."""
    scaled = value * NANO
    magnitude = -((-abs(scaled.numerator)) // scaled.denominator)
    return magnitude if value >= 0 else -magnitude


def away(value: Fraction) -> int:
    magnitude = -((-abs(value.numerator)) // value.denominator)
    return magnitude if value >= 0 else -magnitude


@given(quantity_texts())
@settings(max_examples=600)
def test_parse_matches_exact_rational_arithmetic(case: tuple[str, Fraction, Format]) -> None:
    text, value, fmt = case
    nanos = round_up_nanos(value)
    if abs(nanos) > MAX_INT64 * NANO and fmt is not Format.BINARY_SI:
        try:
            parse_quantity(text)
        except QuantityError:
            return
        raise AssertionError(f"{text} should be too large")
    q = parse_quantity(text)
    if fmt is Format.BINARY_SI and abs(nanos) > MAX_INT64 * NANO:
        assert abs(q.nanos) == MAX_INT64 * NANO  # BinarySI saturates, as upstream
        return
    assert q.nanos == nanos, text
    assert q.value() == away(Fraction(nanos, NANO))
    assert q.milli_value() == away(Fraction(nanos, 10**6))


@given(quantity_texts())
@settings(max_examples=600)
def test_canonical_form_round_trips(case: tuple[str, Fraction, Format]) -> None:
    text = case[0]
    try:
        q = parse_quantity(text)
    except QuantityError:
        return
    canonical = str(q)
    again = parse_quantity(canonical)
    assert again.nanos == q.nanos, (text, canonical)
    assert str(again) == canonical, (text, canonical)
    assert re.fullmatch(r"-?[0-9]+((e|E)-?[0-9]+|[numkMGTPE]|Ki|Mi|Gi|Ti|Pi|Ei)?", canonical), canonical


@given(quantity_texts(), quantity_texts())
@settings(max_examples=300)
def test_addition_and_order_are_exact(a_case: tuple[str, Fraction, Format], b_case: tuple[str, Fraction, Format]) -> None:
    try:
        a, b = parse_quantity(a_case[0]), parse_quantity(b_case[0])
    except QuantityError:
        return
    fa, fb = Fraction(a.nanos, NANO), Fraction(b.nanos, NANO)
    assert Fraction((a + b).nanos, NANO) == fa + fb
    assert Fraction((a - b).nanos, NANO) == fa - fb
    assert (a < b) == (fa < fb) and (a <= b) == (fa <= fb) and a.cmp(b) == (fa > fb) - (fa < fb)
    assert (a + b).format is a.format


@given(st.one_of(
    st.text(max_size=40),
    st.text("0123456789.+-eEinumkKMGTP", max_size=40),
    st.builds(lambda d, f, s: d + f + s, st.text("0123456789", min_size=300, max_size=6000),
              st.sampled_from(["", ".", ".5", "." + "3" * 5000]), st.sampled_from(["", "Ki", "m", "e-280", "e3", "n"])),
))
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_parses_or_raises_quantity_error(text: str) -> None:
    try:
        q = parse_quantity(text)
    except QuantityError:
        return
    assert isinstance(q, Quantity) and abs(q.nanos) <= MAX_INT64 * NANO


# -- loader -------------------------------------------------------------------

YAML_BITS = list("ab:- \n\t{}[],'\"&*!|>#%@`?<=~0.1e\\") + ["---", "\n---\n", "<<", "\u00e9", "\x00", "\ufeff", "\x85", "\x7f"]
YAMLISH = st.lists(st.sampled_from(YAML_BITS), max_size=80).map("".join)


@given(st.one_of(st.binary(max_size=300), YAMLISH.map(lambda s: s.encode("utf-8", "surrogatepass"))))
@settings(max_examples=1000)
def test_any_bytes_give_documents_or_located_failures(data: bytes) -> None:
    for item in load_documents("x.yaml", data):
        assert isinstance(item, (Document, ParseFailure))
        if isinstance(item, ParseFailure):
            assert item.location.line >= 1 and item.location.column >= 1 and item.message
        else:
            assert item.line >= 1


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(allow_nan=False, allow_infinity=False),
              st.text(max_size=12)),
    lambda children: st.one_of(st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)),
    max_leaves=30,
)


# What YAML reads as text on one line (NEL, LS and PS are line breaks to it).
YAML_PRINTABLE = re.compile("[\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]*")


def _pointers(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], str]]:
    out: list[tuple[tuple[Any, ...], str]] = []
    if isinstance(value, dict):
        for key, child in value.items():
            out.append(((*prefix, key), key))
            out.extend(_pointers(child, (*prefix, key)))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out.extend(_pointers(child, (*prefix, i)))
    return out


@given(st.dictionaries(st.text(max_size=8), json_values, max_size=6), st.sampled_from([None, 1, 2]))
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@example(obj={"": "\x85"}, indent=None)  # NEL: a line break to YAML, a character to JSON
@example(obj={"a\u2028": ["\u2029"]}, indent=2)
def test_json_loads_exactly_with_every_key_located(obj: dict[str, Any], indent: int | None) -> None:
    text = json.dumps(obj, indent=indent, ensure_ascii=False)
    (doc,) = list(load_documents("x.json", text.encode()))
    assert isinstance(doc, Document), doc
    assert doc.data == json.loads(text)
    if not YAML_PRINTABLE.fullmatch(text):
        return  # characters YAML forbids: read as plain JSON, positions by line only
    lines = text.split("\n")
    for pointer, key in _pointers(obj):
        loc = doc.location(pointer)
        line = lines[loc.line - 1]
        assert line[loc.column - 1 :].startswith(json.dumps(key, ensure_ascii=False)), (pointer, loc)


# -- commands ---------------------------------------------------------------------

QUANTITY_VALUES = st.one_of(
    st.sampled_from(["100m", "1", "2", "0.5", "1Gi", "512Mi", "1e3", "1G", "0", "-1", "1.5Ki", "10Ei", "abc", "", "1e999999999",
                     "0.000000001", "9" * 40, "1Mi ", "+2", ".5"]),
    st.integers(-3, 2**40), st.floats(allow_nan=False, allow_infinity=False, width=32), st.none(), st.booleans(),
    st.lists(st.integers(0, 3), max_size=2),
)
RESOURCE_NAMES = st.sampled_from(["cpu", "memory", "ephemeral-storage", "hugepages-2Mi", "nvidia.com/gpu", "example.com/foo", "bad name", "storage"])


@st.composite
def resource_requirements(draw: st.DrawFn) -> Any:
    if draw(st.integers(0, 20)) == 0:
        return draw(st.sampled_from(["oops", 3, [1], None]))
    out: dict[str, Any] = {}
    for part in ("requests", "limits"):
        if draw(st.booleans()):
            out[part] = draw(st.dictionaries(RESOURCE_NAMES, QUANTITY_VALUES, max_size=4))
    return out


@st.composite
def containers(draw: st.DrawFn, prefix: str) -> Any:
    n = draw(st.integers(0, 3))
    out: list[Any] = []
    for i in range(n):
        c: dict[str, Any] = {"name": f"{prefix}{i}", "image": "x"}
        if draw(st.booleans()):
            c["resources"] = draw(resource_requirements())
        if prefix == "init" and draw(st.booleans()):
            c["restartPolicy"] = draw(st.sampled_from(["Always", "Never", 1]))
        if draw(st.integers(0, 15)) == 0:
            del c[draw(st.sampled_from(["name", "image"]))]
        out.append(c)
    return out


@st.composite
def manifests(draw: st.DrawFn) -> dict[str, Any]:
    spec: dict[str, Any] = {"containers": draw(containers("c"))}
    if draw(st.booleans()):
        spec["initContainers"] = draw(containers("init"))
    if draw(st.integers(0, 3)) == 0:
        spec["resources"] = draw(resource_requirements())
    if draw(st.integers(0, 5)) == 0:
        spec["overhead"] = {"cpu": draw(QUANTITY_VALUES)}
    if draw(st.integers(0, 8)) == 0:
        spec["os"] = {"name": draw(st.sampled_from(["windows", "linux"]))}
    kind = draw(st.sampled_from(["Pod", "Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "ReplicaSet", "PodTemplate", "List", "ConfigMap"]))
    meta = {"name": "m", "namespace": draw(st.sampled_from(["default", "prod"]))}
    template = {"metadata": {"labels": {"app": "m"}}, "spec": spec}
    if kind == "Pod":
        return {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}
    if kind == "PodTemplate":
        return {"apiVersion": "v1", "kind": kind, "metadata": meta, "template": template}
    if kind == "CronJob":
        return {"apiVersion": "batch/v1", "kind": kind, "metadata": meta, "spec": {"schedule": "* * * * *", "jobTemplate": {"spec": {"template": template}}}}
    if kind == "List":
        return {"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec}]}
    if kind == "ConfigMap":
        return {"apiVersion": "v1", "kind": kind, "metadata": meta, "data": {"spec": json.dumps(spec)[:50]}}
    return {"apiVersion": "apps/v1", "kind": kind, "metadata": meta, "spec": {"replicas": draw(st.integers(0, 3)), "template": template}}


@st.composite
def manifest_texts(draw: st.DrawFn) -> str:
    """YAML or JSON text of one or more manifests, sometimes damaged."""
    import yaml

    docs = draw(st.lists(manifests(), min_size=1, max_size=3))
    style = draw(st.sampled_from(["yaml", "flow", "json"]))
    if style == "json":
        text = "\n".join(json.dumps(d, indent=1) for d in docs[:1])
    else:
        text = "---\n".join(yaml.safe_dump(d, default_flow_style=style == "flow", sort_keys=False) for d in docs)
    if draw(st.integers(0, 4)) == 0:  # damage: cut, or insert a character YAML may choke on
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["", "\t", "[", ": ", "\x00", "&a ", "*b ", "!!x ", "\n  - "])) + text[at + draw(st.integers(0, 3)):]
    return text


def _gates() -> Any:
    from pod_resources_cli.features import LATEST, FeatureGates

    return FeatureGates(LATEST, {}, "the test")


def _explain(text: str) -> tuple[list[Any], list[Any]]:
    """(reports, problems) as `explain` computes them."""
    from pod_resources_cli.analysis.explain import explain_workload
    from pod_resources_cli.model.items import ProblemItem, WorkloadItem
    from pod_resources_cli.run.pipeline import items_of_source
    from pod_resources_cli.source.discover import SourceFile
    from pod_resources_cli.source.node_file import load_default_node

    node = load_default_node()
    reports: list[Any] = []
    problems: list[Any] = []
    for item in items_of_source(SourceFile("m.yaml", text.encode("utf-8", "surrogatepass"))):
        if isinstance(item, WorkloadItem):
            reports.append(explain_workload(item.workload, item.location, node, _gates()))
        elif isinstance(item, ProblemItem):
            problems.append(item)
    return reports, problems


def _lint(text: str) -> Any:
    from pod_resources_cli.run.lint import lint_sources
    from pod_resources_cli.lint.config import LintConfig
    from pod_resources_cli.source.discover import SourceFile

    return lint_sources([SourceFile("m.yaml", text.encode("utf-8", "surrogatepass"))], LintConfig(), _gates())


@given(manifest_texts())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_every_manifest_gives_a_report_or_a_located_error(text: str) -> None:
    lines = text.count("\n") + 1
    reports, problems = _explain(text)
    for problem in problems:
        assert 1 <= problem.location.line <= lines and problem.message
    for report in reports:
        assert report.qos.qos_class.value in ("Guaranteed", "Burstable", "BestEffort")
    result = _lint(text)
    for finding in result.findings:
        assert 1 <= finding.location.line <= lines and finding.location.column >= 1 and finding.message


@given(manifest_texts())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_what_lint_calls_valid_explain_explains_without_errors(text: str) -> None:
    from pod_resources_cli.lint.finding import Severity

    result = _lint(text)
    assume(not any(f.severity >= Severity.ERROR for f in result.findings))
    reports, problems = _explain(text)
    assert problems == []
    assert len(reports) == result.summary.pods


@given(manifest_texts())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_lint_json_is_the_report_encoded_at_once(text: str) -> None:
    from pod_resources_cli.render.lint_json import render_json, report_dict

    result = _lint(text)
    assert render_json(result) == json.dumps(report_dict(result), indent=2) + "\n"
