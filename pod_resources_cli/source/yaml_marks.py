"""libyaml's nodes and marks, for an exact edit of the text they came from
(source/annotate.py): (line, column) marks to byte offsets, a key's
indentation, how many times a node is reached (aliases), a mapping's value
by key."""

from __future__ import annotations

import re
from collections import Counter
from typing import Final

import yaml

MERGE_TAG: Final = "tag:yaml.org,2002:merge"


class Refused(Exception):
    """An object that no exact edit reaches: the reason."""


class Text:
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
            raise Refused("a key shares its line with other text: edit it by hand")
        return int(mark.column)


def references(root: yaml.Node | None) -> Counter[int]:
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


def child(node: yaml.Node, part: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int):
        return node.value[part] if 0 <= part < len(node.value) else None
    if not isinstance(node, yaml.MappingNode) or not isinstance(part, str):
        return None
    if any(k.tag == MERGE_TAG for k, _ in node.value):
        raise Refused("a << merge key fills this mapping: edit it by hand")
    found = [v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part]
    if len(found) > 1:
        raise Refused(f"the key {part!r} is written twice: edit it by hand")
    return found[0] if found else None
