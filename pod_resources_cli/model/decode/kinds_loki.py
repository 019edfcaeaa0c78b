"""Grafana's Loki Operator: LokiStack (loki.grafana.com, v1 and v1beta1;
grafana/loki 65e30f8488e8 operator/api/loki/v1/lokistack_types.go). The
operator builds every pod of a stack itself from ``spec.size`` (required,
an enum: ``1x.demo``, ``1x.pico``, ``1x.extra-small``, ``1x.small``,
``1x.medium``); nothing in the object writes a container's resources
(operator/internal/manifests/build.go ApplyDefaultSettings):

- each component's container takes the requests of its size in
  ``resourceRequirementsTable`` (operator/internal/manifests/internal/
  sizes.go; ``1x.demo`` has none, so its pods are BestEffort), and limits
  only with ``spec.template.useRequestsAsLimits: true``
  (ResourceRequirementsForSize: each limit a copy of the request);
- each component's count is ``spec.template.<component>.replicas``, where
  written and not 0 (``mergo.Merge(..., WithOverride)`` of the object over
  the size's ``StackSizeTable``: a zero int32 does not override), else the
  size's; the compactor is always 1 (the strict override);
- the components and their containers: distributor ``loki-distributor``
  (a Deployment, distributor.go), ingester ``loki-ingester`` (a
  StatefulSet, ingester.go), querier ``loki-querier`` (querier.go), query
  frontend ``loki-query-frontend`` (query-frontend.go), compactor
  ``loki-compactor`` (compactor.go), index gateway ``loki-index-gateway``
  (indexgateway.go), and with ``spec.rules.enabled`` the ruler
  ``loki-ruler`` (ruler.go; BuildAll);
- the gateway (gateway.go, ``gateway`` with the size's Gateway resources,
  NewGatewayDeployment or, in ``passthrough`` mode,
  NewPassthroughGatewayDeployment) is built under the operator's
  ``lokiStackGateway`` feature gate, which every configuration it ships
  enables (config/overlays/*/controller_manager_config.yaml), for a stack
  that writes ``spec.tenants`` (internal/handlers/internal/gateway/
  gateway.go refuses one without, marking the stack degraded; the Go
  default of the gate is off, and then no gateway is built: so a stack
  without ``spec.tenants`` is shown without it); in the
  ``openshift-logging`` and ``openshift-network`` modes it also runs
  ``opa`` (openshift/opa_openshift.go newOPAOpenShiftContainer), which
  sets no resources;
- with ``spec.replication.zones`` written, every component but the gateway
  and the compactor runs the init container ``az-annotation-check``
  without resources first (node_placement.go configureReplication,
  initContainerAZAnnotationCheck).

The pods are as the operator builds them: final.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.quantity import parse_quantity

_REPO: Final = "grafana/loki"
_SIZES_GO: Final = f"{_REPO} operator/internal/manifests/internal/sizes.go"
_SIZES: Final = ("1x.demo", "1x.pico", "1x.extra-small", "1x.small", "1x.medium")

# resourceRequirementsTable: (cpu, memory) requests of each component by size (1x.demo: none)
_REQUESTS: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "1x.demo": {},
    "1x.pico": {
        "querier": ("750m", "1.5Gi"), "ruler": ("500m", "1Gi"), "ingester": ("500m", "3Gi"), "distributor": ("500m", "500Mi"),
        "query-frontend": ("500m", "500Mi"), "compactor": ("500m", "500Mi"), "gateway": ("500m", "500Mi"), "index-gateway": ("150m", "250Mi"),
    },
    "1x.extra-small": {
        "querier": ("1.5", "3Gi"), "ruler": ("1", "2Gi"), "ingester": ("1", "5.25Gi"), "distributor": ("1", "1Gi"),
        "query-frontend": ("1", "1Gi"), "compactor": ("1", "2Gi"), "gateway": ("500m", "500Mi"), "index-gateway": ("500m", "1Gi"),
    },
    "1x.small": {
        "querier": ("4", "4Gi"), "ruler": ("4", "8Gi"), "ingester": ("2.5", "13.25Gi"), "distributor": ("2", "2Gi"),
        "query-frontend": ("4", "2.5Gi"), "compactor": ("2", "4Gi"), "gateway": ("1", "1Gi"), "index-gateway": ("1", "2Gi"),
    },
    "1x.medium": {
        "querier": ("6", "10Gi"), "ruler": ("8", "16Gi"), "ingester": ("6", "30Gi"), "distributor": ("2", "2Gi"),
        "query-frontend": ("4", "2.5Gi"), "compactor": ("2", "4Gi"), "gateway": ("1", "1Gi"), "index-gateway": ("1", "2Gi"),
    },
}  # fmt: skip

# StackSizeTable: each component's replicas by size (the compactor's is always 1)
_REPLICAS: Final[dict[str, dict[str, int]]] = {
    "1x.demo": {"distributor": 1, "ingester": 1, "querier": 1, "query-frontend": 1, "gateway": 2, "index-gateway": 1, "ruler": 1},
    "1x.pico": {"distributor": 2, "ingester": 3, "querier": 2, "query-frontend": 2, "gateway": 2, "index-gateway": 2, "ruler": 2},
    "1x.extra-small": {"distributor": 2, "ingester": 3, "querier": 2, "query-frontend": 2, "gateway": 2, "index-gateway": 2, "ruler": 2},
    "1x.small": {"distributor": 2, "ingester": 3, "querier": 2, "query-frontend": 2, "gateway": 2, "index-gateway": 2, "ruler": 2},
    "1x.medium": {"distributor": 2, "ingester": 3, "querier": 3, "query-frontend": 2, "gateway": 2, "index-gateway": 2, "ruler": 2},
}  # fmt: skip

# (component, its field under spec.template, its container, the file that builds it)
_COMPONENTS: Final = (
    ("distributor", "distributor", "loki-distributor", "distributor.go"),
    ("ingester", "ingester", "loki-ingester", "ingester.go"),
    ("querier", "querier", "loki-querier", "querier.go"),
    ("query-frontend", "queryFrontend", "loki-query-frontend", "query-frontend.go"),
    ("compactor", "compactor", "loki-compactor", "compactor.go"),
    ("index-gateway", "indexGateway", "loki-index-gateway", "indexgateway.go"),
    ("ruler", "ruler", "loki-ruler", "ruler.go"),
    ("gateway", "gateway", "gateway", "gateway.go"),
)
_OPENSHIFT_MODES: Final = FieldIn("/spec.tenants.mode", ("openshift-logging", "openshift-network"))


def _sized(component: str, size: str) -> Derive:
    """The container's resources for ``size`` (ResourceRequirementsForSize), limits equal to the requests with
    ``spec.template.useRequestsAsLimits: true``."""

    def compute(value: Any, pointer: Pointer, problems: Problems) -> Derived:
        del problems
        template = value.get("template") if isinstance(value, dict) else None
        as_limits = isinstance(template, dict) and template.get("useRequestsAsLimits") is True
        cpu_memory = _REQUESTS[size].get(component)
        if cpu_memory is None:
            note = f"size {size} gives it no requests and no limits ({_SIZES_GO} resourceRequirementsTable)"
            return Derived({}, {}, (note,), ("size",))
        cpu, memory = cpu_memory
        requests = {"cpu": parse_quantity(cpu), "memory": parse_quantity(memory)}
        shown = f"{requests['cpu'].canonical()} of cpu and {requests['memory'].canonical()} of memory"
        if as_limits:
            note = f"size {size}: requests and, with template.useRequestsAsLimits, limits of {shown} ({_SIZES_GO} ResourceRequirementsForSize)"
            return Derived(dict(requests), dict(requests), (note,), ("size",))
        note = f"size {size}: requests of {shown}, no limits ({_SIZES_GO} resourceRequirementsTable)"
        return Derived(dict(requests), {}, (note,), ("size",))

    return Derive("/spec", compute)


def _pod(component: str, field: str, container: str, source: str, size: str) -> PodPath:
    code = f"{_REPO} operator/internal/manifests/{source}"
    mains = [MainContainer(container, code, derive=_sized(component, size))]
    if component == "gateway":
        mains.append(MainContainer("opa", f"{_REPO} operator/internal/manifests/openshift/opa_openshift.go newOPAOpenShiftContainer",
                                   if_fields=(_OPENSHIFT_MODES,)))  # fmt: skip
    elif component != "compactor":
        mains.insert(0, MainContainer("az-annotation-check", f"{_REPO} operator/internal/manifests/node_placement.go initContainerAZAnnotationCheck",
                                      init=True, if_fields=(FieldIn("/spec.replication.zones[*]", (), match="written"),)))  # fmt: skip
    tests: list[FieldIn] = [FieldIn("spec.size", (size,))]
    if component == "gateway":
        tests.append(FieldIn("spec.tenants", (), match="written"))
    count = ("1",) if component == "compactor" else (f"/spec.template.{field}.replicas={_REPLICAS[size][component]}!",)
    return PodPath(
        "spec", "operator", count=count, label=component, main=tuple(mains), empty_when_absent=True, always_made=True,
        if_field=tuple(tests), enabled="/spec.rules.enabled" if component == "ruler" else None,
    )  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    return tuple(_pod(component, field, container, source, size) for component, field, container, source in _COMPONENTS for size in _SIZES)


LOKI_KINDS: Final = (WorkloadKind("loki.grafana.com", "LokiStack", _pods(), f"{_REPO} operator/api/loki/v1/lokistack_types.go"),)
