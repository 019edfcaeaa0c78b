"""Text from the input never drives a terminal, forges a CI command or breaks
an XML document: every medium goes through render/safe_text.py, checked here
at every place input text is printed (names, paths, messages, values)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.render.safe_text import github_data, github_property, printable, xml_text

ROOT = Path(__file__).resolve().parent.parent
# ESC clear-screen, an OSC 8 hyperlink, CR, a right-to-left override, a zero-width space, a NUL
HOSTILE = "a\x1b[2J\x1b]8;;http://evil.example\x07link\rX\u202eY\u200bZ\x00"
RAW = ("\x1b", "\r", "\u202e", "\u200b", "\x00", "\x07")


def clean(text: str) -> bool:
    return not any(c in text for c in RAW)


def test_each_medium() -> None:
    assert printable(HOSTILE) == "a\\x1b[2J\\x1b]8;;http://evil.example\\x07link\\x0dX\\u202eY\\u200bZ\\x00"
    assert printable("line\u2028break\u2029para") == "line\\u2028break\\u2029para"  # Unicode's separators break lines too
    assert github_data("50%\nx") == "50%25%0Ax" and github_property("a:b,c") == "a%3Ab%2Cc"
    assert xml_text("line\nnext\ttab\x01\ufffe") == "line\nnext\ttab\\x01\\ufffe"
    ET.fromstring(f"<a b='{xml_text(HOSTILE)}'>{xml_text(HOSTILE)}</a>".replace("&", "&amp;"))


POD = """\
apiVersion: v1
kind: Pod
metadata: {{name: "{name}"}}
spec:
  containers:
  - name: "{name}"
    resources: {{requests: {{cpu: "2"}}, limits: {{cpu: "1"}}}}
"""
YAML_NAME = "a\\e[2J\\e]8;;http://evil.example\\alink\\rX\\u202eY\\u200bZ\\0"  # YAML escapes for HOSTILE


@pytest.fixture
def hostile_pod(tmp_path: Path) -> Path:
    path = tmp_path / "pod.yaml"
    path.write_text(POD.format(name=YAML_NAME), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_lint_lines_are_printable(hostile_pod: Path, fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", "--no-config", "--format", fmt, str(hostile_pod)]) == 1
    out = capsys.readouterr().out
    assert "PR002" in out and clean(out)  # the API server refuses the name: its value is quoted in the message, escaped


def test_junit_and_sarif_and_json_stay_well_formed(hostile_pod: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["lint", "--no-config", "--format", "junit", str(hostile_pod)])
    root = ET.fromstring(capsys.readouterr().out)  # raises if not well-formed
    assert "\\x1b" in "".join(root.itertext()) + "".join(str(e.attrib) for e in root.iter())
    main(["lint", "--no-config", "--format", "json", str(hostile_pod)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"][0]["object"]["name"] == HOSTILE  # JSON keeps the value, escaped by the encoder
    main(["lint", "--no-config", "--format", "sarif", str(hostile_pod)])
    json.loads(capsys.readouterr().out)


def test_explain_and_admit_tables_are_printable(hostile_pod: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", str(hostile_pod)])
    out, err = capsys.readouterr()
    assert clean(out) and clean(err)
    main(["admit", "--node", str(ROOT / "examples" / "nodes" / "laptop.yaml"), str(hostile_pod)])
    out, err = capsys.readouterr()
    assert clean(out) and clean(err)


def test_a_file_name_cannot_forge_a_workflow_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    evil = tmp_path / "evil\n::error file=x::forged.yaml"
    evil.write_text(POD.format(name="web"), encoding="utf-8")
    for fmt in ("github", "text"):
        main(["lint", "--no-config", "--format", fmt, str(tmp_path)])
        out = capsys.readouterr().out
        assert not any(line.startswith("::error file=x") for line in out.splitlines()), out


@pytest.mark.parametrize(
    ("text", "code", "word"),
    [
        ("apiVersion: v1\nkind: Pod\nmetadata: !x%1B[2J {name: a}\n", 2, "error:"),  # a tag, percent-encoded escape
        # a repeated key (a plain file: kubectl apply -f keeps the last value, a warning)
        ('apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec: {containers: [{name: c, resources: {limits: {"cpu\\e[2J": 1, "cpu\\e[2J": 2}}}]}\n',
         0, "warning:"),
    ],
)
def test_error_messages_on_stderr_are_printable(tmp_path: Path, text: str, code: int, word: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["explain", str(path)]) == code
    err = capsys.readouterr().err
    assert word in err and clean(err)


def test_a_config_path_with_controls_is_printed_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "cfg.yaml").write_text('node: "nodes/\\e[2Jx.yaml"\n', encoding="utf-8")
    (tmp_path / "pod.yaml").write_text(POD.format(name="web"), encoding="utf-8")
    assert main(["lint", "--config", str(tmp_path / "cfg.yaml"), str(tmp_path / "pod.yaml")]) == 2
    err = capsys.readouterr().err
    assert "\\x1b[2Jx.yaml" in err and clean(err)


def test_node_show_and_svg_with_a_hostile_node_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = (ROOT / "examples" / "nodes" / "laptop.yaml").read_text(encoding="utf-8")
    import re

    node = re.sub(r"(?m)^name: .*$", lambda _: f'name: "{YAML_NAME}"', node, count=1)
    (tmp_path / "node.yaml").write_text(node, encoding="utf-8")
    svg = tmp_path / "node.svg"
    assert main(["node", "show", str(tmp_path / "node.yaml"), "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "\\x1b[2J" in out and clean(out)
    ET.fromstring(svg.read_text(encoding="utf-8"))  # well-formed
