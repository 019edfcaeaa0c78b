"""The VictoriaMetrics operator (VictoriaMetrics/operator d0d258c86b5a,
operator.victoriametrics.com): each kind's pods are built by the operator
from its own fields, ``replicaCount`` of them (1 when unset), with the
kind's main container given ``resources`` and, for each of cpu and memory
that they name neither as a request nor as a limit, the operator's default
request and limit (internal/controller/operator/factory/build/container.go
Resources; the defaults of internal/config/config.go as shipped, which its
``VM_*DEFAULT_RESOURCE_*`` settings change, and ``USEDEFAULTRESOURCES``
turns off).

- VMSingle ``vmsingle``: 150m/500Mi requests, 1200m/1500Mi limits.
- VMAgent ``vmagent`` (``replicaCount`` × ``shardCount``; one pod a node
  with ``daemonSetMode``), VMAlert ``vmalert``: 50m/200Mi, 200m/500Mi.
- VMAlertmanager ``alertmanager``: 30m/56Mi, 100m/256Mi.
- VMAuth ``vmauth``: 50m/100Mi, 200m/300Mi.
- VMCluster, each component written: ``vmselect`` 100m/500Mi, 500m/1000Mi;
  ``vminsert`` 150m/200Mi, 500m/500Mi; ``vmstorage`` 250m/500Mi,
  1000m/1500Mi.

The operator adds its config-reloader (10m and 25Mi requests by default)
and other sidecars as its configuration and the object's fields say, and
merges ``containers`` into its own by name: the pods are as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_GROUP: Final = "operator.victoriametrics.com"
_SOURCE: Final = "VictoriaMetrics/operator internal/controller/operator/factory/build/container.go Resources, internal/config/config.go"
_AS_WRITTEN: Final = "the VictoriaMetrics operator adds its config-reloader and other sidecars as its configuration says, and merges spec.containers into its own"


def _defaults(cpu: tuple[str, str], memory: tuple[str, str]) -> tuple[OperatorDefaults, ...]:
    """(request, limit) of cpu and of memory, each filled in apart."""
    return (OperatorDefaults(requests=(("cpu", cpu[0]), ("memory", memory[0])), limits=(("cpu", cpu[1]), ("memory", memory[1])), each=True),)


def _pod(
    at: str, name: str, defaults: tuple[OperatorDefaults, ...], count: tuple[str, ...], label: str | None = None, if_field: FieldIn | None = None
) -> PodPath:
    main = MainContainer(name, _SOURCE, shorthand=Shorthand(f"{at}.resources", "requirements"), defaults=defaults)
    return PodPath(at, "operator", count=count, main=(main,), empty_when_absent=at == "spec", as_written=_AS_WRITTEN, label=label, if_field=if_field)


_AGENT: Final = _defaults(("50m", "200m"), ("200Mi", "500Mi"))
_REPLICAS: Final = ("/spec.replicaCount=1",)

VICTORIAMETRICS_KINDS: Final = (
    WorkloadKind(_GROUP, "VMSingle", (_pod("spec", "vmsingle", _defaults(("150m", "1200m"), ("500Mi", "1500Mi")), _REPLICAS),), _SOURCE),
    WorkloadKind(_GROUP, "VMAgent", (
        _pod("spec", "vmagent", _AGENT, ("/spec.replicaCount=1", "/spec.shardCount=1"), label="vmagent",
             if_field=FieldIn("spec.daemonSetMode", ("false",), "false")),
        _pod("spec", "vmagent", _AGENT, (), label="vmagent", if_field=FieldIn("spec.daemonSetMode", ("true",))),
    ), _SOURCE),
    WorkloadKind(_GROUP, "VMAlert", (_pod("spec", "vmalert", _AGENT, _REPLICAS),), _SOURCE),
    WorkloadKind(_GROUP, "VMAlertmanager", (_pod("spec", "alertmanager", _defaults(("30m", "100m"), ("56Mi", "256Mi")), _REPLICAS),), _SOURCE),
    WorkloadKind(_GROUP, "VMAuth", (_pod("spec", "vmauth", _defaults(("50m", "200m"), ("100Mi", "300Mi")), _REPLICAS),), _SOURCE),
    WorkloadKind(_GROUP, "VMCluster", (
        _pod("spec.vmselect", "vmselect", _defaults(("100m", "500m"), ("500Mi", "1000Mi")), ("/spec.vmselect.replicaCount=1",), label="vmselect"),
        _pod("spec.vminsert", "vminsert", _defaults(("150m", "500m"), ("200Mi", "500Mi")), ("/spec.vminsert.replicaCount=1",), label="vminsert"),
        _pod("spec.vmstorage", "vmstorage", _defaults(("250m", "1000m"), ("500Mi", "1500Mi")), ("/spec.vmstorage.replicaCount=1",), label="vmstorage"),
    ), _SOURCE),
)  # fmt: skip
