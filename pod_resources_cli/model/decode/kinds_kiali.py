"""The Kiali operator: Kiali (kiali.io/v1alpha1; kiali/kiali-operator
f64e75ebeb2e roles/default/kiali-deploy, the Ansible role the operator runs
for each Kiali: its code). The role merges the object's ``spec`` over its
defaults (defaults/main.yml, whose ``deployment.resources`` is commented out,
so unset) and builds one Deployment (templates/kubernetes/deployment.yaml,
templates/openshift/deployment.yaml) whose container ``kiali``:

- takes ``spec.deployment.resources`` as written where the object defines it
  (``{% if kiali_vars.deployment.resources|length > 0 %}``; an empty map
  gives ``resources: null``: none);
- else the role's ``resource_limits_default`` (tasks/main.yml "Set
  configuration defaults": ``{% if kv.deployment.resources is not defined %}``):
  requests of 10m cpu and 64Mi of memory, a limit of 1Gi of memory.

The pod count is ``spec.deployment.replicas`` (default 1, defaults/main.yml);
with ``spec.deployment.hpa.spec`` written the Deployment carries no replicas
and an autoscaler decides. With ``spec.deployment.remote_cluster_resources_only:
true`` the role creates no Deployment (tasks/main.yml: every deployment task
``when: kiali_vars.deployment.remote_cluster_resources_only|bool == False``).
``additional_pod_containers_yaml`` is refused unless the operator's
ALLOW_AD_HOC_CONTAINERS is set (not followed here). The pod is final.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "kiali/kiali-operator"
_ROLE: Final = f"{_REPO} roles/default/kiali-deploy"
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "64Mi")), limits=(("memory", "1Gi"),))
_WRITTEN: Final = FieldIn("/spec.deployment.resources", (), match="written")
_NOT_WRITTEN: Final = FieldIn("/spec.deployment.resources", (), match="written", negate=True)
_LOCAL: Final = FieldIn("spec.deployment.remote_cluster_resources_only", ("true",), negate=True)


def _pods() -> tuple[PodPath, ...]:
    written = MainContainer("kiali", f"{_ROLE} templates/kubernetes/deployment.yaml", shorthand=Shorthand("/spec.deployment.resources", "requirements"),
                            if_fields=(_WRITTEN,))  # fmt: skip
    default = MainContainer("kiali", f"{_ROLE} tasks/main.yml resource_limits_default", defaults=(_DEFAULTS,), if_fields=(_NOT_WRITTEN,))
    return (
        PodPath("spec.deployment", "operator", count=("/spec.deployment.replicas=1",), label="kiali", main=(written, default),
                empty_when_absent=True, always_made=True, if_field=_LOCAL),
    )  # fmt: skip


KIALI_KINDS: Final = (WorkloadKind("kiali.io", "Kiali", _pods(), f"{_ROLE} defaults/main.yml"),)
