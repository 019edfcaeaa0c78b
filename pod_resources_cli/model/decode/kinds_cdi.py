"""The Containerized Data Importer (CDI, cdi.kubevirt.io; kubevirt/containerized-data-importer
c07cdb6fbd18 staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go):
a DataVolume fills a PersistentVolumeClaim, and for most sources CDI runs one
pod to do it, whose every container gets the same resources: the cluster
CDIConfig's ``status.defaultPodResourceRequirements``
(pkg/controller/common/util.go GetDefaultPodResourceRequirements), which the
config controller sets to requests of 100m cpu and 60M of memory and limits
of 750m and 600M, each replaced by the CDIConfig's
``spec.podResourceRequirements`` where it writes that cpu or memory request
or limit (pkg/controller/config-controller.go defaultCPULimit,
defaultMemLimit, defaultCPURequest, defaultMemRequest,
reconcileDefaultPodResourceRequirements). Those defaults are applied here;
the cluster's CDIConfig (another object) may change them, so the pods are
reported as written with that reason.

- ``spec.source`` ``http``, ``s3``, ``gcs``, ``registry``, ``imageio``,
  ``vddk`` or ``blank``: one importer pod (pkg/controller/import-controller.go
  makeImporterPodSpec) with the container ``importer``
  (makeImporterContainerSpec); a registry source with ``pullMethod: node``
  (the PVC annotation cc.AnnRegistryImportMethod, common/util.go) adds the
  container ``server`` and the init container ``init``
  (isRegistryNodeImport, makeImporterInitContainersSpec); a vddk source with
  ``initImageURL`` (cc.AnnVddkInitImageURL) the init container
  ``vddk-side-car`` (without it, the image of the ``v2v-vmware`` ConfigMap,
  another object, adds the same container: with the same resources as
  ``importer``, it changes none of the pod's requests, limits or QoS);
- ``spec.source.upload``: one upload server pod
  (pkg/controller/upload-controller.go makeUploadPodSpec) with the container
  ``cdi-upload-server`` (common.UploadServerPodname);
- ``spec.source.pvc``, ``spec.source.snapshot`` and ``spec.sourceRef`` (a
  DataSource, another object): CDI clones by CSI clone, snapshot or host
  pods as the storage profile of the cluster decides; not modelled.

Each pod takes the DataVolume's ``spec.priorityClassName``
(datavolume/controller-base.go sets cc.AnnPriorityClassName,
GetPriorityClass reads it). The pods run until the volume is filled; one at
a time for each DataVolume. A DataImportCron (DataImportCronSpec) makes a
DataVolume of its ``spec.template`` for each new image it polls, whose
registry source (getCronRegistrySource, pkg/controller/dataimportcron-
controller.go) runs the same importer pod.

CDI's configuration and reference kinds make no pod: no_pods.py.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "kubevirt/containerized-data-importer"
_IMPORTER: Final = f"{_REPO} pkg/controller/import-controller.go makeImporterContainerSpec"
_UPLOAD: Final = f"{_REPO} pkg/controller/upload-controller.go makeUploadPodContainers"
# config-controller.go reconcileDefaultPodResourceRequirements
_DEFAULTS: Final = (OperatorDefaults(requests=(("cpu", "100m"), ("memory", "60M")), limits=(("cpu", "750m"), ("memory", "600M"))),)
_AS_WRITTEN: Final = (
    "CDI gives every container of this pod the cluster CDIConfig's podResourceRequirements, whose shipped defaults "
    "(requests 100m/60M, limits 750m/600M) are applied here"
)
_IMPORT_SOURCES: Final = ("http", "s3", "gcs", "registry", "imageio", "vddk", "blank")


def _importer(source: str, at: str = "spec") -> PodPath:
    """The importer pod of a DataVolume spec at ``at`` whose source is ``source``."""
    node_pull = FieldIn(f"/{at}.source.registry.pullMethod", ("node",))
    mains = [MainContainer("importer", _IMPORTER, defaults=_DEFAULTS)]
    if source == "registry":
        mains += [
            MainContainer("server", _IMPORTER + " (isRegistryNodeImport)", defaults=_DEFAULTS, if_fields=(node_pull,)),
            MainContainer("init", f"{_REPO} pkg/controller/import-controller.go makeImporterInitContainersSpec", defaults=_DEFAULTS,
                          if_fields=(node_pull,), init=True),
        ]  # fmt: skip
    if source == "vddk":
        mains.append(
            MainContainer("vddk-side-car", f"{_REPO} pkg/controller/import-controller.go makeImporterInitContainersSpec", defaults=_DEFAULTS,
                          if_fields=(FieldIn(f"/{at}.source.vddk.initImageURL", (), match="written"),), init=True)
        )  # fmt: skip
    return PodPath(f"{at}.source.{source}", "operator", count=("1",), label="importer", main=tuple(mains), as_written=_AS_WRITTEN,
                   if_field=FieldIn(f"{at}.source.{source}", (), match="written"), pod_fields=f"/{at}")  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    upload = MainContainer("cdi-upload-server", _UPLOAD, defaults=_DEFAULTS)
    return (
        *(_importer(source) for source in _IMPORT_SOURCES),
        PodPath("spec.source.upload", "operator", count=("1",), label="upload server", main=(upload,), as_written=_AS_WRITTEN,
                if_field=FieldIn("spec.source.upload", (), match="written"), pod_fields="/spec"),
    )  # fmt: skip


CDI_KINDS: Final = (
    WorkloadKind("cdi.kubevirt.io", "DataVolume", _pods(), f"{_REPO} staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go",
                 refers=("spec.source.pvc", "spec.source.snapshot", "spec.sourceRef")),
    # dataimportcron-controller.go: each poll that finds a new image digest makes a DataVolume of spec.template, whose
    # registry source (the only one a DataImportCron reads: getCronRegistrySource) runs an importer pod
    WorkloadKind("cdi.kubevirt.io", "DataImportCron", (_importer("registry", "spec.template.spec"),),
                 f"{_REPO} staging/src/kubevirt.io/containerized-data-importer-api/pkg/apis/core/v1beta1/types.go DataImportCronSpec"),
)  # fmt: skip
