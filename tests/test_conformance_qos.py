"""qos/: ComputePodQOS on the defaulted pod."""

from __future__ import annotations

import pytest

from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.qos import compute_pod_qos
from tests.support import case, case_params, gates_of, pod_of


@pytest.mark.parametrize(
    ("suite", "index"), case_params("qos/upstream.json", "qos/oracle-curated.json", "qos/oracle-gen-a.json")
)
def test_qos(suite: str, index: int) -> None:
    c = case(suite, index)
    gates = gates_of(c)
    pod = create_pod(pod_of(c["pod"]), gates).pod
    assert compute_pod_qos(pod, gates).qos_class.value == c["expect"]["qosClass"]
