"""Text from the input, made safe for each medium it is printed to.

Names, paths, values and messages come from untrusted manifests and file
names (pull requests nobody reviewed yet). One function per medium, used by
every renderer and every error message:

- ``printable``: terminals and CI logs. Escape sequences (``\x1b[2J`` clears
  the screen, OSC 8 plants a hyperlink), carriage returns and newlines (one
  finding is one line; a new line could start a forged ``::error`` workflow
  command; so are U+2028/U+2029, the line and paragraph separators), bidi overrides and zero-width characters (they reorder or hide
  what a reviewer reads) are shown escaped (``\x1b``, ``\u202e``), as Go's
  ``%q`` shows them.
- ``github_data`` / ``github_property``: GitHub workflow commands, escaped as
  the Actions toolkit escapes them (``%``, CR, LF; and ``:`` ``,`` in
  properties), after ``printable``.
- ``xml_text``: JUnit XML and SVG. XML 1.0 forbids most C0 controls, lone
  surrogates and U+FFFE/U+FFFF even as character references, so they are
  shown escaped; the bidi and zero-width characters too. Tab, LF and CR are
  kept (multi-line failure texts); the XML writer escapes ``<&"``.
- JSON needs nothing more: the encoder escapes every control character.
"""

from __future__ import annotations

import re
from typing import Final

_BIDI_AND_INVISIBLE: Final = "\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
# Unicode's line and paragraph separators: a terminal or editor may break the line there.
_SEPARATORS: Final = "\u2028\u2029"
# C0 and C1 controls (tab included: one finding is one line), bidi and zero-width characters.
_UNSAFE: Final = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_AND_INVISIBLE}{_SEPARATORS}]")
# What XML 1.0 cannot hold, and what a reader should not be shown raw.
_XML_UNSAFE: Final = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff{_BIDI_AND_INVISIBLE}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` for a terminal or a log line: every control, bidi or zero-width character escaped."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


def github_data(text: str) -> str:
    """The message part of a workflow command (``::error ...::MESSAGE``)."""
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def github_property(text: str) -> str:
    """A property value of a workflow command (``file=...,title=...``)."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def xml_text(text: str) -> str:
    """``text`` for an XML document (JUnit, SVG): what XML cannot hold, and
    what would mislead a reader, escaped; the writer escapes the markup."""
    return _XML_UNSAFE.sub(_escape, text) if _XML_UNSAFE.search(text) else text
