"""Output does not depend on --jobs: every command and format prints the same
bytes (and exits alike) in one process and over worker processes, on the
examples, the real manifests of tests/data/real and the shared corpus
(../shared/corpus, when it is there), and with more workers than documents.

The pool starts only for inputs over run/parallel.SMALL bytes: the tests
lower that bound so that the workers run on these inputs, and check they did.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.run import parallel, pool

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
REAL = ROOT / "tests" / "data" / "real"
CORPUS = ROOT.parent / "shared" / "corpus"
NODE = EXAMPLES / "nodes" / "dual-socket-ht.yaml"
POLICIES = """\
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: team}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 256Mi}
    defaultRequest: {cpu: 100m, memory: 64Mi}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: quota, namespace: team}
spec:
  hard: {requests.cpu: "1", pods: "2"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: broken, namespace: team}
spec:
  limits:
  - type: Container
    min: {cpu: "2"}
    max: {cpu: "1"}
"""
POD = "apiVersion: v1\nkind: Pod\nmetadata: {{name: p{i}, namespace: team}}\nspec:\n  containers:\n  - name: app\n    image: nginx\n"

LINT_FORMATS = ["text", "json", "sarif", "github", "junit", "gitlab"]
EXPLAIN_FORMATS = ["table", "wide", "json", "yaml"]
ADMIT_FORMATS = ["table", "wide", "json", "yaml", "svg"]
DIFF_FORMATS = ["table", "wide", "json"]


def _stable(text: str) -> str:
    """JUnit's time attributes are the run's own measurements."""
    import re

    return re.sub(r'time="[0-9.]+"', 'time="T"', text)


def _run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str | None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    code = main(args)
    out, err = capsys.readouterr()
    return code, _stable(out), err


@pytest.fixture
def pooled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Workers start whatever the input's size; counts the pools started."""
    started: list[int] = []
    run_ordered = pool.run_ordered

    def counting(*args: object, **kwargs: object) -> object:
        started.append(1)
        return run_ordered(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parallel, "SMALL", 0)
    monkeypatch.setattr(pool, "run_ordered", counting)
    return started


def same_for_any_jobs(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, started: list[int], stdin: str | None = None,
    *, workers: bool = True,
) -> tuple[int, str, str]:
    """``workers``: whether the workers must have run (lint reads standard input in one process)."""
    one = _run([*args, "--jobs", "1"], capsys, monkeypatch, stdin)
    assert not started
    many = _run([*args, "--jobs", "2"], capsys, monkeypatch, stdin)
    if workers and parallel.resolve_jobs(2) > 1 and parallel.can_fork():
        assert started, "the workers never ran"
    assert many == one
    return one


@pytest.mark.parametrize("fmt", LINT_FORMATS)
@pytest.mark.parametrize("inputs", [[EXAMPLES], [REAL, EXAMPLES / "pods" / "web-sidecar.yaml"]], ids=["examples", "real"])
def test_lint(fmt: str, inputs: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    code, out, _ = same_for_any_jobs(["lint", "--no-config", "-o", fmt, *map(str, inputs)], capsys, monkeypatch, pooled)
    assert code in (0, 1) and out


@pytest.mark.parametrize("fmt", EXPLAIN_FORMATS)
@pytest.mark.parametrize("inputs", [[EXAMPLES / "pods", EXAMPLES / "kep2570"], [REAL]], ids=["examples", "real"])
def test_explain(fmt: str, inputs: list[Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    code, out, _ = same_for_any_jobs(["explain", "-o", fmt, *map(str, inputs)], capsys, monkeypatch, pooled)
    assert code == 0 and out


@pytest.mark.parametrize("fmt", ADMIT_FORMATS)
def test_admit(fmt: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    code, out, _ = same_for_any_jobs(["admit", "--node", str(NODE), "-o", fmt, str(EXAMPLES / "pods")], capsys, monkeypatch, pooled)
    assert code == 0 and out


@pytest.mark.parametrize("fmt", DIFF_FORMATS)
def test_diff(fmt: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    args = ["diff", "-o", fmt, "--from-version", "1.33", "--to-version", "1.37", str(EXAMPLES), str(REAL)]
    code, out, _ = same_for_any_jobs(args, capsys, monkeypatch, pooled)
    assert code in (0, 2) and out


@pytest.mark.parametrize("command", [["explain", "-o", "json"], ["admit", "--node", str(NODE), "-o", "json"], ["diff", "-o", "json", "--to-version", "1.33"], ["lint", "--no-config", "-o", "json"]])
def test_policies_met_on_standard_input(command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    """A LimitRange on standard input applies to the pods after it, whichever worker judges them."""
    stream = "---\n".join([POD.format(i=0), POLICIES, *(POD.format(i=i) for i in range(1, 40))])
    code, out, err = same_for_any_jobs([*command, "-"], capsys, monkeypatch, pooled, stdin=stream, workers=command[0] != "lint")
    assert out and ("broken" in err or command[0] in ("lint",))


def test_more_workers_than_documents(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    (tmp_path / "pod.yaml").write_text(POD.format(i=1))
    for command in (["lint", "--no-config", "-o", "json"], ["explain", "-o", "json"], ["explain"]):
        pooled.clear()
        code, out, _ = same_for_any_jobs([*command, str(tmp_path / "pod.yaml")], capsys, monkeypatch, pooled)
        assert out


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS} (a fresh clone has no ../shared)")
@pytest.mark.parametrize("command", [["lint", "--no-config", "-o", "json"], ["lint", "--no-config", "-o", "text"], ["explain", "-o", "json"], ["explain", "-o", "wide"]])
def test_the_shared_corpus(command: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pooled: list[int]) -> None:
    render = ["--no-render"] if command[0] == "lint" else []  # helm and kustomize, when installed, are not what is compared
    code, out, _ = same_for_any_jobs([*command, *render, str(CORPUS)], capsys, monkeypatch, pooled)
    assert out
