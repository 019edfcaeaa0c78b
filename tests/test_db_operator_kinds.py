"""Database, messaging and storage operators' kinds on the projects' own files
(tests/data/real, provenance in SOURCES.tsv): the pods each operator builds,
from its Go types and controller code (model/decode/kinds_*.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.lint_support import lint_report
from tests.support import FoundPod, found_pods

REAL = Path(__file__).parent / "data" / "real"
pods = found_pods
Pod = FoundPod


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


EMQX4_RELOADER = ("reloader", "regular", {}, {})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # v1beta3: spec.emqxTemplate.resources on emqx (emqxbroker_conversion.go ConvertTo), spec.replicas default 3
        ("config__samples__emqx__v1beta3__emqxbroker-full.yaml", [("EmqxBroker", "emqx", 3, [
            ("emqx", "regular", {"cpu": "125m", "memory": "64Mi"}, {"cpu": "500m", "memory": "1Gi"}), EMQX4_RELOADER], False)]),
        # v1beta4: replicas 1 as written; emqxContainer sets no resources
        ("config__samples__emqx__v1beta4__emqxenterprise-full.yaml", [("EmqxEnterprise", "emqx", 1, [("emqx", "regular", {}, {}), EMQX4_RELOADER], False)]),
    ],
)  # fmt: skip
def test_an_emqx_4_broker_is_one_statefulset_with_emqx_and_reloader(name: str, expected: list[Any]) -> None:
    assert pods(EMQX / name) == expected


def test_an_emqx_4_templates_containers(tmp_path: Path) -> None:
    """generateStatefulSet: emqx (emqxContainer.resources), reloader (none), then extraContainers, after initContainers."""
    (tmp_path / "b.yaml").write_text(
        "apiVersion: apps.emqx.io/v1beta4\nkind: EmqxBroker\nmetadata: {name: b}\nspec:\n  template:\n    spec:\n"
        "      emqxContainer: {image: {repository: emqx, version: 4.4.15}, resources: {limits: {cpu: '1', memory: 1Gi}}}\n"
        "      initContainers: [{name: init, image: busybox}]\n      extraContainers: [{name: extra, image: busybox}]\n"
    )
    assert pods(tmp_path / "b.yaml") == [("EmqxBroker", "emqx", 3, [
        ("init", "init", {}, {}), ("emqx", "regular", {}, {"cpu": "1", "memory": "1Gi"}), EMQX4_RELOADER,
        ("extra", "regular", {}, {})], False)]  # fmt: skip


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
        # EMQX 4: the reloader container the operator adds with no resources; the broker's emqx asks 64Mi, may use 1Gi
        ("PR138", "config__samples__emqx__v1beta3__emqxbroker-full.yaml", 7), ("PR133", "config__samples__emqx__v1beta3__emqxbroker-full.yaml", 131),
        ("PR134", "config__samples__emqx__v1beta3__emqxbroker-full.yaml", 134), ("PR201", "config__samples__emqx__v1beta4__emqxenterprise-full.yaml", 36),
        ("PR201", "config__samples__emqx__v2alpha1__emqx-full.yaml", 45), ("PR201", "config__samples__emqx__v2alpha1__emqx-full.yaml", 169),
        ("PR201", "config__samples__emqx__v2alpha1__emqx-slim.yaml", 5), ("PR201", "config__samples__emqx__v2beta1__emqx-full.yaml", 23),
        ("PR201", "config__samples__emqx__v2beta1__emqx-full.yaml", 116), ("PR201", "config__samples__emqx__v2beta1__emqx-slim.yaml", 5),
    ]  # fmt: skip


# KubeBlocks' examples are AGPL-3.0 (LICENSING.md: only apis/, deploy/, docker/, hack/, test/... are Apache-2.0), so they
# are not copied here: these objects are written as apecloud/kubeblocks 13138f463941 examples/redis/cluster.yaml and
# examples/redis/cluster-sharding.yaml write them.
KB_CLUSTER = """apiVersion: apps.kubeblocks.io/v1
kind: Cluster
metadata: {name: redis-replication, namespace: demo}
spec:
  terminationPolicy: Delete
  clusterDef: redis
  topology: replication
  componentSpecs:
  - name: redis
    serviceVersion: "7.2.4"
    replicas: 2
    resources:
      limits: {cpu: '0.5', memory: 0.5Gi}
      requests: {cpu: '0.5', memory: 0.5Gi}
  - name: redis-sentinel
    replicas: 3
    resources:
      limits: {cpu: '0.2', memory: 0.2Gi}
  - name: stopped
    stop: true
    resources: {}
  shardings:
  - name: shard
    shards: 3
    template:
      name: redis
      componentDef: redis-cluster-7
      replicas: 2
      resources:
        limits: {cpu: '1', memory: 1Gi}
        requests: {cpu: '1', memory: 1Gi}
"""


def test_a_kubeblocks_clusters_components_are_their_instancesets_pods(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each componentSpecs[*] makes replicas pods (default 1, none with stop: true) and each sharding shards x replicas;
    the component's resources go on its ComponentDefinition's first container (buildAndUpdateResources, only where
    requests or limits are written), the rest is that definition's: as written, no QoS claim."""
    (tmp_path / "c.yaml").write_text(KB_CLUSTER)
    half, fifth, one = {"cpu": "500m", "memory": "512Mi"}, {"cpu": "200m", "memory": "214748364800m"}, {"cpu": "1", "memory": "1Gi"}
    assert pods(tmp_path / "c.yaml") == [
        ("Cluster", "componentSpecs[0] redis", 2, [("redis", "regular", half, half)], True),
        ("Cluster", "componentSpecs[1] redis-sentinel", 3, [("redis-sentinel", "regular", {}, fifth)], True),
        ("Cluster", "componentSpecs[2] stopped", 0, [("stopped", "regular", {}, {})], True),
        ("Cluster", "shardings[0] shard", 6, [("shard", "regular", one, one)], True),
    ]
    report = lint_report(capsys, str(tmp_path / "c.yaml"))
    # 0.2Gi is no whole number of bytes: the API server warns for the pod it is set on (the limit, and the request
    # defaulted from it); nothing claims a QoS class, and a component without resources keeps its definition's
    assert sorted((f["rule"], f["line"]) for f in report["findings"]) == [("PR120", 18), ("PR120", 18)]
    assert report["summary"]["pods"] == 4


def test_a_kubeblocks_component_definition_and_instanceset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ComponentDefinition's runtime is a preset (its containers take each Component's resources: no finding for the
    ones it leaves out); an InstanceSet's template makes spec.replicas pods (default 1), as written where spec.instances
    override it."""
    (tmp_path / "d.yaml").write_text(
        "apiVersion: apps.kubeblocks.io/v1\nkind: ComponentDefinition\nmetadata: {name: redis-7}\nspec:\n  runtime:\n"
        "    containers: [{name: redis, image: redis:7}, {name: metrics, image: exporter, resources: {limits: {cpu: 100m, memory: 128Mi}}}]\n"
        "---\napiVersion: workloads.kubeblocks.io/v1\nkind: InstanceSet\nmetadata: {name: i}\nspec:\n  template:\n"
        "    spec: {containers: [{name: c, image: x, resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 100m, memory: 64Mi}}}]}\n"
        "---\napiVersion: workloads.kubeblocks.io/v1\nkind: InstanceSet\nmetadata: {name: j}\nspec:\n  replicas: 3\n  template:\n"
        "    spec: {containers: [{name: c, image: x}]}\n  instances: [{name: big, replicas: 1, resources: {limits: {cpu: '2', memory: 4Gi}}}]\n"
    )
    small = {"cpu": "100m", "memory": "64Mi"}
    assert pods(tmp_path / "d.yaml") == [
        ("ComponentDefinition", None, None, [("redis", "regular", {}, {}), ("metrics", "regular", {}, {"cpu": "100m", "memory": "128Mi"})], True),
        ("InstanceSet", None, 1, [("c", "regular", small, small)], False),
        ("InstanceSet", None, 3, [("c", "regular", {}, {})], True),
    ]
    report = lint_report(capsys, str(tmp_path / "d.yaml"))
    assert [f["rule"] for f in report["findings"]] == []
