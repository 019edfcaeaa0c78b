"""bats test scripts: the manifests a project's bats tests hand to its own program.

bats (bats-core) runs files named ``*.bats`` and scripts whose first line is a
bats shebang (``#!/usr/bin/env bats``). A linter's tests name the manifests
they feed it, relative to the directory bats is started from, the project's
root: stackrox/kube-linter's ``e2etests/bats-tests.sh`` sets
``tmp="tests/checks/cel.yml"``, then runs ``${KUBE_LINTER_BIN} lint
"${tmp}"`` and checks its report. Such a file is a test input, never applied
(kube-linter's deliberately broken objects gave 175 findings). A script that
applies manifests with kubectl (``kubectl apply``, ``kubectl create``) sends
what it names to a cluster: every file it names is then applied, and linted,
as a chainsaw test's are.

Scripts are looked for in the project's root and its direct subdirectories
(``e2etests/``, ``test/``, ``hack/``), never through a symbolic link, each
read up to 1 MiB; a name is taken only where it is an existing file of the
project (from the root, else from the script's directory).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import APPLIED, TEST_INPUT, Ref, Test, project_files, shown

_MAX_BYTES: Final = 1 << 20
_MAX_SCRIPTS: Final = 200
_SHEBANG: Final = re.compile(rb"#![^\n]*\bbats\b")
_NAMED: Final = re.compile(r"(?<![\w.$/{}-])(?:\$\{?BATS_TEST_DIRNAME\}?/)?((?:\.{1,2}/)*[\w][\w.@+-]*(?:/[\w.@+-]+)*\.(?:ya?ml|json))\b")
_APPLIES: Final = re.compile(r"\bkubectl\b[^\n]*\b(?:apply|create)\b")


@lru_cache(maxsize=64)
def bats_tests(root: str) -> tuple[Test, ...]:
    """The bats scripts of the project at ``root`` that name files of it."""
    tests: list[Test] = []
    for path in project_files(root, (".bats", ".sh"))[:_MAX_SCRIPTS]:
        text = _read(path)
        if text is None:
            continue
        role = APPLIED if _APPLIES.search(text) else TEST_INPUT
        why = f"the bats tests of {shown(path)} hand it to the project's program, never to a cluster"
        refs: dict[str, Ref] = {}
        for match in _NAMED.finditer(text):
            for base in (root, os.path.dirname(path)):
                candidate = os.path.normpath(os.path.join(base, match[1]))
                if candidate.startswith(root + os.sep) and os.path.isfile(candidate) and not os.path.islink(candidate):
                    refs.setdefault(candidate, Ref(candidate, role, why))
                    break
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


def _read(path: str) -> str | None:
    """A bats script's text (a ``.sh`` only when its first line is a bats shebang), or None."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(256)
            if not path.endswith(".bats") and not _SHEBANG.match(head):
                return None
            data = head + fh.read(_MAX_BYTES - len(head))
    except OSError:
        return None
    return data.decode("utf-8", "replace")
