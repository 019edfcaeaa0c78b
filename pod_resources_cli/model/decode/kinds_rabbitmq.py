"""RabbitMQ's cluster operator (rabbitmq/cluster-operator 06cda8e8e1a9,
rabbitmq.com): a RabbitmqCluster is ``spec.replicas`` (1 unset) pods of one
StatefulSet the operator builds (internal/resource/statefulset.go
PodTemplateSpec), also from an object without ``spec``:

- ``rabbitmq`` takes ``spec.resources`` whole; where it is not written the
  CRD's default applies (api/v1beta1/rabbitmqcluster_types.go: requests
  1000m and 2Gi, limits 2000m and 2Gi);
- the init container ``setup-container`` asks 20m and 64Mi, requests and
  limits alike (initContainerCPU, initContainerMemory);
- with a Vault default-user path, a ``default-user-credential-updater``
  sidecar is added (10m/512Ki requests, 500m/128Mi limits): as written.

``spec.override.statefulSet`` is a strategic merge patch of that
StatefulSet, merged by container name: where its template is written the pod
is as written (and no pod of its own: templates.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_STS: Final = "rabbitmq/cluster-operator internal/resource/statefulset.go"
_CRD_DEFAULT: Final = OperatorDefaults(requests=(("cpu", "1000m"), ("memory", "2Gi")), limits=(("cpu", "2000m"), ("memory", "2Gi")))
_SETUP: Final = OperatorDefaults(requests=(("cpu", "20m"), ("memory", "64Mi")), limits=(("cpu", "20m"), ("memory", "64Mi")))
_OVERRIDE: Final = "RabbitMQ's operator merges spec.override.statefulSet into the StatefulSet it builds, which can set any container's resources"
_VAULT: Final = "RabbitMQ's operator adds its default-user-credential-updater sidecar (10m/512Ki requests, 500m/128Mi limits)"

RABBITMQ_KINDS: Final = (
    WorkloadKind(
        "rabbitmq.com", "RabbitmqCluster",
        (PodPath("spec", "operator", count=("/spec.replicas=1",), empty_when_absent=True, main=(
            MainContainer("rabbitmq", _STS, shorthand=Shorthand("spec.resources", "requirements"), defaults=(_CRD_DEFAULT,)),
            MainContainer("setup-container", f"{_STS} setupContainer", defaults=(_SETUP,), init=True),
        ), patched_by=(("spec.override.statefulSet.spec.template",), _OVERRIDE),
           added_by=(("spec.secretBackend.vault.defaultUserPath",), _VAULT)),),
        "rabbitmq/cluster-operator api/v1beta1/rabbitmqcluster_types.go",
    ),
)  # fmt: skip
