"""OpenFaaS: the Function custom resource (openfaas.com/v1; openfaas/faas-netes
@662ce9ce36ec pkg/apis/openfaas/v1/types.go FunctionSpec). For each Function the
operator makes one Deployment (openfaas/faas-netes @8992092e7824, the last
commit holding the open-source operator, pkg/controller/deployment.go
newDeployment; OpenFaaS CE's REST provider builds the same Deployment from
the same fields, @662ce9ce36ec pkg/handlers/deploy.go makeDeploymentSpec):

- one container named ``spec.name``, whose resources are made by
  makeResources (pkg/controller/resources.go; createResources in
  deploy.go): ``spec.limits.memory``, ``spec.requests.memory``,
  ``spec.limits.cpu``, ``spec.requests.cpu`` (FunctionResources: memory and
  cpu only), each set where it is written, nothing else and no default: a
  Function without them is BestEffort, as fact;
- ``replicas`` (pkg/controller/controller.go getReplicas): for a new
  Deployment the ``com.openfaas.scale.min`` label of ``spec.labels`` where
  strconv.Atoi reads it as above 0 (converted to int32), else unset, so
  Kubernetes' 1 (the autoscaler changes it later);
- with the ``com.openfaas.profile`` annotation in ``spec.annotations`` (the
  Deployment's annotations, which GetProfiles reads), the named Profiles are
  applied to the Deployment; a Profile's ``resources`` are merged key by key
  over the function container's (types.go ProfileSpec.Resources): the pod is
  **as written** then.
"""

from __future__ import annotations

import re
from typing import Any, Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "openfaas/faas-netes"
_OPERATOR: Final = f"{_REPO} @8992092e7824 pkg/controller/deployment.go newDeployment, resources.go makeResources"
_MIN_REPLICAS: Final = "com.openfaas.scale.min"  # controller.go LabelMinReplicas
_PROFILE: Final = "com.openfaas.profile"  # pkg/k8s/profiles.go ProfileAnnotationKey
_ATOI: Final = re.compile(r"[+-]?[0-9]+")


def _replicas(obj: dict[str, Any], element: Any) -> int:
    """getReplicas for a new Deployment: the min-replicas label where Atoi reads it as above 0 (int32(r): Go's
    conversion keeps the low 32 bits), else nil, Kubernetes' 1; a negative count is refused by the API server."""
    spec = obj.get("spec")
    labels = spec.get("labels") if isinstance(spec, dict) else None
    value = labels.get(_MIN_REPLICAS) if isinstance(labels, dict) else None
    if not isinstance(value, str) or not _ATOI.fullmatch(value):
        return 1
    number = int(value)
    if not 0 < number < 2**63:  # Atoi fails beyond int64; r > 0 is tested before the conversion
        return 1
    low = number & 0xFFFFFFFF
    return max(low - 2**32 if low >= 2**31 else low, 0)


def _pods() -> tuple[PodPath, ...]:
    main = MainContainer("", _OPERATOR, name_field="/spec.name", shorthand=Shorthand("/spec", "requests-limits"))
    profiled = AnnotationIn(_PROFILE, ("",), at="spec", negate=True)
    return (
        PodPath("spec", "operator", label="deployment", main=(main,), tally=_replicas, if_annotation=AnnotationIn(_PROFILE, ("",), at="spec")),
        PodPath("spec", "operator", label="deployment", main=(main,), tally=_replicas, if_annotation=profiled,
                as_written=f"the OpenFaaS Profiles its {_PROFILE} annotation names are applied to the Deployment, their resources merged "
                           "over the function container's key by key (openfaas/faas-netes @662ce9ce36ec pkg/apis/openfaas/v1/types.go "
                           "ProfileSpec.Resources)"),
    )  # fmt: skip


OPENFAAS_KINDS: Final = (WorkloadKind("openfaas.com", "Function", _pods(), f"{_REPO} @662ce9ce36ec pkg/apis/openfaas/v1/types.go"),)
