"""--color auto|always|never (NO_COLOR and FORCE_COLOR honoured by auto) and
shell completion (`pod-resources completion SHELL`), as modern CLIs have them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

POD = Path(__file__).resolve().parents[1] / "examples" / "pods" / "web-sidecar.yaml"


def explain(capsys: pytest.CaptureFixture[str], *options: str) -> str:
    assert main([*options, "explain", str(POD)]) == 0
    return capsys.readouterr().out


def test_color_always_and_never(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert "\x1b[" in explain(capsys, "--color", "always")
    never = explain(capsys, "--color", "never")
    assert "\x1b[" not in never and "Deployment web" in never
    assert "\x1b[" not in explain(capsys)  # auto, and the output is not a terminal
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in explain(capsys, "--color", "auto")
    assert "\x1b[" not in explain(capsys, "--color", "never")  # the option wins over the environment


def _complete(words: str, cword: int) -> list[str]:
    env = {**os.environ, "_POD_RESOURCES_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    proc = subprocess.run([sys.executable, "-m", "pod_resources_cli"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_completion_scripts_and_answers(capsys: pytest.CaptureFixture[str]) -> None:
    for shell, marker in (("bash", "complete -o default -F _pod_resources_completion pod-resources"), ("zsh", "#compdef pod-resources"), ("fish", "complete --command pod-resources")):
        assert main(["completion", shell]) == 0
        assert marker in capsys.readouterr().out
    assert main(["completion", "tcsh"]) == 2
    assert _complete("pod-resources ex", 1) == ["explain"]
    assert "--upgrade-to" in _complete("pod-resources lint --upg", 2)
