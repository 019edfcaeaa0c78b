"""scripts/deps.py and constraints.txt: the lock covers every dependency, the
lower bounds it installs are the ones pyproject.toml states."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _deps() -> ModuleType:
    spec = importlib.util.spec_from_file_location("deps", ROOT / "scripts" / "deps.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _name(spec: str) -> str:
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", spec)
    assert match, spec
    return re.sub(r"[-_.]+", "-", match[0]).lower()


def _declared() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    specs = [*data["project"]["dependencies"], *data["build-system"]["requires"]]
    for extra in data["project"]["optional-dependencies"].values():
        specs.extend(extra)
    return specs


def test_lower_bounds_pin_every_bound_exactly(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(
        '[build-system]\nrequires = ["setuptools>=77"]\n'
        '[project]\nname = "x"\ndependencies = ["typer>=0.29", "ruamel.yaml >= 0.18", "rich[jupyter]>=13.8,<16", "plain"]\n'
        '[project.optional-dependencies]\ntest = ["pytest>=8; python_version >= \'3.11\'"]\n',
        encoding="utf-8",
    )
    assert _deps().lower_bounds(pyproject) == [
        "typer==0.29", "ruamel.yaml==0.18", "rich==13.8", "setuptools==77", "pytest==8",
    ]  # fmt: skip


def test_every_declared_dependency_has_a_lower_bound() -> None:
    pins = {_name(pin) for pin in _deps().lower_bounds()}
    assert pins == {_name(spec) for spec in _declared()}


def test_the_lock_pins_every_declared_dependency_and_satisfies_its_bounds() -> None:
    lock = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not pinned with =="
            lock[_name(name)] = tuple(int(part) for part in re.findall(r"\d+", version)[:3])
    for pin in _deps().lower_bounds():
        name, _, low = pin.partition("==")
        assert _name(name) in lock, f"{name} is declared but not locked: run scripts/deps.py lock"
        lowest = tuple(int(part) for part in low.split("."))
        assert lock[_name(name)][: len(lowest)] >= lowest, f"{name}: the lock is below the declared bound {low}"
    assert {"pip", "setuptools", "wheel"} <= set(lock)
