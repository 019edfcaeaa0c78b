"""The baseline: the findings a repository had when it adopted the linter,
recorded so that only new ones are reported.

Each finding is recorded by its fingerprint (lint/fingerprint.py, the
scheme SARIF's ``partialFingerprints`` use): the rule, the file, the object,
the container, the field and the message, never the line, so a finding
keeps its entry when lines above it move. Paths are relative to the
baseline file's directory, so the file means the same from any working
directory.

The file is JSON, one entry a line, sorted, with no timestamp or version:
two runs on the same findings write the same bytes, and a diff shows one
line per finding fixed or added. It is described by
``schemas/baseline.schema.json``; ``parse_baseline`` checks every field, so a
damaged or foreign file stops the run (exit 2), never reads as an empty
baseline.

Pure: bytes in, bytes out; reading and writing the file is run/'s.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final

from pod_resources_cli.errors import InputError
from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.fingerprint import SCHEME, iter_unique_fingerprints, report_path
from pod_resources_cli.records import dataclass, replace

API_VERSION: Final = "pod-resources/v1"
KIND: Final = "LintBaseline"
TOP_KEYS: Final = ("apiVersion", "kind", "fingerprints", "findings")
ENTRY_KEYS: Final = ("fingerprint", "rule", "path", "object", "container", "field", "message")
REQUIRED_ENTRY_KEYS: Final = ("fingerprint", "rule", "path", "message")
_FINGERPRINT: Final = re.compile(r"[0-9a-f]{32}")
_RULE: Final = re.compile(r"PR[0-9]{3}")


@dataclass(frozen=True, slots=True, order=True)
class BaselineEntry:
    """One recorded finding. Only the fingerprint is matched; the rest says,
    to a person reading the file or a stale entry, which finding it was."""

    path: str
    object: str | None
    rule: str
    container: str | None
    field: str | None
    message: str
    fingerprint: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "fingerprint": self.fingerprint, "rule": self.rule, "path": self.path, "object": self.object,
            "container": self.container, "field": self.field, "message": self.message,
        }  # fmt: skip

    def describe(self) -> str:
        """``k8s/web.yaml: PR131 Deployment shop/web, container app: <message>``."""
        about = ", ".join(p for p in (self.object, f"container {self.container}" if self.container else None) if p)
        return f"{self.path}: {self.rule} {about + ': ' if about else ''}{self.message}"


@dataclass(frozen=True, slots=True)
class Baseline:
    """The entries of a baseline file, and where it is (fingerprints are relative to its directory)."""

    entries: tuple[BaselineEntry, ...]
    source: str  # the file, as named to the user
    directory: str  # absolute: the paths of its fingerprints are relative to it

    def fingerprints(self) -> frozenset[str]:
        return frozenset(e.fingerprint for e in self.entries)


def _anchored(f: Finding, cwd: str) -> Finding:
    """The finding with its path absolute (findings name files relative to the
    working directory), so it can be made relative to the baseline's directory."""
    path = f.location.path.replace("\\", "/")
    if posixpath.isabs(path):
        return f
    return replace(f, location=replace(f.location, path=posixpath.join(cwd, path)))


def keyed(findings: Sequence[Finding], directory: str, cwd: str) -> Iterator[tuple[Finding, str]]:
    """Each finding with its baseline fingerprint (unique in the run: the
    same finding twice gets two), in the findings' order, in bounded memory
    (a store of findings can be iterated twice at once)."""
    prints = iter_unique_fingerprints((_anchored(f, cwd) for f in findings), directory)
    return zip(findings, prints, strict=True)


def entry(f: Finding, fp: str, directory: str, cwd: str) -> BaselineEntry:
    path = report_path(_anchored(f, cwd).location.path, directory)
    obj = str(f.object) if f.object is not None else None
    return BaselineEntry(path, obj, f.rule, f.container, f.field, f.message, fp)


def baseline_bytes(entries: Iterable[BaselineEntry]) -> bytes:
    """The file: sorted entries, one a line (ASCII: any byte of a path or a
    message escaped), the same bytes for the same findings."""
    ordered = sorted(entries)
    head = f'{{\n  "apiVersion": "{API_VERSION}",\n  "kind": "{KIND}",\n  "fingerprints": "{SCHEME}",\n  "findings": ['
    if not ordered:
        return (head + "]\n}\n").encode("ascii")
    lines = ",\n".join("    " + json.dumps(e.as_dict(), ensure_ascii=True) for e in ordered)
    return (head + "\n" + lines + "\n  ]\n}\n").encode("ascii")


def parse_baseline(data: bytes, source: str, directory: str) -> Baseline:
    """A baseline file's entries; InputError (exit 2) naming what is wrong
    and where, for anything that is not a baseline this release wrote."""

    def fail(what: str) -> InputError:
        return InputError(f"{source}: not a pod-resources baseline: {what}; write one with `pod-resources lint --write-baseline {source}`")

    if not data.strip():
        raise fail("the file is empty")
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise fail(f"not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise fail(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise fail("nested too deeply") from None
    if not isinstance(doc, dict):
        raise fail(f"a JSON {_json_type(doc)}, not an object")
    if doc.get("kind") != KIND or doc.get("apiVersion") != API_VERSION:
        raise fail(f"expected apiVersion {API_VERSION} and kind {KIND}, found {_shown(doc.get('apiVersion'))} and {_shown(doc.get('kind'))}")
    unknown = [k for k in doc if k not in TOP_KEYS]
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}")
    if doc.get("fingerprints") != SCHEME:
        raise InputError(
            f"{source}: the baseline's fingerprints are {_shown(doc.get('fingerprints'))}, this release makes {SCHEME}: "
            f"record it again with `pod-resources lint --write-baseline {source}` (delete the file first)"
        )
    findings = doc.get("findings")
    if not isinstance(findings, list):
        raise fail("findings must be a list")
    entries: list[BaselineEntry] = []
    seen: set[str] = set()
    for i, raw in enumerate(findings):
        parsed = _entry(raw)
        if isinstance(parsed, str):
            raise fail(f"findings[{i}]: {parsed}")
        if parsed.fingerprint in seen:
            raise fail(f"findings[{i}]: fingerprint {parsed.fingerprint} appears twice")
        seen.add(parsed.fingerprint)
        entries.append(parsed)
    return Baseline(tuple(entries), source, directory)


def _entry(raw: Any) -> BaselineEntry | str:
    """An entry, or what is wrong with it."""
    if not isinstance(raw, dict):
        return f"a JSON {_json_type(raw)}, not an object"
    for key in raw:
        if key not in ENTRY_KEYS:
            return f"unknown key {key!r}"
    for key in REQUIRED_ENTRY_KEYS:
        if not isinstance(raw.get(key), str):
            return f"{key} must be a string"
    for key in ("object", "container", "field"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            return f"{key} must be a string or null"
    if not _FINGERPRINT.fullmatch(raw["fingerprint"]):
        return f"fingerprint {_shown(raw['fingerprint'])} is not 32 hexadecimal digits"
    if not _RULE.fullmatch(raw["rule"]):
        return f"rule {_shown(raw['rule'])} is not a rule code (PRnnn)"
    return BaselineEntry(raw["path"], raw.get("object"), raw["rule"], raw.get("container"), raw.get("field"), raw["message"], raw["fingerprint"])


def _json_type(value: Any) -> str:
    return {list: "array", str: "string", bool: "boolean", int: "number", float: "number", type(None): "null"}.get(type(value), "value")


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True) if value is not None else "none"
    return text if len(text) <= 60 else text[:57] + "..."
