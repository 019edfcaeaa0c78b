"""Start-up: the methods ``dataclasses`` writes for each class, compiled
once for all runs instead of at every start.

A frozen dataclass is defined by writing the source of its ``__init__``,
``__eq__``, ``__hash__``, ``__repr__``, ``__setattr__`` and ``__delattr__``
and compiling each of them, about a millisecond a class: the seventy or so
classes a one-file ``lint`` defines took most of its start-up. The module
compiles through the name ``exec``; giving it one that keeps the compiled
code by source text (the same text always compiles to the same code) makes
a later run load that code instead, as Python itself keeps modules' code in
``__pycache__``. The code is kept there too, per Python version, written
only when the run compiled something new and byte-code may be written
(``PYTHONDONTWRITEBYTECODE``, a read-only install: then every run compiles,
as before). Nothing changes what a class is: only where its code comes from.
"""

from __future__ import annotations

import builtins
import marshal
import os
import sys
from types import CodeType
from typing import Any, Final

_HEADER: Final = f"pod-resources dataclass code {sys.version} {sys.hexversion}\n".encode()
_PATH: Final = os.path.join(os.path.dirname(__file__), "__pycache__", f"dataclass-code.{sys.implementation.cache_tag}.marshal")
_MAX_ENTRIES: Final = 4096  # a cache grown past this (many versions of the sources) keeps this run's entries only

_codes: dict[str, CodeType] = {}
_used: set[str] = set()
_compiled = False


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """``exec``, with a source string's code kept (dataclasses passes its methods' text)."""
    global _compiled
    if type(source) is str:
        code = _codes.get(source)
        if code is None:
            code = _codes[source] = compile(source, "<string>", "exec")
            _compiled = True
        _used.add(source)
        source = code
    builtins.exec(source, globals, locals)


def install() -> None:
    """Keeps ``dataclasses``' code from run to run (once per process)."""
    import dataclasses

    if "exec" in vars(dataclasses):
        return
    _load()
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # the module looks the name up in its globals first
    if not sys.flags.dont_write_bytecode:
        import atexit

        atexit.register(_save)


def _load() -> None:
    try:
        with open(_PATH, "rb") as fh:
            data = fh.read()
        if data.startswith(_HEADER):
            codes = marshal.loads(data[len(_HEADER) :])
            if isinstance(codes, dict):
                _codes.update(codes)
    except (OSError, ValueError, EOFError, TypeError):
        pass  # no cache yet, or one this Python cannot read: compile as before


def _save() -> None:
    if not _compiled or os.getpid() != _PID:  # a forked worker leaves it to the parent
        return
    codes = _codes if len(_codes) <= _MAX_ENTRIES else {s: _codes[s] for s in _used}
    temporary = f"{_PATH}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(_PATH), exist_ok=True)
        with open(temporary, "wb") as fh:
            fh.write(_HEADER + marshal.dumps(codes))
        os.replace(temporary, _PATH)  # whole or not at all, whoever writes last
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass


_PID: Final = os.getpid()
