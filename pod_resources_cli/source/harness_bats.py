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
as a chainsaw test's are. OpenShift's client ``oc`` is such a kubectl
(``oc create -f``): redhat-cop/rego-policies @7659eb6afe9b
``_test/gatekeeper-integrationtests.sh`` runs ``oc create -f ${tmp}`` on
``split_files "policy/.../test_data/integration"`` (its TESTING.md: integration
data "can be deployed to a cluster"), and its disabled-namespace tests expect
``deployment.apps/nolabels created``; taken for a program's test input, six
of those directories went unlinted.

A file that every @test block creating it expects the cluster to refuse
whole is never run, as a chainsaw apply expecting ``$error`` is not: the
block asserts the command fails (``[ "$status" -eq 1 ]``, ``-ne 0``,
``assert_failure``) and its ``denied the request`` lines (an admission
webhook's refusal) name each object of the file as ``Kind/name``, over all
the scripts' blocks that create it (rego-policies' kubectl suite drops the
DeploymentConfigs with yq before creating and names the Deployments denied,
its ``oc`` suite names all four of ``container_resources_memoryunit_incorrect``
denied: Gatekeeper refuses them, their two PR002 errors and 83 warnings were
on objects that never exist). One block that creates the file expecting
success (``[ "$status" -eq 0 ]``: the disabled-namespace tests'
``deployment.apps/nolabels created``) keeps it applied, and so does an
object no block names denied.

A name may start with a shell variable, ``"${TEST_DIR}/asset/x.yml"``:
``$BATS_TEST_DIRNAME`` (bats' own, the script's directory) or one the
script, or a helper it ``load``s (bats-core's ``load NAME`` sources
``NAME.bash`` beside the script), assigns a literal path
(controlplaneio/kubesec's ``test/_helper.bash`` sets ``export
TEST_DIR="."`` and ``test/1_cli.bats`` runs ``_app
"${TEST_DIR}/asset/score-0-cap-chown.yml"``: its deliberately weak fixtures
gave 36 errors). A name behind any other variable is not taken.

A script may name a directory by a path (a lone word is none: ``@test``), which
the program reads whole: yannh/kubeconform
@e65429b1e5990dd019ebb7b5642dcd22a3e9cd13 ``acceptance.bats`` runs
``bin/kubeconform -summary fixtures/folder`` (kubeconform walks a directory it
is given, pkg/resource/files.go). Such a directory, an existing one of the
project whose path has a test-like segment (``fixtures``, ``test``,
``testdata``...: harness_gotest.py's; not ``deploy/`` or a chart the tests
also hand their program), names its files three levels down, by the script's
role; not a template's or a glob's prefix (acceptance-nonetwork.bats'
``-schema-location 'fixtures/{{ .ResourceKind }}.json'``), and not in a
script that runs kubectl without applying (``kubectl delete -f
fixtures/folder/`` cleans up what may be applied elsewhere).

A suite's fixtures directory: a test-like directory whose files a script that
runs no kubectl hands to the program, and from which no script applies a
file, holds that suite's fixtures; its other files, named by no script, are
fixtures too, never applied (only that directory, not its subdirectories).
yannh/kubeconform's ``fixtures/duplicates.yaml``, ``null_array.yaml``,
``same-kind-different-api.yaml``, ``multi_valid_source.yaml``... were
imported with the rest from kubeval in 3751a26ae7b6 ("import some
integration tests from kubeval"), where kubeval_test.go reads them;
kubeconform's tests name them no longer (15 warnings and a PR006 error on
fixtures). Never for a suite that talks to a cluster: NVIDIA/
k8s-dra-driver-gpu @224071137855 ``tests/bats/test_cd_failover.bats`` runs
``kubectl delete``/``wait`` and names only the template it pipes through
envsubst, ``specs/nvb.tmpl.yaml``; the other specs beside it
(``gpu-pod-fail-restart.yaml``) are the suite's pods, applied in ways not
read here, and stay linted.

Scripts are looked for in the project's root and its direct subdirectories
(``e2etests/``, ``test/``, ``hack/``), and, deeper, the ``*.bats`` files of
the directory of a file linted and of its ancestors: a project may keep one
bats suite a test directory and run each from there
(open-policy-agent/conftest 6a3fd606993c Makefile ``cd $(CURDIR)/$$testdir
&& ... bats test.bats``; ``tests/multitype/test.bats`` runs ``$CONFTEST test
deployment.yaml grafana.ini``). Never through a symbolic link, each read up
to 1 MiB; a name is taken only where it is an existing file of the project
(from the root, else from the script's directory).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import APPLIED, TEST_INPUT, Ref, Test, object_keys, project_files, read_text, shown
from pod_resources_cli.source.test_paths import fixture_path, testish_path
from pod_resources_cli.source.listing import listing

_MAX_BYTES: Final = 1 << 20
_MAX_SCRIPTS: Final = 200
_SHEBANG: Final = re.compile(rb"#![^\n]*\bbats\b")
_NAMED: Final = re.compile(r"(?<![\w.$/{}-])(?:\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/)?((?:\.{1,2}/)*[\w][\w.@+-]*(?:/[\w.@+-]+)*\.(?:ya?ml|json))\b")
# NAME=VALUE with a literal value (no expansion), as a helper sets a fixtures directory: export TEST_DIR="."
_ASSIGNED: Final = re.compile(r"""^[ \t]*(?:(?:export|local|readonly|declare(?:[ \t]+-\w+)*)[ \t]+)?([A-Za-z_]\w*)=(["']?)([\w.@+/-]*)\2[ \t]*(?:#.*)?$""", re.MULTILINE)
_LOADS: Final = re.compile(r"""^[ \t]*load[ \t]+(["']?)([\w./@+-]+)\1[ \t]*$""", re.MULTILINE)
# ... or a directory, which the program reads whole (``bin/kubeconform -summary fixtures/folder``), not a template's
# or a glob's prefix (``'fixtures/{{ .ResourceKind }}.json'``)
_DIRECTORY: Final = re.compile(r"(?<![\w.$/{}-])(?:\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/)?((?:\.{1,2}/)*[\w][\w.@+-]*(?:/[\w.@+-]+)*)/?(?![\w.@+/${*-])")
_DIRECTORY_DEPTH: Final = 3  # levels below a named directory its files are covered to
_TEST_DIRNAME: Final = "BATS_TEST_DIRNAME"
# kubectl, or OpenShift's client ``oc`` (a command word: not ``docs/oc/``), which applies and creates as kubectl does
_CLIENT: Final = r"(?:\bkubectl\b|(?<![\w./$-])oc(?=[ \t]))"
_APPLIES: Final = re.compile(_CLIENT + r"[^\n]*\b(?:apply|create)\b")
_KUBECTL: Final = re.compile(_CLIENT)
# a bats-core @test block, to its closing brace at the start of a line
_TEST_BLOCK: Final = re.compile(r"^[ \t]*@test\b[^\n]*$", re.MULTILINE)
_BLOCK_END: Final = re.compile(r"^\}[ \t]*$", re.MULTILINE)
_STATUS: Final = r'\[\[?[ \t]*"?\$\{?status\}?"?[ \t]+'
_FAILS: Final = re.compile(_STATUS + r"-(?:eq[ \t]+[1-9][0-9]*|ne[ \t]+0|gt[ \t]+0)[ \t]*\]\]?|\bassert_failure\b")
_SUCCEEDS: Final = re.compile(_STATUS + r"-eq[ \t]+0[ \t]*\]\]?|\bassert_success\b")
_DENIED: Final = re.compile(r"^[^\n]*\bdenied the request\b[^\n]*$", re.MULTILINE)  # an admission webhook's refusal
_KIND_NAME: Final = re.compile(r"(?<![\w./-])([A-Z][A-Za-z0-9]*)/([a-z0-9](?:[-a-z0-9.]*[a-z0-9])?)(?![\w./-])")


@lru_cache(maxsize=64)
def bats_tests(root: str) -> tuple[Test, ...]:
    """The bats scripts of the project at ``root`` that name files of it."""
    return _with_fixture_directories(root, [_script_test(root, path) for path in project_files(root, (".bats", ".sh"))[:_MAX_SCRIPTS]])


@lru_cache(maxsize=1024)
def bats_beside(directory: str, root: str | None) -> tuple[Test, ...]:
    """The ``*.bats`` files of ``directory`` (below the project's root and its direct
    subdirectories, which bats_tests reads) that name files of the project."""
    if root is None or directory == root or os.path.dirname(directory) == root or not directory.startswith(root + os.sep):
        return ()
    names = [name for name in listing(directory).names if name.endswith(".bats")][:_MAX_SCRIPTS]
    return _with_fixture_directories(root, [_script_test(root, os.path.join(directory, name)) for name in names])


def _with_fixture_directories(root: str, scripts: list[tuple[Test | None, bool]]) -> tuple[Test, ...]:
    """The scripts' tests, each with the fixtures directories of the files it hands to the program (module
    docstring): the directory of such a file, test-like and of no end-to-end or integration test, when the script
    runs no kubectl and no script of ``scripts`` applies a file from there; its files, not its subdirectories'."""
    tests = [(test, kubectl) for test, kubectl in scripts if test is not None]
    applied = {os.path.dirname(r.pattern) for test, _ in tests for r in test.refs if r.role == APPLIED}
    out: list[Test] = []
    for test, kubectl in tests:
        refs = {r.pattern: r for r in test.refs}
        if not kubectl:
            named = (os.path.dirname(r.pattern) for r in test.refs if r.role == TEST_INPUT and "*" not in r.pattern)
            for directory in dict.fromkeys(named):
                if directory not in applied and fixture_path(os.path.relpath(directory, root)) and _own_directory(root, directory):
                    pattern = os.path.join(directory, "*")
                    why = f"in {shown(directory)}, whose other files the bats tests of {shown(test.path)} hand to the project's program: a fixture, never applied"
                    refs.setdefault(pattern, Ref(pattern, TEST_INPUT, why))
        out.append(Test(test.path, tuple(refs.values())) if len(refs) > len(test.refs) else test)
    return _with_refusals(root, out)


def _with_refusals(root: str, tests: list[Test]) -> tuple[Test, ...]:
    """The tests, where a file every @test block that creates it (any script's) expects the cluster to deny whole
    (module docstring) is a test input: a directory's glob becomes one ref per file, by each file's role."""
    verdicts: dict[str, list[frozenset[tuple[str, str]] | None]] = {}
    for test in tests:
        for pattern, denied in _creations(root, test.path):
            verdicts.setdefault(pattern, []).append(denied)
    out: list[Test] = []
    for test in tests:
        refs: list[Ref] = []
        for ref in test.refs:
            found = verdicts.get(ref.pattern)
            if ref.role != APPLIED or not found or any(denied is None for denied in found):
                refs.append(ref)
                continue
            denied = frozenset[tuple[str, str]]().union(*(d for d in found if d is not None))
            files = _files_of(root, ref.pattern) if "*" in ref.pattern else [ref.pattern]
            refused = [f for f in files if _all_denied(f, denied)]
            if not refused:
                refs.append(ref)
                continue
            for file in files:
                if file in refused:
                    names = ", ".join(sorted(f"{kind}/{name}" for _, kind, _, name in object_keys(file)))
                    why = f"the bats tests of {shown(test.path)} create it expecting the cluster to deny each of its objects ({shown(names)}: denied the request): it never runs"
                    refs.append(Ref(file, TEST_INPUT, why))
                else:
                    refs.append(Ref(file, APPLIED, ref.why, ref.merges, ref.patches))
        out.append(Test(test.path, tuple(refs)) if refs != list(test.refs) else test)
    return tuple(out)


def _all_denied(path: str, denied: frozenset[tuple[str, str]]) -> bool:
    keys = object_keys(path)
    return bool(keys) and all((kind, name) in denied for _, kind, _, name in keys)


def _files_of(root: str, pattern: str) -> list[str]:
    """The manifests of the project a directory's glob (``dir/*/*``) matches, none reached through a link."""
    import glob  # here: only a bats suite that names a pattern loads it

    real_root = os.path.realpath(root)
    return sorted(
        path
        for path in glob.glob(glob.escape(pattern.rstrip("*" + os.sep)) + pattern[len(pattern.rstrip("*" + os.sep)) :])
        if path.endswith((".yaml", ".yml", ".json")) and os.path.isfile(path) and os.path.realpath(path) == os.path.join(real_root, os.path.relpath(path, root))
    )


@lru_cache(maxsize=256)
def _creations(root: str, path: str) -> tuple[tuple[str, frozenset[tuple[str, str]] | None], ...]:
    """For each @test block of the script at ``path`` that creates or applies with kubectl or oc: each file or
    directory glob it names, with the ``Kind/name`` pairs its ``denied the request`` lines name when the block
    expects the command to fail (``[ "$status" -eq 1 ]``, ``assert_failure``), else None."""
    text = _read(path)
    if text is None:
        return ()
    variables = _variables(root, path, text)
    out: list[tuple[str, frozenset[tuple[str, str]] | None]] = []
    for start in _TEST_BLOCK.finditer(text):
        end = _BLOCK_END.search(text, start.end())
        block = text[start.end() : end.start() if end else len(text)]
        if not _APPLIES.search(block):
            continue
        fails = _FAILS.search(block) is not None and _SUCCEEDS.search(block) is None
        denied = frozenset((m[1], m[2]) for line in _DENIED.finditer(block) for m in _KIND_NAME.finditer(line[0])) if fails else None
        out.extend((pattern, denied) for pattern in _names(root, path, block, variables, True))
    return tuple(out)


@lru_cache(maxsize=256)
def _script_test(root: str, path: str) -> tuple[Test | None, bool]:
    """The files and directories the script at ``path`` names, and whether it runs kubectl."""
    if os.path.islink(path) or not os.path.isfile(path):
        return None, False
    text = _read(path)
    if text is None:
        return None, False
    role = APPLIED if _APPLIES.search(text) else TEST_INPUT
    why = f"the bats tests of {shown(path)} hand it to the project's program, never to a cluster"
    kubectl = _KUBECTL.search(text) is not None
    refs = {pattern: Ref(pattern, role, why) for pattern in _names(root, path, text, _variables(root, path, text), role == APPLIED or not kubectl)}
    return (Test(path, tuple(refs.values())) if refs else None), kubectl


def _names(root: str, path: str, text: str, variables: dict[str, str], directories: bool) -> list[str]:
    """The existing files of the project ``text`` (the script at ``path``, or one of its @test blocks) names, and
    the globs of the test-like directories it names (with ``directories``: the program reads them whole), in order."""
    found: dict[str, None] = {}
    for match in _NAMED.finditer(text):
        variable = match[1] or match[2]
        if variable is None:
            name = match[3]
        elif variable == _TEST_DIRNAME:
            name = match[3]  # relative to the script's directory, looked at below
        elif (value := variables.get(variable)) is not None:
            name = os.path.join(value, match[3])
        else:
            continue  # a directory only known when the test runs
        for base in (root, os.path.dirname(path)):
            candidate = os.path.normpath(os.path.join(base, name))
            if candidate.startswith(root + os.sep) and os.path.isfile(candidate) and not os.path.islink(candidate):
                found.setdefault(candidate)
                break
    # a directory a cluster suite names without applying it (kubectl delete -f fixtures/folder/) may be applied elsewhere
    for match in _DIRECTORY.finditer(text) if directories else ():
        named, variable = match[3], match[1] or match[2]
        if not testish_path(named) or named.endswith((".yaml", ".yml", ".json")) or (variable is None and "/" not in named):
            continue  # most words name no directory (a lone word: ``@test``); a file's name was taken above
        if variable is not None and variable != _TEST_DIRNAME:
            if (value := variables.get(variable)) is None:
                continue
            named = os.path.join(value, named)
        for base in (root, os.path.dirname(path)):
            candidate = os.path.normpath(os.path.join(base, named))
            if not candidate.startswith(root + os.sep) or not testish_path(os.path.relpath(candidate, root)):
                continue  # a directory the tests keep their inputs in, not the project's charts or manifests (deploy/)
            if _own_directory(root, candidate):
                for depth in range(1, _DIRECTORY_DEPTH + 1):
                    found.setdefault(os.path.join(candidate, *["*"] * depth))
                break
    return list(found)


def _own_directory(root: str, candidate: str) -> bool:
    """``candidate`` is an existing directory below the project's root, not reached through a link."""
    return os.path.isdir(candidate) and os.path.realpath(candidate) == os.path.join(os.path.realpath(root), os.path.relpath(candidate, root))


def _variables(root: str, path: str, text: str) -> dict[str, str]:
    """The literal paths the script at ``path`` and the helpers it loads (``NAME.bash``
    or ``NAME`` beside it, inside ``root``, no link) assign to shell variables; a script's
    own assignment wins over a helper's, a variable assigned two values is none."""
    texts = [text]
    directory = os.path.dirname(path)
    for match in _LOADS.finditer(text):
        for name in (f"{match[2]}.bash", match[2]):
            helper = os.path.normpath(os.path.join(directory, name))
            if helper.startswith(root + os.sep) and os.path.isfile(helper) and not os.path.islink(helper):
                if (helper_text := read_text(helper, _MAX_BYTES)) is not None:
                    texts.append(helper_text)
                break
    found: dict[str, str | None] = {}
    for source in texts:
        own: dict[str, str | None] = {}
        for match in _ASSIGNED.finditer(source):
            name, value = match[1], match[3]
            own[name] = value if own.get(name, value) == value else None
        for name, value in own.items():
            found.setdefault(name, value)
    return {name: value for name, value in found.items() if value}


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
