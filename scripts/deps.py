#!/usr/bin/env python3
"""Install the project in a brand-new virtual environment and run its tests,
with the dependency versions chosen on purpose.

    python3 scripts/deps.py test locked   # constraints.txt: what CI runs (.ci/run)
    python3 scripts/deps.py test newest   # the newest release of every dependency
    python3 scripts/deps.py test lowest   # every direct dependency at its lower bound
    python3 scripts/deps.py lock          # rewrite constraints.txt from a newest install

``locked`` is reproducible: a new upstream release cannot change what CI
installs. ``newest`` is how drift is caught on purpose before it lands: run it,
and when it passes, ``lock`` to move the pins. ``lowest`` proves the lower
bounds in pyproject.toml are true (each ``>=`` bound installed exactly; pip
resolves the rest). Options: ``--python PY`` (the interpreter for the venv),
``--venv DIR`` (keep the environment there instead of a temporary directory).
The same modes run in CI as ``DEPS=newest bash .ci/run``.

Constraints reach pip through ``PIP_CONSTRAINT``, so they also pin the build
backend that pip installs in its isolated build environment.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
_LOWER = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*>=\s*([^,;\s]+)")


def lower_bounds(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """``name==version`` for every ``>=`` bound: runtime, every extra, the build backend."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    project = data["project"]
    specs = [*project.get("dependencies", ()), *data["build-system"].get("requires", ())]
    for extra in project.get("optional-dependencies", {}).values():
        specs.extend(extra)
    pins = []
    for spec in specs:
        match = _LOWER.match(spec)
        if match:
            pins.append(f"{match[1]}=={match[2]}")
    return pins


def _run(argv: list[str], env: dict[str, str]) -> None:
    print("+", " ".join(argv), flush=True)
    subprocess.run(argv, cwd=ROOT, env=env, check=True)


def _venv(python: str, where: Path) -> tuple[str, dict[str, str]]:
    subprocess.run([python, "-m", "venv", "--clear", str(where)], check=True)
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PIP_CONSTRAINT", "VIRTUAL_ENV"}}
    env["VIRTUAL_ENV"] = str(where)
    env["PATH"] = f"{where / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return str(where / "bin" / "python"), env


def test(mode: str, python: str, venv: Path) -> int:
    py, env = _venv(python, venv)
    if mode == "locked":
        env["PIP_CONSTRAINT"] = str(LOCK)
    elif mode == "lowest":
        lowest = venv / "lowest-constraints.txt"
        lowest.write_text("\n".join(lower_bounds()) + "\n", encoding="utf-8")
        env["PIP_CONSTRAINT"] = str(lowest)
        print("lower bounds:", ", ".join(lower_bounds()), flush=True)
    _run([py, "-m", "pip", "install", "-q", "--upgrade", "pip"], env)
    _run([py, "-m", "pip", "install", "-q", ".[test]"], env)
    subprocess.run([py, "-m", "pip", "freeze", "--all", "--exclude-editable"], env=env, check=True)
    return subprocess.run([py, "-m", "pytest", "-q"], cwd=ROOT, env=env).returncode


def lock(python: str, venv: Path) -> int:
    py, env = _venv(python, venv)
    _run([py, "-m", "pip", "install", "-q", "--upgrade", "pip", "setuptools", "wheel"], env)
    _run([py, "-m", "pip", "install", "-q", ".[test]"], env)
    frozen = subprocess.run(
        [py, "-m", "pip", "freeze", "--all", "--exclude-editable"], env=env, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    pins = sorted((line for line in frozen if "==" in line and not line.startswith("pod-resources")), key=lambda pin: pin.split("==")[0].lower())
    version = subprocess.run([py, "-c", "import sys; print(sys.version.split()[0])"], capture_output=True, text=True)
    LOCK.write_text(
        "# What CI installs (.ci/run): the newest releases that passed the suite, on Python "
        f"{version.stdout.strip()}.\n# Regenerate with `python3 scripts/deps.py lock` after "
        "`python3 scripts/deps.py test newest` passes.\n" + "\n".join(pins) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {LOCK.relative_to(ROOT)}: {len(pins)} pins")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("test", help="install in a fresh venv and run the test suite")
    run.add_argument("mode", choices=["locked", "newest", "lowest"])
    sub.add_parser("lock", help="rewrite constraints.txt from the newest releases")
    for p in sub.choices.values():
        p.add_argument("--python", default=sys.executable, help="interpreter for the venv (default: this one)")
        p.add_argument("--venv", type=Path, help="where to build the venv (default: a temporary directory)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="pod-resources-deps-") as tmp:
        venv = (args.venv or Path(tmp) / "venv").resolve()
        try:
            if args.command == "lock":
                return lock(args.python, venv)
            return test(args.mode, args.python, venv)
        except subprocess.CalledProcessError as exc:
            print(f"deps: {' '.join(map(str, exc.cmd))} failed (exit {exc.returncode})", file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main())
