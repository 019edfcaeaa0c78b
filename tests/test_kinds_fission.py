"""Fission Environments (model/decode/kinds_fission.py) on Fission's own spec files (tests/data/real/fission__fission,
provenance in SOURCES.tsv): the pool manager's warm pool and the builder manager's builder, each with the fetcher
(fission/fission @920a4df07086 pkg/executor/executortype/poolmgr/gp_deployment.go genDeploymentSpec, pkg/buildermgr/
environment_reconciler.go genBuilderDeployment, pkg/executor/util/merge.go MergeContainer/MergePodSpec)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.test_operator_kinds import REAL, pods

ENV = "fission__fission/test__integration__testdata__nodejs__"
FETCHER = ("fetcher", {"cpu": "10m", "memory": "16Mi"}, {})


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # version 1: getEnvPoolSize's 3 whatever poolsize says; runtime.podspec's container of the env's name merged into
        # the runtime container, yanode and the init container added; the fetcher with the chart's 10m/16Mi requests;
        # no builder at version 1
        (f"{ENV}spec_merge__specs__env-nodep.yaml", [
            ("Environment", "pool", 3, [("nodep", {}, {}), ("yanode", {}, {}), FETCHER], True)]),
        # version 2 with builder.image: the pool (3) and one builder pod
        (f"{ENV}spec_archive__specs__env-node.yaml", [
            ("Environment", "pool", 3, [("dummyfoobarnode", {}, {}), FETCHER], True),
            ("Environment", "builder", 1, [("builder", {}, {}), FETCHER], True)]),
    ],
)  # fmt: skip
def test_a_fission_environment_is_its_pool_and_builder(name: str, expected: list[object]) -> None:
    assert pods(name) == expected


def test_a_fission_environments_spec_lints_as_its_pool(capsys: pytest.CaptureFixture[str]) -> None:
    """nodep's runtime and yanode containers ask nothing (PR138); the fetcher, with the chart's default configuration,
    has no memory limit (PR132); the init container init-node is kept (no QoS as fact: as written)."""
    report = lint_report(capsys, str(REAL / f"{ENV}spec_merge__specs__env-nodep.yaml"))
    got = sorted((f["rule"], f["message"].split("'")[1]) for f in report["findings"])
    assert got == [("PR132", "fetcher"), ("PR138", "nodep"), ("PR138", "yanode")]
    assert report["summary"]["pods"] == 1


def _env(tmp_path: Path, spec: str) -> Path:
    path = tmp_path / "env.yaml"
    path.write_text("apiVersion: fission.io/v1\nkind: Environment\nmetadata: {name: py, namespace: fission}\nspec:\n" + spec, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        # spec.resources, then runtime.container's (renaming it runtime), then runtime.podspec's runtime, key by key;
        # podspec's fetcher over the configuration's; the builder takes builder.container's only (not spec.resources)
        ("  version: 3\n  poolsize: 2\n  resources: {requests: {cpu: 100m, memory: 128Mi}, limits: {cpu: '1', memory: 512Mi}}\n"
         "  runtime:\n    image: python-env\n    container: {name: runtime, resources: {limits: {memory: 256Mi}}}\n"
         "    podspec:\n      containers:\n      - {name: runtime, resources: {requests: {cpu: 200m}}}\n"
         "      - {name: fetcher, resources: {limits: {memory: 64Mi}}}\n"
         "  builder: {image: python-builder, container: {resources: {requests: {cpu: 500m, memory: 1Gi}}}}\n", [
            ("pool", 2, [("runtime", {"cpu": "200m", "memory": "128Mi"}, {"cpu": "1", "memory": "256Mi"}),
                         ("fetcher", {"cpu": "10m", "memory": "16Mi"}, {"memory": "64Mi"})]),
            ("builder", 1, [("builder", {"cpu": "500m", "memory": "1Gi"}, {}), FETCHER])]),
        # version 3 without poolsize: 0 warm pods (the CRD has no default); infinite functions a container: 1
        ("  version: 3\n  runtime: {image: python-env}\n", [("pool", 0, [("py", {}, {}), FETCHER])]),
        ("  version: 3\n  allowedFunctionsPerContainer: infinite\n  runtime: {image: python-env}\n", [("pool", 1, [("py", {}, {}), FETCHER])]),
        # no version (Go's 0): below 3, so 3; a builder image at version 1 makes no builder
        ("  runtime: {image: python-env}\n", [("pool", 3, [("py", {}, {}), FETCHER])]),
        ("  version: 1\n  runtime: {image: python-env}\n  builder: {image: b}\n", [("pool", 3, [("py", {}, {}), FETCHER])]),
    ],
)  # fmt: skip
def test_a_fission_environments_merges_and_pool_size(tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, expected: list[object]) -> None:
    main(["explain", "-o", "json", str(_env(tmp_path, spec))])
    got = [(p["workload"]["template"], p["workload"]["replicas"], [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == expected


def test_a_fission_environment_with_a_bad_quantity_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The API server refuses a quantity the CRD's pattern does not match: an error at the field, no traceback."""
    report = lint_report(capsys, str(_env(tmp_path, "  version: 3\n  poolsize: 1\n  resources: {limits: {memory: lots}}\n  runtime: {image: x}\n")))
    assert [(f["rule"], f["line"]) for f in report["findings"] if f["severity"] == "error"] == [("PR002", 7)]


def test_a_fission_environments_resources_that_are_no_object_are_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.resources is a ResourceRequirements: a list is refused by the API server, reported at the field."""
    report = lint_report(capsys, str(_env(tmp_path, "  version: 3\n  poolsize: 1\n  resources: [1]\n  runtime: {image: x}\n")))
    assert [(f["rule"], f["line"], f["message"]) for f in report["findings"] if f["severity"] == "error"] == [
        ("PR002", 7, "must be an object, not a list")
    ]
