"""MinIO's PolicyBinding (sts.min.io) carries no pods (no_pods.py): counted with the objects without pods, not among
the custom objects searched in vain. minio/operator's examples are AGPL-3.0, so none is copied: the object below
follows examples/kustomization/sts-example/sts-app/policy-binding.yaml's fields (@0ee2c254677e), beside a Tenant
whose pool still makes its pods."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

POLICY_BINDING = """\
apiVersion: sts.min.io/v1beta1
kind: PolicyBinding
metadata:
  name: binding-1
  namespace: minio-tenant-1
spec:
  application:
    namespace: sts-client
    serviceaccount: stsclient-sa
  policies:
    - test-bucket-rw
"""

TENANT = """\
apiVersion: minio.min.io/v2
kind: Tenant
metadata:
  name: myminio
  namespace: minio-tenant-1
spec:
  pools:
    - name: pool-0
      servers: 4
      volumesPerServer: 4
      resources:
        requests: {cpu: "2", memory: 8Gi}
"""


@pytest.mark.parametrize("version", ["v1beta1", "v1alpha1"])
def test_a_policy_binding_is_an_object_without_pods(version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "policy-binding.yaml"
    path.write_text(POLICY_BINDING.replace("v1beta1", version), encoding="utf-8")
    assert main(["lint", "--no-config", "--show-skipped", "-o", "json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert [(s["reason"], s["kind"]) for s in report["skipped"]] == [("no-pods", "PolicyBinding")]


def test_a_policy_binding_beside_its_tenant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sts.yaml"
    path.write_text(TENANT + "---\n" + POLICY_BINDING, encoding="utf-8")
    assert main(["explain", "-o", "json", str(path)]) == 0
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["replicas"], [c["name"] for c in p["containers"]]) for p in pods] == [
        ("Tenant", 4, ["minio", "sidecar"])
    ]
    assert pods[0]["requests"] == {"cpu": "2", "memory": "8Gi"}
