"""The loader's guards against hostile input, each one raisable by an option.

Every limit is per document, and a document over a limit becomes a located
parse failure; the rest of the stream is still read.

- ``max_document_bytes`` (``--max-document-bytes``, default 16 MiB): bytes in
  one YAML document. The API server refuses request bodies over 3 MiB, so a
  real manifest is far below; ``kind: List`` dumps of a whole cluster may need
  more. A larger document is skipped without being held in memory.
- ``max_depth`` (``--max-depth``, default 500): nesting of mappings and
  sequences. Kubernetes objects rarely exceed 20 levels, CRD schemas 60. The
  loader itself does not recurse, so any value is safe to set.
- ``max_aliases`` (``--max-aliases``, default 100,000): values that aliases
  may repeat in one document, each alias counting the size of what it
  repeats. This stops "billion laughs" alias bombs, whose few bytes expand to
  billions of values, while anchors for shared blocks stay usable.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MIB: Final = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-document limits; see the module docstring for what each guards."""

    max_document_bytes: int = 16 * MIB
    max_depth: int = 500
    max_aliases: int = 100_000

    def __post_init__(self) -> None:
        for name in ("max_document_bytes", "max_depth", "max_aliases"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")


DEFAULT_LIMITS: Final = Limits()

# The CLI options that raise each limit, for messages.
OPTION: Final = {
    "max_document_bytes": "--max-document-bytes",
    "max_depth": "--max-depth",
    "max_aliases": "--max-aliases",
}


def format_bytes(n: int) -> str:
    """``16 MiB``, ``1.5 KiB``, ``300 bytes``: for messages."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            whole, tenths = n // size, (n % size) * 10 // size
            return f"{whole} {unit}" if n % size == 0 else f"{whole}.{tenths} {unit}"
    return f"{n} bytes"
