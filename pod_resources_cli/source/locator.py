"""JSON pointer -> line and column, from the marks the builder kept.

A pointer resolves to the key of a mapping entry (where an editor should put
the cursor for ``spec.containers[0].resources``) or to the item of a
sequence; a pointer that goes past what exists resolves to the deepest part
that does, so a missing field points at its parent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pod_resources_cli.location import Pointer, value_at
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


class LazyLocator:
    """Positions found the first time a field is located (``build``): a
    document that is seldom located (JSON with no ``kind``) is not built twice."""

    __slots__ = ("_build", "_found", "_root")

    def __init__(self, build: Callable[[], MarkLocator | DictLocator], root: tuple[int, int]) -> None:
        self._build: Callable[[], MarkLocator | DictLocator] | None = build
        self._found: MarkLocator | DictLocator | None = None
        self._root = root  # the document's own position, known without building (a skipped document's)

    def position(self, pointer: Pointer) -> tuple[int, int]:
        if not pointer:
            return self._root
        if self._found is None:
            assert self._build is not None
            self._found, self._build = self._build(), None
        return self._found.position(pointer)


class NamedItemLocator:
    """A kustomize-built object's pointers resolved in the file it came from.

    The build may insert items into a list of named entries before the ones
    the file writes (a component adding a ``cloud-sql-proxy`` container in
    front of the app's), so an item is looked for by its ``name`` in the
    file's list, not at its built index; an item the file does not have
    resolves to the list, unless both lists are as long (the build renamed
    it: gatekeeper's helmify replacements). Other steps are taken as they are."""

    __slots__ = ("_built", "_written", "_inner", "_renames")

    def __init__(self, built: Any, written: Any, inner: Locator, *, renames: bool = True) -> None:
        self._built = built
        self._written = written
        self._inner = inner
        self._renames = renames  # False for a patch: an item it does not name is not its own

    def position(self, pointer: Pointer) -> tuple[int, int]:
        return self._inner.position(self._in_written(pointer)[0])

    def reach(self, pointer: Pointer) -> int:
        """How many leading parts of ``pointer`` the file writes."""
        return self._in_written(pointer)[1]

    def _in_written(self, pointer: Pointer) -> tuple[Pointer, int]:
        out: list[str | int] = []
        reached = 0
        built, written = self._built, self._written
        for part in pointer:
            if isinstance(built, list) and isinstance(part, int) and 0 <= part < len(built):
                item = built[part]
                name = item.get("name") if isinstance(item, dict) else None
                if isinstance(name, str) and isinstance(written, list):
                    found = next((i for i, w in enumerate(written) if isinstance(w, dict) and w.get("name") == name), None)
                    if found is None and (len(written) != len(built) or not self._renames):
                        break  # added by the build: the list itself
                    part = found if found is not None else part  # renamed by the build (a replacement): same place
                built = item
                written = written[part] if isinstance(written, list) and part < len(written) else None
            elif isinstance(built, dict) and isinstance(part, str) and part in built:
                built = built[part]
                written = written.get(part) if isinstance(written, dict) else None
            else:
                built = written = None
            out.append(part)
            reached += written is not None
        return tuple(out), reached


class PatchedLocator:
    """A kustomize-built object's fields in the files they come from: its own
    file, or a strategic-merge patch the build applied to it. A field only a
    patch writes (the ``kube-rbac-proxy`` container a kubebuilder overlay adds)
    is found in that patch; a value a patch sets is the last such patch's;
    anything else is the object's own file's."""

    __slots__ = ("_built", "_layers")

    def __init__(self, built: Any, layers: tuple[tuple[str, int, NamedItemLocator], ...]) -> None:
        self._built = built
        self._layers = layers  # (path, document index, locator): the object's file first, then the patches in order

    def place(self, pointer: Pointer) -> tuple[str, int, tuple[int, int]]:
        """The file, the document's index in it, and the line and column."""
        reaches = [locator.reach(pointer) for _, _, locator in self._layers]
        leaf = not isinstance(value_at(self._built, pointer), (dict, list))
        best = 0
        for i, reach in enumerate(reaches):
            if reach > reaches[best] or (i and leaf and reach == reaches[best] == len(pointer)):
                best = i
        path, index, locator = self._layers[best]
        return path, index, locator.position(pointer)

    def position(self, pointer: Pointer) -> tuple[int, int]:
        return self.place(pointer)[2]


class GraftedLocator:
    """A document with values read from text grafted in (source/values_text.py): a pointer below a graft is
    located in the text, shifted to where that text sits in the file (``shift``: the line before the text's
    first and the text's indentation), or at the key that holds the text where its place is not known; any
    other pointer as the document's own locator says."""

    __slots__ = ("_inner", "_grafts")

    def __init__(
        self, inner: Locator, grafts: tuple[tuple[Pointer, MarkLocator | LazyLocator | DictLocator | None, tuple[int, int] | None, Pointer, Any], ...]
    ) -> None:
        self._inner = inner
        # (where the values are grafted, the text's locator, its shift, the key holding the text, the values read)
        self._grafts = grafts

    @property
    def inner(self) -> Locator:
        return self._inner

    def _graft(self, pointer: Pointer) -> tuple[Pointer, tuple[int, int] | None] | None:
        """(the pointer to locate in the document's own locator, or the position in the text's) for a grafted pointer."""
        for at, text, shift, key, values in self._grafts:
            if pointer[: len(at)] == at:
                rest = pointer[len(at) :]
                if text is None or shift is None or (rest and not (isinstance(values, dict) and rest[0] in values)):
                    return key, None  # not placed, or nothing of it written in the text: the key's place
                line, column = text.position(rest)
                return key, (line + shift[0], column + shift[1])
        return None

    def position(self, pointer: Pointer) -> tuple[int, int]:
        found = self._graft(pointer)
        if found is None:
            return self._inner.position(pointer)
        key, place = found
        return place if place is not None else self._inner.position(key)

    def place(self, pointer: Pointer) -> tuple[str, int, tuple[int, int]]:
        """For a kustomize-built document (its locator a PatchedLocator): the file, document and position."""
        assert isinstance(self._inner, PatchedLocator)
        found = self._graft(pointer)
        if found is None:
            return self._inner.place(pointer)
        path, index, position = self._inner.place(found[0])
        return path, index, found[1] if found[1] is not None else position


Locator = MarkLocator | DictLocator | NamedItemLocator | PatchedLocator | LazyLocator | GraftedLocator
"""Where a document's fields are."""
