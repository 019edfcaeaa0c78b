"""Airflow's pod template files (model/decode/airflow.py) on apache/airflow's own (tests/data/real/apache__airflow):
the base of each task's pod, linted only as written, never called BestEffort."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.airflow import airflow_pod_template

AIRFLOW = Path(__file__).parent / "data" / "real" / "apache__airflow"


def test_the_templates_make_no_qos_claim(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 3 PR201 "the pod is BestEffort, OOM score adjustment 1000" warnings. After: each container's missing
    requests said as written, with why."""
    main(["lint", "--no-config", "-o", "json", str(AIRFLOW)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    found = sorted((f["rule"], f["object"]["name"], f["object"]["namespace"], f["message"].split("'")[1]) for f in report["findings"])
    assert found == [
        ("PR138", "placeholder-name", None, "base"),
        ("PR138", "placeholder-name-dont-delete", "placeholder-name-dont-delete", "base"),
        ("PR138", "will-be-overwritten", "airflow", "base"),
    ]
    assert all("(as written: an Airflow pod template file: Airflow builds each task's pod from it" in f["message"] for f in report["findings"])
    assert report["summary"]["pods"] == 3 and report["summary"]["errors"] == 0


def test_explain_still_reads_them(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", "-o", "json", str(AIRFLOW / "kubernetes_tests__test_kubernetes_executor.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["workload"]["kind"], pod["workload"]["name"], pod["workload"]["namespace"]) == ("Pod", "will-be-overwritten", "airflow")
    assert [c["name"] for c in pod["containers"]] == ["base"] and pod["requests"] == {} and pod["limits"] == {}


@pytest.mark.parametrize(
    ("obj", "template"),
    [
        ({"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [{"name": "base", "env": [{"name": "AIRFLOW__CORE__EXECUTOR"}]}]}}, True),
        ({"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [{"name": "base", "env": [{"name": "AIRFLOW_HOME"}]}]}}, True),
        # not base first: Airflow merges its base container into the first, so another first container is no template of it
        ({"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [{"name": "app", "env": [{"name": "AIRFLOW__X__Y"}]}]}}, False),
        ({"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [{"name": "base", "env": [{"name": "LOG_LEVEL"}]}]}}, False),
        ({"apiVersion": "apps/v1", "kind": "Deployment", "spec": {}}, False),
        ({"apiVersion": "v1", "kind": "Pod", "spec": {"containers": "base"}}, False),
        ({"apiVersion": "v1", "kind": "Pod", "spec": {"containers": [{"name": "base", "env": [None, {"name": 3}]}]}}, False),
        (None, False),
    ],
)
def test_what_an_airflow_pod_template_is(obj: object, template: bool) -> None:
    assert (airflow_pod_template(obj) is not None) is template
