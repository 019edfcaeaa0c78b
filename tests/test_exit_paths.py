"""Every way a run can end badly ends with one line and the documented exit
code, as a person meets it: the real console entry point in a child process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
CLI = [sys.executable, "-m", "pod_resources_cli"]


def run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120, check=False, **kwargs)  # type: ignore[call-overload, no-any-return]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
@pytest.mark.parametrize("args", [["explain", str(EXAMPLES / "pods")], ["explain", "-o", "json", str(EXAMPLES / "pods")], ["rules"]])
def test_a_full_disk_is_one_line_and_exit_2(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run([*CLI, *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr == "pod-resources: error: cannot write standard output: No space left on device\n"


@pytest.mark.parametrize("command", ["lint", "explain"])
def test_a_closed_standard_input_is_named(command: str) -> None:
    done = subprocess.run([*CLI, command, "-"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=lambda: os.close(0))  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith("pod-resources: error: -: standard input is closed: there is nothing to read")


@pytest.mark.parametrize("args", [["explain", str(EXAMPLES / "pods")], ["explain", "-o", "json", str(EXAMPLES / "pods")], ["rules"], ["node", "show", str(EXAMPLES / "nodes" / "dual-socket-ht.yaml")]])
def test_a_reader_that_stops_early_is_not_a_failure(args: list[str]) -> None:
    """``pod-resources explain ... | head -1``."""
    child = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.readline()
    child.stdout.close()
    assert child.wait(timeout=120) == 0
    assert child.stderr.read() == ""


def test_ctrl_c_exits_130_quietly(tmp_path: Path) -> None:
    stream = tmp_path / "many.yaml"
    pod = (EXAMPLES / "pods" / "web-sidecar.yaml").read_text(encoding="utf-8")
    stream.write_text(("---\n" + pod) * 3000, encoding="utf-8")
    child = subprocess.Popen([*CLI, "explain", str(stream)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.readline()  # running: past start-up
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    assert child.wait(timeout=60) == 130
    assert child.stderr.read() == ""


def test_columns_zero_on_a_terminal_still_prints(tmp_path: Path) -> None:
    import pty

    import threading

    main, secondary = pty.openpty()
    chunks: list[bytes] = []

    def read() -> None:  # drain the terminal while the child writes to it
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    env = {**os.environ, "COLUMNS": "0"}
    done = subprocess.run([*CLI, "explain", str(EXAMPLES / "pods" / "web-sidecar.yaml")], stdout=secondary, stderr=subprocess.PIPE,
                          env=env, timeout=120, check=False)  # fmt: skip
    os.close(secondary)
    reader.join(timeout=10)
    os.close(main)
    assert done.returncode == 0 and b"QoS class" in b"".join(chunks)


def test_an_svg_path_with_brackets_is_written_and_named_as_is(tmp_path: Path) -> None:
    target = tmp_path / "[bold red]z.svg"
    done = run(["node", "show", str(EXAMPLES / "nodes" / "dual-socket-ht.yaml"), "--svg", str(target)])
    assert done.returncode == 0 and target.is_file()
    assert f"wrote {target}" in done.stdout


@pytest.mark.skipif(not os.path.exists("/proc/self/task"), reason="needs /proc")
@pytest.mark.parametrize("command", [["lint"], ["explain", "-o", "json"], ["diff", "--to-version", "1.33"]])
def test_ctrl_c_with_workers_exits_130_quietly(tmp_path: Path, command: list[str]) -> None:
    """Ctrl-C reaches the whole foreground process group: the workers too."""
    stream = tmp_path / "many.yaml"
    pod = (EXAMPLES / "pods" / "web-sidecar.yaml").read_text(encoding="utf-8")
    stream.write_text(("---\n" + pod) * 6000, encoding="utf-8")
    child = subprocess.Popen([*CLI, *command, "-j", "2", str(stream)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)  # fmt: skip
    children = Path(f"/proc/{child.pid}/task/{child.pid}/children")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and child.poll() is None and not children.read_text().split():
        time.sleep(0.02)  # until the workers run
    if child.poll() is not None:
        pytest.skip("the run ended before its workers started")
    os.killpg(child.pid, signal.SIGINT)
    assert child.wait(timeout=60) == 130
    assert child.stderr is not None and child.stderr.read() == ""


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        (b'[tool]\npod-resources = 3\n[tool.pod-resources]\n', "invalid TOML"),
        (b'[tool.pod-resources]\nselect = 3\n', "must be a list of rule codes or names (at select)"),
        (b'[tool.pod-resources]\nseverity = 7\n', "must be a mapping (at severity)"),
        (b'[tool.pod-resources]\nworkload-kinds = [{kind = 1, group = "a", templates = ["x"]}]\n', "must be a non-empty string (at workload-kinds/0/kind)"),
        (b'[tool.pod-resources]\nx = ' + b"[" * 5000 + b"]" * 5000 + b"\n", "invalid TOML: nested too deeply to read"),
        (b'[tool.pod-resources]\nselect = "\xff"\n', "invalid TOML: not UTF-8 text (byte 0xff at offset 31)"),
    ],
)
def test_a_bad_pyproject_is_named_with_exit_2(tmp_path: Path, toml: bytes, message: str) -> None:
    (tmp_path / "pyproject.toml").write_bytes(toml)
    (tmp_path / "pod.yaml").write_text((EXAMPLES / "pods" / "web-sidecar.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    done = run(["lint", "pod.yaml"], cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith("pod-resources: error: ") and str(tmp_path / "pyproject.toml") in line and message in line


STARTUP_INTERRUPT = """
import os, signal, sys
after = int(sys.argv[1])
sys.argv = ["/usr/local/bin/pod-resources", *sys.argv[2:]]  # as the console script's wrapper sets it
seen = 0
def hook(event, args):
    global seen
    if event == "import" and str(args[0]).startswith("pod_resources_cli"):
        seen += 1
        if seen == after:
            os.kill(os.getpid(), signal.SIGINT)
sys.addaudithook(hook)
from pod_resources_cli.cli import main  # the wrapper's first line
code = main()
print(seen, file=sys.stderr)
sys.exit(code)
"""


def test_ctrl_c_while_the_program_starts_exits_130_quietly() -> None:
    """SIGINT delivered as each of the package's modules starts to load (an
    audit hook on "import"): from the package's first statement on, the
    handler is in place. The first two events ("pod_resources_cli.cli", then
    the package itself) come before that statement runs: the import system's
    time, not the program's (docs/security.md)."""
    args = ["explain", str(EXAMPLES / "pods" / "web-sidecar.yaml")]
    whole = subprocess.run([sys.executable, "-c", STARTUP_INTERRUPT, "0", *args], capture_output=True, text=True, timeout=120, check=False)
    assert whole.returncode == 0, whole.stderr
    count = int(whole.stderr.strip().splitlines()[-1])
    assert count > 20  # the modules an explain loads
    for after in sorted({3, 4, 5, 6, count // 4, count // 2, count - 1, count}):
        done = subprocess.run([sys.executable, "-c", STARTUP_INTERRUPT, str(after), *args], capture_output=True, text=True, timeout=120,
                              check=False)  # fmt: skip
        assert (done.returncode, done.stderr) == (130, ""), after
