"""Argo CD Applications (argoproj.io) of bjw-s' app-template chart: the pods its values describe, as for a Flux
HelmRelease (kinds_apptemplate.py: the chart's templates, bjw-s-labs/helm-charts charts/library/common).

Argo CD renders a Helm source (argoproj/argo-cd @37ee0097cf85 pkg/apis/application/v1alpha1/types.go
ApplicationSource ``chart``, ``targetRevision``, ApplicationSourceHelm) with one set of values of its own:
``helm.valuesObject``, else the text ``helm.values`` (values.go ValuesYAML), which source/values_text.py reads
into ``valuesObject``; ``valueFiles``, ``parameters`` and ``fileParameters`` are merged with them
(reposerver/repository/repository.go helmTemplate), and so is text another tool fills in: the pods are then as
written, a resource left out no finding. ``spec.source`` is one source; each of ``spec.sources`` that names the
chart renders its own. The chart is known by its name, ``app-template``, as a HelmRelease's is; the release its
``targetRevision`` names (a version ``X.Y.Z``: app-template X.Y.Z wraps common X.Y.Z) picks the templates, as
a chart dependency's version does (kinds_apptemplate.chart_values_kind): the pod's own ``resources`` and
``resourceClaims`` from common 4.0.0, a constraint or none meaning the newest.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode import kinds_apptemplate as app_template
from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath
from pod_resources_cli.model.decode.kinds_jupyterhub import APPLICATION_KINDS as _JUPYTERHUB
from pod_resources_cli.records import replace

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

CHART: Final = "app-template"
_SOURCE: Final = "spec.source"
_VALUES: Final = f"{_SOURCE}.helm.valuesObject"
_MERGED: Final = ("helm.valueFiles", "helm.parameters", "helm.fileParameters", "helm.values")
_WHY: Final = "Argo CD merges the source's helm.valueFiles, parameters or fileParameters (or values another tool fills in) with its values"
_POD_OPTIONS: Final = "4.0.0"  # common 4.0.0: the pod's own resources and resourceClaims (lib/pod/_spec.tpl)
_VERSION: Final = re.compile(r"v?(\d+)\.(\d+)\.\d+")
_MULTI_DEFAULTS: Final = (
    "defaultPodOptions.resources or resourceClaims of one of several sources: the pod-level resources they give a "
    "controller without its own are not read here"
)


def release(revision: Any) -> app_template.Release:
    """The library release a ``targetRevision`` names: (major, minor) of a version X.Y.Z; None (the newest) else."""
    found = _VERSION.fullmatch(revision.strip()) if isinstance(revision, str) else None
    return (int(found[1]), int(found[2])) if found else None


def _chart(source: Any) -> bool:
    return isinstance(source, dict) and source.get("chart") == CHART


def _written(value: Any, path: str) -> bool:
    for part in path.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value not in (None, "", {}, [])


def _source_of(obj: dict[str, Any], controller: Any) -> dict[str, Any] | None:
    """The one of ``spec.sources`` whose values hold this controller (the same object: the values are not copied)."""
    spec = obj.get("spec")
    sources = spec.get("sources") if isinstance(spec, dict) else None
    for source in sources if isinstance(sources, list) else ():
        helm = source.get("helm") if isinstance(source, dict) else None
        values = helm.get("valuesObject") if isinstance(helm, dict) else None
        controllers = values.get("controllers") if isinstance(values, dict) else None
        if isinstance(controllers, dict) and any(c is controller for c in controllers.values()):
            return source if isinstance(source, dict) else None
    return None


def _assemble_single(obj: dict[str, Any], controller: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    spec = obj.get("spec")
    source = spec.get("source") if isinstance(spec, dict) else None
    revision = source.get("targetRevision") if isinstance(source, dict) else None
    return app_template._assemble_release(release(revision), obj, controller, pointer)


def _assemble_multi(obj: dict[str, Any], controller: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    source = _source_of(obj, controller)
    return app_template._assemble_release(release(source.get("targetRevision") if source else None), obj, controller, pointer)


def _made(final: bool) -> Any:
    """A controller of one of ``spec.sources`` that is the chart: the final variant where that source merges nothing
    with its values and writes no pod-level defaults, the as-written one elsewhere."""

    def made(obj: dict[str, Any], controller: Any) -> bool:
        source = _source_of(obj, controller)
        if not _chart(source):
            return False
        helm = source.get("helm") if source is not None else None
        changed = any(_written(source, path) for path in _MERGED) or any(
            _written(helm, f"valuesObject.defaultPodOptions.{field}") for field in ("resources", "resourceClaims")
        )
        return changed != final

    return made


def application_paths() -> tuple[PodPath, ...]:
    """The app-template pods of an Application's ``spec.source`` and of each of its ``spec.sources``."""
    enabled = FieldIn("enabled", ("false", "0", ""), default="true", negate=True)
    chart = FieldIn(f"{_SOURCE}.chart", (CHART,))
    merged = tuple(f"/{_SOURCE}.{path}" for path in _MERGED)
    paths: list[PodPath] = []
    for kind, count in app_template._TYPES:
        element = (FieldIn("type", (kind,), default="deployment"), enabled)
        for newest in (True, False):  # common 4.0.0 and later (or a constraint: the newest), and before it
            since = FieldIn(f"{_SOURCE}.targetRevision", (_POD_OPTIONS,), match="semver", unknown=True, negate=not newest)
            paths.append(PodPath(
                f"{_VALUES}.controllers{{*}}", "containers", count=count, assemble=_assemble_single, if_field=(chart, since),
                if_element=element, patched_by=(merged, _WHY),
                pod_resources=("pod.resources", f"/{_VALUES}.defaultPodOptions.resources") if newest else (),
                resource_claims=("pod.resourceClaims", f"/{_VALUES}.defaultPodOptions.resourceClaims") if newest else (),
            ))  # fmt: skip
        for final in (True, False):
            paths.append(PodPath(
                "spec.sources[*].helm.valuesObject.controllers{*}", "containers", count=count, assemble=_assemble_multi,
                if_element=element, made=_made(final), pod_resources=("pod.resources",), resource_claims=("pod.resourceClaims",),
                as_written=None if final else f"{_WHY}, or it writes {_MULTI_DEFAULTS}", preset=not final,
            ))  # fmt: skip
    return tuple(paths)


# The Argo CD Application kind of the table: Zero to JupyterHub's chart (kinds_jupyterhub.py), app-template's, and the
# search by shape of any other source
APPLICATION_KINDS: Final = tuple(
    replace(kind, pods=(*application_paths(), *kind.pods), source=f"{kind.source}; {app_template._REPO} charts/library/common/templates")
    for kind in _JUPYTERHUB
)
