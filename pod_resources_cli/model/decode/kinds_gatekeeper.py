"""The Gatekeeper Operator's Gatekeeper (operator.gatekeeper.sh v1alpha1;
gatekeeper/gatekeeper-operator 703c99dfe251, continued as
stolostron/gatekeeper-operator c09f2d7199f8 release-3.21, the same in
both): the operator applies Gatekeeper's own manifests with the object's
overrides (controllers/gatekeeper_controller.go crOverrides), always both
Deployments (orderedStaticAssets; the webhook modes only add or remove the
webhook configurations):

- ``gatekeeper-audit`` (config/gatekeeper/apps_v1_deployment_gatekeeper-audit.yaml):
  ``spec.audit.replicas`` pods (the manifest's 1 when unset);
- ``gatekeeper-controller-manager`` (apps_v1_deployment_gatekeeper-controller-manager.yaml):
  ``spec.webhook.replicas`` pods (the manifest's 3 when unset).

Each has one container, ``manager``, with the manifest's requests cpu 100m
and memory 512Mi and limit memory 512Mi; ``spec.audit.resources`` or
``spec.webhook.resources``, where written (a pointer: even ``{}``), replaces
them whole (setResources, release-3.21 setCommonConfig: ``resources`` set to
the written ResourceRequirements). Unlike the ``*.gatekeeper.sh`` groups of
Gatekeeper itself (describes.py), this one makes pods. Both manifests
give their pods ``priorityClassName: system-cluster-critical``, which no
override changes.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "gatekeeper/gatekeeper-operator"
_MANIFEST: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "512Mi")), limits=(("memory", "512Mi"),))


def _deployment(config: str, label: str, replicas: int) -> PodPath:
    """The Deployment ``gatekeeper-<label>`` with ``spec.<config>``'s overrides (made also where that is not written)."""
    source = f"{_REPO} controllers/gatekeeper_controller.go setResources, config/gatekeeper/apps_v1_deployment_gatekeeper-{label}.yaml"
    main = MainContainer("manager", source, shorthand=Shorthand(f"/spec.{config}.resources", "requirements"), defaults=(_MANIFEST,))
    return PodPath(f"spec.{config}", "operator", count=(f"/spec.{config}.replicas={replicas}",), label=label, main=(main,),
                   empty_when_absent=True, always_made=True, priority_class="system-cluster-critical")  # fmt: skip


GATEKEEPER_KINDS: Final = (
    WorkloadKind(
        "operator.gatekeeper.sh", "Gatekeeper",
        (_deployment("audit", "audit", 1), _deployment("webhook", "controller-manager", 3)),
        f"{_REPO} api/v1alpha1/gatekeeper_types.go",
    ),
)  # fmt: skip
