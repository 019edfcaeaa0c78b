"""Decoding collects problems instead of raising."""

from __future__ import annotations

from typing import Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.pod import ResourceRequirements
from pod_resources_cli.quantity import Quantity, QuantityError, format_go_float, parse_quantity
from pod_resources_cli.records import dataclass, field
from pod_resources_cli.shown import shown


@dataclass(frozen=True, slots=True)
class DecodeProblem:
    """A field that cannot be decoded: where, and why. ``rule`` names the lint
    rule that reports it when that is not the generic decode rule (PR002):
    PR004 for an unknown field."""

    pointer: Pointer
    message: str
    rule: str | None = None


@dataclass(slots=True)
class Problems:
    """The decode problems of one object, in the order found."""

    items: list[DecodeProblem] = field(default_factory=list)

    def add(self, pointer: Pointer, message: str, *, rule: str | None = None) -> None:
        self.items.append(DecodeProblem(pointer, message, rule))

    def __bool__(self) -> bool:
        return bool(self.items)


_TYPE_NAMES = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number"}


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def as_mapping(value: Any, pointer: Pointer, problems: Problems, what: str = "an object") -> dict[str, Any] | None:
    """None when absent or null; a problem (and None) when the type is wrong."""
    if value is None:
        return None
    if isinstance(value, dict):
        return value
    problems.add(pointer, f"must be {what}, not {type_name(value)}")
    return None


def as_list(value: Any, pointer: Pointer, problems: Problems) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, list):
        return value
    problems.add(pointer, f"must be a list, not {type_name(value)}")
    return []


def as_str(value: Any, pointer: Pointer, problems: Problems) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        # A YAML number where the API wants a string is rejected by the API server.
        problems.add(pointer, f"must be a string, not {type_name(value)}")
        return None
    problems.add(pointer, f"must be a string, not {type_name(value)}")
    return None


def as_int(value: Any, pointer: Pointer, problems: Problems) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    problems.add(pointer, f"must be an integer, not {type_name(value)}")
    return None


# A repository writes few distinct quantity texts ("100m", "128Mi") many times: each short one is parsed once a
# process. Quantities are immutable, so the same one is shared; a text that is refused is not kept.
_PARSED: dict[str, Quantity] = {}
_PARSED_MAX = 4096


def as_quantity(value: Any, pointer: Pointer, problems: Problems) -> Quantity | None:
    """A quantity as the API server unmarshals it: string, JSON number, or
    null (which Quantity.UnmarshalJSON reads as zero)."""
    if type(value) is str:
        known = _PARSED.get(value)
        if known is not None:
            return known
    if value is None:
        return Quantity(0)
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        problems.add(pointer, f"quantity must be a string or a number, not {type_name(value)}")
        return None
    try:
        if isinstance(value, float):
            text = format_go_float(value)
        else:
            text = str(value)
        parsed = parse_quantity(text)
    except QuantityError as exc:
        problems.add(pointer, f"invalid quantity {shown(value)}: {exc}")  # a long value cut short
        return None
    if type(value) is str and len(value) <= 32 and len(_PARSED) < _PARSED_MAX:
        _PARSED[value] = parsed
    return parsed


def resource_list(value: Any, pointer: Pointer, problems: Problems) -> dict[str, Quantity] | None:
    mapping = as_mapping(value, pointer, problems, "a map of resource names to quantities")
    if mapping is None:
        return None
    out: dict[str, Quantity] = {}
    for name, raw in mapping.items():
        quantity = as_quantity(raw, (*pointer, name), problems)
        if quantity is not None:
            out[name] = quantity
    return out


def decode_requirements(value: Any, pointer: Pointer, problems: Problems) -> ResourceRequirements | None:
    mapping = as_mapping(value, pointer, problems)
    if mapping is None:
        return None
    claims: list[str] = []
    for i, claim in enumerate(as_list(mapping.get("claims"), (*pointer, "claims"), problems)):
        claim_map = as_mapping(claim, (*pointer, "claims", i), problems)
        if claim_map is not None:
            claims.append(str(claim_map.get("name", "")))
    return ResourceRequirements(
        requests=resource_list(mapping.get("requests"), (*pointer, "requests"), problems),
        limits=resource_list(mapping.get("limits"), (*pointer, "limits"), problems),
        claims=tuple(claims),
    )
