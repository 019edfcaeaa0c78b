"""JSON pointer -> line and column, from the marks the builder kept.

A pointer resolves to the key of a mapping entry (where an editor should put
the cursor for ``spec.containers[0].resources``) or to the item of a
sequence; a pointer that goes past what exists resolves to the deepest part
that does, so a missing field points at its parent.
"""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.source.builder import Positions


class MarkLocator:
    """Resolves pointers in one document; lines are the file's, 1-based."""

    __slots__ = ("_data", "_positions", "_line", "_column", "_offset")

    def __init__(self, data: Any, positions: Positions, line: int, column: int, line_offset: int) -> None:
        self._data = data
        self._positions = positions
        self._line = line  # the document root's position
        self._column = column
        self._offset = line_offset

    def __reduce__(self) -> Any:
        # The marks are found by the id() of the containers: a copy in another
        # process would place every field at the document's start. Hand over
        # the piece of text instead, and parse it there.
        raise TypeError("a parsed document's positions do not survive pickling: hand over its piece")

    def position(self, pointer: Pointer) -> tuple[int, int]:
        node = self._data
        line, column = self._line, self._column
        for part in pointer:
            table = self._positions.get(id(node))
            if table is None:
                break
            if isinstance(node, dict) and isinstance(part, str) and part in node:
                mark = table.get(part)
                node = node[part]
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                mark = table[part] if part < len(table) else None
                node = node[part]
            else:
                break
            if mark is not None:
                line, column = mark.line + 1 + self._offset, mark.column + 1
        return (line, column)


class DictLocator:
    """A locator for data that has no source text (JSON built in tests)."""

    __slots__ = ("_line",)

    def __init__(self, line: int = 1) -> None:
        self._line = line

    def position(self, pointer: Pointer) -> tuple[int, int]:
        return (self._line, 1)
