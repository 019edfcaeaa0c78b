"""Bytes -> documents with positions.

YAML is parsed by libyaml (PyYAML's C parser) into node trees, which carry
the line and column of every value; the plain dicts and lists handed
downstream are built here in one walk. Nothing is ever constructed from a
tag: only the YAML core types exist, and any other tag is an error.

Scalars resolve the way they do on their way to the API server
(sigs.k8s.io/yaml over go-yaml v2): a plain ``1e3`` is a number there, so it
is one here too, while PyYAML's YAML 1.1 rules would keep it a string.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Final

import yaml

from pod_resources_cli.location import Location, Pointer

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# go-yaml v2 resolve.go: plain scalars that parse as floats.
_GO_FLOAT: Final = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_GO_INT: Final = re.compile(r"[-+]?[0-9]+")
_CORE = "tag:yaml.org,2002:"


@dataclass(frozen=True, slots=True)
class Limits:
    """Guards against hostile input; each has a CLI option to raise it."""

    max_document_bytes: int = 64 * 1024 * 1024
    max_depth: int = 1000
    max_nodes: int = 5_000_000  # alias expansion counts every reuse


DEFAULT_LIMITS: Final = Limits()


class NodeLocator:
    """Resolves a pointer by walking the composed node tree (lazily: most
    pointers are never asked for)."""

    __slots__ = ("_root",)

    def __init__(self, root: yaml.Node | None) -> None:
        self._root = root

    def position(self, pointer: Pointer) -> tuple[int, int]:
        node = self._root
        if node is None:
            return (1, 1)
        best = node.start_mark
        for part in pointer:
            child = _child(node, part)
            if child is None:
                break
            key_mark, node = child
            best = key_mark
        return (best.line + 1, best.column + 1)


def _child(node: yaml.Node, part: str | int) -> tuple[Any, yaml.Node] | None:
    if isinstance(node, yaml.MappingNode) and isinstance(part, str):
        for key, value in reversed(node.value):
            if isinstance(key, yaml.ScalarNode) and key.value == part:
                # A mapping value points at its key; a scalar list item at itself.
                return key.start_mark, value
        return None
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        if 0 <= part < len(node.value):
            item = node.value[part]
            return item.start_mark, item
    return None


class DictLocator:
    """A locator for data that has no source text (JSON from tests, stdin JSON)."""

    def __init__(self, line: int = 1) -> None:
        self._line = line

    def position(self, pointer: Pointer) -> tuple[int, int]:
        return (self._line, 1)


@dataclass(slots=True)
class Document:
    path: str
    index: int
    data: Any
    locator: NodeLocator | DictLocator
    line: int = 1

    def location(self, pointer: Pointer = ()) -> Location:
        line, column = self.locator.position(pointer)
        return Location(self.path, line, column, self.index)


@dataclass(frozen=True, slots=True)
class ParseFailure:
    location: Location
    message: str


@dataclass(slots=True)
class _Converter:
    limits: Limits
    nodes: int = 0
    memo: dict[int, Any] = field(default_factory=dict)

    def convert(self, node: yaml.Node, depth: int = 0) -> Any:
        if depth > self.limits.max_depth:
            raise _Fail(node.start_mark, f"nesting deeper than {self.limits.max_depth} levels")
        self.nodes += 1
        if self.nodes > self.limits.max_nodes:
            raise _Fail(node.start_mark, f"more than {self.limits.max_nodes} values (alias expansion?)")
        key = id(node)
        if key in self.memo:
            cached = self.memo[key]
            self.nodes += _size(cached)
            if self.nodes > self.limits.max_nodes:
                raise _Fail(node.start_mark, f"alias expansion exceeds {self.limits.max_nodes} values")
            return cached
        if isinstance(node, yaml.ScalarNode):
            value = _scalar(node)
        elif isinstance(node, yaml.SequenceNode):
            _check_tag(node, "seq")
            value = [self.convert(item, depth + 1) for item in node.value]
        else:
            _check_tag(node, "map")
            value = self._mapping(node, depth)
        self.memo[key] = value
        return value

    def _mapping(self, node: yaml.MappingNode, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        merged: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _CORE + "merge":
                for source in _merge_sources(value_node):
                    part = self.convert(source, depth + 1)
                    for k, v in part.items():
                        merged.setdefault(k, v)
                continue
            key = self.convert(key_node, depth + 1)
            if isinstance(key, (dict, list)):
                raise _Fail(key_node.start_mark, "a mapping key must be a scalar")
            key = _key_text(key)
            if key in out:
                raise _Fail(key_node.start_mark, f'mapping key "{key}" already defined')
            out[key] = self.convert(value_node, depth + 1)
        for k, v in merged.items():
            out.setdefault(k, v)
        return out


def _merge_sources(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [node]
    if isinstance(node, yaml.SequenceNode) and all(isinstance(n, yaml.MappingNode) for n in node.value):
        return list(node.value)
    raise _Fail(node.start_mark, "a merge key (<<) needs a mapping or a list of mappings")


def _size(value: Any) -> int:
    if isinstance(value, dict):
        return len(value) + sum(_size(v) for v in value.values() if isinstance(v, (dict, list)))
    if isinstance(value, list):
        return len(value) + sum(_size(v) for v in value if isinstance(v, (dict, list)))
    return 0


def _key_text(key: Any) -> str:
    if key is None:
        return "null"
    if key is True:
        return "true"
    if key is False:
        return "false"
    return str(key)


class _Fail(Exception):
    def __init__(self, mark: Any, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


def _check_tag(node: yaml.Node, kind: str) -> None:
    if node.tag != _CORE + kind:
        raise _Fail(node.start_mark, f"unsupported YAML tag {node.tag}")


_BOOL: Final = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


def _scalar(node: yaml.ScalarNode) -> Any:
    tag, text = node.tag, node.value
    if tag == _CORE + "str":
        if not node.style and _GO_FLOAT.fullmatch(text) and not _GO_INT.fullmatch(text):
            return float(text)
        return text
    if tag == _CORE + "null":
        return None
    if tag == _CORE + "bool":
        return _BOOL[text.lower()]
    if tag == _CORE + "int":
        return _yaml_int(node)
    if tag == _CORE + "float":
        return _yaml_float(node)
    if tag in (_CORE + "timestamp", _CORE + "binary"):
        return text
    raise _Fail(node.start_mark, f"unsupported YAML tag {tag}")


def _yaml_int(node: yaml.ScalarNode) -> int:
    try:
        return int(yaml.SafeLoader.construct_yaml_int(_CONSTRUCTOR, node))
    except (ValueError, TypeError) as exc:
        raise _Fail(node.start_mark, f"invalid integer {node.value!r}") from exc


def _yaml_float(node: yaml.ScalarNode) -> float:
    try:
        return float(yaml.SafeLoader.construct_yaml_float(_CONSTRUCTOR, node))
    except (ValueError, TypeError) as exc:
        raise _Fail(node.start_mark, f"invalid number {node.value!r}") from exc


_CONSTRUCTOR: Final = yaml.SafeLoader("")


def decode_text(path: str, data: bytes) -> str | ParseFailure:
    """UTF-8 (with or without BOM) or UTF-16/32 with a BOM, as kubectl reads them."""
    for bom, codec in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            break
    else:
        codec = "utf-8"
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return ParseFailure(Location(path, line, column), f"not valid {codec.upper()} text (byte 0x{data[exc.start]:02x})")
    if "\x00" in text:
        offset = text.index("\x00")
        line = text.count("\n", 0, offset) + 1
        return ParseFailure(Location(path, line, 1), "contains a NUL byte: not a text file")
    return text


def load_documents(path: str, data: bytes, limits: Limits = DEFAULT_LIMITS) -> Iterator[Document | ParseFailure]:
    """Every document of a YAML or JSON stream, in order.

    A document that fails to parse yields a ParseFailure; with YAML, a syntax
    error ends the stream (the parser cannot resynchronise), as kubectl does.
    """
    text = decode_text(path, data)
    if isinstance(text, ParseFailure):
        yield text
        return
    if len(data) > limits.max_document_bytes:
        yield ParseFailure(Location(path, 1, 1), f"file is larger than {limits.max_document_bytes} bytes (raise --max-document-bytes)")
        return
    yield from _load_yaml(path, text, limits)


def _load_yaml(path: str, text: str, limits: Limits) -> Iterator[Document | ParseFailure]:
    loader = _Loader(text)
    index = 0
    try:
        while True:
            try:
                if not loader.check_node():
                    break
                root = loader.get_node()
            except yaml.MarkedYAMLError as exc:
                mark = exc.problem_mark or exc.context_mark
                line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
                problem = exc.problem or exc.context or "invalid YAML"
                yield ParseFailure(Location(path, line, column, index), f"invalid YAML: {problem}")
                return
            except yaml.YAMLError as exc:
                yield ParseFailure(Location(path, 1, 1, index), f"invalid YAML: {exc}")
                return
            except RecursionError:
                yield ParseFailure(Location(path, 1, 1, index), "invalid YAML: nesting too deep")
                return
            if root is None:
                continue
            try:
                value = _Converter(limits).convert(root)
            except _Fail as fail:
                yield ParseFailure(Location(path, fail.mark.line + 1, fail.mark.column + 1, index), fail.message)
            except RecursionError:
                yield ParseFailure(Location(path, root.start_mark.line + 1, 1, index), "nesting too deep")
            else:
                if value is not None:
                    yield Document(path, index, value, NodeLocator(root), root.start_mark.line + 1)
            index += 1
    finally:
        loader.dispose()
