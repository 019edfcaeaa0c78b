"""Argo CD Applications of bjw-s' app-template chart (model/decode/kinds_apptemplate_argo.py): the controllers of
spec.source's values (an object or text) and of each of spec.sources that is the chart, as a Flux HelmRelease's;
the release targetRevision names picks the templates; merged values files make the pods as written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.kinds_apptemplate_argo import release
from tests.lint_support import lint_report

SINGLE = """\
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: sonarr, namespace: argocd}
spec:
  source:
    repoURL: https://bjw-s-labs.github.io/helm-charts
    chart: app-template
    targetRevision: %s
    helm:
      values: |
        defaultPodOptions:
          resources: {requests: {cpu: "1"}}
        controllers:
          sonarr:
            containers:
              app:
                image: {repository: ghcr.io/onedr0p/sonarr-develop, tag: 4.0.9}
                resources:
                  requests: {cpu: 10m}
                  limits: {memory: 4Gi}
          off:
            enabled: false
            containers: {app: {image: {repository: x}}}
"""


def _pods(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    main(["explain", "--no-render", "-o", "json", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


@pytest.mark.parametrize(("revision", "pod_cpu"), [("3.5.1", "10m"), ("4.2.0", "1"), ("4.x", "1")])
def test_a_source_of_the_chart_with_values_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str], revision: str, pod_cpu: str) -> None:
    """One Deployment pod (replicas unset: 1) of the enabled controller, its container ``app`` with the written
    resources (the 4Gi limit defaults the request); defaultPodOptions' pod resources from common 4.0.0 only (a
    constraint: the newest); final, no by-shape search."""
    path = tmp_path / "app.yaml"
    path.write_text(SINGLE % revision)
    pods = _pods(capsys, path)
    assert [(p["workload"]["replicas"], p["workload"]["asWritten"]) for p in pods] == [(1, None)]
    app = pods[0]["containers"][0]
    assert (app["name"], app["requests"], app["limits"]) == ("app", {"cpu": "10m", "memory": "4Gi"}, {"memory": "4Gi"})
    assert pods[0]["requests"]["cpu"] == pod_cpu  # the pod-level request (defaultPodOptions) where the release has it


MULTI = """\
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: multi, namespace: argocd}
spec:
  sources:
    - repoURL: oci://ghcr.io/bjw-s-labs/helm
      chart: app-template
      targetRevision: 4.2.0
      helm:
        valuesObject:
          controllers:
            main:
              replicas: 2
              containers:
                app:
                  image: {repository: nginx}
                  resources: {requests: {cpu: 100m, memory: 128Mi}, limits: {memory: 128Mi}}
    - repoURL: oci://ghcr.io/bjw-s-labs/helm
      chart: app-template
      helm:
        valueFiles: [$values/redis.yaml]
        valuesObject:
          controllers:
            cache: {type: statefulset, containers: {redis: {image: {repository: redis}}}}
    - repoURL: https://github.com/example/config
      ref: values
"""


def test_each_source_of_the_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The first source's controller: 2 pods, final; the second's StatefulSet merges a values file from the third
    source: as written, and its missing resources are no finding."""
    path = tmp_path / "app.yaml"
    path.write_text(MULTI)
    pods = _pods(capsys, path)
    assert [(p["workload"]["template"], p["workload"]["replicas"], bool(p["workload"]["asWritten"])) for p in pods] == [
        ("sources[0].helm.valuesObject.controllers[main]", 2, False), ("sources[1].helm.valuesObject.controllers[cache]", 1, True)]  # fmt: skip
    assert pods[0]["qosClass"] == "Burstable"
    assert lint_report(capsys, "--no-render", str(path))["findings"] == []


@pytest.mark.parametrize(("revision", "found"), [("3.5.1", (3, 5)), ("v4.0.0", (4, 0)), ("4.x", None), (None, None), (3, None)])
def test_the_release_a_target_revision_names(revision: Any, found: Any) -> None:
    assert release(revision) == found
