"""Config Sync: RootSync and RepoSync (configsync.gke.io v1alpha1 and v1beta1;
GoogleContainerTools/kpt-config-sync @bd5fadf7ec196a27a637179d0c5f757e3ee49db6
pkg/api/configsync/v1beta1, manifests/rootsync-crd.yaml and reposync-crd.yaml).

For each RootSync or RepoSync the reconciler-manager makes one reconciler
Deployment (``replicas: 1``) in ``config-management-system``, named
``root-reconciler[-<name>]`` or ``ns-reconciler-<namespace>[-<name>-<len>]``
(pkg/core/names.go), from the template of its ConfigMap
(manifests/templates/reconciler-manager-configmap.yaml ``deployment.yaml``,
whose containers write no resources). ``mutationsFor``
(pkg/reconcilermanager/controllers/rootsync_controller.go and
reposync_controller.go) keeps, in the template's order:

- ``hydration-controller`` only where the object's annotation
  ``configsync.gke.io/requires-rendering`` parses as true (strconv.ParseBool,
  reconciler_base.go isAnnotationValueTrue); the reconciler itself sets it
  once it finds a kustomization in the source (pkg/parse/root_sync_client.go,
  repo_sync_client.go), which is not followed here;
- ``reconciler``, always;
- ``git-sync`` where ``spec.sourceType`` is ``git`` (the CRD's default),
  ``oci-sync`` where it is ``oci``, ``helm-sync`` where it is ``helm``;
- ``gcenode-askpass-sidecar`` for ``git`` with ``spec.git.auth``
  ``gcpserviceaccount`` or ``gcenode`` (EnableAskpassSidecar);
- ``otel-agent``, always.

Each container's resources are set by mutateContainerResource from
``spec.override.resources`` (items ``{containerName, cpuRequest,
memoryRequest, cpuLimit, memoryLimit}``, the last item of a name winning: a
Go map) merged with ReconcilerContainerResourceDefaults
(pkg/reconcilermanager/controllers/reconciler_container_resources.go
setContainerResourceDefaults: each value the override leaves unset or zero is
the default's): requests reconciler 50m/200Mi, hydration-controller 10m/100Mi,
oci-sync 25m/32Mi, helm-sync 75m/128Mi, git-sync 10m/16Mi,
gcenode-askpass-sidecar 10m/20Mi, otel-agent 10m/100Mi with limits 1000m and
1Gi; no other limit. On GKE Autopilot (a cluster fact) the defaults are
ReconcilerContainerResourceDefaultsForAutopilot's instead, each request equal
to its limit; the standard cluster's are modelled.

The pod runs in ``config-management-system`` (PodPath.runs_in): that
namespace's LimitRanges, ResourceQuotas and injection apply to it, not
those of the RepoSync's namespace. The ConfigManagement operator's kind
(configmanagement.gke.io, not open source) installs Config Sync itself and
is counted as not modelled; Config Sync's other configmanagement.gke.io
kinds carry no pods (no_pods.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import (
    AnnotationIn,
    Derive,
    Derived,
    FieldIn,
    MainContainer,
    PodPath,
    WorkloadKind,
)
from pod_resources_cli.model.decode.problems import Problems, as_quantity
from pod_resources_cli.quantity import Quantity, parse_quantity

_AT: Final = "GoogleContainerTools/kpt-config-sync @bd5fadf7ec19"
_DEFAULTS_AT: Final = f"{_AT} pkg/reconcilermanager/controllers/reconciler_container_resources.go ReconcilerContainerResourceDefaults"
_MUTATIONS: Final = f"{_AT} pkg/reconcilermanager/controllers/reposync_controller.go, rootsync_controller.go mutationsFor"

# (container, cpu request, memory request, cpu limit, memory limit): ReconcilerContainerResourceDefaults
_DEFAULTS: Final = {
    "hydration-controller": ("10m", "100Mi", None, None),
    "reconciler": ("50m", "200Mi", None, None),
    "git-sync": ("10m", "16Mi", None, None),
    "gcenode-askpass-sidecar": ("10m", "20Mi", None, None),
    "oci-sync": ("25m", "32Mi", None, None),
    "helm-sync": ("75m", "128Mi", None, None),
    "otel-agent": ("10m", "100Mi", "1000m", "1Gi"),
}
# ContainerResourcesSpec's fields, in the defaults' order: (field, requests or limits, resource)
_FIELDS: Final = (("cpuRequest", "requests", "cpu"), ("memoryRequest", "requests", "memory"), ("cpuLimit", "limits", "cpu"),
                  ("memoryLimit", "limits", "memory"))  # fmt: skip
_PARSE_BOOL_TRUE: Final = ("1", "t", "T", "TRUE", "true", "True")  # Go's strconv.ParseBool


def _resources(container: str) -> Callable[[Any, Pointer, Problems], Derived]:
    """mutateContainerResource after setContainerResourceDefaults, for ``container``, given ``spec.override.resources``."""
    defaults = _DEFAULTS[container]

    def compute(value: Any, pointer: Pointer, problems: Problems) -> Derived:
        override: dict[str, Any] = {}
        at: Pointer = ()
        for i, item in enumerate(value if isinstance(value, list) else []):
            if isinstance(item, dict) and item.get("containerName") == container:
                override, at = item, (i,)  # overrideMap[override.ContainerName] = override: the last one wins
        out: dict[str, dict[str, Quantity]] = {"requests": {}, "limits": {}}
        overridden: list[str] = []
        for (field, side, resource), default in zip(_FIELDS, defaults, strict=True):
            written = override.get(field)
            quantity = as_quantity(written, (*pointer, *at, field), problems) if written is not None else None
            if quantity is not None and not quantity.is_zero():
                out[side][resource] = quantity
                overridden.append(field)
            elif default is not None:
                out[side][resource] = parse_quantity(default)
        shown = "; ".join(
            f"{side} " + " and ".join(f"{q.canonical()} {resource}" for resource, q in out[side].items()) for side in ("requests", "limits") if out[side]
        )
        if overridden:
            note = f"{shown}: spec.override.resources sets {', '.join(overridden)}, the rest the defaults ({_DEFAULTS_AT})"
        else:
            note = f"{shown}: Config Sync's defaults for a standard cluster, other on GKE Autopilot ({_DEFAULTS_AT})"
        return Derived(out["requests"], out["limits"], (note,), at)

    return compute


def _container(name: str, *when: FieldIn, rendering: bool = False) -> MainContainer:
    return MainContainer(
        name, _MUTATIONS, derive=Derive("/spec.override.resources", _resources(name)), if_fields=when,
        if_annotation=AnnotationIn("configsync.gke.io/requires-rendering", _PARSE_BOOL_TRUE) if rendering else None,
    )  # fmt: skip


def _source(kind: str) -> FieldIn:
    return FieldIn("/spec.sourceType", (kind,), default="git")


def _reconciler() -> PodPath:
    main = (
        _container("hydration-controller", rendering=True),
        _container("reconciler"),
        _container("git-sync", _source("git")),
        _container("gcenode-askpass-sidecar", _source("git"), FieldIn("/spec.git.auth", ("gcpserviceaccount", "gcenode"))),
        _container("oci-sync", _source("oci")),
        _container("helm-sync", _source("helm")),
        _container("otel-agent"),
    )
    return PodPath("spec", "operator", count=("1",), label="reconciler", main=main, empty_when_absent=True, always_made=True,
                   runs_in="config-management-system")


CONFIG_SYNC_KINDS: Final = tuple(
    WorkloadKind("configsync.gke.io", kind, (_reconciler(),), f"{_AT} pkg/api/configsync/v1beta1 ({kind}Spec); {_MUTATIONS}")
    for kind in ("RootSync", "RepoSync")
) + (
    # the ConfigManagement operator (configmanagement.gke.io/v1, part of GKE's Config Management, not open source)
    # installs Config Sync's and Policy Controller's pods from its own manifests: not modelled, counted as not searched
    WorkloadKind("configmanagement.gke.io", "ConfigManagement", (), "cloud.google.com/anthos-config-management/docs/reference/configmanagement-fields"),
)
