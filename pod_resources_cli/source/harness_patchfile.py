"""Shell scripts' ``kubectl patch --patch-file FILE``: the file is a patch.

``kubectl patch TYPE NAME --patch-file FILE`` sends FILE as a patch of an
object that exists (a strategic merge patch by default, kubectl
pkg/cmd/patch/patch.go: the object is read from the server first, and the
command fails without it): every object of FILE is an update, partial by
design, never an object of its own.
risingwavelabs/risingwave-operator @bd4b41a53dd1 ``test/e2e/testenv/lib.sh`` sets
``_RISINGWAVE_OPERATOR_ENABLE_OPENKRUISE_PATCH_FILE="$(dirname
"${BASH_SOURCE[0]}")/manifests/enable-openkruise.yaml"`` and runs
``k8s::kubectl patch deployment "risingwave-operator-controller-manager"
--patch-file "${...}"``: the file is a Deployment whose ``manager``
container carries only its new arguments (merged by name into the installed
manager, which keeps its 100m/100Mi requests); read as a Deployment of its
own it was called BestEffort.

Read: the ``*.sh`` and ``*.bash`` files of the directory asked about (each
of a file's ancestors, as the other harnesses are looked for), regular files
only, 1 MiB each, 50 at most. A name is a plain path, or a variable the
script assigns once a plain path, which may start with the script's own
directory (``$(dirname "${BASH_SOURCE[0]}")``, ``$(dirname "$0")``); the
file must be one of the project's (harness_ko.project_refs), never reached
through a link.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import APPLIED, Ref, Test, read_text, shown
from pod_resources_cli.source.harness_ko import project_refs
from pod_resources_cli.source.listing import listing

_MAX_BYTES: Final = 1 << 20
_MAX_SCRIPTS: Final = 50
_SUFFIXES: Final = (".sh", ".bash")
# kubectl (or a wrapper named ``...kubectl``, ``k8s::kubectl``) or oc, then ``patch`` and ``--patch-file`` on one line
# (one expression, ``(?:\bkubectl\b|(?<![\w./$-])oc(?=[ \t]))[^\n]*?[ \t]patch[ \t][^\n]*?--patch-file(?:=|[ \t]+)``
# ``(\"[^\"\n]*\"|'[^'\n]*'|[^\s;|&)]+)``, tried every kubectl to the end of its line, and every patch after it:
# cubic in a line of ``kubectl patch``; patch_file_words reads each piece once)
_COMMAND: Final = re.compile(r"\bkubectl\b|(?<![\w./$-])oc(?=[ \t])")
_PATCH_WORD: Final = re.compile(r"[ \t]patch[ \t]")
_BARE: Final = re.compile(r"[^\s;|&)]+")
_VARIABLE: Final = re.compile(r"^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))$")
_ASSIGNED: Final = re.compile(r"""^[ \t]*(?:(?:export|local|readonly|declare(?:[ \t]+-\w+)*)[ \t]+)?([A-Za-z_]\w*)=(.*)$""", re.MULTILINE)
# the script's own directory, as bash scripts write it
_SCRIPT_DIR: Final = re.compile(r"""^\$\(dirname[ \t]+"?\$\{?(?:BASH_SOURCE(?:\[0\])?|0)\}?"?\)""")
_PLAIN: Final = re.compile(r"^[\w./@+-]+$")


@lru_cache(maxsize=1024)
def patch_files(directory: str, root: str) -> tuple[Test, ...]:
    """The scripts of ``directory`` that hand a file of the project at ``root`` to ``kubectl patch --patch-file``."""
    if not (directory == root or directory.startswith(root + os.sep)):
        return ()
    names = [n for n in listing(directory).names if n.endswith(_SUFFIXES)][:_MAX_SCRIPTS]
    tests: list[Test] = []
    for name in names:
        path = os.path.join(directory, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        text = read_text(path, _MAX_BYTES)
        if text is None or "--patch-file" not in text:
            continue
        why = f"{shown(path)} runs `kubectl patch --patch-file` on it: a patch of an object that exists"
        refs: dict[str, Ref] = {}
        for word in patch_file_words(text):
            named = _resolve(_unquoted(word), text, directory)
            if named is None:
                continue
            for ref in project_refs(root, directory, named, APPLIED, why):
                if os.path.isfile(ref.pattern):  # a patch is one file
                    refs.setdefault(ref.pattern, Ref(ref.pattern, APPLIED, why, merges=True, patches=True))
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


def patch_file_words(text: str) -> list[str]:
    """The word after each ``--patch-file`` of a ``kubectl ... patch ... --patch-file WORD`` line (or ``oc``), in
    order: what the expression above found. From a command, the match takes the first `` patch `` after it and the
    first ``--patch-file`` after that with a word; a command with none on its line leaves none to a later command of
    the line either, and the next place each piece is found at is kept while the commands go forward."""
    words: list[str] = []
    patch = patch_from = -1  # the first `` patch `` at or after patch_from (-1: none)
    option = option_from = -1  # the first --patch-file with a word at or after option_from (-1: none)
    word: tuple[int, str] = (0, "")
    pos = 0
    while True:
        command = _COMMAND.search(text, pos)
        if command is None:
            return words
        line_end = text.find("\n", command.end())
        line_end = len(text) if line_end < 0 else line_end
        if patch_from < 0 or (patch >= 0 and patch < command.end()):
            found = _PATCH_WORD.search(text, command.end())
            patch, patch_from = (found.start() if found else -1), command.end()
        if patch < 0:
            return words
        if patch < line_end:
            after = patch + len(" patch ")
            if option_from < 0 or (option >= 0 and option < after):
                option, option_from = -1, after
                at = text.find("--patch-file", after)
                while at >= 0:
                    read = _option_word(text, at + len("--patch-file"))
                    if read is not None:
                        option, word = at, read
                        break
                    at = text.find("--patch-file", at + 1)
            if option < 0:
                return words
            if option < line_end:
                words.append(word[1])
                pos = word[0]
                continue
        pos = line_end + 1  # no match from this command: none from a later one of its line


def _option_word(text: str, at: int) -> tuple[int, str] | None:
    """(end, word) of ``(?:=|[ \\t]+)(\"[^\"\\n]*\"|'[^'\\n]*'|[^\\s;|&)]+)`` at ``at``."""
    if text.startswith("=", at):
        return _word(text, at + 1)
    start = at
    while start < len(text) and text[start] in " \t":
        start += 1
    return _word(text, start) if start > at else None  # a shorter run of blanks leaves a blank, which starts no word


def _word(text: str, at: int) -> tuple[int, str] | None:
    if text.startswith(('"', "'"), at):
        close = text.find(text[at], at + 1)
        if close >= 0 and text.find("\n", at, close) < 0:
            return close + 1, text[at : close + 1]
    bare = _BARE.match(text, at)
    return None if bare is None else (bare.end(), bare[0])


def assignments(text: str) -> list[tuple[str, str]]:
    """(name, value) of each assignment line, the value's trailing blanks dropped. The expression captures the
    rest of the line whole (``=(.*?)[ \t]*$`` tried the blanks after each of its characters: a line of 1 MB of
    spaces took minutes)."""
    return [(m[1], m[2].rstrip(" \t")) for m in _ASSIGNED.finditer(text)]


def _unquoted(word: str) -> str:
    return word[1:-1] if len(word) >= 2 and word[0] == word[-1] and word[0] in "\"'" else word


def _resolve(word: str, text: str, directory: str) -> str | None:
    """A plain path, or the plain path a variable is assigned once (its value may start with the script's own
    directory); None for anything else."""
    variable = _VARIABLE.match(word)
    if variable is not None:
        values = {_unquoted(value) for name, value in assignments(text) if name == (variable[1] or variable[2])}
        if len(values) != 1:
            return None
        word = values.pop()
        own = _SCRIPT_DIR.match(word)
        if own is not None:
            word = directory + word[own.end() :] if word[own.end() :].startswith("/") else ""
            return word if _PLAIN.match(word) else None
    return word if _PLAIN.match(word) and not word.startswith("/") else None
