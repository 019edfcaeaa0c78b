"""venom test suites: the manifests a project's venom suites hand to its own program.

ovh/venom runs a suite file's ``testcases``, each a list of ``steps``; a step
with a ``script`` (the exec executor, the default) runs it with ``/bin/sh`` in
the suite's working directory, the directory of the suite file:
ovh/venom @0910e2e51e54 executors/exec/exec.go sets ``cmd.Dir =
venom.StringVarFromCtx(ctx, "venom.testsuite.workdir")``, which the runner
sets to ``filepath.Dir`` of the suite. A tool's end-to-end suite names its
fixtures from there: FairwindsOps/pluto @dd5ec8cccce5 e2e/tests/
00_static_files.yaml runs ``pluto detect-files -d assets/ --target-versions
k8s=v1.15.0`` and ``helm template assets/chart | pluto detect -``, so
``e2e/tests/assets`` holds deprecated and current Deployments pluto reads,
never applied (5 findings on them), while 01_helm-detect-3.yaml's ``kubectl
apply -f assets/helm3`` sends its Helm release Secrets to the test cluster.

A suite is a YAML file of the directory whose top level holds ``testcases``
(a list of mappings with ``steps``). In each step's ``script``, split into
commands at ``;``, ``&&``, ``||``, ``|`` and line ends:

- a file or directory that ``kubectl apply`` or ``create`` names with ``-f``
  (``--filename``, ``-k``), or that ``helm install`` / ``upgrade`` names as
  its chart, or that any command hands, through a pipe, to a ``kubectl
  apply -f -`` is applied (and linted, as a chainsaw test's are);
- one the project's own program names (the base name of its ``go.mod``
  module path, a ``/vN`` suffix left off: ``github.com/fairwindsops/pluto/v5``
  is ``pluto``), or that a command pipes into it (``helm template
  assets/chart | pluto detect -``), is a test input.

Only names of existing YAML or JSON files, or directories, below the suite's
directory are taken; a directory covers its files up to three levels below.
Read: the ``.yaml`` and ``.yml`` files of the directories the caller gives
of a project that are test directories (a path segment below the project's
root naming ``test`` or ``e2e``: pluto's and goldilocks' ``e2e/tests``), 50 a
directory, regular files only, never through a link,
whose text has a ``testcases:`` line (1 MiB each); the nearest ``go.mod`` up
to the project. Any other directory is not read for suites: a file linted
alone would otherwise have every YAML file of the directories above it read
(a downloads or temporary directory's), on every run.
"""

from __future__ import annotations

import os
import re
import shlex
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.source.harness_files import APPLIED, TEST_INPUT, Ref, Test, read_tests, read_text
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
_MAX_BYTES: Final = 1 << 20
_DEPTH: Final = 3
_SUITE: Final = re.compile(r"^testcases:\s*(?:#.*)?$", re.MULTILINE)
_SEPARATORS: Final = re.compile(r"\|\||&&|;|\n")
_EXTENSIONS: Final = (".yaml", ".yml", ".json")
_MODULE: Final = re.compile(r"^module\s+\"?([^\s\"]+)\"?\s*$", re.MULTILINE)
_KUBECTL_FILE_FLAGS: Final = ("-f", "--filename", "-k", "--kustomize")


@lru_cache(maxsize=4096)
def venom_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """The venom suites of ``directory`` that name files below it."""
    if not _test_directory(directory, project):
        return ()
    found = listing(directory)
    names = [n for n in (*found.ending(".yaml"), *found.ending(".yml")) if found.is_file(n)][:_MAX_FILES]
    if not names:
        return ()
    program: str | None = None
    program_known = False
    tests: list[Test] = []
    for name in names:
        path = os.path.join(directory, name)
        text = read_text(path, _MAX_BYTES)
        if text is None or not _SUITE.search(text):
            continue
        if not program_known:
            program, program_known = _own_program(directory, project), True
        tests.extend(t for t in read_tests(path, lambda data, base, where: _suite_refs(data, base, where, program)) if t.refs)
    return tuple(tests)


def _test_directory(directory: str, project: str | None) -> bool:
    if project is None:
        return False  # no project (a file outside any work tree): no suite of its own to find
    segments = [seg.lower() for seg in os.path.relpath(directory, project).split(os.sep) if seg not in ("", ".", "..")]
    return any("test" in seg or "e2e" in seg for seg in segments)


def _suite_refs(data: dict[str, Any], base: str, where: str, program: str | None) -> list[Ref]:
    cases = data.get("testcases")
    if not isinstance(cases, list):
        return []
    refs: dict[str, Ref] = {}
    for case in cases:
        steps = case.get("steps") if isinstance(case, dict) else None
        for step in steps if isinstance(steps, list) else ():
            script = step.get("script") if isinstance(step, dict) else None
            if not isinstance(script, str) or step.get("type", "exec") != "exec":
                continue
            for named, role in _script_names(script, program):
                why = (
                    f"the venom suite {where} sends it to its test cluster (kubectl apply), which applies it"
                    if role == APPLIED
                    else f"the venom suite {where} hands it to {program}, the program under test, never applies it"
                )
                for ref in _refs(base, named, role, why):
                    if ref.pattern not in refs or role == APPLIED:
                        refs[ref.pattern] = ref
    return list(refs.values())


def _script_names(script: str, program: str | None) -> list[tuple[str, str]]:
    """The (name, role) pairs a script's commands give files."""
    out: list[tuple[str, str]] = []
    for line in _SEPARATORS.split(script.replace("\\\n", " ")):
        stages = [_words(stage) for stage in line.split("|")]
        stages = [s for s in stages if s]
        for i, words in enumerate(stages):
            later = stages[i + 1 :]
            if any(_kubectl_applies(w) is not None for w in later):
                out.extend((w, APPLIED) for w in words[1:] if not w.startswith("-"))
            elif program is not None and any(_program(w) == program for w in later):
                out.extend((w, TEST_INPUT) for w in words[1:] if not w.startswith("-"))
            applied = _kubectl_applies(words)
            if applied is not None:
                out.extend((w, APPLIED) for w in applied)
            elif _program(words) == "helm" and len(words) > 3 and words[1] in ("install", "upgrade"):
                out.extend((w, APPLIED) for w in words[3:] if not w.startswith("-"))
            elif program is not None and _program(words) == program:
                out.extend((w.partition("=")[2] if w.startswith("--") and "=" in w else w, TEST_INPUT) for w in words[1:])
    return out


def _words(command: str) -> list[str]:
    try:
        return shlex.split(command, comments=True)
    except ValueError:  # an unbalanced quote: the words as written
        return command.split()


def _program(words: list[str]) -> str | None:
    return os.path.basename(words[0]) if words else None


def _kubectl_applies(words: list[str]) -> list[str] | None:
    """The names ``kubectl apply`` or ``create`` sends (``-f X``, ``--filename=X``), or None for another command."""
    if _program(words) != "kubectl" or not ({"apply", "create"} & set(words[1:3])):
        return None
    names: list[str] = []
    for i, word in enumerate(words):
        flag, eq, value = word.partition("=")
        if flag in _KUBECTL_FILE_FLAGS:
            if eq:
                names.append(value)
            elif i + 1 < len(words):
                names.append(words[i + 1])
    return names


def _refs(base: str, named: str, role: str, why: str) -> list[Ref]:
    """The files ``named`` (from the suite's directory) covers: an existing file or directory below it, not through a link."""
    relative = os.path.normpath(named)
    if named in ("", "-") or os.path.isabs(named) or relative in (".", "") or relative.split(os.sep)[0] == ".." or "$" in named or "{" in named:
        return []
    candidate = os.path.join(base, relative)
    if relative.split(os.sep, 1)[0] not in listing(base).present or not os.path.exists(candidate):
        return []
    if os.path.realpath(candidate) != os.path.join(os.path.realpath(base), relative):
        return []
    if os.path.isfile(candidate):
        return [Ref(candidate, role, why)] if candidate.endswith(_EXTENSIONS) else []
    if os.path.isdir(candidate):
        return [Ref(os.path.join(candidate, *["*"] * depth), role, why) for depth in range(1, _DEPTH + 1)]
    return []


def _own_program(directory: str, project: str | None) -> str | None:
    """The base name of the module path of the nearest ``go.mod`` at or above ``directory`` (inside ``project``)."""
    current = directory
    for _ in range(64 if project is not None else 4):
        if listing(current).is_file("go.mod"):
            text = read_text(os.path.join(current, "go.mod"), _MAX_BYTES)
            match = _MODULE.search(text) if text is not None else None
            if match is None:
                return None
            parts = match[1].rstrip("/").split("/")
            if len(parts) > 1 and re.fullmatch(r"v\d+", parts[-1]):
                parts = parts[:-1]
            return parts[-1] or None
        parent = os.path.dirname(current)
        if parent == current or current == project:
            return None
        current = parent
    return None

