"""compute_pod_qos is memoized by identity for the pods just seen (the
resource managers ask once per container); the answers must not change."""

from __future__ import annotations

from dataclasses import replace

from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.kube.qos import QOSClass, compute_pod_qos
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity

GATES = FeatureGates(LATEST)


def _pod(cpu_limit: str | None) -> Pod:
    q = {"cpu": Quantity.parse("1"), "memory": Quantity.parse("1Gi")}
    limits = dict(q) if cpu_limit else {"memory": q["memory"]}
    c = Container("app", ContainerType.REGULAR, 0, ResourceRequirements(q, limits))
    return Pod("p", containers=(c,))


def test_the_same_pod_gets_the_same_answer_object() -> None:
    pod = _pod("1")
    first = compute_pod_qos(pod, GATES)
    assert first.qos_class is QOSClass.GUARANTEED
    assert compute_pod_qos(pod, GATES) is first


def test_an_equal_looking_or_changed_pod_is_classified_afresh() -> None:
    guaranteed = _pod("1")
    assert compute_pod_qos(guaranteed, GATES).qos_class is QOSClass.GUARANTEED
    burstable = replace(guaranteed, containers=_pod(None).containers)
    assert compute_pod_qos(burstable, GATES).qos_class is QOSClass.BURSTABLE
    other_gates = FeatureGates(LATEST, {"PodLevelResources": False})
    assert compute_pod_qos(guaranteed, other_gates).qos_class is QOSClass.GUARANTEED
    for _ in range(100):  # far more pods than the memo holds: every answer still right
        p = _pod(None)
        assert compute_pod_qos(p, GATES).qos_class is QOSClass.BURSTABLE
