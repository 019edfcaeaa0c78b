"""Running a renderer (helm, kustomize) on a repository nobody has reviewed.

The renderer is a real program reading hostile input, so it runs:

- **offline**, in an environment built from nothing: ``PATH`` keeps only
  the absolute entries of the run's own (a tool installed as a script, an
  asdf or mise shim, still finds its interpreter; an empty or relative entry
  would find programs in the repository), ``HOME``, the XDG and Helm
  directories point into an empty temporary directory, ``KUBECONFIG`` to
  a file there whose only cluster is ``http://127.0.0.1:0`` (kubectl
  kustomize through Google Cloud SDK's kubectl dispatcher asks the server's
  ``/version`` to pick a kubectl; with no kubeconfig that is
  localhost:8080, which a runner's own service may answer, slowly: nothing
  can listen on port 0),
  git (which kustomize runs for a remote base) is allowed no transport at
  all (``GIT_ALLOW_PROTOCOL`` empty), reads no system or global
  configuration and never prompts, and no proxy variable is passed. Nothing
  else of the runner's environment reaches it: older kustomize releases
  filled an env file's bare key from their environment, and CI keeps
  secrets there;
- **bounded**: a time limit (the process group is killed when it is over),
  an output limit (standard output is copied, as it comes, to an anonymous
  temporary file, so it is never held in memory, and the process is killed
  past the limit), an address-space limit (on Linux: set by a small Python
  launcher before it executes the tool, so no allocation comes before it; a
  ``prlimit`` from the parent after the start raced a fast child), and at
  most ``STDERR_KEPT`` bytes of what it says on standard error;
- with standard input closed, in a new session, never through a shell.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Final

from pod_resources_cli.records import dataclass

if TYPE_CHECKING:
    import subprocess

STDERR_KEPT: Final = 64 * 1024
_BLOCK: Final = 64 * 1024
_EXEC_FAILED: Final = "pod-resources: cannot run: "
# The launcher: -I -S, nothing of the environment, the working directory or site-packages is read; the limit is
# set, then the tool replaces it (the same PATH lookup as Popen's, in the offline environment)
_LAUNCHER: Final = (
    "import os, resource, sys\n"
    "n = int(sys.argv[1])\n"
    "resource.setrlimit(resource.RLIMIT_AS, (n, n))\n"
    "try:\n"
    "    os.execvp(sys.argv[2], sys.argv[2:])\n"
    "except OSError as e:\n"
    f"    sys.stderr.write({_EXEC_FAILED!r} + (e.strerror or str(e)))\n"
    "    sys.stderr.flush()\n"
    "    os._exit(127)\n"
)


@dataclass(frozen=True, slots=True)
class ToolLimits:
    """What one renderer run may take."""

    seconds: float = 120
    output_bytes: int = 256 << 20
    memory_bytes: int = 4 << 30  # address space: Go reserves much more than it uses


DEFAULT_TOOL_LIMITS: Final = ToolLimits()


class ToolFailed(Exception):
    """The tool failed or went over a limit; ``said`` is what it printed on
    stderr; ``exited``: it ended on its own with a failure status."""

    def __init__(self, message: str, said: str = "", *, exited: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.said = said
        self.exited = exited


def offline_env(home: str) -> dict[str, str]:
    """An environment that cannot fetch, prompt or read the runner's settings."""
    dirs = {name: os.path.join(home, name) for name in ("config", "cache", "data", "state", "tmp")}
    for path in dirs.values():
        os.makedirs(path, exist_ok=True)
    entries = [e for e in os.environ.get("PATH", os.defpath).split(os.pathsep) if os.path.isabs(e)]
    return {
        "PATH": os.pathsep.join(dict.fromkeys(entries)) or os.defpath,
        "HOME": home,
        "TMPDIR": dirs["tmp"],
        "LANG": "C.UTF-8",
        "XDG_CONFIG_HOME": dirs["config"],
        "XDG_CACHE_HOME": dirs["cache"],
        "XDG_DATA_HOME": dirs["data"],
        "XDG_STATE_HOME": dirs["state"],
        "HELM_CONFIG_HOME": dirs["config"],
        "HELM_CACHE_HOME": dirs["cache"],
        "HELM_DATA_HOME": dirs["data"],
        "HELM_PLUGINS": os.path.join(dirs["data"], "plugins"),
        "KUBECONFIG": _unreachable_kubeconfig(home),
        "KUSTOMIZE_PLUGIN_HOME": os.path.join(dirs["config"], "kustomize", "plugin"),
        "GIT_ALLOW_PROTOCOL": "",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }


_KUBECONFIG: Final = """apiVersion: v1
kind: Config
clusters:
- name: none
  cluster: {server: "http://127.0.0.1:0"}
contexts:
- name: none
  context: {cluster: none}
current-context: none
"""


def _unreachable_kubeconfig(home: str) -> str:
    path = os.path.join(home, "kubeconfig")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(_KUBECONFIG)
    return path


def run_tool(argv: Sequence[str], limits: ToolLimits = DEFAULT_TOOL_LIMITS) -> IO[bytes]:
    """Standard output of ``argv`` (an anonymous temporary file, at its
    start). Raises ToolFailed when it cannot run, fails or goes over a limit."""
    import subprocess
    import tempfile

    import sys

    out = tempfile.TemporaryFile(prefix="pod-resources-render-")
    launched = list(argv)
    if sys.platform.startswith("linux") and sys.executable:  # elsewhere the time and output limits still hold
        launched = [sys.executable, "-I", "-S", "-c", _LAUNCHER, str(limits.memory_bytes), *argv]
    try:
        with tempfile.TemporaryDirectory(prefix="pod-resources-home-") as home:
            try:
                child = subprocess.Popen(
                    launched, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    env=offline_env(home), cwd=home, start_new_session=True,
                )  # fmt: skip
            except OSError as exc:
                raise ToolFailed(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
            try:
                _pump(child, out, limits, os.path.basename(argv[0]))
            except ToolFailed as failed:
                if failed.exited and failed.said.startswith(_EXEC_FAILED):
                    raise ToolFailed(f"cannot run {argv[0]}: {failed.said[len(_EXEC_FAILED) :]}") from None
                raise
        out.seek(0)
        return out
    except BaseException:
        out.close()
        raise


def _pump(child: subprocess.Popen[bytes], out: IO[bytes], limits: ToolLimits, name: str) -> str:
    """Copies the child's output until it exits; its stderr (the start of it) when it succeeds."""
    import selectors
    import subprocess

    assert child.stdout is not None and child.stderr is not None
    deadline = time.monotonic() + limits.seconds
    written = 0
    said = bytearray()
    selector = selectors.DefaultSelector()
    selector.register(child.stdout, selectors.EVENT_READ)
    selector.register(child.stderr, selectors.EVENT_READ)
    failure: str | None = None
    try:
        while selector.get_map() and failure is None:
            left = deadline - time.monotonic()
            if left <= 0:
                failure = f"{name} did not finish in {limits.seconds:g} s"
                break
            for key, _ in selector.select(timeout=min(left, 1.0)):
                block = os.read(key.fd, _BLOCK)
                if not block:
                    selector.unregister(key.fileobj)
                elif key.fileobj is child.stdout:
                    written += len(block)
                    if written > limits.output_bytes:
                        failure = f"{name} printed more than {limits.output_bytes >> 20} MiB"
                        break
                    out.write(block)
                elif len(said) < STDERR_KEPT:
                    said += block[: STDERR_KEPT - len(said)]
    finally:
        selector.close()
        if failure is not None:
            _kill(child)
    text = said.decode("utf-8", "replace")
    if failure is not None:
        child.wait()
        raise ToolFailed(failure, text)
    try:
        code = child.wait(timeout=max(deadline - time.monotonic(), 0.1))
    except subprocess.TimeoutExpired:  # it closed its output but goes on
        _kill(child)
        child.wait()
        raise ToolFailed(f"{name} did not finish in {limits.seconds:g} s", text) from None
    finally:
        child.stdout.close()
        child.stderr.close()
    if code != 0:
        if "out of memory" in text or "cannot allocate memory" in text:
            raise ToolFailed(f"{name} went over its memory limit ({limits.memory_bytes >> 20} MiB of address space)", text)
        raise ToolFailed(f"{name} failed (exit status {code})", text, exited=True)
    return text


def _kill(child: subprocess.Popen[bytes]) -> None:
    import signal

    try:
        os.killpg(child.pid, signal.SIGKILL)
    except OSError:
        pass
