"""Finding a program (helm, kustomize, kubectl, git) on PATH.

Only absolute PATH entries are looked in: an empty or relative entry means
the working directory, which in CI is the repository being linted, so
``./kustomize`` there would run the pull request's own code (Go's
exec.LookPath refuses it since Go 1.19 for the same reason). shutil.which is
not used: it honours such entries, and it imports shutil's compression
modules on every pre-commit run.
"""

from __future__ import annotations

import os


def find_program(name: str, path: str | None = None) -> str | None:
    """``name`` on the absolute entries of ``path`` (default: PATH); None if there is none."""
    for directory in (os.environ.get("PATH", os.defpath) if path is None else path).split(os.pathsep):
        if not directory or not os.path.isabs(directory):
            continue
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None
