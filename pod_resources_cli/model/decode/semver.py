"""Versions compared as golang.org/x/mod/semver's Compare does, for the kind
tables' version tests (kind_types.FieldIn ``since``: cass-operator's
Cassandra 4.1.0 and later, a Percona ``crVersion``)."""

from __future__ import annotations

import re
from typing import Final

_NUMBER: Final = r"(0|[1-9][0-9]*)"
_IDENTS: Final = r"[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*"
_SEMVER: Final = re.compile(rf"{_NUMBER}(?:\.{_NUMBER}(?:\.{_NUMBER}(?:-({_IDENTS}))?(?:\+{_IDENTS})?)?)?")


def semver_compare(a: str, b: str) -> int:
    """golang.org/x/mod/semver Compare of ``a`` and ``b``, each with a ``v``
    put before it (so ``v4.1.0`` is no version): -1, 0 or 1. ``1`` and
    ``1.2`` stand for ``1.0.0`` and ``1.2.0``, build metadata is ignored, a
    prerelease is lower than its release, and a string that is no version
    is lower than any version."""
    pa, pb = _parsed(a), _parsed(b)
    if pa is None or pb is None:
        return (pa is not None) - (pb is not None)
    if pa[0] != pb[0]:
        return -1 if pa[0] < pb[0] else 1
    return _prerelease_compare(pa[1], pb[1])


def _parsed(text: str) -> tuple[tuple[int, int, int], str] | None:
    found = _SEMVER.fullmatch(text)
    if found is None:
        return None
    major, minor, patch, pre = found.groups()
    return (int(major), int(minor or 0), int(patch or 0)), pre or ""


def _prerelease_compare(a: str, b: str) -> int:
    """Semantic Versioning 2.0.0 section 11: no prerelease is higher; numeric identifiers are lower than others."""
    if a == b:
        return 0
    if not a or not b:
        return 1 if not a else -1
    for x, y in zip(a.split("."), b.split(".")):
        if x == y:
            continue
        if x.isdigit() and y.isdigit():
            return -1 if int(x) < int(y) else 1
        if x.isdigit() != y.isdigit():
            return -1 if x.isdigit() else 1
        return -1 if x < y else 1
    return -1 if len(a.split(".")) < len(b.split(".")) else 1


# github.com/blang/semver (v3, v4) Parse: MAJOR.MINOR.PATCH all written, no ``v``, no leading zeros, also none in a
# numeric prerelease identifier
_PRE: Final = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
_STRICT: Final = re.compile(rf"{_NUMBER}\.{_NUMBER}\.{_NUMBER}(?:-{_PRE}(?:\.{_PRE})*)?(?:\+{_IDENTS})?")


def strict_semver(text: str) -> bool:
    """``text`` is a version blang/semver's Parse accepts (the Scylla operator's ScyllaVersion; anything else is its
    ``unknown`` version): ``2025.2.0``, ``2026.3.0-rc1``, not ``2025.2``, ``v2025.2.0`` or ``latest``. Such versions
    order as ``semver_compare`` orders them."""
    return _STRICT.fullmatch(text) is not None


def image_tag(image: str) -> str | None:
    """The tag of a container image reference (distribution/reference's NamedTagged ``Tag()``), None where it has
    none: a ``:`` after the last ``/``, before any ``@digest``; a reference with a digest and no tag has none."""
    name, _, _digest = image.partition("@")
    last = name.rpartition("/")[2]
    if ":" not in last:
        return None
    tag = last.rpartition(":")[2]
    return tag or None
