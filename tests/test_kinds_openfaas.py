"""OpenFaaS Functions (model/decode/kinds_openfaas.py) on a real sample (tests/data/real/openfaas__ingress-operator,
provenance in SOURCES.tsv): the Deployment the operator builds, one container named ``spec.name`` with
``spec.requests``/``spec.limits`` (openfaas/faas-netes @8992092e7824 pkg/controller/resources.go makeResources),
``com.openfaas.scale.min`` replicas (controller.go getReplicas); OpenFaaS' and OpenShift's kinds without pods."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

NODEINFO = "openfaas__ingress-operator/artifacts__nodeinfo.yaml"


def test_an_openfaas_function_is_the_deployment_its_operator_builds() -> None:
    """nodeinfo: scale.min "2" -> 2 pods; limits 200m/1Gi and requests 10m/128Mi on the container ``nodeinfo``; final."""
    assert pods(NODEINFO) == [
        ("Function", "deployment", 2, [("nodeinfo", {"cpu": "10m", "memory": "128Mi"}, {"cpu": "200m", "memory": "1Gi"})], False),
    ]


def test_an_openfaas_function_lints_as_its_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """896Mi of memory are not reserved (PR133), the cpu limit is 20x its request and the memory limit 8x (PR134):
    facts of the Deployment the operator builds."""
    report = lint_report(capsys, str(REAL / NODEINFO))
    assert sorted((f["rule"], f["severity"]) for f in report["findings"]) == [("PR133", "info"), ("PR134", "warning"), ("PR134", "warning")]
    assert report["summary"]["pods"] == 1
    assert all(f["object"] == {"kind": "Function", "name": "nodeinfo", "namespace": "openfaas-fn", "template": "deployment"} for f in report["findings"])


def _function(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "fn.yaml"
    path.write_text("apiVersion: openfaas.com/v1\nkind: Function\nmetadata: {name: f, namespace: openfaas-fn}\n"
                    "spec:\n  name: fn\n  image: functions/nodeinfo\n" + extra, encoding="utf-8")  # fmt: skip
    return path


@pytest.mark.parametrize(
    ("extra", "replicas", "qos", "requests", "limits", "as_written"),
    [
        # nothing written: no resources and no default (makeResources), replicas unset: Kubernetes' 1; BestEffort as fact
        ("", 1, "BestEffort", {}, {}, False),
        # Atoi > 0 is tested on the int, then int32(r) keeps the low 32 bits: 2^32 + 3 -> 3
        ("  labels: {com.openfaas.scale.min: '4294967299'}\n  limits: {memory: 64Mi, cpu: '1'}\n  requests: {memory: 64Mi, cpu: '1'}\n",
         3, "Guaranteed", {"cpu": "1", "memory": "64Mi"}, {"cpu": "1", "memory": "64Mi"}, False),
        # 0, or what Atoi refuses, leaves replicas unset
        ("  labels: {com.openfaas.scale.min: '0'}\n  requests: {cpu: 50m}\n", 1, "Burstable", {"cpu": "50m"}, {}, False),
        ("  labels: {com.openfaas.scale.min: ' 2'}\n", 1, "BestEffort", {}, {}, False),
        # a Profile named in spec.annotations is merged over the container's resources: as written, no QoS as fact
        ("  annotations: {com.openfaas.profile: gpu}\n  limits: {memory: 1Gi}\n", 1, "Burstable", {"memory": "1Gi"}, {"memory": "1Gi"}, True),
    ],
)  # fmt: skip
def test_an_openfaas_functions_replicas_resources_and_profiles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: str, replicas: int, qos: str, requests: dict[str, str],
    limits: dict[str, str], as_written: bool,
) -> None:  # fmt: skip
    main(["explain", "-o", "json", str(_function(tmp_path, extra))])
    (pod,) = json.loads(capsys.readouterr().out)["pods"]
    assert pod["workload"]["replicas"] == replicas
    assert pod["qosClass"] == qos
    assert [(c["name"], c["requests"], c["limits"]) for c in pod["containers"]] == [("fn", requests, limits)]
    assert (pod["workload"].get("asWritten") is not None) == as_written


def test_openfaas_and_openshift_kinds_without_pods_are_counted_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Profile (pod options for Functions), a FunctionIngress, iam.openfaas.com's kinds and an OpenShift Route make
    no pod: objects without pods, not custom objects searched in vain."""
    (tmp_path / "k.yaml").write_text(
        "apiVersion: openfaas.com/v1\nkind: Profile\nmetadata: {name: gpu}\nspec:\n  resources: {limits: {nvidia.com/gpu: 1}}\n---\n"
        "apiVersion: openfaas.com/v1alpha2\nkind: FunctionIngress\nmetadata: {name: n}\nspec: {domain: n.example.com, function: nodeinfo}\n---\n"
        "apiVersion: iam.openfaas.com/v1\nkind: Role\nmetadata: {name: r}\nspec: {policy: [p]}\n---\n"
        "apiVersion: route.openshift.io/v1\nkind: Route\nmetadata: {name: openfaas}\nspec: {to: {kind: Service, name: gateway}}\n",
        encoding="utf-8",
    )
    report = lint_report(capsys, str(tmp_path / "k.yaml"))
    assert report["summary"]["pods"] == 0
    assert report["findings"] == []
    skipped = report["summary"]["skipped"]
    assert skipped["no-pods"] == {"FunctionIngress": 1, "Profile": 1, "Role": 1, "Route": 1}, skipped
