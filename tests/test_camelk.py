"""Apache Camel K's Integration and Pipe (model/decode/kinds_camelk.py, apache/camel-k @4782ebd227bf): one pod per
replica, its ``integration`` container with the container trait's requests and limits, else the trait's defaults
(pkg/trait/container.go: 125m/128Mi requested, 500m/512Mi limits)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.support import requests_limits

REAL = Path(__file__).parent / "data" / "real" / "apache__camel-k"
DEFAULT = ("integration", {"cpu": "125m", "memory": "128Mi"}, {"cpu": "500m", "memory": "512Mi"})


def pods(path: Path) -> list[tuple[str, int | None, list[tuple[str, dict[str, str], dict[str, str]]], bool]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [(c.name, *requests_limits(c)) for c in item.workload.pod.containers]
            out.append((ref.kind, ref.replicas, containers, ref.as_written is not None))
    return out


@pytest.mark.parametrize(
    ("name", "kind"),
    [("pkg__resources__config__samples__bases__camel_v1_integration.yaml", "Integration"), ("pkg__resources__config__samples__bases__camel_v1_pipe.yaml", "Pipe")],
)
def test_camel_k_samples_run_one_pod_with_the_container_traits_defaults(name: str, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert pods(REAL / name) == [(kind, 1, [DEFAULT], False)]
    report = lint_report(capsys, str(REAL / name))
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR133", kind)]  # 128Mi requested, 512Mi limit


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "it.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the container trait's values where written, the defaults for the others; its name; spec.replicas
        ("apiVersion: camel.apache.org/v1\nkind: Integration\nmetadata: {name: i}\nspec:\n  replicas: 3\n"
         "  traits: {container: {name: main, requestCPU: '1', limitCPU: '1', requestMemory: 1Gi, limitMemory: 1Gi}}\n",
         [("Integration", 3, [("main", {"cpu": "1", "memory": "1Gi"}, {"cpu": "1", "memory": "1Gi"})], False)]),
        # a value ParseQuantity refuses: that resource unset, the others kept
        ("apiVersion: camel.apache.org/v1\nkind: Integration\nmetadata: {name: i}\nspec:\n  traits: {container: {limitMemory: lots}}\n",
         [("Integration", 1, [("integration", {"cpu": "125m", "memory": "128Mi"}, {"cpu": "500m"})], False)]),
        # the deprecated trait annotations replace the written container trait whole
        ("apiVersion: camel.apache.org/v1\nkind: Pipe\nmetadata:\n  name: p\n  annotations: {trait.camel.apache.org/container.request-cpu: 250m}\n"
         "spec:\n  replicas: 2\n  traits: {container: {requestMemory: 1Gi}}\n",
         [("Pipe", 2, [("integration", {"cpu": "250m", "memory": "128Mi"}, {"cpu": "500m", "memory": "512Mi"})], False)]),
        # a pod template merged into the pod: as written
        ("apiVersion: camel.apache.org/v1\nkind: Integration\nmetadata: {name: i}\nspec:\n  template: {spec: {containers: [{name: sidecar, image: x}]}}\n",
         [("Integration", 1, [DEFAULT], True)]),
    ],
)  # fmt: skip
def test_the_container_trait(tmp_path: Path, text: str, expected: list[Any]) -> None:
    assert pods(_write(tmp_path, text)) == expected
