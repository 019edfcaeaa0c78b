"""JupyterHub's user pods, from the values of the Zero to JupyterHub chart (``jupyterhub``, from
https://hub.jupyter.org/helm-chart/): the single-user server KubeSpawner starts for each user.

The chart (jupyterhub/zero-to-jupyterhub-k8s @48ea50e34dad) makes no user pod: its hub runs
KubeSpawner (jupyterhub/kubespawner @4161d544121f), which creates one pod a running server, so
one for each active user (and each named server): how many is known to no file, and never
said as 1. The hub's configuration (jupyterhub/files/hub/jupyterhub_config.py) sets
KubeSpawner's traits from the chart's ``singleuser`` values:

- ``memory.guarantee`` and ``memory.limit`` become ``mem_guarantee`` and ``mem_limit``,
  ``cpu.guarantee`` and ``cpu.limit`` ``cpu_guarantee`` and ``cpu_limit``,
  ``extraResource.guarantees``/``.limits`` ``extra_resource_guarantees``/``_limits``
  (set_config_if_not_none: a null value leaves the trait unset); the chart's values.yaml gives
  ``memory.guarantee: 1G`` and nothing else;
- JupyterHub's traits read memory in units of 1024 (jupyterhub/jupyterhub @0b3a96c091fb
  jupyterhub/traitlets.py ByteSpecification: a number is bytes, a text is a number and one of
  the suffixes K, M, G, T, each 1024 times the one before, ``int(float(num) * unit)``, so
  ``1G`` is 1Gi; any other text is refused) and cpu as a float (jupyterhub/spawner.py
  ``cpu_guarantee = Float``);
- kubespawner/objects.py make_pod gives the container ``notebook`` a request for each
  guarantee and a limit for each limit that is set and not zero (``if cpu_guarantee:``), then
  the extra resources over them (``requests.update``), as the Kubernetes client writes them
  (memory a number of bytes, cpu a JSON number); its containers follow, then
  ``singleuser.extraContainers``, and its init containers are ``singleuser.initContainers``
  (a map's values in key order: spawner.py _sorted_dict_values), after which, with
  ``singleuser.cloudMetadata.blockWithIptables`` true (the default), the hub adds
  ``block-cloud-metadata`` with ``singleuser.networkTools.resources`` (jupyterhub_config.py).

``singleuser.profileList`` (a user's choice overrides any trait: kubespawner_override),
``singleuser.extraPodConfig`` (merged over the pod), ``hub.config.KubeSpawner`` and
``hub.config.Spawner`` (traits set again), ``hub.extraConfig`` (Python run by the hub) and,
for a Flux HelmRelease, ``spec.valuesFrom`` and ``spec.postRenderers`` can change any of it:
the pod is then as written, the spawner may change it. A value KubeSpawner refuses (a memory
text without one of its suffixes, a cpu that is no number) is kept as written, so a quantity
Kubernetes refuses is still an error, but the hub refusing it (no pod at all) is not said.

The chart's own pods, from its templates: the hub (hub/deployment.yaml: ``replicas: 1``, the
container ``hub`` with ``hub.resources``, then ``hub.extraContainers``, after ``hub.initContainers``),
the proxy (proxy/deployment.yaml: ``replicas: 1``, ``chp`` with ``proxy.chp.resources``) and,
with ``scheduling.userScheduler.enabled`` (the default true), the user scheduler
(scheduling/user-scheduler/deployment.yaml: ``replicas``, 2 by default, ``kube-scheduler`` with
``scheduling.userScheduler.resources``); each ``resources`` written only where not empty
(``with``), and each pod as written where its ``extraPodSpec`` is written (put into the pod's spec
as it is). The proxy's autohttps pod (``proxy.https`` with Let's Encrypt), the image pullers
(their init containers one per image, then ``pause``) and the user placeholders (0 by default)
are not listed.

The chart is known by a Flux HelmRelease's ``spec.chart.spec.chart`` (``jupyterhub``, unless
its HelmRepository is named ``bitnami...``: Bitnami's chart of that name has other values) and
by a chart whose Chart.yaml depends on ``jupyterhub`` from hub.jupyter.org or
jupyterhub.github.io (source/chart_dependencies.py), whose values are under the dependency's key.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

CHART: Final = "jupyterhub"
_REPO: Final = "jupyterhub/zero-to-jupyterhub-k8s"
SOURCE: Final = (
    f"{_REPO} jupyterhub/files/hub/jupyterhub_config.py (48ea50e34dad), jupyterhub/kubespawner kubespawner/objects.py "
    "make_pod (4161d544121f), jupyterhub/jupyterhub jupyterhub/traitlets.py ByteSpecification (0b3a96c091fb)"
)
BY_CHART: Final = (
    FieldIn("spec.chart.spec.chart", (CHART,)),
    FieldIn("spec.chart.spec.sourceRef.name", ("bitnami",), match="prefix", negate=True),
)
LABEL: Final = "singleuser"
# no field says how many users run a server: an unknown count (kinds.py ``=?``; the chart's schema allows no such key)
COUNT: Final = ("activeUsers=?",)
_CHANGED_BY: Final = (
    "/{values}.singleuser.profileList", "/{values}.singleuser.extraPodConfig", "/{values}.hub.config.KubeSpawner", "/{values}.hub.config.Spawner",
    "/{values}.hub.extraConfig",
)  # fmt: skip
_WHY: Final = (
    "KubeSpawner makes one such pod for each active user; singleuser.profileList (a user's choice), "
    "singleuser.extraPodConfig, hub.config.KubeSpawner or Spawner and hub.extraConfig can change its containers and resources"
)
_UNITS: Final = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_FLOAT: Final = re.compile(r"^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$")


def memory(value: Any) -> str | None:
    """ByteSpecification.validate: the bytes a memory value stands for, as the Kubernetes client writes them; None
    where the value is unset (None) or zero. A value it refuses is returned as written (str)."""
    if value is None or isinstance(value, bool):
        return None if value is None else str(value)
    if isinstance(value, int):
        return str(value) if value else None
    if isinstance(value, float):
        return str(int(value)) if int(value) else None
    text = str(value)
    number, suffix = text[:-1], text[-1:]
    if suffix not in _UNITS or _FLOAT.match(number) is None:
        return text  # refused by the hub; as written
    # float(num) * 2**k is exact in binary floating point, so int() of it is this fraction truncated
    bytes_ = int(Fraction(float(number)) * _UNITS[suffix])
    return str(bytes_) if bytes_ else None


def cpu(value: Any) -> str | None:
    """A Float trait as make_pod passes it to the Kubernetes client: JSON's text of the number (Python's repr of a
    float: ``0.5``, ``2.0``); None where unset or zero. Any other value is returned as written."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    return repr(float(value)) if value else None


def _extra(value: Any) -> dict[str, Any]:
    return {str(k): v for k, v in value.items() if v is not None} if isinstance(value, dict) else {}


def _listed(value: Any, pointer: Pointer) -> Containers:
    """KubeSpawner's _sorted_dict_values: a list as it is, a map's values in key order."""
    if isinstance(value, list):
        return tuple((c, (*pointer, i)) for i, c in enumerate(value))
    if isinstance(value, dict):
        return tuple((value[k], (*pointer, k)) for k in sorted(value, key=str))
    return ()


def _get(values: Any, *path: str) -> Any:
    for part in path:
        values = values.get(part) if isinstance(values, dict) else None
    return values


def user_pod(obj: dict[str, Any], values: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The containers and init containers of a user's pod, from the chart's values (those under ``pointer``);
    none from values Helm cannot read (the text source/values_text.py refused, left in their place)."""
    del obj
    if not _readable(values):
        return (), ()
    values = values if isinstance(values, dict) else {}
    single = values.get("singleuser")
    single = single if isinstance(single, dict) else {}
    at = (*pointer, "singleuser")
    requests: dict[str, Any] = {}
    limits: dict[str, Any] = {}
    mem = single.get("memory")
    # the chart's default memory.guarantee 1G, unless the values write the key (null: Helm removes it, unset)
    guarantee = mem.get("guarantee") if isinstance(mem, dict) and "guarantee" in mem else "1G"
    for out, key, text in (
        (requests, "cpu", cpu(_get(single, "cpu", "guarantee"))),
        (requests, "memory", memory(guarantee)),
        (limits, "cpu", cpu(_get(single, "cpu", "limit"))),
        (limits, "memory", memory(_get(single, "memory", "limit"))),
    ):
        if text is not None:
            out[key] = text
    requests.update(_extra(_get(single, "extraResource", "guarantees")))
    limits.update(_extra(_get(single, "extraResource", "limits")))
    notebook: dict[str, Any] = {"name": "notebook", "resources": {"requests": requests, "limits": limits}}
    image = _get(single, "image", "name")
    if isinstance(image, str) and image:
        tag = _get(single, "image", "tag")
        notebook["image"] = f"{image}:{tag}" if isinstance(tag, str | int | float) and str(tag) else image
    containers: Containers = ((notebook, at), *_listed(single.get("extraContainers"), (*at, "extraContainers")))
    init = _listed(single.get("initContainers"), (*at, "initContainers"))
    metadata = single.get("cloudMetadata")
    block = metadata.get("blockWithIptables", True) if isinstance(metadata, dict) else True
    if block is True:  # jupyterhub_config.py: ``== True``; the chart's default is true
        resources = _get(single, "networkTools", "resources")
        tools: dict[str, Any] = {"name": "block-cloud-metadata"}
        if isinstance(resources, dict) and resources:
            tools["resources"] = resources
        init = (*init, (tools, (*at, "networkTools")))
    return containers, init


def _readable(values: Any) -> bool:
    """Values Helm renders the chart from: a mapping, or none (the chart's defaults); anything else (text Helm could
    not read, a list) renders nothing."""
    return values is None or isinstance(values, dict)


def pod_path(values: str, if_field: tuple[FieldIn, ...] | None, patched: tuple[str, ...] = ()) -> PodPath:
    """The user pod of the chart's values at ``values`` (a path from the root)."""
    changed = tuple(p.replace("{values}", values) for p in _CHANGED_BY)
    return PodPath(
        values, "containers", count=COUNT, label=LABEL, assemble=user_pod, if_field=if_field, empty_when_absent=True,
        always_made=True, patched_by=((*changed, *patched), _WHY),
    )  # fmt: skip


def _component(at: tuple[str, ...], name: str, extra: bool) -> Any:
    """A chart template's pod of one container ``name`` with the ``resources`` at ``at`` (written only where not empty:
    ``with``), and with ``extra`` the component's ``initContainers`` and ``extraContainers`` (toYaml: as written)."""

    def assemble(obj: dict[str, Any], values: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        del obj
        if not _readable(values):
            return (), ()
        where = (*pointer, *at[:-1])
        resources = _get(values, *at)
        container: dict[str, Any] = {"name": name}
        if isinstance(resources, dict) and resources:
            container["resources"] = resources
        if not extra:
            return ((container, where),), ()
        parent = _get(values, *at[:-1])
        more = parent.get("extraContainers") if isinstance(parent, dict) else None
        init = parent.get("initContainers") if isinstance(parent, dict) else None
        return (
            ((container, where), *_listed(more if isinstance(more, list) else None, (*where, "extraContainers"))),
            _listed(init if isinstance(init, list) else None, (*where, "initContainers")),
        )

    return assemble


# (label, resources path, container, extra containers, count, extraPodSpec path, enabled flag): the chart's templates
# hub/deployment.yaml (replicas: 1), proxy/deployment.yaml (replicas: 1), scheduling/user-scheduler/deployment.yaml
# (``if scheduling.userScheduler.enabled``, the default true; ``replicas``, the default 2)
_COMPONENTS: Final = (
    ("hub", ("hub", "resources"), "hub", True, "1", "hub.extraPodSpec", None),
    ("proxy", ("proxy", "chp", "resources"), "chp", False, "1", "proxy.chp.extraPodSpec", None),
    ("user-scheduler", ("scheduling", "userScheduler", "resources"), "kube-scheduler", False, "/{values}.scheduling.userScheduler.replicas=2",
     "scheduling.userScheduler.extraPodSpec", "scheduling.userScheduler.enabled"),
)  # fmt: skip
_EXTRA_POD_SPEC: Final = "the chart writes {0} into the pod's spec as it is (toYaml): it can change any of it"


def component_paths(values: str, if_field: tuple[FieldIn, ...], patched: tuple[str, ...] = ()) -> tuple[PodPath, ...]:
    """The hub's, the proxy's and the user scheduler's pods the chart renders from the values at ``values``."""
    paths = []
    for label, at, name, extra, count, extra_pod_spec, enabled in _COMPONENTS:
        test = (FieldIn(f"{values}.{enabled}", ("false", "0", ""), default="true", negate=True),) if enabled else ()
        paths.append(PodPath(
            values, "containers", count=(count.replace("{values}", values),), label=label, assemble=_component(at, name, extra),
            if_field=(*if_field, *test), empty_when_absent=True, always_made=True,
            patched_by=((f"/{values}.{extra_pod_spec}", *patched), _EXTRA_POD_SPEC.format(extra_pod_spec)),
        ))  # fmt: skip
    return tuple(paths)


CHART_GROUP: Final = "helm.sh"
CHART_KIND: Final = "Chart"


@lru_cache(maxsize=64)
def chart_values_kind(key: str) -> WorkloadKind:
    """The user pod of a chart whose dependency is jupyterhub: the parent's values under ``key`` are the chart's."""
    return WorkloadKind(CHART_GROUP, CHART_KIND, (pod_path(key, None), *component_paths(key, ())), SOURCE)



# Argo CD's Application (argoproj.io; argoproj/argo-cd @37ee0097cf85 pkg/apis/application/v1alpha1/types.go
# ApplicationSource, ApplicationSourceHelm): ``spec.source``, or any of ``spec.sources`` (each rendered apart), naming
# the chart ``jupyterhub`` of Zero to JupyterHub's Helm repository; its values are ``helm.valuesObject``, else the text
# ``helm.values`` (values.go ValuesYAML: never both), which source/values_text.py parses into ``valuesObject`` before
# the table is read; files (``valueFiles``) or parameters (``parameters``, ``fileParameters``) are merged with them
# (reposerver/repository/repository.go helmTemplate), and so is text another tool fills in (left as ``values``): the
# pods are then as written. Other Applications are searched by shape, as before.
_REPO_URLS: Final = tuple(f"https://{host}/helm-chart{slash}" for host in ("hub.jupyter.org", "jupyterhub.github.io") for slash in ("/", ""))
_APP_VALUES: Final = "spec.source.helm.valuesObject"
_APP_CHART: Final = (FieldIn("spec.source.chart", (CHART,)), FieldIn("spec.source.repoURL", _REPO_URLS))
_APP_MERGED: Final = ("/spec.source.helm.values", "/spec.source.helm.valueFiles", "/spec.source.helm.parameters", "/spec.source.helm.fileParameters")
_SOURCE_VALUES: Final = ("helm", "valuesObject")  # below each of spec.sources[*]
_SOURCE_CHART: Final = (FieldIn("chart", (CHART,)), FieldIn("repoURL", _REPO_URLS))
_SOURCE_MERGED: Final = ("helm.values", "helm.valueFiles", "helm.parameters", "helm.fileParameters")


def _of_source(assemble: Any) -> Any:
    """A chart pod's assembly from the values of one of ``spec.sources`` (the matched source)."""

    def of_source(obj: dict[str, Any], source: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        return assemble(obj, _get(source, *_SOURCE_VALUES), (*pointer, *_SOURCE_VALUES))  # type: ignore[no-any-return]

    return of_source


def source_paths() -> tuple[PodPath, ...]:
    """The user, hub, proxy and user-scheduler pods of each of ``spec.sources`` that is the chart, from its values."""
    values = ".".join(_SOURCE_VALUES)
    changed = tuple(p.replace("/{values}", values) for p in _CHANGED_BY)
    user = PodPath("spec.sources[*]", "containers", count=COUNT, label=LABEL, assemble=_of_source(user_pod), if_element=_SOURCE_CHART,
                   patched_by=((*changed, *_SOURCE_MERGED), _WHY))  # fmt: skip
    paths = [user]
    for label, at, name, extra, count, extra_pod_spec, enabled in _COMPONENTS:
        test = (FieldIn(f"{values}.{enabled}", ("false", "0", ""), default="true", negate=True),) if enabled else ()
        paths.append(PodPath(
            "spec.sources[*]", "containers", count=(count.replace("/{values}", values),), label=label,
            assemble=_of_source(_component(at, name, extra)), if_element=(*_SOURCE_CHART, *test),
            patched_by=((f"{values}.{extra_pod_spec}", *_SOURCE_MERGED), _EXTRA_POD_SPEC.format(extra_pod_spec)),
        ))  # fmt: skip
    return tuple(paths)


APPLICATION_KINDS: Final = (
    WorkloadKind(
        "argoproj.io", "Application",
        (
            pod_path(_APP_VALUES, _APP_CHART, _APP_MERGED), *component_paths(_APP_VALUES, _APP_CHART, _APP_MERGED), *source_paths(),
            # bjw-s' app-template: its pods are kinds_apptemplate_argo.py's (which adds them to this kind)
            PodPath("spec", by_shape=True, if_field=(FieldIn(_APP_CHART[0].path, (CHART, "app-template"), negate=True),)),
            PodPath("spec", by_shape=True, if_field=(_APP_CHART[0], FieldIn(_APP_CHART[1].path, _REPO_URLS, negate=True))),
        ),
        f"argoproj/argo-cd pkg/apis/application/v1alpha1/types.go (37ee0097cf85); {SOURCE}",
    ),
)  # fmt: skip
