"""``lint --new-from-rev REV``: the files as they were at REV are linted too,
and only what is new is reported (lint/new_code.py says what "new" is).

The files at REV are read from git (source/git_rev.py), never checked out:
the same paths as today's run, the node file and Helm values files, and
for each chart and kustomization rendered today, its directory and the
directories of the files it builds from (generators' files included),
written into a temporary directory and linted there with today's
configuration and options. The cost is about a second lint, plus writing
those files (at most 1 GiB). When the files at REV cannot be linted (a node
file that was invalid then...), every finding is reported, with a note.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pod_resources_cli.errors import PodResourcesError
from pod_resources_cli.lint.baseline import keyed
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.new_code import Side, changed_objects, is_new
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.records import dataclass, replace
from pod_resources_cli.run.lint import LintRequest
from pod_resources_cli.source.discover import STDIN
from pod_resources_cli.source.git_process import Repo
from pod_resources_cli.source.git_rev import changed_lines, open_repo, resolve_commit, tree_files, write_blobs


@dataclass(frozen=True, slots=True)
class Revision:
    """REV checked before anything is linted (a missing commit stops the run at once)."""

    rev: str
    repo: Repo
    commit: str


def check_revision(rev: str, cwd: str) -> Revision:
    repo = open_repo(cwd)
    return Revision(rev, repo, resolve_commit(repo, rev))


class _Paths:
    """Paths between the run's working directory and the repository (relative, ``/``-separated)."""

    def __init__(self, top: str, cwd: str) -> None:
        self.top, self.cwd = top, cwd
        self._cache: dict[str, str | None] = {}

    def rel(self, path: str, base: str | None = None) -> str | None:
        """``path`` relative to ``base`` (the repository's top), or None outside it."""
        base = base or self.top
        key = f"{base}\0{path}"
        if key not in self._cache:
            full = os.path.realpath(os.path.join(self.cwd, path))
            inside = os.path.commonpath([full, base]) == base
            self._cache[key] = os.path.relpath(full, base).replace(os.sep, "/") if inside else None
        return self._cache[key]


def new_since(revision: Revision, request: LintRequest, cwd: str) -> Callable[[LintResult], tuple[bytearray, str]]:
    """The flags of a finished run's findings (1: new since REV)."""

    def flags(result: LintResult) -> tuple[bytearray, str]:
        import tempfile

        paths = _Paths(revision.repo.top, cwd)
        now = Side()
        now.add_digests(((rel, obj), d) for obj, path, d in result.digests if (rel := paths.rel(path)) is not None)
        with tempfile.TemporaryDirectory(prefix="pod-resources-rev-") as tmp:
            root = os.path.realpath(tmp)
            rev = _lint_at_revision(revision, request, paths, root, result)
        changed = changed_lines(revision.repo, revision.commit)
        for ranges in changed.values():
            ranges.sort()
        if rev is None:
            return bytearray(b"\x01" * len(result.findings)), revision.commit
        moved = changed_objects(now, rev)
        out = bytearray(len(result.findings))
        for i, (f, fp) in enumerate(keyed(result.findings, revision.repo.top, cwd)):
            out[i] = is_new(paths.rel(f.location.path), f.location.line, f.object, fp, rev, changed, moved)
        return out, revision.commit

    return flags


def _lint_at_revision(revision: Revision, request: LintRequest, paths: _Paths, root: str, result: LintResult) -> Side | None:
    """The files at REV written under ``root`` and linted; None (with a note) when they cannot be."""
    from pod_resources_cli.run.lint import lint_run

    wanted = _scope(request, paths)
    files = tree_files(revision.repo, revision.commit, wanted)
    write_blobs(revision.repo, files, root)
    at_rev = {path for path, _, _ in files}
    rev_request = replace(
        request,
        paths=[p for p in (_moved(p, paths, root, at_rev) for p in request.paths) if p is not None],
        config=_moved_config(request, paths, root),
        node_file=_moved_file(request.node_file, paths, root, at_rev),
        timed=False,
        digests=True,
        root=root,  # the tree at REV: its own repository
    )
    try:
        outcome = lint_run(rev_request)
    except PodResourcesError as exc:
        result.summary.notes.append(
            f"--new-from-rev {revision.rev}: the files at {revision.commit[:12]} cannot be linted ({exc}): every finding is reported"
        )
        return None
    try:
        side = Side()
        side.prints.update(fp for _, fp in keyed(outcome.result.findings, root, paths.cwd))
        side.add_digests(((rel, obj), d) for obj, path, d in outcome.result.digests if (rel := paths.rel(path, root)) is not None)
        return side
    finally:
        outcome.close()


def _scope(request: LintRequest, paths: _Paths) -> Callable[[str], bool]:
    """Which files of the tree at REV the lint there may read (see the module's docstring)."""
    from pod_resources_cli.source.layout import NO_TOOLS, Render, plan_inputs

    exact: set[str] = set()
    subtrees: set[str] = set()
    folders: set[str] = set()  # their own files, not their subdirectories
    everything = False
    for p in request.paths:
        rel = paths.rel(p) if p != STDIN else None
        if rel == ".":
            everything = True
        elif rel is not None:
            exact.add(rel)
            subtrees.add(rel + "/")
    for extra in (request.node_file, *request.config.helm_values):
        rel = paths.rel(extra) if extra else None
        if rel is not None:
            exact.add(rel)
    plan = plan_inputs([p for p in request.paths if p != STDIN], request.tools or NO_TOOLS)
    for entry in plan.entries:
        if isinstance(entry, Render):
            root = paths.rel(entry.root)
            if root is not None:
                subtrees.add("" if root == "." else root + "/")
            folders.update(d for c in entry.covers if (d := paths.rel(os.path.dirname(c))) is not None)
    prefixes = tuple(subtrees)

    def wanted(path: str) -> bool:
        if everything or path in exact or path.startswith(prefixes):
            return True
        parent = path.rpartition("/")[0] or "."
        return parent in folders

    return wanted


def _moved(path: str, paths: _Paths, root: str, at_rev: set[str]) -> str | None:
    """A path of the run as it is under ``root`` (None: nothing there at REV)."""
    if path == STDIN:
        return None
    rel = paths.rel(path)
    if rel is None:
        return path  # outside the repository: the same file on both sides
    target = root if rel == "." else os.path.join(root, *rel.split("/"))
    prefix = "" if rel == "." else rel + "/"
    return target if rel in at_rev or any(p.startswith(prefix) for p in at_rev) else None


def _moved_file(path: str | None, paths: _Paths, root: str, at_rev: set[str]) -> str | None:
    """The node file at REV when it is the repository's and existed then; else today's."""
    rel = paths.rel(path) if path else None
    if path is None or rel is None or rel not in at_rev:
        return path
    return os.path.join(root, *rel.split("/"))


def _moved_config(request: LintRequest, paths: _Paths, root: str) -> LintConfig:
    """Today's configuration, its per-path globs and Helm values files placed under ``root``."""
    cfg = request.config
    base = paths.rel(cfg.base_dir) if cfg.base_dir else None
    values = tuple(os.path.join(root, *r.split("/")) if (r := paths.rel(v)) is not None else v for v in cfg.helm_values)
    moved_base = None if base is None else (root if base == "." else os.path.join(root, *base.split("/")))
    return replace(cfg, base_dir=moved_base or cfg.base_dir, helm_values=values)
