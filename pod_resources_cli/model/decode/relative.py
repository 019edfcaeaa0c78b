"""Where a kind table's relative paths start: the innermost ``[*]``/``{*}``
element of a pod's path (the object's root when it has none); a path
beginning with ``/`` starts at the root (kind_types.py)."""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer


class Base:
    """Where relative paths start: the pod path's innermost element, and the object."""

    def __init__(self, obj: dict[str, Any], obj_pointer: Pointer, element: Any, element_pointer: Pointer) -> None:
        self.obj, self.obj_pointer, self.element, self.element_pointer = obj, obj_pointer, element, element_pointer

    def at(self, path: str) -> tuple[Any, Pointer]:
        """The value at ``path`` (None when absent) and its pointer in the document; an empty path is the element (``/``: the object)."""
        value, pointer = (self.obj, self.obj_pointer) if path.startswith("/") else (self.element, self.element_pointer)
        for part in filter(None, path.lstrip("/").split(".")):  # "": the element itself
            value = value.get(part) if isinstance(value, dict) else None
            pointer = (*pointer, part)
        return value, pointer
