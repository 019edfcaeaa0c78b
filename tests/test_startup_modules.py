"""The modules the start-up fast paths import do not grow unnoticed.

``lint`` of one file (pre-commit) and ``explain`` of one pod must start
within the time of importing the CLI libraries (benchmarks/run.py); every
module imported on the way costs a little of it. The package's modules each
path imports are listed in tests/data/startup_modules.json: a new one fails
this test until it is added there, on purpose. Other libraries: PyYAML's C
parser only; rich only to paint colours.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LISTED = json.loads((ROOT / "tests" / "data" / "startup_modules.json").read_text(encoding="utf-8"))
POD = (
    "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n  - name: app\n    image: nginx\n"
    "    resources:\n      requests: {cpu: 100m, memory: 64Mi}\n      limits: {memory: 64Mi}\n"
)  # a pod no rule finds anything in: the rules' wording loads only for a finding
# explain's table (a pipe here; in colour below) lays itself out with no rich module (render/rich_parts.py)
LIBRARIES = {"lint pod.yaml": {"yaml"}, "explain pod.yaml": {"yaml"}, "explain -o wide pod.yaml": {"yaml"}, "explain -o json pod.yaml": {"yaml"}}
SITE = ("_distutils_hack", "sitecustomize", "usercustomize", "__editable__")  # what the environment's site adds
PROBES = {"org"}  # the standard library's copy looks for Jython's org.python.core (and does not find it)


def imported(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> set[str]:
    """Every module the command imports (python -X importtime, the real entry point); ``env``: added to the environment."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pod_resources_cli", *args], capture_output=True, text=True, cwd=cwd,
        env={**os.environ, **(env or {})},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:") and "|" in line} - {
        "imported package"
    }


@pytest.mark.parametrize("command", sorted(LIBRARIES))
def test_the_fast_paths_import_only_the_listed_modules(tmp_path: Path, command: str) -> None:
    (tmp_path / "pod.yaml").write_text(POD)
    names = imported(command.split(), tmp_path)
    own = {name.removeprefix("pod_resources_cli").removeprefix(".") for name in names if name.split(".")[0] == "pod_resources_cli"}
    assert "lint.engine" in own or "analysis.explain" in own  # the run did happen in this process
    new = sorted(own - set(LISTED[command]))
    assert not new, f"{command} now imports {new}: load them where they are used, or list them in tests/data/startup_modules.json"
    libraries = {name.split(".")[0] for name in names} - set(sys.stdlib_module_names) - {"pod_resources_cli"}
    libraries = {name for name in libraries if not name.startswith(SITE)} - PROBES
    assert libraries <= LIBRARIES[command], sorted(libraries - LIBRARIES[command])


# a colour terminal as rich's Console would see it (FORCE_COLOR: a terminal; TERM and COLORTERM: its colour system;
# NO_COLOR: attributes only): the table and -o wide are painted by render/rich_parts.py, still with no rich module
COLOUR_TERMINALS = [
    {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLORTERM": "truecolor"},
    {"FORCE_COLOR": "1", "TERM": "xterm"},
    {"FORCE_COLOR": "1", "TERM": "xterm-256color", "NO_COLOR": "1"},
]


@pytest.mark.parametrize("env", COLOUR_TERMINALS, ids=["truecolor", "standard", "no-color"])
@pytest.mark.parametrize("command", ["explain pod.yaml", "explain -o wide pod.yaml"])
def test_explain_in_colour_imports_no_rich_module(tmp_path: Path, command: str, env: dict[str, str]) -> None:
    (tmp_path / "pod.yaml").write_text(POD)
    names = imported(command.split(), tmp_path, {"COLORTERM": "", "NO_COLOR": "", "TTY_COMPATIBLE": "", **env})
    assert "pod_resources_cli.analysis.explain" in names  # the run did happen in this process
    assert not sorted(name for name in names if name.split(".")[0] == "rich")
    own = {name.removeprefix("pod_resources_cli").removeprefix(".") for name in names if name.split(".")[0] == "pod_resources_cli"}
    assert not sorted(own - set(LISTED[command]))


@pytest.mark.parametrize(
    ("command", "listed"),
    [("--color always explain pod.yaml", "explain pod.yaml"), ("--color=never lint pod.yaml", "lint pod.yaml"),
     ("--color never --color always explain -o wide pod.yaml", "explain -o wide pod.yaml")],
)  # fmt: skip
def test_the_global_color_option_keeps_the_fast_path(tmp_path: Path, command: str, listed: str) -> None:
    """``--color`` goes before the command (the application's one global option): typer is not loaded for it."""
    (tmp_path / "pod.yaml").write_text(POD)
    names = imported(command.split(), tmp_path)
    assert "typer" not in names and not sorted(name for name in names if name.split(".")[0] == "rich")
    own = {name.removeprefix("pod_resources_cli").removeprefix(".") for name in names if name.split(".")[0] == "pod_resources_cli"}
    assert not sorted(own - set(LISTED[listed]))


def test_a_color_the_application_refuses_is_its_usage_error(tmp_path: Path) -> None:
    (tmp_path / "pod.yaml").write_text(POD)
    done = subprocess.run([sys.executable, "-m", "pod_resources_cli", "--color", "purple", "explain", "pod.yaml"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2 and "--color" in done.stderr and "purple" in done.stderr
