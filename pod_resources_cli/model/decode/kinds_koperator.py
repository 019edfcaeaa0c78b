"""Koperator (adobe/koperator f314540b9df1, formerly banzaicloud/koperator;
kafka.banzaicloud.io): a KafkaCluster's brokers are pods the operator creates
one by one (no StatefulSet), and its Cruise Control a Deployment of one pod,
from the object's fields alone.

- Each ``spec.brokers[*]`` is one pod (pkg/resources/kafka/pod.go
  getKafkaPod). Its configuration is the broker's ``brokerConfig`` where it
  names no ``brokerConfigGroup``, else ``brokerConfig`` with the group of
  that name in ``spec.brokerConfigGroups`` merged under it (api/v1beta1/
  kafkacluster_types.go Broker.GetBrokerConfig: ``mergo.Merge`` without
  override, so the broker's ``resourceRequirements`` keep their own
  requests and limits and take the group's for the resources they leave
  out; ``mergo.WithAppendSlice``: the group's ``containers`` and
  ``initContainers`` follow the broker's). The container ``kafka`` comes
  first with those ``resourceRequirements`` whole, else (BrokerConfig.
  GetResources) requests of 1000m cpu and 2Gi, limits of 1500m and 3Gi;
  then the configuration's ``containers``. Init containers: the
  configuration's ``initContainers``, ``cruise-control-reporter`` and
  ``jmx-exporter``, each of these two 100m and 100Mi, requests and limits
  (pkg/k8sutil/resource.go GetDefaultInitContainerResourceRequirements),
  the whole list sorted by name (getInitContainers).
- Cruise Control (pkg/resources/cruisecontrol/deployment.go), unless
  ``spec.cruiseControlConfig.cruiseControlEndpoint`` names an external one
  (cruisecontrol.go Reconcile): one pod, the container ``<name>-cruisecontrol``
  with ``cruiseControlConfig.resourceRequirements`` whole, else
  (CruiseControlConfig.GetResources) 200m and 768Mi, requests and limits;
  init containers ``cruiseControlConfig.initContainers`` and
  ``jmx-exporter`` (100m, 100Mi).

- Envoy (pkg/resources/envoy/envoy.go Reconcile, deployment.go): with the
  ``envoy`` ingress controller (``spec.ingressController``, the default),
  each external listener whose ``accessMethod`` is ``LoadBalancer`` (the
  default) and that writes no ``config`` of its own takes the global ingress
  configuration (pkg/util/util.go GetIngressConfigs), which is always in use
  (IsIngressConfigInUse): a Deployment of ``spec.envoyConfig.replicas`` pods
  (GetReplicas: 1 where 0 or unset), one container ``envoy`` with
  ``spec.envoyConfig.resourceRequirements`` whole, else (EnvoyConfig.
  GetResources) 100m and 100Mi, requests and limits.

Not modelled: the Envoy Deployments of a listener's own ``config.ingressConfig``
entries (each made only where a broker's ``brokerIngressMapping`` or the
listener's default names it), Contour's ingress, and the ZookeeperCluster of
Pravega's operator that the samples deploy beside it.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "adobe/koperator"
_TYPES: Final = f"{_REPO} api/v1beta1/kafkacluster_types.go"
_GROUP: Final = "/spec.brokerConfigGroups{=brokerConfigGroup}"
_INIT_EACH: Final = (("cpu", "100m"), ("memory", "100Mi"))
_INIT_DEFAULTS: Final = OperatorDefaults(requests=_INIT_EACH, limits=_INIT_EACH)
_INIT_SOURCE: Final = f"{_REPO} pkg/k8sutil/resource.go GetDefaultInitContainerResourceRequirements"
_BROKER_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "1000m"), ("memory", "2Gi")), limits=(("cpu", "1500m"), ("memory", "3Gi")))
_CC_EACH: Final = (("cpu", "200m"), ("memory", "768Mi"))
_ENVOY_EACH: Final = (("cpu", "100m"), ("memory", "100Mi"))
_ENVOY: Final = MainContainer(
    "envoy", f"{_REPO} pkg/resources/envoy/deployment.go, {_TYPES} EnvoyConfig.GetResources",
    shorthand=Shorthand("/spec.envoyConfig.resourceRequirements", "requirements"), defaults=(OperatorDefaults(requests=_ENVOY_EACH, limits=_ENVOY_EACH),),
)  # fmt: skip
_GLOBAL_INGRESS: Final = (FieldIn("accessMethod", ("LoadBalancer",), "LoadBalancer"), FieldIn("config", (), match="written", negate=True))
_GROUP_CONTAINERS: Final = (
    "koperator appends the containers and init containers of the broker's brokerConfigGroup to the broker's own "
    "(Broker.GetBrokerConfig, mergo.WithAppendSlice), not read here"
)


def _init(name: str, code: str) -> MainContainer:
    return MainContainer(name, f"{_REPO} {code}, {_INIT_SOURCE}", defaults=(_INIT_DEFAULTS,), init=True)


_KAFKA: Final = MainContainer(
    "kafka", f"{_REPO} pkg/resources/kafka/pod.go getKafkaPod, {_TYPES} Broker.GetBrokerConfig, BrokerConfig.GetResources",
    shorthand=Shorthand("brokerConfig.resourceRequirements", "requirements", merged_over=f"{_GROUP}.resourceRequirements"),
    defaults=(_BROKER_DEFAULTS,), first=True,
)  # fmt: skip
_CRUISE_CONTROL: Final = MainContainer(
    "{name}-cruisecontrol", f"{_REPO} pkg/resources/cruisecontrol/deployment.go, {_TYPES} CruiseControlConfig.GetResources",
    shorthand=Shorthand("/spec.cruiseControlConfig.resourceRequirements", "requirements"),
    defaults=(OperatorDefaults(requests=_CC_EACH, limits=_CC_EACH),), first=True,
)  # fmt: skip

KOPERATOR_KINDS: Final = (
    WorkloadKind(
        "kafka.banzaicloud.io", "KafkaCluster",
        (
            PodPath("spec.brokers[*]", "containers", count=("1",), containers=("brokerConfig.containers[*]",),
                    init_containers=("brokerConfig.initContainers[*]",),
                    main=(_KAFKA, _init("cruise-control-reporter", "pkg/resources/kafka/pod.go getInitContainers"),
                          _init("jmx-exporter", "pkg/resources/kafka/pod.go getInitContainers")),
                    added_by=((f"{_GROUP}.containers", f"{_GROUP}.initContainers"), _GROUP_CONTAINERS)),
            PodPath("spec.cruiseControlConfig", "containers", count=("1",), init_containers=("initContainers[*]",), label="cruisecontrol",
                    main=(_CRUISE_CONTROL, _init("jmx-exporter", "pkg/resources/cruisecontrol/deployment.go")),
                    empty_when_absent=True, always_made=True,
                    if_field=FieldIn("spec.cruiseControlConfig.cruiseControlEndpoint", (), match="written", negate=True)),
            PodPath("spec.listenersConfig.externalListeners[*]", "operator", name="name", count=("/spec.envoyConfig.replicas=1!",), label="envoy",
                    main=(_ENVOY,), pod_fields="/spec.envoyConfig", if_field=FieldIn("spec.ingressController", ("envoy",), "envoy"),
                    if_element=_GLOBAL_INGRESS),
        ),
        f"{_TYPES} KafkaClusterSpec",
    ),
)  # fmt: skip
