"""Conftest's Rego tests: the files a policy's unit tests parse as their input.

``conftest verify`` runs a policy directory's Rego tests offline; Conftest's
builtins ``parse_config_file(path)`` and ``parse_combined_config_files([paths])``
read files as the policies' ``input``, each path joined to the directory of
the Rego file that calls it (open-policy-agent/conftest 6a3fd606993c
builtins/parse_config.go: ``filepath.Join(filepath.Dir(bctx.Location.File),
path)``). ``examples/kubernetes/combine/combine_test.rego`` tests its policy
with ``parse_combined_config_files(["deployment.yaml", "service.yaml"])``:
those Deployments are inputs a policy is evaluated against, never applied
(3 BestEffort warnings). Such a name is taken only where it is a literal
string in the call's arguments and an existing file of the project.

Read: the ``*.rego`` files of the directories the caller gives (a file's own,
its ancestors', its subdirectories'), 50 a directory, 1 MiB each, regular
files only, never through a link.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_INPUT, Ref, Test, read_text, shown
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
# the call and its argument list up to the closing bracket or parenthesis (a list of string literals, or one)
_CALL: Final = re.compile(r"\bparse_(?:config_file|combined_config_files)\s*\(\s*(\[[^\]]{0,4000}\]|\"(?:[^\"\\\n]|\\.){1,300}\")")
_STRING: Final = re.compile(r'"((?:[^"\\\n]|\\.){1,300})"')


@lru_cache(maxsize=1024)
def rego_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """The Rego files of ``directory`` that parse files of the project (inside ``project``, else the directory)."""
    names = [name for name in listing(directory).names if name.endswith(".rego")][:_MAX_FILES]
    tests: list[Test] = []
    for name in names:
        path = os.path.join(directory, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        text = read_text(path)
        if text is None or "parse_" not in text:
            continue
        refs = _refs(path, text, project or directory)
        if refs:
            tests.append(Test(path, refs))
    return tuple(tests)


def _refs(path: str, text: str, root: str) -> tuple[Ref, ...]:
    why = f"the Rego tests of {shown(path)} parse it as a policy's input (conftest verify), never applied"
    refs: dict[str, Ref] = {}
    for call in _CALL.finditer(text):
        for literal in _STRING.finditer(call[1]):
            candidate = os.path.normpath(os.path.join(os.path.dirname(path), literal[1]))
            if candidate.startswith(root + os.sep) and os.path.isfile(candidate) and not os.path.islink(candidate):
                refs.setdefault(candidate, Ref(candidate, TEST_INPUT, why))
    return tuple(refs.values())
