"""The OpenVINO toolkit operator: ModelServer and Notebook (intel.com
v1alpha1; openvinotoolkit/operator @5cd2e763392d). It is a Helm-based operator
(operator-sdk's helm operator, watches.yaml): for each object it installs a
chart with the object's ``spec`` as the values, merged over the chart's
values.yaml, after the API server applied the CRD's defaults and pruned the
fields the CRD does not name (config/crd/bases/intel.com_*.yaml: structural,
no x-kubernetes-preserve-unknown-fields under ``resources``).

ModelServer (chart helm-charts/ovms, templates/deployment.yaml): one
Deployment of ``spec.deployment_parameters.replicas`` pods (the CRD's and
values.yaml's default 1) with the one container ``ovms``. Its resources are
not the written ResourceRequirements: the template writes, under ``limits``
and under ``requests`` apart, only

- ``cpu`` (quoted) and ``memory``, each where the value is set and not empty
  (``{{ if (((.Values.deployment_parameters.resources).limits).cpu) }}``);
- ``<xpu_device>: "<xpu_device_quantity>"`` where ``xpu_device`` is set (an
  Intel device plugin's resource, ``gpu.intel.com/i915``), the quantity
  defaulting to ``"1"`` (the CRD's default).

Any other resource written there (``nvidia.com/gpu``) is pruned by the API
server and never reaches the pod. With ``openshift_service_mesh: true`` the
pod template carries ``sidecar.istio.io/inject: "true"``: in a mesh member
namespace the mesh adds its proxy sidecar, so that pod is as written.

Notebook (chart helm-charts/rhods-ov-image-stream): an ImageStream and,
where the chart's ``build_locally`` is ``"true"`` (values.yaml; the CRD does
not name the field, so a written one is pruned and the default holds), a
BuildConfig (templates/buildconfig.yaml): ``source.git``, a docker strategy,
no resources, ``runPolicy: Serial``, a ConfigChange trigger. That build is one
pod at a time, built by openshift-controller-manager as kinds_openshift.py
says: the init containers ``git-clone`` and ``manage-dockerfile`` and the
container ``docker-build``, none with resources of its own; the cluster's
build defaults fill them in, so it is as written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.go_values import go_text, truthy

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "openvinotoolkit/operator"
_CHART: Final = f"{_REPO} helm-charts/ovms/templates/deployment.yaml"
_MESH: Final = "spec.deployment_parameters.openshift_service_mesh"
_MESH_AS_WRITTEN: Final = (
    "openshift_service_mesh: true annotates the pod sidecar.istio.io/inject: \"true\": in a Service Mesh member namespace "
    "the mesh adds its proxy sidecar with resources of its own configuration"
)
_BUILD_AS_WRITTEN: Final = (
    "the cluster's build defaults (build.config.openshift.io cluster spec.buildDefaults.resources) "
    "fill in each request and limit the build does not set"
)




def _side(written: Any) -> dict[str, str]:
    """One of ``limits`` and ``requests`` as the template renders it: cpu, memory and the xpu device, nothing else."""
    out: dict[str, str] = {}
    if not isinstance(written, dict):
        return out
    for key in ("cpu", "memory"):
        if truthy(written.get(key)):
            out[key] = go_text(written[key])
    device = written.get("xpu_device")
    if truthy(device):
        quantity = written.get("xpu_device_quantity")
        out[go_text(device)] = "1" if quantity is None else go_text(quantity)  # the CRD's default "1"
    return out


def _assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The chart's ``ovms`` container, its resources as the template renders them."""
    del obj
    parameters = spec.get("deployment_parameters") if isinstance(spec, dict) else None
    written = parameters.get("resources") if isinstance(parameters, dict) else None
    image = spec.get("image_name") if isinstance(spec, dict) else None
    container: dict[str, Any] = {
        "name": "ovms",
        "image": image if isinstance(image, str) and image else "openvino/model_server:latest",  # values.yaml
        "resources": {"limits": {}, "requests": {}},
    }
    if isinstance(written, dict):
        container["resources"] = {"limits": _side(written.get("limits")), "requests": _side(written.get("requests"))}
    at = (*pointer, "deployment_parameters", "resources") if isinstance(written, dict) else pointer
    return ((container, at),), ()


def _model_server() -> tuple[PodPath, ...]:
    count = ("/spec.deployment_parameters.replicas=1",)
    return (
        PodPath("spec", "containers", count=count, assemble=_assemble, label="ovms", if_field=FieldIn(_MESH, ("true",), negate=True)),
        PodPath("spec", "containers", count=count, assemble=_assemble, label="ovms", if_field=FieldIn(_MESH, ("true",)), as_written=_MESH_AS_WRITTEN),
    )  # fmt: skip


_BUILD: Final = f"{_REPO} helm-charts/rhods-ov-image-stream/templates/buildconfig.yaml; openshift/openshift-controller-manager pkg/build/controller/strategy/docker.go"
_NOTEBOOK_BUILD: Final = PodPath(
    "spec", "operator", count=("1",), label="build", as_written=_BUILD_AS_WRITTEN, empty_when_absent=True, always_made=True,
    main=(
        MainContainer("git-clone", _BUILD, init=True),
        MainContainer("manage-dockerfile", _BUILD, init=True),
        MainContainer("docker-build", _BUILD),
    ),
)  # fmt: skip

OPENVINO_KINDS: Final = (
    WorkloadKind("intel.com", "ModelServer", _model_server(), f"{_REPO} config/crd/bases/intel.com_model_servers.yaml, {_CHART}"),
    WorkloadKind("intel.com", "Notebook", (_NOTEBOOK_BUILD,), f"{_REPO} config/crd/bases/intel.com_notebooks.yaml, watches.yaml"),
)
