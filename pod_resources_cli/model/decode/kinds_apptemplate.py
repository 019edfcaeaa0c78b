"""Flux's HelmRelease (helm.toolkit.fluxcd.io) of bjw-s' app-template chart:
the pods its values describe, as the chart's common library renders them.

A HelmRelease is no pod: Flux's helm-controller renders its chart with
``spec.values`` (merged over ``spec.valuesFrom``'s ConfigMaps and Secrets)
and applies what the chart renders. For one chart, the home-lab standard
``app-template`` (bjw-s-labs/helm-charts charts/other/app-template, a thin
wrapper of the library chart charts/library/common, read at dfaf83d12a36,
common 4.1.1, and at 002305d5b0ed, common 5.3.0: the templates below are
the same in both), the values say the pods directly, and the chart adds
nothing to their resources:

- each entry of ``controllers`` (lib/controller/_enabled_controllers.tpl:
  a map, unless ``enabled`` is written and false) is one workload
  (render/_controllers.tpl), of ``type`` ``deployment`` where it is empty
  (lib/controller/_getByIdentifier.tpl), ``statefulset``, ``daemonset``,
  ``job`` or ``cronjob``; a Deployment has ``replicas`` pods, 1 where the
  key is not written (classes/_deployment.tpl), a StatefulSet its
  ``replicas`` (written as is, so unset is Kubernetes' 1), a DaemonSet one
  a node, a Job or a CronJob's Job ``job.parallelism`` (``cronjob.``)
  where written, else Kubernetes' 1 (classes/_job.tpl, _cronjob.tpl);
- its containers are ``containers`` (map values, unless ``enabled`` is
  written and false: lib/controller/_enabled_containers.tpl) and its init
  containers ``initContainers`` (lib/pod/fields/_initContainers.tpl), each
  named by its key, or by ``nameOverride`` where that is not empty
  (lib/container/fields/_name.tpl), with its ``resources`` and
  ``restartPolicy`` as written (lib/container/_spec.tpl); the controller's
  ``defaultContainerOptions`` fill in each option a container leaves empty
  (``defaultContainerOptionsStrategy: overwrite``, the default) or are
  merged under it key by key (``merge``), for the init containers too
  unless ``applyDefaultContainerOptionsToInitContainers`` is not true
  (lib/container/_valuesToObject.tpl); they are ordered by ``dependsOn``
  with Kahn's algorithm, taking the first ready key in sorted order
  (lib/_kahn.tpl);
- the pod's own ``resources`` and ``resourceClaims`` (Kubernetes 1.32 and
  later: lib/pod/_spec.tpl at 51909ffee04d) are the controller's
  ``pod.resources`` (``pod.resourceClaims``), else ``defaultPodOptions``'
  (lib/pod/_getOption.tpl, ``overwrite``): a container's ``resources.claims``
  name them.

The chart is known by the name the HelmRelease gives it: ``spec.chart.spec.chart``
(a HelmRepository's chart) or ``spec.chartRef.name`` (an OCIRepository or
HelmChart named ``app-template``), or by the ``spec.url`` of the OCIRepository
a ``chartRef`` of another name points to, where that object is in the
release's own directory (``by_source``; source/flux_sources.py reads it).
Other HelmReleases' values, like any other chart's, are searched by shape,
each pod template found there only as written. Values from ``spec.valuesFrom``
and Flux's ``postRenderers`` can change any of it: the pods are then as
written, and a resource left out is no finding.
"""

from __future__ import annotations

from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import ChartOf, Containers, FieldIn, PodPath, WorkloadKind
from pod_resources_cli.model.decode.go_values import go_text, truthy
from pod_resources_cli.records import dataclass

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "bjw-s-labs/helm-charts"
Release = tuple[int, int] | None  # the library's (major, minor) a chart names; None: the newest
_CHART: Final = "app-template"
_VALUES: Final = "spec.values"
_BY_CHART: Final = FieldIn("spec.chart.spec.chart", (_CHART,))
_BY_REF: Final = FieldIn("spec.chartRef.name", (_CHART,))
_PATCHED: Final = (
    ("/spec.valuesFrom", "/spec.postRenderers"),
    "Flux merges the values spec.valuesFrom names under spec.values, and spec.postRenderers patch what the chart renders",
)
_SHAPE: Final = "found by its shape in a Helm chart's values (Flux HelmRelease): the chart renders its objects from them and may add resources"
# (type, count): classes/_deployment.tpl replicas (1 where the key is absent), _statefulset.tpl (as written:
# unset is Kubernetes' default 1), _daemonset.tpl (one a node), _job.tpl and _cronjob.tpl parallelism
_TYPES: Final = (
    ("deployment", ("replicas=1",)),
    ("statefulset", ("replicas=1",)),
    ("daemonset", ()),
    ("job", ("job.parallelism=1",)),
    ("cronjob", ("cronjob.parallelism=1",)),
)



def _empty(value: Any) -> bool:
    """Sprig's ``empty``."""
    return not truthy(value)


def _merged(values: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """Sprig's ``merge values defaults``: the defaults fill in what ``values`` leaves empty, maps key by key."""
    out = dict(values)
    for key, default in defaults.items():
        own = out.get(key)
        if isinstance(own, dict) and isinstance(default, dict):
            out[key] = _merged(own, default)
        elif _empty(own):
            out[key] = default
    return out


def _with_defaults(values: dict[str, Any], controller: dict[str, Any], init: bool) -> dict[str, Any]:
    """lib/container/_valuesToObject.tpl: the controller's defaultContainerOptions applied to one container."""
    if init and controller.get("applyDefaultContainerOptionsToInitContainers", True) is not True:
        return values
    defaults = controller.get("defaultContainerOptions")
    if not isinstance(defaults, dict):
        return values
    strategy = controller.get("defaultContainerOptionsStrategy", "overwrite")
    if strategy == "overwrite":
        return {**values, **{k: d for k, d in defaults.items() if _empty(values.get(k))}}
    if strategy == "merge":
        return _merged(values, defaults)
    return values


def _image(image: Any) -> str | None:
    """``repository:tag@digest`` from the chart's image map (lib/common/_imageSpecificationToImage.tpl)."""
    if isinstance(image, str):
        return image
    if not isinstance(image, dict) or not isinstance(image.get("repository"), str):
        return None
    text: str = image["repository"]
    tag = image.get("tag")
    if tag is not None and tag != "":
        text += f":{tag}"
    if isinstance(image.get("digest"), str) and image["digest"]:
        text += f"@{image['digest']}"
    return text


def _ordered(graph: dict[str, list[str]]) -> list[str]:
    """lib/_kahn.tpl: repeatedly the first key (in sorted order) whose dependencies are all placed. A cycle or a
    dependency on no container fails the render; the rest are kept in key order here."""
    left = {k: list(v) for k, v in graph.items()}
    out: list[str] = []
    while left:
        ready = sorted(k for k, edges in left.items() if not edges)
        if not ready:
            return out + sorted(left)
        first = ready[0]
        del left[first]
        for key in left:
            left[key] = [e for e in left[key] if e != first]
        out.append(first)
    return out


def _containers(controller: dict[str, Any], field: str, pointer: Pointer, init: bool, release: Release = None) -> Containers:
    """``release``: the library's (major, minor) where a chart names it (chart_values_kind), None for the newest."""
    raw = controller.get(field)
    if not isinstance(raw, dict):
        return ()
    made: dict[str, tuple[dict[str, Any], Pointer]] = {}
    graph: dict[str, list[str]] = {}
    orders: dict[str, str] = {}
    for key, values in raw.items():
        if not isinstance(values, dict) or ("enabled" in values and not truthy(values["enabled"])):
            continue
        key = str(key)
        options = _with_defaults(values, controller, init) if _since(release, (3, 4)) else values
        override = options.get("nameOverride")
        container: dict[str, Any] = {"name": override if isinstance(override, str) and override else key}
        if (image := _image(options.get("image"))) is not None:
            container["image"] = image
        for option in ("resources", "restartPolicy") if _since(release, (3, 0)) else ("resources",):
            if truthy(options.get(option)):
                container[option] = options[option]
        made[key] = (container, (*pointer, field, key))
        depends = values.get("dependsOn")
        graph[key] = [] if _empty(depends) else [str(depends)] if isinstance(depends, str) else [str(d) for d in depends] if isinstance(depends, list) else []
        # common 2.x: the library's values give controllers.main's container main ``order: 1``, any other 99
        main = not init and key == "main" and len(pointer) > 0 and pointer[-1] == "main"
        orders[key] = f"{go_text(values.get('order', 1 if main else 99))}-{key}"
    if not _since(release, (3, 0)) and not any(graph.values()):
        # common 2.x lib/pod/fields/_containers.tpl, _initContainers.tpl: without a dependsOn, the containers are
        # ordered by the text "<order>-<key>" (a dict's keys, sorted as strings)
        return tuple(made[k] for k in sorted(made, key=lambda k: orders[k]))
    return tuple(made[k] for k in _ordered(graph))



def _since(release: Release, first: tuple[int, int]) -> bool:
    """The library release has what ``first`` (major, minor) brought; a release not said is the newest."""
    return release is None or release >= first


def assemble(obj: dict[str, Any], controller: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """One controller's containers and init containers, each with the place its values are written."""
    del obj
    return _containers(controller, "containers", pointer, init=False), _containers(controller, "initContainers", pointer, init=True)


def _assemble_release(release: Release, obj: dict[str, Any], controller: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    del obj
    return (
        _containers(controller, "containers", pointer, init=False, release=release),
        _containers(controller, "initContainers", pointer, init=True, release=release),
    )


def _pods(charts: tuple[FieldIn | None, ...] = (_BY_CHART, _BY_REF), shape: bool = True) -> tuple[PodPath, ...]:
    enabled = FieldIn("enabled", ("false", "0", ""), default="true", negate=True)
    pods: list[PodPath] = []
    for chart in charts:
        for kind, count in _TYPES:
            test = FieldIn("type", (kind,), default="deployment")
            pods.append(PodPath(
                f"{_VALUES}.controllers{{*}}", "containers", count=count, assemble=assemble, if_field=chart,
                if_element=(test, enabled), patched_by=_PATCHED,
                pod_resources=("pod.resources", f"/{_VALUES}.defaultPodOptions.resources"),
                resource_claims=("pod.resourceClaims", f"/{_VALUES}.defaultPodOptions.resourceClaims"),
            ))  # fmt: skip
    if shape:
        from pod_resources_cli.model.decode import kinds_jupyterhub as jupyterhub

        # Zero to JupyterHub's values: the user pod KubeSpawner makes (kinds_jupyterhub.py), not searched by shape
        pods.append(jupyterhub.pod_path(_VALUES, jupyterhub.BY_CHART, _PATCHED[0]))
        pods.extend(jupyterhub.component_paths(_VALUES, jupyterhub.BY_CHART, _PATCHED[0]))
        not_hub = FieldIn(_BY_CHART.path, (jupyterhub.CHART,), negate=True), FieldIn(jupyterhub.BY_CHART[1].path, ("bitnami",), match="prefix")
        not_app = (FieldIn(_BY_CHART.path, (_CHART,), negate=True), FieldIn(_BY_REF.path, (_CHART,), negate=True))
        pods.append(PodPath(_VALUES, by_shape=True, if_field=(*not_app, not_hub[0]), as_written=_SHAPE))
        # Bitnami's chart of the same name: its values searched by shape
        pods.append(PodPath(_VALUES, by_shape=True, if_field=(*not_app, jupyterhub.BY_CHART[0], not_hub[1]), as_written=_SHAPE))
    return tuple(pods)


def by_source(obj: dict[str, Any], pointer: Pointer, chart_of: ChartOf) -> WorkloadKind | None:
    """The app-template kind for a release whose ``chartRef`` names a source of another name that holds the
    app-template chart (its OCIRepository's ``spec.url``); None where the chart is named directly or is another."""
    if _BY_CHART.holds(obj) or _BY_REF.holds(obj):
        return None
    spec = obj.get("spec")
    ref = spec.get("chartRef") if isinstance(spec, dict) else None
    if not isinstance(ref, dict) or not isinstance(ref.get("kind"), str) or not isinstance(ref.get("name"), str):
        return None
    metadata = obj.get("metadata")
    own = metadata.get("namespace") if isinstance(metadata, dict) else None
    namespace = ref.get("namespace") if isinstance(ref.get("namespace"), str) else own if isinstance(own, str) else None
    return BY_SOURCE if chart_of(ref["kind"], ref["name"], namespace, pointer) == _CHART else None


APP_TEMPLATE_KINDS: Final = (
    WorkloadKind(
        "helm.toolkit.fluxcd.io", "HelmRelease", _pods(),
        f"{_REPO} charts/library/common/templates (dfaf83d12a36, 002305d5b0ed): render/_controllers.tpl, lib/pod, lib/container",
    ),
)  # fmt: skip
BY_SOURCE: Final = WorkloadKind("helm.toolkit.fluxcd.io", "HelmRelease", _pods((None,), shape=False), APP_TEMPLATE_KINDS[0].source)

@dataclass(frozen=True, slots=True)
class AppTemplateDependency:
    """Where the parent's values keep app-template's, and which release of the chart it asks for."""

    key: str  # the dependency's alias, else its name
    chart: str  # the parent chart's name (Chart.yaml ``name``)
    version: str  # as Chart.yaml writes it ("2.6.0", "^3.1.0"; "" when not written)
    major: int | None  # its first number: the library release whose templates apply (None: not said)
    minor: int | None
    condition: str | None = None  # the dependency's ``condition``, as written
    dependency: str = _CHART  # the chart depended on: app-template, or Zero to JupyterHub's jupyterhub (kinds_jupyterhub.py)


def installed(dependency: AppTemplateDependency, values: Any) -> bool:
    """Helm's processDependencyConditions: the first path of the comma-separated ``condition`` whose value in the
    parent's values is a boolean decides; none (or no condition): installed."""
    for path in (dependency.condition or "").strip().split(","):
        if not path:
            continue
        value: Any = values
        for part in path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        if isinstance(value, bool):
            return value
    return True


CHART_GROUP: Final = "helm.sh"  # no API group: a chart's values (chart_values_kind), shown as kind Chart
CHART_KIND: Final = "Chart"


@lru_cache(maxsize=64)
def chart_values_kind(key: str, major: int | None, minor: int | None) -> WorkloadKind:
    """The pods of a chart whose dependency is app-template (source/chart_dependencies.py): the parent's values under
    ``key`` are app-template's. ``major``/``minor``: the release its Chart.yaml asks for (app-template X.Y.Z wraps
    common X.Y.Z), whose templates apply: common 2.x orders containers by ``order`` (``main`` 1, others 99) unless one
    writes ``dependsOn``, and sets no ``restartPolicy``; ``defaultContainerOptions`` came with 3.4.0, the pod's own
    ``resources`` and ``resourceClaims`` with 4.0.0 (lib/container/_spec.tpl, lib/pod/_spec.tpl at the tags
    common-2.6.0 903f7d678039, common-3.1.0, common-3.4.0, common-4.0.0). A release not said is the newest."""
    release: Release = None if major is None else (major, minor or 0)
    enabled = FieldIn("enabled", ("false", "0", ""), default="true", negate=True)
    pod_options = _since(release, (4, 0))
    pods = tuple(
        PodPath(
            f"{key}.controllers{{*}}", "containers", count=count, assemble=partial(_assemble_release, release),
            if_element=(FieldIn("type", (kind,), default="deployment"), enabled),
            pod_resources=("pod.resources", f"/{key}.defaultPodOptions.resources") if pod_options else (),
            resource_claims=("pod.resourceClaims", f"/{key}.defaultPodOptions.resourceClaims") if pod_options else (),
        )
        for kind, count in _TYPES
    )  # fmt: skip
    return WorkloadKind(CHART_GROUP, CHART_KIND, pods, f"{_REPO} charts/library/common/templates (the release the chart names)")

