"""Meridio (meridio.nordix.org v1 and v1alpha1; Nordix/Meridio @8c5b7f451807
api/v1/trench_types.go, attractor_types.go, conduit_types.go): the operator
builds the workloads of a Trench, an Attractor and a Conduit from its model
manifests (pkg/controllers/common/models.go: the files of the
``deployment-templates`` ConfigMap, which the project renders from
config/templates/charts/meridio/deployment/*.yaml), and nothing for a Vip,
a Gateway, a Stream or a Flow (configuration the NSP serves to the pods):

- a Trench: the StatefulSets ``ipam`` (container ``ipam``;
  pkg/controllers/trench/ipam.go) and ``nsp`` (container ``nsp``; nsp.go),
  each of 1 pod (the models' ``replicas: 1``), also of a Trench without
  ``spec``;
- an Attractor: the Deployment ``stateless-lb-frontend`` of
  ``spec.replicas`` pods (the validating webhook's Default sets 1 where it
  is unset: api/v1/attractor_webhook.go) with the init container
  ``sysctl-init`` and the containers ``stateless-lb``, ``nsc`` and
  ``frontend``, ``nsc`` removed unless ``spec.interface.type`` is
  ``nsm-vlan`` (the CRD's default; attractor/stateless-lb-frontend.go
  insertParameters); with ``nsm-vlan`` also the Deployment ``nse-vlan`` of
  1 pod (container ``nse-vlan``; attractor_controller.go, nse-vlan.go);
- a Conduit: the DaemonSet ``proxy`` (one pod a node) with the init
  container ``sysctl-init`` and the container ``proxy`` (conduit/proxy.go).

Each container keeps the model's resources (the project's models set none)
unless the object's ``resource-template`` annotation names a template of
that container's file in the operator's ``resource-templates`` ConfigMap
(pkg/controllers/common/resource.go SetContainerResourceRequirements; the
project's example files are config/operator/resource_requirements/*). Both
are the operator's deployment, not the object: the pods are **as written**,
their containers named and counted, and no QoS class is claimed for them.
Without the annotation a container the models leave without resources is
reported so (the annotation is the object's only way to size it); with
it, the template sizes the containers: a **preset**, whose missing
resources are no finding.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, FieldIn, MainContainer, PodPath, WorkloadKind

_REPO: Final = "Nordix/Meridio"
_MODELS: Final = (
    "the Meridio operator gives each container the resources of the models it is deployed with (its deployment-templates "
    "ConfigMap; the project's own set none), as the object has no resource-template annotation"
)
_TEMPLATE: Final = (
    "the Meridio operator gives each container the resources of the template its resource-template annotation names, "
    "from the operator's resource-templates ConfigMap (where that container has none of the name, the model's)"
)
_NO_TEMPLATE: Final = AnnotationIn("resource-template", ("",))
_WITH_TEMPLATE: Final = AnnotationIn("resource-template", ("",), negate=True)
_NSM_VLAN: Final = FieldIn("spec.interface.type", ("nsm-vlan",), default="nsm-vlan")


def _pod(label: str, containers: tuple[MainContainer, ...], count: tuple[str, ...], if_field: FieldIn | None = None) -> tuple[PodPath, ...]:
    """The pod by the operator's models, and by the annotation's resource template."""
    return tuple(
        PodPath("spec", "operator", count=count, label=label, main=containers, as_written=why, preset=preset, empty_when_absent=True,
                always_made=True, if_field=if_field, if_annotation=annotation)
        for why, preset, annotation in ((_MODELS, False, _NO_TEMPLATE), (_TEMPLATE, True, _WITH_TEMPLATE))
    )  # fmt: skip


def _trench() -> tuple[PodPath, ...]:
    ipam = MainContainer("ipam", f"{_REPO} pkg/controllers/trench/ipam.go insertParameters")
    nsp = MainContainer("nsp", f"{_REPO} pkg/controllers/trench/nsp.go insertParameters")
    return (*_pod("ipam", (ipam,), ("1",)), *_pod("nsp", (nsp,), ("1",)))


def _attractor() -> tuple[PodPath, ...]:
    lb = f"{_REPO} pkg/controllers/attractor/stateless-lb-frontend.go insertParameters"
    containers = (
        MainContainer("sysctl-init", lb, init=True),
        MainContainer("stateless-lb", lb),
        MainContainer("nsc", f"{lb} (only for an nsm-vlan interface)", if_fields=(FieldIn("/spec.interface.type", ("nsm-vlan",), default="nsm-vlan"),)),
        MainContainer("frontend", lb),
    )  # fmt: skip
    nse = MainContainer("nse-vlan", f"{_REPO} pkg/controllers/attractor/nse-vlan.go insertParameters")
    return (
        *_pod("stateless-lb-frontend", containers, ("/spec.replicas=1",)),
        *_pod("nse-vlan", (nse,), ("1",), if_field=_NSM_VLAN),
    )


def _conduit() -> tuple[PodPath, ...]:
    proxy = f"{_REPO} pkg/controllers/conduit/proxy.go insertParameters"
    return _pod("proxy", (MainContainer("sysctl-init", proxy, init=True), MainContainer("proxy", proxy)), ())


MERIDIO_KINDS: Final = (
    WorkloadKind("meridio.nordix.org", "Trench", _trench(), f"{_REPO} api/v1/trench_types.go"),
    WorkloadKind("meridio.nordix.org", "Attractor", _attractor(), f"{_REPO} api/v1/attractor_types.go"),
    WorkloadKind("meridio.nordix.org", "Conduit", _conduit(), f"{_REPO} api/v1/conduit_types.go"),
)
