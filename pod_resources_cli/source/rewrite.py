"""Writing a file in one step: a temporary file beside it, renamed over it.
A run killed half-way leaves the old text or the new, never a mix; the
file's permissions stay as they were (a new file gets the umask's)."""

from __future__ import annotations

import os
import stat

from pod_resources_cli.errors import InputError


def replace_file(path: str, data: bytes, what: str) -> None:
    """``data`` in ``path``; InputError (exit 2) naming ``what`` when it cannot be written."""
    import tempfile

    directory = os.path.dirname(os.path.abspath(path))
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode) if os.path.isfile(path) else 0o666 & ~_umask()
        fd, tmp = tempfile.mkstemp(prefix=".pod-resources-", dir=directory)
    except OSError as exc:
        raise InputError(f"{path}: cannot write {what}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputError(f"{path}: cannot write {what}: {exc.strerror or exc}") from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


MAX_EDIT_BYTES = 64 << 20


def read_for_edit(path: str) -> bytes | str:
    """A file's bytes before an edit, or why it is not edited: only a regular
    file named as it is (a symlink's target may be outside the repository, or
    shared), up to 64 MiB."""
    try:
        st = os.lstat(path)
        if stat.S_ISLNK(st.st_mode):
            return "a symlink: edit the file it points to"
        if not stat.S_ISREG(st.st_mode):
            return "not a regular file"
        if st.st_size > MAX_EDIT_BYTES:
            return f"larger than {MAX_EDIT_BYTES >> 20} MiB"
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as exc:
        return f"cannot read it: {exc.strerror or exc}"
