"""KubeVela's Application (model/decode/kinds_kubevela.py): each component of a built-in type is the workload its
CUE definition renders (kubevela/kubevela @5a44b5f10c59 vela-templates/definitions/internal/component/*.cue), its one
container named after the component with the properties' cpu and memory; traits and override policies decide
whether that pod is final."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.support import requests_limits

REAL = Path(__file__).parent / "data" / "real" / "kubevela__kubevela"
Resources = dict[str, str]


def pods(path: Path) -> list[tuple[str | None, int | None, list[tuple[str, Resources, Resources]], bool, bool]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [(c.name, *requests_limits(c)) for c in item.workload.pod.containers]
            out.append((ref.template, ref.replicas, containers, ref.as_written is not None, ref.preset))
    return out


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # statefulset.cue: cpu "1" and memory 2Gi, each the request and the limit; the scaler trait's replicas 1;
        # storage keeps the containers: final
        ("vela-templates__definitions__usage-examples__application-with-statefulset.yaml", [
            ("components[0] statefulset", 1, [("postgres", {"cpu": "1", "memory": "2Gi"}, {"cpu": "1", "memory": "2Gi"})], False, False),
        ]),
        # webservice.cue without limit: cpu "0.5" and 1024Mi as request and limit; scaler and hpa keep the containers
        ("vela-templates__definitions__usage-examples__application-with-hpa.yaml", [
            ("components[0] webservice", 1, [("helloworld", {"cpu": "500m", "memory": "1Gi"}, {"cpu": "500m", "memory": "1Gi"})], False, False),
        ]),
        # the resource trait patches the container's resources: as written, a preset (a missing resource is no finding)
        ("vela-templates__definitions__usage-examples__application-with-resource.yaml", [
            ("components[0] webservice", 1, [("busy", {"cpu": "200m"}, {"cpu": "200m"})], True, True),
        ]),
        # a sidecar trait adds a container: the frontend as written (not a preset); the worker is final, BestEffort
        ("docs__examples__enduser__sample.yaml", [
            ("components[0] webservice", 1, [("frontend", {}, {})], True, False),
            ("components[1] worker", 1, [("backend", {}, {})], False, False),
        ]),
        # task.cue: a Job of count (default 1) pods; its ``volumes`` trait is none of the built-in ones (an older
        # definition): as written, a preset
        ("docs__examples__app-with-volumes__app-task-volumes.yaml", [("components[0] task", 1, [("mytask", {}, {})], True, True)]),
        # json-merge-patch: as written, a preset; its patch's template is not a pod of its own
        ("docs__examples__traits__json-merge-patch__example.yaml", [("components[0] webservice", 1, [("busybox", {}, {})], True, True)]),
    ],
)  # fmt: skip
def test_a_kubevela_component_is_the_workload_its_definition_renders(name: str, expected: list[Any]) -> None:
    assert pods(REAL / name) == expected


def test_kubevela_findings_on_the_real_files(capsys: pytest.CaptureFixture[str]) -> None:
    """The worker without cpu or memory is BestEffort as fact (KubeVela adds no resources); the sidecar trait's frontend
    is only as written; the resource trait's and the patch's pods get no missing-resource finding."""
    report = lint_report(capsys, str(REAL))
    got = sorted((Path(f["path"]).name, f["rule"], f["object"]["template"]) for f in report["findings"])
    assert got == [
        ("docs__examples__enduser__sample.yaml", "PR138", "components[0] webservice"),
        ("docs__examples__enduser__sample.yaml", "PR201", "components[1] worker"),
    ]
    assert "as written: a sidecar or init-container trait adds a container" in next(f["message"] for f in report["findings"] if f["rule"] == "PR138")


def _app(tmp_path: Path, component: str, extra: str = "") -> Path:
    path = tmp_path / "app.yaml"
    path.write_text(f"apiVersion: core.oam.dev/v1beta1\nkind: Application\nmetadata: {{name: a}}\nspec:\n  components:\n{component}{extra}", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("component", "expected"),
    [
        # webservice: limit.cpu beside cpu is the limit; limit.memory without memory sets nothing
        ("  - {name: web, type: webservice, properties: {image: x, cpu: 250m, limit: {cpu: '1', memory: 1Gi}}}\n",
         [("components[0] webservice", 1, [("web", {"cpu": "250m"}, {"cpu": "1"})], False, False)]),
        # worker: no limit parameter, memory is request and limit; the scaler's replicas
        ("  - {name: w, type: worker, properties: {image: x, memory: 512Mi}, traits: [{type: scaler, properties: {replicas: 3}}]}\n",
         [("components[0] worker", 3, [("w", {"memory": "512Mi"}, {"memory": "512Mi"})], False, False)]),
        # task: count is the Job's parallelism
        ("  - {name: t, type: task, properties: {image: x, count: 4, cpu: '2'}}\n", [("components[0] task", 4, [("t", {"cpu": "2"}, {"cpu": "2"})], False, False)]),
        # daemon: one pod a node, no count
        ("  - {name: d, type: daemon, properties: {image: x}}\n", [("components[0] daemon", None, [("d", {}, {})], False, False)]),
        # a user's own trait type may change the pod: as written, a preset
        ("  - {name: w, type: worker, properties: {image: x}, traits: [{type: my-trait}]}\n", [("components[0] worker", 1, [("w", {}, {})], True, True)]),
        # another component type is not read here
        ("  - {name: k, type: k8s-objects, properties: {objects: []}}\n", []),
    ],
)  # fmt: skip
def test_each_kubevela_definition_branch(tmp_path: Path, component: str, expected: list[Any]) -> None:
    assert pods(_app(tmp_path, component)) == expected


def test_an_override_policy_makes_the_component_as_written(tmp_path: Path) -> None:
    path = _app(tmp_path, "  - {name: w, type: worker, properties: {image: x}}\n", "  policies:\n  - {name: o, type: override, properties: {}}\n")
    assert pods(path) == [("components[0] worker", 1, [("w", {}, {})], True, True)]


def test_a_number_where_kubevela_takes_a_string_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """webservice.cue's ``cpu?: string``: a YAML number does not unify with it, the component does not render."""
    report = lint_report(capsys, str(_app(tmp_path, "  - {name: web, type: webservice, properties: {image: x, cpu: 1}}\n")))
    assert [(f["rule"], f["field"]) for f in report["findings"] if f["severity"] == "error"] == [("PR002", "spec.components[0].properties.cpu")]
