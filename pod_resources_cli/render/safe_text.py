"""Names from manifests, made safe to print on one terminal or CI-log line.

Object and container names come from untrusted manifests (pull requests
nobody reviewed yet). Escape sequences, carriage returns, newlines and bidi
overrides in them could clear the screen, rewrite an earlier line, forge a
CI annotation or reorder what a reviewer reads; they are shown escaped
(``\\x1b``, ``\\u202e``) instead, as Go's ``%q`` shows them.
"""

from __future__ import annotations

import re
from typing import Final

# C0 and C1 controls (tab included: one finding is one line) and the Unicode
# bidi controls.
_UNSAFE: Final = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control or bidi character escaped."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text
