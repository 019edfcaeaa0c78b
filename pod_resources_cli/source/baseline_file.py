"""Reading and writing a baseline file (lint --baseline, --write-baseline).

A baseline named by a repository's configuration is the repository's: it
must be a regular file inside the configuration's directory once symlinks
are resolved (the configuration is untrusted input in CI; lint/config.py
already refuses absolute and ``..`` paths). A path on the command line is
the user's and is read wherever it is. Either way the file is read whole,
up to a size bound, and written in one step (a temporary file renamed over
it), so a run killed half-way leaves the old baseline or the new one.
"""

from __future__ import annotations

import os
import stat
from typing import Final

from pod_resources_cli.errors import ConfigError, InputError

MAX_BYTES: Final = 256 << 20  # 256 MiB: about 600,000 entries


def baseline_exists(path: str) -> bool:
    return os.path.lexists(path)


def read_baseline_file(path: str, root: str | None = None) -> bytes:
    """The file's bytes; ``root``: it must lie inside this directory (a
    configuration's baseline). InputError or ConfigError (exit 2) otherwise."""
    if root is not None:
        real, inside = os.path.realpath(path), os.path.realpath(root)
        if os.path.commonpath([real, inside]) != inside:
            raise ConfigError(f"{path}: the configuration's baseline resolves to {real}, outside {inside}: a repository's configuration names files inside it")
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{path}: not a pod-resources baseline: not a regular file")
        if st.st_size > MAX_BYTES:
            raise InputError(f"{path}: not a pod-resources baseline: larger than {MAX_BYTES >> 20} MiB")
        with open(path, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InputError(f"{path}: no such baseline file; record one with `pod-resources lint --write-baseline {path}`") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read the baseline: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise InputError(f"{path}: not a pod-resources baseline: larger than {MAX_BYTES >> 20} MiB")
    return data


def write_baseline_file(path: str, data: bytes) -> None:
    from pod_resources_cli.source.rewrite import replace_file

    replace_file(path, data, "the baseline")


def same_file(a: str, b: str) -> bool:
    """Do two paths name the same file (whether it exists or not)?"""
    return os.path.realpath(a) == os.path.realpath(b)
