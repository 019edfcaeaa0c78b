"""Where a finding is, as CI systems want it: percent-encoded URIs of the
paths relative to the repository (the directory the run started in). The
relative paths and the fingerprints that survive moved lines are lint's
(lint/fingerprint.py: the baseline uses them too).

Pure string work: the run's directory is passed in (``base_dir``), nothing
here looks at the file system.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote



def uri_of(path: str) -> str:
    """RFC 3986 percent-encoding of a path (``/`` kept); a file name that is
    not UTF-8 is encoded from its original bytes."""
    return quote(path.encode("utf-8", "surrogateescape"), safe="/")


def directory_uri(base_dir: str) -> str:
    """``file:///work/repo/``: the form SARIF's originalUriBaseIds take (a trailing slash)."""
    text = posixpath.normpath(base_dir.replace("\\", "/"))
    if not text.startswith("/"):
        text = "/" + text  # C:/x -> /C:/x
    return "file://" + uri_of(text.rstrip("/") + "/")
