"""Setting one annotation on objects of a YAML or JSON file, changing no
other byte (``lint --add-ignore``).

Each object's annotation is set by the smallest exact edit: its value
replaced when the annotation exists (a one-line plain or quoted scalar), a
line inserted before the first annotation (block style), before the first
key of ``metadata`` with an ``annotations:`` mapping (block style), or a
member inserted after the ``{`` of a flow mapping (JSON, or YAML's
``{...}``; a new line with the next member's indentation when the mapping
spans lines). The value is written as a JSON string, which YAML reads alike.
Positions come from libyaml's marks on the file's own text, so comments,
quoting, key order, anchors, blank lines and CRLF line ends stay as they
are.

An object is left as it is, with the reason, where no such edit is exact:
metadata or annotations shared through a YAML alias (the edit would reach
the other objects) or filled by a ``<<`` merge key, a key written twice, a
block or multi-line value, a line break libyaml counts and a byte split
does not (a lone CR, NEL, LS, PS), a UTF-16 or UTF-32 file. Finally the
edited text is parsed again: each document must hold exactly the same data
but for the annotations set, or nothing is written.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import yaml

from pod_resources_cli.location import Pointer
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.split import iter_pieces
from pod_resources_cli.source.yamldoc import Document, load_documents

_UTF8_BOM: Final = b"\xef\xbb\xbf"
_OTHER_BREAKS: Final = re.compile(rb"\r(?!\n)|\xc2\x85|\xe2\x80[\xa8\xa9]")
_BRACE: Final = re.compile(rb"(?:[&!][^\s{]*\s+)*\{")
_MERGE_TAG: Final = "tag:yaml.org,2002:merge"


@dataclass(frozen=True, slots=True)
class AnnotationEdit:
    document: int  # 0-based document of the file
    pointer: Pointer  # the object in its document
    value: str  # the annotation's value


@dataclass(frozen=True, slots=True)
class EditOutcome:
    edit: AnnotationEdit
    line: int | None = None  # 1-based line of the annotation in the new text; None: not written
    problem: str | None = None  # why not


@dataclass(frozen=True, slots=True)
class _Splice:
    start: int  # byte offsets in the old text
    end: int
    text: bytes
    at: int  # where in ``text`` the annotation's line is
    edit: AnnotationEdit


class _Refused(Exception):
    """An object that no exact edit reaches: the reason."""


def set_annotations(path: str, data: bytes, key: str, edits: Sequence[AnnotationEdit], limits: Limits = DEFAULT_LIMITS) -> tuple[bytes, list[EditOutcome]]:
    """The text with annotation ``key`` set on each object ``edits`` name, and what happened to each."""
    if _OTHER_BREAKS.search(data):
        return data, [EditOutcome(e, problem="a line break other than LF or CRLF: edit it by hand") for e in edits]
    wanted: dict[int, list[AnnotationEdit]] = {}
    for e in edits:
        wanted.setdefault(e.document, []).append(e)
    line_starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
    splices: list[_Splice] = []
    outcomes: dict[AnnotationEdit, EditOutcome] = {}
    for piece in iter_pieces(path, (data,), limits):
        mine = [e for e in wanted.get(piece.index, [])]
        if not mine:
            continue
        base = line_starts[piece.line - 1] + (len(_UTF8_BOM) if piece.line == 1 and data.startswith(_UTF8_BOM) else 0)
        try:
            if piece.error is not None or data[base : base + len(piece.data)] != piece.data:
                raise _Refused("the document is not UTF-8 text as written (or too large): edit it by hand")
            roots = list(yaml.compose_all(piece.data, Loader=yaml.CSafeLoader))
            root = roots[0] if roots else None
        except (_Refused, yaml.YAMLError) as exc:
            reason = str(exc) if isinstance(exc, _Refused) else (
                "the document cannot be parsed as YAML (JSON that escapes a character beyond U+FFFF as two \\u escapes?): edit it by hand"
            )
            outcomes.update((e, EditOutcome(e, problem=reason)) for e in mine)
            continue
        text = _Text(piece.data, base)
        shared = _references(root)
        for e in mine:
            try:
                splices.append(_plan(root, e, key, text, shared))
            except _Refused as exc:
                outcomes[e] = EditOutcome(e, problem=str(exc))
    new = _apply(data, splices)
    if splices and not _same_but_annotations(path, data, new, key, [s.edit for s in splices], limits):
        reason = "the edited text would not read back as the same objects: edit it by hand"
        return data, [outcomes.get(e) or EditOutcome(e, problem=reason) for e in edits]
    shift = 0
    for s in sorted(splices, key=lambda s: s.start):
        line = new.count(b"\n", 0, s.start + shift + s.at) + 1
        outcomes[s.edit] = EditOutcome(s.edit, line=line)
        shift += len(s.text) - (s.end - s.start)
    return new, [outcomes.get(e) or EditOutcome(e, problem="no such document") for e in edits]


class _Text:
    """A document's text: libyaml's (line, column) marks -> byte offsets in the file."""

    def __init__(self, data: bytes, base: int) -> None:
        self.data = data
        self.base = base
        self.starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]

    def line(self, n: int) -> bytes:
        end = self.starts[n + 1] if n + 1 < len(self.starts) else len(self.data)
        return self.data[self.starts[n] : end]

    def offset(self, line: int, column: int) -> int:
        """In the file; libyaml counts columns in characters."""
        chars = self.line(line).decode("utf-8")[:column]
        return self.base + self.starts[line] + len(chars.encode("utf-8"))

    def eol(self, line: int) -> bytes:
        return b"\r\n" if self.line(line).endswith(b"\r\n") else b"\n"

    def indent_before(self, node: yaml.Node) -> int:
        """The key's column, when only blanks come before it on its line."""
        mark = node.start_mark
        if self.line(mark.line).decode("utf-8")[: mark.column].strip(" "):
            raise _Refused("a key shares its line with other text: edit it by hand")
        return int(mark.column)


def _references(root: yaml.Node | None) -> Counter[int]:
    """How many times each node is a value in the document (an alias adds one), in one pass."""
    counts: Counter[int] = Counter()
    seen: set[int] = set()
    pending = [root] if root is not None else []
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        children: list[yaml.Node] = []
        if isinstance(node, yaml.MappingNode):
            children = [v for pair in node.value for v in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        for child in children:
            counts[id(child)] += 1
            pending.append(child)
    return counts


def _child(node: yaml.Node, part: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        return node.value[part] if 0 <= part < len(node.value) else None
    if not isinstance(node, yaml.MappingNode) or not isinstance(part, str):
        return None
    if any(k.tag == _MERGE_TAG for k, _ in node.value):
        raise _Refused("a << merge key fills this mapping: edit it by hand")
    found = [v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part]
    if len(found) > 1:
        raise _Refused(f"the key {part!r} is written twice: edit it by hand")
    return found[0] if found else None


def _plan(root: yaml.Node | None, edit: AnnotationEdit, key: str, text: _Text, shared: Counter[int]) -> _Splice:
    node = root
    path: list[yaml.Node] = []
    for part in (*edit.pointer, "metadata"):
        node = _child(node, part) if node is not None else None
        if node is None:
            raise _Refused("the object has no metadata here" if part == "metadata" else "the object is not in the file as it was linted")
        path.append(node)
    metadata = path[-1]
    if not isinstance(metadata, yaml.MappingNode):
        raise _Refused("metadata is not a mapping")
    annotations = _child(metadata, "annotations")
    current = _child(annotations, key) if isinstance(annotations, yaml.MappingNode) else None
    for n in (*path, annotations, current):
        if n is not None and shared[id(n)] > 1:
            raise _Refused("its metadata is shared with other objects through a YAML alias: edit it by hand")
    value = json.dumps(edit.value, ensure_ascii=False).encode("utf-8")
    if current is not None:
        return _replace_scalar(current, value, edit, text)
    if annotations is not None and not isinstance(annotations, yaml.MappingNode):
        raise _Refused("annotations is not a mapping (null or a scalar): edit it by hand")
    target = annotations if annotations is not None else metadata
    if target.flow_style:
        inner = json.dumps(key).encode() + b": " + value
        entry = inner if annotations is not None else b'"annotations": {' + inner + b"}"
        return _into_flow(target, entry, edit, text)
    first = target.value[0][0]
    indent = text.indent_before(first)
    line = first.start_mark.line
    while line > 0 and _comment_at(text.line(line - 1), indent):
        line -= 1  # a comment over the first key stays with it
    at = text.offset(line, 0)
    eol = text.eol(first.start_mark.line)
    pad = b" " * indent
    if annotations is not None:
        return _Splice(at, at, pad + key.encode() + b": " + value + eol, indent, edit)
    block = pad + b"annotations:" + eol + pad + b"  " + key.encode() + b": " + value + eol
    return _Splice(at, at, block, len(pad + b"annotations:" + eol) + indent + 2, edit)


def _comment_at(line: bytes, indent: int) -> bool:
    """A line that holds only a comment, at ``indent``."""
    body = line.rstrip(b"\r\n")
    return body[:indent].strip(b" ") == b"" and body[indent:].startswith(b"#")


def _replace_scalar(node: yaml.Node, value: bytes, edit: AnnotationEdit, text: _Text) -> _Splice:
    start, end = node.start_mark, node.end_mark
    if not isinstance(node, yaml.ScalarNode) or node.style not in ("", "'", '"', None) or start.line != end.line:
        raise _Refused("the annotation's value is a block or spans lines: edit it by hand")
    a, b = text.offset(start.line, start.column), text.offset(end.line, end.column)
    written = text.data[a - text.base : b - text.base]
    if written[:1] in (b"&", b"!", b"*"):
        raise _Refused("the annotation's value carries an anchor or a tag: edit it by hand")
    return _Splice(a, b, value, 0, edit)


def _into_flow(node: yaml.Node, entry: bytes, edit: AnnotationEdit, text: _Text) -> _Splice:
    start = node.start_mark
    at = text.offset(start.line, start.column)
    brace = _BRACE.match(text.data, at - text.base)
    if brace is None:
        raise _Refused("cannot find the mapping's {: edit it by hand")
    after = text.base + brace.end()
    if not node.value:
        return _Splice(after, after, entry, 0, edit)
    first = node.value[0][0]
    if first.start_mark.line > start.line:  # one member a line: the new one on a line of its own
        pad = b" " * text.indent_before(first)
        eol = text.eol(start.line)
        return _Splice(after, after, eol + pad + entry + b",", len(eol + pad), edit)
    return _Splice(after, after, entry + b", ", 0, edit)


def _apply(data: bytes, splices: list[_Splice]) -> bytes:
    out = bytearray(data)
    for s in sorted(splices, key=lambda s: s.start, reverse=True):
        out[s.start : s.end] = s.text
    return bytes(out)


def _same_but_annotations(path: str, old: bytes, new: bytes, key: str, edits: list[AnnotationEdit], limits: Limits) -> bool:
    """Does ``new`` read back as ``old`` with exactly these annotations set
    (every document's data; a document that fails to parse fails alike)?"""
    before = list(load_documents(path, old, limits))
    after = list(load_documents(path, new, limits))
    if len(before) != len(after):
        return False
    for was, now in zip(before, after, strict=True):
        if not isinstance(was, Document) or not isinstance(now, Document):
            if isinstance(was, Document) or isinstance(now, Document) or was.location.document != now.location.document:
                return False
            continue
        data = was.data
        mine = [e for e in edits if e.document == was.index]
        if mine:
            data = copy.deepcopy(data)
            for e in mine:
                metadata = _walk(data, e.pointer)["metadata"]
                metadata.setdefault("annotations", {})[key] = e.value
        if was.index != now.index or data != now.data:
            return False
    return True


def _walk(data: Any, pointer: Pointer) -> Any:
    for part in pointer:
        data = data[part]
    return data
