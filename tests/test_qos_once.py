"""The QoS class is computed once per pod: the API server stores it in
status.qosClass (with_qos_class) and the resource managers read it there
(GetPodQOS) for every container, instead of a memo keyed by id()."""

from __future__ import annotations

import pytest

from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.kube import qos as qos_module
from pod_resources_cli.kube.admission import admit_pods
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import QOSClass, QOSResult, compute_pod_qos, get_pod_qos, with_qos_class
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import replace
from tests.support import pod_of
from tests.test_cpu_admission import container, pod
from tests.test_cpu_manager import TWO_NUMA, make_node

GATES = FeatureGates(LATEST)


def _pod(cpu_limit: str | None) -> Pod:
    q = {"cpu": Quantity.parse("1"), "memory": Quantity.parse("1Gi")}
    limits = dict(q) if cpu_limit else {"memory": q["memory"]}
    c = Container("app", ContainerType.REGULAR, 0, ResourceRequirements(q, limits))
    return Pod("p", containers=(c,))


def test_the_class_is_stored_in_the_status_and_read_back() -> None:
    guaranteed = with_qos_class(_pod("1"), GATES)
    assert guaranteed.status.qos_class == "Guaranteed" and get_pod_qos(guaranteed, GATES) == "Guaranteed"
    assert with_qos_class(_pod(None), GATES).status.qos_class == "Burstable"
    # A class the status already records is the one GetPodQOS answers, as upstream.
    recorded = replace(_pod(None), status=replace(_pod(None).status, qos_class="Guaranteed"))
    assert with_qos_class(recorded, GATES) is recorded and get_pod_qos(recorded, GATES) == "Guaranteed"
    assert compute_pod_qos(recorded, GATES).qos_class is QOSClass.BURSTABLE


def test_admission_computes_the_class_once_per_pod(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = qos_module.compute_pod_qos

    def counted(p: Pod, gates: FeatureGates) -> QOSResult:
        calls.append(p.name)
        return real(p, gates)

    monkeypatch.setattr(qos_module, "compute_pod_qos", counted)
    node = make_node(TWO_NUMA, cpuManagerPolicy="static", systemReserved={"cpu": "1"})
    many = pod("many", *(container(f"c{i}", "1") for i in range(6)))
    pods = [create_pod(pod_of(many), GATES).pod, create_pod(pod_of(pod("b", container("app", "500m"))), GATES).pod]
    result = admit_pods(node, pods, GATES)
    assert [p.admitted for p in result.pods] == [True, True]
    assert sum(c.exclusive for c in result.pods[0].containers.values()) == 6
    assert calls == ["many", "b"]
