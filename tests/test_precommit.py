"""The pre-commit hook, run by the real `pre-commit` in a temporary git
repository that uses this checkout (at its HEAD commit) as its hook
repository: a commit with an invalid manifest is refused, the fixed one
goes through.

pre-commit clones the hook repository and installs it into a fresh
virtualenv with pip. To stay offline and quick, pip is told to install the
clone alone (no dependencies, no build isolation, no index), and a
``sitecustomize`` shim on PYTHONPATH appends this interpreter's
site-packages to the hook environment's path: the hook finds its
dependencies there, after its own packages (its own setuptools builds the
clone, its own copy of pod-resources runs).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

BAD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: "2", memory: 256Mi}
          limits: {cpu: "1", memory: 256Mi}
"""
GOOD = BAD.replace('requests: {cpu: "2"', 'requests: {cpu: "1"')


def _git(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False)


def _precommit() -> str:
    found = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    if found is None:
        pytest.skip("pre-commit is not installed (it is in the `test` extra)")
    return found


def _head() -> str:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("this checkout is not a git repository: pre-commit needs one as its hook repository")
    head = _git(ROOT, "rev-parse", "HEAD")
    if head.returncode != 0:
        pytest.skip(f"no HEAD commit: {head.stderr.strip()}")
    if _git(ROOT, "cat-file", "-e", "HEAD:.pre-commit-hooks.yaml").returncode != 0:
        pytest.skip(".pre-commit-hooks.yaml is not committed at HEAD yet")
    return head.stdout.strip()


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT", "VIRTUAL_ENV", "PYTHON"))}
    paths = sysconfig.get_paths()
    shim = tmp_path / "shim"
    shim.mkdir()
    dirs = list(dict.fromkeys((paths["purelib"], paths["platlib"])))
    (shim / "sitecustomize.py").write_text(
        "import site\n" + "".join(f"site.addsitedir({d!r})\n" for d in dirs), encoding="utf-8"
    )
    env.update(
        {
            "PRE_COMMIT_HOME": str(tmp_path / "cache"),
            "PIP_NO_DEPS": "1",
            "PIP_NO_INDEX": "1",
            "PIP_NO_BUILD_ISOLATION": "0",  # pip reads a falsy value as --no-build-isolation
            "PIP_DISABLE_PIP_VERSION_CHECK": "1",
            "PYTHONPATH": str(shim),
            "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "test", "GIT_COMMITTER_EMAIL": "test@example.com",
            "NO_COLOR": "1",
        }
    )  # fmt: skip
    return env


def test_precommit_refuses_a_bad_manifest_and_accepts_the_fixed_one(tmp_path: Path) -> None:
    precommit = _precommit()
    rev = _head()
    repo = tmp_path / "repo"
    repo.mkdir()
    env = _env(tmp_path)
    assert _git(repo, "init", "-q", env=env).returncode == 0
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {ROOT}\n  rev: {rev}\n  hooks:\n  - id: pod-resources-lint\n", encoding="utf-8"
    )
    install = subprocess.run([precommit, "install"], cwd=repo, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert install.returncode == 0, install.stdout + install.stderr
    (repo / "deploy.yaml").write_text(BAD, encoding="utf-8")
    (repo / "README.md").write_text("not a manifest\n", encoding="utf-8")
    _git(repo, "add", "-A", env=env)
    refused = _git(repo, "commit", "-q", "-m", "bad", env=env)
    output = refused.stdout + refused.stderr
    assert refused.returncode != 0, output
    assert "pod-resources lint" in output and "Failed" in output
    assert "deploy.yaml:11:22: PR101 [error]" in output, output
    (repo / "deploy.yaml").write_text(GOOD, encoding="utf-8")
    _git(repo, "add", "-A", env=env)
    accepted = _git(repo, "commit", "-q", "-m", "good", env=env)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert _git(repo, "log", "--oneline", env=env).stdout.count("\n") == 1


OLD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 100m}
"""


def test_precommit_with_new_from_rev_blocks_new_findings_only(tmp_path: Path) -> None:
    """A repository with findings adopts the hook with ``--new-from-rev HEAD``:
    a commit that leaves them be goes through; one that adds a finding is
    refused, naming that finding alone."""
    precommit = _precommit()
    rev = _head()
    repo = tmp_path / "repo"
    repo.mkdir()
    env = _env(tmp_path)
    assert _git(repo, "init", "-q", env=env).returncode == 0
    (repo / "deploy.yaml").write_text(OLD, encoding="utf-8")  # PR131 and PR132: warnings, there before the hook
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {ROOT}\n  rev: {rev}\n  hooks:\n  - id: pod-resources-lint\n"
        "    args: [--new-from-rev, HEAD, --fail-on, warning]\n",
        encoding="utf-8",
    )
    _git(repo, "add", "-A", env=env)
    assert _git(repo, "commit", "-q", "-m", "before the hook", env=env).returncode == 0
    install = subprocess.run([precommit, "install"], cwd=repo, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert install.returncode == 0, install.stdout + install.stderr
    (repo / "deploy.yaml").write_text(OLD.replace("image: nginx", "image: nginx:1.27"), encoding="utf-8")
    _git(repo, "add", "-A", env=env)
    kept = _git(repo, "commit", "-q", "-m", "a new image", env=env)
    assert kept.returncode == 0, kept.stdout + kept.stderr
    cache = "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: cache}\nspec:\n  template:\n    spec:\n      containers:\n      - name: redis\n        image: redis\n"
    (repo / "deploy.yaml").write_text(OLD + cache, encoding="utf-8")
    _git(repo, "add", "-A", env=env)
    refused = _git(repo, "commit", "-q", "-m", "a cache", env=env)
    output = refused.stdout + refused.stderr
    assert refused.returncode != 0, output
    assert "deploy.yaml:19:7: PR201 [warning]" in output and "PR131" not in output and "PR132" not in output, output
    assert "2 on unchanged code" in output, output
