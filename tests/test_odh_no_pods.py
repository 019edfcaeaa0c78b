"""The Open Data Hub dashboard's AcceleratorProfile carries no pods (no_pods.py): counted with the objects without
pods, not among the custom objects searched in vain (project-codeflare/codeflare-operator's contrib configuration)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

PROFILE = Path(__file__).parent / "data" / "real" / "project-codeflare__codeflare-operator" / "contrib__configuration__accelerator-profile.yaml"


def test_an_accelerator_profile_is_an_object_without_pods(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--no-config", "--show-skipped", "-o", "json", str(PROFILE)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert [(s["reason"], s["kind"]) for s in report["skipped"]] == [("no-pods", "AcceleratorProfile")]
