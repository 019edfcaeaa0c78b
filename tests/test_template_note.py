"""A template that does not parse is skipped saying where its first ``{{ ... }}`` action is, not only what the YAML
parser said of it (source/yamldoc.py _placeholder_note)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
CERTSUITE = REAL / "redhat-best-practices-for-k8s__certsuite-sample-workload"


def _skipped(capsys: Any, path: Path) -> list[tuple[int, str, str]]:
    report = lint_report(capsys, "--show-skipped", str(path))
    assert report["findings"] == []
    return [(s["line"], s["reason"], s["note"]) for s in report["skipped"]]


def test_a_mustache_placeholder_is_named_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    """certsuite-sample-workload's CPU-pinning test pod: ``namespace: {{ CERTSUITE_EXAMPLE_NAMESPACE }}`` on line 6,
    filled in by the project's ``mo`` script before ``oc apply``; no pod is judged."""
    assert _skipped(capsys, CERTSUITE / "test-target__cpu-exclusive-pool-rt-sched-policy-pod.yaml") == [(
        6, "template",
        "an unrendered template: {{ CERTSUITE_EXAMPLE_NAMESPACE }} on line 6 is filled in before the file is applied "
        "(a mapping key must be a scalar, not a mapping or a list)",
    )]  # fmt: skip


def test_a_long_action_in_a_later_document_is_shortened(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The line is the file's, in the document that failed; an action over several lines is shown by its ends."""
    path = tmp_path / "t.yaml"
    path.write_text(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata:\n"
        "  name: {{ if .Values.x\n  }}p{{ end }}\nspec: {containers: [{name: c, image: i}]}\n"
    )
    skipped = [s for s in _skipped(capsys, path) if s[1] == "template"]
    assert [(line, note.split(" (")[0]) for line, _, note in skipped] == [
        (8, "an unrendered template: {{ ... }} on line 8 is filled in before the file is applied")]
