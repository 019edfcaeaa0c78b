"""Where a value came from: file, document, line and column.

A ``Pointer`` is a JSON-pointer-like tuple of keys and indexes
(``("spec", "containers", 0, "resources")``). Documents carry a ``Locator``
that resolves a pointer to the line and column of that field in the source.
"""

from __future__ import annotations

from typing import Any, Protocol, Union

from pod_resources_cli.records import dataclass

PointerPart = Union[str, int]
Pointer = tuple[PointerPart, ...]


@dataclass(frozen=True, slots=True)
class Location:
    """A 1-based line and column in a file; ``document`` is 0-based."""

    path: str
    line: int
    column: int = 1
    document: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class Locator(Protocol):
    """Resolves a pointer to the (line, column) of the closest existing field."""

    def position(self, pointer: Pointer) -> tuple[int, int]: ...


def format_field_path(pointer: Pointer) -> str:
    """Kubernetes field-path style: ``spec.containers[0].resources.limits[cpu]``.

    Map keys that are resource names (under requests/limits/capacity...) are
    written in brackets, as the API server writes them.
    """
    out: list[str] = []
    parent: PointerPart | None = None
    for part in pointer:
        if isinstance(part, int):
            out.append(f"[{part}]")
        elif parent in _KEYED_MAPS:
            out.append(f"[{part}]")
        else:
            out.append(("." if out else "") + part)
        parent = part
    return "".join(out)


_KEYED_MAPS = frozenset(
    {"requests", "limits", "overhead", "capacity", "allocatable", "annotations", "labels", "hard"}
)


def value_at(data: Any, pointer: Pointer) -> Any:
    """The value at ``pointer`` in ``data``, or None where there is none."""
    for step in pointer:
        if isinstance(data, dict) and isinstance(step, str) and step in data:
            data = data[step]
        elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
            data = data[step]
        else:
            return None
    return data
