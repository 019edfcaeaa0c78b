"""``lint --new-from-rev REV`` on real git repositories made here: findings on
lines changed since REV, and on objects whose computed values a change
elsewhere reached (a LimitRange, the node file, a kustomize overlay), are
reported; the rest is counted. A missing or option-like REV, a shallow
clone without it, no git: one line, exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.source.git_process import Repo, find_git
from pod_resources_cli.source.git_rev import changed_lines, resolve_commit, tree_files

ROOT = Path(__file__).resolve().parents[1]
NODE = ROOT / "examples" / "nodes" / "dual-socket-ht.yaml"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

WEB = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 100m}
"""
JOBS = """\
apiVersion: batch/v1
kind: Job
metadata: {name: report, namespace: batch}
spec:
  template:
    spec:
      containers:
      - name: report
        image: report
        resources:
          requests: {cpu: 100m}
"""
LIMITS = """\
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: shop}
spec:
  limits:
  - type: Container
    default: {cpu: 500m}
"""


def git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "repo"
    (root / "k8s").mkdir(parents=True)
    git(root, "init", "-q")
    (root / "k8s" / "web.yaml").write_text(WEB)
    (root / "k8s" / "jobs.yaml").write_text(JOBS)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    monkeypatch.chdir(root)
    return root


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", "--no-config", "--fail-on", "warning", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def reported(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[list[tuple[str, str, str | None]], dict[str, Any]]:
    code, out, _ = run(capsys, "-o", "json", *args)
    doc = json.loads(out)
    assert code == (1 if doc["findings"] else 0)
    return [(f["rule"], f["object"]["name"], f["container"]) for f in doc["findings"]], doc


def test_only_changed_lines_report_their_findings(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, before = reported(capsys, "k8s")
    assert before["summary"]["findings"] == 4
    (repo / "k8s" / "web.yaml").write_text("# the web tier\n" + WEB.replace("image: nginx", "image: nginx:1.27"))
    found, doc = reported(capsys, "k8s", "--new-from-rev", "HEAD")
    assert found == [] and doc["summary"]["notNew"] == 4  # a comment and an image: no finding is new
    assert doc["adoption"]["newFromRev"] == "HEAD" and doc["adoption"]["commit"] == git(repo, "rev-parse", "HEAD")
    (repo / "k8s" / "web.yaml").write_text(WEB + "      - name: cache\n        image: redis\n")
    found, doc = reported(capsys, "k8s", "--new-from-rev", "HEAD")
    assert ("PR138", "web", "cache") in found
    assert ("PR131", "report", "report") not in found  # the Job's file did not change, nor its values
    code, out, _ = run(capsys, "k8s", "--new-from-rev", "HEAD")
    assert code == 1 and "on unchanged code" in out.splitlines()[-1]


def test_a_change_elsewhere_reports_the_objects_it_reaches(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A LimitRange for the shop namespace fills in the web container's cpu
    limit: web's values changed, so its old findings are reported too, though
    no line of its file changed; the Job in another namespace is untouched."""
    (repo / "k8s" / "limits.yaml").write_text(LIMITS)
    found, doc = reported(capsys, "k8s", "--new-from-rev", "HEAD")
    assert sorted(found) == [("PR131", "web", "app"), ("PR132", "web", "app"), ("PR134", "web", "app")]  # PR134: 500m is 5x 100m
    assert doc["summary"]["notNew"] == 2


def test_an_untracked_file_is_new(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / "k8s" / "new.yaml").write_text(WEB.replace("name: web", "name: fresh"))
    found, _ = reported(capsys, "k8s", "--new-from-rev", "HEAD")
    assert sorted(found) == [("PR131", "fresh", "app"), ("PR132", "fresh", "app")]


def test_the_node_file_is_read_at_the_revision_too(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Less memory on the node changes the OOM score of a container that
    requests memory (the cache), not of those that request none."""
    node = repo / "nodes" / "worker.yaml"
    node.parent.mkdir()
    shutil.copyfile(NODE, node)
    (repo / "k8s" / "cache.yaml").write_text(
        WEB.replace("name: web", "name: cache").replace("requests: {cpu: 100m}", "requests: {cpu: 100m, memory: 1Gi}")
    )
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "node")
    node.write_text(NODE.read_text() + "\n# reviewed\n")  # nothing the kubelet reads
    found, doc = reported(capsys, "k8s", "--node", "nodes/worker.yaml", "--new-from-rev", "HEAD")
    assert found == [] and doc["summary"]["notNew"] == 5
    node.write_text(NODE.read_text().replace("memoryPerNumaNode: 64Gi", "memoryPerNumaNode: 32Gi"))
    found, doc = reported(capsys, "k8s", "--node", "nodes/worker.yaml", "--new-from-rev", "HEAD")
    assert found == [("PR132", "cache", "app")] and doc["summary"]["notNew"] == 4


@pytest.mark.skipif(shutil.which("kustomize") is None and shutil.which("kubectl") is None, reason="neither kustomize nor kubectl")
def test_an_overlay_change_reaches_the_base_objects(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base, overlay = repo / "deploy" / "base", repo / "deploy" / "prod"
    base.mkdir(parents=True)
    overlay.mkdir()
    (base / "web.yaml").write_text(WEB.replace("namespace: shop", "namespace: prod"))
    (base / "kustomization.yaml").write_text("resources: [web.yaml]\n")
    (overlay / "kustomization.yaml").write_text("resources: [../base]\ncommonLabels: {tier: web}\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "kustomize")
    (overlay / "kustomization.yaml").write_text("resources: [../base]\ncommonLabels: {tier: front}\n")
    found, doc = reported(capsys, "deploy/prod", "--new-from-rev", "HEAD")
    assert found == [] and doc["summary"]["notNew"] == 2  # labels: no computed value changed
    patch = (
        "patches:\n- patch: |-\n    apiVersion: apps/v1\n    kind: Deployment\n    metadata: {name: web, namespace: prod}\n"
        "    spec:\n      template:\n        spec:\n          containers:\n          - name: app\n"
        '            resources:\n              limits: {cpu: "2"}\n'
    )
    (overlay / "kustomization.yaml").write_text("resources: [../base]\ncommonLabels: {tier: web}\n" + patch)
    found, doc = reported(capsys, "deploy/prod", "--new-from-rev", "HEAD")
    assert sorted(found) == [("PR131", "web", "app"), ("PR132", "web", "app"), ("PR134", "web", "app")]
    assert {f["path"] for f in doc["findings"]} == {"deploy/base/web.yaml"}  # reported where the object is written


def test_with_a_baseline_both_narrow(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "k8s", "--write-baseline", "baseline.json")  # the 4 findings of today
    (repo / "k8s" / "web.yaml").write_text(WEB + "      - name: cache\n        image: redis\n")
    git(repo, "commit", "-qam", "a cache")  # a finding since the baseline, before REV
    (repo / "k8s" / "jobs.yaml").write_text(JOBS + "      - name: upload\n        image: upload\n")
    found, doc = reported(capsys, "k8s", "--new-from-rev", "HEAD", "--baseline", "baseline.json")
    assert found == [("PR138", "report", "upload")]
    assert (doc["summary"]["baselined"], doc["summary"]["notNew"]) == (4, 1)


def test_a_shallow_clone_without_the_revision_says_how_to_fetch_it(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (repo / "k8s" / "web.yaml").write_text(WEB.replace("nginx", "nginx:2"))
    git(repo, "commit", "-qam", "second")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(clone))
    monkeypatch.chdir(clone)
    code, out, err = run(capsys, "k8s", "--new-from-rev", "HEAD~1")
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [
        "pod-resources: error: --new-from-rev HEAD~1: no such commit in this shallow clone; fetch the history first "
        "(actions/checkout with fetch-depth: 0, GIT_DEPTH: 0 in GitLab, or git fetch --deepen=N / git fetch origin HEAD~1)"
    ]
    assert run(capsys, "k8s", "--new-from-rev", "HEAD")[0] == 0  # the commit it has is enough


@pytest.mark.parametrize(
    ("rev", "why"),
    [
        ("nosuch", "--new-from-rev nosuch: no such commit in this repository"),
        ("--output={out}", "not a revision (a branch, tag or commit; it cannot start with -)"),
        ("-p", "not a revision"),
        ("HEAD\n--output={out}", "not a revision"),
        ("HEAD:k8s/web.yaml", "no such commit"),  # a blob, not a commit
    ],
)
def test_a_revision_that_is_no_commit_is_one_line_exit_2(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], rev: str, why: str) -> None:
    out_file = tmp_path / "written-by-git"
    code, out, err = run(capsys, "k8s", "--new-from-rev", rev.format(out=out_file))
    assert (code, out) == (2, "") and why in err and len(err.strip().splitlines()) == 1, err
    assert not out_file.exists()  # never read as an option of git


def test_git_is_found_on_absolute_path_entries_only(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A repository's own ``git`` script is never run, however PATH names the working directory."""
    marker = tmp_path / "ran"
    fake = repo / "git"
    fake.write_text(f"#!/bin/sh\ntouch {marker}\n")
    fake.chmod(0o755)
    (repo / "bin").mkdir()
    shutil.copyfile(fake, repo / "bin" / "git")
    (repo / "bin" / "git").chmod(0o755)
    assert find_git(os.pathsep.join(["", ".", "bin", "/nonexistent"])) is None
    assert find_git(os.pathsep.join([".", str(Path(shutil.which("git") or "").parent)])) == shutil.which("git")
    monkeypatch.setenv("PATH", os.pathsep.join(["", ".", "bin"]))
    code, out, err = run(capsys, "k8s", "--new-from-rev", "HEAD")
    assert (code, out) == (2, "") and "--new-from-rev needs git: none on PATH (only absolute PATH entries are searched)" in err
    assert not marker.exists()


def test_outside_a_repository_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "web.yaml").write_text(WEB)
    monkeypatch.chdir(plain)
    code, _, err = run(capsys, "web.yaml", "--new-from-rev", "HEAD")
    assert code == 2 and "is not in a git work tree" in err and len(err.strip().splitlines()) == 1


def test_standard_input_has_no_revision(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "-", "--new-from-rev", "HEAD")
    assert code == 2 and "standard input (-) has none" in err


@pytest.mark.parametrize("name", ["my web.yaml", "café.yaml", 'q"uote.yaml', "tab\there.yaml"])
def test_changed_lines_of_files_with_any_name(repo: Path, name: str) -> None:
    (repo / "k8s" / name).write_text("a: 1\nb: 2\nc: 3\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "a file")
    (repo / "k8s" / name).write_text("a: 1\nb: 20\nc: 3\nd: 4\n")
    git_path = find_git()
    assert git_path is not None
    repository = Repo(git_path, str(repo))
    changed = changed_lines(repository, resolve_commit(repository, "HEAD"))
    assert changed == {f"k8s/{name}": [(2, 2), (4, 4)]}


def test_the_tree_at_the_revision_is_read_as_blobs_without_symlinks(repo: Path) -> None:
    os.symlink("/etc/hostname", repo / "k8s" / "host.yaml")
    (repo / "k8s" / "tool.sh").write_text("#!/bin/sh\n")
    (repo / "k8s" / "tool.sh").chmod(0o755)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "links")
    commit = git(repo, "rev-parse", "HEAD")
    git_path = find_git()
    assert git_path is not None
    files = tree_files(Repo(git_path, str(repo)), commit, lambda path: True)
    assert sorted(p for p, _, _ in files) == ["k8s/jobs.yaml", "k8s/tool.sh", "k8s/web.yaml"]
    assert sorted(p for p, _, _ in tree_files(Repo(git_path, str(repo)), commit, lambda path: path.endswith(".yaml"))) == ["k8s/jobs.yaml", "k8s/web.yaml"]


def test_a_revision_whose_files_cannot_be_linted_reports_everything_with_a_note(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = repo / "node.yaml"
    node.write_text("apiVersion: pod-resources/v1\nkind: NodeProfile\nsockets: -1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "a broken node file")
    shutil.copyfile(NODE, node)
    found, doc = reported(capsys, "k8s", "--node", "node.yaml", "--new-from-rev", "HEAD")
    assert len(found) == 4
    assert any("the files at" in note and "cannot be linted" in note and "every finding is reported" in note for note in doc["summary"]["notes"])


def test_no_program_the_repository_configures_runs(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """An fsmonitor hook, an external diff, a textconv driver, a pager and an
    askpass program, all set up to leave a mark: none runs."""
    marker = tmp_path / "ran"
    script = tmp_path / "mark.sh"
    script.write_text(f"#!/bin/sh\necho \"$0 $*\" >> {marker}\ncat\n")
    script.chmod(0o755)
    for key in ("core.fsmonitor", "diff.external", "diff.conv.textconv", "core.pager"):
        git(repo, "config", key, str(script))
    (repo / ".gitattributes").write_text("*.yaml diff=conv\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "attributes")
    monkeypatch.setenv("GIT_ASKPASS", str(script))
    monkeypatch.setenv("GIT_PAGER", str(script))
    (repo / "k8s" / "web.yaml").write_text(WEB + "      - name: cache\n        image: redis\n")
    assert marker.exists()  # the set-up's own git commands ran the fsmonitor hook: it works
    marker.unlink()
    found, _ = reported(capsys, "k8s", "--new-from-rev", "HEAD")
    assert ("PR138", "web", "cache") in found
    assert not marker.exists(), marker.read_text()
