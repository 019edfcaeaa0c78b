"""Property-based fuzzing with adversarial text: the loader, the node decoder
and every lint renderer. Bounded (example counts, no deadline; derandomized
in CI by conftest's profile, `HYPOTHESIS_PROFILE=explore` to hunt)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pod_resources_cli.errors import PodResourcesError
from pod_resources_cli.lint.finding import Finding, ObjectRef, Severity
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.model.items import Summary
from pod_resources_cli.location import Location
from pod_resources_cli.render.lint_format import LintFormat, render_lint
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

# Characters that attack terminals, logs and XML, among ordinary ones.
HOSTILE_CHARS = st.sampled_from(list("\x00\x07\x08\t\n\r\x1b\x7f\x85\x9b\u200b\u202e\u2066\ufeff\ufffe\ud800:,%<>&\"'[]{}!*-# \\/") + ["é", "界"])
TEXT = st.text(st.one_of(HOSTILE_CHARS, st.characters()), max_size=40)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
UNSAFE_IN_LINES = ("\x1b", "\r", "\x00", "\x07", "\u202e", "\u200b", "\x9b")


@FUZZ
@given(st.binary(max_size=400))
def test_the_loader_never_raises_on_bytes(data: bytes) -> None:
    lines = data.count(b"\n") + 2
    for item in load_documents("f.yaml", data, Limits(max_depth=50, max_aliases=100)):
        assert isinstance(item, (Document, ParseFailure))
        if isinstance(item, ParseFailure):
            assert 1 <= item.location.line <= lines and item.message


@FUZZ
@given(st.lists(st.sampled_from(["a: ", "- ", "[", "]", "{", "}", "&x ", "*x", "!t ", "<<: ", "? ", "'", '"', "\n", "  ", "---\n", "1", ","]), max_size=60))
def test_the_loader_never_raises_on_yaml_shapes(parts: list[str]) -> None:
    for item in load_documents("f.yaml", "".join(parts).encode(), Limits(max_depth=20, max_aliases=50)):
        assert isinstance(item, (Document, ParseFailure))


NODE_KEYS = st.sampled_from(["name", "sockets", "numaNodesPerSocket", "coresPerSocket", "threadsPerCore", "memoryPerNumaNode", "kubelet", "reservedSystemCPUs", "cpuManagerPolicy"])
NODE_VALUES = st.one_of(st.integers(-3, 70000), TEXT, st.none(), st.booleans(), st.lists(st.integers(-1, 9), max_size=3))


@FUZZ
@given(st.dictionaries(NODE_KEYS, NODE_VALUES, max_size=6))
def test_the_node_decoder_refuses_or_accepts_never_crashes(tmp_path_factory: object, fields: dict[str, object]) -> None:
    from pod_resources_cli.source.node_file import load_node

    doc = {"apiVersion": "pod-resources/v1", "kind": "NodeProfile", **fields}
    path = Path(str(getattr(tmp_path_factory, "mktemp")("node"))) / "node.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        load_node(str(path))
    except PodResourcesError as exc:
        assert str(exc)


def _result(texts: list[str]) -> LintResult:
    findings = [
        Finding("PR101", "request-exceeds-limit", Severity.ERROR, f"message {t}", Location(f"dir/{t}.yaml", i + 1, 1),
                ObjectRef("Pod", t or "x", t or None, t or None), f"spec.{t}", t or None)  # fmt: skip
        for i, t in enumerate(texts)
    ]
    summary = Summary(files=len(texts), objects=len(texts), pods=len(texts), by_severity=Counter({"error": len(texts)}),
                      notes=[f"note {t}" for t in texts])  # fmt: skip
    return LintResult(findings, [], summary, Severity.ERROR, ("PR101",), [])


@FUZZ
@given(st.lists(TEXT, min_size=1, max_size=4))
def test_every_renderer_keeps_hostile_text_in_its_place(texts: list[str]) -> None:
    result = _result(texts)
    for fmt in (LintFormat.TEXT, LintFormat.GITHUB):
        out = render_lint(result, fmt)
        assert not any(c in out for c in UNSAFE_IN_LINES), fmt
        if fmt is LintFormat.GITHUB:
            commands = [line for line in out.splitlines() if line.startswith("::")]
            assert len(commands) == len(texts)  # nothing forged, nothing lost
    ET.fromstring(render_lint(result, LintFormat.JUNIT))
    report = json.loads(render_lint(result, LintFormat.JSON))
    assert [f["container"] for f in report["findings"]] == [f.container for f in result.findings]
    sarif = json.loads(render_lint(result, LintFormat.SARIF))
    assert len(sarif["runs"][0]["results"]) == len(texts)
