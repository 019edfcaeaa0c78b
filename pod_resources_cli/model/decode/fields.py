"""Unknown fields, as the API server's strict decoding reports them.

Mirrors apimachinery's strict field validation: under
``fieldValidation=Strict``, which ``kubectl apply``, ``create`` and
``replace`` ask for by default (``--validate=strict``, done by the API
server since Kubernetes 1.25), the API server decodes the body with
sigs.k8s.io/json's case-sensitive strict decoder
(k8s.io/apimachinery/pkg/runtime/serializer/json/json.go unmarshal, at
kubernetes/apimachinery v0.36.0) and rejects the object when a key names no
field of its Go type, with
``strict decoding error: unknown field "spec.template.spec.containers[0].resources.request"``
(pkg/runtime/error.go, same release). Without this check such a key
(``resources: {request: {cpu: 1}}``, ``limts:``, ``resource:``) would just
read as absent here.

The field names are read from ``data/openapi_fields.json``, which
``scripts/gen_openapi_fields.py`` generates from the official Kubernetes
Python client: the ``openapi_types`` / ``attribute_map`` of
``kubernetes/client/models/*.py`` in the ``kubernetes`` 37.0.2 wheel, which
is generated from the Kubernetes release-1.37 OpenAPI spec (both versions
are recorded in the file). Only the types this tool reads are there: the
pod, its template and spec, containers, their resources and claims, and the
built-in workloads along their template path; the walk recurses only into
those, so ``metadata``, ``status``, probes, volumes... are left to the API
server. Values of the wrong shape (a map where a list is expected) are the
type checks' business (``problems.py``, PR002) and are not walked.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cache
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kinds import WORKLOAD_KINDS, WorkloadKind, find_kind
from pod_resources_cli.model.decode.problems import DecodeProblem

UNKNOWN_FIELD_RULE: Final = "PR004"
DATA_FILE: Final = ("data", "openapi_fields.json")  # in the package pod_resources_cli
DATA_FORMAT: Final = 1
# difflib's ratio above which a known name is offered as "did you mean":
# typos score 0.85 and more (limts/limits 0.91, resourecs/resources 0.89,
# envfrom/envFrom 0.86), a field written at the wrong level less
# (volumes in a container 0.74, schedule in a JobSpec 0.78).
SUGGESTION_CUTOFF: Final = 0.8

_ONE, _LIST, _MAP = 0, 1, 2


class FieldType:
    """One API type: its JSON field names, and the fields that hold a kept
    type (set once the whole table is read, as types refer to each other).
    A plain class: it is built on every ``lint`` start-up path."""

    __slots__ = ("name", "known", "names", "children", "child_of")

    def __init__(self, name: str, names: list[str]) -> None:
        self.name = name
        self.known = frozenset(names)
        self.names = tuple(sorted(names))  # for suggestions
        self.children: tuple[tuple[str, int, FieldType], ...] = ()  # (field, shape, type)
        self.child_of: dict[str, tuple[int, FieldType]] = {}

    def __repr__(self) -> str:
        return f"FieldType({self.name!r})"


class Schema:
    """The whole table, with the client release and Kubernetes version it came from."""

    __slots__ = ("client", "kubernetes", "types")

    def __init__(self, client: str, kubernetes: str, types: dict[str, FieldType]) -> None:
        self.client = client
        self.kubernetes = kubernetes
        self.types = types


@cache
def schema() -> Schema:
    """The generated field table, read once per process."""
    return parse_schema(load_data(read_data()))


def read_data() -> bytes:
    """The file's bytes through the package's loader, as ``pkgutil.get_data``
    and ``importlib.resources`` read package data (so from a wheel or a zip
    too), without importing either: importlib.resources brings tempfile,
    zipfile, bz2, lzma... (about 20 ms) onto lint's start-up path."""
    import pod_resources_cli

    spec = pod_resources_cli.__spec__
    loader: Any = spec.loader if spec is not None else None
    if loader is None or not hasattr(loader, "get_data") or pod_resources_cli.__file__ is None:
        from importlib import resources

        return resources.files("pod_resources_cli").joinpath(*DATA_FILE).read_bytes()
    data: bytes = loader.get_data(os.path.join(os.path.dirname(pod_resources_cli.__file__), *DATA_FILE))
    return data


def load_data(data: bytes) -> dict[str, Any]:
    """The JSON document. The generator writes only objects, lists, strings
    and integers (no true/false/null, no escapes but JSON's own), which is
    also a Python literal: ``ast.literal_eval`` reads it, once (the value is
    kept with the start-up code, _codecache.py), and ``json``, which
    tests/test_startup.py keeps off the plain ``lint`` path, is not imported.
    A file with anything else is refused."""
    from pod_resources_cli._codecache import value_for

    value = value_for(data.decode("utf-8"), _literal)
    if not isinstance(value, dict):
        raise ValueError("openapi_fields.json: not a JSON object")
    return value


def _literal(text: str) -> Any:
    import ast

    return ast.literal_eval(text)


def parse_schema(data: dict[str, Any]) -> Schema:
    if data.get("format") != DATA_FORMAT:
        raise ValueError(f"openapi_fields.json: format {data.get('format')!r}, expected {DATA_FORMAT}")
    raw_types: dict[str, Any] = data["types"]
    types = {name: FieldType(name, entry["fields"]) for name, entry in raw_types.items()}
    for name, entry in raw_types.items():
        children: list[tuple[str, int, FieldType]] = []
        for field, ref in entry["refs"].items():
            if ref.startswith("[]"):
                shape, target = _LIST, ref.removeprefix("[]")
            elif ref.startswith("map[string]"):
                shape, target = _MAP, ref.removeprefix("map[string]")
            else:
                shape, target = _ONE, ref
            if target not in types or field not in types[name].known:
                raise ValueError(f"openapi_fields.json: {name}.{field} refers to {ref!r}, which is not a kept type")
            children.append((field, shape, types[target]))
        types[name].children = tuple(children)
        types[name].child_of = {field: (shape, target) for field, shape, target in children}
    return Schema(str(data["client"]), str(data["kubernetes"]), types)


# The built-in kinds that carry pods, from the kind table (kinds.py): each is an OpenAPI type of its name.
BUILTIN_KINDS: Final = frozenset(k.kind for k in WORKLOAD_KINDS if k.builtin)


def unknown_fields(value: Any, type_name: str, pointer: Pointer) -> Iterator[DecodeProblem]:
    """One problem per key of ``value`` (and of the kept types below it) that
    names no field of ``type_name``, at that key's pointer, in document
    order. ``value`` is plain data from the loader; anything but a mapping
    has no fields to check."""
    ftype = schema().types[type_name]
    if _clean(value, ftype):
        return iter(())
    found: list[DecodeProblem] = []
    _walk(value, ftype, pointer, found)
    return iter(found)


def workload_unknown_fields(obj: dict[str, Any], pointer: Pointer, kind: WorkloadKind | None = None) -> Iterator[DecodeProblem]:
    """The unknown fields of a built-in workload object (Pod, Deployment,
    CronJob...), checked whole against its type: of the version served
    today (one of an older apiVersion is PR006 before it gets here:
    model/decode/served.py). Any other object (a custom resource, whose
    schema may keep unknown fields) yields nothing. ``kind``: the object's
    table entry, when the caller has it."""
    kind = kind or find_kind(obj)
    if kind is None or not kind.builtin or kind.served is None:
        return iter(())  # a custom kind, or one of the same name in another group (batch.volcano.sh Job)
    ftype = schema().types[kind.kind]
    if _clean(obj, ftype):
        return iter(())
    found: list[DecodeProblem] = []
    _walk(obj, ftype, pointer, found)
    return iter(found)


def _clean(value: Any, ftype: FieldType) -> bool:
    """No unknown key anywhere: the common case, checked without building a
    pointer (linting thousands of manifests walks every one)."""
    if not isinstance(value, dict):
        return True
    if not ftype.known.issuperset(value):
        return False
    for field, shape, target in ftype.children:
        child = value.get(field)
        if child is None:
            continue
        if shape == _ONE:
            if not _clean(child, target):
                return False
        elif shape == _LIST:
            if isinstance(child, list):
                for item in child:
                    if not _clean(item, target):
                        return False
        elif isinstance(child, dict):
            for item in child.values():
                if not _clean(item, target):
                    return False
    return True


def _walk(value: Any, ftype: FieldType, pointer: Pointer, out: list[DecodeProblem]) -> None:
    """Every unknown key, in document order."""
    if not isinstance(value, dict):
        return
    for key, child in value.items():
        ref = ftype.child_of.get(key)
        if ref is None:
            if key not in ftype.known:
                out.append(DecodeProblem((*pointer, key), unknown_field_message(str(key), ftype), UNKNOWN_FIELD_RULE))
            continue
        shape, target = ref
        if shape == _ONE:
            _walk(child, target, (*pointer, key), out)
        elif shape == _LIST:
            if isinstance(child, list):
                for i, item in enumerate(child):
                    _walk(item, target, (*pointer, key, i), out)
        elif isinstance(child, dict):
            for name, item in child.items():
                _walk(item, target, (*pointer, key, name), out)


STRICT_REJECTS: Final = "; kubectl apply rejects the object (strict field validation)"  # unknown_field_message's end


def unknown_field_message(key: str, ftype: FieldType) -> str:
    hint = suggestion(key, ftype)
    did_you_mean = f' (did you mean "{hint}"?)' if hint else ""
    return f'unknown field "{key}"{did_you_mean}{STRICT_REJECTS}'


def suggestion(key: str, ftype: FieldType) -> str | None:
    """The known name ``key`` most likely misspells: one differing only in
    case (the decoder is case-sensitive), else difflib's closest above the cutoff."""
    folded = key.casefold()
    for name in ftype.names:
        if name.casefold() == folded:
            return name
    import difflib  # only on the error path

    close = difflib.get_close_matches(key, ftype.names, n=1, cutoff=SUGGESTION_CUTOFF)
    return close[0] if close else None
