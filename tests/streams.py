"""Inputs that can be read only once, as the shell hands them over:
``<(cat file)`` is a pipe named ``/dev/fd/N``."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def pipe_path(text: str) -> Iterator[str]:
    """The ``/dev/fd`` name of a pipe a thread fills with ``text``, then closes."""
    read_fd, write_fd = os.pipe()

    def feed() -> None:
        try:
            with os.fdopen(write_fd, "wb") as fh:
                fh.write(text.encode())
        except BrokenPipeError:
            pass  # the reader gave up (a failing test): nothing to report here

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        yield f"/dev/fd/{read_fd}"
    finally:
        os.close(read_fd)
        writer.join(timeout=10)
