"""A kustomize build without the CRD schemas nothing here reads.

An operator's kustomizations list its CustomResourceDefinitions as
resources, and their OpenAPI schemas are megabytes each: kubectl kustomize
spends nearly all its time parsing and printing them (kserve/kserve's 21
builds: 48.6 s, of which 44 s went to CRD schemas; with the schemas emptied,
4.5 s and the same non-CRD output, object for object). A build's CRDs are
only counted here (render.COUNTED_ONLY), so a build may run over a copy of
its files in which each CRD's ``schema`` (``spec.versions[*].schema``, and
v1beta1's ``spec.validation``) is ``{}``.

Why that cannot change what the build makes of a pod: kustomize takes merge
keys and patch strategies from its built-in Kubernetes schema and from the
files named by ``openapi`` and ``crds`` only, never from a CRD among the
resources (kubernetes-sigs/kustomize#2825, and its ``openapi`` field's
documentation), so only files named as ``resources`` are trimmed; and a
replacement, var or JSON patch that reads or writes a field of a removed
schema fails the trimmed build, which is then run again over the real files
(source/render.py). A copy holds the files the build reads
(kustomization.build_files), read as regular files within the repository; a
build that needs another file fails on the copy and is run over the real
files, with the same protections as any build.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.boundary import open_regular

MAX_FILE_BYTES: Final = 64 << 20  # a resource held in memory to be trimmed: a larger one is built as it is
WORTH_TRIMMING: Final = 256 << 10  # schema bytes removed before a copy is made: below it the copy costs more than it saves
_DOCUMENT: Final = re.compile(rb"^---", re.M)
_CRD: Final = re.compile(rb"^kind:[ \t]*CustomResourceDefinition[ \t]*\r?$", re.M)
_CRD_API: Final = re.compile(rb"^apiVersion:[ \t]*apiextensions\.k8s\.io/", re.M)
# ``schema:`` of a version (or v1beta1's ``validation:``), its value on the lines below, indented more.
_SCHEMA_KEY: Final = re.compile(rb"^( {2,})(- )?(schema|validation):[ \t]*(#[^\n]*)?\r?\n", re.M)
_BLOCK_LINE: Final = re.compile(rb"[ \t]*(#[^\n]*)?\r?\n|( *)[^\n]*\n?")
# kustomize's words for a missing file: the path it wanted, then the part of it that lstat did not find.
_MISSING: Final = re.compile(r"(?:evalsymlink failure on '([^'\n]+)' : )?lstat ([^\n]+?): no such file or directory")


def trim_schemas(data: bytes) -> tuple[bytes, int]:
    """``data`` with each CRD document's schemas written as ``{}``, and the
    number of bytes removed (0: ``data`` itself)."""
    if not _CRD.search(data):
        return data, 0
    starts = [0, *(m.start() for m in _DOCUMENT.finditer(data) if m.start() > 0), len(data)]
    parts = []
    for begin, end in zip(starts, starts[1:]):
        document = data[begin:end]
        parts.append(_trim_document(document) if _CRD.search(document) and _CRD_API.search(document) else document)
    trimmed = b"".join(parts)
    return trimmed, len(data) - len(trimmed)


def _trim_document(document: bytes) -> bytes:
    out = []
    at = 0
    while (key := _SCHEMA_KEY.search(document, at)) is not None:
        column = len(key[1]) + (2 if key[2] else 0)
        out.append(document[at : key.start()])
        out.append(key[1] + (key[2] or b"") + key[3] + b": {}\n")
        # The value: blank and comment lines, and lines indented past the key; it ends at the first other line.
        end = _block_end(column).search(document, key.end())
        at = end.start() if end is not None else len(document)
    out.append(document[at:])
    return b"".join(out)


@lru_cache(maxsize=64)
def _block_end(column: int) -> re.Pattern[bytes]:
    """A line with something on it (not blank, not a comment) indented ``column`` spaces or fewer."""
    return re.compile(rb"^ {0,%d}(?! )(?![ \t]*(?:#|\r?$))" % column, re.M)


def lean_copy(files: Iterable[str], resources: frozenset[str], root: str, directory: str, budget: int) -> str | None:
    """Copies ``files`` (absolute, each under ``root``) into ``directory``
    under their paths relative to ``root``, with the schemas of those among
    ``resources`` trimmed; returns a directory inside the copy, named apart
    from every file, for the build's wrapper. None when trimming removes
    less than WORTH_TRIMMING, the files pass ``budget`` bytes, or one of them
    cannot be read as a regular file: the build then runs over the real files."""
    import shutil

    trimmed: dict[str, bytes] = {}  # only what changed is held: a CRD without its schema is small
    removed = 0
    try:
        if sum(os.stat(path).st_size for path in resources) < WORTH_TRIMMING:
            return None  # too little to remove: most builds end here, reading nothing
        for path in sorted(resources):
            with open_regular(path) as fh:
                data = fh.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                return None
            data, cut = trim_schemas(data)
            if cut:
                trimmed[path] = data
                removed += cut
        if removed < WORTH_TRIMMING:
            return None
        total = 0
        for path in sorted(files):
            target = os.path.join(directory, os.path.relpath(path, root))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "xb") as out:
                if path in trimmed:
                    out.write(trimmed[path])
                else:
                    with open_regular(path) as fh:
                        shutil.copyfileobj(fh, out)
                total += out.tell()
            if total > budget:
                return None
    except OSError:
        return None
    tops = {os.path.relpath(path, root).split(os.sep, 1)[0] for path in files}
    name = next(n for n in (f"pod-resources-build-{i}" for i in range(len(tops) + 1)) if n not in tops)
    wrapper = os.path.join(directory, name)
    os.mkdir(wrapper)
    return wrapper


def missing_here(said: str, copy: str, top: str) -> bool:
    """Did a build of the copy at ``copy`` fail for want of a file that is
    missing from the repository (at ``top``) too? Then the real files fail
    the same way, and need not be built to say so."""
    paths = [wanted or found for wanted, found in _MISSING.findall(said)]
    inside = [p for p in paths if p.startswith(copy + os.sep)]
    return bool(paths) and len(inside) == len(paths) and not any(os.path.lexists(top + p[len(copy) :]) for p in inside)
