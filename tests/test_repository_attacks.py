"""A pull request is hostile input: each attack on the CI gate, as a tiny
repository built in a temporary directory, with canary files outside it
that must never reach the output, a fake `git` (and, where it matters, a fake
`kustomize` or `helm`) on PATH that records how it is called, and a local
listener standing in as the proxy that must never be contacted.

Each case runs the real command in a subprocess with a time limit: a case
that hangs fails instead of stopping the suite. The kustomize cases use
the real `kubectl kustomize` where it is installed. docs/security.md lists
the promises these cases keep.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CLI = [sys.executable, "-m", "pod_resources_cli"]
KUBECTL = shutil.which("kubectl")
needs_kubectl = pytest.mark.skipif(KUBECTL is None, reason="the real kubectl kustomize builds these")
CANARY = "CANARY-9f2c41"
SECRET_ENV = "POD_RESOURCES_TEST_SECRET"


def pod(name: str, cpu: str = "2") -> str:
    """A pod whose cpu request is above its limit when ``cpu`` > 1: one finding, quoting the line."""
    return (
        "apiVersion: v1\nkind: Pod\n"
        f"metadata: {{name: {name}}}\n"
        "spec:\n  containers:\n  - name: app\n    image: nginx\n    resources:\n"
        f"      requests: {{cpu: \"{cpu}\", memory: 64Mi}}\n      limits: {{cpu: \"1\", memory: 64Mi}}\n"
    )


@dataclass
class World:
    """The repository under test, the outside with its canaries, and the recorders."""

    root: Path
    repo: Path
    outside: Path
    bin: Path
    calls: Path
    proxy: Proxy

    def run(self, *args: str, timeout: float = 60, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        full = dict(os.environ)
        full.update(
            PATH=f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
            HTTP_PROXY=self.proxy.url, HTTPS_PROXY=self.proxy.url, ALL_PROXY=self.proxy.url,
            http_proxy=self.proxy.url, https_proxy=self.proxy.url, NO_PROXY="",
            **{SECRET_ENV: CANARY},
        )  # fmt: skip
        full.update(env or {})
        done = subprocess.run([*CLI, *args], cwd=cwd or self.root, env=full, capture_output=True, text=True, timeout=timeout)
        assert "Traceback" not in done.stderr, done.stderr
        return done

    def lint(self, *args: str, **kw: Any) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
        done = self.run("lint", "--no-config", "-o", "json", *args, **kw)
        assert done.returncode in (0, 1), done.stderr
        return done, json.loads(done.stdout)

    def leaked(self, *texts: str) -> bool:
        return any(CANARY in t for t in texts)

    def recorded(self) -> list[str]:
        return self.calls.read_text().splitlines() if self.calls.exists() else []


class Proxy:
    """A local listener that counts the connections made to it."""

    def __init__(self) -> None:
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.server.settimeout(0.2)
        self.connections = 0
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}"
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self.thread.join()
        self.server.close()


def recorder(bin_dir: Path, name: str, calls: Path, output: str = "") -> None:
    """A fake program that records its arguments and environment, and prints ``output``."""
    script = bin_dir / name
    script.write_text(
        f"#!{sys.executable}\nimport json, os, sys\n"
        f"with open({str(calls)!r}, 'a') as fh:\n"
        f"    fh.write(json.dumps({{'argv': [{name!r}, *sys.argv[1:]], 'env': dict(os.environ), 'cwd': os.getcwd()}}) + '\\n')\n"
        f"sys.stdout.write({output!r})\n"
    )
    script.chmod(0o755)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)  # a git work tree: the root of the run
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(f"{CANARY}\n")
    (outside / "kubeconfig").write_text(f"apiVersion: v1\nkind: Config\ncurrent-context: {CANARY}\n")
    (outside / "pod.yaml").write_text(pod(CANARY.lower()))
    (outside / "node.yaml").write_text(f"# {CANARY}\nkind: NotANode\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "calls.jsonl"
    recorder(bin_dir, "git", calls)
    proxy = Proxy()
    try:
        yield World(tmp_path, repo, outside, bin_dir, calls, proxy)
    finally:
        proxy.close()


def kustomize(directory: Path, text: str, **files: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "kustomization.yaml").write_text(text)
    for name, content in files.items():
        (directory / name.replace("__", "/")).write_text(content)


# -- secrets and files stay on the runner ------------------------------------------


@needs_kubectl
def test_a_generator_reading_the_process_environment_is_not_built(world: World) -> None:
    kustomize(
        world.repo / "app",
        "resources: [pod.yaml]\n"
        "configMapGenerator:\n- name: env\n  files: [/proc/self/environ]\n"
        "replacements:\n- source: {kind: ConfigMap, name: env, fieldPath: data.environ}\n"
        "  targets:\n  - select: {kind: Pod}\n    fieldPaths: [spec.containers.0.resources.limits.cpu]\n",
        **{"pod.yaml": pod("web")},
    )
    done, report = world.lint("repo")
    note = next(n for n in report["summary"]["notes"] if "kustomization not built" in n)
    assert "/proc/self/environ" in note and "outside the directories and repositories being linted" in note
    assert not world.leaked(done.stdout, done.stderr)
    assert [f["path"] for f in report["findings"]] == ["repo/app/pod.yaml"]  # read as it is


@needs_kubectl
def test_a_file_outside_named_by_a_kustomization_is_not_read_nor_built(world: World) -> None:
    for reference in ("../../outside/secret.txt", str(world.outside / "secret.txt")):
        kustomize(world.repo / "app", f"resources: [pod.yaml]\nconfigMapGenerator:\n- name: s\n  files: [{reference}]\n", **{"pod.yaml": pod("web")})
        done, report = world.lint("repo")
        assert any("kustomization not built" in n and "outside the directories and repositories being linted" in n for n in report["summary"]["notes"])
        assert not world.leaked(done.stdout, done.stderr)
        github = world.run("lint", "--no-config", "-o", "github", "repo")
        assert not world.leaked(github.stdout, github.stderr)


@needs_kubectl
def test_a_forged_origin_annotation_never_opens_the_file_it_names(world: World) -> None:
    kubeconfig = world.outside / "kubeconfig"
    kustomize(
        world.repo / "app",
        "resources: [pod.yaml]\n"
        f"commonAnnotations:\n  config.kubernetes.io/origin: \"path: {os.path.relpath(kubeconfig, world.repo / 'app')}\"\n",
        **{"pod.yaml": pod("web")},
    )
    done, report = world.lint("repo")
    assert not world.leaked(done.stdout, done.stderr)
    text = world.run("lint", "--no-config", "repo")
    assert not world.leaked(text.stdout, text.stderr)
    assert {f["path"] for f in report["findings"]} <= {"repo/app/pod.yaml", "repo/app/kustomization.yaml"}
    assert report["findings"], "the pod's finding is still reported"


@needs_kubectl
def test_after_a_failed_build_the_plain_reading_stays_inside(world: World) -> None:
    kustomize(world.repo / "app", "resources: [pod.yaml, ../../outside/pod.yaml, missing.yaml]\n", **{"pod.yaml": pod("web")})
    done, report = world.lint("repo")
    assert not world.leaked(done.stdout, done.stderr, done.stdout.lower())
    assert CANARY.lower() not in done.stdout
    assert [f["path"] for f in report["findings"]] == ["repo/app/pod.yaml"]


def test_symlinks_out_of_the_repository_are_skipped_with_a_note_naming_them(world: World) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    (world.repo / "stolen.yaml").symlink_to(world.outside / "pod.yaml")
    (world.repo / "config.yaml").symlink_to(world.outside / "kubeconfig")
    (world.repo / "elsewhere").symlink_to(world.outside)
    (world.repo / "inside.yaml").symlink_to(world.repo / "pod.yaml")  # inside: read (once)
    done, report = world.lint("repo")
    assert not world.leaked(done.stdout, done.stderr) and CANARY.lower() not in done.stdout
    notes = report["summary"]["notes"]
    for link in ("config.yaml", "elsewhere", "stolen.yaml"):
        assert f"repo/{link}: a symbolic link to outside the repository; not read." in notes
    assert report["summary"]["skipped"].get("outside-root") == 3
    assert [f["path"] for f in report["findings"]] == ["repo/inside.yaml"]  # the link inside, read once, under its first name


def test_a_symlink_named_alone_in_a_work_tree_is_not_followed_out(world: World) -> None:
    (world.repo / "stolen.yaml").symlink_to(world.outside / "pod.yaml")
    done, report = world.lint("repo/stolen.yaml")  # as pre-commit or a CI script names files
    assert not world.leaked(done.stdout, done.stderr) and CANARY.lower() not in done.stdout
    assert report["findings"] == [] and report["summary"]["skipped"].get("outside-root") == 1


@pytest.mark.parametrize(
    "setting",
    [
        "node: /etc/shadow",
        "node: /proc/self/environ",
        "node: ../../outside/node.yaml",
        "node: nodes/../../../outside/node.yaml",
        "helm:\n  values: [/etc/passwd]",
        "helm:\n  values: [../outside/secret.txt]",
    ],
)
def test_a_repository_configuration_cannot_name_files_outside_it(world: World, setting: str) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    (world.repo / ".pod-resources.yaml").write_text(setting + "\n")
    done = world.run("lint", "pod.yaml", cwd=world.repo)
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert "invalid lint configuration" in line and ("leaves the repository" in line or "not a path relative" in line)
    assert not world.leaked(done.stdout, done.stderr)


def test_a_configuration_path_through_a_link_out_is_refused(world: World) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    (world.repo / "nodes").symlink_to(world.outside)
    (world.repo / ".pod-resources.yaml").write_text("node: nodes/node.yaml\n")
    done = world.run("lint", "pod.yaml", cwd=world.repo)
    assert done.returncode == 2 and "leads outside the repository" in done.stderr
    assert not world.leaked(done.stdout, done.stderr)


def test_a_configuration_file_linked_from_outside_is_not_read(world: World) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    (world.repo / ".pod-resources.yaml").symlink_to(world.outside / "kubeconfig")
    done = world.run("lint", "pod.yaml", cwd=world.repo)
    assert done.returncode == 2 and "a symbolic link to outside the repository" in done.stderr
    assert not world.leaked(done.stdout, done.stderr)


def test_paths_on_the_command_line_are_the_users(world: World) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    node = world.root / "node.yaml"
    node.write_text("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n")
    done = world.run("lint", "--no-config", "--node", str(node), "repo/pod.yaml")
    assert done.returncode == 1, done.stderr  # the node outside the repository is read: the user named it


# -- nothing is fetched ----------------------------------------------------------------


@needs_kubectl
@pytest.mark.parametrize(
    "remote",
    [
        "https://raw.githubusercontent.com/example/repo/main/pod.yaml",
        "github.com/example/repo//deploy?ref=v1.0.0",
        "git@github.com:example/repo.git//deploy",
        "example.com/org/repo/base",
    ],
)
def test_a_remote_base_is_never_fetched(world: World, remote: str) -> None:
    kustomize(world.repo / "base", "resources: [pod.yaml]\n", **{"pod.yaml": pod("web")})
    kustomize(world.repo / "overlay", f"resources: [../base, {remote!r}]\n")
    done, report = world.lint("repo", timeout=30)
    note = next(n for n in report["summary"]["notes"] if "kustomization not built" in n)
    assert remote in note and "fetched" in note
    assert world.proxy.connections == 0
    assert [c for c in world.recorded() if '"git"' in c] == []
    assert [f["path"] for f in report["findings"]] == ["repo/base/pod.yaml"]


def test_renderers_run_offline_without_the_runners_environment(world: World) -> None:
    """A fake kustomize records what it is given: no proxy, no secret, only
    absolute PATH entries, a temporary HOME, git allowed no transport, the
    default load restrictor."""
    recorder(world.bin, "kustomize", world.calls, pod("rendered"))
    kustomize(world.repo / "app", "resources: [pod.yaml]\n", **{"pod.yaml": pod("web")})
    done, _ = world.lint("repo", env={"KUBECONFIG": str(world.outside / "kubeconfig")})
    [call] = [json.loads(c) for c in world.recorded() if '"kustomize"' in c]
    argv, env = call["argv"], call["env"]
    assert argv[:2] == ["kustomize", "build"] and len(argv) == 3 and "--load-restrictor" not in argv
    assert not any("proxy" in k.lower() for k in env), env
    assert SECRET_ENV not in env and all(os.path.isabs(e) for e in env["PATH"].split(os.pathsep))
    assert env["HOME"] != os.environ.get("HOME") and env["KUBECONFIG"].startswith(env["HOME"])
    assert env["GIT_ALLOW_PROTOCOL"] == "" and env["GIT_TERMINAL_PROMPT"] == "0"
    assert not world.leaked(json.dumps(call))


def test_helm_gets_only_values_files_inside_the_repository(world: World) -> None:
    recorder(world.bin, "helm", world.calls, "---\n# Source: web/templates/pod.yaml\n" + pod("web"))
    chart = world.repo / "charts" / "web"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: web\nversion: 0.1.0\n")
    (chart / "templates" / "pod.yaml").write_text("{{ .Values.x }}\n")
    (world.repo / "values.yaml").write_text("x: 1\n")
    (world.repo / ".pod-resources.yaml").write_text("helm:\n  values: [values.yaml]\n")
    done = world.run("lint", "-o", "json", "charts", cwd=world.repo)
    [call] = [json.loads(c) for c in world.recorded() if '"helm"' in c]
    assert call["argv"] == ["helm", "template", str(chart), "--values", str(world.repo / "values.yaml")]
    assert not any("proxy" in k.lower() for k in call["env"])
    assert json.loads(done.stdout)["findings"][0]["path"] == "charts/web/templates/pod.yaml"


def test_a_chart_with_a_link_out_of_the_repository_is_not_rendered(world: World) -> None:
    recorder(world.bin, "helm", world.calls, "")
    chart = world.repo / "web"
    (chart / "templates").mkdir(parents=True)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: web\nversion: 0.1.0\n")
    (chart / "templates" / "cm.yaml").write_text('data: {{ .Files.Get "files/secret" | quote }}\n')
    (chart / "files").mkdir()
    (chart / "files" / "secret").symlink_to(world.outside / "secret.txt")
    done, report = world.lint("repo")
    assert [c for c in world.recorded() if '"helm"' in c] == []
    assert any("Helm chart not rendered" in n and "files/secret is a symbolic link to outside" in n for n in report["summary"]["notes"])
    assert not world.leaked(done.stdout, done.stderr)


# -- nothing blocks or swells ----------------------------------------------------------


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_fifos_and_devices_in_a_repository_never_block(world: World) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    _fifo(world.repo / "pipe.yaml")
    (world.repo / "stdin.yaml").symlink_to("/dev/stdin")
    (world.repo / "zero.yaml").symlink_to("/dev/zero")
    (world.repo / "k").mkdir()
    _fifo(world.repo / "k" / "kustomization.yaml")
    done, report = world.lint("--no-render", "repo", timeout=30)
    assert [f["path"] for f in report["findings"]] == ["repo/pod.yaml"]
    notes = report["summary"]["notes"]
    assert "repo/pipe.yaml: a FIFO, not a regular file; not read." in notes
    assert any(n.startswith("repo/zero.yaml: ") for n in notes)
    done = world.run("lint", "--no-config", "--no-render", "repo/pod.yaml", timeout=30)  # the project scan meets the FIFO kustomization
    assert done.returncode == 1


@needs_kubectl
def test_a_fifo_or_device_named_by_a_kustomization_is_not_built(world: World) -> None:
    kustomize(world.repo / "app", "resources: [pod.yaml]\nconfigMapGenerator:\n- name: d\n  files: [data]\n", **{"pod.yaml": pod("web")})
    _fifo(world.repo / "app" / "data")
    done, report = world.lint("repo", timeout=30)
    assert any("a FIFO" in n and "kustomization not built" in n for n in report["summary"]["notes"])
    kustomize(world.repo / "app", "resources: [pod.yaml]\nconfigMapGenerator:\n- name: d\n  files: [/dev/zero]\n")
    done, report = world.lint("repo", timeout=30)
    assert any("/dev/zero" in n and "kustomization not built" in n for n in report["summary"]["notes"])


def test_a_fifo_named_by_the_configuration_never_blocks(world: World) -> None:
    (world.repo / "pod.yaml").write_text(pod("web"))
    _fifo(world.repo / "node.yaml")
    (world.repo / ".pod-resources.yaml").write_text("node: node.yaml\n")
    done = world.run("lint", "pod.yaml", cwd=world.repo, timeout=30)
    assert done.returncode == 2 and "is not a regular file" in done.stderr


def test_a_device_named_on_the_command_line_is_an_error_not_a_stream(world: World) -> None:
    done = world.run("lint", "--no-config", "-o", "json", "/dev/zero", timeout=30)
    assert done.returncode == 1
    [finding] = json.loads(done.stdout)["findings"]
    assert finding["message"].startswith("cannot read") and "character device" in finding["message"]


@needs_kubectl
def test_a_directory_name_cannot_inject_into_the_wrapper_kustomization(world: World) -> None:
    kustomize(world.repo / "base", "resources: [pod.yaml]\n", **{"pod.yaml": pod("web")})
    # Written into a YAML wrapper as it is, this name adds a namePrefix to the build of base/.
    kustomize(world.repo / "base\nnamePrefix: injected-", "resources: [../base]\n")
    _, report = world.lint("repo")
    assert [f["object"]["name"] for f in report["findings"]] == ["web"]  # no namePrefix reached the wrapper


def test_an_empty_path_entry_never_runs_the_repositorys_programs(world: World) -> None:
    for name in ("kustomize", "helm", "kubectl"):
        recorder(world.repo, name, world.calls)
    kustomize(world.repo / "app", "resources: [pod.yaml]\n", **{"pod.yaml": pod("web")})
    done = world.run("lint", "--no-config", "-o", "json", ".", cwd=world.repo, env={"PATH": f":.:{world.bin}"})
    assert world.recorded() == []
    assert json.loads(done.stdout)["findings"][0]["path"] == "./app/pod.yaml"  # read as a plain file: no kustomize found


def _peak_kib(world: World, *args: str) -> tuple[int, dict[str, Any]]:
    """The peak resident size of one lint run (from /usr/bin/time), and its report."""
    full = dict(os.environ, PATH=f"{world.bin}{os.pathsep}{os.environ.get('PATH', '')}")
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *CLI, "lint", "--no-config", "-o", "json", *args],
                          cwd=world.root, env=full, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 1, done.stderr
    return int(done.stderr.strip().splitlines()[-1]), json.loads(done.stdout)


@pytest.mark.skipif(not os.path.exists("/usr/bin/time"), reason="the peak comes from /usr/bin/time")
def test_a_large_render_is_streamed_not_held(world: World) -> None:
    """A renderer's output goes to a temporary file and is read back as a
    stream: 96 MiB of output costs the run what 6 MiB does (it held all of it)."""
    config_map = "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\ndata: {blob: " + "x" * (1 << 20) + "}\n"
    kustomize(world.repo / "app", "resources: [pod.yaml]\n", **{"pod.yaml": pod("web")})
    peaks = []
    for blobs in (6, 96):
        fake = world.bin / "kustomize"  # the renderer sees none of the run's environment: the count is written in
        fake.write_text(
            f"#!{sys.executable}\nimport sys\n"
            f"for i in range({blobs}): sys.stdout.write({config_map!r} % i)\n"
            f"sys.stdout.write('---\\n' + {pod('web')!r})\n"
        )
        fake.chmod(0o755)
        peak, report = _peak_kib(world, "repo")
        assert report["summary"]["objects"] == blobs + 1 and report["summary"]["notes"] == []
        peaks.append(peak)
    assert peaks[1] - peaks[0] < 24 * 1024, peaks  # the 90 MiB more are never resident


@pytest.mark.parametrize(
    "config",
    [
        # one glob of 120 KB: the moves past its empty-matching tokens once cost the square of its length
        "per-path:\n- paths: ['" + "**/" * 40000 + "x.yaml']\n  ignore: [PR101]\n- paths: ['" + "*" * 120000 + "q']\n  ignore: [PR101]\n",
        # 6,000 per-path entries (about 400 KB): matched once per path, as one automaton, not once per finding and entry
        "per-path:\n" + "".join(f"- paths: ['**/team-{i}-x/**/*.yaml']\n  ignore: [PR101]\n  severity: {{PR102: info}}\n" for i in range(6000)),
        # 6,000 declared kinds: read once, looked up by (group, kind)
        "workload-kinds:\n" + "".join(f"- group: example{i}.com\n  kind: Thing{i}\n  templates: [spec.template]\n" for i in range(6000)),
    ],
    ids=["one-120KB-glob", "6000-per-path", "6000-kinds"],
)
def test_a_large_configuration_costs_what_its_size_says(world: World, config: str) -> None:
    for i in range(200):
        (world.repo / f"team-{i % 20}").mkdir(exist_ok=True)
        (world.repo / f"team-{i % 20}" / f"pod{i}.yaml").write_text(pod(f"p{i}"))
    (world.repo / ".pod-resources.yaml").write_text(config)
    done = world.run("lint", "-o", "json", ".", cwd=world.repo, timeout=90)  # the previous release took 96 s to hours
    assert done.returncode == 1 and json.loads(done.stdout)["summary"]["pods"] == 200, done.stderr


def test_declared_kinds_are_indexed_once_not_scanned_per_object() -> None:
    from pod_resources_cli.model.decode.kinds import declared_kind, find_kind

    class Counted(tuple):  # type: ignore[type-arg]
        walks = 0

        def __iter__(self):  # type: ignore[no-untyped-def]
            Counted.walks += 1
            return super().__iter__()

    kinds = Counted(declared_kind(f"example{i}.com/v1", f"Thing{i}", ["spec.template"]) for i in range(2000))
    for i in range(500):
        found = find_kind({"apiVersion": f"example{i}.com/v1", "kind": f"Thing{i}"}, kinds)
        assert found is not None and found.kind == f"Thing{i}"
    assert Counted.walks == 1


@needs_kubectl
def test_a_forged_origin_naming_a_fifo_never_blocks(world: World) -> None:
    fifo = world.repo / "app" / "pipe.yaml"
    kustomize(
        world.repo / "app",
        f"resources: [pod.yaml]\ncommonAnnotations:\n  config.kubernetes.io/origin: 'path: {fifo}'\n",  # absolute: it names the FIFO
        **{"pod.yaml": pod("web")},
    )
    _fifo(fifo)
    done, report = world.lint("repo", timeout=30)
    assert [f["path"] for f in report["findings"]] == ["repo/app/kustomization.yaml"]  # mapped to the kustomization, not opened
