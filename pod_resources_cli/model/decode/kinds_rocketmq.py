"""Apache RocketMQ's operator (rocketmq.apache.org/v1alpha1,
apache/rocketmq-operator @03741c8521a8 pkg/apis/rocketmq/v1alpha1/*_types.go). Each kind but
TopicTransfer (commands run in the broker pods, no pod of its own: no_pods.py)
is one or more StatefulSets or a Deployment whose pod the operator builds
from the object's fields, with no webhook and no resource default (the
fields are plain ``corev1.ResourceRequirements``, copied whole), so the pods
are final:

- a NameService: one StatefulSet of ``spec.size`` pods (``Replicas:
  &nameService.Spec.Size``; an int32, 0 unset), its one container
  ``name-service`` with ``spec.resources`` (pkg/controller/nameservice/
  nameservice_controller.go statefulSetForNameService);
- a Broker: for each of ``spec.size`` broker groups (share.GroupNum) a
  master StatefulSet and ``spec.replicaPerGroup`` replica StatefulSets, each
  of one pod (``var a int32 = 1``) whose one container ``broker`` takes
  ``spec.resources`` (pkg/controller/broker/broker_controller.go Reconcile,
  getBrokerStatefulSet; constants.BrokerContainerName). The StatefulSet is
  named only for ``clusterMode`` STATIC (the default: ``if
  broker.Spec.ClusterMode == ""``) and CONTROLLER; another mode names it
  "", which the API server refuses: no pod;
- a Controller (RocketMQ 5's DLedger controller): one StatefulSet of
  ``spec.size`` pods, its container ``controller`` with ``spec.resources``
  (pkg/controller/controller/dledger_controller.go getControllerStatefulSet);
- a Console: a Deployment of ``spec.consoleDeployment.spec.replicas`` pods
  (unset: the Deployment default, 1) built from that Deployment's template's
  first container alone (its resources, image, args, name, ports, mounts),
  the template's labels and annotations, service account, affinity, pull
  secrets and volumes; every other container, the init containers and the
  priority class are dropped (pkg/controller/console/console_controller.go
  newDeploymentForCR).

Each pod takes the object's ``spec.priorityClassName`` (the Console's: none).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_GROUP: Final = "rocketmq.apache.org"
_REPO: Final = "apache/rocketmq-operator"
_RESOURCES: Final = Shorthand("/spec.resources", "requirements")
_MODES: Final = FieldIn("spec.clusterMode", ("STATIC", "CONTROLLER"), default="STATIC")


def _built(container: str, code: str, count: tuple[str, ...], label: str | None = None, if_field: FieldIn | None = None) -> PodPath:
    """A pod the operator builds from ``spec``: one container with ``spec.resources`` whole."""
    main = MainContainer(container, f"{_REPO} {code}", shorthand=_RESOURCES)
    return PodPath("spec", "operator", count=count, label=label, main=(main,), pod_fields="/spec", if_field=if_field)


_BROKER: Final = "pkg/controller/broker/broker_controller.go getBrokerStatefulSet"
_CONSOLE: Final = PodPath(
    "spec.consoleDeployment.spec.template.spec", "containers", count=("/spec.consoleDeployment.spec.replicas=1",), containers=("containers[0]",),
    label="console", pod_fields="/spec.consoleDeployment.spec.template",
)  # fmt: skip

ROCKETMQ_KINDS: Final = (
    WorkloadKind(
        _GROUP, "NameService",
        (_built("name-service", "pkg/controller/nameservice/nameservice_controller.go statefulSetForNameService", ("/spec.size=0",)),),
        f"{_REPO} pkg/apis/rocketmq/v1alpha1/nameservice_types.go",
    ),
    WorkloadKind(
        _GROUP, "Broker",
        (
            _built("broker", _BROKER, ("/spec.size=0",), label="master", if_field=_MODES),
            _built("broker", _BROKER, ("/spec.size=0", "/spec.replicaPerGroup=0"), label="replica", if_field=_MODES),
        ),
        f"{_REPO} pkg/apis/rocketmq/v1alpha1/broker_types.go",
    ),
    WorkloadKind(
        _GROUP, "Controller",
        (_built("controller", "pkg/controller/controller/dledger_controller.go getControllerStatefulSet", ("/spec.size=0",)),),
        f"{_REPO} pkg/apis/rocketmq/v1alpha1/controller_types.go",
    ),
    WorkloadKind(_GROUP, "Console", (_CONSOLE,), f"{_REPO} pkg/apis/rocketmq/v1alpha1/console_types.go"),
)  # fmt: skip
