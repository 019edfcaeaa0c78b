"""libyaml events -> plain dicts and lists, with the position of every field.

libyaml (PyYAML's C parser) produces events; this module builds the values
in one loop with an explicit stack, never recursing, so 100,000 levels of
nesting cost a located error instead of a crashed interpreter (the C
composer that ``yaml.CSafeLoader`` uses recurses and overflows the C stack
there). It is also faster than composing nodes and constructing from them.

Every mapping and sequence gets a position table (the start mark of each key,
or of each item) stored by the container's ``id``; ``locator.py`` resolves
JSON pointers with it. Scalars resolve as sigs.k8s.io/yaml resolves them
(``scalars.py``); the only tags read are the YAML core ones, so nothing is
ever constructed from a tag. Merge keys (``<<``) follow the YAML merge spec,
duplicate keys are an error (the API server's strict decoding refuses them:
k8s.io/apimachinery/pkg/runtime/serializer/json/json.go unmarshal passes a
YAML body through sigs.k8s.io/yaml YAMLToJSONStrict, whose go.yaml.in/yaml/v2
decode.go reports "key ... already set in map"; kubernetes/apimachinery
v0.36.0, sigs.k8s.io/yaml v1.6.0, go.yaml.in/yaml/v2 v2.4.3), aliases are
shared, not copied, and counted against ``Limits.max_aliases``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Final

from yaml.error import Mark
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from pod_resources_cli.records import dataclass
from pod_resources_cli.source.limits import OPTION, Limits, depth_message
from pod_resources_cli.source.scalars import CORE, MERGE, TagError, key_text, resolve_plain, resolve_tagged

Positions = dict[int, Any]  # id(container) -> {key: Mark} | [Mark, ...]

_NOKEY: Final = object()
_HINTS: Final = frozenset("+-0123456789yYnNtTfFoO~.<")
_MAP_TAGS: Final = frozenset({None, "!", CORE + "map"})
_SEQ_TAGS: Final = frozenset({None, "!", CORE + "seq"})


class BuildError(Exception):
    """A document that parses as YAML but cannot be a manifest."""

    def __init__(self, mark: Any, message: str, related: Any = None, *, limit: bool = False) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message
        self.related = related
        self.limit = limit  # stopped by one of the loader's limits, not by the text itself
        self.same: bool | None = None  # a repeated key: whether its last value equals the one it drops

    def text(self, line_offset: int = 0) -> str:
        """The message, naming the related line (in the file's numbering)."""
        if self.related is None:
            return self.message
        return f"{self.message} at line {self.related.line + 1 + line_offset}"


@dataclass(slots=True)
class Built:
    """One document built from the events: its data, its nodes' marks and where it starts."""

    value: Any
    positions: Positions
    start: Mark
    # the first key the document repeats: kustomize refuses it, ``kubectl apply -f`` keeps the last value (as ``value`` does)
    repeated: BuildError | None = None


def iter_built(parser: Any, limits: Limits) -> Iterator[Built | BuildError]:
    """Each document of a parser's event stream; libyaml's own errors propagate."""
    get_event: Callable[[], Any] = parser.get_event
    get_event()  # StreamStartEvent
    while True:
        event = get_event()
        if event.__class__ is StreamEndEvent:
            return
        try:
            yield _document(get_event, limits, parser.peek_event().start_mark)
        except BuildError as error:
            # Stop here rather than read the rest: a piece holds one document,
            # and the rest of a hostile one (100,000 open brackets) would cost
            # libyaml quadratic time to scan.
            yield error
            return


def _document(get_event: Callable[[], Any], limits: Limits, start: Mark) -> Built:
    max_depth, max_aliases = limits.max_depth, limits.max_aliases
    positions: Positions = {}
    anchors: dict[str, tuple[Any, int]] = {}
    stack: list[tuple[Any, ...]] = []
    root: list[Any] = []
    container: Any = root
    pos: Any = []
    is_map = False
    key: Any = _NOKEY
    key_mark: Any = None
    merges: list[tuple[Any, Any]] | None = None
    anchor: str | None = None
    first = 0
    count = 0
    expanded = 0
    repeated: BuildError | None = None
    dropped: tuple[Any, Any, Any] | None = None  # the repeated key's mapping, the key and the value it drops
    while True:
        event = get_event()
        cls = event.__class__
        mark = event.start_mark
        if cls is ScalarEvent:
            count += 1
            text = event.value
            tag = event.tag
            if tag is None:
                if event.style:
                    value: Any = text
                elif text and text[0] not in _HINTS:
                    value = text
                else:
                    value = resolve_plain(text)
            else:
                try:
                    value = resolve_tagged(tag, text, not event.style)
                except TagError as exc:
                    raise BuildError(mark, str(exc)) from None
            if event.anchor is not None:
                anchors[event.anchor] = (value, 1)
        elif cls is MappingStartEvent or cls is SequenceStartEvent:
            count += 1
            new_is_map = cls is MappingStartEvent
            tag = event.tag
            if tag not in (_MAP_TAGS if new_is_map else _SEQ_TAGS):
                raise BuildError(mark, _unsupported(tag))
            new: Any = {} if new_is_map else []
            new_pos: Any = {} if new_is_map else []
            positions[id(new)] = new_pos
            if is_map:
                if key is _NOKEY:
                    raise BuildError(mark, "a mapping key must be a scalar, not a mapping or a list")
                if key is MERGE:
                    merges = merges or []
                    merges.append((new, key_mark))
                else:
                    container[key] = new
                    pos[key] = key_mark
                key = _NOKEY
            else:
                container.append(new)
                pos.append(mark)
            stack.append((container, pos, is_map, merges, anchor, first))
            if len(stack) > max_depth:
                raise BuildError(mark, depth_message(max_depth), limit=True)
            container, pos, is_map, merges, anchor, first = new, new_pos, new_is_map, None, event.anchor, count
            continue
        elif cls is MappingEndEvent or cls is SequenceEndEvent:
            if merges:
                _merge(container, pos, merges, positions)
            if anchor is not None:
                anchors[anchor] = (container, count - first + 1)
            container, pos, is_map, merges, anchor, first = stack.pop()
            continue
        elif cls is AliasEvent:
            name = event.anchor
            if name not in anchors:
                raise BuildError(mark, _undefined(name, anchor, stack))
            value, size = anchors[name]
            count += size
            expanded += size
            if expanded > max_aliases:
                raise BuildError(
                    mark, f"aliases expand to more than {max_aliases} values (raise {OPTION['max_aliases']})", limit=True
                )
            if is_map and key is _NOKEY and isinstance(value, (dict, list)):
                raise BuildError(mark, "a mapping key must be a scalar, not a mapping or a list")
        elif cls is DocumentEndEvent:
            if repeated is not None and dropped is not None:
                repeated.same = dropped[0].get(dropped[1]) == dropped[2]
            return Built(root[0] if root else None, positions, start, repeated)
        else:  # pragma: no cover - libyaml emits nothing else inside a document
            raise BuildError(mark, f"unexpected YAML event {cls.__name__}")
        # A scalar or an alias: attach it.
        if is_map:
            if key is _NOKEY:
                if value is MERGE and cls is ScalarEvent:
                    key = MERGE
                else:
                    key = value if value.__class__ is str else key_text(value)
                    if key in container and repeated is None:
                        repeated = BuildError(mark, f'mapping key "{key}" already defined', pos[key])
                        dropped = (container, key, container[key])
                key_mark = mark
                continue
            if key is MERGE:
                merges = merges or []
                merges.append((value, key_mark))
            else:
                container[key] = "<<" if value is MERGE else value
                pos[key] = key_mark
            key = _NOKEY
        else:
            container.append("<<" if value is MERGE else value)
            pos.append(mark)


def _merge(container: dict[str, Any], pos: dict[str, Any], merges: list[tuple[Any, Any]], positions: Positions) -> None:
    """YAML merge keys: explicit keys win, then earlier merge sources."""
    sources: list[dict[str, Any]] = []
    for value, mark in merges:
        if isinstance(value, dict):
            sources.append(value)
        elif isinstance(value, list) and all(isinstance(item, dict) for item in value):
            sources.extend(value)
        else:
            raise BuildError(mark, "a merge key (<<) needs a mapping or a list of mappings")
    for source in sources:
        source_pos = positions.get(id(source), {})
        for k, v in source.items():
            if k not in container:
                container[k] = v
                if k in source_pos:
                    pos[k] = source_pos[k]


def _undefined(name: str, open_anchor: str | None, stack: list[tuple[Any, ...]]) -> str:
    open_anchors = {open_anchor, *(frame[4] for frame in stack)}
    if name in open_anchors:
        return f"alias *{name} refers to the value that contains it (a recursive alias)"
    return f"found undefined alias *{name} (an anchor belongs to its own document)"


def _unsupported(tag: str) -> str:
    short = "!!" + tag[len(CORE):] if tag.startswith(CORE) else tag
    return f"unsupported YAML tag {short}: only the YAML core tags are read, nothing is constructed from a tag"
