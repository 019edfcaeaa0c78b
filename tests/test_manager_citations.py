"""Every module of the resource managers names the upstream file it mirrors and the version.

Issue 9 item 11: a docstring cites the upstream path (pkg/kubelet/...) and a release
(``v1.NN``) or a commit (40 hex digits, or ``owner/repo@sha``); an opaque store index
("index id NNN") is no citation.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

KUBE = Path(__file__).resolve().parents[1] / "pod_resources_cli" / "kube"
MODULES = sorted(
    [*(KUBE / "cpumanager").glob("*.py"), *(KUBE / "memorymanager").glob("*.py"), *(KUBE / "topologymanager").glob("*.py"), *(KUBE / "devicemanager").glob("*.py")]
    + [KUBE / "topology.py", KUBE / "placement_why.py", KUBE / "hint_providers.py"]
)
VERSION = re.compile(r"\bv1\.\d+|\b[0-9a-f]{40}\b|@[0-9a-f]{7,40}\b")


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(KUBE)))
def test_module_cites_its_upstream_file_and_version(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    text = " ".join(doc.split())
    assert "pkg/kubelet/" in text, f"{path.name}: no upstream path"
    assert VERSION.search(text), f"{path.name}: no release or commit"
    assert "index id" not in text.lower(), f"{path.name}: opaque store index"
    assert re.search(r"\bid \d{6,}", text) is None, f"{path.name}: opaque store index"


def test_every_manager_module_is_checked() -> None:
    assert len(MODULES) >= 30
