"""A VerticalPodAutoscaler sets its target's requests from its recommendation
(model/decode/autoscaler.py): a finding that a request is missing, or a QoS
class stated as fact, is not what runs; a missing limit still is. On
kubernetes-sigs/kwok's scale-using-vpa example (tests/data/real, SOURCES.tsv)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main

EXAMPLE = Path(__file__).parent / "data" / "real" / "kubernetes-sigs__kwok" / "scale-using-vpa"


def findings(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[tuple[str, int, str]]:
    main(["lint", "--no-config", "-o", "json", *map(str, paths)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return [(f["rule"], f["line"], f["message"]) for f in report["findings"]]


def test_the_requests_a_vpa_sets_are_not_missing(capsys: pytest.CaptureFixture[str]) -> None:
    alone = findings(capsys, EXAMPLE / "deployment.yaml")
    assert [(rule, line) for rule, line, _ in alone] == [("PR132", 20), ("PR131", 21)]
    with_vpa = findings(capsys, EXAMPLE)  # updateMode Auto: the admission controller sets cpu and memory requests
    [(rule, line, message)] = with_vpa
    assert (rule, line) == ("PR132", 20)  # it adds no limit
    assert message.endswith("(as written: the VerticalPodAutoscaler fake-vpa (" + str(EXAMPLE / "vpa.yaml") + ":1) sets its requests from its recommendation)")


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ('  updatePolicy: {updateMode: "Off"}\n', ["PR132", "PR131"]),  # recommends only
        ("  resourcePolicy: {containerPolicies: [{containerName: '*', mode: 'Off'}]}\n", ["PR132", "PR131"]),
        ("  resourcePolicy: {containerPolicies: [{containerName: '*', controlledResources: [cpu]}]}\n", ["PR132", "PR131"]),
        ("  resourcePolicy: {containerPolicies: [{containerName: fake-container, controlledResources: [memory]}]}\n", ["PR132"]),
        ("", ["PR132"]),
    ],
)  # fmt: skip
def test_which_requests_a_vpa_sets(policy: str, expected: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(EXAMPLE / "deployment.yaml", tmp_path)
    (tmp_path / "vpa.yaml").write_text(
        "apiVersion: autoscaling.k8s.io/v1\nkind: VerticalPodAutoscaler\nmetadata: {name: v}\n"
        f"spec:\n  targetRef: {{apiVersion: apps/v1, kind: Deployment, name: fake-app}}\n{policy}",
        encoding="utf-8",
    )
    assert [rule for rule, _, _ in findings(capsys, tmp_path)] == expected


def test_a_vpa_of_another_namespace_or_workload_sets_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(EXAMPLE / "deployment.yaml", tmp_path)
    (tmp_path / "vpa.yaml").write_text(
        "apiVersion: autoscaling.k8s.io/v1\nkind: VerticalPodAutoscaler\nmetadata: {name: a, namespace: other}\n"
        "spec: {targetRef: {kind: Deployment, name: fake-app}}\n---\n"
        "apiVersion: autoscaling.k8s.io/v1\nkind: VerticalPodAutoscaler\nmetadata: {name: b}\n"
        "spec: {targetRef: {kind: StatefulSet, name: fake-app}}\n",
        encoding="utf-8",
    )
    assert [rule for rule, _, _ in findings(capsys, tmp_path)] == ["PR132", "PR131"]


def test_explain_says_the_vpa_sets_the_requests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "-o", "json", str(EXAMPLE)]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["workload"]["asWritten"].startswith("the VerticalPodAutoscaler fake-vpa (")
    assert main(["explain", "-o", "json", str(EXAMPLE / "deployment.yaml")]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert "asWritten" not in pod["workload"] or pod["workload"]["asWritten"] is None


AUTOSCALER = Path(__file__).parent / "data" / "real" / "kubernetes__autoscaler"
HAMSTER = AUTOSCALER / "vertical-pod-autoscaler__examples__hamster.yaml"
REDIS = AUTOSCALER / "vertical-pod-autoscaler__examples__redis.yaml"


@pytest.mark.parametrize(("path", "line", "vpa_line", "container"), [(HAMSTER, 53, 8, "hamster"), (REDIS, 31, 2, "master")])
def test_the_vpa_examples_of_kubernetes_autoscaler(path: Path, line: int, vpa_line: int, container: str, capsys: pytest.CaptureFixture[str]) -> None:
    # updateMode unset (Recreate): the admission controller sets cpu and memory requests; it adds no limit where none
    [(rule, at, message)] = findings(capsys, path)
    assert (rule, at) == ("PR132", line)
    assert f"container '{container}' has no memory limit" in message
    assert message.endswith(f"({path}:{vpa_line}) sets its requests from its recommendation)")
    assert main(["explain", "-o", "json", str(path)]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["workload"]["asWritten"].startswith("the VerticalPodAutoscaler ")
    assert [(c["name"], c["requests"]) for c in pod["containers"]] == [(container, {"cpu": "100m", "memory": "50Mi" if container == "hamster" else "100Mi"})]


def test_a_vpa_leaves_init_containers_and_sidecars_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # recommendation_provider.go GetContainersResources patches spec.containers only
    text = HAMSTER.read_text(encoding="utf-8").replace(
        "      containers:\n", "      initContainers:\n        - {name: shipper, image: busybox, restartPolicy: Always}\n      containers:\n"
    )
    (tmp_path / "hamster.yaml").write_text(text, encoding="utf-8")
    found = findings(capsys, tmp_path / "hamster.yaml")
    assert sorted((rule, "'shipper'" in message) for rule, _, message in found) == [("PR132", False), ("PR138", True)]


@pytest.mark.parametrize(("mode", "sets"), [("Recreate", True), ("InPlace", True), ("Initial", True), ('"Off"', False), ('"off"', False)])
def test_update_modes(mode: str, sets: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # every mode of the CRD's enum but Off sets requests; "off" is not in the enum: the API server refuses that VPA
    text = REDIS.read_text(encoding="utf-8").replace("    name: redis-master\n---", f"    name: redis-master\n  updatePolicy: {{updateMode: {mode}}}\n---", 1)
    (tmp_path / "redis.yaml").write_text(text, encoding="utf-8")
    [(rule, _, message)] = findings(capsys, tmp_path / "redis.yaml")
    assert rule == "PR132" and ("VerticalPodAutoscaler redis-vpa" in message) is sets


def test_a_balancer_carries_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    # balancer/pkg/apis/balancer.x-k8s.io/v1alpha1/types.go: it scales its targets, plain Deployments; it makes no pod
    path = AUTOSCALER / "balancer__examples__nginx-priority.yaml"
    main(["lint", "--no-config", "-o", "json", str(path)])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["skipped"]["no-pods"] == {"Balancer": 1, "Service": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}
    assert [(f["rule"], f["line"], f["object"]["name"]) for f in report["findings"]] == [("PR201", 23, "nginx-1"), ("PR201", 48, "nginx-2")]


NANNY = AUTOSCALER / "addon-resizer__deploy__example.yaml"


def test_addon_resizer_rewrites_its_own_deployments_container(capsys: pytest.CaptureFixture[str]) -> None:
    # addon-resizer/nanny/nanny_lib.go shouldOverwriteResources: requests = limits = base + extra x nodes
    assert findings(capsys, NANNY) == []
    assert main(["explain", "-o", "json", str(NANNY)]) == 0
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["workload"]["name"] == "nanny-v1"
    assert pod["workload"]["asWritten"].startswith(
        "addon-resizer's pod_nanny (container 'pod-nanny') rewrites container 'pod-nanny' to requests = limits = "
        "cpu 300m + 20m per node, memory 200Mi + 10Mi per node from the cluster's node count"
    )
    [c] = pod["containers"]
    assert (c["requests"], c["limits"]) == ({"cpu": "300m", "memory": "200Mi"}, {"cpu": "300m", "memory": "200Mi"})  # as written


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (("--deployment=nanny-v1", "--deployment=nanny-v1"), []),  # it sets cpu and memory
        # memory not watched: the nanny's resources hold cpu only, memory stays missing (not PR138: it sets cpu)
        (("--memory=200Mi", "--extra-cpu=20m"), ["PR131", "PR132"]),
        (("--deployment=nanny-v1", "--deployment=other"), ["PR201"]),  # another Deployment's: not followed, BestEffort
        (("--deployment=nanny-v1", "--deployment=nanny-v1\n            - --container=absent"), ["PR201"]),
    ],
)
def test_what_the_nanny_sets(edit: tuple[str, str], expected: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = NANNY.read_text(encoding="utf-8").replace(
        "          resources:\n            limits:\n              cpu: 300m\n              memory: 200Mi\n            requests:\n              cpu: 300m\n              memory: 200Mi\n",
        "",
    )  # the container writes no resources
    (tmp_path / "example.yaml").write_text(text.replace(*edit), encoding="utf-8")
    assert sorted(rule for rule, _, _ in findings(capsys, tmp_path / "example.yaml")) == expected
