"""The Piraeus operator (piraeus.io/v1, piraeusdatastore/piraeus-operator
0ef32285b13b): a LinstorCluster's pods are the operator's built-in manifests
(pkg/resources/cluster/*, embedded by resources.go), which set no resources,
rendered by kustomize with the LinstorCluster's patches
(internal/controller/linstorcluster_controller.go kustomize*Resources):

- the LINSTOR controller Deployment (controller/controller-deployment.yaml:
  1 replica, ``linstor-controller`` after the init container
  ``run-migration``), not with ``spec.externalController`` written;
- the CSI controller Deployment (csi-controller/csi-controller-deployment.yaml:
  1 replica, ``linstor-csi``, ``csi-attacher``, ``csi-livenessprobe``,
  ``csi-provisioner``, ``csi-snapshotter``, ``csi-resizer``,
  ``csi-health-monitor``, init ``linstor-wait-api-online``);
- the CSI node DaemonSet (csi-node/csi-node-daemon-set.yaml: ``linstor-csi``,
  ``csi-node-driver-registrar``, ``csi-livenessprobe``, init
  ``linstor-wait-node-online``) and the HA controller DaemonSet
  (ha-controller/daemonset.yaml: ``ha-controller``), a pod per node;
- each a component that ``spec.<component>.enabled: false`` removes
  (api/v1/component_spec.go IsEnabled: nil or enabled, the CRD's default
  true), whose ``podTemplate`` is a strategic merge patch of the pod template
  (patches.go ComponentPodTemplate, patches/pod-template.yaml): its
  containers are merged into the built-in ones by name (a container's
  ``resources`` over the built-in's, which has none, so the written ones
  whole), others appended, ``$patch: delete`` removing one;
- the priority classes the manifests write: ``system-node-critical``, the
  HA controller's ``system-cluster-critical``;
- a LINSTOR satellite per selected node (a LinstorSatellite each, made by
  the LinstorCluster): the satellite DaemonSet
  (pkg/resources/satellite/satellite/daemonset.yaml: init
  ``drbd-module-loader``, ``drbd-shutdown-guard``, containers
  ``linstor-satellite``, ``drbd-reactor``; ``ktls-utils`` added by
  patches/tlshd.yaml with ``internalTLS.tlsHandshakeDaemon``,
  linstorsatellite_controller.go), into which every
  LinstorSatelliteConfiguration that selects the node merges its
  ``podTemplate`` and ``patches`` (pkg/merge/linstorsatelliteconfiguration.go
  SatelliteConfigurations, ConvertTemplateToPatch): as written from the
  LinstorCluster, completed by those objects (a resource it leaves out is no
  finding), and a LinstorSatelliteConfiguration's ``podTemplate`` is
  such a pod merged with its containers (a preset: others may patch the
  same pod).

``spec.patches`` (kustomize patches, JSON or strategic, on any object the
operator renders) can set any container's resources: the pod is as written
there. The pod's other fields are the ``podTemplate``'s ``spec`` where it
writes them.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Assemble, Containers, FieldIn, PodPath, WorkloadKind

_REPO: Final = "piraeusdatastore/piraeus-operator"
_PATCHES: Final = "the Piraeus operator renders its manifests with spec.patches (kustomize patches), which can set any container's resources"
_SATELLITE_CONFIGS: Final = (
    "the Piraeus operator merges the podTemplate and patches of every LinstorSatelliteConfiguration that selects a node "
    "into that node's satellite pod (pkg/merge/linstorsatelliteconfiguration.go)"
)
_SATELLITE: Final = (("drbd-module-loader", "drbd-shutdown-guard"), ("linstor-satellite", "drbd-reactor"))
_TLSHD: Final = "ktls-utils"


def _merged(builtin: tuple[str, ...], written: Any, at: Pointer, home: Pointer) -> Containers:
    """The built-in containers (named, no resources) with a strategic merge patch's list merged in by name: a
    written container's fields over the built-in one's (its resources whole, the built-in having none), one of
    another name appended, one marked ``$patch: delete`` removed."""
    items = written if isinstance(written, list) else []
    named = {c["name"]: (c, (*at, i)) for i, c in enumerate(items) if isinstance(c, dict) and isinstance(c.get("name"), str)}
    out: list[tuple[Any, Pointer]] = []
    for name in builtin:
        found = named.get(name)
        if found is None:
            out.append(({"name": name}, home))
        elif found[0].get("$patch") != "delete":
            out.append(({k: v for k, v in found[0].items() if not k.startswith("$")}, found[1]))
    out.extend((c, p) for name, (c, p) in named.items() if name not in builtin and c.get("$patch") != "delete")
    return tuple(out)


def _component(init: tuple[str, ...], containers: tuple[str, ...], template: str | None = "podTemplate") -> Assemble:
    """A built-in pod, with the podTemplate (the matched value's field ``template``; ``""``: the matched value
    itself) merged in; ``None``: no podTemplate."""

    def assemble(obj: dict[str, Any], value: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        found = (value.get(template) if template else value) if template is not None and isinstance(value, dict) else None
        spec = found.get("spec") if isinstance(found, dict) else None
        spec = spec if isinstance(spec, dict) else {}
        at = (*pointer, *((template,) if template else ()), "spec")
        more = (_TLSHD,) if containers == _SATELLITE[1] and _tlshd(obj) else ()
        return (
            _merged((*containers, *more), spec.get("containers"), (*at, "containers"), pointer),
            _merged(init, spec.get("initContainers"), (*at, "initContainers"), pointer),
        )

    return assemble


def _tlshd(obj: dict[str, Any]) -> bool:
    spec = obj.get("spec")
    tls = spec.get("internalTLS") if isinstance(spec, dict) else None
    return isinstance(tls, dict) and tls.get("tlsHandshakeDaemon") is True


def _enabled(component: str) -> FieldIn:
    """IsEnabled: the component unless ``enabled: false``."""
    return FieldIn(f"spec.{component}.enabled", ("false",), negate=True)


def _pod(component: str, label: str, init: tuple[str, ...], containers: tuple[str, ...], count: tuple[str, ...], priority: str,
         extra: tuple[FieldIn, ...] = ()) -> PodPath:  # fmt: skip
    return PodPath(
        f"spec.{component}", "containers", count=count, label=label, assemble=_component(init, containers), empty_when_absent=True,
        always_made=True, if_field=(_enabled(component), *extra), pod_fields=f"/spec.{component}.podTemplate.spec", priority_class=priority,
        patched_by=(("/spec.patches",), _PATCHES),
    )  # fmt: skip


_NODE: Final = "system-node-critical"
_CLUSTER_CRITICAL: Final = "system-cluster-critical"
_CSI_CONTROLLER: Final = ("linstor-csi", "csi-attacher", "csi-livenessprobe", "csi-provisioner", "csi-snapshotter", "csi-resizer", "csi-health-monitor")

PIRAEUS_KINDS: Final = (
    WorkloadKind("piraeus.io", "LinstorCluster", (
        _pod("controller", "linstor-controller", ("run-migration",), ("linstor-controller",), ("1",), _NODE,
             (FieldIn("spec.externalController", (), match="written", negate=True),)),
        _pod("csiController", "linstor-csi-controller", ("linstor-wait-api-online",), _CSI_CONTROLLER, ("1",), _NODE),
        _pod("csiNode", "linstor-csi-node", ("linstor-wait-node-online",), ("linstor-csi", "csi-node-driver-registrar", "csi-livenessprobe"), (), _NODE),
        _pod("highAvailabilityController", "ha-controller", (), ("ha-controller",), (), _CLUSTER_CRITICAL),
        PodPath("spec", "containers", label="linstor-satellite", assemble=_component(*_SATELLITE, template=None), empty_when_absent=True,
                priority_class=_NODE, as_written=_SATELLITE_CONFIGS, preset=True, patched_by=(("/spec.patches",), _PATCHES)),
    ), f"{_REPO} api/v1/linstorcluster_types.go, component_spec.go; internal/controller/linstorcluster_controller.go"),
    WorkloadKind("piraeus.io", "LinstorSatelliteConfiguration", (
        PodPath("spec.podTemplate", "containers", label="linstor-satellite", assemble=_component(*_SATELLITE, template=""), preset=True,
                pod_fields="/spec.podTemplate.spec", priority_class=_NODE, as_written=_SATELLITE_CONFIGS,
                patched_by=(("/spec.patches",), _PATCHES)),
    ), f"{_REPO} api/v1/linstorsatelliteconfiguration_types.go; pkg/merge/linstorsatelliteconfiguration.go"),
    WorkloadKind("piraeus.io", "LinstorSatellite", (
        PodPath("spec", "containers", count=("1",), assemble=_component(*_SATELLITE, template=None), empty_when_absent=True,
                priority_class=_NODE, patched_by=(("/spec.patches",), _PATCHES)),
    ), f"{_REPO} api/v1/linstorsatellite_types.go; internal/controller/linstorsatellite_controller.go"),
)  # fmt: skip
