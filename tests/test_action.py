"""The GitHub Action (action.yml): its steps' scripts run here as the runner
runs them, with the INPUT_* variables action.yml passes and a GITHUB_OUTPUT
file, against this checkout's `pod-resources`."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft4Validator

ROOT = Path(__file__).resolve().parents[1]
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="the action's steps run in bash")

BAD = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: "2", memory: 256Mi}
      limits: {cpu: "1", memory: 256Mi}
"""
GOOD = BAD.replace('cpu: "2"', 'cpu: "1"')


def _action() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _bin() -> str:
    found = Path(sys.executable).parent / "pod-resources"
    return str(found) if found.exists() else shutil.which("pod-resources") or "pod-resources"


def run_lint_step(tmp_path: Path, **inputs: str) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    """lint.sh with the step's environment; returns the process and its outputs."""
    output = tmp_path / "github_output"
    output.write_text("")
    summary = tmp_path / "step_summary"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({f"INPUT_{k.upper()}": v for k, v in inputs.items()})
    env.update(GITHUB_OUTPUT=str(output), GITHUB_STEP_SUMMARY=str(summary), POD_RESOURCES=_bin(), ACTION_PATH=str(ROOT))
    proc = subprocess.run(
        [BASH or "bash", str(ROOT / "action" / "lint.sh")], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines() if "=" in line)
    return proc, outputs


def test_action_yml_is_a_composite_action_whose_inputs_and_scripts_exist() -> None:
    action = _action()
    assert action["runs"]["using"] == "composite"
    inputs = set(action["inputs"])
    assert {"paths", "node", "config", "fail-on", "format"} <= inputs
    text = (ROOT / "action.yml").read_text(encoding="utf-8")
    used = set(re.findall(r"inputs\.([a-z-]+)", text))
    assert used <= inputs, used - inputs
    assert inputs - {"python"} <= used | {"python"}
    scripts = re.findall(r'"\$ACTION_PATH/(action/[a-z_]+\.sh)"', text)
    assert scripts == ["action/install.sh", "action/lint.sh"]
    for script in scripts:
        body = (ROOT / script).read_text(encoding="utf-8")
        step_env = next(s["env"] for s in action["runs"]["steps"] if script in s.get("run", ""))
        for name in set(re.findall(r"\$\{?(INPUT_[A-Z_]+)", body)):
            assert name in step_env, f"{script} reads {name}, which its step does not set"
    upload = next(s for s in action["runs"]["steps"] if "upload-sarif" in s.get("uses", ""))
    assert "always()" in upload["if"]  # the report is uploaded when lint found something


def test_sarif_is_written_and_the_exit_code_waits_for_the_upload(tmp_path: Path) -> None:
    (tmp_path / "k8s").mkdir()
    (tmp_path / "k8s" / "web pod.yaml").write_text(BAD)
    proc, outputs = run_lint_step(tmp_path, paths="k8s", format="sarif", output="out.sarif")
    assert proc.returncode == 0, proc.stderr
    assert outputs == {"exit-code": "1", "report": "out.sarif"}
    doc = json.loads((tmp_path / "out.sarif").read_text())
    schema = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    assert not list(Draft4Validator(schema).iter_errors(doc))
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in doc["runs"][0]["results"]}
    assert uris == {"k8s/web%20pod.yaml"}
    assert "findings at or above" in (tmp_path / "step_summary").read_text()


def test_paths_one_a_line_keep_their_spaces_and_github_format_annotates(tmp_path: Path) -> None:
    (tmp_path / "a dir").mkdir()
    (tmp_path / "a dir" / "pod.yaml").write_text(BAD)
    (tmp_path / "ok.yaml").write_text(GOOD)
    proc, outputs = run_lint_step(tmp_path, paths="a dir\nok.yaml\n", format="github", **{"fail_on": "error"})
    assert proc.returncode == 0
    assert outputs == {"exit-code": "1", "report": ""}
    assert "::error file=a dir/pod.yaml,line=9,col=" in proc.stdout
    assert "ok.yaml" not in proc.stdout.replace("2 files", "")


def test_a_clean_repository_exits_0_and_a_bad_node_exits_2_without_a_report(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text(GOOD)
    _, outputs = run_lint_step(tmp_path, paths="ok.yaml", format="gitlab", output="cq.json")
    assert outputs == {"exit-code": "0", "report": "cq.json"}
    assert json.loads((tmp_path / "cq.json").read_text()) == []
    (tmp_path / "out.sarif").unlink(missing_ok=True)
    proc, outputs = run_lint_step(tmp_path, paths="ok.yaml", node="missing-node.yaml", format="sarif", output="out.sarif")
    assert outputs == {"exit-code": "2", "report": ""}
    assert "missing-node.yaml" in proc.stderr


def test_extra_args_reach_lint(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text(GOOD)
    _, outputs = run_lint_step(tmp_path, paths="ok.yaml", format="text", args="--fail-on sometimes")
    assert outputs["exit-code"] == "2"
    _, outputs = run_lint_step(tmp_path, paths="ok.yaml", format="text", args="--extend-select PR135 --fail-on info")
    assert outputs["exit-code"] == "1"  # PR135 (no ephemeral-storage request), an info finding


def test_install_step_refuses_an_old_python(tmp_path: Path) -> None:
    old = tmp_path / "python3.10"
    old.write_text("#!/bin/sh\nexit 1\n")
    old.chmod(0o755)
    env = dict(os.environ, INPUT_PYTHON=str(old), ACTION_PATH=str(ROOT), RUNNER_TEMP=str(tmp_path))
    proc = subprocess.run([BASH or "bash", str(ROOT / "action" / "install.sh")], env=env, capture_output=True, text=True)
    assert proc.returncode == 2
    assert "older than Python 3.11" in proc.stdout and not (tmp_path / "pod-resources-venv").exists()
