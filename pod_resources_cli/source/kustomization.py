"""A kustomization file's references, and whether building it is safe.

Every field through which ``kustomize build`` reads a file or a directory is
listed here (kustomize's ``types.Kustomization``, api/types/kustomization.go
at kubernetes-sigs/kustomize@04e51ad97baf, the fields kubectl's kustomize
v5.5.0 reads): ``resources``, ``bases`` and ``components`` (files, or
directories holding another kustomization); ``patches``,
``patchesJson6902`` and ``patchesStrategicMerge`` (patch files, or inline
patches); ``configMapGenerator`` and ``secretGenerator`` (``files``, as
``path`` or ``key=path``; ``envs`` and the older ``env``); ``replacements``
(``path``); ``configurations``; ``crds``; ``openapi.path``;
``generators``, ``transformers`` and ``validators`` (files or directories,
or inline YAML).

A reference is remote when kustomize would fetch it: a URL (``https://``,
``ssh://``, ``file://``...), git's ``git@host:`` and ``git::`` forms,
``gh:``, or a path that does not exist here and starts with a host name
(``github.com/org/repo//dir?ref=v1``, ``example.com/x.yaml``). A
``helmCharts`` entry with a ``repo`` is remote too: kustomize's Helm
inflator (api/types/helmchartargs.go HelmChart ``repo``; Config Sync's
hydration builds with ``--enable-helm``, GoogleContainerTools/kpt-config-sync
@bd5fadf7ec19 pkg/hydrate/tool_util.go kustomizeBuild) runs ``helm pull``
for it, and it is named as ``<repo> chart <name>``.

``build_refusal`` is asked before a kustomization is built: a remote
reference anywhere in the kustomizations it reaches (kustomize would run git
or open a connection), or a local one whose real path leaves the repository
or is not a regular file or directory (a FIFO blocks the build, a device
never ends), stops the build; its files are then read as they are.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from pod_resources_cli.records import dataclass
from pod_resources_cli.source.boundary import Boundary, shown_as

KUSTOMIZATION_FILES: Final = ("kustomization.yaml", "kustomization.yml", "Kustomization")
MAX_KUSTOMIZATION_BYTES: Final = 1 << 20
_URL: Final = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://|^git@|^git::|^gh:|[?&]ref=")
# The fields through which a build changes the objects of its resources (a
# patch, a transformer's configuration, a replacement's target): read unbuilt,
# those objects are only as written.
CHANGING: Final = ("patches", "patchesStrategicMerge", "patchesJson6902", "transformers", "replacements")
# A strategic-merge patch that deletes the object it matches (kustomize api/filters/patchstrategicmerge: the
# ``$patch: delete`` directive of k8s.io/apimachinery's strategicpatch, at the object's top level).
DELETE_PATCH: Final = re.compile(r"^\$patch:[ \t]*[\"']?delete\b", re.M)
# The fields of a kustomization that only gathers what it builds from (kustomize api/types/kustomization.go): the
# type's, ``resources``, and its deprecated ``bases``.
_AGGREGATOR_FIELDS: Final = frozenset({"apiVersion", "kind", "metadata", "resources", "bases"})
_HOST: Final = re.compile(r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d+)?/")


@dataclass(frozen=True, slots=True)
class Kustomization:
    """A kustomization directory and what its file names."""

    root: str  # the directory (absolute)
    file: str  # its kustomization file
    resources: tuple[str, ...]  # local files and directories: resources, bases, components
    patches: tuple[str, ...]  # local patch files
    reads: tuple[str, ...]  # every other local file or directory the build reads
    remote: tuple[str, ...]  # references kustomize would fetch, as written
    component: bool = False  # ``kind: Component``: built only as part of a kustomization that names it, never alone
    changes: tuple[str, ...] = ()  # its fields that change the objects it builds (patches, transformers, replacements)
    deletes: bool = False  # an inline strategic-merge patch of it says ``$patch: delete``: it removes objects of its bases
    # it only gathers resources and bases (no namespace, prefix, label, patch, generator, component...): its output is
    # its bases' outputs side by side, each of which a build of that base alone gives (render.execute, when it fails)
    aggregates: bool = False


def kustomization_file(directory: str) -> str | None:
    """The kustomization file of ``directory`` (by kustomize's names, in its order), or None."""
    for name in KUSTOMIZATION_FILES:
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            return path
    return None


def is_remote(reference: str, base: str) -> bool:
    """Would kustomize fetch ``reference`` (written in the kustomization at ``base``)?"""
    if _URL.search(reference):
        return True
    return bool(_HOST.match(reference)) and not os.path.lexists(os.path.join(base, reference))


def parse_kustomization(path: str, data: Mapping[str, Any]) -> Kustomization:
    """The references of one kustomization file's (parsed) content."""
    root = os.path.dirname(os.path.abspath(path))
    built = [*_strings(data.get("resources")), *_strings(data.get("bases")), *_strings(data.get("components"))]
    patch_files = [
        *_paths(data.get("patches")),
        *_paths(data.get("patchesJson6902")),
        *(p for p in _strings(data.get("patchesStrategicMerge")) if "\n" not in p),  # inline patches are YAML text
    ]
    read = [*_generator_files(data.get("configMapGenerator")), *_generator_files(data.get("secretGenerator"))]
    read += [*_paths(data.get("replacements")), *_strings(data.get("configurations")), *_strings(data.get("crds"))]
    openapi = data.get("openapi")
    if isinstance(openapi, dict) and isinstance(openapi.get("path"), str):
        read.append(openapi["path"])
    for key in ("generators", "transformers", "validators"):
        read += [p for p in _strings(data.get(key)) if "\n" not in p]  # inline configurations are YAML text
    everything = [*built, *patch_files, *read]
    helm_charts = data.get("helmCharts")
    charts = [
        f"{c['repo']} chart {c.get('name')}"
        for c in (helm_charts if isinstance(helm_charts, list) else [])
        if isinstance(c, dict) and isinstance(c.get("repo"), str) and c["repo"]
    ]
    remote = (*(r for r in everything if is_remote(r, root)), *charts)
    return Kustomization(
        root, os.path.abspath(path), _local(root, built, remote), _local(root, patch_files, remote), _local(root, read, remote), remote,
        component=data.get("kind") == "Component", changes=tuple(f for f in CHANGING if data.get(f)),
        deletes=any(DELETE_PATCH.search(p) for p in _inline_patches(data)),
        aggregates=data.get("kind") != "Component" and set(data) <= _AGGREGATOR_FIELDS,
    )  # fmt: skip


def reachable(root: str, known: Mapping[str, Kustomization]) -> Iterator[Kustomization]:
    """The kustomization at ``root`` and every one it builds from, once each."""
    seen: set[str] = set()
    pending = [root]
    while pending:
        current = pending.pop()
        if current in seen or current not in known:
            continue
        seen.add(current)
        k = known[current]
        yield k
        pending.extend(r for r in (*k.resources, *k.reads) if r in known)


def build_refusal(root: str, known: Mapping[str, Kustomization], boundary: Boundary, given: tuple[tuple[str, str], ...] = ()) -> str | None:
    """Why the kustomization at ``root`` must not be built (see the module
    docstring), naming the file and the reference (as the run's arguments
    ``given`` name them); None when it may be."""

    def shown(path: str) -> str:
        return shown_as(path, given)

    for k in reachable(root, known):
        where = shown(k.file)
        if k.remote:
            return f"{where} names the remote {k.remote[0]!r}, which would be fetched"
        for ref in (*k.resources, *k.patches, *k.reads):
            refused = boundary.refusal(ref)
            if refused is not None:
                return f"{where} names {shown(ref)}: {refused.message.removesuffix('; not read')}"
            if os.path.isdir(ref) and ref not in known and ref in (*k.resources, *k.reads):
                inner = kustomization_file(ref)
                if inner is not None and boundary.refusal(inner) is not None:
                    return f"{where} names {shown(ref)}, whose kustomization file is outside the repository"
    return None


@dataclass(frozen=True, slots=True)
class BuildFiles:
    """The local files one build reads, by what it reads them as."""

    read: frozenset[str]  # every one: the kustomization files and the files they name
    resources: frozenset[str]  # taken as resources only: not a patch, a generator source or a schema, even where also listed as a resource
    data: frozenset[str]  # data only (a generator's source, a transformer's configuration, a schema): never a manifest of its own
    patches: tuple[str, ...]  # patch files, in the order kustomize applies them: a base's before its overlay's
    changes: tuple[str, ...] = ()  # the CHANGING fields its kustomizations write, in that order


def build_files(root: str, known: Mapping[str, Kustomization]) -> BuildFiles:
    """What a build of ``root`` reads (directories stand for their kustomizations),
    also when the build fails and its files are read as they are."""
    kustomizations = list(reachable(root, known))
    other = {p for k in kustomizations for p in (*k.patches, *k.reads)}
    manifests = {p for k in kustomizations for p in (k.file, *k.resources, *k.patches)}
    read = {k.file for k in kustomizations}
    read.update(p for k in kustomizations for p in (*k.resources, *k.patches, *k.reads) if os.path.isfile(p))
    return BuildFiles(
        frozenset(read),
        frozenset(p for k in kustomizations for p in k.resources if p not in other and p in read),
        frozenset(p for k in kustomizations for p in k.reads if p not in manifests and p in read),
        tuple(dict.fromkeys(p for k in reversed(kustomizations) for p in k.patches if p in read)),
        tuple(f for f in CHANGING if any(f in k.changes for k in kustomizations)),
    )


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _paths(value: Any) -> list[str]:
    """The ``path`` of each entry of a list of mappings."""
    items = value if isinstance(value, list) else []
    return [v["path"] for v in items if isinstance(v, dict) and isinstance(v.get("path"), str)]


def _inline_patches(data: Mapping[str, Any]) -> Iterator[str]:
    """The inline patch texts: ``patches[*].patch`` and the YAML text entries of ``patchesStrategicMerge``."""
    patches = data.get("patches")
    yield from (v["patch"] for v in patches if isinstance(v, dict) and isinstance(v.get("patch"), str)) if isinstance(patches, list) else ()
    yield from (p for p in _strings(data.get("patchesStrategicMerge")) if "\n" in p)


def _generator_files(value: Any) -> Iterable[str]:
    """A generator's files (``path`` or ``key=path``) and env files."""
    for generator in value if isinstance(value, list) else []:
        if not isinstance(generator, dict):
            continue
        yield from (f.partition("=")[2] or f for f in _strings(generator.get("files")))
        yield from _strings(generator.get("envs"))
        if isinstance(generator.get("env"), str):
            yield generator["env"]


def _local(root: str, names: list[str], remote: tuple[str, ...]) -> tuple[str, ...]:
    """The local names, absolute; ``~`` and environment variables are not
    expanded (kustomize expands neither)."""
    return tuple(os.path.normpath(os.path.join(root, n)) for n in names if n and n not in remote)
