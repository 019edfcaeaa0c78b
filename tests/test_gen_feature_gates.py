"""scripts/gen_feature_gates.py on real spec snippets (tests/data/real/kubernetes__feature_specs,
excerpts of the files at v1.27.0, v1.36.2 and k/k ead35706 with their lines verbatim):
the script reads a git directory laid out as kubernetes/kubernetes, tag by tag."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "tests" / "data" / "real" / "kubernetes__feature_specs"
FEATUREGATE = "staging/src/k8s.io/component-base/featuregate/feature_gate.go"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_feature_gates", ROOT / "scripts" / "gen_feature_gates.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_feature_gates"] = module
    spec.loader.exec_module(module)
    return module


gen = _script()


def _git(repo: Path, *args: str) -> None:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t", "HOME": str(repo)}
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, env=env)


@pytest.fixture(scope="module")
def gitdir(tmp_path_factory: pytest.TempPathFactory) -> str:
    """v1.27.0 and v1.36.2 tagged, and 'dev' (ead35706's lines with v1.36.2's featuregate)."""
    repo = tmp_path_factory.mktemp("kubernetes")
    _git(repo, "init", "-q")
    for name, sources in (("v1.27.0", ["v1.27.0"]), ("v1.36.2", ["v1.36.2"]), ("dev", ["ead35706"])):
        for child in repo.iterdir():
            if child.name != ".git":
                shutil.rmtree(child)
        for source in sources:
            shutil.copytree(SNIPPETS / source, repo, dirs_exist_ok=True)
        if name == "dev":
            (repo / FEATUREGATE).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(SNIPPETS / "v1.36.2" / FEATUREGATE, repo / FEATUREGATE)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-qm", name)
        _git(repo, "tag", name)
    return str(repo / ".git")


@pytest.fixture(scope="module")
def data(gitdir: str) -> dict[str, object]:
    refs = ["1.27=v1.27.0", "1.36=v1.36.2", "1.37=dev@kubernetes/kubernetes@ead35706", "1.38=dev@kubernetes/kubernetes@ead35706"]
    return gen.generate(gitdir, refs, {"1.38"})  # type: ignore[no-any-return]


def _runs(data: dict[str, object], gate: str) -> list[list[object]]:
    gates = data["gates"]
    assert isinstance(gates, dict)
    return gates[gate]  # type: ignore[no-any-return]


def test_unversioned_specs_of_a_tag(data: dict[str, object]) -> None:
    # v1.27.0: CPUCFSQuotaPeriod: {Default: false, PreRelease: featuregate.Alpha} (named CustomCPUCFSQuotaPeriod),
    # TopologyManager: {Default: true, PreRelease: featuregate.GA, LockToDefault: true}
    assert _runs(data, "CustomCPUCFSQuotaPeriod")[0] == [27, 27, "alpha", False, False, "1.12", [], "kas"]
    assert _runs(data, "TopologyManager") == [[27, 27, "GA", True, True, None, [], "kas"]]  # gone by v1.36.2: removed
    # a relisted apiserver gate and the apiserver's own registration: every component
    assert _runs(data, "APIListChunking") == [[27, 27, "beta", True, False, None, [], "kas"]]


def test_versioned_specs_and_their_since(data: dict[str, object]) -> None:
    # v1.36.2: InPlacePodVerticalScaling {1.27 alpha}, {1.33 beta on}, {1.35 GA on, LockToDefault}; the
    # 1.27 run takes "since" from the versioned history read later
    assert _runs(data, "InPlacePodVerticalScaling") == [
        [27, 27, "alpha", False, False, "1.27", [], "kas"],
        [36, 36, "GA", True, True, "1.35", [], "kas"],  # the 'dev' excerpt does not have it
    ]
    assert _runs(data, "CustomCPUCFSQuotaPeriod")[1] == [36, 36, "GA", True, False, "1.36", [], "kas"]


def test_dependencies_keep_upstreams_order(data: dict[str, object]) -> None:
    assert _runs(data, "InPlacePodLevelResourcesVerticalScaling") == [
        [36, 36, "beta", True, False, "1.36", ["InPlacePodVerticalScaling", "PodLevelResources", "NodeDeclaredFeatures"], "kas"],
    ]
    # constants resolved through another package (schedulerfeatures.CompositePodGroup)
    assert _runs(data, "CompositePodGroup") == [[37, 38, "alpha", False, False, "1.37", ["GenericWorkload", "TopologyAwareWorkloadScheduling"], "kas"]]


def test_min_compatibility_version(data: dict[str, object]) -> None:
    # {1.37 beta off}, {1.37 beta on, MinCompatibilityVersion 1.37}: a 1.37 binary's minimum
    # compatibility is 1.36, so the second entry applies from 1.38 only
    assert _runs(data, "DRAFractionalCapacityRange") == [
        [37, 37, "beta", False, False, "1.37", ["DRAConsumableCapacity"], "kas"],
        [38, 38, "beta", True, False, "1.37", ["DRAConsumableCapacity"], "kas"],
    ]


def test_special_gates_and_error_texts(data: dict[str, object]) -> None:
    assert _runs(data, "AllAlpha") == [[27, 27, "alpha", False, False, None, [], "kas"], [36, 38, "alpha", False, False, None, [], "kas"]]
    releases = {r["version"]: r for r in data["releases"]}  # type: ignore[attr-defined]
    assert releases["1.27"]["errors"] == {
        "unknown": "unrecognized feature gate: %s",
        "locked": "cannot set feature gate %v to %v, feature is locked to %v",
        "locks": "first",  # return fmt.Errorf(...)
        "dependency": None,
    }
    assert releases["1.36"]["errors"]["locks"] == "all"  # errs = append(errs, ...); continue
    assert releases["1.36"]["errors"]["dependency"] == "%s is enabled, but depends on features that are disabled: %v"
    assert [r["prerelease"] for r in data["releases"]] == [False, False, False, True]  # type: ignore[attr-defined]
    assert releases["1.37"]["sources"][0].startswith("kubernetes/kubernetes@ead35706: pkg/features")


def test_the_output_is_deterministic_and_read_back(data: dict[str, object], gitdir: str, tmp_path: Path) -> None:
    out = tmp_path / "gates.tsv"
    args = [gitdir, "--ref", "1.27=v1.27.0", "--ref", "1.36=v1.36.2", "-o", str(out)]
    assert gen.main(args) == 0
    first = out.read_bytes()
    assert gen.main(args) == 0
    assert out.read_bytes() == first
    lines = first.decode().splitlines()
    assert "gate\tInPlacePodVerticalScaling\t36\t36\tGA\t1\t1\t1.35\t-\tkas" in lines
    assert [line.split("\t")[1:3] for line in lines if line.startswith("release")] == [["1.27", "0"], ["1.36", "0"]]


def test_go_comments_and_strings() -> None:
    text = 'a := "x // y" // gone\nb := `raw /* kept */` /* gone */ c'
    assert gen.strip_comments(text) == 'a := "x // y" \nb := `raw /* kept */`  c'
    assert gen.split_top("A: {x, y}, B: {z},") == ["A: {x, y}", "B: {z}"]
