"""Fission: the Environment (fission.io/v1; fission/fission @920a4df07086
pkg/apis/core/v1/types.go EnvironmentSpec, Runtime, Builder). For each
Environment Fission makes, from the object's fields alone:

- the pool manager's warm pool (pkg/executor/executortype/poolmgr/
  gp_deployment.go genDeploymentSpec; reconciled for every Environment,
  gpm.go reconcileEnvPool): a Deployment of ``getEnvPoolSize`` pods
  (common.go: 3 where ``spec.version`` is under 3, else ``spec.poolsize``,
  0 unset: the CRD has no default), 1 with ``allowedFunctionsPerContainer:
  infinite``. Its runtime container is named after the Environment and takes
  ``spec.resources``; util.MergeContainer (pkg/executor/util/merge.go:
  mergo.Merge WithOverride, WithAppendSlice) then merges
  ``spec.runtime.container`` over it, whose name, where written, renames it
  and whose requests and limits replace those of the same resource key by
  key. AddFetcherToPodSpec (pkg/fetcher/config/config.go) adds the
  ``fetcher`` container with the executor's FETCHER_MINCPU, FETCHER_MINMEM
  (requests), FETCHER_MAXCPU, FETCHER_MAXMEM (limits), which the fission-all
  chart sets from ``fetcher.resource`` (values.yaml: requests of 10m cpu and
  16Mi memory, no limits: applied here); last MergePodSpec merges
  ``spec.runtime.podspec``: its containers and init containers are added,
  one of an existing name merged over it as above;
- the builder manager's builder (pkg/buildermgr/environment_reconciler.go
  genBuilderDeployment; none with ``spec.version`` 1 or without
  ``spec.builder.image``): one pod whose ``builder`` container takes
  ``spec.builder.container`` (merged as above, ``spec.resources`` not
  applied), the ``fetcher`` so, then ``spec.builder.podspec``.

Both pods are **as written**: the executor's configuration decides the
fetcher's resources (the chart's defaults are shown) and may merge its own
pod spec patch (``podSpecPatch``) first. Functions (newdeploy and
container executors) are not modelled.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer, value_at
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list, type_name
from pod_resources_cli.quantity import Quantity

_REPO: Final = "fission/fission"
_TYPES: Final = f"{_REPO} @920a4df07086 pkg/apis/core/v1/types.go"
_POOL: Final = f"{_REPO} @920a4df07086 pkg/executor/executortype/poolmgr/gp_deployment.go genDeploymentSpec"
_BUILDER: Final = f"{_REPO} @920a4df07086 pkg/buildermgr/environment_reconciler.go genBuilderDeployment"
_FETCHER_SOURCE: Final = (
    f"{_REPO} @920a4df07086 pkg/fetcher/config/config.go getFetcherResources, the fission-all chart's fetcher.resource "
    "(charts/fission-all/values.yaml: requests 10m cpu, 16Mi memory)"
)
_FETCHER: Final = (("cpu", "10m"), ("memory", "16Mi"))
_WHY: Final = (
    "Fission's executor sets the fetcher's resources from its own configuration (FETCHER_MINCPU, FETCHER_MINMEM, "
    "FETCHER_MAXCPU, FETCHER_MAXMEM; the fission-all chart's defaults are shown) and may merge its podSpecPatch into "
    "the pod (fission/fission @920a4df07086 pkg/fetcher/config/config.go, pkg/executor/util/merge.go MergePodSpec)"
)



def _name(obj: dict[str, Any], section: str, default: str) -> str:
    """MergeContainer: the section's container name, where written, overrides the operator's."""
    written = value_at(obj, ("spec", section, "container", "name"))
    return written if isinstance(written, str) and written else default


def _merged(layers: list[tuple[Any, Pointer, Problems]]) -> tuple[dict[str, Quantity], dict[str, Quantity]]:
    """mergo.Merge WithOverride over ResourceRequirements, layer by layer: each written request and limit replaces
    the one of the same resource."""
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    for value, pointer, problems in layers:
        if not isinstance(value, dict):
            if value is not None:  # a ResourceRequirements: the API server refuses anything else
                problems.add(pointer, f"must be an object, not {type_name(value)}")
            continue
        for field, into in (("requests", requests), ("limits", limits)):
            if value.get(field) is not None:
                into.update(resource_list(value.get(field), (*pointer, field), problems) or {})
    return requests, limits


def _podspec_container(obj: dict[str, Any], section: str, name: str, pointer: Pointer) -> tuple[Any, Pointer]:
    """The container of that name in the section's podspec, merged over the operator's (MergePodSpec)."""
    containers = value_at(obj, ("spec", section, "podspec", "containers"))
    for i, container in enumerate(containers if isinstance(containers, list) else []):
        if isinstance(container, dict) and container.get("name") == name:
            return container.get("resources"), (*pointer, "spec", section, "podspec", "containers", i, "resources")
    return None, ()


def _main(section: str, default: str, own: bool) -> Derive:
    def compute(obj: Any, pointer: Pointer, problems: Problems) -> Derived:
        obj = obj if isinstance(obj, dict) else {}
        own_name = value_at(obj, ("metadata", "name"))
        name = _name(obj, section, own_name if own and isinstance(own_name, str) else default)
        layers: list[tuple[Any, Pointer, Problems]] = []
        if own:  # the pool's runtime container takes spec.resources first
            layers.append((value_at(obj, ("spec", "resources")), (*pointer, "spec", "resources"), problems))
        layers.append((value_at(obj, ("spec", section, "container", "resources")), (*pointer, "spec", section, "container", "resources"), problems))
        written, at = _podspec_container(obj, section, name, pointer)
        layers.append((written, at, Problems()))  # that container's own fields are decoded (and judged) with the pod's
        requests, limits = _merged(layers)
        said = "spec.resources, then " if own else ""
        note = f"{said}spec.{section}.container.resources and spec.{section}.podspec's {name!r}, key by key (util.MergeContainer)"
        return Derived(requests, limits, (note,), ("spec",))

    return Derive("", compute)


def _fetcher(section: str) -> Derive:
    def compute(obj: Any, pointer: Pointer, problems: Problems) -> Derived:
        del problems
        obj = obj if isinstance(obj, dict) else {}
        written, at = _podspec_container(obj, section, "fetcher", pointer)
        requests, limits = _merged([({"requests": dict(_FETCHER)}, (), Problems()), (written, at, Problems())])
        return Derived(requests, limits, (f"the executor's configuration ({_FETCHER_SOURCE}), then spec.{section}.podspec's 'fetcher'",), ("spec",))

    return Derive("", compute)


def _pod(section: str, default: str, source: str, own: bool, label: str, **where: Any) -> PodPath:
    main = MainContainer("{name}" if own else default, source, name_field=f"spec.{section}.container.name", derive=_main(section, default, own))
    fetcher = MainContainer("fetcher", _FETCHER_SOURCE, derive=_fetcher(section))
    podspec = f"/spec.{section}.podspec"
    return PodPath(
        "spec", "containers", containers=(f"{podspec}.containers[*]",), init_containers=(f"{podspec}.initContainers[*]",), label=label,
        main=(main, fetcher), as_written=_WHY, pod_fields=f"/spec.{section}", **where,
    )  # fmt: skip


def _pool_size(obj: dict[str, Any], element: Any) -> int:
    """getEnvPoolSize: 3 below version 3, else spec.poolsize (0 unset); 1 for ``infinite`` functions a container."""
    del element
    spec = obj.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    if spec.get("allowedFunctionsPerContainer") == "infinite":
        return 1
    version = spec.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version < 3:
        return 3
    if version is None:  # an int zero value: below 3
        return 3
    size = spec.get("poolsize")
    return size if isinstance(size, int) and not isinstance(size, bool) and size > 0 else 0


def _pods() -> tuple[PodPath, ...]:
    builder_image = FieldIn("spec.builder.image", (), match="written")
    not_v1 = FieldIn("spec.version", ("1",), negate=True)
    return (
        _pod("runtime", "", _POOL, True, "pool", tally=_pool_size),
        _pod("builder", "builder", _BUILDER, False, "builder", count=("1",), if_field=(builder_image, not_v1)),
    )


FISSION_KINDS: Final = (WorkloadKind("fission.io", "Environment", _pods(), _TYPES),)
