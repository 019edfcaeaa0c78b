"""Grafana's Alloy operator: an Alloy (collectors.grafana.com) is the Alloy Helm chart the operator ships,
installed with the object's spec as values (model/decode/kinds_alloy.py), on real objects (tests/data/real,
provenance in SOURCES.tsv)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from pod_resources_cli.cli import main

REAL = Path(__file__).parent / "data" / "real"
EXAMPLES = REAL / "grafana__k8s-monitoring-helm"
LIMITS = EXAMPLES / "charts__k8s-monitoring__docs__examples__resource-requests-and-limits__output.yaml"
AUTOSCALING = EXAMPLES / "charts__k8s-monitoring__docs__examples__scalability__autoscaling__output.yaml"
SAMPLE = REAL / "grafana__alloy-operator" / "operator__config__samples__collectors_v1alpha1_alloy.yaml"
RELOADER = {"cpu": "10m", "memory": "50Mi"}  # the chart's values.yaml configReloader.resources.requests


def _alloys(path: Path, capsys: pytest.CaptureFixture[str]) -> list[tuple[Any, ...]]:
    main(["explain", "-o", "json", str(path)])
    return [
        (p["workload"]["name"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in json.loads(capsys.readouterr().out)["pods"] if p["workload"]["kind"] == "Alloy"
    ]  # fmt: skip


def test_the_k8s_monitoring_charts_alloy_with_written_resources(capsys: pytest.CaptureFixture[str]) -> None:
    """resource-requests-and-limits: a StatefulSet of controller.replicas 1, alloy and config-reloader as written."""
    assert _alloys(LIMITS, capsys) == [("k8smon-alloy-metrics", 1, "Burstable", [
        ("alloy", "regular", {"cpu": "100m", "memory": "128Mi"}, {"cpu": "200m", "memory": "256Mi"}),
        ("config-reloader", "regular", RELOADER, {"cpu": "100m", "memory": "128Mi"}),
    ])]  # fmt: skip


def test_legacy_autoscaling_counts_the_hpas_min_replicas(capsys: pytest.CaptureFixture[str]) -> None:
    """scalability/autoscaling: controller.autoscaling.enabled (the deprecated form) drops ``replicas`` from the
    StatefulSet; the HPA's minReplicas 2 pods; config-reloader takes the chart's requests (its resources unwritten)."""
    assert _alloys(AUTOSCALING, capsys) == [("k8smon-alloy-metrics", 2, "Burstable", [
        ("alloy", "regular", {"cpu": "1m", "memory": "500Mi"}, {}),
        ("config-reloader", "regular", RELOADER, {}),
    ])]  # fmt: skip


def test_the_operators_sample_is_a_daemonset(capsys: pytest.CaptureFixture[str]) -> None:
    assert _alloys(SAMPLE, capsys) == [("alloy-sample", None, "Burstable", [
        ("alloy", "regular", {}, {}), ("config-reloader", "regular", {"cpu": "1m", "memory": "5Mi"}, {}),
    ])]  # fmt: skip


def _edited(tmp_path: Path, edit: dict[str, Any]) -> Path:
    """The operator's sample with ``edit`` merged into its spec (maps key by key, as Helm coalesces values)."""
    obj = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))

    def merge(into: dict[str, Any], new: dict[str, Any]) -> None:
        for key, value in new.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                merge(into[key], value)
            else:
                into[key] = value

    merge(obj["spec"], edit)
    out = tmp_path / "alloy.yaml"
    out.write_text(yaml.safe_dump(obj), encoding="utf-8")
    return out


GIB = {"cpu": "1", "memory": "1Gi"}


@pytest.mark.parametrize(
    ("edit", "replicas", "names"),
    [
        ({"controller": {"type": "deployment", "replicas": 3}}, 3, ["alloy", "config-reloader"]),
        ({"controller": {"type": "statefulset", "replicas": 2, "autoscaling": {"horizontal": {"enabled": True, "minReplicas": 4}}}}, 4,
         ["alloy", "config-reloader"]),
        ({"configReloader": {"enabled": False}}, None, ["alloy"]),
        ({"controller": {"initContainers": [{"name": "setup", "image": "busybox"}], "extraContainers": [{"name": "side", "image": "busybox"}]}},
         None, ["setup", "alloy", "config-reloader", "side"]),
    ],
)  # fmt: skip
def test_each_branch_of_the_charts_pod(edit: dict[str, Any], replicas: int | None, names: list[str], tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """controllers/*.yaml: the type and its count (an HPA's minReplicas where horizontal autoscaling is on);
    _watch.yaml: no config-reloader when disabled; _pod.yaml: init containers, then alloy, config-reloader and the
    extra containers."""
    [(_, got_replicas, _, containers)] = _alloys(_edited(tmp_path, edit), capsys)
    # (the chart lists config-reloader before the extra containers; the tool appends the containers the operator adds
    # after the written ones: the order decides no value here)
    assert got_replicas == replicas and sorted(c[0] for c in containers) == sorted(names)
    assert [c[0] for c in containers][: 2 if names[0] == "setup" else 1] == names[: 2 if names[0] == "setup" else 1]


def test_an_external_hpa_alone_makes_no_count_claim(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit = {"controller": {"type": "deployment", "autoscaling": {"horizontal": {"externalHPA": True}}}}
    assert _alloys(_edited(tmp_path, edit), capsys) == []


def test_the_deprecated_agent_values_are_merged_over_alloys(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """mustMergeOverwrite .Values.alloy .Values.agent: agent's resources win key by key."""
    edit = {"alloy": {"resources": {"requests": GIB, "limits": GIB}}, "agent": {"resources": {"limits": {"memory": "2Gi"}}}}
    [(_, _, qos, containers)] = _alloys(_edited(tmp_path, edit), capsys)
    assert containers[0] == ("alloy", "regular", GIB, {"cpu": "1", "memory": "2Gi"}) and qos == "Burstable"
