"""`lint` and `explain -o json` over every file of the shared corpus of real
manifests (../shared/corpus next to the repository), without an internal
error: Helm templates and other invalid YAML are findings, nothing crashes.
A fresh clone has no ../shared: the test then says it skipped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
NODES = ROOT / "examples" / "nodes"

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS} (a fresh clone has no ../shared)")


def _manifests() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml", ".json"))


@pytest.mark.parametrize("node", [None, "dual-socket-ht.yaml"])
def test_lint_processes_the_whole_corpus(node: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["lint", "--no-config", str(CORPUS), "--format", "json"]
    if node is not None:
        args += ["--node", str(NODES / node)]
    code = main(args)
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    assert "internal error" not in err and "Traceback" not in err
    report = json.loads(out)
    assert report["summary"]["files"] == len(_manifests())
    assert report["summary"]["objects"] > 100
    assert report["summary"]["byRule"].get("PR005", 0) > 0  # plain files that repeat a key are in there, and reported


def test_explain_processes_the_whole_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["explain", str(CORPUS), "-o", "json"])
    out, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err
    assert code in (0, 1, 2)
    report = json.loads(out)
    assert report["kind"] == "ExplainReport" and len(report["pods"]) > 100


def test_each_file_alone_lints_without_an_internal_error() -> None:
    """One file at a time, every rule selected: a failure names the file."""
    from pod_resources_cli.run.lint import lint_paths
    from pod_resources_cli.lint.config import LintConfig
    from pod_resources_cli.lint.registry import all_rules
    from tests.lint_support import gates

    config = LintConfig(select=frozenset(r.code for r in all_rules()))
    bad: list[str] = []
    for path in _manifests():
        try:
            lint_paths([str(path)], config, gates())
        except Exception as exc:  # noqa: BLE001 - the point is to name any failure
            bad.append(f"{path.relative_to(CORPUS)}: {type(exc).__name__}: {exc}")
    assert not bad, "\n".join(bad[:20])
