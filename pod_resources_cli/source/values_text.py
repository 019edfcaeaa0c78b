"""Helm values an Argo CD Application writes as text, read as the values they are.

An Application's Helm source (argoproj/argo-cd @37ee0097cf85
pkg/apis/application/v1alpha1/types.go ApplicationSourceHelm) carries its values
either as an object (``helm.valuesObject``) or as YAML text (``helm.values: |``,
the common form). Argo CD hands Helm one of them, never both
(pkg/apis/application/v1alpha1/values.go ValuesYAML: ``valuesObject`` where it is
set, else the text), written to a file that Helm reads as its values
(reposerver/repository/repository.go helmTemplate, ``ExtraValues``). The same holds
for each source of a multi-source Application (``spec.sources[*]``).

``graft_values_text`` gives the decoder that one value: each ``helm`` of an
Application's sources in a copy of the document where ``valuesObject`` holds the
values Helm reads and ``values`` is gone, the text parsed by the project's own
loader (yamldoc.load_documents, with the run's limits: no tag constructs anything,
aliases and nesting bounded) as Helm reads it (the first document). So the kind
table's ``valuesObject`` paths (kinds_jupyterhub.py) read text and object alike,
and a field inside the text is located at its own line in the file (for a
literal block scalar, ``|``, in a file on disk; elsewhere at the ``values`` key).

Text that is no mapping (a YAML error, a list, a number...) is what Helm refuses
("cannot unmarshal ... into Go value of type map[string]interface {}"): Argo CD
renders nothing, so no pod is read from it, and it is reported (PR002) at the
``values`` field; so is a ``values`` that is no text at all (a mapping where the
CRD declares a string: the API server refuses the Application). Text that is wholly
a placeholder (``${user_values_yaml}``, a template of another tool's) is left as
written.
"""

from __future__ import annotations

import os
import re
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.records import dataclass, replace
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.locator import GraftedLocator, LazyLocator, MarkLocator
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

_BLOCK_HEADER: Final = re.compile(r"\s*(?:-\s+)?[\"']?values[\"']?\s*:\s*\|([1-9]?)[-+]?([1-9]?)\s*(?:#.*)?$")
_LIST_SUFFIX: Final = "List"


@dataclass(frozen=True, slots=True)
class Refused:
    """Values text Helm refuses: where it is written, why, and the object."""

    pointer: Pointer
    message: str
    name: str | None
    namespace: str | None


def _helm_sources(obj: dict[str, Any], pointer: Pointer) -> list[tuple[dict[str, Any], Pointer]]:
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return []
    out: list[tuple[dict[str, Any], Pointer]] = []
    source = spec.get("source")
    if isinstance(source, dict) and isinstance(source.get("helm"), dict):
        out.append((source["helm"], (*pointer, "spec", "source", "helm")))
    sources = spec.get("sources")
    if isinstance(sources, list):
        for i, item in enumerate(sources):
            if isinstance(item, dict) and isinstance(item.get("helm"), dict):
                out.append((item["helm"], (*pointer, "spec", "sources", i, "helm")))
    return out


def _applications(data: Any, pointer: Pointer = ()) -> list[tuple[dict[str, Any], Pointer]]:
    """The Argo CD Applications of a document (``kind: List`` unrolled), each with its pointer."""
    if not isinstance(data, dict):
        return []
    kind = data.get("kind")
    items = data.get("items")
    if isinstance(kind, str) and kind.endswith(_LIST_SUFFIX) and isinstance(items, list):
        return [found for i, item in enumerate(items) for found in _applications(item, (*pointer, "items", i))]
    api = data.get("apiVersion")
    if kind == "Application" and isinstance(api, str) and api.startswith("argoproj.io/"):
        return [(data, pointer)]
    return []


def needs_graft(data: Any) -> bool:
    """Cheap: the document holds an Application whose Helm source writes ``values``."""
    return any("values" in helm for obj, pointer in _applications(data) for helm, _ in _helm_sources(obj, pointer))


def _set(data: Any, pointer: Pointer, helm: Any) -> Any:
    """A copy of ``data`` with the value at ``pointer`` replaced, each container on the way copied."""
    if not pointer:
        return helm
    head, rest = pointer[0], pointer[1:]
    if isinstance(data, dict):
        return {**data, head: _set(data[head], rest, helm)}
    copy = list(data)
    assert isinstance(head, int)
    copy[head] = _set(data[head], rest, helm)
    return copy


def _block_place(doc: Document, key_line: int, text: str, header_pattern: re.Pattern[str] = _BLOCK_HEADER) -> tuple[int, int] | None:
    """(line shift, column shift) of a literal block scalar's text in the file on disk, where it is one
    (``header_pattern``: the key's line, its explicit indentation in group 1 or 2)."""
    if not isinstance(doc.locator, MarkLocator | LazyLocator) or not os.path.isfile(doc.path):
        return None
    try:
        with open(doc.path, "rb") as f:
            lines = f.read().decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    if not 0 < key_line <= len(lines) or (header := header_pattern.match(lines[key_line - 1])) is None:
        return None
    explicit = header[1] or header[2]
    first = next((t for t in text.splitlines() if t.strip()), None)
    if first is None:
        return None
    key_indent = len(lines[key_line - 1]) - len(lines[key_line - 1].lstrip())
    for i in range(key_line, min(len(lines), key_line + len(text.splitlines()) + 1)):
        line = lines[i]
        if line.strip():
            indent = key_indent + int(explicit) if explicit else len(line) - len(line.lstrip())
            return (key_line, indent) if line[indent:].rstrip() == first.rstrip() or line.strip() == first.strip() else None
    return None


def _parsed(text: str, limits: Limits) -> tuple[Any, Document | None, str | None]:
    """Helm's reading of the text: (the values, their document, why they are refused)."""
    for found in load_documents("<values>", text.encode("utf-8", "replace"), limits):
        if isinstance(found, ParseFailure):
            return None, None, f"not YAML Helm can read ({found.message}, line {found.location.line} of the text)"
        if found.data is None:
            return {}, None, None  # comments only: no values
        if not isinstance(found.data, dict):
            kind = "a list" if isinstance(found.data, list) else f"the scalar {found.data!r}"
            return None, None, f"{kind}, not a mapping of values"
        return found.data, found, None
    return {}, None, None  # empty: no values


def graft_values_text(doc: Document, limits: Limits = DEFAULT_LIMITS) -> tuple[Document, list[Refused]]:
    """The document as Argo CD's Helm sources give their values (module docstring), and the texts Helm refuses."""
    from pod_resources_cli.model.decode.placeholders import placeholder_value

    data = doc.data
    grafts: list[tuple[Pointer, Any, tuple[int, int] | None, Pointer]] = []
    refused: list[Refused] = []
    for obj, obj_pointer in _applications(doc.data):
        metadata = obj.get("metadata")
        name = metadata.get("name") if isinstance(metadata, dict) else None
        namespace = metadata.get("namespace") if isinstance(metadata, dict) else None
        for helm, pointer in _helm_sources(obj, obj_pointer):
            if "values" not in helm:
                continue
            own = {k: v for k, v in helm.items() if k != "values"}
            text = helm["values"]
            if helm.get("valuesObject") is not None or text is None or text == "":
                data = _set(data, pointer, own)  # ValuesYAML: the object, or no text at all
                continue
            if not isinstance(text, str):  # the CRD declares a string: the API server refuses the object
                shape = "a mapping" if isinstance(text, dict) else "a list" if isinstance(text, list) else f"the {type(text).__name__} {text!r}"
                wrong = f"helm.values is {shape}, not text: the Application CRD declares a string (values as an object go in helm.valuesObject)"
                refused.append(Refused((*pointer, "values"), f"{wrong}, so the API server refuses the Application", _str(name), _str(namespace)))
                data = _set(data, pointer, {**own, "valuesObject": ""})  # no values Helm reads: no pod
                continue
            if placeholder_value(text):
                continue  # another tool fills it in: as written
            values, parsed, why = _parsed(text, limits)
            if why is not None:
                refused.append(Refused((*pointer, "values"), f"helm.values is {why}: Helm refuses it and Argo CD renders nothing", _str(name), _str(namespace)))  # fmt: skip
                values = text  # a value no pod is read from
            data = _set(data, pointer, {**own, "valuesObject": values})
            key_line = doc.locator.position((*pointer, "values"))[0]
            shift = _block_place(doc, key_line, text) if parsed is not None else None
            grafts.append(((*pointer, "valuesObject"), parsed, shift, (*pointer, "values")))
    if data is doc.data:
        return doc, refused
    sub = tuple(
        (at, parsed.locator if parsed is not None and shift is not None else None, shift, key, parsed.data if parsed is not None else None)
        for at, parsed, shift, key in grafts
    )
    return replace(doc, data=data, locator=GraftedLocator(doc.locator, sub)), refused


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None
