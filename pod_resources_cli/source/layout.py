"""What a repository's files are: Helm charts, kustomizations, their patches.

A directory with ``Chart.yaml`` is a Helm chart: the files under its
``templates/`` (and its subcharts' under ``charts/``) are templates, not
YAML. A directory with ``kustomization.yaml`` (``.yml``, ``Kustomization``)
is a kustomization: the files it names under ``patches``,
``patchesStrategicMerge`` and ``patchesJson6902`` are partial objects, never
manifests of their own; the files and directories under ``resources``,
``bases`` and ``components`` are what it builds from.

``plan_inputs`` turns the command line's PATHs into a plan: the files to
read, the charts and kustomizations to render (when a directory argument
holds them and the tool is on PATH), the files skipped with their reason,
and one note for each chart or kustomization that could not be rendered.
Kustomizations are found in the whole project (the nearest ``.git``
ancestor), so that a patch passed alone by pre-commit is still known.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.source.discover import STDIN, expand_paths
from pod_resources_cli.source.harness import skip_reason as harness_skip

CHART_FILE: Final = "Chart.yaml"
KUSTOMIZATION_FILES: Final = ("kustomization.yaml", "kustomization.yml", "Kustomization")
_SKIP_DIRS: Final = frozenset({".git", "node_modules", "vendor", ".venv", "__pycache__", ".tox"})
_MAX_SCAN: Final = 200_000  # directory entries looked at when searching a project for kustomizations


@dataclass(frozen=True, slots=True)
class Kustomization:
    """A kustomization directory, with the local files and directories it uses."""

    root: str
    resources: tuple[str, ...]  # absolute paths: files and directories (bases, components)
    patches: tuple[str, ...]  # absolute paths of patch files


@dataclass(frozen=True, slots=True)
class Render:
    """A chart or kustomization to render, once."""

    tool: str  # "helm" | "kustomize"
    root: str
    covers: frozenset[str]  # the files its output stands for (not read on their own)


@dataclass(frozen=True, slots=True)
class Rendered:
    """A render's output, once run."""

    render: Render
    output: bytes


@dataclass(slots=True)
class Plan:
    """The inputs of one run, in order."""

    entries: list[str | Render | Rendered] = field(default_factory=list)  # a path to read, a render, its output
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason): "template" | "kustomize-patch" | harness.py's
    notes: list[str] = field(default_factory=list)

    @property
    def files(self) -> list[str]:
        return [e for e in self.entries if isinstance(e, str)]


@dataclass(frozen=True, slots=True)
class Tools:
    """The renderers found on PATH (None: absent), or none at all (``--no-render``)."""

    helm: str | None = None
    kustomize: tuple[str, ...] | None = None  # the command that builds a directory

    @staticmethod
    def from_path(which: Callable[[str], str | None] | None = None) -> Tools:
        which = which or _which
        kustomize = which("kustomize")
        kubectl = which("kubectl")
        build = (kustomize, "build") if kustomize else (kubectl, "kustomize") if kubectl else None
        return Tools(which("helm"), build)


NO_TOOLS: Final = Tools()


def _which(name: str) -> str | None:
    """shutil.which for POSIX, without importing shutil (and its compression
    modules) on every pre-commit run."""
    for directory in os.environ.get("PATH", os.defpath).split(os.pathsep):
        candidate = os.path.join(directory or ".", name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def plan_inputs(paths: Sequence[str], tools: Tools = NO_TOOLS) -> Plan:
    """The plan for ``paths``: see the module docstring."""
    plan = Plan()
    dirs = [os.path.abspath(p) for p in paths if p != STDIN and os.path.isdir(p)]
    files = expand_paths(paths)
    kustomizations = _kustomizations_for(files, dirs)
    patches = {p for k in kustomizations.values() for p in k.patches}
    renders, covered = _renders(dirs, files, kustomizations, tools, plan.notes)
    unrendered: dict[str, int] = {}
    placed: set[str] = set()
    for path in files:
        if path == STDIN:
            plan.entries.append(path)
            continue
        full = os.path.abspath(path)
        render = covered.get(full)
        if render is not None:
            if render.root not in placed:
                placed.add(render.root)
                plan.entries.append(render)
            continue
        chart = _chart_of(os.path.dirname(full))
        if chart is not None and _is_template(full, chart):
            plan.skipped.append((path, "template"))
            unrendered[chart] = unrendered.get(chart, 0) + 1
        elif full in patches:
            plan.skipped.append((path, "kustomize-patch"))
        elif (harness := harness_skip(full)) is not None:  # a test harness's check or offline input (harness.py)
            plan.skipped.append((path, harness[0]))
        else:
            plan.entries.append(path)
    for chart, count in unrendered.items():
        plan.notes.append(_chart_note(chart, count, tools))
    return plan


def _chart_note(chart: str, count: int, tools: Tools) -> str:
    rel = shown(chart)
    why = "helm is not on PATH" if tools.helm is None else "its templates were named one by one"
    files = f"{count} template{'s' if count != 1 else ''}"
    return f"{rel}: Helm chart not rendered ({why}); {files} skipped. Lint it with `pod-resources lint {rel}` (helm on PATH) or `helm template {rel} | pod-resources lint -`."


def _renders(
    dirs: list[str], files: list[str], kustomizations: dict[str, Kustomization], tools: Tools, notes: list[str]
) -> tuple[list[Render], dict[str, Render]]:
    """The charts and top kustomizations inside directory arguments that a tool can render."""
    inside = [os.path.abspath(f) for f in files if f != STDIN and any(_under(os.path.abspath(f), d) for d in dirs)]
    renders: list[Render] = []
    if tools.helm is not None:
        charts = sorted({os.path.dirname(f) for f in inside if os.path.basename(f) == CHART_FILE})
        for chart in charts:
            if any(_under(chart, other) and chart != other for other in charts):
                continue  # a subchart renders with its parent
            renders.append(Render("helm", chart, frozenset(f for f in inside if _under(f, chart))))
    if tools.kustomize is not None:
        mine = {root: k for root, k in kustomizations.items() if any(_under(root, d) for d in dirs)}
        used = {r for k in mine.values() for r in k.resources}
        for root in sorted(mine):
            if root in used or any(r.root == root or _under(root, r.root) for r in renders if r.tool == "helm"):
                continue  # a base of another kustomization: built with it
            covers = set(_reachable(root, kustomizations)) | set(mine[root].patches)
            renders.append(Render("kustomize", root, frozenset(c for c in covers if os.path.isfile(c))))
    covered: dict[str, Render] = {}
    for render in renders:
        for path in render.covers:
            covered.setdefault(path, render)
    return renders, covered


def _reachable(root: str, kustomizations: dict[str, Kustomization]) -> Iterable[str]:
    """Every local file a kustomization builds from, through its bases."""
    seen: set[str] = set()
    pending = [root]
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        k = kustomizations.get(current)
        if k is None:
            continue
        yield from (os.path.join(current, name) for name in KUSTOMIZATION_FILES)
        for resource in k.resources:
            if os.path.isdir(resource):
                pending.append(resource)
            else:
                yield resource


def shown(path: str) -> str:
    """A path as reports show it: relative to the working directory when
    under it, else absolute."""
    rel = os.path.relpath(path)
    return path if rel == ".." or rel.startswith(".." + os.sep) else rel


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


@lru_cache(maxsize=4096)
def _chart_of(directory: str) -> str | None:
    """The chart a directory belongs to: the nearest ancestor with Chart.yaml
    whose templates/ or charts/ holds it."""
    current = directory
    while True:
        if os.path.isfile(os.path.join(current, CHART_FILE)):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _is_template(path: str, chart: str) -> bool:
    rel = os.path.relpath(path, chart).split(os.sep)
    return rel[0] == "templates" or (rel[0] == "charts" and "templates" in rel[2:-1])


# -- kustomizations --------------------------------------------------------------------


def _kustomizations_for(files: list[str], dirs: list[str]) -> dict[str, Kustomization]:
    """The kustomizations that may use ``files``: every one in their git
    repositories (a patch is often named from a sibling overlay) and in the
    directories named; outside a repository, those of a file's own
    directory and its parents only (a walk of an unknown tree could be huge)."""
    roots = {_project_root(d) or d for d in dirs}
    lone: set[str] = set()
    for f in files:
        if f == STDIN:
            continue
        directory = os.path.dirname(os.path.abspath(f))
        repository = _project_root(directory)
        if repository is not None:
            roots.add(repository)
        elif not any(_under(directory, d) for d in dirs):
            lone.add(directory)
    out: dict[str, Kustomization] = {}
    for root in sorted(roots):
        out.update(_scan(root))
    for directory in sorted(lone):
        out.update(_ancestors(directory))
    return out


@lru_cache(maxsize=64)
def _project_root(directory: str) -> str | None:
    """The nearest ancestor holding ``.git``, or None."""
    current = directory
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


@lru_cache(maxsize=256)
def _ancestors(directory: str) -> dict[str, Kustomization]:
    out: dict[str, Kustomization] = {}
    current = directory
    while True:
        for name in KUSTOMIZATION_FILES:
            if os.path.isfile(os.path.join(current, name)):
                parsed = read_kustomization(os.path.join(current, name))
                if parsed is not None:
                    out[current] = parsed
                break
        parent = os.path.dirname(current)
        if parent == current:
            return out
        current = parent


@lru_cache(maxsize=64)
def _scan(root: str) -> dict[str, Kustomization]:
    out: dict[str, Kustomization] = {}
    looked = 0
    for current, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS)
        looked += len(dirnames) + len(filenames)
        if looked > _MAX_SCAN:
            break
        for name in KUSTOMIZATION_FILES:
            if name in filenames:
                parsed = read_kustomization(os.path.join(current, name))
                if parsed is not None:
                    out[current] = parsed
                break
    return out


def read_kustomization(path: str) -> Kustomization | None:
    """The local paths a kustomization file names; None when it cannot be read."""
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    source = read_source(path, 1 << 20)
    if source.data is None:
        return None
    docs = [d for d in load_documents(path, source.data) if isinstance(d, Document)]
    if not docs or not isinstance(docs[0].data, dict):
        return None
    data: dict[str, Any] = docs[0].data
    root = os.path.dirname(os.path.abspath(path))
    resources = [*_strings(data.get("resources")), *_strings(data.get("bases")), *_strings(data.get("components"))]
    patch_files = [
        *(p["path"] for p in _mappings(data.get("patches")) if isinstance(p.get("path"), str)),
        *(p["path"] for p in _mappings(data.get("patchesJson6902")) if isinstance(p.get("path"), str)),
        *(p for p in _strings(data.get("patchesStrategicMerge")) if "\n" not in p),  # inline patches are YAML text
    ]
    return Kustomization(root, _local(root, resources), _local(root, patch_files))


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _mappings(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _local(root: str, names: list[str]) -> tuple[str, ...]:
    """Names relative to the kustomization, made absolute; remote ones (URLs) dropped."""
    return tuple(os.path.normpath(os.path.join(root, n)) for n in names if "://" not in n and not n.startswith(("github.com/", "git@")))
