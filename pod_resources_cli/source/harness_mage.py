"""Mage: manifests a project's Mage targets send to a cluster with kubectl.

Mage (magefile/mage) runs a project's build targets, Go functions of the
files in a ``magefiles`` directory or of root ``.go`` files built with the
``mage`` tag (``//go:build mage``), from the directory it is run in, the
project's root. A target that runs ``kubectl apply -f PATH`` or ``kubectl
create -f PATH`` (``sh.RunWithV(ENV, "kubectl", "apply", "-f", "...")``, or
the same words in a ``[]string`` it runs) sends that file to the cluster it
made: aquasecurity/trivy @dc3c56eed58ab21c7e08d26757c517bc946a86c5
``magefiles/magefile.go`` ``Test.K8s`` creates a kind cluster, applies
``./integration/testdata/fixtures/k8s/test_nginx.yaml`` (a Deployment) and,
in ``initk8sLimitedUserEnv``, creates ``limited-pod.yaml`` (a Pod), both
below Go's ``testdata``, waits for their pods to be Ready and runs the
``k8s_integration`` tests against them. Such a file is applied, whatever
else names it (as a chainsaw test's).

Read: ``magefiles/*.go`` and the root's ``.go`` files that carry the
``mage`` build tag, regular files only, never through a link, 1 MiB each,
50 at most. A name is a Go string literal; only a plain path to an existing
file or directory of the project is taken (harness_ko.project_refs).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import APPLIED, Ref, Test, read_text, shown
from pod_resources_cli.source.harness_ko import project_refs

_MAX_BYTES: Final = 1 << 20
_MAX_FILES: Final = 50
_MAGE_DIR: Final = "magefiles"
_MAGE_TAG: Final = re.compile(r"^//\s*(?:go:build|\+build)\s.*\bmage\b", re.MULTILINE)
# a run of Go string literals, the first "kubectl": the words of one command
_KUBECTL_WORDS: Final = re.compile(r'"kubectl"((?:\s*,\s*"(?:[^"\\\n]|\\.)*")+)')
_LITERAL: Final = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_VERBS: Final = ("apply", "create")
_FILE_FLAGS: Final = ("-f", "--filename", "-k", "--kustomize")


@lru_cache(maxsize=64)
def mage_builds(root: str) -> tuple[Test, ...]:
    """The Mage files of the project at ``root`` that send its files to a cluster with kubectl."""
    tests: list[Test] = []
    for path in _mage_files(root):
        text = read_text(path, _MAX_BYTES)
        if text is None or '"kubectl"' not in text:
            continue
        refs: dict[str, Ref] = {}
        for match in _KUBECTL_WORDS.finditer(text):
            words = _LITERAL.findall(match[1])
            verb = next((w for w in words if not w.startswith("-")), None)
            if verb not in _VERBS:
                continue
            why = f"{shown(path)} (a Mage target) runs `kubectl {verb}` on it"
            for named in _filenames(words):
                for ref in project_refs(root, root, named, APPLIED, why):
                    refs.setdefault(ref.pattern, ref)
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


def _filenames(words: list[str]) -> list[str]:
    names: list[str] = []
    for i, word in enumerate(words):
        flag, eq, value = word.partition("=")
        if eq and flag in _FILE_FLAGS[1::2]:
            names.append(value)
        elif word in _FILE_FLAGS and i + 1 < len(words):
            names.append(words[i + 1])
    return [n for n in names if n and n != "-" and "\\" not in n and "%" not in n and not n.startswith("-")]


def _mage_files(root: str) -> list[str]:
    found: list[str] = []
    magefiles = os.path.join(root, _MAGE_DIR)
    if os.path.isdir(magefiles) and not os.path.islink(magefiles):
        found.extend(_go_files(magefiles))
    found.extend(p for p in _go_files(root) if (head := read_text(p, 4096)) is not None and _MAGE_TAG.search(head))
    return found[:_MAX_FILES]


def _go_files(directory: str) -> list[str]:
    try:
        with os.scandir(directory) as entries:
            return sorted(e.path for e in entries if e.name.endswith(".go") and not e.name.endswith("_test.go")
                          and e.is_file(follow_symlinks=False))  # fmt: skip
    except OSError:
        return []
