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
_PATCH: Final = re.compile(r"(?:\bkubectl\b|(?<![\w./$-])oc(?=[ \t]))[^\n]*?[ \t]patch[ \t][^\n]*?--patch-file(?:=|[ \t]+)(\"[^\"\n]*\"|'[^'\n]*'|[^\s;|&)]+)")
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
        for match in _PATCH.finditer(text):
            named = _resolve(_unquoted(match[1]), text, directory)
            if named is None:
                continue
            for ref in project_refs(root, directory, named, APPLIED, why):
                if os.path.isfile(ref.pattern):  # a patch is one file
                    refs.setdefault(ref.pattern, Ref(ref.pattern, APPLIED, why, merges=True, patches=True))
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


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
