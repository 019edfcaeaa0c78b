"""A JSON object with no ``kind`` is read by json's C decoder (source/yamldoc.py
_skim_json): the same values as the builder, the same positions when asked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.location import Pointer
from pod_resources_cli.source.builder import iter_built
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.locator import LazyLocator, MarkLocator
from pod_resources_cli.source.scalars import resolve_plain
from pod_resources_cli.source.yamldoc import Document, ParseFailure, _Parser, load_documents
from tests.lint_support import lint_report

SCHEMA = Path(__file__).parent / "data" / "real" / "datreeio__CRDs-catalog" / "aadpodidentity.k8s.io__azureidentitybinding_v1.json"


def _built(data: bytes) -> MarkLocator | None:
    """The builder's reading of ``data`` (one document): what load_piece gave before the skim;
    None where libyaml refuses the text (an escaped surrogate pair): JSON's reading with the document's line, then."""
    parser = _Parser(data)
    try:
        (built,) = list(iter_built(parser, Limits()))
    except yaml.YAMLError:
        return None
    finally:
        parser.dispose()
    return MarkLocator(built.value, built.positions, built.start.line + 1, built.start.column + 1, 0)


def _pointers(value: Any, at: Pointer = ()) -> list[Pointer]:
    out = [at]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_pointers(item, (*at, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_pointers(item, (*at, i)))
    return out


def _only(data: bytes) -> Document:
    (doc,) = load_documents("x.json", data)
    assert isinstance(doc, Document)
    return doc


def _same_as_the_builder(data: bytes) -> None:
    doc = _only(data)
    assert isinstance(doc.locator, LazyLocator)
    built = _built(data)
    if built is None:  # JSON's reading, its numbers resolved as everywhere else, located at the document's line
        assert doc.data == json.loads(data, parse_int=resolve_plain, parse_float=resolve_plain)
        assert {doc.locator.position(p) for p in _pointers(doc.data)[1:]} <= {(doc.line, 1)}
        return
    assert doc.data == built._data and type(doc.data) is type(built._data)
    for pointer in _pointers(doc.data):
        assert doc.locator.position(pointer) == built.position(pointer), pointer


def test_a_crd_schema_is_skimmed_with_the_builders_values_and_positions() -> None:
    _same_as_the_builder(SCHEMA.read_bytes())


def test_a_crd_schema_is_no_kubernetes_object(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(SCHEMA))
    skipped = {reason: count for reason, count in report["summary"]["skipped"].items() if count}
    assert report["findings"] == [] and skipped == {"not-kubernetes": 1}


@pytest.mark.parametrize(
    "text",
    [
        '\n\n  {"a": [1, 2.5, -0, 1e3, 12345678901234567890123, 18446744073709551615], "b": {"c": null, "d": true}}',
        '{"s": "caf\\u00e9 \\ud83d\\ude00", "t": "line\\nbreak", "u": []}',
        '{\n\t"tabbed": {\n\t\t"x": "y"\n\t}\n}\n',
        '{"apiVersion": "v1", "metadata": {"name": "no-kind"}}',
    ],
)
def test_numbers_strings_and_layouts_read_as_the_builder_reads_them(text: str) -> None:
    _same_as_the_builder(text.encode())


def test_a_lone_surrogate_is_read_as_go_reads_it() -> None:
    assert _only(b'{"s": "a\\ud800b"}').data == {"s": "a\ufffdb"}


@pytest.mark.parametrize(
    "text",
    [
        b'{"kind": "Pod", "apiVersion": "v1", "metadata": {"name": "p"}}',  # a manifest: located in full, as before
        b'[{"a": 1}]',  # not an object
        b"{a: 1}",  # YAML's flow mapping, no JSON
    ],
)
def test_anything_else_takes_the_builders_path(text: bytes) -> None:
    assert isinstance(_only(text).locator, MarkLocator)


def test_a_repeated_key_is_still_reported_by_the_builder() -> None:
    (failure,) = load_documents("x.json", b'{"a": 1,\n "a": 2}')
    assert isinstance(failure, ParseFailure) and failure.document is not None and failure.location.line == 2


def test_nesting_past_the_limit_is_the_builders_failure() -> None:
    (failure,) = load_documents("x.json", b'{"a": ' * 30 + b"1" + b"}" * 30, Limits(max_depth=10))
    assert isinstance(failure, ParseFailure) and failure.limit


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8) | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6).filter(lambda k: k != "kind"), inner, max_size=4),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.text(max_size=6).filter(lambda k: k != "kind"), JSON_VALUES, max_size=5), st.sampled_from([None, 0, 2, "\t"]))
def test_any_json_object_without_a_kind(value: dict[str, Any], indent: int | str | None) -> None:
    _same_as_the_builder(json.dumps(value, indent=indent).encode())
