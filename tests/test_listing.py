"""The directory listings the kustomization search and the harness readers share
(source/listing.py, source/project.py): the same answers as the plain loops
and os.walk they replace, on this repository's own tree and on odd names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pod_resources_cli.source import listing as listing_module
from pod_resources_cli.source import project
from pod_resources_cli.source.listing import Listing, listing

ROOT = Path(__file__).resolve().parent.parent


def _listing(names: list[str]) -> Listing:
    ordered = tuple(sorted(names))
    return Listing("/nowhere", ordered, frozenset(ordered))


ODD = ["a_test.go", "b_test.go\n", "test_x.py", "x_test.py", "x.pyc", "1-apply.yaml", "01-assert.yaml", "\uff11-wide.yaml",
       "\u00b2-superscript", "\u0663-arabic", "9", "_test.go", "README.md", "\u20ac1"]  # fmt: skip


@pytest.mark.parametrize("names", [ODD, [], ["plain.yaml"], [f"f{i}.yaml" for i in range(300)]])
def test_name_filters_are_the_plain_loops(names: list[str]) -> None:
    found = _listing(names)
    ordered = sorted(names)
    assert found.ending("_test.go") == [n for n in ordered if n.endswith("_test.go")]
    assert found.ending(".py") == [n for n in ordered if n.endswith(".py")]
    assert found.starting_with_digit() == [n for n in ordered if n[:1].isdigit()]


def test_odd_names_by_hand() -> None:
    found = _listing(ODD)
    assert found.ending("_test.go") == ["_test.go", "a_test.go"]  # a name ending in a newline does not end so
    assert found.starting_with_digit() == ["01-assert.yaml", "1-apply.yaml", "9", "\u00b2-superscript", "\u0663-arabic", "\uff11-wide.yaml"]


def _os_walk(root: str) -> list[tuple[str, tuple[str, ...]]]:
    out, looked = [], 0
    for current, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in project.SKIP_DIRS)
        looked += len(dirnames) + len(filenames)
        if looked > project.MAX_SCAN:
            break
        out.append((current, tuple(sorted(n for n in filenames if n in project.KUSTOMIZATION_FILES))))
    return out


@pytest.mark.parametrize("bound", [10, 500, 200_000])
def test_the_kustomization_walk_visits_what_os_walk_visits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: int) -> None:
    """Top-down, sorted, SKIP_DIRS left out, links to directories counted but not entered, cut at MAX_SCAN."""
    for d in ("b/kustomization.yaml", "a/x/Kustomization", "a/node_modules/k/kustomization.yaml", "c/kustomization.yml/inner.yaml"):
        (tmp_path / d).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / d).write_text("resources: []\n")
    (tmp_path / "link").symlink_to(tmp_path / "a")
    (tmp_path / "out").symlink_to("/etc")
    monkeypatch.setattr(project, "MAX_SCAN", bound)
    for root in (str(tmp_path), str(ROOT / "tests" / "data")):
        got = [(current, tuple(sorted(present))) for current, present in project._directories(root)]
        assert got == _os_walk(root)
    if bound == 200_000:  # a directory named kustomization.yml is no kustomization; the link's target is not walked
        walked = {os.path.relpath(c, tmp_path): p for c, p in project._directories(str(tmp_path))}
        assert walked == {".": (), "a": (), "a/x": ("Kustomization",), "b": ("kustomization.yaml",), "c": (), "c/kustomization.yml": ()}


def test_a_walked_directory_is_not_listed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "x_test.go").write_text("package x\n")
    monkeypatch.setattr(listing_module, "_kept", {})
    monkeypatch.setattr(listing_module, "_kept_names", 0)
    project._directories(str(tmp_path))
    monkeypatch.setattr(os, "listdir", lambda _: pytest.fail("listed again"))
    assert listing(str(tmp_path / "sub")).names == ("x_test.go",)
