"""What a finding is, apart from where its line is: a fingerprint that
survives moved lines, and the path it is known by (relative to a base
directory, forward slashes).

One scheme for every consumer: SARIF's ``partialFingerprints`` and GitLab's
``fingerprint`` (render/), and the baseline (lint/baseline.py), so a
baseline and code scanning agree on what "the same finding" means. Changing
the scheme changes every stored baseline and every code scanning alert: its
name (``SCHEME``) changes with it.

Pure string work: the base directory is passed in, nothing here looks at
the file system.
"""

from __future__ import annotations

import hashlib
import itertools
import ntpath
import posixpath
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.store import SortedStore, SpillList

SCHEME: Final = "podResourcesFinding/v2"  # SARIF's partialFingerprints key, and the baseline's scheme


def _posix(path: str) -> str:
    return path.replace("\\", "/")


def relative_path(path: str, base_dir: str | None) -> str | None:
    """``path`` relative to ``base_dir`` in forward slashes (``./`` and ``..``
    resolved), or None when it lies outside it or cannot be placed."""
    text = _posix(path)
    if ntpath.isabs(path) and not posixpath.isabs(text):  # C:\... on a POSIX-built path
        return None
    if posixpath.isabs(text):
        if base_dir is None:
            return None
        base = posixpath.normpath(_posix(base_dir))
        text = posixpath.normpath(text)
        if text == base or not text.startswith(base.rstrip("/") + "/"):
            return None
        return text[len(base.rstrip("/")) + 1 :]
    text = posixpath.normpath(text)
    if text == ".." or text.startswith("../"):
        return None
    return text


def report_path(path: str, base_dir: str | None) -> str:
    """The path a report names: relative to the repository when inside it,
    else as given (forward slashes)."""
    rel = relative_path(path, base_dir)
    return rel if rel is not None else _posix(path)


def fingerprint(f: Finding, base_dir: str | None = None) -> str:
    """A hash of what the finding is (rule, file, object, container, field,
    message), not where its line is: it stays the same when lines move."""
    obj = f"{f.object.kind}/{f.object.namespace}/{f.object.name}/{f.object.template or ''}" if f.object else ""
    text = "\x00".join((f.rule, report_path(f.location.path, base_dir), obj, f.container or "", f.field or "", f.message))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def unique_fingerprints(findings: Sequence[Finding], base_dir: str | None = None) -> list[str]:
    return list(iter_unique_fingerprints(findings, base_dir))


def iter_unique_fingerprints(findings: Iterable[Finding], base_dir: str | None = None) -> Iterator[str]:
    """One fingerprint per finding, unique in the report: the same finding
    twice (the same object written twice in a file) gets ``fp``, then a hash
    of ``fp`` and its occurrence. In bounded memory: the fingerprints are
    sorted (with their positions) to number the repeats, and the repeats
    sorted back into report order (lint/store.py)."""
    prints: SpillList[str] = SpillList()
    ranked: SortedStore[tuple[str, int]] = SortedStore()
    repeats: SortedStore[tuple[int, str]] = SortedStore()
    try:
        for i, f in enumerate(findings):
            fp = fingerprint(f, base_dir)
            prints.append(fp)
            ranked.append((fp, i))
        for fp, group in itertools.groupby(ranked, key=lambda r: r[0]):
            for n, (_, i) in enumerate(group):
                if n:
                    repeats.append((i, hashlib.sha256(f"{fp}#{n}".encode()).hexdigest()[:32]))
        ranked.close()
        pending = iter(repeats)
        repeat = next(pending, None)
        for i, fp in enumerate(prints):
            if repeat is not None and repeat[0] == i:
                yield repeat[1]
                repeat = next(pending, None)
            else:
                yield fp
    finally:
        for store in (prints, ranked, repeats):
            store.close()
