"""mypy --strict over the package, as configured in pyproject.toml: a type
error fails the suite, not only a developer's editor."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_type_checks_strictly() -> None:
    api = pytest.importorskip("mypy.api")
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypy reads [tool.mypy] from the working directory's pyproject.toml
    try:
        out, err, status = api.run(["--no-incremental", "--cache-dir", os.devnull])
    finally:
        os.chdir(cwd)
    assert status == 0, out + err
