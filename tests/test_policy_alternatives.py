"""One policy object written in several places (lint/scope.py alternatives,
docs/policies.md): a cluster holds one LimitRange or ResourceQuota of a
(namespace, name), so several definitions of it are alternatives, never
applied together. On real files (tests/data/real, SOURCES.tsv):
knative/infra @cddef0b5c857 keeps one ``test-pods/limit-range`` per Prow
cluster (prow/cluster/build, prow/cluster/control-plane, prow/cluster/trusted),
each with other defaults. Each meets the plain files of its own directory;
before, all three met every object of namespace test-pods, and the build
cluster's (read first) filled in the defaults of the control-plane's pods.

Found linting christianh814/gitops-examples @54ec4b15b312 (no licence: no
file copied): storageops/storage and storageops/storage-dymanic each write
ResourceQuota pricelist/pricelist-quota beside their own copy of the
pricelist app, and pricelist-bare, pricelist-ingress, secretlist and an
ApplicationSet's app are further copies of it; every copy's pods were counted
against both quotas (10 PR162: "pods=33 but ... allows 10", the same
Deployment pricelist counted once per copy) and the quota-less copies got 40
PR163. Now 0 errors there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.lint.namespace import NamespacePolicies
from pod_resources_cli.lint.scope import Origin
from pod_resources_cli.quantity import parse_quantity
from pod_resources_cli.source.yamldoc import Document, load_documents

KNATIVE = Path(__file__).parent / "data" / "real" / "knative__infra"
CLUSTERS = {  # the Prow cluster's directory upstream -> its copy
    "build": KNATIVE / "prow__cluster__build__200-limitrange.yaml",
    "control-plane": KNATIVE / "prow__cluster__control-plane__200-limitrange.yaml",
    "trusted": KNATIVE / "prow__cluster__trusted__limitrange.yaml",
}
# A test pod as Prow runs them (namespace test-pods), its container without resources: the LimitRange fills them in.
POD = """apiVersion: v1
kind: Pod
metadata: {name: %s, namespace: test-pods}
spec:
  containers:
  - name: test
    image: gcr.io/knative-tests/test-infra/prow-tests:stable
"""


def _tree(root: Path) -> Path:
    """The three LimitRanges where knative/infra keeps them, each with a test pod beside it."""
    for cluster, copy in CLUSTERS.items():
        directory = root / "prow" / "cluster" / cluster
        directory.mkdir(parents=True)
        shutil.copy(copy, directory / copy.name.rpartition("__")[2])
        (directory / "pod.yaml").write_text(POD % f"{cluster}-test")
    return root


def _explain(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code = main(["explain", "-o", "json", *args])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in err, err
    report: dict[str, Any] = json.loads(out)
    return report


def _by_name(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["workload"]["name"]: p for p in report["pods"]}


def test_each_clusters_limit_range_fills_in_the_pods_beside_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    pods = _by_name(_explain(capsys, str(root)))
    # build: default cpu 4000m, memory 8Gi; defaultRequest cpu 2000m, memory 4Gi
    assert pods["build-test"]["requests"] == {"cpu": "2", "memory": "4Gi"}
    assert pods["build-test"]["limits"] == {"cpu": "4", "memory": "8Gi"}
    # control-plane: defaultRequest cpu 2000m, memory 8Gi; default memory 10Gi (no cpu limit: was build's 4)
    assert pods["control-plane-test"]["requests"] == {"cpu": "2", "memory": "8Gi"}
    assert pods["control-plane-test"]["limits"] == {"memory": "10Gi"}
    # trusted: defaultRequest cpu 100m only
    assert pods["trusted-test"]["requests"] == {"cpu": "100m"}
    assert pods["trusted-test"]["limits"] == {}
    assert pods["trusted-test"]["qosClass"] == "Burstable"


def test_a_note_names_the_object_and_where_each_applies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    code = main(["lint", "--no-config", "-o", "json", str(root)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    notes = [n for n in json.loads(out)["summary"]["notes"] if "LimitRange test-pods/limit-range" in n]
    assert len(notes) == 1 and "a cluster holds one of them" in notes[0]
    assert all(f"prow/cluster/{cluster}" in notes[0] for cluster in CLUSTERS)
    assert code in (0, 1)


def test_namespace_scope_applies_every_definition_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path)
    pods = _by_name(_explain(capsys, "--policy-scope", "namespace", str(root)))
    # every pod of test-pods meets all three; the build cluster's, read first, fills in its defaults
    assert {p["requests"]["memory"] for p in pods.values()} == {"4Gi"}


def _docs(path: Path) -> list[Document]:
    return [d for d in load_documents(str(path), path.read_bytes()) if isinstance(d, Document)]


def test_beside_each_other_each_meets_its_own_file_only() -> None:
    """The copies side by side (one directory, as tests/data/real keeps them): each meets its own file only,
    and nothing elsewhere in test-pods (the Prow jobs of other repositories under tests/data/real)."""
    policies = NamespacePolicies()
    for copy in CLUSTERS.values():
        policies.add_documents(_docs(copy))
    directory = str(KNATIVE.resolve())
    for cluster, copy in CLUSTERS.items():
        found = policies.limit_ranges_for("test-pods", Origin(None, directory, str(copy.resolve())))
        assert len(found) == 1 and found[0].name == "limit-range", cluster
    build = policies.limit_ranges_for("test-pods", Origin(None, directory, str(CLUSTERS["build"].resolve())))[0]
    assert build.items[0].default == {"cpu": parse_quantity("4000m"), "memory": parse_quantity("8Gi")}
    assert policies.limit_ranges_for("test-pods", Origin(None, directory, str(KNATIVE / "other.yaml"))) == ()
    assert policies.limit_ranges_for("test-pods", Origin(None, str(KNATIVE.parent / "kubernetes-sigs__prow"))) == ()
    assert policies.limit_ranges_for("test-pods", Origin("charts/x (helm template)", None)) == ()
