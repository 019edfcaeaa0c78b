"""Names from manifests never reach a terminal or CI log raw (render/safe_text.py)."""

from __future__ import annotations

import json

from pod_resources_cli.render.safe_text import printable
from tests.lint_support import lint_text

EVIL = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: \"evil\\e[2J\\u202e\\rX\"\nspec:\n  containers:\n  - name: \"c\\e]0;t\\a\\nx\"\n    resources: {requests: {cpu: 1}, limits: {cpu: 2}}\n"
UNSAFE = ("\x1b", "\r", "\x07", "\u202e")


def test_printable_escapes_controls_and_bidi_only() -> None:
    assert printable("web-1 Ä ✓") == "web-1 Ä ✓"
    assert printable("a\x1b[2J\r\n\t\u202eb\x85") == "a\\x1b[2J\\x0d\\x0a\\x09\\u202eb\\x85"


def test_lint_text_and_github_show_names_escaped() -> None:
    from pod_resources_cli.render.lint_github import render_github
    from pod_resources_cli.render.lint_text import render_text

    result = lint_text(EVIL)
    assert result.findings
    for out in (render_text(result), render_github(result)):
        assert not any(ch in out for ch in UNSAFE), out
        assert "evil\\x1b[2J" in out
    assert len(render_text(result).splitlines()) == 1 + len(result.findings) + 2  # one line per finding


def test_json_keeps_the_real_name() -> None:
    from pod_resources_cli.render.lint_json import render_json

    data = json.loads(render_json(lint_text(EVIL)))
    assert {f["object"]["name"] for f in data["findings"] if f.get("object")} == {"evil\x1b[2J\u202e\rX"}
