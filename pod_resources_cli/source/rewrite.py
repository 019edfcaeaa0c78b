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
