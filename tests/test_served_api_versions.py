"""PR006: a built-in workload written with an apiVersion no modelled release serves
(model/decode/served.py), in the order of the kinds table: each row an
apiVersion and kind, and what lint says of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.served import SERVED, unserved

OBJECT = """apiVersion: {api_version}
kind: {kind}
metadata:
  name: web
spec:
  selector: {{matchLabels: {{app: web}}}}
  template:
    metadata: {{labels: {{app: web}}}}
    spec:
      containers:
      - {{name: app, image: nginx, resources: {{requests: {{cpu: 500m, memory: 256Mi}}, limits: {{cpu: 500m, memory: 256Mi}}}}}}
"""

# apiVersion, kind, the reason in the message (None: served, judged as a workload)
CASES = [
    ("v1", "Pod", None),
    ("apps/v1", "Pod", "not a kind of the apps group; served as v1"),
    ("v1beta1", "Pod", "a pre-release version no Kubernetes release from 1.27 on serves; served as v1"),
    ("v1", "ReplicationController", None),
    ("apps/v1", "Deployment", None),
    ("v1", "Deployment", "not a kind of the core group; served as apps/v1"),
    ("extensions/v1beta1", "Deployment", "removed in Kubernetes 1.16; served as apps/v1"),
    ("apps/v1beta1", "Deployment", "removed in Kubernetes 1.16; served as apps/v1"),
    ("apps/v1beta2", "Deployment", "removed in Kubernetes 1.16; served as apps/v1"),
    ("extensions/v1beta1", "ReplicaSet", "removed in Kubernetes 1.16; served as apps/v1"),
    ("apps/v1beta1", "StatefulSet", "removed in Kubernetes 1.16; served as apps/v1"),
    ("apps/v1beta2", "DaemonSet", "removed in Kubernetes 1.16; served as apps/v1"),
    ("extensions/v1beta1", "DaemonSet", "removed in Kubernetes 1.16; served as apps/v1"),
    ("apps/v2", "StatefulSet", "no such version; served as apps/v1"),
    ("batch/v1", "Job", None),
    ("batch/v1", "CronJob", None),
    ("batch/v1beta1", "CronJob", "removed in Kubernetes 1.25; served as batch/v1"),
    ("batch/v2alpha1", "CronJob", "a pre-release version no Kubernetes release from 1.27 on serves; served as batch/v1"),
    ("batch/v1", "Pod", "not a kind of the batch group; served as v1"),
    ("batch.volcano.sh/v1alpha1", "Job", None),  # Volcano's: a custom resource
    ("example.com/v1", "Deployment", None),  # a custom kind of the same name
]


def test_every_built_in_workload_kind_has_its_served_version() -> None:
    assert SERVED == {
        "Pod": "v1", "PodTemplate": "v1", "ReplicationController": "v1", "Deployment": "apps/v1", "ReplicaSet": "apps/v1",
        "StatefulSet": "apps/v1", "DaemonSet": "apps/v1", "Job": "batch/v1", "CronJob": "batch/v1",
    }  # fmt: skip


@pytest.mark.parametrize(("api_version", "kind", "reason"), CASES)
def test_the_served_version_of_each_kind(api_version: str, kind: str, reason: str | None) -> None:
    why = unserved({"apiVersion": api_version, "kind": kind})
    if reason is None:
        assert why is None
    else:
        assert why == (
            f"apiVersion {api_version} is not served for {kind} ({reason}): kubectl apply fails with "
            f'no matches for kind "{kind}" in version "{api_version}", and no pod of it runs'
        )
    assert unserved({"kind": kind}) is None  # a snippet without apiVersion is read as the kind's served one


@pytest.mark.parametrize(("api_version", "kind", "reason"), [c for c in CASES if c[1] in ("Deployment", "CronJob", "Pod")])
def test_lint_and_explain_judge_no_pod_of_an_unserved_object(
    api_version: str, kind: str, reason: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "web.yaml"
    path.write_text(OBJECT.format(api_version=api_version, kind=kind))
    code = main(["lint", "--no-config", "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    rules = [(f["rule"], f["line"], f["field"]) for f in report["findings"]]
    if reason is None:
        assert "PR006" not in {r for r, _, _ in rules}
        return
    assert code == 1 and rules == [("PR006", 1, "apiVersion")] and report["summary"]["pods"] == 0
    assert report["findings"][0]["object"] == {"kind": kind, "name": "web", "namespace": None, "template": None}
    code = main(["explain", "-o", "json", str(path)])
    out = json.loads(capsys.readouterr().out)
    assert out["pods"] == [] and [p["message"] for p in out["problems"]] == [report["findings"][0]["message"]]


def test_the_rule_can_be_turned_off_and_the_object_is_still_not_judged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "web.yaml"
    path.write_text(OBJECT.format(api_version="extensions/v1beta1", kind="Deployment"))
    (tmp_path / "config.yaml").write_text("ignore: [PR006]\n")
    code = main(["lint", "--config", str(tmp_path / "config.yaml"), "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["findings"] == [] and report["summary"]["pods"] == 0


POLICIES = """apiVersion: {pc}
kind: PriorityClass
metadata: {{name: high}}
value: 1000
---
apiVersion: {lr}
kind: LimitRange
metadata: {{name: defaults, namespace: ns}}
spec:
  limits:
  - type: Container
    default: {{cpu: 500m, memory: 256Mi}}
---
apiVersion: v1
kind: Pod
metadata: {{name: p, namespace: ns}}
spec:
  priorityClassName: high
  containers: [{{name: c, image: nginx}}]
"""


@pytest.mark.parametrize(
    ("pc", "lr", "qos", "priority", "errors"),
    [
        ("scheduling.k8s.io/v1", "v1", "Guaranteed", 1000, []),
        ("scheduling.k8s.io/v1beta1", "v1", "Guaranteed", None, [("PR006", 1, "PriorityClass")]),
        ("scheduling.k8s.io/v1", "v1beta1", "BestEffort", 1000, [("PR006", 6, "LimitRange")]),
        ("scheduling.k8s.io/v1beta1", "apps/v1", "BestEffort", None, [("PR006", 1, "PriorityClass"), ("PR006", 6, "LimitRange")]),
    ],
)  # fmt: skip
def test_a_policy_no_release_serves_never_exists(
    pc: str, lr: str, qos: str, priority: int | None, errors: list[tuple[str, int, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "policies.yaml"
    path.write_text(POLICIES.format(pc=pc, lr=lr))
    main(["lint", "--no-config", "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["line"], f["object"]["kind"]) for f in report["findings"] if f["severity"] == "error"] == errors
    assert ("PR168" in {f["rule"] for f in report["findings"]}) is (priority is None)  # the class the pod names is not there
    main(["explain", "-o", "json", str(path)])
    out = json.loads(capsys.readouterr().out)
    [pod] = out["pods"]
    assert pod["qosClass"] == qos
    if priority is not None:
        assert pod["priority"]["value"] == priority
    else:  # the Priority admission plugin refuses a pod naming a class that does not exist
        assert pod["admission"]["admitted"] is False and 'no PriorityClass with name high was found' in pod["admission"]["message"]
