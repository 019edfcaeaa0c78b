"""ko: manifests a project's scripts hand to ``ko resolve`` only to build and publish images.

``ko resolve -f PATH`` builds the image of every ``ko://`` reference in the
manifests it reads, publishes it and prints the manifests with the
references replaced; it sends nothing to a cluster (``ko apply`` does). A
script that throws that output away uses the files only to name images:
knative/eventing 8cf4c4b67303 ``test/upload-test-images.sh`` runs ``ko
resolve ${platform} ${tag_option} -RBf "${image_dir}" > /dev/null`` ("ko
resolve is being used for the side-effect of publishing images, so the
resulting yaml produced is ignored") over ``local image_dir=
"test/test_images"``, whose ``pod.yaml`` files (one BestEffort Pod each)
are never applied: a test input. A script's ``ko apply`` or ``ko create``
sends what it names to a cluster, and a ``ko resolve`` whose output is kept
(written to a file, piped on) makes the manifests that get applied: either
way the files are applied, whatever else names them (tektoncd/pipeline
``test/presubmit-tests.sh`` resolves ``config`` to /dev/null only to check
it builds, ``test/e2e-common.sh`` into the file it installs).

Read: the ``.sh`` scripts of the project's root and its direct
subdirectories (``test/``, ``hack/``), never through a link, 1 MiB each. A
command's ``-f``/``--filename`` (``-Rf``, ``-RBf``...) is taken with the
script's plain assignments (``local image_dir="..."``, ``DIR=...``)
substituted for ``$name``/``${name}``; a name is taken only where it is an
existing file or directory of the project (from its root, else from the
script's directory), a directory covering its files up to three levels
below it (``-R``, recursive: the test images' ``pod.yaml`` one below).
"""

from __future__ import annotations

import os
import re
import shlex
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import APPLIED, TEST_INPUT, Ref, Test, project_files, read_text, shown

_MAX_BYTES: Final = 1 << 20
_MAX_SCRIPTS: Final = 200
_DEPTH: Final = 3
_KO: Final = re.compile(r"(?:^|[;&|(\s])ko\s+(resolve|apply|create)\b([^\n]*)", re.MULTILINE)
_ASSIGN: Final = re.compile(r"^\s*(?:local\s+|export\s+|readonly\s+)?([A-Za-z_]\w*)=(\"[^\"\n$`]*\"|'[^'\n]*'|[^\s;&|$`\"']+)\s*$", re.MULTILINE)
_VAR: Final = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")
_DISCARDED: Final = re.compile(r">\s*/dev/null")


@lru_cache(maxsize=64)
def ko_builds(root: str) -> tuple[Test, ...]:
    """The scripts of the project at ``root`` that hand its files to ko."""
    tests: list[Test] = []
    for path in project_files(root, (".sh",))[:_MAX_SCRIPTS]:
        text = read_text(path, _MAX_BYTES)
        if text is None or "ko " not in text:
            continue
        assigned = {m[1]: m[2].strip("\"'") for m in _ASSIGN.finditer(text)}
        refs: dict[str, Ref] = {}
        for match in _KO.finditer(_joined(text)):
            verb, rest = match[1], match[2]
            if verb != "resolve":
                role, why = APPLIED, f"{shown(path)} applies it with `ko {verb}`"
            elif _DISCARDED.search(rest):
                role, why = TEST_INPUT, f"{shown(path)} hands it to `ko resolve` only to build and publish its images (the output is thrown away), never to a cluster"
            else:  # the resolved manifests are kept (a release file, a pipe): what gets applied
                role, why = APPLIED, f"{shown(path)} resolves it with `ko resolve` into manifests it keeps"
            for named in _filenames(rest, assigned):
                for ref in project_refs(root, os.path.dirname(path), named, role, why):
                    if ref.pattern not in refs or refs[ref.pattern].role != APPLIED:
                        refs[ref.pattern] = ref
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


def _joined(text: str) -> str:
    """The script without its comment lines, its continued lines (``\\`` at a line's end) joined."""
    return re.sub(r"\\\r?\n", " ", re.sub(r"(?m)^\s*#.*$", "", text))


def _filenames(rest: str, assigned: dict[str, str]) -> list[str]:
    try:
        words = shlex.split(_VAR.sub(lambda m: assigned.get(m[1], m[0]), rest.split(">")[0]), comments=True)
    except ValueError:
        return []
    names: list[str] = []
    for i, word in enumerate(words):
        if word.startswith("--filename="):
            names.append(word.partition("=")[2])
        elif (word == "--filename" or (re.fullmatch(r"-[A-Za-z]*f", word) is not None)) and i + 1 < len(words):
            names.append(words[i + 1])
    return [n for n in names if n and "$" not in n and not n.startswith("-")]


def project_refs(root: str, script_dir: str, named: str, role: str, why: str) -> list[Ref]:
    """The file or directory ``named`` (from the project's root, else from the script's directory) as refs: none outside
    the project or through a link, a directory covering its files up to three levels below it."""
    for base in (root, script_dir):
        candidate = os.path.normpath(os.path.join(base, named))
        real = os.path.join(os.path.realpath(root), os.path.relpath(candidate, root))
        if not candidate.startswith(root + os.sep) or os.path.realpath(candidate) != real:
            continue  # outside the project, or through a link: not looked at
        if os.path.isfile(candidate):
            return [Ref(candidate, role, why)]
        if os.path.isdir(candidate):
            return [Ref(os.path.join(candidate, *["*"] * depth), role, why) for depth in range(1, _DEPTH + 1)]
    return []
