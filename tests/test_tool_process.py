"""Renderers run bounded and offline (source/tool_process.py): each limit is
reached by a real child process, and the child's whole process group goes
with it."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from pod_resources_cli.source.tool_process import STDERR_KEPT, ToolFailed, ToolLimits, run_tool

PY = sys.executable
OFFLINE_KEYS = (
    "PATH", "HOME", "TMPDIR", "LANG", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
    "HELM_CONFIG_HOME", "HELM_CACHE_HOME", "HELM_DATA_HOME", "HELM_PLUGINS", "KUBECONFIG", "KUSTOMIZE_PLUGIN_HOME",
    "GIT_ALLOW_PROTOCOL", "GIT_TERMINAL_PROMPT", "GIT_CONFIG_NOSYSTEM", "GIT_CONFIG_GLOBAL",
)  # fmt: skip


def test_output_is_spooled_and_returned_from_its_start() -> None:
    out = run_tool([PY, "-c", "import sys; sys.stdout.write('a: 1\\n' * 100000)"])
    with out:
        assert out.read() == b"a: 1\n" * 100000


def test_a_child_that_never_ends_is_killed_with_its_process_group(tmp_path: Path) -> None:
    marker = tmp_path / "grandchild.pid"
    sleeper = f"[{PY!r}, '-c', 'import time; time.sleep(300)']"
    script = f"import subprocess, time; p = subprocess.Popen({sleeper}); open({str(marker)!r}, 'w').write(str(p.pid)); time.sleep(300)"
    started = time.monotonic()
    with pytest.raises(ToolFailed) as failed:
        run_tool([PY, "-c", script], ToolLimits(seconds=1.5))
    assert failed.value.message == f"{os.path.basename(PY)} did not finish in 1.5 s"
    assert time.monotonic() - started < 60  # a hang would never get here
    grandchild = int(marker.read_text())
    for _ in range(50):
        if not os.path.exists(f"/proc/{grandchild}") or open(f"/proc/{grandchild}/stat").read().split()[2] == "Z":
            break
        time.sleep(0.1)
    else:
        pytest.fail("the grandchild outlived the time limit")


def test_output_past_the_limit_stops_the_child() -> None:
    with pytest.raises(ToolFailed) as failed:
        run_tool([PY, "-c", "import sys\nwhile True: sys.stdout.write('x' * 65536)"], ToolLimits(output_bytes=1 << 20))
    assert failed.value.message.endswith("printed more than 1 MiB")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prlimit is Linux's")
def test_memory_past_the_limit_fails_the_child() -> None:
    with pytest.raises(ToolFailed) as failed:
        run_tool([PY, "-c", "x = bytearray(1 << 30)"], ToolLimits(memory_bytes=256 << 20))
    assert "MemoryError" in failed.value.said


def test_stderr_is_kept_up_to_a_bound_and_a_failure_carries_it() -> None:
    with pytest.raises(ToolFailed) as failed:
        run_tool([PY, "-c", "import sys; sys.stderr.write('e' * 1000000); sys.exit(3)"])
    assert failed.value.message.endswith("failed (exit status 3)")
    assert len(failed.value.said) == STDERR_KEPT


def test_the_child_sees_none_of_the_parents_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:9")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    out = run_tool([PY, "-c", "import os, json, sys; sys.stdout.write(json.dumps(dict(os.environ)))"])
    import json

    with out:
        env = json.loads(out.read())
    assert set(env) - {"LC_CTYPE"} == set(OFFLINE_KEYS)  # Python itself may add LC_CTYPE (PEP 538)
    assert "HTTPS_PROXY" not in env and "AWS_SECRET_ACCESS_KEY" not in env
    assert env["GIT_ALLOW_PROTOCOL"] == "" and env["GIT_TERMINAL_PROMPT"] == "0" and env["GIT_CONFIG_NOSYSTEM"] == "1"
    assert env["KUBECONFIG"].startswith(env["HOME"])


def test_kubectl_is_given_a_cluster_nothing_can_answer(tmp_path: Path) -> None:
    """Google Cloud SDK's kubectl dispatcher asks the cluster's /version before
    ``kubectl kustomize`` (kubectl-dispatcher/v1.0: GET /version?timeout=5s);
    without a kubeconfig that is localhost:8080, where a runner's service may
    listen. The child's kubeconfig names port 0, where nothing can."""
    import yaml

    from pod_resources_cli.source.tool_process import offline_env

    env = offline_env(str(tmp_path))
    config = yaml.safe_load(Path(env["KUBECONFIG"]).read_text(encoding="utf-8"))
    assert env["KUBECONFIG"] == str(tmp_path / "kubeconfig")
    assert [c["cluster"]["server"] for c in config["clusters"]] == ["http://127.0.0.1:0"] and config["current-context"] == "none"


def test_the_childs_path_keeps_only_absolute_entries(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", f":.:bin:{tmp_path}:/usr/bin:{tmp_path}")
    out = run_tool([PY, "-c", "import os, sys; sys.stdout.write(os.environ['PATH'])"])
    with out:
        assert out.read().decode() == f"{tmp_path}:/usr/bin"


def test_a_program_that_cannot_start_is_one_message() -> None:
    with pytest.raises(ToolFailed) as failed:
        run_tool(["/nonexistent/kustomize", "build"])
    assert failed.value.message == "cannot run /nonexistent/kustomize: No such file or directory"
