"""The files a Fleet Bundle carries as text (``spec.resources[*].content``), read as the documents they are.

model/decode/fleet_bundle.py says which files the agent applies as written (rancher/fleet @3b2c622ce176
internal/helmdeployer/render/helm.go manifests). Each such file's text is decoded as internal/content Decode does
(``base64``, then ``gz``; the decompressed texts of one document bounded together by the run's document size, never more) and parsed by the
project's own loader (yamldoc.load_documents with the run's limits: no tag constructs anything). ``graft_bundle``
gives the decoder a copy of the document where that ``content`` is the list of the file's objects; a field of one
is located at its own line in the file where the text is a literal block scalar (``content: |``) of a file on
disk, else at the ``content`` key. A text that is no YAML (the agent's deployment fails on it), a file under
``templates/`` that holds ``{{`` (Helm renders it) and an encoding Fleet does not know are left as text: no object
is read from them.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode import fleet_bundle
from pod_resources_cli.records import replace
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.locator import GraftedLocator
from pod_resources_cli.source.values_text import _block_place, _set
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

_CONTENT_HEADER: Final = re.compile(r"\s*(?:-\s+)?[\"']?content[\"']?\s*:\s*\|([1-9]?)[-+]?([1-9]?)\s*(?:#.*)?$")
_LIST_SUFFIX: Final = "List"


def _bundles(data: Any, pointer: Pointer = ()) -> list[tuple[dict[str, Any], Pointer]]:
    if not isinstance(data, dict):
        return []
    kind, items = data.get("kind"), data.get("items")
    if isinstance(kind, str) and kind.endswith(_LIST_SUFFIX) and isinstance(items, list):
        return [found for i, item in enumerate(items) for found in _bundles(item, (*pointer, "items", i))]
    return [(data, pointer)] if fleet_bundle.is_bundle(data) else []


def needs_graft(data: Any) -> bool:
    """Cheap: the document is a Fleet Bundle (or a list that may hold one)."""
    if not isinstance(data, dict):
        return False
    kind = data.get("kind")
    return kind == "Bundle" or (isinstance(kind, str) and kind.endswith(_LIST_SUFFIX) and isinstance(data.get("items"), list))


def decoded(content: str, encoding: str, limit: int) -> bytes | None:
    """internal/content Decode, bounded: None where Fleet fails or the text is larger than ``limit``."""
    data: bytes
    if encoding == "base64" or encoding.startswith("base64+"):
        try:
            data = base64.b64decode(content, validate=True)
        except (binascii.Error, ValueError):
            return None
        encoding = encoding.removeprefix("base64").removeprefix("+")
    else:
        data = content.encode("utf-8", "surrogatepass")
    if encoding == "gz":
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            data = inflater.decompress(data, limit + 1)
        except zlib.error:
            return None
        if len(data) > limit or not inflater.eof:
            return None
    elif encoding:
        return None  # Decode returns the bytes as they are: an unknown encoding's text is not YAML
    return data if len(data) <= limit else None


def graft_bundle(doc: Document, limits: Limits = DEFAULT_LIMITS) -> Document:
    """The document with each applied file's ``content`` replaced by the list of its objects (module docstring)."""
    data = doc.data
    grafts: list[tuple[Pointer, Any, tuple[int, int] | None, Pointer, Any]] = []
    budget = limits.max_document_bytes  # for all the document's files: many small gzip texts cannot multiply it
    for obj, obj_pointer in _bundles(doc.data):
        spec = obj.get("spec")
        if not isinstance(spec, dict):
            continue
        indexes, _ = fleet_bundle.applied_files(spec)
        names = fleet_bundle.resource_names(spec)
        for i in indexes:
            resource = spec["resources"][i]
            if not isinstance(resource, dict):
                continue  # the API server refuses the Bundle
            content, encoding = resource.get("content"), resource.get("encoding") or ""
            if not isinstance(content, str) or not isinstance(encoding, str):
                continue
            text = decoded(content, encoding, budget)
            if text is None:
                continue
            budget -= len(text)
            if (names[i].startswith("templates/") and b"{{" in text):
                continue
            documents: list[Document] = []
            for found in load_documents(f"<{names[i]}>", text, limits):
                if isinstance(found, ParseFailure):
                    documents = []
                    break
                if found.data is not None:
                    documents.append(found)
            else:
                at = (*obj_pointer, "spec", "resources", i, "content")
                key_line = doc.locator.position(at)[0]
                shift = _block_place(doc, key_line, content, _CONTENT_HEADER) if not encoding else None
                data = _set(data, at, [d.data for d in documents])
                grafts.extend(((*at, j), d.locator, shift, at, d.data) for j, d in enumerate(documents))
    if data is doc.data:
        return doc
    return replace(doc, data=data, locator=GraftedLocator(doc.locator, tuple(grafts)))
