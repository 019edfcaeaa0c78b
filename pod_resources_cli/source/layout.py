"""What a repository's files are: Helm charts, kustomizations, their patches.

A directory with ``Chart.yaml`` is a Helm chart: the files under its
``templates/`` (and its subcharts' under ``charts/``) are templates, not
YAML; a file its ``.helmignore`` leaves out (helmignore.py) is no part of
it and is read as any other file (a chart's rendered examples), unless it
is a values file (``ci/``, ``*values.yaml``), which stays a chart file
(but the ``values.yaml`` of a chart whose dependency is bjw-s' app-template,
read for the pods it says where the chart is not rendered:
source/chart_dependencies.py).
A directory with ``kustomization.yaml`` (``.yml``, ``Kustomization``) is a
kustomization: the files it names under ``patches``,
``patchesStrategicMerge`` and ``patchesJson6902`` are partial objects, never
manifests of their own; the files and directories under ``resources``,
``bases`` and ``components`` are what it builds from.
A kustomization another one builds from is built with it, not alone; but
where an overlay deletes objects of its base (a strategic-merge patch with
``$patch: delete``: odh-model-controller's config/overlays/xks drops the
OpenShift Templates and a Deployment of config/base, which OpenShift's
installation builds whole), the base is built on its own too, so the
objects the overlay drops are still checked, in the base's unit.
So is a plain file a kustomization takes as a resource and deletes objects
of: it is read on its own too (aquasecurity/trivy-operator @1006872c1463
deploy/static: its CI's ``kubectl create -k`` drops the trivy-operator
Deployment of the trivy-operator.yaml users ``kubectl apply -f``), and a
finding both readings give is reported once (lint/finding.py merged_builds).

``plan_inputs`` turns the command line's PATHs into a plan: the files to
read, the charts and kustomizations to render (when a directory argument
holds them and the tool is on PATH), the files skipped with their reason,
and one note for each chart or kustomization that could not be rendered
(a subchart's templates in its parent's note: helm renders them together,
and a subchart alone lacks its parent's values).
Kustomizations are found in the whole project (the nearest ``.git``
ancestor), so that a patch passed alone by pre-commit is still known.

Nothing outside the run's roots is read (source/boundary.py): entries the
boundary refuses are skipped with a note naming them; a kustomization whose
build would fetch something or read outside the repository is not built
(source/kustomization.py), nor a chart holding a link out of the repository
or a special file; their files are read as they are, with a note.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import IO, Final

from pod_resources_cli.records import dataclass, field
from pod_resources_cli.source.boundary import Boundary, shown, shown_as
from pod_resources_cli.source.discover import STDIN, list_inputs
from pod_resources_cli.source.harness import skip_reason as harness_skip
from pod_resources_cli.source.harness import skip_reason_of as harness_skip_of
from pod_resources_cli.source.kustomization import BuildFiles, Kustomization, build_files, build_refusal
from pod_resources_cli.source.programs import find_program
from pod_resources_cli.source.project import chart_refusal, kustomizations_for

__all__ = ["CHART_FILE", "NO_TOOLS", "Plan", "Render", "Rendered", "Tools", "plan_inputs", "shown"]

CHART_FILE: Final = "Chart.yaml"


@dataclass(frozen=True, slots=True)
class Render:
    """A chart or kustomization to render, once."""

    tool: str  # "helm" | "kustomize"
    root: str
    covers: frozenset[str]  # the files its output stands for (not read on their own), all inside the boundary
    file: str = ""  # a kustomization: its file (what an object with no trustworthy origin is mapped to)
    resources: frozenset[str] = frozenset()  # a kustomization: the files among ``covers`` it takes as resources
    given: tuple[tuple[str, str], ...] = ()  # the run's arguments (absolute, as written): how its files are named (shown_as)
    data: frozenset[str] = frozenset()  # a kustomization: the files among ``covers`` it reads as data only (never manifests)
    patches: tuple[str, ...] = ()  # a kustomization: its patch files among ``covers``, in the order they are applied
    changes: tuple[str, ...] = ()  # a kustomization: the fields by which it changes its resources' objects (BuildFiles.changes)
    # a kustomization that only gathers its bases (Kustomization.aggregates): each base that is a kustomization, built
    # on its own where this build fails (a kubebuilder config/manifests naming the unmade bases/*.clusterserviceversion.yaml)
    bases: tuple[Render, ...] = ()
    alone: frozenset[str] = frozenset()  # a kustomization: files among ``resources`` also read on their own (it deletes objects of them)


@dataclass(frozen=True, slots=True)
class Rendered:
    """A render's output, once run: an anonymous temporary file, read as a stream."""

    render: Render
    output: IO[bytes]
    origin_base: str = ""  # kustomize: the directory its origin annotations are relative to


@dataclass(frozen=True, slots=True)
class Origins:
    """What the origin annotations of one kustomize build may name."""

    base: str  # the wrapper directory they are written relative to
    files: frozenset[str]  # the real paths of the files the build reads, all inside the repository
    kustomization: str  # the kustomization file: where an object with any other origin is mapped
    given: tuple[tuple[str, str], ...] = ()  # the run's arguments, to name files as they name them (shown_as)
    patches: tuple[str, ...] = ()  # the build's patch files, in the order they are applied
    alone: frozenset[str] = frozenset()  # the real paths of its files also read on their own (Render.alone)


@dataclass(frozen=True, slots=True)
class Sources:
    """What a run knows of its pieces' documents beyond their text (render.load_plan_piece)."""

    origins: Mapping[str, Origins]  # each kustomize build's (render.plan_origins), by the name its pieces carry
    unbuilt: Mapping[str, str]  # files read as they are that an unbuilt kustomization changes (Plan.unbuilt)

    def __bool__(self) -> bool:
        return bool(self.origins or self.unbuilt)


@dataclass(slots=True)
class Plan:
    """The inputs of one run, in order."""

    entries: list[str | Render | Rendered] = field(default_factory=list)  # a path to read, a render, its output
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, reason): "template" | "kustomize-patch" | boundary's | harness.py's
    notes: list[str] = field(default_factory=list)
    boundary: Boundary = field(default_factory=lambda: Boundary(()))
    # files read as they are although a kustomization that was not built changes their objects (absolute path ->
    # why): their pods are only as written
    unbuilt: dict[str, str] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)  # the regular files the walk met, as listed (discover.Listing.sizes)

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
        which = which or find_program
        kustomize = which("kustomize")
        kubectl = which("kubectl")
        build = (kustomize, "build") if kustomize else (kubectl, "kustomize") if kubectl else None
        return Tools(which("helm"), build)


NO_TOOLS: Final = Tools()


def plan_inputs(paths: Sequence[str], tools: Tools = NO_TOOLS, boundary: Boundary | None = None) -> Plan:
    """The plan for ``paths``: see the module docstring. ``boundary``: the
    run's roots (by default those of ``paths``)."""
    boundary = boundary or Boundary.of(list(paths))
    plan = Plan(boundary=boundary)
    dirs = [os.path.abspath(p) for p in paths if p != STDIN and os.path.isdir(p)]
    listing = list_inputs(paths, boundary)
    files = listing.files
    plan.sizes = listing.sizes
    given = tuple((os.path.abspath(p), p) for p in paths if p != STDIN)
    for path, refused in listing.refused:
        plan.skipped.append((path, refused.reason))
        plan.notes.append(f"{shown_as(path, given)}: {refused.message}.")
    absolute = _absolute(files)
    kustomizations = kustomizations_for(list(absolute.values()), dirs, boundary)
    patches = {p for k in kustomizations.values() for p in k.patches}
    renders, covered, refused_charts = _renders(dirs, list(absolute.values()), kustomizations, tools, plan, boundary, given)
    unrendered: dict[str, int] = {}
    subcharts: dict[str, set[str]] = {}  # a chart -> its subcharts (under charts/) with templates
    tops: dict[str, str] = {}  # a chart -> the chart helm renders it with
    # the charts _renders gives helm: those whose Chart.yaml is under a directory argument, outermost first
    charts = sorted({os.path.dirname(f) for f in absolute.values() if os.path.basename(f) == CHART_FILE and any(_under(f, d) for d in dirs)})
    roots: dict[str, str | None] = {}
    placed: set[str] = set()
    for path in files:
        if path == STDIN:
            plan.entries.append(path)
            continue
        full = absolute[path]
        render = covered.get(full)
        if render is not None:
            if render.root not in placed:
                placed.add(render.root)
                plan.entries.append(render)
            if full not in render.alone:
                continue  # ... else also read on its own, as the file its build deletes objects from
        directory = os.path.dirname(full)
        if directory not in roots:  # a file's root is its directory's: found once for its thousands of files
            roots[directory] = boundary.root_of(full)
        root = roots[directory]
        chart = _chart_of(directory, root)
        part = _chart_part(full, chart) if chart is not None and not _left_out(full, chart) else None
        harness = harness_skip_of(full, root) if part is not None or full not in patches else None
        if harness is not None:  # a test harness's check or offline input (harness.py), a chart in Go's testdata too
            plan.skipped.append((path, harness[0]))
        elif chart is not None and part == "template":
            plan.skipped.append((path, "template"))
            top = tops.get(chart)
            if top is None:  # a subchart renders with its parent: one note for the chart helm renders
                top = tops[chart] = _top_chart(chart, charts)
            unrendered[top] = unrendered.get(top, 0) + 1
            if top != chart:
                subcharts.setdefault(top, set()).add(chart)
        elif part == "chart-file" and not _app_template_values(full, chart):
            plan.skipped.append((path, "chart-file"))
        elif full in patches:
            plan.skipped.append((path, "kustomize-patch"))
        else:
            plan.entries.append(path)  # a ytt overlay beside it: the worker reading it says so (render.load_plan_piece)
    rendered = {r.root for r in covered.values()}
    for chart in charts:  # templates helm renders that the walk does not list (deployment.yaml.tpl): skipped too
        top = _top_chart(chart, charts)
        if top in rendered or harness_skip_of(os.path.join(chart, CHART_FILE), boundary.root_of(chart)) is not None:
            continue  # rendered whole, or a test's fixture (a chart in Go's testdata)
        shown_chart = shown_as(chart, given)
        for found in _other_templates(chart):
            plan.skipped.append((os.path.join(shown_chart, os.path.relpath(found, chart)), "template"))
            unrendered[top] = unrendered.get(top, 0) + 1
            if top != chart:
                subcharts.setdefault(top, set()).add(chart)
    for chart, count in unrendered.items():
        plan.notes.append(_chart_note(shown_as(chart, given), count, tools, refused_charts.get(chart), len(subcharts.get(chart, ()))))
    for chart in charts:  # a chart with no template of its own, rendered only with its dependencies' (chart_umbrella.py)
        if chart in unrendered or chart in rendered or _top_chart(chart, charts) != chart:
            continue
        if harness_skip_of(os.path.join(chart, CHART_FILE), boundary.root_of(chart)) is not None:
            continue
        from pod_resources_cli.source.chart_umbrella import umbrella_dependencies  # read only where such a chart is met

        dependencies = umbrella_dependencies(chart)
        if dependencies:
            vendored = _holds_something(os.path.join(chart, "charts"))
            plan.notes.append(_umbrella_note(shown_as(chart, given), dependencies, tools, refused_charts.get(chart), vendored))
    if listing.jsonnet:  # programs whose output is manifests: not evaluated, said (source/jsonnet_files.py)
        from pod_resources_cli.source.jsonnet_files import jsonnet_note

        def excluded(path: str) -> bool:  # a chart's file (helm does not evaluate it), a test's
            full = os.path.abspath(path)
            root = boundary.root_of(full)
            return _chart_of(os.path.dirname(full), root) is not None or harness_skip_of(full, root) is not None

        note = jsonnet_note(listing.jsonnet, lambda p: shown_as(p, given), excluded)
        if note is not None:
            plan.notes.append(note)
    return plan


def _app_template_values(path: str, chart: str | None) -> bool:
    """The chart's own values.yaml where its dependency is bjw-s' app-template: read for the pods app-template
    renders from it (source/chart_dependencies.py), as the chart is not rendered."""
    if chart is None or os.path.dirname(path) != chart or os.path.basename(path) != "values.yaml":
        return False
    from pod_resources_cli.source.chart_dependencies import app_template_dependency  # read only where a chart is met

    return app_template_dependency(path) is not None


def _absolute(files: list[str]) -> dict[str, str]:
    """Each file's absolute, normal path: its directory made so once for its thousands of files (the name
    a walk lists is never ``.`` or ``..``), the working directory asked once (os.path.abspath asks each time)."""
    cwd = os.getcwd()
    directories: dict[str, str] = {}
    absolute: dict[str, str] = {}
    for f in files:
        if f == STDIN:
            continue
        name = f.rpartition(os.sep)[2]
        if name in ("", ".", ".."):
            absolute[f] = os.path.normpath(os.path.join(cwd, f))
            continue
        head = f[: len(f) - len(name)]  # with its last separator: "/" and "" are different directories
        directory = directories.get(head)
        if directory is None:
            directory = directories[head] = os.path.normpath(os.path.join(cwd, head or os.curdir))
        absolute[f] = directory + name if directory.endswith(os.sep) else directory + os.sep + name
    return absolute


def _chart_note(rel: str, count: int, tools: Tools, refusal: str | None, subcharts: int = 0) -> str:
    files = f"{count} template{'s' if count != 1 else ''}"
    if subcharts:
        files += f" (with those of {subcharts} subchart{'s' if subcharts != 1 else ''})"
    if refusal is not None:
        return f"{rel}: Helm chart not rendered ({refusal}); {files} skipped."
    why = "helm is not on PATH" if tools.helm is None else "its templates were named one by one"
    return f"{rel}: Helm chart not rendered ({why}); {files} skipped. Lint it with `pod-resources lint {rel}` (helm on PATH) or `helm template {rel} | pod-resources lint -`."


def _holds_something(directory: str) -> bool:
    """A directory (not a link: nothing outside the chart is looked at) with an entry."""
    if os.path.islink(directory) or not os.path.isdir(directory):
        return False
    try:
        with os.scandir(directory) as entries:
            return next(entries, None) is not None
    except OSError:
        return False


def _umbrella_note(rel: str, dependencies: tuple[str, ...], tools: Tools, refusal: str | None, vendored: bool) -> str:
    """``vendored``: its ``charts/`` holds something (packaged dependencies): helm renders them as they are."""
    count = len(dependencies)
    what = f"no templates of its own; its {count} dependenc{'ies' if count != 1 else 'y'} ({', '.join(dependencies)}) render{'s' if count == 1 else ''} with its values"
    if refusal is not None:
        return f"{rel}: Helm chart not rendered ({refusal}); {what}."
    why = "helm is not on PATH" if tools.helm is None else "its files were named one by one"
    return (
        f"{rel}: Helm chart not rendered ({why}); {what}. Lint it{'' if vendored else f', after `helm dependency build {rel}`,'} "
        f"with `pod-resources lint {rel}` (helm on PATH) or `helm template {rel} | pod-resources lint -`."
    )


def _renders(
    dirs: list[str], files: list[str], kustomizations: dict[str, Kustomization], tools: Tools, plan: Plan, boundary: Boundary,
    given: tuple[tuple[str, str], ...] = (),
) -> tuple[list[Render], dict[str, Render], dict[str, str]]:
    """The charts and top kustomizations inside directory arguments that a
    tool can render, and may (nothing fetched, nothing outside read); the
    charts it may not, with the reason (a kustomization's goes to ``plan``'s
    notes, and its resources to ``plan.unbuilt``). ``files``: absolute paths."""
    inside = [f for f in files if any(_under(f, d) for d in dirs)]
    renders: list[Render] = []
    refused: dict[str, str] = {}
    bases_made: dict[str, Render] = {}  # the bases of failed aggregating builds, each prepared once (_kustomize_render)
    if tools.helm is not None:
        charts = sorted({os.path.dirname(f) for f in inside if os.path.basename(f) == CHART_FILE})
        for chart in charts:
            parent = next((other for other in charts if _under(chart, other) and chart != other), None)
            if parent is not None:
                if parent in refused:
                    refused[chart] = refused[parent]
                continue  # a subchart renders with its parent
            if harness_skip(os.path.join(chart, CHART_FILE), boundary.root_of(chart)) is not None:
                continue  # a test's data (Go's testdata...): its files are skipped as such, never rendered
            refusal = chart_refusal(chart, boundary)
            if refusal is not None:
                refused[chart] = refusal  # its templates are skipped, and said with this reason
                continue
            # a file its .helmignore leaves out is no part of the chart: read on its own
            covers = frozenset(
                f for f in inside if _under(f, chart) and not _left_out(f, _chart_of(os.path.dirname(f), chart) or chart)
            )
            renders.append(Render("helm", chart, covers, given=given))
    if tools.kustomize is not None:
        mine = {root: k for root, k in kustomizations.items() if any(_under(root, d) for d in dirs)}
        used = {r for k in mine.values() for r in (*k.resources, *k.reads)}
        deleted_from = {r for k in mine.values() if _deletes(k, boundary) for r in k.resources if r in mine}
        for root in sorted(mine):
            if (root in used and root not in deleted_from) or any(r.root == root or _under(root, r.root) for r in renders if r.tool == "helm"):
                continue  # a base of another kustomization: built with it
            if mine[root].component:
                continue  # kustomize builds a Component only inside a kustomization that names it: here, none does
            if harness_skip(mine[root].file, boundary.root_of(root)) is not None:
                continue  # a test's data (kube-linter's tests/testdata/mykustomize): its files are skipped as such
            refusal = build_refusal(root, kustomizations, boundary, given)
            read = build_files(root, kustomizations)
            if refusal is not None:
                plan.notes.append(f"{shown_as(root, given)}: kustomization not built ({refusal}); its files are read as they are.")
                mark_unbuilt(plan.unbuilt, shown_as(root, given), read.resources, read.changes)
                continue
            # a file it takes as a resource and deletes objects of is a manifest of its own too (applied with
            # ``kubectl apply -f``, as a base it deletes from is built on its own)
            alone = frozenset(r for r in mine[root].resources if os.path.isfile(r)) if _deletes(mine[root], boundary) else frozenset()
            renders.append(_kustomize_render(root, kustomizations, boundary, given, read, made=bases_made, alone=alone))
    covered: dict[str, Render] = {}
    for render in renders:
        for path in render.covers:
            covered.setdefault(path, render)
    return renders, covered, refused


_MAX_BASE_LEVELS: Final = 4  # levels of bases built on their own below a failed aggregating build (_kustomize_render)
_MAX_BASES: Final = 256  # such bases a plan prepares in all


def _kustomize_render(
    root: str, kustomizations: dict[str, Kustomization], boundary: Boundary, given: tuple[tuple[str, str], ...], read: BuildFiles,
    seen: frozenset[str] = frozenset(), made: dict[str, Render] | None = None, alone: frozenset[str] = frozenset(),
) -> Render:
    """The build of the kustomization at ``root`` (``read``: its build_files), with, where it only gathers its bases,
    a build of each base that is a kustomization (not a Component, not one already on the way: a cycle), at most
    ``_MAX_BASE_LEVELS`` levels down and ``_MAX_BASES`` in a plan, each prepared once (``made``): a chain of 1,500
    aggregating kustomizations cost a build_files of the rest of the chain at every level, then overflowed the
    stack; bases shared by many aggregators were prepared once for each. Past the bounds the files are read as
    they are, as before. ``alone``: its resource files also read on their own (it deletes objects of them)."""
    made = {} if made is None else made
    covers = frozenset(c for c in read.read if boundary.contains(c))
    bases: list[Render] = []
    if kustomizations[root].aggregates and len(seen) < _MAX_BASE_LEVELS:
        for base in dict.fromkeys(kustomizations[root].resources):
            k = kustomizations.get(base)
            if k is None or k.component or base in seen or base == root:
                continue
            if base not in made:
                if len(made) >= _MAX_BASES:
                    break
                made[base] = _kustomize_render(base, kustomizations, boundary, given, build_files(base, kustomizations), seen | {root}, made)
            bases.append(made[base])
    return Render(
        "kustomize", root, covers, kustomizations[root].file, read.resources & covers, given, read.data & covers,
        tuple(p for p in read.patches if p in covers), read.changes, tuple(bases), alone & covers & read.resources,
    )  # fmt: skip


def _deletes(k: Kustomization, boundary: Boundary) -> bool:
    """Does ``k`` delete objects of what it builds from (an inline ``$patch: delete``, or one in a patch file of
    the repository)?"""
    if k.deletes:
        return True
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.kustomization import DELETE_PATCH, MAX_KUSTOMIZATION_BYTES

    for patch in k.patches:
        if boundary.refusal(patch) is not None or not os.path.isfile(patch):
            continue
        data = read_source(patch, MAX_KUSTOMIZATION_BYTES).data
        if data is not None and len(data) <= MAX_KUSTOMIZATION_BYTES and DELETE_PATCH.search(data.decode("utf-8", "replace")):
            return True
    return False


def mark_unbuilt(unbuilt: dict[str, str], kustomization: str, resources: Iterable[str], changes: Sequence[str]) -> None:
    """Each of ``resources`` (absolute) is read as it is, though the unbuilt
    ``kustomization`` changes its objects through ``changes`` (its fields):
    what a pod there gets is not known (kustomize's tshirt-size transformer
    sets every container's requests)."""
    if not changes:
        return
    fields = sorted({_CHANGE_WORDS.get(c, c) for c in changes}, key=list(_CHANGE_WORDS.values()).index)
    words = fields[0] if len(fields) == 1 else f"{', '.join(fields[:-1])} and {fields[-1]}"
    why = f"the kustomization {kustomization} was not built, and its {words} may change this object"
    for path in resources:
        unbuilt.setdefault(path, why)


_CHANGE_WORDS: Final = {"patches": "patches", "patchesStrategicMerge": "patches", "patchesJson6902": "patches",
                        "transformers": "transformers", "replacements": "replacements"}  # fmt: skip


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


_MAX_OTHER_TEMPLATES: Final = 500  # entries looked at under one chart's templates/


def _other_templates(chart: str) -> list[str]:
    """The files under ``chart``'s ``templates/`` that helm renders but the walk does not list: helm renders every
    file there but partials (``_*``) and ``NOTES.txt``, whatever its name ends with (pkg/releaseutil/
    manifest_sorter.go skips only those): buildkite/agent-stack-k8s @a5d56d1dacaf names its chart's templates
    ``deployment.yaml.tpl``, ``rbac.yaml.tpl``... (its controller's Deployment was neither rendered nor said
    unrendered). Regular files only, links not followed, ``.helmignore``'s left out, at most
    ``_MAX_OTHER_TEMPLATES`` entries."""
    found: list[str] = []
    pending = [os.path.join(chart, "templates")]
    seen = 0
    while pending and seen < _MAX_OTHER_TEMPLATES:
        directory = pending.pop()
        try:
            with os.scandir(directory) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError:
            continue
        for entry in listed:
            seen += 1
            if seen > _MAX_OTHER_TEMPLATES:
                break
            if entry.is_dir(follow_symlinks=False):
                pending.append(entry.path)
            elif (entry.is_file(follow_symlinks=False) and not entry.name.startswith("_") and entry.name != "NOTES.txt"
                  and not entry.name.endswith((".yaml", ".yml", ".json")) and not _left_out(entry.path, chart)):  # fmt: skip
                found.append(entry.path)
    return sorted(found)


@lru_cache(maxsize=4096)
def _chart_of(directory: str, root: str | None) -> str | None:
    """The chart a directory belongs to: the nearest ancestor with Chart.yaml,
    looked for up to the run's root."""
    current = directory
    while True:
        if os.path.isfile(os.path.join(current, CHART_FILE)):
            return current
        parent = os.path.dirname(current)
        if parent == current or current == root:
            return None
        current = parent


def _top_chart(chart: str, charts: list[str]) -> str:
    """The chart helm renders ``chart`` with, as _renders picks it: the outermost of the run's ``charts`` it is
    under (a subchart renders with its parent), else itself."""
    return next((other for other in charts if _under(chart, other)), chart)


def _left_out(path: str, chart: str) -> bool:
    """A file the chart's .helmignore leaves out (helmignore.py), other than a
    values file: chart-testing still hands ``ci/`` values to helm, and an
    example's ``values.yaml`` is given with ``--values`` (a values file can
    hold ``kind: Deployment``: it stays no manifest); and a file none of the
    chart's templates can read (chart_files.py: a manifest kept beside the
    chart, such as its ``samples/``)."""
    from pod_resources_cli.source.chart_files import unread  # read only where a chart is met
    from pod_resources_cli.source.helmignore import ignored

    rel = os.path.relpath(path, chart).split(os.sep)
    if rel[0] == "ci" or _VALUES.search(rel[-1]) is not None:
        return False
    return ignored(chart, path) or unread(path, chart)


_VALUES: Final = re.compile(r"(?:^|[-_.])values(?:[-_.][^/]*)?\.ya?ml$")


def _chart_part(path: str, chart: str) -> str:
    """What a chart's file is to helm: ``template`` (rendered), ``crd`` (a
    manifest helm applies as it is), else ``chart-file``: Chart.yaml, values
    files, the schema, chart-testing's ci/ values, files read with
    .Files.Get, which helm reads and nothing applies (a values.yaml can hold
    ``kind: Deployment``: it is no manifest). A subchart's parts are its own."""
    rel = os.path.relpath(path, chart).split(os.sep)
    while len(rel) > 2 and rel[0] == "charts":
        rel = rel[2:]
    return {"templates": "template", "crds": "crd"}.get(rel[0], "chart-file") if len(rel) > 1 else "chart-file"


