"""Finding a project's kustomizations, and checking a chart before helm reads it.

Kustomizations are searched in each root of the run that is a git work tree
or holds a directory argument (a patch is often named from a sibling
overlay, so a patch passed alone by pre-commit is still known); for a file
outside both, only its own directory's kustomization is read. Every kustomization file is
read through the boundary: a link out of the repository or a FIFO is never
opened. The search is bounded (``MAX_SCAN`` directory entries a root).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from pod_resources_cli.model.decode.partial import KustomizeRole
from pod_resources_cli.source.boundary import Boundary, is_within, kind_of, shown, work_tree
from pod_resources_cli.source.kustomization import (
    KUSTOMIZATION_FILES,
    MAX_KUSTOMIZATION_BYTES,
    Kustomization,
    kustomization_file,
    parse_kustomization,
)
from pod_resources_cli.source.listing import remember

SKIP_DIRS: Final = frozenset({".git", "node_modules", "vendor", ".venv", "__pycache__", ".tox"})
MAX_SCAN: Final = 200_000  # directory entries looked at when searching a root for kustomizations
MAX_CHART_ENTRIES: Final = 100_000  # files and directories looked at in one chart before helm reads it


def kustomizations_for(files: Sequence[str], dirs: Sequence[str], boundary: Boundary) -> dict[str, Kustomization]:
    """The kustomizations that may use ``files``, by directory (see the module docstring)."""
    named = [os.path.realpath(d) for d in dirs]
    roots = {r for r in boundary.roots if work_tree(r) == r or any(is_within(d, r) for d in named)}
    lone: set[str] = set()
    # each directory resolved once (a plan's files are absolute and normal already: no abspath for each)
    for directory in {(f if os.path.isabs(f) else os.path.abspath(f)).rpartition(os.sep)[0] or os.sep for f in files if f != "-"}:
        if not any(is_within(os.path.realpath(directory), r) for r in roots):
            lone.add(directory)
    global _run_roots
    searched = tuple(sorted(roots | set(_run_roots[0]))) if _run_roots[1] == boundary else tuple(sorted(roots))
    if _run_roots != (searched, boundary):  # another run (its boundary), or more roots of this one
        _run_roots = (searched, boundary)
        kustomize_role.cache_clear()  # a file's role is asked within its run's roots
    out: dict[str, Kustomization] = {}
    for root in sorted(roots):
        out.update(_scan(root, boundary))
    for directory in sorted(lone):
        path = kustomization_file(directory)
        parsed = read_kustomization(path, boundary) if path is not None else None
        if parsed is not None:
            out[parsed.root] = parsed
    return out


@lru_cache(maxsize=1024)
def kustomize_role(path: str) -> KustomizeRole:
    """How the kustomizations of ``path``'s project see it: "resource" when
    one builds it (a resource or base), "unnamed" when its directory holds a
    kustomization, or a kustomization names another file of it, and none
    names it (as resource, patch or input), else None. Looked for as ``kustomizations_for`` does: in the whole git work
    tree that holds it, else in the run's directory argument that holds it (a tree unpacked from an archive, no
    ``.git``: flyteorg/flyte 6fadb90d65af's devbox ``kustomize/minio-patch.yaml`` is beside the files its ``complete``
    kustomization names, one directory down), else in its own directory only."""
    full = os.path.abspath(path)
    names = {full, os.path.realpath(full)}
    directory = os.path.dirname(full)
    root = work_tree(directory)
    boundary = Boundary((root,)) if root is not None else None
    if root is None:
        root, boundary = _run_root(directory)
    if root is not None and boundary is not None:
        known = _scan(root, boundary)
    else:
        own = kustomization_file(directory)
        parsed = read_kustomization(own, Boundary((os.path.realpath(directory),))) if own is not None else None
        known = {parsed.root: parsed} if parsed is not None else {}
    if any(names & set(k.resources) for k in known.values()):
        return "resource"
    if any(names & {*k.patches, *k.reads} for k in known.values()):
        return None
    if kustomization_file(directory) is None and not _builds_from(directory, known):
        return None
    return "unnamed"


# The roots ``kustomizations_for`` searched for the run's boundary (git work trees and directory arguments), with
# that boundary: set in the parent when the run is planned, before workers fork; replaced when a run has another.
_run_roots: tuple[tuple[str, ...], Boundary] = ((), Boundary(()))


def run_roots() -> tuple[str, ...]:
    """The roots of the planned run (``_run_roots``), to key what depends on them."""
    return _run_roots[0]


def _run_root(directory: str) -> tuple[str | None, Boundary]:
    """The innermost root of the planned run that holds ``directory``, with the
    boundary to read under (the git work tree's own when there is one)."""
    roots, boundary = _run_roots
    real = os.path.realpath(directory)
    inside = [r for r in roots if is_within(real, r)]
    return (max(inside, key=len), boundary) if inside else (None, boundary)


def run_root(directory: str) -> tuple[str | None, Boundary]:
    """The innermost root of the planned run that holds ``directory`` (a git work tree or a directory argument),
    with the run's boundary; None when none holds it (a file named alone)."""
    return _run_root(directory)


def _builds_from(directory: str, known: dict[str, Kustomization]) -> bool:
    """A kustomization names another file of ``directory`` (flyte's devbox
    kustomize/complete and dev name ../namespace.yaml): kustomize builds
    from that directory, though it holds no kustomization of its own."""
    real = os.path.realpath(directory)
    return any(os.path.dirname(p) in (directory, real) for k in known.values() for p in (*k.resources, *k.patches, *k.reads))


def read_kustomization(path: str, boundary: Boundary) -> Kustomization | None:
    """The references of a kustomization file; None when it cannot (or may not) be read."""
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

    if boundary.refusal(path) is not None:
        return None
    source = read_source(path, MAX_KUSTOMIZATION_BYTES)
    if source.data is None or len(source.data) > MAX_KUSTOMIZATION_BYTES:
        return None
    loaded = list(load_documents(path, source.data))
    if loaded and isinstance(loaded[0], ParseFailure) and _REPEATED_KEY in loaded[0].message:
        data = _last_key_wins(source.data)
        return parse_kustomization(path, data) if isinstance(data, dict) else None
    docs = [d for d in loaded if isinstance(d, Document)]
    if not docs or not isinstance(docs[0].data, dict):
        return None
    return parse_kustomization(path, docs[0].data)


_REPEATED_KEY: Final = "already defined"


def _last_key_wins(data: bytes) -> object:
    """A kustomization with a repeated key, as kustomize builds it (the later
    value wins); None when it is still not YAML. The text is at most
    MAX_KUSTOMIZATION_BYTES, and only its reference lists are read."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return next(iter(yaml.load_all(data, Loader=loader)), None)
    except yaml.YAMLError:
        return None


def _scan(root: str, boundary: Boundary) -> dict[str, Kustomization]:
    return dict(_scan_cached(root, boundary))


@lru_cache(maxsize=64)
def _scan_cached(root: str, boundary: Boundary) -> tuple[tuple[str, Kustomization], ...]:
    out: dict[str, Kustomization] = {}
    for current, present in _directories(root):
        for name in KUSTOMIZATION_FILES:
            if name in present:
                parsed = read_kustomization(os.path.join(current, name), boundary)
                if parsed is not None:
                    out[parsed.root] = parsed
                break
    return tuple(out.items())


_KUSTOMIZATION_NAMES: Final = frozenset(KUSTOMIZATION_FILES)


def _directories(root: str) -> list[tuple[str, tuple[str, ...]]]:
    """The directories os.walk(root) visits top-down, subdirectories sorted
    and SKIP_DIRS left out, links to directories counted but not entered,
    unreadable directories passed over, up to the one that brings the
    entries looked at past MAX_SCAN; each with the kustomization file names
    it holds (not as directories). One scandir a directory and no generator
    frames: the search runs at every start inside a work tree (pre-commit),
    where os.walk's own bookkeeping was most of it."""
    found: list[tuple[str, tuple[str, ...]]] = []
    stack = [root]
    looked = 0
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as scan:
                entries = list(scan)
        except OSError:
            continue
        try:
            dirs = [entry for entry in entries if entry.is_dir()]  # the listing's d_type: no stat, unless one is unknown
        except OSError:
            dirs = [entry for entry in entries if _is_dir(entry)]
        listed = [entry.name for entry in entries]
        present = _KUSTOMIZATION_NAMES.intersection(listed)
        if present:
            present = present.difference([entry.name for entry in dirs])
        kept = [entry for entry in dirs if entry.name not in SKIP_DIRS]
        looked += len(entries) - (len(dirs) - len(kept))
        if looked > MAX_SCAN:
            break
        found.append((current, tuple(present)))
        remember(current, listed)
        enter = sorted(entry.name for entry in kept if not _is_link(entry))
        stack.extend(os.path.join(current, name) for name in reversed(enter))
    return found


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False  # os.walk's islink says False too: entered, and its scandir error passed over


def chart_refusal(chart: str, boundary: Boundary) -> str | None:
    """Why helm must not read ``chart``: helm loads every file of a chart
    (following links), so a link out of the repository (its content could
    reach the output through ``.Files.Get``) or a FIFO or device (helm would
    block or never finish) anywhere in it stops the render; so does a chart
    too large to look through."""
    looked = 0
    for current, dirnames, filenames in os.walk(chart, followlinks=True):  # as helm's loader does; a link out stops it first
        looked += len(dirnames) + len(filenames)
        if looked > MAX_CHART_ENTRIES:
            return f"more than {MAX_CHART_ENTRIES:,} files and directories"
        for name in (*dirnames, *filenames):
            path = os.path.join(current, name)
            try:
                info = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISLNK(info.st_mode):
                if not boundary.contains(path):
                    return f"{shown(path)} is a symbolic link to outside the repository"
                try:
                    info = os.stat(path)
                except OSError:
                    continue  # a broken link: helm reports it
            kind = None if stat.S_ISDIR(info.st_mode) else kind_of(info.st_mode)
            if kind is not None:
                return f"{shown(path)} is {kind}"
    return None
