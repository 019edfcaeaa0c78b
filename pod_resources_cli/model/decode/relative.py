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
        """The value at ``path`` (None when absent) and its pointer in the document; an empty path is the element (``/``: the object).

        A step ``field{=name}`` is the entry of the map ``field`` whose key is the element's own field ``name`` (a
        plain field, no dots): a koperator broker's ``/spec.brokerConfigGroups{=brokerConfigGroup}``, the group it
        names; None where that field is not a non-empty string or names no entry."""
        value, pointer = (self.obj, self.obj_pointer) if path.startswith("/") else (self.element, self.element_pointer)
        for part in filter(None, path.lstrip("/").split(".")):  # "": the element itself
            field, _, named = part.removesuffix("}").partition("{=") if part.endswith("}") else (part, "", "")
            value = value.get(field) if isinstance(value, dict) else None
            pointer = (*pointer, field)
            if named:
                key = self.element.get(named) if isinstance(self.element, dict) else None
                value = value.get(key) if isinstance(value, dict) and isinstance(key, str) and key else None
                pointer = (*pointer, key if isinstance(key, str) else "")
        return value, pointer
