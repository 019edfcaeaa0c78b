"""Nephio's free5gc operator: NFDeployment (workload.nephio.org/v1alpha1,
nephio-project/api NFDeploymentSpec) with a free5gc ``spec.provider``
(nephio-project/free5gc 58742d6f5718 controllers/nf/reconciler.go: the
switch on ``upf.free5gc.io``, ``smf.free5gc.io``, ``amf.free5gc.io``; any
other provider is another operator's: OAI, the O-RAN SC RIC). For each the
operator makes one Deployment of the object's name, of 1 pod
(createResourceRequirements: ``replicas = 1``), whose one container is
named after the function and sized from ``spec.capacity`` alone, each
value a request and a limit (controllers/nf/<nf>/resources.go
createDeployment, createResourceRequirements):

- ``upf``: 1000m and 1Gi where ``capacity.maxDownlinkThroughput``'s
  Value() is above that of 5G, else 500m and 512Mi;
- ``amf``: 300m and 256Mi where ``capacity.maxSubscribers`` is above 1000,
  else 150m and 128Mi;
- ``smf``: 100m and 128Mi where ``capacity.maxSessions`` is below 1000 and
  ``capacity.maxNFConnections`` below 10, else 500m and 512Mi.

An unset capacity is Go's zero value. In a Nephio blueprint package the
capacity is not written in the NFDeployment: the kpt pipeline's
nfdeploy-fn copies it from the package's Capacity object (req.nephio.org)
before the object reaches the operator, so where ``spec.capacity`` is
unset the pod is shown as the operator sizes it for a zero capacity, as
written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_int, as_quantity
from pod_resources_cli.quantity import parse_quantity

_REPO: Final = "nephio-project/free5gc"
_AS_WRITTEN: Final = (
    "spec.capacity is not written: in a Nephio package the kpt pipeline's nfdeploy-fn fills it from the package's "
    "Capacity object before the free5gc operator sizes the pod"
)
_FIVE_G: Final = parse_quantity("5G")


def _sized(cpu: str, memory: str, why: str, nf: str) -> Derived:
    each = {"cpu": parse_quantity(cpu), "memory": parse_quantity(memory)}
    note = f"{cpu} of cpu and {memory} of memory, each a request and a limit: {why} ({_REPO} controllers/nf/{nf}/resources.go createResourceRequirements)"
    return Derived(dict(each), dict(each), (note,), ("capacity",))


def _capacity(value: Any, pointer: Pointer, problems: Problems) -> tuple[dict[str, Any], Pointer]:
    at = (*pointer, "capacity")
    capacity = value.get("capacity") if isinstance(value, dict) else None
    if capacity is not None and not isinstance(capacity, dict):
        problems.add(at, "must be a mapping (the NF's capacity)")
    return (capacity if isinstance(capacity, dict) else {}), at


def _count(capacity: dict[str, Any], field: str, at: Pointer, problems: Problems) -> int:
    return as_int(capacity.get(field), (*at, field), problems) or 0


def _upf(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    capacity, at = _capacity(value, pointer, problems)
    written = capacity.get("maxDownlinkThroughput")
    throughput = as_quantity(written, (*at, "maxDownlinkThroughput"), problems) if written is not None else None
    shown = "unset (0)" if throughput is None else throughput.canonical()
    if (throughput.value() if throughput is not None else 0) > _FIVE_G.value():
        return _sized("1000m", "1Gi", f"capacity.maxDownlinkThroughput {shown} is above 5G", "upf")
    return _sized("500m", "512Mi", f"capacity.maxDownlinkThroughput {shown} is not above 5G", "upf")


def _amf(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    capacity, at = _capacity(value, pointer, problems)
    subscribers = _count(capacity, "maxSubscribers", at, problems)
    if subscribers > 1000:
        return _sized("300m", "256Mi", f"capacity.maxSubscribers {subscribers} is above 1000", "amf")
    return _sized("150m", "128Mi", f"capacity.maxSubscribers {subscribers} is not above 1000", "amf")


def _smf(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    capacity, at = _capacity(value, pointer, problems)
    sessions = _count(capacity, "maxSessions", at, problems)
    connections = _count(capacity, "maxNFConnections", at, problems)
    said = f"capacity.maxSessions {sessions}, capacity.maxNFConnections {connections}"
    if sessions < 1000 and connections < 10:
        return _sized("100m", "128Mi", f"{said}: below 1000 and 10", "smf")
    return _sized("500m", "512Mi", f"{said}: not both below 1000 and 10", "smf")


def _nf(nf: str, compute: Callable[[Any, Pointer, Problems], Derived]) -> PodPath:
    main = MainContainer(nf, f"{_REPO} controllers/nf/{nf}/resources.go createDeployment", derive=Derive("/spec", compute))
    return PodPath(
        "spec", "operator", count=("1",), label=nf, main=(main,), empty_when_absent=True, always_made=True,
        if_field=FieldIn("spec.provider", (f"{nf}.free5gc.io",)), as_written_unset=("spec.capacity", _AS_WRITTEN, ""),
    )  # fmt: skip


FREE5GC_KINDS: Final = (
    WorkloadKind(
        "workload.nephio.org", "NFDeployment", (_nf("upf", _upf), _nf("smf", _smf), _nf("amf", _amf)),
        f"{_REPO} controllers/nf/reconciler.go; nephio-project/api workload/v1alpha1 nf_deployment_types.go",
    ),
)  # fmt: skip
