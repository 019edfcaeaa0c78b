"""The loader's guards against hostile input, each one raisable by an option.

Every limit is per document, and a document over a limit becomes a located
parse failure; the rest of the stream is still read.

- ``max_document_bytes`` (``--max-document-bytes``, default 16 MiB): bytes in
  one YAML document. The API server refuses request bodies over 3 MiB, so a
  real manifest is far below; ``kind: List`` dumps of a whole cluster may need
  more. A larger document is skipped without being held in memory.
- ``max_depth`` (``--max-depth``, default 500): nesting of mappings and
  sequences. Kubernetes objects rarely exceed 20 levels, CRD schemas 60. The
  loader itself does not recurse, so any value is safe to set; the levels are
  counted by the project from libyaml's events, whatever libyaml's own limit
  (0.2.6 stops at 1000 levels; past it the message names that limit).
- ``max_aliases`` (``--max-aliases``, default 100,000): values that aliases
  may repeat in one document, each alias counting the size of what it
  repeats. This stops "billion laughs" alias bombs, whose few bytes expand to
  billions of values, while anchors for shared blocks stay usable.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.records import dataclass

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


def depth_message(max_depth: int) -> str:
    return f"nesting deeper than {max_depth} levels (raise {OPTION['max_depth']})"


def format_bytes(n: int) -> str:
    """``16 MiB``, ``1.5 KiB``, ``300 bytes``: for messages."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            whole, tenths = n // size, (n % size) * 10 // size
            return f"{whole} {unit}" if n % size == 0 else f"{whole}.{tenths} {unit}"
    return f"{n} bytes"


def parse_size(text: str) -> int:
    """A byte count as the options take it: ``67108864``, ``64Mi``, ``100M``, ``1Gi``
    (a Kubernetes quantity, whole bytes). Raises ValueError with the reason."""
    from pod_resources_cli.quantity import QuantityError, parse_quantity

    try:
        quantity = parse_quantity(text)
    except QuantityError as exc:
        raise ValueError(f"{text!r} is not a size: {exc}") from None
    if quantity.nanos <= 0 or quantity.nanos % 10**9:
        raise ValueError(f"{text!r} is not a whole, positive number of bytes")
    return quantity.value()


def limits_from_options(
    max_document_bytes: str | int | None = None, max_depth: int | None = None, max_aliases: int | None = None
) -> Limits:
    """Limits from the command line's options; ``None`` keeps a default.
    Raises ValueError naming the option, for the CLI to report (exit 2)."""
    values: dict[str, int] = {}
    if max_document_bytes is not None:
        try:
            values["max_document_bytes"] = (
                max_document_bytes if isinstance(max_document_bytes, int) else parse_size(max_document_bytes)
            )
        except ValueError as exc:
            raise ValueError(f"{OPTION['max_document_bytes']}: {exc}") from None
    if max_depth is not None:
        values["max_depth"] = max_depth
    if max_aliases is not None:
        values["max_aliases"] = max_aliases
    for name, value in values.items():
        if value < 1:
            raise ValueError(f"{OPTION[name]}: must be at least 1, not {value}")
    return Limits(**values)
