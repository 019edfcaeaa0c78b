"""Linting every file of examples/ gives the findings its comments promise.

A `# expect: PR101 PR120` comment promises those findings on its own line
(a code twice: two findings). `# lint-node: PATH` (relative to the file)
lints the file with that node description. Files under examples/lint/ and
files with at least one `expect` comment must give exactly what they
promise; the other examples (explain's) must at least give no unpromised
error, and every promised finding.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.finding import Severity
from tests.lint_support import lint_text

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EXPECT = re.compile(r"#\s*expect:\s*(?P<codes>[A-Z0-9 ,]+?)\s*$")
NODE = re.compile(r"^#\s*lint-node:\s*(?P<path>\S+)\s*$", re.MULTILINE)


def _files() -> list[Path]:
    return sorted(p for p in EXAMPLES.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file())


def _promised(text: str) -> Counter[tuple[int, str]]:
    out: Counter[tuple[int, str]] = Counter()
    for number, line in enumerate(text.splitlines(), start=1):
        match = EXPECT.search(line)
        if match:
            for code in re.split(r"[\s,]+", match.group("codes").strip()):
                out[(number, code)] += 1
    return out


def test_there_are_lint_examples_for_every_area() -> None:
    codes = {code for p in (EXAMPLES / "lint").glob("*.yaml") for _, code in _promised(p.read_text(encoding="utf-8"))}
    assert {c[2] for c in codes} >= {"0", "1", "2", "4", "5"}


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_example_gives_the_promised_findings(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    promised = _promised(text)
    node = None
    match = NODE.search(text)
    if match:
        from pod_resources_cli.source.node_file import load_node

        node = load_node(str((path.parent / match.group("path")).resolve()))
    result = lint_text(text, path=str(path.relative_to(EXAMPLES)), config=LintConfig(), node=node)
    found = Counter((f.location.line, f.rule) for f in result.findings)
    strict = bool(promised) or path.parent.name == "lint"
    detail = "\n".join(f"{f.location.line}: {f.rule} {f.message}" for f in result.findings)
    if strict:
        assert found == promised, detail
    else:
        errors = Counter((f.location.line, f.rule) for f in result.findings if f.severity is Severity.ERROR)
        assert not (errors - promised), detail
        assert not (promised - found), detail
