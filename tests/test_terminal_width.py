"""Every screen fits the terminal: COLUMNS (also when piped) bounds each line
of explain, admit and node show, the CPU map included (rows hold as many
cores as fit)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
NODE = str(ROOT / "examples" / "nodes" / "dual-socket-ht.yaml")
SCREENS = {
    "explain": ["explain", str(ROOT / "examples" / "pods" / "web-sidecar.yaml")],
    "admit": ["admit", "--node", NODE, str(ROOT / "examples" / "pods" / "postgres-guaranteed.yaml")],
    "node show": ["node", "show", NODE],
    "explain wide": ["explain", "-o", "wide", str(ROOT / "examples" / "pods")],
    "admit wide": ["admit", "-o", "wide", "--node", NODE, str(ROOT / "examples" / "pods" / "postgres-guaranteed.yaml")],
    "rules": ["rules"],
    "diff": ["diff", str(ROOT / "examples" / "pods"), "--from-version", "1.33", "--to-version", "1.34"],
    "diff wide": ["diff", str(ROOT / "examples" / "pods"), "--from-version", "1.33", "--to-version", "1.34", "-o", "wide"],
}


@pytest.mark.parametrize("columns", [60, 80, 120])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_no_line_is_wider_than_the_terminal(screen: str, columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    main(SCREENS[screen])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) >= 3  # something was printed (one pod of admit -o wide at 60 columns is a block of 3 lines)
    assert [line for line in lines if len(line) > columns] == []


def test_the_cpu_map_uses_a_wide_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    rows = {}
    for columns in (80, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        main(SCREENS["node show"])
        rows[columns] = [line for line in capsys.readouterr().out.splitlines() if "[  0*  20*]" in line][0].count("[")
    assert rows == {80: 6, 120: 8}
