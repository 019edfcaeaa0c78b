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


def imported(args: list[str], cwd: Path) -> set[str]:
    """Top-level packages a command imports, from -X importtime."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "pod_resources_cli", *args],
                          capture_output=True, text=True, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    names: set[str] = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            module = line.rsplit("|", 1)[1].strip()
            names.add(module.split(".")[0])
    return names


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
