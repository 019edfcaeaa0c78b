"""Helm values an Argo CD Application writes as text (source/values_text.py): read as the values they are, each
field located at its own line in the file; the sources of a multi-source Application each read apart; text Helm
refuses is PR002 and no pod; text another tool fills in is left as written. On awslabs/data-on-eks' real
Application (tests/data/real, SOURCES.tsv) and one case per branch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
TERRAFORM = REAL / "awslabs__data-on-eks" / "infra__terraform__argocd-applications__jupyterhub.yaml"


def _explained(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    main(["explain", "--no-render", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


def _rows(pods: list[dict[str, Any]]) -> list[tuple[str | None, int | None, bool, list[tuple[str, dict[str, str], dict[str, str]]]]]:
    return [
        (p["workload"]["template"], p["workload"]["replicas"], bool(p["workload"]["asWritten"]),
         [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in pods
    ]  # fmt: skip


def test_text_another_tool_fills_in_is_left_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """data-on-eks' terraform template: helm.values is ``${user_values_yaml}``, filled in by terraform's templatefile:
    not Helm's to refuse (no PR002); the chart's pods from its defaults, each only as written."""
    pods = _rows(_explained(capsys, TERRAFORM))
    assert [(t, n, w) for t, n, w, _ in pods] == [("singleuser", None, True), ("hub", 1, True), ("proxy", 1, True), ("user-scheduler", 2, True)]
    report = lint_report(capsys, "--no-render", str(TERRAFORM))
    assert report["findings"] == []


TEXT = """\
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: jupyterhub
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://hub.jupyter.org/helm-chart/
    chart: jupyterhub
    targetRevision: 4.3.2
    helm:
      values: |
        singleuser:
          memory:
            guarantee: 2G
            limit: 4G
        hub:
          resources:
            requests:
              cpu: 100m
              memory: 1.5
"""


def test_values_text_is_read_as_the_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The text is Helm's values: the user pod asks 2G and is limited to 4G (KubeSpawner's units of 1024, in bytes),
    the hub 100m cpu; the pods are final (no valuesObject, valueFiles or parameters); a finding inside the text is at
    its own line and column (the hub's memory 1.5, PR120 at 22:15)."""
    path = tmp_path / "app.yaml"
    path.write_text(TEXT)
    pods = _rows(_explained(capsys, path))
    assert [(t, n, w) for t, n, w, _ in pods] == [("singleuser", None, False), ("hub", 1, False), ("proxy", 1, False), ("user-scheduler", 2, False)]
    assert ("notebook", {"memory": "2147483648"}, {"memory": "4294967296"}) in pods[0][3]
    assert pods[1][3] == [("hub", {"cpu": "100m", "memory": "1500m"}, {})]
    findings = lint_report(capsys, "--no-render", str(path))["findings"]
    assert ("PR120", 22, 15) in {(f["rule"], f["line"], f["column"]) for f in findings}
    placed = {(f["rule"], f["line"], f["column"], f["object"].get("template")) for f in findings}
    assert ("PR132", 19, 11, "hub") in placed  # hub's resources, in the text
    assert ("PR130", 14, 9, "singleuser") in placed  # the notebook's values: singleuser, the text's first line
    assert ("PR201", 13, 7, "proxy") in placed  # the text writes nothing of the proxy: the values key


MULTI = """\
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: jupyterhub, namespace: argocd}
spec:
  sources:
    - repoURL: https://github.com/example/config.git
      ref: values
    - repoURL: 'https://jupyterhub.github.io/helm-chart/'
      chart: jupyterhub
      targetRevision: 3.3.7
      helm:
        values: |
          scheduling:
            userScheduler:
              enabled: false
          singleuser:
            cpu: {limit: 2, guarantee: 0.5}
    - repoURL: https://hub.jupyter.org/helm-chart/
      chart: jupyterhub
      helm:
        valueFiles: [$values/hub.yaml]
"""


def test_each_source_of_a_multi_source_application(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.sources: each source that is the chart renders its own pods from its own values: the second one's text
    (no user scheduler, cpu 0.5 guarantee and 2 limit) final, the third one's valueFiles (read from the first
    source, not here): as written; the first source (a ref) makes nothing."""
    path = tmp_path / "app.yaml"
    path.write_text(MULTI)
    pods = _explained(capsys, path)
    assert [(p["workload"]["template"], p["workload"]["replicas"], bool(p["workload"]["asWritten"])) for p in pods] == [
        ("sources[1] singleuser", None, False), ("sources[2] singleuser", None, True), ("sources[1] hub", 1, False),
        ("sources[2] hub", 1, True), ("sources[1] proxy", 1, False), ("sources[2] proxy", 1, True), ("sources[2] user-scheduler", 2, True),
    ]  # fmt: skip
    notebook = next(c for c in pods[0]["containers"] if c["name"] == "notebook")
    assert (notebook["name"], notebook["requests"], notebook["limits"]) == ("notebook", {"cpu": "500m", "memory": "1073741824"}, {"cpu": "2"})


REFUSED = """\
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: a-list, namespace: argocd}
spec:
  source:
    repoURL: https://hub.jupyter.org/helm-chart/
    chart: jupyterhub
    helm:
      values: |
        - singleuser
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: no-yaml, namespace: argocd}
spec:
  source:
    repoURL: https://hub.jupyter.org/helm-chart/
    chart: jupyterhub
    helm:
      values: "singleuser: [a"
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: a-map, namespace: argocd}
spec:
  source:
    repoURL: https://hub.jupyter.org/helm-chart/
    chart: jupyterhub
    helm:
      values:
        singleuser: {memory: {limit: 2G}}
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: both, namespace: argocd}
spec:
  source:
    repoURL: https://hub.jupyter.org/helm-chart/
    chart: jupyterhub
    helm:
      values: "- ignored: valuesObject wins"
      valuesObject: {singleuser: {memory: {guarantee: null}}}
"""


def test_text_helm_refuses_is_an_error_and_no_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A list and text that is no YAML: PR002 at the values key, and Argo CD renders nothing (no pod); values written
    as a mapping: PR002 too (the CRD declares a string: the API server refuses the object); beside a valuesObject
    the text is never read (no finding, the object's pods)."""
    path = tmp_path / "apps.yaml"
    path.write_text(REFUSED)
    report = lint_report(capsys, "--no-render", str(path))
    assert sorted((f["rule"], f["line"], f["object"]["name"]) for f in report["findings"] if f["rule"] == "PR002") == [
        ("PR002", 9, "a-list"), ("PR002", 20, "no-yaml"), ("PR002", 30, "a-map")]  # fmt: skip
    assert "a list, not a mapping of values" in next(f["message"] for f in report["findings"] if f["object"]["name"] == "a-list")
    pods = _explained(capsys, path)
    assert {p["workload"]["name"] for p in pods} == {"both"}
    assert next(c for c in pods[0]["containers"] if c["name"] == "notebook")["requests"] == {}  # null: no 1G default


def test_a_source_whose_text_helm_refuses_renders_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One of ``spec.sources`` whose values text is no YAML Helm reads (a recursive alias): PR002, and none of the
    chart's pods (it had the chart's default pods, beside the error that says Argo CD renders nothing)."""
    path = tmp_path / "app.yaml"
    path.write_text("""apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: hub, namespace: argocd}
spec:
  sources:
  - repoURL: https://hub.jupyter.org/helm-chart/
    chart: jupyterhub
    helm:
      values: |
        singleuser:
          memory: {guarantee: 1G}
        a: &a [*a]
""")
    report = lint_report(capsys, "--no-render", str(path))
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR002", 9)]  # the values key
    assert "recursive alias" in report["findings"][0]["message"] and report["summary"]["pods"] == 0
    assert _explained(capsys, path) == []
