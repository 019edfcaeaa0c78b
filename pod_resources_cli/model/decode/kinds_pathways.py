"""Google's PathwaysJob (pathways-job.pathways.domain/v1; google/pathways-job @c0cc7594c9d0
api/v1/pathwaysjob_types.go). For each PathwaysJob the controller makes one JobSet
(internal/controller/pathwaysjob_controller.go createJobSet) from the object's fields alone (no webhook),
with two replicated jobs:

- nothing at all where ``spec.workers[0].topology`` is not one the controller lists for
  ``spec.workers[0].type`` (calculateTPUInfo, validateTPUTopologyWithWorkerType, ValidTpuTopologiesMap:
  the reconcile fails before the JobSet); the CRD keeps one worker at most (``MaxItems=1``), and only the
  first is read;
- ``pathways-head``, 1 pod (MakePathwaysHeadReplicatedJob: replicas 1, completions 1). With
  ``spec.controller.template`` (MakePathwaysHeadPodSpec): the user's pod spec, with the resource manager
  ``pathways-rm`` and the proxy ``pathways-proxy`` appended to its init containers as sidecars
  (``restartPolicy: Always``); without it (headless): those two alone, as its containers. Their resources
  are limits only (MakeResourceManagerContainer: ``cpu`` 8 and ``memory``
  ``resource.NewQuantity(32000000000, DecimalSI)``, 32G; MakeProxyContainer: ``cpu`` 16 and ``memory``
  100000000000, 100G), which the API server copies to their requests;
- ``worker``, ``spec.workers[0].numSlices`` jobs (``+kubebuilder:default=1``) of NumVMs pods each
  (calculateVMsFromMachineTypeAndTopology: the topology's chips over ChipsPerVM, 8 for ``ct6e-standard-8t``
  and ``ct5lp-hightpu-8t`` and 4 for the other types, at least 1), each with the container
  ``pathways-worker`` whose only resource is a limit of ChipsPerVM ``google.com/tpu`` (MakeWorkerJob), and,
  where an entry of ``spec.customComponents`` of componentType ``colocated_python_sidecar`` names an
  ``image``, the init container ``colocated-python-sidecar`` (``restartPolicy: Always``, no resources:
  MakeColocateHeadWithWorkersPythonInitContainers).

The workers' ``priorityClassName`` (``spec.workers[0].priorityClassName``) is not followed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import (
    Containers,
    FieldIn,
    MainContainer,
    OperatorDefaults,
    PodPath,
    WorkloadKind,
)

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "google/pathways-job"
_CONTROLLER: Final = f"{_REPO} internal/controller/pathwaysjob_controller.go"
# ValidTpuTopologiesMap: the topologies the controller accepts for each worker type
_TOPOLOGIES: Final[dict[str, frozenset[str]]] = {
    "tpu7x-standard-4t": frozenset(
        [
            "12x12x12",
            "12x12x16",
            "12x12x20",
            "12x12x24",
            "12x12x28",
            "12x12x36",
            "12x16x16",
            "12x16x20",
            "12x16x24",
            "12x16x28",
            "12x20x20",
            "12x20x24",
            "12x24x24",
            "16x16x16",
            "16x16x20",
            "16x16x24",
            "16x16x32",
            "16x20x28",
            "16x24x24",
            "2x2x1",
            "2x2x2",
            "2x2x4",
            "2x4x4",
            "4x12x116",
            "4x12x12",
            "4x12x124",
            "4x12x20",
            "4x12x28",
            "4x12x44",
            "4x12x52",
            "4x12x68",
            "4x12x76",
            "4x12x92",
            "4x20x20",
            "4x20x28",
            "4x20x44",
            "4x20x52",
            "4x20x68",
            "4x20x76",
            "4x28x28",
            "4x28x44",
            "4x28x52",
            "4x4x116",
            "4x4x12",
            "4x4x124",
            "4x4x148",
            "4x4x164",
            "4x4x172",
            "4x4x188",
            "4x4x20",
            "4x4x212",
            "4x4x236",
            "4x4x244",
            "4x4x28",
            "4x4x4",
            "4x4x44",
            "4x4x52",
            "4x4x68",
            "4x4x76",
            "4x4x8",
            "4x4x92",
            "4x8x116",
            "4x8x12",
            "4x8x124",
            "4x8x148",
            "4x8x164",
            "4x8x172",
            "4x8x188",
            "4x8x20",
            "4x8x28",
            "4x8x44",
            "4x8x52",
            "4x8x68",
            "4x8x76",
            "4x8x8",
            "4x8x92",
            "8x12x12",
            "8x12x16",
            "8x12x20",
            "8x12x28",
            "8x12x44",
            "8x12x52",
            "8x16x16",
            "8x16x20",
            "8x16x28",
            "8x16x44",
            "8x20x20",
            "8x20x28",
            "8x8x12",
            "8x8x16",
            "8x8x20",
            "8x8x28",
            "8x8x44",
            "8x8x52",
            "8x8x68",
            "8x8x76",
            "8x8x8",
            "8x8x92",
        ]
    ),
    "ct6e-standard-4t": frozenset(["1x1", "2x2", "2x4", "4x4", "4x8", "8x8", "8x16", "16x16"]),
    "ct6e-standard-8t": frozenset(["2x4"]),
    "ct5p-hightpu-4t": frozenset(
        [
            "2x2x1",
            "2x2x2",
            "2x2x4",
            "2x4x4",
            "4x4x4",
            "4x4x8",
            "4x4x12",
            "4x8x8",
            "4x4x20",
            "4x8x12",
            "4x4x28",
            "8x8x8",
            "4x12x12",
            "4x8x20",
            "4x4x44",
            "8x8x12",
            "4x4x52",
            "4x8x28",
            "4x12x20",
            "8x8x16",
            "4x4x68",
            "8x12x12",
            "4x4x76",
            "8x8x20",
            "4x12x28",
            "4x8x44",
            "4x4x92",
            "8x12x16",
            "4x20x20",
            "4x8x52",
            "12x12x12",
            "8x8x28",
            "4x4x116",
            "8x12x20",
            "4x4x124",
            "8x16x16",
            "4x12x44",
            "4x8x68",
            "4x20x28",
            "12x12x16",
            "4x4x148",
            "4x8x76",
            "4x12x52",
            "8x16x20",
            "4x4x164",
            "8x12x28",
            "4x4x172",
            "8x8x44",
            "12x12x20",
            "4x8x92",
            "4x4x188",
            "12x16x16",
            "4x28x28",
            "8x20x20",
            "4x12x68",
            "8x8x52",
            "4x4x212",
            "12x12x24",
            "4x20x44",
            "8x16x28",
            "4x12x76",
            "4x8x116",
            "4x4x236",
            "12x16x20",
            "4x4x244",
            "4x8x124",
            "12x12x28",
            "16x16x16",
            "4x20x52",
            "8x12x44",
            "8x8x68",
            "4x12x92",
            "8x20x28",
            "12x16x24",
            "4x8x148",
            "12x20x20",
            "8x8x76",
            "4x28x44",
            "8x12x52",
            "16x16x20",
            "12x12x36",
            "4x8x164",
            "12x16x28",
            "4x20x68",
            "4x8x172",
            "4x12x116",
            "8x16x44",
            "12x20x24",
            "4x28x52",
            "8x8x92",
            "4x12x124",
            "4x8x188",
            "4x20x76",
            "16x16x24",
            "12x24x24",
            "16x20x28",
        ]
    ),
    "ct5lp-hightpu-4t": frozenset(["2x2", "2x4", "4x4", "4x8", "8x8", "8x16", "16x16"]),
    "ct5lp-hightpu-8t": frozenset(["2x4"]),
    "ct4p-hightpu-4t": frozenset(
        [
            "2x2x1",
            "2x2x2",
            "2x2x4",
            "2x4x4",
            "4x4x4",
            "4x4x8",
            "4x8x8",
            "4x4x16",
            "8x8x8",
            "8x8x12",
            "8x8x16",
            "4x16x16",
            "8x16x16",
        ]
    ),
}
_EIGHT_CHIPS: Final = frozenset(("ct6e-standard-8t", "ct5lp-hightpu-8t"))
_RM_LIMITS: Final = (("cpu", "8"), ("memory", "32G"))
_PROXY_LIMITS: Final = (("cpu", "16"), ("memory", "100G"))
_WITH_TEMPLATE: Final = FieldIn("spec.controller.template", (), match="written")
_HEADLESS: Final = FieldIn("spec.controller.template", (), match="written", negate=True)


def _worker(obj: dict[str, Any]) -> dict[str, Any] | None:
    """``spec.workers[0]``, or None."""
    spec = obj.get("spec")
    workers = spec.get("workers") if isinstance(spec, dict) else None
    first = workers[0] if isinstance(workers, list) and workers else None
    return first if isinstance(first, dict) else None


def _vms(obj: dict[str, Any]) -> tuple[int, int] | None:
    """(pods per slice, chips per pod) where the worker's type and topology validate, else None."""
    worker = _worker(obj)
    if worker is None:
        return None
    kind, topology = worker.get("type"), worker.get("topology")
    if not isinstance(kind, str) or not isinstance(topology, str) or topology not in _TOPOLOGIES.get(kind, ()):
        return None
    chips = 1
    for part in topology.split("x"):
        chips *= int(part)
    per_vm = 8 if kind in _EIGHT_CHIPS else 4
    return (chips // per_vm if chips >= per_vm else 1), per_vm


def _made(obj: dict[str, Any], element: Any) -> bool:
    del element
    return _vms(obj) is not None


def _workers(obj: dict[str, Any], element: Any) -> int:
    """numSlices (default 1) jobs of NumVMs pods."""
    del element
    found = _vms(obj)
    worker = _worker(obj) or {}
    slices = worker.get("numSlices", 1)
    slices = 1 if slices is None else slices
    if found is None or not isinstance(slices, int) or isinstance(slices, bool):
        return 0
    return max(slices, 0) * found[0]


def _limits(pairs: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    return {"limits": dict(pairs)}


def _headless(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """MakePathwaysHeadPodSpec without a user pod: pathways-rm and pathways-proxy as the containers."""
    del obj, spec
    return (
        ({"name": "pathways-rm", "resources": _limits(_RM_LIMITS)}, pointer),
        ({"name": "pathways-proxy", "resources": _limits(_PROXY_LIMITS)}, pointer),
    ), ()


def _sidecar_image(obj: dict[str, Any]) -> bool:
    """A customComponents entry of componentType colocated_python_sidecar with an image."""
    spec = obj.get("spec")
    components = spec.get("customComponents") if isinstance(spec, dict) else None
    return any(
        isinstance(c, dict)
        and c.get("componentType") == "colocated_python_sidecar"
        and isinstance(c.get("image"), str)
        and c["image"]
        for c in (components if isinstance(components, list) else ())
    )


def _worker_pod(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """MakeWorkerJob: pathways-worker with ChipsPerVM google.com/tpu as its limit, after the colocated python sidecar."""
    del spec
    found = _vms(obj)
    chips = str(found[1]) if found is not None else "4"
    worker = ({"name": "pathways-worker", "resources": {"limits": {"google.com/tpu": chips}}}, (*pointer, "workers", 0))
    sidecar = ({"name": "colocated-python-sidecar", "restartPolicy": "Always"}, (*pointer, "customComponents"))
    return (worker,), ((sidecar,) if _sidecar_image(obj) else ())


def _pods() -> tuple[PodPath, ...]:
    rm = MainContainer(
        "pathways-rm",
        f"{_CONTROLLER} MakeResourceManagerContainer",
        init=True,
        sidecar=True,
        defaults=(OperatorDefaults(limits=_RM_LIMITS),),
    )
    proxy = MainContainer(
        "pathways-proxy",
        f"{_CONTROLLER} MakeProxyContainer",
        init=True,
        sidecar=True,
        defaults=(OperatorDefaults(limits=_PROXY_LIMITS),),
    )
    return (
        PodPath("spec.controller.template", label="pathways-head", count=("1",), main=(rm, proxy), made=_made, if_field=_WITH_TEMPLATE),
        PodPath("spec", "containers", label="pathways-head", assemble=_headless, count=("1",), made=_made, if_field=_HEADLESS),
        PodPath("spec", "containers", label="worker", assemble=_worker_pod, tally=_workers, made=_made),
    )  # fmt: skip


PATHWAYS_KINDS: Final = (
    WorkloadKind(
        "pathways-job.pathways.domain", "PathwaysJob", _pods(), f"{_REPO} api/v1/pathwaysjob_types.go, {_CONTROLLER}"
    ),
)
