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
from typing import Any, Final

import yaml

from pod_resources_cli.location import Pointer
from pod_resources_cli.records import dataclass
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.split import iter_pieces
from pod_resources_cli.source.yaml_marks import Refused, Text, child, references
from pod_resources_cli.source.yamldoc import Document, jinja_raw_rendered, load_documents

_UTF8_BOM: Final = b"\xef\xbb\xbf"
_OTHER_BREAKS: Final = re.compile(rb"\r(?!\n)|\xc2\x85|\xe2\x80[\xa8\xa9]")
_BRACE: Final = re.compile(rb"(?:[&!][^\s{]*\s+)*\{")


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


def set_annotations(path: str, data: bytes, key: str, edits: Sequence[AnnotationEdit], limits: Limits = DEFAULT_LIMITS) -> tuple[bytes, list[EditOutcome]]:
    """The text with annotation ``key`` set on each object ``edits`` name, and what happened to each."""
    if _OTHER_BREAKS.search(data):
        return data, [EditOutcome(e, problem="a line break other than LF or CRLF: edit it by hand") for e in edits]
    line_starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
    splices: list[_Splice] = []
    outcomes: dict[AnnotationEdit, EditOutcome] = {}
    pieces = list(iter_pieces(path, (data,), limits))
    for n, piece in enumerate(pieces):
        end = pieces[n + 1].index if n + 1 < len(pieces) else None  # a piece is one document, or more after a ``...``
        mine = [e for e in edits if piece.index <= e.document and (end is None or e.document < end)]
        if not mine:
            continue
        base = line_starts[piece.line - 1] + (len(_UTF8_BOM) if piece.line == 1 and data.startswith(_UTF8_BOM) else 0)
        try:
            if piece.error is not None or data[base : base + len(piece.data)] != piece.data:
                raise Refused("the document is not UTF-8 text as written (or too large): edit it by hand")
            roots = list(yaml.compose_all(piece.data, Loader=yaml.CSafeLoader))
        except (Refused, yaml.YAMLError) as exc:
            reason = str(exc) if isinstance(exc, Refused) else (
                "the document is a template, read as its {% raw %} blocks render (yamldoc.jinja_raw_rendered): edit it by hand"
                if jinja_raw_rendered(piece.data) is not None
                else "the document cannot be parsed as YAML (JSON that escapes a character beyond U+FFFF as two \\u escapes?): edit it by hand"
            )
            outcomes.update((e, EditOutcome(e, problem=reason)) for e in mine)
            continue
        text = Text(piece.data, base)
        shared: dict[int, Counter[int]] = {}  # per document: a List of many objects is walked once
        for e in mine:
            k = e.document - piece.index
            root = roots[k] if k < len(roots) else None
            try:
                if k not in shared:
                    shared[k] = references(root)
                splices.append(_plan(root, e, key, text, shared[k]))
            except Refused as exc:
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


def _plan(root: yaml.Node | None, edit: AnnotationEdit, key: str, text: Text, shared: Counter[int]) -> _Splice:
    node = root
    path: list[yaml.Node] = []
    for part in (*edit.pointer, "metadata"):
        node = child(node, part) if node is not None else None
        if node is None:
            raise Refused("the object has no metadata here" if part == "metadata" else "the object is not in the file as it was linted")
        path.append(node)
    metadata = path[-1]
    if not isinstance(metadata, yaml.MappingNode):
        raise Refused("metadata is not a mapping")
    annotations = child(metadata, "annotations")
    current = child(annotations, key) if isinstance(annotations, yaml.MappingNode) else None
    for n in (*path, annotations, current):
        if n is not None and shared[id(n)] > 1:
            raise Refused("its metadata is shared with other objects through a YAML alias: edit it by hand")
    value = json.dumps(edit.value, ensure_ascii=False).encode("utf-8")
    if current is not None:
        return _replace_scalar(current, value, edit, text)
    if annotations is not None and not isinstance(annotations, yaml.MappingNode):
        raise Refused("annotations is not a mapping (null or a scalar): edit it by hand")
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


def _replace_scalar(node: yaml.Node, value: bytes, edit: AnnotationEdit, text: Text) -> _Splice:
    start, end = node.start_mark, node.end_mark
    if not isinstance(node, yaml.ScalarNode) or node.style not in ("", "'", '"', None) or start.line != end.line:
        raise Refused("the annotation's value is a block or spans lines: edit it by hand")
    a, b = text.offset(start.line, start.column), text.offset(end.line, end.column)
    written = text.data[a - text.base : b - text.base]
    if written[:1] in (b"&", b"!", b"*"):
        raise Refused("the annotation's value carries an anchor or a tag: edit it by hand")
    return _Splice(a, b, value, 0, edit)


def _into_flow(node: yaml.Node, entry: bytes, edit: AnnotationEdit, text: Text) -> _Splice:
    start = node.start_mark
    at = text.offset(start.line, start.column)
    brace = _BRACE.match(text.data, at - text.base)
    if brace is None:
        raise Refused("cannot find the mapping's {: edit it by hand")
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
