"""Confluent for Kubernetes (platform.confluent.io): a Kafka, KRaftController,
Zookeeper or Connect is ``spec.replicas`` pods of one StatefulSet the
operator builds. Its code is not public, so what it does is read from
Confluent's own examples (confluentinc/confluent-kubernetes-examples
887857b7943b) and its documentation (docs.confluent.io/operator/current/
co-resources.html):

- the component's container, named after its type (``kafka``,
  ``kraftcontroller``, ``zookeeper``, ``connect``: the ``kubectl exec -c``
  of hybrid/multi-region-clusters/internal-listeners/README.md,
  hybrid/clusterlink-bidirectional/kraft/multi-cluster-sasl-ssl/validate.sh
  and the kraft and connect tutorials), takes ``spec.podTemplate.resources``;
- the operator adds its own init container, ``config-init-container``, with
  resources of its own: advanced-configuration/pod-overlay/
  enable-best-effort-qos.yaml sets them to 0 to make a pod without
  ``podTemplate.resources`` BestEffort. Their values are not published, and
  a ConfigMap named by the ``platform.confluent.io/pod-overlay-configmap-name``
  annotation is merged over the pod, so these pods are as written: their
  main container's resources are reported, no QoS class is claimed.

The other components (SchemaRegistry, ControlCenter, KsqlDB, KafkaRestProxy)
are left out: nothing public names their containers.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_EXAMPLES: Final = "confluentinc/confluent-kubernetes-examples"
_AS_WRITTEN: Final = (
    "Confluent for Kubernetes adds its config-init-container with resources of its own (its code is not public) "
    "and merges a pod-overlay ConfigMap where the object names one"
)


def _kind(kind: str, container: str) -> WorkloadKind:
    return WorkloadKind(
        "platform.confluent.io", kind,
        (PodPath("spec", "operator", count=("/spec.replicas=?",), label=container, as_written=_AS_WRITTEN, main=(
            MainContainer(container, f"{_EXAMPLES} (the operator's code is not public)",
                          shorthand=Shorthand("spec.podTemplate.resources", "requirements")),
        )),),
        f"{_EXAMPLES} advanced-configuration/pod-overlay (Confluent for Kubernetes)",
    )


CONFLUENT_KINDS: Final = (
    _kind("Kafka", "kafka"),
    _kind("KRaftController", "kraftcontroller"),
    _kind("Zookeeper", "zookeeper"),
    _kind("Connect", "connect"),
)  # fmt: skip
