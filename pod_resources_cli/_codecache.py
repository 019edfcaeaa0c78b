"""Start-up: the methods records.py writes for each record class, package
data parsed once, and regular expressions, compiled once for all runs
instead of at every start.

A record class is defined by writing the source of its ``__init__``,
``__eq__``, ``__hash__``, ``__repr__`` and ``__setattr__`` and compiling
it; the hundred or so classes a one-file ``lint`` defines would spend
milliseconds compiling. The same text always compiles to the same code, so
``code_for`` keeps it by its text and a later run loads that code instead,
as Python itself keeps modules' code in ``__pycache__``. The code is kept
there too, per Python version, written only when the run compiled
something new and byte-code may be written (``PYTHONDONTWRITEBYTECODE``, a
read-only install: then every run compiles, as before). Nothing changes
what a class is: only where its code comes from. ``value_for`` does the
same for a package data file's parsed value.

Regular expressions alike: ``re`` turns a pattern into the code its C
engine runs (``_sre.compile``'s arguments) in Python, a millisecond for some
of the patterns PyYAML and this package compile at import. The same pattern
and flags always give the same arguments, so they are kept with the
classes' code (CPython 3.11 to 3.13, whose ``re._compiler.compile`` is the
function mirrored here; elsewhere patterns are compiled as before).
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]  # re's C engine: no stubs
import marshal
import os
import re as _re
import sys
from collections.abc import Callable
from types import CodeType
from typing import Any, Final



def _installed_as() -> str:
    """This file's modification time and size: an installer writes the
    package anew (an upgrade, a reinstall), which starts a new table instead
    of reading the old version's entries at every start after it (the file
    is not the installer's, so it outlives the version that wrote it)."""
    try:
        info = os.stat(__file__)
    except (OSError, NameError):
        return "unknown"
    return f"{info.st_mtime_ns} {info.st_size}"


_HEADER: Final = f"pod-resources start-up code 4 {sys.version} {sys.hexversion} {_installed_as()}\n".encode()
_PATH: Final = os.path.join(os.path.dirname(__file__), "__pycache__", f"start-up-code.{sys.implementation.cache_tag}.marshal")
_MAX_ENTRIES: Final = 4096  # a cache grown past this (many versions of the sources) keeps this run's entries only

# source text -> its code, marshalled: a run reads the whole table but makes
# code objects of the entries it uses only (other commands' classes stay bytes).
_codes: dict[str, bytes] = {}
_patterns: dict[tuple[str | bytes, int], bytes] = {}  # (pattern, flags) -> marshalled _sre.compile arguments
_used: set[object] = set()
_compiled = False


def _compile_pattern(pattern: Any, flags: int = 0) -> Any:
    """``re._compiler.compile`` of a str or bytes pattern, its result kept."""
    global _compiled
    if type(pattern) not in (str, bytes) or flags & _re.DEBUG:
        return _original_compile(pattern, flags)
    flags = int(flags)  # a RegexFlag from a direct caller: the table keeps plain values
    key = (pattern, flags)
    kept = _patterns.get(key)
    if kept is not None:
        args = marshal.loads(kept)
    else:
        parsed = _re._parser.parse(pattern, flags)  # type: ignore[attr-defined]
        code = [int(op) for op in _re._compiler._code(parsed, flags)]  # type: ignore[attr-defined]  # opcodes are int subclasses
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        args = (int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex, tuple(indexgroup))
        _patterns[key] = marshal.dumps(args)
        _compiled = True
    _used.add(key)
    return _sre.compile(pattern, *args)


def _same_pattern(pattern: str, flags: int) -> bool:
    """This Python's re compiles as _compile_pattern mirrors it (checked once, on a pattern with a
    named group, a back reference, a wide class and an inline flag)."""
    try:
        mine, theirs = _compile_pattern(pattern, flags), _original_compile(pattern, flags)
        _patterns.pop((pattern, flags), None)
        same = all(getattr(mine, a) == getattr(theirs, a) for a in ("flags", "groups", "groupindex", "pattern"))
        return same and all(bool(mine.fullmatch(t)) == bool(theirs.fullmatch(t)) for t in ("bb", "\U00010001X", "ab", "\x85\x85x"))
    except Exception:  # noqa: BLE001 -- any surprise: leave re as it is
        return False


_MIRRORED: Final = "verdict: re compiles as _compile_pattern mirrors it"


def _re_mirrored() -> bool:
    """_same_pattern's verdict, kept with the table: it compiles with re's own Python compiler (a
    tenth of the start) and holds for every run of this Python, which the table's header names."""
    global _compiled
    _used.add(_MIRRORED)
    if _codes.get(_MIRRORED) == b"same":
        return True
    if not _same_pattern(r"(?P<a>[^\t\n -~\x85\U00010000-\U0010ffff]+|b)\1*(?i:x)", 0):
        return False
    _codes[_MIRRORED] = b"same"
    _compiled = True
    return True


def code_for(source: str) -> CodeType:
    """The code of ``source`` (a record's methods, records.py), kept from run to run."""
    global _compiled
    kept = _codes.get(source)
    if kept is None:
        code: CodeType = compile(source, "<string>", "exec")
        _codes[source] = marshal.dumps(code)
        _compiled = True
    else:
        code = marshal.loads(kept)
    _used.add(source)
    return code


def value_for(text: str, parse: Callable[[str], Any]) -> Any:
    """``parse(text)`` for a package data file's text, the value kept from
    run to run like code (it must be what marshal writes: dicts, lists,
    strings, integers)."""
    global _compiled
    key = "value:" + text
    kept = _codes.get(key)
    if kept is not None:
        _used.add(key)
        return marshal.loads(kept)
    value = parse(text)
    try:
        _codes[key] = marshal.dumps(value)
    except ValueError:  # not a plain value: parsed again next run
        return value
    _compiled = True
    _used.add(key)
    return value


_installed = False


def install() -> None:
    """Keeps records' code and compiled patterns from run to run (once per process)."""
    global _original_compile, _installed
    if _installed:
        return
    _installed = True
    _load()
    compiler = getattr(_re, "_compiler", None)
    if sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13) and compiler is not None:
        _original_compile = compiler.compile
        if _re_mirrored():
            compiler.compile = _compile_pattern  # re._compile calls it by this name, for patterns not in its cache
    if not sys.flags.dont_write_bytecode:
        import atexit

        atexit.register(_save)


def _load() -> None:
    try:
        with open(_PATH, "rb") as fh:
            data = fh.read()
        if data.startswith(_HEADER):
            codes, patterns = marshal.loads(data[len(_HEADER) :])
            _codes.update(codes)
            _patterns.update(patterns)
    except (OSError, ValueError, EOFError, TypeError):  # also a table in another shape
        pass  # no cache yet, or one this Python cannot read: compile as before


def _save() -> None:
    if not _compiled or os.getpid() != _PID:  # a forked worker leaves it to the parent
        return
    codes, patterns = _codes, _patterns
    if len(codes) + len(patterns) > _MAX_ENTRIES:
        codes = {s: b for s, b in codes.items() if s in _used}
        patterns = {k: b for k, b in patterns.items() if k in _used}
    temporary = f"{_PATH}.{os.getpid()}.tmp"
    try:
        table = marshal.dumps((codes, patterns))
        os.makedirs(os.path.dirname(_PATH), exist_ok=True)
        with open(temporary, "wb") as fh:
            fh.write(_HEADER + table)
        os.replace(temporary, _PATH)  # whole or not at all, whoever writes last
    except (OSError, ValueError):  # ValueError: something marshal cannot write; next run compiles again
        try:
            os.unlink(temporary)
        except OSError:
            pass


_PID: Final = os.getpid()
_original_compile: Callable[[Any, int], Any]  # re._compiler.compile, once install() has replaced it
