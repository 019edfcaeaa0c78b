"""render/json_text.py writes the very bytes json.dumps(indent=2) writes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pod_resources_cli.render.chunks import json_texts
from pod_resources_cli.render.json_text import indented

CASES: list[Any] = [
    {},
    [],
    (),
    "",
    None,
    True,
    False,
    0,
    -7,
    2**70,
    {"a": 1, "b": [1, 2, {"c": None}], "d": {}, "e": []},
    {"unicode": "naïve – 日本 \u2028 \x00 \"quoted\" \\ /"},
    [[[]], [{}], [[1]]],
    ("tuple", ("nested",)),
    {1: "int key", True: "bool key", None: "none key"},  # json converts the keys: handed to json.dumps
    {"float": 0.5, "big": 1e21},  # floats: handed to json.dumps
]


@pytest.mark.parametrize("value", CASES, ids=range(len(CASES)))
def test_the_same_bytes_as_json_dumps(value: Any) -> None:
    assert indented(value) == json.dumps(value, indent=2)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_level_indents_every_line_after_the_first(level: int) -> None:
    value = {"a": [1, {"b": "c"}], "d": {}}
    assert indented(value, level) == json.dumps(value, indent=2).replace("\n", "\n" + "  " * level)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSONISH)
def test_any_value_of_the_renderers_kinds(value: Any) -> None:
    assert indented(value) == json.dumps(value, indent=2)


@settings(max_examples=200, deadline=None)
@given(st.lists(JSONISH, max_size=8), st.integers(1, 60), st.sampled_from([2, 4, 6]))
def test_items_written_apart_and_joined_in_pieces_are_the_array(items: list[Any], size: int, indent: int) -> None:
    """render/chunks.json_texts joins written items into pieces of about ``size``
    characters: whatever the size, the pieces are the array json.dumps writes."""
    texts = [indented(item, indent // 2) for item in items]
    pieces = list(json_texts(texts, indent, size))
    pad = " " * (indent - 2)
    assert "".join(pieces) == json.dumps(items, indent=2).replace("\n", "\n" + pad)
    assert len(pieces) <= len(items) + 1
