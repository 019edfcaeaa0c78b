"""The JSON Schemas shipped in ``pod_resources_cli/schemas/`` and validation against them.

Schemas are package data, read with importlib.resources (so they work from
a wheel or a zip); jsonschema is imported only when something is validated.
Problems carry the JSON pointer of the offending value, which the caller
turns into file:line:column with its document's locator.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from pod_resources_cli.location import Pointer
from pod_resources_cli.records import dataclass

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

NODE_SCHEMA = "node.schema.json"


@dataclass(frozen=True, slots=True)
class SchemaProblem:
    pointer: Pointer
    message: str


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A shipped schema by file name (``node.schema.json``)."""
    text = resources.files("pod_resources_cli").joinpath("schemas", name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def validate(instance: Any, name: str) -> list[SchemaProblem]:
    """Every violation of schema ``name``, ordered by the path of the offending value."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator(load_schema(name))
    problems = [_problem(error) for error in validator.iter_errors(instance)]
    return sorted(problems, key=lambda p: (tuple(str(part) for part in p.pointer), p.message))


def _problem(error: ValidationError) -> SchemaProblem:
    # For oneOf/anyOf failures the most specific sub-error says more.
    best = error
    if error.context:
        from jsonschema.exceptions import best_match

        best = best_match(error.context) or error
    pointer: Pointer = tuple(best.absolute_path)
    return SchemaProblem(pointer, _message(best))


def _message(error: ValidationError) -> str:
    keyword = str(error.validator)  # the schema keyword that failed (typed loosely by older stubs)
    if keyword == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set((error.schema.get("properties") or {}) if isinstance(error.schema, dict) else ())
        extra = sorted(k for k in error.instance if k not in allowed)
        if extra:
            return f"unknown field {extra[0]!r}" + (f" (allowed: {', '.join(sorted(allowed))})" if allowed else "")
    if keyword == "required" and isinstance(error.validator_value, list):
        missing = [k for k in error.validator_value if isinstance(error.instance, dict) and k not in error.instance]
        if missing:
            return f"missing required field {missing[0]!r}"
    return str(error.message)
