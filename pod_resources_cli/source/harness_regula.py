"""Regula's Rego tests: the IaC files its rules' tests load as their input.

``regula test`` (and ``regula repl``) load each IaC file given to them as a
Rego package of test inputs, named after the file's path with the file's
extension appended to its name (``infra/cfn_resources.yaml`` is
``data.infra.cfn_resources_yaml``; dashes and other characters become
``_``), holding ``mock_config``, ``mock_input`` and ``mock_resources``
(fugue/regula @259c10a6a746e3c1eb84857d9f548cca463034af
(its documentation, development/test-inputs.md); ``regula write-test-inputs`` persists
them as ``NAME_yaml.rego`` beside the file). A rule's test evaluates the rule
on them offline: rego/tests/rules/k8s/added_capabilities/
added_capabilities_test.rego imports ``data.tests.rules.k8s.added_capabilities.inputs``
and tests ``policy with input as inputs.valid_added_capabilities_yaml.mock_input``,
the Pod of ``inputs/valid_added_capabilities.yaml`` (61 BestEffort warnings
on such inputs). Such a file is a test input, never applied.

A name is taken where a Rego file uses ``NAME_EXT.mock_input`` (or
``mock_resources``, ``mock_config``) and ``NAME.EXT`` (YAML or JSON, NAME
with every character outside letters, digits and ``_`` read as ``_``) is a
regular file of the Rego file's directory or of one of its direct
subdirectories (``inputs/``), inside the project.

Read: the ``*.rego`` files of the directories the caller gives, 50 a
directory, 1 MiB each, regular files only, never through a link.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_INPUT, Ref, Test, read_text, shown
from pod_resources_cli.source.listing import listing, subdirectories

_MAX_FILES: Final = 50
_MAX_SUBDIRECTORIES: Final = 50
_INPUT: Final = re.compile(r"\b([A-Za-z0-9_]{1,200})_(yaml|yml|json)\.mock_(?:input|resources|config)\b")
_OTHER: Final = re.compile(r"[^A-Za-z0-9_]")


@lru_cache(maxsize=1024)
def regula_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """The Rego files of ``directory`` whose tests load files of it, or of its direct subdirectories, as Regula's
    test inputs (inside ``project``, else the directory)."""
    names = [name for name in listing(directory).names if name.endswith(".rego")][:_MAX_FILES]
    tests: list[Test] = []
    files: dict[str, str] | None = None
    for name in names:
        path = os.path.join(directory, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        text = read_text(path)
        if text is None or ".mock_" not in text:
            continue
        wanted = {f"{m[1]}_{m[2]}" for m in _INPUT.finditer(text)}
        if not wanted:
            continue
        if files is None:
            files = _inputs_around(directory, project or directory)
        why = f"the Rego tests of {shown(path)} load it as Regula's test input (mock_input), never applied"
        refs = tuple(Ref(found, TEST_INPUT, why) for key, found in sorted(files.items()) if key in wanted)
        if refs:
            tests.append(Test(path, refs))
    return tuple(tests)


def _inputs_around(directory: str, root: str) -> dict[str, str]:
    """Regula's package name (``NAME_yaml``) of each YAML or JSON file of ``directory`` and its direct subdirectories."""
    found: dict[str, str] = {}
    for place in (directory, *(os.path.join(directory, d) for d in subdirectories(directory)[:_MAX_SUBDIRECTORIES])):
        if not (place == root or place.startswith(root.rstrip(os.sep) + os.sep)) or (place != directory and os.path.islink(place)):
            continue
        for name in listing(place).names:
            stem, dot, extension = name.rpartition(".")
            if not dot or extension not in ("yaml", "yml", "json"):
                continue
            path = os.path.join(place, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            found.setdefault(f"{_OTHER.sub('_', stem)}_{extension}", path)
    return found
