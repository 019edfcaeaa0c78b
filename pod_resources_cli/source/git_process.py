"""Running git for ``lint --new-from-rev`` (source/git_rev.py), with the
repository untrusted (CI runs on pull requests): the ``git`` of an absolute
PATH entry only (never ``.`` or an empty entry, which mean the current
directory); never through a shell; a time limit on every call; standard
input closed (or fed by us); no pager, no prompt (``GIT_TERMINAL_PROMPT=0``,
no askpass program), no network (every transport refused:
``protocol.allow=never``, ``GIT_NO_LAZY_FETCH``; a partial clone's missing
object is an error, never a fetch), no fsmonitor, no optional locks (the
index is not rewritten). Output is read as it comes, never all in memory.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from typing import IO, Final

from pod_resources_cli.errors import InputError
from pod_resources_cli.records import dataclass
from pod_resources_cli.source.programs import find_program

TIMEOUT_SECONDS: Final = 120
_CONFIG: Final = ("-c", "core.quotepath=off", "-c", "protocol.allow=never", "-c", "core.fsmonitor=false", "-c", "core.pager=cat")


@dataclass(frozen=True, slots=True)
class Repo:
    git: str  # an absolute path
    top: str  # the work tree's top directory


def find_git(path: str | None = None) -> str | None:
    """``git`` on the absolute entries of PATH (source/programs.py); None if there is none."""
    return find_program("git", path)


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GIT_ASKPASS", "SSH_ASKPASS", "GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER")}
    env.update(GIT_TERMINAL_PROMPT="0", GIT_NO_LAZY_FETCH="1", GIT_OPTIONAL_LOCKS="0", GCM_INTERACTIVE="never", LC_ALL="C")
    return env


def run_git(git: str, cwd: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(
            [git, "--no-pager", *_CONFIG, *args], cwd=cwd, env=_env(), stdin=subprocess.DEVNULL, capture_output=True,
            timeout=TIMEOUT_SECONDS, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        raise InputError(f"--new-from-rev: git {args[0]} did not finish in {TIMEOUT_SECONDS} s") from None
    except OSError as exc:
        raise InputError(f"--new-from-rev: cannot run {git}: {exc.strerror or exc}") from None


def said(done: subprocess.CompletedProcess[bytes]) -> str:
    lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[0][:300] if lines else f"exit status {done.returncode}"


class Git:
    """A git process whose output is read as it comes; killed when the time limit passes."""

    def __init__(self, repo: Repo, args: tuple[str, ...], stdin: IO[bytes] | int = subprocess.DEVNULL) -> None:
        import threading

        self.what = f"git {args[0]}"
        try:
            self.proc = subprocess.Popen(
                [repo.git, "--no-pager", *_CONFIG, *args], cwd=repo.top, env=_env(), stdin=stdin, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
        except OSError as exc:
            raise InputError(f"--new-from-rev: cannot run {repo.git}: {exc.strerror or exc}") from None
        self.expired = False
        self.timer = threading.Timer(TIMEOUT_SECONDS, self._expire)
        self.timer.daemon = True
        self.timer.start()
        assert self.proc.stdout is not None
        self.out: IO[bytes] = self.proc.stdout

    def _expire(self) -> None:
        self.expired = True
        self.proc.kill()

    def finish(self) -> None:
        """Waits for git (killed if still running: the caller gave up)."""
        self.timer.cancel()
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.out.close()

    def check(self) -> None:
        """InputError if git failed or ran out of time."""
        self.finish()
        if self.expired:
            raise InputError(f"--new-from-rev: {self.what} did not finish in {TIMEOUT_SECONDS} s")
        if self.proc.returncode != 0:
            raise InputError(f"--new-from-rev: {self.what} failed (exit status {self.proc.returncode})")


def stream(repo: Repo, args: tuple[str, ...], sep: bytes = b"\n") -> Iterator[bytes]:
    """git's output one record at a time (never all in memory), within the time limit."""
    git = Git(repo, args)
    pending = b""
    try:
        while block := git.out.read(1 << 16):
            *records, pending = (pending + block).split(sep)
            yield from (r + sep for r in records)
        if pending:
            yield pending
        git.proc.wait()
        git.check()
    finally:
        git.finish()
