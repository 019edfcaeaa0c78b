"""The GreptimeDB operator's GreptimeDBCluster and GreptimeDBStandalone
(greptime.io, GreptimeTeam/greptimedb-operator @3880f41f92cb
apis/v1alpha1/greptimedbcluster_types.go, greptimedbstandalone_types.go,
common.go PodTemplateSpec).

Defaulting (apis/v1alpha1/defaulting.go SetDefaults, then
MergeWithBaseTemplate, run by the controller before it builds anything):
``spec.meta`` is always given (defaultSpec ``Meta: in.defaultMeta()``);
``frontend``, ``datanode``, ``flownode`` and each ``frontendGroups[*]`` and
``datanodeGroups[*]`` only where written; each component's ``replicas``
defaults to DefaultReplicas 1 (apis/v1alpha1/constants.go), the
standalone's too. Each component's ``template`` is merged with
``spec.base`` by ``mergo.Merge`` without override (doMergeWithBaseTemplate):
a field the component's template leaves empty takes the base's, and within
the main container's ``resources`` each ``requests`` and ``limits`` key the
component does not write takes the base's; empty ``initContainers`` and
``additionalContainers`` lists take the base's.

The pod (controllers/common/common.go GeneratePodTemplateSpec): the main
container first, named as the component (``frontend``, ``meta``,
``datanode``, ``flownode``; a standalone's ``standalone``) with the merged
``main.resources``, then the template's ``additionalContainers``; its init
containers the template's ``initContainers``, then for a datanode and a
flownode the operator's ``initializer`` (controllers/greptimedbcluster/
deployers/datanode.go and flownode.go generateInitializer: no resources).
With ``spec.monitoring.enabled`` every component's pod gets the ``vector``
sidecar (deployers/common.go AddVectorSidecar) with
``spec.monitoring.vector.resources`` merged over the defaults key by key
(defaultSpec's VectorSpec: requests 50m and 64Mi, limits 200m and 256Mi;
DefaultVectorCPURequest ... DefaultVectorMemoryLimit). The monitoring
standalone that ``monitoring.enabled`` also makes (deployers/monitoring.go)
is a GreptimeDBStandalone object of its own, not modelled here.

A GreptimeDBStandalone (controllers/greptimedbstandalone/deployer.go) is
one StatefulSet of ``spec.replicas`` pods built from ``spec.base`` alone.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import (
    Assemble,
    Containers,
    FieldIn,
    MainContainer,
    OperatorDefaults,
    PodPath,
    Shorthand,
    WorkloadKind,
)

_REPO: Final = "GreptimeTeam/greptimedb-operator"
_COMMON: Final = f"{_REPO} controllers/common/common.go GeneratePodTemplateSpec"
_BASE: Final = "/spec.base"
_VECTOR: Final = OperatorDefaults(requests=(("cpu", "50m"), ("memory", "64Mi")), limits=(("cpu", "200m"), ("memory", "256Mi")), merge=True)
_MONITORING: Final = FieldIn("/spec.monitoring.enabled", ("true",))


def _listed(value: Any, pointer: Pointer, field: str) -> Containers:
    items = value.get(field) if isinstance(value, dict) else None
    if not isinstance(items, list):
        return ()
    return tuple((c, (*pointer, field, i)) for i, c in enumerate(items))


def _merged_with_base(template: str) -> Assemble:
    """The template's ``additionalContainers`` and ``initContainers``, each list taking the base's where it is
    empty (mergo.Merge without override); ``template`` relative to the matched value, ``""`` for the base itself."""

    def assemble(obj: dict[str, Any], value: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        own = value.get(template) if template and isinstance(value, dict) else (value if not template else None)
        own_at = (*pointer, template) if template else pointer
        spec = obj.get("spec")
        base = spec.get("base") if isinstance(spec, dict) else None
        out: list[Containers] = []
        for field in ("additionalContainers", "initContainers"):
            found = _listed(own, own_at, field)
            out.append(found if found or not template else _listed(base, ("spec", "base"), field))
        return out[0], out[1]

    return assemble


def _component(path: str, name: str, initializer: bool, made: bool = False, group: bool = False) -> PodPath:
    """A cluster component's pods: ``name`` with its template's main resources merged over the base's (a group's
    paths are relative to its item, a single component's from the root)."""
    at = "" if group else f"/{path}."
    main = MainContainer(name, f"{_COMMON}; {_REPO} apis/v1alpha1/defaulting.go doMergeWithBaseTemplate", first=True,
                         shorthand=Shorthand(f"{at}template.main.resources", "requirements", merged_over=f"{_BASE}.main.resources"))  # fmt: skip
    mains = [main]
    if initializer:
        mains.append(MainContainer("initializer", f"{_REPO} controllers/greptimedbcluster/deployers/{name}.go generateInitializer", init=True))
    mains.append(MainContainer(
        "vector", f"{_REPO} controllers/greptimedbcluster/deployers/common.go AddVectorSidecar; apis/v1alpha1/defaulting.go defaultSpec",
        shorthand=Shorthand("/spec.monitoring.vector.resources", "requirements"), defaults=(_VECTOR,), if_fields=(_MONITORING,),
    ))  # fmt: skip
    return PodPath(path, "containers", name="name" if group else None, count=(f"{at}replicas=1",), label=name, main=tuple(mains),
                   assemble=_merged_with_base("template"), empty_when_absent=made, always_made=made)  # fmt: skip


_STANDALONE_MAIN: Final = MainContainer("standalone", f"{_COMMON}; {_REPO} controllers/greptimedbstandalone/deployer.go", first=True,
                                        shorthand=Shorthand(f"{_BASE}.main.resources", "requirements"))  # fmt: skip

GREPTIME_KINDS: Final = (
    WorkloadKind(
        "greptime.io", "GreptimeDBCluster",
        (
            _component("spec.meta", "meta", False, made=True),
            _component("spec.frontend", "frontend", False),
            _component("spec.frontendGroups[*]", "frontend", False, group=True),
            _component("spec.datanode", "datanode", True),
            _component("spec.datanodeGroups[*]", "datanode", True, group=True),
            _component("spec.flownode", "flownode", True),
        ),
        f"{_REPO} apis/v1alpha1/greptimedbcluster_types.go",
    ),
    WorkloadKind(
        "greptime.io", "GreptimeDBStandalone",
        (PodPath("spec.base", "containers", count=("/spec.replicas=1",), label="standalone", main=(_STANDALONE_MAIN,),
                 assemble=_merged_with_base(""), empty_when_absent=True, always_made=True),),
        f"{_REPO} apis/v1alpha1/greptimedbstandalone_types.go",
    ),
)  # fmt: skip
