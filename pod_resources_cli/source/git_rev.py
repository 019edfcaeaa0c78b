"""What git knows of a revision, for ``lint --new-from-rev REV``: the commit
REV names, the lines changed since (the working tree against it), and the
files as they were (written into a directory of ours).

How git runs (no shell, no prompt, no network, a time limit...) is
source/git_process.py's. REV is checked so it cannot be read as an option
(no leading ``-``, ``--end-of-options``). Files are read as blobs (``git
cat-file``), never checked out: no attributes, filters or hooks apply,
symlinks and submodules are left out, and a path that would leave the
directory written to is skipped.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable
from typing import IO, Final

from pod_resources_cli.errors import InputError, UsageError
from pod_resources_cli.source.git_process import Git, Repo, find_git, run_git, said, stream

MAX_TREE_BYTES: Final = 1 << 30  # the files written at REV, together
_HUNK: Final = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_COMMIT: Final = re.compile(r"[0-9a-f]{40}(?:[0-9a-f]{24})?")
REGULAR_MODES: Final = (b"100644", b"100755")

Ranges = list[tuple[int, int]]  # first and last line, 1-based, inclusive


def open_repo(cwd: str) -> Repo:
    git = find_git()
    if git is None:
        raise InputError("--new-from-rev needs git: none on PATH (only absolute PATH entries are searched)")
    done = run_git(git, cwd, "rev-parse", "--show-toplevel")
    if done.returncode != 0:
        raise InputError(f"--new-from-rev: {cwd} is not in a git work tree ({said(done)})")
    return Repo(git, os.path.realpath(done.stdout.decode("utf-8", "surrogateescape").rstrip("\n")))


def resolve_commit(repo: Repo, rev: str) -> str:
    """The commit REV names; UsageError (exit 2) saying how to get it when it is not there."""
    if not rev or rev.startswith("-") or any(ord(c) < 32 for c in rev):
        raise UsageError(f"--new-from-rev {rev!r}: not a revision (a branch, tag or commit; it cannot start with -)")
    done = run_git(repo.git, repo.top, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    commit = done.stdout.decode("ascii", "replace").strip()
    if done.returncode == 0 and _COMMIT.fullmatch(commit):
        return commit
    shallow = run_git(repo.git, repo.top, "rev-parse", "--is-shallow-repository").stdout.strip() == b"true"
    if shallow:
        raise UsageError(
            f"--new-from-rev {rev}: no such commit in this shallow clone; fetch the history first "
            f"(actions/checkout with fetch-depth: 0, GIT_DEPTH: 0 in GitLab, or git fetch --deepen=N / git fetch origin {rev})"
        )
    raise UsageError(f"--new-from-rev {rev}: no such commit in this repository (fetch it first, e.g. git fetch origin {rev})")


def changed_lines(repo: Repo, commit: str) -> dict[str, Ranges]:
    """The lines of each file (relative to the top, ``/``-separated) that
    differ from ``commit`` in the working tree: added or changed lines, and
    the two lines around a deletion. Files deleted since are left out;
    untracked files are not listed (nothing of them was there at REV)."""
    args = ("diff", "--no-ext-diff", "--no-textconv", "--no-color", "--no-renames", "-U0", "--src-prefix=a/", "--dst-prefix=b/", commit, "--")
    out: dict[str, Ranges] = {}
    current: Ranges | None = None
    skip = 0
    for line in stream(repo, args):
        if skip:
            if not line.startswith(b"\\"):
                skip -= 1
            continue
        if line.startswith(b"+++ "):
            name = line[4:].rstrip(b"\n")
            if not name.startswith(b'"') and name.endswith(b"\t"):
                name = name[:-1]  # git ends a name that holds a space with a tab (a tab of its own is quoted)
            current = None if name == b"/dev/null" else out.setdefault(_unquote(name)[2:], [])
        elif (hunk := _HUNK.match(line)) is not None and current is not None:
            old = int(hunk[2]) if hunk[2] is not None else 1
            start, count = int(hunk[3]), int(hunk[4]) if hunk[4] is not None else 1
            current.append((start, start + count - 1) if count else (max(start, 1), start + 1))
            skip = old + count
    return out


def tree_files(repo: Repo, commit: str, wanted: Callable[[str], bool]) -> list[tuple[str, str, int]]:
    """(path, blob, size) of the regular files of ``commit`` that ``wanted`` takes."""
    out: list[tuple[str, str, int]] = []
    total = 0
    for record in stream(repo, ("ls-tree", "-r", "-z", "-l", "--full-tree", commit), sep=b"\0"):
        meta, _, name = record.rstrip(b"\0").partition(b"\t")
        parts = meta.split()
        if len(parts) != 4 or parts[0] not in REGULAR_MODES or parts[1] != b"blob":
            continue  # symlinks, submodules
        path = name.decode("utf-8", "surrogateescape")
        if not wanted(path) or not _safe(path):
            continue
        size = int(parts[3])
        total += size
        if total > MAX_TREE_BYTES:
            raise InputError(f"--new-from-rev: the files to read at {commit[:12]} exceed {MAX_TREE_BYTES >> 20} MiB: lint fewer paths")
        out.append((path, parts[2].decode("ascii"), size))
    return out


def write_blobs(repo: Repo, files: list[tuple[str, str, int]], dest: str) -> None:
    """Writes each file's blob under ``dest`` (one ``git cat-file --batch``)."""
    if not files:
        return
    with tempfile.TemporaryFile() as request:
        request.write(b"".join(blob.encode("ascii") + b"\n" for _, blob, _ in files))
        request.seek(0)
        git = Git(repo, ("cat-file", "--batch"), stdin=request)
        try:
            for path, blob, size in files:
                header = git.out.readline().split()
                if len(header) != 3 or header[0].decode("ascii", "replace") != blob or int(header[2]) != size:
                    git.check()
                    raise InputError(f"--new-from-rev: git cat-file gave no blob {blob} for {path} (a partial clone? fetch it first)")
                target = os.path.join(dest, *path.split("/"))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "xb") as fh:
                    _copy(git.out, fh, size)
                git.out.read(1)  # the newline after each object
            git.proc.wait()
            git.check()
        finally:
            git.finish()


def _copy(src: IO[bytes], dst: IO[bytes], size: int) -> None:
    while size:
        chunk = src.read(min(size, 1 << 20))
        if not chunk:
            raise InputError("--new-from-rev: git cat-file stopped early")
        dst.write(chunk)
        size -= len(chunk)


def _safe(path: str) -> bool:
    """A tree path that stays inside the directory it is written to."""
    parts = path.split("/")
    return not path.startswith("/") and all(p not in ("", ".", "..", ".git") for p in parts) and "\\" not in path


_ESCAPES: Final = {b"a": 7, b"b": 8, b"t": 9, b"n": 10, b"v": 11, b"f": 12, b"r": 13, b'"': 34, b"\\": 92}


def _unquote(name: bytes) -> str:
    """A path as git prints it: C-quoted when it holds a quote, a backslash or a control character."""
    if not (name.startswith(b'"') and name.endswith(b'"')):
        return name.decode("utf-8", "surrogateescape")
    out = bytearray()
    body, i = name[1:-1], 0
    while i < len(body):
        if body[i : i + 1] == b"\\" and i + 1 < len(body):
            nxt = body[i + 1 : i + 2]
            if nxt.isdigit() and i + 3 < len(body) + 1:
                out.append(int(body[i + 1 : i + 4], 8) & 0xFF)
                i += 4
                continue
            out.append(_ESCAPES.get(nxt, nxt[0]))
            i += 2
            continue
        out.append(body[i])
        i += 1
    return out.decode("utf-8", "surrogateescape")
