"""The layers import only downwards (docs/development.md, "Code layout"), checked on the real
import graph by import-linter (grimp): relative imports, imports inside
functions, imports made only for type checking and indirect chains all count.
The contracts are in pyproject.toml ([tool.importlinter]).

The graph is read from the source, so what it cannot see is forbidden
instead: a directory of modules without ``__init__.py`` (a namespace
package grimp does not walk) and imports by name at run time
(``importlib.import_module``, ``__import__``).
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pod_resources_cli"
PYPROJECT = ROOT / "pyproject.toml"


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter over the package found at ``root``, with the project's contracts."""
    code = (
        "import sys\n"
        "from importlinter.cli import lint_imports\n"
        f"sys.exit(lint_imports(config_filename={str(PYPROJECT)!r}, no_cache=True))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_the_layer_contracts_hold_on_the_real_import_graph() -> None:
    done = _lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 kept, 0 broken" in done.stdout


@pytest.fixture(scope="module")
def broken_copies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with violations the old line-by-line check missed."""
    root = tmp_path_factory.mktemp("layers")
    shutil.copytree(PACKAGE, root / "pod_resources_cli", ignore=shutil.ignore_patterns("__pycache__", "data"))
    kube = root / "pod_resources_cli" / "kube"
    # 1. a relative import from kube/ up into the command line
    (kube / "names.py").write_text((kube / "names.py").read_text() + "\nfrom ..cli import console as _c  # noqa\n")
    # 2. an indirect one: model/ -> a module of its own -> render/ (each step looks harmless alone)
    model = root / "pod_resources_cli" / "model"
    (model / "leak.py").write_text("def f() -> None:\n    from pod_resources_cli.render import safe_text  # noqa\n")
    (model / "pod.py").write_text((model / "pod.py").read_text() + "\nfrom . import leak as _leak  # noqa\n")
    # 3. a computation that words its own provenance
    (kube / "qos.py").write_text((kube / "qos.py").read_text() + "\nfrom pod_resources_cli.why_words import words as _w  # noqa\n")
    return root


def test_the_contracts_catch_relative_and_indirect_imports(broken_copies: Path) -> None:
    done = _lint_imports(broken_copies)
    assert done.returncode == 1
    out = done.stdout
    assert "pod_resources_cli.kube.names -> pod_resources_cli.cli.console" in out
    assert "pod_resources_cli.model.leak -> pod_resources_cli.render.safe_text" in out
    assert "Contracts: 0 kept, 4 broken." in out
    assert "pod_resources_cli.kube is not allowed to import pod_resources_cli.why_words" in out
    # indirect: analysis/ reaches the terminal library through kube/names.py and cli/console.py
    assert "pod_resources_cli.analysis is not allowed to import rich" in out
    assert "pod_resources_cli.cli.console -> rich" in out


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_every_directory_of_modules_is_a_package() -> None:
    """grimp walks packages: a directory without __init__.py would drop out
    of the graph and of every contract, silently (lint/ once did)."""
    bare = sorted(
        str(d.relative_to(PACKAGE)) for d in {p.parent for p in _modules()} if not (d / "__init__.py").exists()
    )
    assert not bare


def _dynamic_imports(tree: ast.AST) -> list[int]:
    lines: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if (isinstance(f, ast.Attribute) and f.attr == "import_module") or (
                isinstance(f, ast.Name) and f.id in ("__import__", "import_module")
            ):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_by_name_at_run_time(path: Path) -> None:
    """The static graph is the whole graph only if nothing is imported by a
    string: importlib.import_module or __import__ would hide an edge."""
    found = _dynamic_imports(ast.parse(path.read_text(encoding="utf-8")))
    assert not found, f"{path.relative_to(PACKAGE)}: dynamic import at lines {found}"


def test_the_dynamic_import_check_can_fail() -> None:
    tree = ast.parse("import importlib\nm = importlib.import_module('pod_resources_cli.cli')\nn = __import__('os')\n")
    assert _dynamic_imports(tree) == [2, 3]


def _cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or through
    others (Tarjan's strongly connected components, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work = [(root, iter(sorted(imports.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports.get(target, ())))))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_modules_import_one_another() -> None:
    """A circle of imports (two modules that each need the other, even only
    for type checking) means what both need belongs in a module below them."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("pod_resources_cli", cache_dir=None)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _cycles(imports) == []


def test_the_circle_check_can_fail() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e2"}, "e2": {"e"}, "f": {"a"}}
    assert sorted(_cycles(imports)) == [["a", "b", "c"], ["e", "e2"]]
