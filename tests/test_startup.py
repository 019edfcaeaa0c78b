"""Lean start-up: the common paths never import the heavy libraries.

``lint`` runs on every commit in pre-commit, so its start-up is most of its
run time on one file. The module sets are read from ``python -X importtime``
of the real command (a set assert, never a timing assert): JSON Schema
validation, round-trip YAML and rich rendering load only where they are used.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POD = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {memory: 64Mi}
"""


def imported_modules(args: list[str], cwd: Path) -> set[str]:
    """Every module a command imports, from -X importtime."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "pod_resources_cli", *args],
                          capture_output=True, text=True, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    names: set[str] = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            names.add(line.rsplit("|", 1)[1].strip())
    return names


def imported(args: list[str], cwd: Path) -> set[str]:
    """Top-level packages a command imports, from -X importtime."""
    return {module.split(".")[0] for module in imported_modules(args, cwd)}


@pytest.mark.parametrize(
    ("args", "never"),
    [
        (["lint"], {"jsonschema", "ruamel", "rich"}),
        (["lint", "--format", "json"], {"jsonschema", "ruamel", "rich"}),
        (["lint", "--format", "github"], {"jsonschema", "ruamel", "rich"}),
        (["explain", "-o", "json"], {"jsonschema", "ruamel", "rich"}),
        (["explain"], {"jsonschema", "ruamel"}),
    ],
    ids=["lint-text", "lint-json", "lint-github", "explain-json", "explain-table"],
)
def test_heavy_modules_stay_unloaded(tmp_path: Path, args: list[str], never: set[str]) -> None:
    (tmp_path / "pod.yaml").write_text(POD)
    names = imported([*args, "pod.yaml"], tmp_path)
    assert "pod_resources_cli" in names and "yaml" in names  # the parse of -X importtime works
    assert not names & never, sorted(names & never)


@pytest.mark.parametrize(
    "args",
    [
        ["lint", "pod.yaml"],
        ["lint", "--format", "json", "pod.yaml", "bad.yaml"],
        ["lint", "--format=github", "--fail-on", "warning", "."],
        ["lint", "--select", "PR132", "--select", "PR101,PR001", "-j", "1", "pod.yaml", "bad.yaml"],
        ["lint", "--ignore=PR132", "--no-config", "-n", "prod", "--", "pod.yaml"],
        ["lint", "--fail-on", "none", "--format", "sarif", "bad.yaml"],
        ["explain", "pod.yaml"],
        ["explain", "-o", "json", "pod.yaml", "bad.yaml"],
        ["explain", "--output=wide", "-v", "-j", "1", "-n", "prod", "--", "pod.yaml"],
        ["explain", "-f", "pod.yaml", "--kubernetes-version", "1.33", "--feature-gates", "PodLevelResources=false", "-o", "yaml"],
    ],
)
def test_the_fast_path_answers_like_the_application(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    from pod_resources_cli.cli import fast
    from pod_resources_cli.cli.app import build_app

    (tmp_path / "pod.yaml").write_text(POD)
    (tmp_path / "bad.yaml").write_text("a: [\n")
    monkeypatch.chdir(tmp_path)
    code = fast.run(args)
    quick = capsys.readouterr()
    result = build_app()(args=args, prog_name="pod-resources", standalone_mode=False)  # as cli.main runs it
    full_code = result if isinstance(result, int) else 0
    full = capsys.readouterr()
    assert code == full_code and code in (0, 1)
    assert (quick.out, quick.err) == (full.out, full.err) and quick.out


@pytest.mark.parametrize(
    "args",
    [["lint", "--help"], ["lint", "--frobnicate", "x"], ["lint", "--format", "xml", "p.yaml"], ["lint", "--jobs", "-1"],
     ["lint", "--node"], ["lint", "-j=2"], ["explain", "--help"], ["explain", "-o", "svg", "p.yaml"], ["explain", "-vj2", "p.yaml"],
     ["admit", "--node", "n.yaml", "p.yaml"], ["rules"], []],
)
def test_anything_else_goes_to_the_application(args: list[str]) -> None:
    from pod_resources_cli.cli import fast

    assert fast.run(args) is None


def test_lint_never_builds_the_typer_application(tmp_path: Path) -> None:
    (tmp_path / "pod.yaml").write_text(POD)
    names = imported(["lint", "pod.yaml"], tmp_path)
    assert "pydantic" not in names  # typer builds pydantic validators for the whole app


# Loaded only when the input needs them: the node model and the kubelet's
# pieces with --node, the namespace policies when a LimitRange or
# ResourceQuota is in the input, JSON for a document that is JSON but not YAML.
NODE_MODULES = {
    "pod_resources_cli.model.node",
    "pod_resources_cli.kube.allocatable",
    "pod_resources_cli.model.decode.node.eviction",
}
POLICY_MODULES = {
    "pod_resources_cli.model.policy",
    "pod_resources_cli.model.decode.policy",
    "pod_resources_cli.kube.limitranger",
    "pod_resources_cli.kube.resourcequota",
}
RARE_STDLIB = {"json", "fractions"}


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_a_plain_pod_loads_neither_node_nor_policy_code(tmp_path: Path, fmt: str) -> None:
    (tmp_path / "pod.yaml").write_text(POD)
    names = imported_modules(["lint", "--format", fmt, "pod.yaml"], tmp_path)
    assert "pod_resources_cli.lint.context" in names  # the rules did run
    lazy = NODE_MODULES | POLICY_MODULES | RARE_STDLIB
    assert not names & lazy, sorted(names & lazy)


def test_a_limit_range_loads_the_policy_code(tmp_path: Path) -> None:
    limit_range = "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr}\nspec:\n  limits:\n  - type: Container\n    max: {cpu: 1}\n"
    (tmp_path / "pod.yaml").write_text(limit_range + "---\n" + POD)
    names = imported_modules(["lint", "pod.yaml"], tmp_path)
    assert POLICY_MODULES - {"pod_resources_cli.kube.resourcequota"} <= names
    assert not names & NODE_MODULES, sorted(names & NODE_MODULES)
