"""Every module that mirrors upstream cites, in its docstring, the upstream
file and the release or commit it follows (issue 9, item 11).

A mirroring module is every module under ``pod_resources_cli/kube/`` (but the
package ``__init__`` files) and the modules of ``OTHER_MIRRORS``. Its docstring
must name an upstream source (a ``.go`` file, or a Go package path such as
``k8s.io/...``), a release (``v1.35``, ``v1.35.0``, ``Kubernetes 1.35``) or a
commit (7 to 40 hex digits after ``k/k``, ``@``, ``commit`` or a repository
name), and no opaque citation ("index id", "code index"). Any other module
whose docstring names a ``.go`` file must give a release or commit too; the
lint rule modules are left out, their docstrings are the rules' pages.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "pod_resources_cli"

OTHER_MIRRORS = (
    "cpuset.py",
    "quantity.py",
    "features.py",
    "model/decode/fields.py",
    "model/decode/kinds.py",
    "model/decode/node/compact.py",
    "model/decode/node/consistency.py",
    "model/decode/node/eviction.py",
    "model/decode/node/kubelet_config.py",
    "model/decode/node/machine_info.py",
    "model/decode/node/merge.py",
    "model/decode/node/node_object.py",
    "model/decode/node/reserved.py",
    "model/decode/node/values.py",
    "source/builder.py",
    "source/scalars.py",
    "source/sysfs.py",
)
EXEMPT_DIRS = ("lint/rules",)

GO_FILE = re.compile(r"[\w./-]*\w\.go\b")
GO_PACKAGE = re.compile(r"\b(?:k8s\.io|sigs\.k8s\.io|github\.com)/[\w.-]+")
RELEASE = re.compile(r"\bv1\.\d{1,2}(?:\.\d+)?\b|\bKubernetes\s+1\.\d{1,2}\b")
# A hex run with at least one digit, after "k/k", "@", "commit" or "owner/repo".
COMMIT = re.compile(r"(?:\bk/k\s+|@|\bcommit\s+|\b[\w.-]+/[\w.-]+\s+)(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b")
OPAQUE = re.compile(r"index\s+id|code\s+index", re.IGNORECASE)


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def mirroring_modules() -> list[Path]:
    kube = [p for p in (PACKAGE / "kube").rglob("*.py") if p.name != "__init__.py"]
    return sorted(set(kube) | {PACKAGE / name for name in OTHER_MIRRORS})


def docstring(path: Path) -> str:
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


def missing(doc: str, *, needs_source: bool = True) -> list[str]:
    """What a docstring lacks to cite upstream; empty when it cites it."""
    gaps = []
    if needs_source and not (GO_FILE.search(doc) or GO_PACKAGE.search(doc)):
        gaps.append("no upstream source (a .go file or a Go package path)")
    if not (RELEASE.search(doc) or COMMIT.search(doc)):
        gaps.append("no release (v1.NN[.N], Kubernetes 1.NN) or commit (7-40 hex after k/k, @, commit, owner/repo)")
    if OPAQUE.search(doc):
        gaps.append('an opaque citation ("index id" / "code index"): name the file and commit')
    return gaps


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        ("Mirrors pkg/kubelet/cm/helpers.go (k/k 0c4236dde840).", 0),
        ("Mirrors k8s.io/utils/cpuset (kubernetes/utils 6fe5fd82f078).", 0),
        ("Mirrors pkg/apis/core/v1/defaults.go as of v1.35.0.", 0),
        ("Mirrors quantity.go (Kubernetes 1.37).", 0),
        ("Mirrors helpers.go, read at @00f6e68e0a64.", 0),
        ("Mirrors helpers.go, read at commit 001332b0422071acf4860769f18e34b5e9b7c1bc.", 0),
        ("Mirrors helpers.go.", 1),
        ("Mirrors upstream as of v1.35.", 1),
        ("Exact rationals.", 2),
        ("Mirrors helpers.go (read through the code index).", 2),
        ("Mirrors helpers.go (k/k 0c4236dde840, index id 68507713496).", 1),
        ("Mirrors helpers.go (kubernetes/kubernetes deadbeefcafe... no: letters only).", 1),
    ],
)
def test_the_check_tells_a_citation_from_its_absence(doc: str, expected: int) -> None:
    assert len(missing(doc)) == expected, missing(doc)


def test_every_listed_mirror_exists() -> None:
    absent = [name for name in OTHER_MIRRORS if not (PACKAGE / name).is_file()]
    assert not absent, f"listed as mirroring upstream but not found: {absent}"


def test_every_mirroring_module_cites_its_upstream_file_and_version() -> None:
    offenders: dict[str, list[str]] = {}
    mirrors = mirroring_modules()
    for path in mirrors:
        gaps = missing(docstring(path))
        if gaps:
            offenders[_rel(path)] = gaps
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = _rel(path)
        if path in mirrors or rel.startswith(EXEMPT_DIRS):
            continue
        doc = docstring(path)
        if GO_FILE.search(doc):
            gaps = missing(doc, needs_source=False)
            if gaps:
                offenders[rel] = gaps
    report = "\n".join(f"  {name}: {'; '.join(gaps)}" for name, gaps in sorted(offenders.items()))
    if offenders:
        pytest.fail(f"{len(offenders)} module(s) do not cite upstream as required:\n{report}", pytrace=False)
