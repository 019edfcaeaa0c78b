"""The layers import only downwards (see README "Code layout")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "pod_resources_cli"
THIRD_PARTY_UI = {"ruamel", "rich", "typer", "click", "yaml", "jsonschema"}
PROJECT = "pod_resources_cli"

# package -> project packages it must not import
FORBIDDEN: dict[str, set[str]] = {
    "model": {"kube", "analysis", "lint", "render", "cli", "source", "pipeline"},
    "kube": {"analysis", "lint", "render", "cli", "source", "pipeline"},
    "analysis": {"lint", "render", "cli", "source", "pipeline"},
    "lint": {"render", "cli", "source"},
    "render": {"cli", "source", "pipeline"},
    "source": {"kube", "analysis", "lint", "render", "cli"},
}
PURE = {"model", "kube", "analysis", "quantity", "location", "features", "kubelet_gates", "errors", "cpuset"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_respect_layers(path: Path) -> None:
    rel = path.relative_to(PACKAGE)
    top = rel.parts[0].removesuffix(".py")
    bad: list[str] = []
    for name in _imports(path):
        root = name.split(".")[0]
        if top in PURE and root in THIRD_PARTY_UI:
            bad.append(name)
        if root == PROJECT and len(name.split(".")) > 1:
            target = name.split(".")[1]
            if target in FORBIDDEN.get(top, set()):
                bad.append(name)
    assert not bad, f"{rel} imports {sorted(bad)} across a layer boundary"


def test_the_layer_test_sees_a_violation(tmp_path: Path) -> None:
    """The checker itself must be able to fail."""
    bad = tmp_path / "bad.py"
    bad.write_text("import rich\nfrom pod_resources_cli.cli import main\n")
    assert {"rich", "pod_resources_cli.cli"} <= _imports(bad)
