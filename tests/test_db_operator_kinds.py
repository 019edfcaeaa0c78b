"""Database, messaging and storage operators' kinds on the projects' own files
(tests/data/real, provenance in SOURCES.tsv): the pods each operator builds,
from its Go types and controller code (model/decode/kinds_*.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
Resources = dict[str, str]
Pod = tuple[str, str | None, int | None, list[tuple[str, str, Resources, Resources]], bool]


def pods(path: Path) -> list[Pod]:
    """(kind, template, count, [(container, type, requests, limits)], as written) of every pod found."""
    out: list[Pod] = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [
                (c.name, c.type.value, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                for c in item.workload.pod.all_containers()
            ]
            out.append((ref.kind, ref.template, ref.replicas, containers, ref.as_written is not None))
    return out


EMQX = REAL / "emqx__emqx-operator"
EMQX_BARE = [("emqx", "regular", {}, {})]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # v2beta1: coreTemplate.spec.replicas 1 as written, replicantTemplate.spec.replicas 3; emqx without resources
        # (the sample's are commented out): the operator sets none
        ("config__samples__emqx__v2beta1__emqx-full.yaml", [
            ("EMQX", "core", 1, EMQX_BARE, False), ("EMQX", "replicant", 3, EMQX_BARE, False)]),
        # no coreTemplate: the CRD's default {spec: {replicas: 1}}; no replicantTemplate (a nil pointer): no replicants
        ("config__samples__emqx__v2beta1__emqx-slim.yaml", [("EMQX", "core", 1, EMQX_BARE, False)]),
        # v2alpha1: replicas as written (2 and 3)
        ("config__samples__emqx__v2alpha1__emqx-full.yaml", [
            ("EMQX", "core", 2, EMQX_BARE, False), ("EMQX", "replicant", 3, EMQX_BARE, False)]),
        # v2alpha1 without templates: replicas nil, one core (the StatefulSet's default); ConvertTo drops the replicants
        ("config__samples__emqx__v2alpha1__emqx-slim.yaml", [("EMQX", "core", 1, EMQX_BARE, False)]),
    ],
)  # fmt: skip
def test_an_emqx_is_its_core_statefulset_and_replicant_replicaset(name: str, expected: list[Any]) -> None:
    assert pods(EMQX / name) == expected


def test_an_emqx_templates_resources_are_the_emqx_containers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """generateStatefulSet: emqx first with coreTemplate.spec.resources whole, extraContainers and initContainers as
    written; a written coreTemplate.spec takes the v2beta1 replicas default 2; a replicantTemplate without spec makes
    a ReplicaSet whose replicas are nil (1)."""
    (tmp_path / "e.yaml").write_text(
        "apiVersion: apps.emqx.io/v2beta1\nkind: EMQX\nmetadata: {name: e}\nspec:\n  image: emqx:5\n  coreTemplate:\n    spec:\n"
        "      resources: {requests: {cpu: 250m, memory: 512Mi}, limits: {cpu: 500m, memory: 1Gi}}\n"
        "      initContainers: [{name: sysctl, image: busybox}]\n"
        "      extraContainers: [{name: extra, image: busybox, resources: {requests: {cpu: 10m}}}]\n"
        "  replicantTemplate:\n    metadata: {name: r}\n"
    )
    assert pods(tmp_path / "e.yaml") == [
        ("EMQX", "core", 2, [("sysctl", "init", {}, {}), ("emqx", "regular", {"cpu": "250m", "memory": "512Mi"}, {"cpu": "500m", "memory": "1Gi"}),
                             ("extra", "regular", {"cpu": "10m"}, {})], False),
        ("EMQX", "replicant", 1, EMQX_BARE, False),
    ]  # fmt: skip
    report = lint_report(capsys, str(tmp_path / "e.yaml"))
    assert sorted((f["rule"], f["line"]) for f in report["findings"]) == [("PR131", 10), ("PR132", 10), ("PR133", 8), ("PR201", 11)]


def test_the_emqx_samples_lint_as_their_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """The samples' EMQX objects are searched (no longer "custom objects with no pod found"): their emqx containers set no
    resources, so each pod is BestEffort, as the operator deploys it."""
    report = lint_report(capsys, str(EMQX))
    assert [(f["rule"], f["path"].rpartition("/")[2], f["line"]) for f in report["findings"]] == [
        ("PR201", "config__samples__emqx__v2alpha1__emqx-full.yaml", 45), ("PR201", "config__samples__emqx__v2alpha1__emqx-full.yaml", 169),
        ("PR201", "config__samples__emqx__v2alpha1__emqx-slim.yaml", 5), ("PR201", "config__samples__emqx__v2beta1__emqx-full.yaml", 23),
        ("PR201", "config__samples__emqx__v2beta1__emqx-full.yaml", 116), ("PR201", "config__samples__emqx__v2beta1__emqx-slim.yaml", 5),
    ]  # fmt: skip
