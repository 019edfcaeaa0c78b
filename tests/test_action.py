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
    return proc, github_outputs(output.read_text())


def github_outputs(text: str) -> dict[str, str]:
    """$GITHUB_OUTPUT as the runner reads it: `name=value` lines and
    `name<<DELIMITER` blocks (actions/runner, SetOutputFileCommand). A name
    met twice is an error here: the second would override the first."""
    out: dict[str, str] = {}
    lines = iter(text.splitlines())
    for line in lines:
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            value = []
            for body in lines:
                if body == delimiter:
                    break
                value.append(body)
            else:
                raise AssertionError(f"{name}: no closing {delimiter}")
            text_value = "\n".join(value)
        elif "=" in line:
            name, text_value = line.split("=", 1)
        else:
            raise AssertionError(f"not an output line: {line!r}")
        assert name not in out, f"{name} written twice"
        out[name] = text_value
    return out


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


def test_a_newline_in_an_input_cannot_write_an_output_of_its_own(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text(GOOD)
    proc, outputs = run_lint_step(tmp_path, paths="ok.yaml", format="sarif", output="x.sarif\nexit-code=0")
    assert outputs == {"exit-code": "2", "report": ""}
    assert "the output input must be one line" in proc.stdout
    for name, value in (("node", "n.yaml\nexit-code=0"), ("config", "c.yaml\rx"), ("fail_on", "none\nexit-code=0"), ("format", "json\nx")):
        _, outputs = run_lint_step(tmp_path, paths="ok.yaml", **{name: value})
        assert outputs == {"exit-code": "2", "report": ""}, name


def test_outputs_use_a_delimiter_no_report_name_can_close(tmp_path: Path) -> None:
    (tmp_path / "ok.yaml").write_text(GOOD)
    proc, outputs = run_lint_step(tmp_path, paths="ok.yaml", format="json", output="r<<EOF.json")
    assert outputs == {"exit-code": "0", "report": "r<<EOF.json"}, proc.stderr
    raw = (tmp_path / "github_output").read_text()
    delimiter = raw.splitlines()[0].split("<<", 1)[1]
    assert delimiter.startswith("pod-resources-") and len(delimiter) == len("pod-resources-") + 32


def _checkout_with_shadowing_packages(tmp_path: Path, canary: Path) -> Path:
    """A pull request's checkout holding `venv/` and `pip/` packages that
    write a canary file when imported."""
    checkout = tmp_path / "checkout"
    for name in ("venv", "pip"):
        package = checkout / name
        package.mkdir(parents=True)
        hijack = f"open({str(canary)!r}, 'a').write({name!r} + '\\n')\n"
        (package / "__init__.py").write_text(hijack)
        (package / "__main__.py").write_text(hijack)
    return checkout


def test_python_dash_m_in_the_checkout_runs_its_packages_and_dash_capital_i_does_not(tmp_path: Path) -> None:
    """The attack, shown with the real interpreter, and the defence the install step uses."""
    canary = tmp_path / "canary"
    checkout = _checkout_with_shadowing_packages(tmp_path, canary)
    subprocess.run([sys.executable, "-m", "venv", "--help"], cwd=checkout, capture_output=True, check=False)
    assert canary.read_text().startswith("venv\n")  # without -I the checkout's venv/ ran
    canary.unlink()
    done = subprocess.run([sys.executable, "-I", "-m", "venv", "--help"], cwd=checkout, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "usage" in done.stdout and not canary.exists()


def test_the_install_step_runs_python_isolated_from_the_action_directory(tmp_path: Path) -> None:
    """install.sh, started in a hostile checkout, with a python that records
    how it is called (and makes a stand-in venv): every call is isolated
    (-I) and runs in the action's own directory."""
    canary = tmp_path / "canary"
    checkout = _checkout_with_shadowing_packages(tmp_path, canary)
    calls = tmp_path / "calls"
    recorder = tmp_path / "python3"
    recorder.write_text(
        "#!/bin/sh\n"
        f'printf "%s|%s\\n" "$PWD" "$*" >> {calls}\n'
        'if [ "$2" = "-m" ] && [ "$3" = "venv" ]; then\n'
        '  mkdir -p "$5/bin"; cp "$0" "$5/bin/python"\n'
        '  printf "#!/bin/sh\\necho pod-resources 0\\n" > "$5/bin/pod-resources"; chmod +x "$5/bin/pod-resources"\n'
        "fi\n"
        "exit 0\n"
    )
    recorder.chmod(0o755)
    env = dict(os.environ, INPUT_PYTHON=str(recorder), ACTION_PATH=str(ROOT), RUNNER_TEMP=str(tmp_path))
    proc = subprocess.run([BASH or "bash", str(ROOT / "action" / "install.sh")], cwd=checkout, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    recorded = [line.split("|", 1) for line in calls.read_text().splitlines()]
    assert len(recorded) == 3  # the version check, the venv, pip
    for cwd, argv in recorded:
        assert cwd == str(ROOT), cwd
        assert argv.split()[0] == "-I", argv
    assert recorded[2][1].split()[:4] == ["-I", "-m", "pip", "install"]
    assert not canary.exists()


def test_baseline_and_new_from_rev_reach_lint_and_an_option_like_revision_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pod.yaml").write_text(BAD)
    _, outputs = run_lint_step(tmp_path, paths="pod.yaml", format="text")
    assert outputs["exit-code"] == "1"
    run_lint_step(tmp_path, paths="pod.yaml", format="text", args="--write-baseline base.json")
    assert (tmp_path / "base.json").exists()
    _, outputs = run_lint_step(tmp_path, paths="pod.yaml", format="text", baseline="base.json")
    assert outputs["exit-code"] == "0"  # every finding is in the baseline
    proc, outputs = run_lint_step(tmp_path, paths="pod.yaml", format="text", new_from_rev="--output=/tmp/x")
    assert outputs == {"exit-code": "2", "report": ""} and "new-from-rev must be a git revision" in proc.stdout
    proc, outputs = run_lint_step(tmp_path, paths="pod.yaml", format="text", new_from_rev="HEAD\nexit-code=0")
    assert outputs == {"exit-code": "2", "report": ""}
