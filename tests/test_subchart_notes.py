"""A chart's subcharts (under its ``charts/``) render with it: without helm, one note for the chart helm
renders, counting its subcharts' templates, and pointing at that chart (not one note per subchart, each
telling to lint a subchart that helm would render without its parent's values). Real files:
Orange-OpenSource/towards5gs-helm's free5gc umbrella chart with two of its subcharts (AMF, NRF)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.cli import main

CHARTS = Path(__file__).parent / "data" / "real" / "helm" / "Orange-OpenSource__towards5gs-helm" / "charts"
FREE5GC = CHARTS / "free5gc"


@pytest.fixture(autouse=True)
def no_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("COLUMNS", "400")


def _lint(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    assert main(["lint", "--no-config", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return out.splitlines()


def test_one_note_for_the_umbrella_chart_with_its_subcharts_templates(capsys: pytest.CaptureFixture[str]) -> None:
    out = _lint(capsys, CHARTS)
    assert out == [
        f"{FREE5GC}: Helm chart not rendered (helm is not on PATH); 3 templates (with those of 2 subcharts) skipped. "
        f"Lint it with `pod-resources lint {FREE5GC}` (helm on PATH) or `helm template {FREE5GC} | pod-resources lint -`.",
        "No Kubernetes objects in 8 files; skipped 3 unrendered templates, 5 chart values or data files.",
    ]


def test_a_subchart_linted_alone_is_its_own_chart(capsys: pytest.CaptureFixture[str]) -> None:
    amf = FREE5GC / "charts" / "free5gc-amf"
    out = _lint(capsys, amf)
    assert out[0].startswith(f"{amf}: Helm chart not rendered (helm is not on PATH); 2 templates skipped.")
    assert out[-1] == "No Kubernetes objects in 4 files; skipped 2 unrendered templates, 2 chart values or data files."
