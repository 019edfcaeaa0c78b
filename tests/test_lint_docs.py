"""The rule table of docs/lint.md, its lint usage section, docs/ci.md and
docs/rules/ agree with the rule catalog. Regenerate them with
``POD_RESOURCES_UPDATE_DOCS=1 python -m pytest tests/test_lint_docs.py``."""

from __future__ import annotations

import os
from pathlib import Path

from pod_resources_cli.lint.registry import all_rules
from pod_resources_cli.render.rule_docs import TABLE_END, TABLE_START, rules_table, render_rule, replace_rules_block

ROOT = Path(__file__).resolve().parents[1]
LINT_PAGE = ROOT / "docs" / "lint.md"
CI_PAGE = ROOT / "docs" / "ci.md"
DOCS = ROOT / "docs" / "rules"
UPDATE = os.environ.get("POD_RESOURCES_UPDATE_DOCS") == "1"


def _index() -> str:
    lines = ["# Lint rules", "", "One page per rule of `pod-resources lint` (also `pod-resources rules CODE`).", ""]
    lines += [f"- [{r.code} {r.name}]({r.code}.md): {r.summary}" for r in all_rules()]
    return "\n".join(lines) + "\n"


def _check(path: Path, expected: str) -> None:
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(expected, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == expected, f"{path} is stale: run POD_RESOURCES_UPDATE_DOCS=1 pytest {__file__}"


def test_the_lint_pages_rule_table_matches_the_catalog() -> None:
    text = LINT_PAGE.read_text(encoding="utf-8")
    _check(LINT_PAGE, replace_rules_block(text, all_rules()))
    block = text[text.index(TABLE_START) : text.index(TABLE_END)]
    for rule in all_rules():
        assert f"| {rule.code} | `{rule.name}` |" in block


def test_the_lint_page_documents_lint_usage() -> None:
    text = LINT_PAGE.read_text(encoding="utf-8")
    start, end = text.index("<!-- lint-usage:start -->"), text.index("<!-- lint-usage:end -->")
    assert start < end < text.index(TABLE_START)  # the rule table follows the usage
    usage = text[start:end]
    for needle in ("--fail-on", "--select", "pod-resources.io/ignore", "--baseline", "--new-from-rev", "--add-ignore", "--upgrade-to", "helm template", "kustomize build"):
        assert needle in usage


def test_the_ci_page_documents_lint_in_precommit_and_ci() -> None:
    text = CI_PAGE.read_text(encoding="utf-8")
    for needle in ("pod-resources-lint", "upload-sarif", "-o junit", "-o gitlab", "codequality:", "action.yml", "-o github", "--stdin-filename"):
        assert needle in text


def test_rule_pages_match_the_catalog() -> None:
    _check(DOCS / "README.md", _index())
    for rule in all_rules():
        _check(DOCS / f"{rule.code}.md", render_rule(rule))
    pages = {p.stem for p in DOCS.glob("PR*.md")}
    assert pages == {r.code for r in all_rules()}, "a page without a rule (or the reverse)"


def test_table_has_one_row_per_rule() -> None:
    rows = [line for line in rules_table(all_rules()).splitlines() if line.startswith("| PR")]
    assert len(rows) == len(all_rules())
