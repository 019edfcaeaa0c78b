"""Test harnesses' files: which ones are checks or offline inputs, never
applied to a cluster, and which test scenario a file belongs to. Read from
the harnesses' own files, as layout.py reads kustomizations:

- chainsaw (kyverno/chainsaw 62507786544 pkg/apis/v1alpha1/test.go, step.go,
  operation.go, action.go; pkg/discovery/load.go): a test is a directory
  holding ``chainsaw-test.yaml`` (``.yml``), documents of kind Test
  (chainsaw.kyverno.io); the ``assert`` and ``error`` operations of its steps
  (``try``, ``catch``, ``finally``, ``cleanup``, and a step template's
  through ``use``) name files the cluster's objects are compared with
  (relative to the test's directory, globs allowed); ``apply``, ``create``,
  ``update`` and ``patch`` name files sent to the cluster. A directory
  without a test file is read through its step files
  (pkg/discovery/step.go): ``NN-assert.yaml`` and ``NN-errors.yaml`` are
  checks, the other ``NN-*.yaml`` applied.
- kuttl (kudobuilder/kuttl d691781e39c internal/file/name.go,
  internal/utils/files/files.go, pkg/apis/testharness/v1beta1/test_types.go):
  in a test case directory, a file whose first name component is ``assert``
  or ``errors`` (``00-assert.yaml``, ``01-errors-pods.yaml``, or
  ``assert.yaml`` inside a step directory ``02-upgrade/``) is a check; a
  TestStep (kuttl.dev) names more under ``assert`` and ``error``.
- the Kyverno CLI (kyverno/kyverno 111e07bbecc
  cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go, test_result.go;
  commands/test/command.go reads ``kyverno-test.yaml``): the resources its
  policies are evaluated against offline (``resources``,
  ``targetResources``, ``clusterResources``, ``paramResources``, results'
  ``cloneSourceResource``) and the objects it expects (results'
  ``patchedResources``, ``generatedResource``, ``generatedResources``).
- gator (open-policy-agent/gatekeeper dd8507eb97f pkg/gator/verify/suite.go,
  runner.go): a Suite (test.gatekeeper.sh, ``suite.yaml`` by the library's
  convention) names the objects its constraints are evaluated against
  offline (``tests[].cases[].object``, ``inventory``), relative to itself.
- Grafana's helm-chart-toolbox (harness_toolbox.py): a ``test-plan.yaml``
  (TestPlan, helm-chart-toolbox.grafana.com) applies its ``dependencies``'
  files and directories to a cluster of its own: a scenario.

A build tool's test data (Go's ``testdata``, Maven's ``src/test``:
test_data.py) is a test input too, and so is a file a project's bats tests
hand to its own program (harness_bats.py), a file Conftest's Rego tests parse
as a policy's input (harness_rego.py) or Regula's load as their ``mock_input``
(harness_regula.py), or a file kept in the directory of the OPA tests a
policy's Makefile runs (harness_opa.py), or a Go package's tests read from
beside them (harness_gotest.py), and so is a file a project's script hands
to ``ko resolve`` only to build the images it names (harness_ko.py). A
manifest a script beside it hands to Spark as a pod template
(``spark.kubernetes.driver.podTemplateFile``) is a template Spark fills in
(harness_spark.py), and so is one a script or Flink configuration beside it or
in its parent directory hands to Flink (``kubernetes.pod-template-file``,
harness_flink.py). A manifest a PolicyGenerator wraps in policies that never
create it (inform, mustnothave, disabled) is that generator's input
(harness_policygen.py). A ytt template (a YAML file whose comments carry ytt's
``#@`` annotations), and a plain file beside a ytt overlay that removes
documents, are templates ytt renders (harness_ytt.py): the worker that reads
the file asks (render.load_plan_piece), so the plan reads no file's text.

A file a chainsaw test or a kuttl TestStep applies is applied, whatever else
names it and wherever it lies: kyverno/chainsaw keeps its own e2e tests below
Go's ``testdata`` (Makefile ``chainsaw test ./testdata/e2e``, on a kind cluster)
and kudobuilder/kuttl's integration test runs internal/harness/test_data; what
they apply is linted, and so is a file a Mage target sends to its cluster with
``kubectl apply -f`` (harness_mage.py: trivy's k8s integration fixtures). A file a script beside it or above it
hands to ``kubectl patch --patch-file`` is a patch of an existing object, never an object of its own
(harness_patchfile.py). The harness files are looked for where tests name their files
from: the file's own directory, its ancestors up to the project (the nearest
``.git``; three levels outside one), its directory's siblings (a chainsaw
test naming ``../.kyverno-test/resource.yaml``) and subdirectories (one
naming ``../policy.yaml``). A venom suite's scripts name theirs from the
suite's directory: what they ``kubectl apply`` is applied, what they hand to
the project's own program is a test input (harness_venom.py).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from operator import methodcaller
from typing import Final

from pod_resources_cli.source.boundary import Boundary
from pod_resources_cli.source.harness_files import (
    APPLIED,
    CHAINSAW_TEST_FILES,
    GATOR_SUITE_FILES,
    KYVERNO_TEST_FILE,
    TEST_ASSERTION,
    TEST_INPUT,
    ObjectKey,
    Ref,
    Test,
    chainsaw_refs,
    gator_refs,
    kuttl_step_refs,
    kyverno_refs,
    matches,
    object_keys,
    read_tests,
    read_text,
    shown,
    under,
)
from pod_resources_cli.source.kustomization import KUSTOMIZATION_FILES
from pod_resources_cli.source.listing import listing, subdirectories
from pod_resources_cli.source.test_data import golden_output, test_data_reason
from pod_resources_cli.source.test_paths import fixture_path, testish_path

__all__ = ["TEST_ASSERTION", "TEST_INPUT", "ObjectKey", "assertion_reason", "scenario_root", "skip_reason", "updated_objects"]

_MAX_UP: Final = 3  # ancestors looked at outside a git repository
_MAX_SIBLINGS: Final = 500  # sibling directories looked at (a flat directory of thousands is no test layout)
# kuttl's file names (internal/file/name.go fileNameRegex); chainsaw's (pkg/discovery/step.go StepFileName).
_KUTTL_NAME: Final = re.compile(r"^(\d+-)?([^-.]+)(-[^.]+)?((?:\.gotmpl)?\.yaml)?$")
_STEP_NAME: Final = re.compile(r"^(\d+)-(.*)\.(?:yaml|yml)$")
_STEP_DIR: Final = re.compile(r"^\d+-")  # kuttl: a step may be a directory of files
# Stackable's beku renders a kuttl test template directory (tests/templates/kuttl/<test>/) into test cases, each
# ``.j2``/``.jinja2`` file rendered to the name without that ending, the others copied (stackabletech/beku.py
# @2bddac812dbc src/beku/kuttl.py PATTERN_EXTENSION_JINJA, TestTemplate.build_destination): ``10-install.yaml.j2``
# is the step ``10-install.yaml`` kuttl applies. The template itself is never read (Jinja, not YAML).
_JINJA: Final = re.compile(r"\.j(inja)?2$")


def assertion_reason(path: str, root: str | None = None) -> str | None:
    """Why ``path`` is a file a test harness compares the cluster's objects
    with (never applied), or None. ``root``: look no higher than it."""
    found = _classify(os.path.abspath(path), _norm_root(root))
    return found[1] if found is not None and found[0] == TEST_ASSERTION else None


def skip_reason(path: str, root: str | None = None) -> tuple[str, str] | None:
    """(TEST_ASSERTION, TEST_INPUT or VENDORED, why) for a file a test
    harness never applies to a cluster, or a build tool keeps for its tests
    or copies from other modules (test_data.py), or None."""
    return skip_reason_of(os.path.abspath(path), _norm_root(root))


def skip_reason_of(full: str, top: str | None) -> tuple[str, str] | None:
    """``skip_reason`` of a path and root already absolute and normal (a plan's thousands of files)."""
    found = _classify(full, top)
    if found is not None and found[0] == APPLIED:
        return None  # a test sends it to its cluster, also from a build tool's test data (chainsaw's own testdata/e2e)
    found = found or golden_output(full)  # a ytt, Ansible, Spark or Flink template: the worker reading it (harness_ytt)
    directory = full.rpartition(os.sep)[0] or os.sep  # dirname, for every file of a plan
    return found or _test_data(directory, top) or _generator_input(full, _ancestors(directory, top))


@lru_cache(maxsize=4096)
def _test_data(directory: str, top: str | None) -> tuple[str, str] | None:
    return test_data_reason(_ancestors(directory, top))


def scenario_root(path: str, root: str | None = None) -> str | None:
    """The directory of the test scenario ``path`` belongs to: the test that
    applies it, else the test that names it (its own directory's first, then
    its ancestors', then its siblings'), else the test case directory its
    step files make, else the nearest ancestor holding a test file; None
    outside any test."""
    full = os.path.abspath(path)
    top = _norm_root(root)
    directory = os.path.dirname(full)
    tests = _tests_around(directory, top)
    for wanted in (APPLIED, None):
        for test in tests:
            if any(matches(ref.pattern, full) and wanted in (None, ref.role) for ref in test.refs):
                return os.path.dirname(test.path)
    case = _step_case(full)
    if case is not None:
        return case
    for candidate in _ancestors(directory, top):
        if _tests_in(candidate):
            return candidate
    return None


@lru_cache(maxsize=4096)
def updated_objects(path: str, root: str | None = None) -> frozenset[ObjectKey]:
    """The objects of ``path`` that a test applies after an earlier step of
    the same test created them: the harness merges them into the existing
    object (chainsaw's apply and patch, pkg/engine/operations/apply; kuttl's
    CreateOrUpdate, internal/kubernetes/retry_client.go: a JSON merge
    patch), so they may be partial. An object counts only when every test
    step that applies the file comes after its creation; a chainsaw ``patch``
    needs the object to exist, whatever made it (an operator: the Kiali a
    ServiceMeshControlPlane makes), so its objects are all updates."""
    full = os.path.abspath(path)
    directory = os.path.dirname(full)
    found: frozenset[ObjectKey] | None = None
    for test in _tests_around(directory, _norm_root(root)):
        applied = [ref for ref in test.refs if ref.role == APPLIED]
        for i, ref in enumerate(applied):
            if ref.pattern == full:
                if ref.patches:  # chainsaw's patch: every object of the file is an update of one that exists
                    whole = object_keys(full)
                    found = whole if found is None else found & whole
                    continue
                if not ref.merges or found == frozenset():
                    found = frozenset()  # created (or replaced) here: nothing of it is an update
                    continue
                before = _keys_of((r.pattern for r in applied[:i] if r.pattern != full), full)
                before |= _kuttl_steps_before(test.path, full, _norm_root(root))
                found = before if found is None else found & before
    step = _STEP_NAME.match(os.path.basename(full))
    if step is not None and _step_case(full) == directory:
        index = int(step[1])
        earlier = (
            os.path.join(directory, n) for n in _listdir(directory)
            if (m := _STEP_NAME.match(n)) is not None and int(m[1]) < index and _check_kind(n) is None
        )  # fmt: skip
        before = _keys_of(earlier, full) | _script_created(directory, index, _norm_root(root))
        found = before if found is None else found & before
    return found & object_keys(full) if found else frozenset()  # the file itself is read only when it may hold updates


def _kuttl_steps_before(step_file: str, beside: str, top: str | None) -> frozenset[ObjectKey]:
    """The objects the steps of a kuttl test case before the one of ``step_file`` (``NN-name.yaml``, a TestStep
    of the case directory) created: their own manifests, the files their TestSteps ``apply`` and what their
    scripts create. kuttl runs a case's steps in index order and applies each step's files with CreateOrUpdate, a
    merge into the object an earlier step made (kudobuilder/kuttl 0f1a6b181f16 pkg/test/case.go LoadTestSteps: steps
    sorted by index; d691781e39c internal/kubernetes/retry_client.go CreateOrUpdate): CrunchyData/postgres-operator @0fbac3062d64
    testing/kuttl/e2e/cluster-pause/01-cluster-paused.yaml applies files/01-pause-cluster.yaml, ``paused: true``
    over the PostgresCluster step 00's files/00-create-cluster.yaml created. ``beside``: the file asked about."""
    directory, _, name = step_file.rpartition(os.sep)
    directory = directory or os.sep
    step = _STEP_NAME.match(name)
    if step is None or _check_kind(name) is not None or not _is_step_case(directory):
        return frozenset()
    index = int(step[1])
    earlier = frozenset(
        os.path.join(directory, n) for n in _listdir(directory)
        if (m := _STEP_NAME.match(n)) is not None and int(m[1]) < index and _check_kind(n) is None
    )  # fmt: skip
    applied = (r.pattern for t in _tests_in(directory) if t.path in earlier for r in t.refs if r.role == APPLIED)
    return _keys_of((*sorted(earlier), *applied), beside) | _script_created(directory, index, top)


def _keys_of(paths: Iterable[str], beside: str) -> frozenset[ObjectKey]:
    """The objects of the files a test applied before (``beside``: the file asked about): only those inside its
    repository are read; a test naming ``../../../etc/x`` names no file of the run."""
    keys: set[ObjectKey] = set()
    within = Boundary.of([beside])
    for path in paths:
        if not any(c in path for c in "*?[") and within.contains(path):
            keys |= object_keys(path)
    return frozenset(keys)


def _norm_root(root: str | None) -> str | None:
    return os.path.abspath(root) if root is not None else None


def _classify(full: str, top: str | None) -> tuple[str, str] | None:  # (APPLIED, why) for a file a test applies
    directory = full.rpartition(os.sep)[0] or os.sep  # os.path.dirname of an absolute path, for every file of a plan
    exact, globs = _refs_around(directory, top)
    roles = dict(exact.get(full, {}))
    if globs:
        candidates: list[tuple[int, Ref]] = []
        at = full
        while True:  # only the globs whose fixed part is one of the file's directories can match it
            at = at.rpartition(os.sep)[0]
            candidates.extend(globs.get(at or os.sep, ()))
            if not at:
                break
        for _, ref in sorted(candidates, key=lambda c: c[0]):  # in the tests' order: the first test's words
            if matches(ref.pattern, full):
                roles.setdefault(ref.role, ref.why)
    if APPLIED in roles:
        return APPLIED, roles[APPLIED]
    for role in (TEST_ASSERTION, TEST_INPUT):
        if role in roles:
            return role, roles[role]
    chainsaw = [t for t in _tests_in(directory) if os.path.basename(t.path) in CHAINSAW_TEST_FILES]
    if not chainsaw:
        return _by_step_name(full)
    # only beside tests that were read whole (an unreadable test file could name anything)
    return _unnamed_beside(full, [t.path for t in chainsaw]) if all(t.refs for t in chainsaw) else None


def _unnamed_beside(full: str, chainsaw: list[str]) -> tuple[str, str] | None:
    """A file in a chainsaw test's directory that none of its tests names, and that no script or command of
    theirs could apply (the test's text never holds its name, nor ``script:`` or ``command:``): chainsaw runs
    only the operations a test file lists, so it is never applied (kyverno/policies'
    ``.chainsaw-test/good-pods-all.yaml``, left beside the files its test applies)."""
    name = os.path.basename(full)
    if name in CHAINSAW_TEST_FILES:
        return None
    for path in chainsaw:
        text = _test_text(path)
        if text is None or name in text or "command:" in text:
            return None
        if "script:" in text and not _scripts_never_name(path, text, name):
            return None
    return TEST_INPUT, f"beside the chainsaw test {shown(chainsaw[0])}, which never names it: the harness never applies it"


# chainsaw's script operation runs ``content`` with ``sh -c`` in the test's directory, unless ``workDir`` names another
# (kyverno/chainsaw 072a531babd9 pkg/engine/operations/script/operation.go createCommand: ``exec.CommandContext(ctx,
# "sh", "-c", o.script.Content)``, ``cmd.Dir = basePath``); a content that is only ``./NAME.sh`` runs that file beside it
_SCRIPT_FILE: Final = re.compile(r"^\s*content:\s*['\"]?\./([\w.-]+\.sh)['\"]?\s*$", re.MULTILINE)
_SCRIPT_CONTENT: Final = re.compile(r"^\s*content:", re.MULTILINE)
# what in a script may apply files it does not name: a glob, a directory (``-f .``, ``-f ./``, ``-k``), a listing
_SCRIPT_SET: Final = re.compile(r"\*\.ya?ml|-f\s+\.(?:/)?(?:\s|$)|--filename[= ]\.|\s-k\s|kustomize|\bls\b|\bfind\b")
# what else in an inline content may apply files it does not name: a directory or a variable given as -f (``-f ../``,
# ``-f "$DIR"``), a recursive apply, a loop or a program reading the directory
_INLINE_SET: Final = re.compile(
    r"""(?:-f|--filename)[= ]\s*["']?(?:\$|[^\s"']*/["']?(?:\s|$)|\.\.?["']?(?:\s|$))|\s-R\b|--recursive|\bfor\b|\bxargs\b|\bpython|\bperl\b|\bawk\b|\bsed\b"""
)


def _scripts_never_name(test: str, text: str, name: str) -> bool:
    """A chainsaw test's scripts cannot apply ``name``: each ``content`` of the test runs a shell file beside it
    (``./NAME.sh``, a regular file there: tempo-operator's e2e-openshift-tls-profile tests), none of which names the
    file or could apply files it does not name (a glob, a directory, a listing); inline contents are the test's
    own text, which already does not name it, and stand so when they neither glob, list nor loop, nor give ``kubectl``
    a directory, a variable or ``-R`` (cloudnative-pg/charts @b21ad2dac799 charts/cluster/test/scheduledbackups: its
    inline scripts ``helm upgrade --values ./01-scheduledbackups_cluster.yaml ... ../../`` and ``helm uninstall``;
    helm applies the chart's templates, and 00-minio_cleanup-assert.yaml, a Job with only a status, is no template
    nor read by one: source/chart_files.py). Unreadable, linked or elsewhere: it may."""
    directory = os.path.dirname(test)
    if "workDir:" in text:
        return False  # a script run elsewhere: its ./NAME.sh is not the file beside the test
    files = _SCRIPT_FILE.findall(text)
    if len(files) != len(_SCRIPT_CONTENT.findall(text)) and (_SCRIPT_SET.search(text) or _INLINE_SET.search(text)):
        return False  # an inline content (the test's own text) that may apply a file it does not name
    for script in files:
        path = os.path.join(directory, script)
        if os.path.islink(path) or not os.path.isfile(path):
            return False
        body = _test_text(path)
        if body is None or name in body or _SCRIPT_SET.search(body):
            return False
    return True


@lru_cache(maxsize=256)
def _test_text(path: str) -> str | None:
    return read_text(path)


@lru_cache(maxsize=1024)
def _refs_around(directory: str, top: str | None) -> tuple[dict[str, dict[str, str]], dict[str, tuple[tuple[int, Ref], ...]]]:
    """What the tests around ``directory`` do with each file they name (the
    first test's words for each role), and their globs (numbered in the
    tests' order) by the directory above their first wildcard: a Python
    checker's hundred fixture directories are not each compared with every file."""
    exact: dict[str, dict[str, str]] = {}
    globs: dict[str, list[tuple[int, Ref]]] = {}
    count = 0
    for test in _tests_around(directory, top):
        for ref in test.refs:
            wildcard = min((i for c in "*?[" if (i := ref.pattern.find(c)) >= 0), default=-1)
            if wildcard >= 0:
                fixed = ref.pattern[:wildcard].rpartition(os.sep)[0] or os.sep
                globs.setdefault(fixed, []).append((count, ref))
                count += 1
            else:
                exact.setdefault(ref.pattern, {}).setdefault(ref.role, ref.why)
    return exact, {fixed: tuple(refs) for fixed, refs in globs.items()}


def client_applied(path: str) -> str | None:
    """Who creates the objects of ``path`` through the API without asking for strict field validation, or None:
    a kuttl or chainsaw test step file (``NN-name.yaml`` of a test case directory, not a check). kuttl's
    CreateOrUpdate (kudobuilder/kuttl internal/kubernetes/retry_client.go: a Create, or a JSON merge patch) and
    chainsaw's apply (kyverno/chainsaw @125a06388ce1 pkg/engine/operations/apply/operation.go: Create, or a
    merge Patch) send no ``fieldValidation``, so the API server's default, Warn, drops an unknown field and
    creates the rest; ``kubectl apply`` asks for Strict and is refused."""
    full = os.path.abspath(path)
    directory, _, name = full.rpartition(os.sep)
    if not _STEP_NAME.match(name) or _check_kind(name) is not None or _step_case(full) != (directory or os.sep):
        return None
    return "its test harness (a kuttl or chainsaw step file)"


def _by_step_name(full: str) -> tuple[str, str] | None:
    """kuttl's and chainsaw's step files: ``NN-assert*.yaml``/``NN-errors*.yaml``
    in a test case directory, ``assert*.yaml``/``errors*.yaml`` in a step directory."""
    directory, _, name = full.rpartition(os.sep)
    directory = directory or os.sep
    kind = _check_kind(name)
    if kind is None:
        return None
    if _STEP_NAME.match(name) and _step_case(full) == directory:
        return TEST_ASSERTION, f"a test step's {kind} file (kuttl or chainsaw step files in {shown(directory)})"
    if _STEP_DIR.match(os.path.basename(directory)) and _step_case(full) == os.path.dirname(directory):
        return TEST_ASSERTION, f"a kuttl test step's {kind} file (step directory {shown(directory)})"
    return None


def _check_kind(name: str) -> str | None:
    """``assert`` or ``errors`` when kuttl reads the file name as one."""
    match = _KUTTL_NAME.match(name if not name.endswith(".yml") else name[:-4] + ".yaml")
    if match is None:
        return None
    first = match[2].lower()
    return first if first in ("assert", "errors") else None


def _step_case(full: str) -> str | None:
    """The test case directory a step file (or a file of a step directory)
    belongs to: one whose ``NN-`` step files include a check and something
    to apply. Plain manifests numbered for order (``01-namespace.yaml``) have
    no check among them."""
    directory = os.path.dirname(full)
    for candidate in (directory, os.path.dirname(directory)):
        if _is_step_case(candidate):
            return candidate
    return None


@lru_cache(maxsize=1024)
def _is_step_case(directory: str) -> bool:
    checks = applies = 0
    found = listing(directory)
    for listed in found.starting_with_digit():
        if not _STEP_DIR.match(listed):  # a step's name starts NN-
            continue
        if found.is_dir(listed):  # links are not followed (a step is the repository's own)
            if _STEP_DIR.match(listed):
                inside = [_JINJA.sub("", n) for n in _listdir(os.path.join(directory, listed))]
                checks += any(_check_kind(n) is not None for n in inside)
                applies += any(_check_kind(n) is None and n.endswith(".yaml") for n in inside)
            continue
        name = _JINJA.sub("", listed)  # a beku template: the step file it renders
        if not _STEP_NAME.match(name):
            continue
        if _check_kind(name) is not None:
            checks += 1
        else:
            applies += 1
    if checks == 0 and applies > 0:  # steps whose checks are named by their TestStep, not by a file name
        checks += _step_names_checks(directory, found.starting_with_digit())
    return checks > 0 and applies > 0


_MAX_STEP_FILES: Final = 50  # numbered files read for a TestStep (a test case has a few steps)


def _step_names_checks(directory: str, names: Iterable[str]) -> bool:
    """A kuttl TestStep among the directory's ``NN-*.yaml`` files names files under ``assert`` or ``error``
    (kudobuilder/kuttl d691781e39c pkg/apis/testharness/v1beta1/test_types.go TestStep.Assert, .Error;
    nats-io/nack tests/stream-creation/02-natscli-stream.yaml): the directory is a test case though no file
    name says ``assert``. Only files that mention ``kuttl.dev`` and ``TestStep`` are parsed."""
    steps = [n for n in names if _STEP_NAME.match(n) and not os.path.isdir(os.path.join(directory, n))][:_MAX_STEP_FILES]
    for name in steps:
        path = os.path.join(directory, name)
        if os.path.islink(path):
            continue
        text = read_text(path)
        if text is None or "kuttl.dev" not in text or "TestStep" not in text:
            continue
        for test in read_tests(path, kuttl_step_refs):
            if any(ref.role == TEST_ASSERTION for ref in test.refs):
                return True
    return False


# -- finding the harness's test files ------------------------------------------------


_IS_REGO: Final = methodcaller("endswith", ".rego")


_IS_SCRIPT: Final = re.compile(r".*\.(?:ts|js)\Z").match


def _fixture_directory_with(directory: str, project: str, is_name: Callable[[str], object]) -> bool:
    """``directory`` is a test-like directory below ``project`` and holds a file ``is_name`` accepts (cheap: the
    readers that look inside such files load only then)."""
    return (
        directory.startswith(project.rstrip(os.sep) + os.sep)
        and bool(fixture_path(os.path.relpath(directory, project)))
        and next(filter(is_name, listing(directory).names), None) is not None
    )


def _mock_server_reads(directory: str, project: str | None) -> tuple[Test, ...]:
    """harness_mockserver.mock_server_reads, loaded only where a test-like directory holds a .ts or .js file."""
    if project is None or not _fixture_directory_with(directory, project, _IS_SCRIPT):
        return ()
    from pod_resources_cli.source.harness_mockserver import mock_server_reads

    return mock_server_reads(directory, project)


_IS_SHELL: Final = re.compile(r".*\.(?:sh|bash)\Z").match


def _helm_snapshots(directory: str, project: str | None) -> tuple[Test, ...]:
    """harness_snapshots.helm_snapshots, loaded only where a test-like directory holds a shell script."""
    if project is None or not _fixture_directory_with(directory, project, _IS_SHELL):
        return ()
    from pod_resources_cli.source.harness_snapshots import helm_snapshots

    return helm_snapshots(directory, project)


_IS_GO_TEST: Final = methodcaller("endswith", "_test.go")


def _terratest_snapshots(directory: str) -> tuple[Test, ...]:
    """harness_terratest.terratest_snapshots, loaded only where a directory holds a Go test file."""
    if next(filter(_IS_GO_TEST, listing(directory).names), None) is None:
        return ()
    from pod_resources_cli.source.harness_terratest import terratest_snapshots

    return terratest_snapshots(directory)


def _rego_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """harness_rego.rego_tests, loaded only where a directory holds a ``.rego`` file (pre-commit's start-up)."""
    if next(filter(_IS_REGO, listing(directory).names), None) is None:
        return ()
    from pod_resources_cli.source.harness_rego import rego_tests
    from pod_resources_cli.source.harness_regula import regula_tests

    return rego_tests(directory, project) + regula_tests(directory, project)  # Conftest's parse_config_file, Regula's mock_input


def _opa_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """harness_opa.opa_tests, loaded only where a directory holds a Makefile."""
    names = listing(directory).names
    if "Makefile" not in names and "makefile" not in names and "GNUmakefile" not in names:
        return ()
    from pod_resources_cli.source.harness_opa import opa_tests

    return opa_tests(directory, project)


def _script_tests(directory: str, limit: str) -> tuple[Test, ...]:
    """harness_kuttl_scripts.script_tests, loaded only for a kuttl test case whose steps run scripts."""
    if not _is_step_case(directory):
        return ()
    from pod_resources_cli.source.harness_kuttl_scripts import script_tests

    return script_tests(directory, limit)


def _suite_conf_tests(directory: str, limit: str) -> tuple[Test, ...]:
    """harness_kuttl_scripts.suite_conf_tests, loaded only beside a ``*kuttl*`` file of the parent directory."""
    parent = os.path.dirname(directory)
    if parent == directory or not under(parent, limit):  # the suite's directory lies inside the run's root, or is not read
        return ()
    if not any("kuttl" in name and name.endswith((".yaml", ".yml")) for name in listing(parent).names):
        return ()
    from pod_resources_cli.source.harness_kuttl_scripts import suite_conf_tests

    return suite_conf_tests(directory, limit, _is_step_case)


def _script_created(directory: str, index: int, top: str | None) -> frozenset[ObjectKey]:
    """The objects the scripts of the test case's steps before ``index`` create (harness_kuttl_scripts: ``get_cr | kubectl
    apply -f -``), read inside the run's root, else the project, else three levels up, as the tests are."""
    from pod_resources_cli.source.harness_kuttl_scripts import created_objects

    limit = top or _project_root(directory) or _ancestors(directory, None)[-1]
    keys: set[ObjectKey] = set()
    for name in _listdir(directory):
        m = _STEP_NAME.match(name)
        if m is not None and int(m[1]) < index and _check_kind(name) is None:
            keys |= created_objects(os.path.join(directory, name), limit)
    return frozenset(keys)


# The readers of each harness's files load only where a directory holds such a file (pre-commit's start-up: a
# file alone in its directory loads none of them); each test below is the reader's own first one.
_IS_GO_TEST_FILE: Final = methodcaller("endswith", "_test.go")
_IS_BATS: Final = methodcaller("endswith", ".bats")
_TEST_PLAN_FILE: Final = "test-plan.yaml"  # harness_toolbox.TEST_PLAN_FILE


def _is_python_test(name: str) -> bool:
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def _go_tests(directory: str, project: str | None, beside: bool = False) -> tuple[Test, ...]:
    """harness_gotest.go_tests, loaded only where a directory holds a ``*_test.go`` file."""
    if next(filter(_IS_GO_TEST_FILE, listing(directory).names), None) is None:
        return ()
    from pod_resources_cli.source.harness_gotest import go_tests

    return go_tests(directory, project, beside)


def _python_tests(directory: str, project: str | None, beside: bool = False) -> tuple[Test, ...]:
    """harness_gotest.python_tests, loaded only where a directory holds a ``test_*.py`` or ``*_test.py`` file."""
    if next(filter(_is_python_test, listing(directory).names), None) is None:
        return ()
    from pod_resources_cli.source.harness_gotest import python_tests

    return python_tests(directory, project, beside)


def _bats_beside(directory: str, project: str | None) -> tuple[Test, ...]:
    """harness_bats.bats_beside, loaded only in a project, where a directory holds a ``*.bats`` file."""
    if project is None or next(filter(_IS_BATS, listing(directory).names), None) is None:
        return ()
    from pod_resources_cli.source.harness_bats import bats_beside

    return bats_beside(directory, project)


def _venom_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """harness_venom.venom_tests, loaded only in a project (a venom suite's directory is named from its root)."""
    if project is None:
        return ()
    from pod_resources_cli.source.harness_venom import venom_tests

    return venom_tests(directory, project)


def _patch_files(directory: str, limit: str) -> tuple[Test, ...]:
    """harness_patchfile.patch_files, loaded only where a directory holds a shell script."""
    if next(filter(_IS_SHELL, listing(directory).names), None) is None:
        return ()
    from pod_resources_cli.source.harness_patchfile import patch_files

    return patch_files(directory, limit)


def _generator_input(full: str, ancestors: Iterable[str]) -> tuple[str, str] | None:
    """harness_policygen.generator_input, loaded only where a directory up to the project holds a kustomization."""
    ancestors = tuple(ancestors)
    if not any(name in listing(d).present for d in ancestors for name in KUSTOMIZATION_FILES):
        return None
    from pod_resources_cli.source.harness_policygen import generator_input

    return generator_input(full, ancestors)


@lru_cache(maxsize=1024)
def _tests_around(directory: str, top: str | None) -> tuple[Test, ...]:
    """The test files that may name a file of ``directory``: its own, its
    ancestors', its siblings' and its subdirectories' (``../policy.yaml``).
    Asked for each file of a directory: gathered once per directory."""
    tests: list[Test] = []
    project = top or _project_root(directory)
    ancestors = _ancestors(directory, top)
    limit = top or project or ancestors[-1]  # what a test's scripts may source: inside the run's root (harness_kuttl_scripts)
    for candidate in ancestors:
        tests.extend(_tests_in(candidate))
        tests.extend(_script_tests(candidate, limit))  # ... and the overlays its kuttl steps' scripts merge (conf/)
        tests.extend(_go_tests(candidate, project))  # a Go package's tests name their fixtures from its directory
        tests.extend(_python_tests(candidate, project))  # ... and a Python test module from its own
        tests.extend(_bats_beside(candidate, project))  # ... and a test directory's own bats suite (conftest's tests/*/test.bats)
        tests.extend(_rego_tests(candidate, project))  # ... and Conftest's Rego tests the files they parse
        tests.extend(_venom_tests(candidate, project))  # ... and a venom suite's scripts, from the suite's directory
        tests.extend(_opa_tests(candidate, project))  # ... and the OPA suite a policy's Makefile runs (its fixtures)
        tests.extend(_mock_server_reads(candidate, project))  # ... and a JavaScript mock server's data below it
        tests.extend(_helm_snapshots(candidate, project))  # ... and the helm template snapshots its scripts write
        tests.extend(_terratest_snapshots(candidate))  # ... and the helm snapshots its Go tests compare (terratest)
        tests.extend(_patch_files(candidate, limit))  # ... and a script's `kubectl patch --patch-file` (a patch, not an object)
    if project is not None or top is not None:  # ... and a kuttl suite's shared directory (e2e-tests/conf)
        tests.extend(_suite_conf_tests(directory, limit))
    for above in ancestors[1:3]:  # ... or from a package beside one of them (``../model/mocks/``), only through ``../``
        tests.extend(t for child in _subdirectories(above) if child not in ancestors
                     for t in (*_go_tests(child, project, beside=True), *_python_tests(child, project, beside=True)))  # fmt: skip
        # ... or a Go package one level deeper, through ``../../`` (kubectl-validate's pkg/cmd names "../../testcases"),
        # which names only a test-like path: looked for only when the file's directory is one below ``above``
        if testish_path(os.path.relpath(directory, above)):
            tests.extend(_go_tests_below(above, project, 2, 2))
    if project is not None and project in ancestors[3:] and testish_path(os.path.relpath(directory, project).split(os.sep, 1)[0]):
        # ... or a Go package up to three levels below the project's root, mirroring the test tree there that holds
        # the file (kyverno-json's pkg/commands/scan names "../../../test/commands/scan/cel/payload.yaml")
        tests.extend(_go_tests_below(project, project, 1, 3))
    parent = os.path.dirname(directory)
    if parent != directory and (top is None or under(parent, top)):
        for sibling in _subdirectories(parent):
            if sibling != directory:
                tests.extend(_tests_in(sibling))
    for child in _subdirectories(directory):
        tests.extend(_tests_in(child))
        tests.extend(_rego_tests(child, project))  # parse_config_file("../deployment.yaml")
    if project is not None:  # the readers of the project's scripts load only for a file in a project
        from pod_resources_cli.source.harness_bats import bats_tests
        from pod_resources_cli.source.harness_ko import ko_builds
        from pod_resources_cli.source.harness_mage import mage_builds

        tests.extend(bats_tests(project))  # a linter's bats tests name their inputs from the project's root
        tests.extend(ko_builds(project))  # `ko resolve ... > /dev/null` only builds the images its files name
        tests.extend(mage_builds(project))  # a Mage target's `kubectl apply -f` sends them to its cluster
    return tuple(tests)


@lru_cache(maxsize=256)
def _go_tests_below(above: str, project: str | None, lowest: int, deepest: int) -> tuple[Test, ...]:
    """What the Go tests of the packages ``lowest`` to ``deepest`` levels below ``above`` name through ``../``
    (none through a link, 500 a directory): gathered once for every directory of the tree asking (a file's own
    ancestors among them: what their tests name through ``../`` they name already)."""
    found: list[Test] = []
    level = list(_subdirectories(above))
    for depth in range(1, deepest + 1):
        if depth >= lowest:
            found.extend(t for package in level for t in _go_tests(package, project, beside=True))
        if depth < deepest:
            level = [sub for directory in level for sub in _subdirectories(directory)]
    return tuple(found)


@lru_cache(maxsize=4096)
def _ancestors(directory: str, top: str | None) -> tuple[str, ...]:
    """``directory`` and its parents, up to ``top``, else the project, else three levels
    (asked for every file of a plan: once a directory)."""
    stop = top or _project_root(directory)
    out: list[str] = []
    current = directory
    while True:
        out.append(current)
        parent = os.path.dirname(current)
        if current == stop or parent == current or (stop is None and len(out) > _MAX_UP):
            return tuple(out)
        if stop is not None and not under(parent, stop):
            return tuple(out)
        current = parent


@lru_cache(maxsize=4096)
def _project_root(directory: str) -> str | None:
    if os.path.exists(os.path.join(directory, ".git")):
        return directory
    parent = os.path.dirname(directory)
    return None if parent == directory else _project_root(parent)


def _listdir(directory: str) -> tuple[str, ...]:
    return listing(directory).names


@lru_cache(maxsize=1024)
def _subdirectories(directory: str) -> tuple[str, ...]:
    return tuple(os.path.join(directory, name) for name in subdirectories(directory)[:_MAX_SIBLINGS])


@lru_cache(maxsize=4096)
def _tests_in(directory: str) -> tuple[Test, ...]:
    """The harness test files of one directory, read."""
    tests: list[Test] = []
    present = listing(directory).present  # a harness file not there (most directories) is not tried
    for name in CHAINSAW_TEST_FILES:
        if name in present:
            tests.extend(read_tests(os.path.join(directory, name), chainsaw_refs))
    if KYVERNO_TEST_FILE in present:
        tests.extend(read_tests(os.path.join(directory, KYVERNO_TEST_FILE), kyverno_refs))
    for name in GATOR_SUITE_FILES:
        if name in present:
            tests.extend(read_tests(os.path.join(directory, name), gator_refs))
    if _TEST_PLAN_FILE in present:
        from pod_resources_cli.source.harness_toolbox import toolbox_refs

        tests.extend(read_tests(os.path.join(directory, _TEST_PLAN_FILE), toolbox_refs))
    if _is_step_case(directory):
        for name in _listdir(directory):
            if _STEP_NAME.match(name) and _check_kind(name) is None:
                tests.extend(read_tests(os.path.join(directory, name), kuttl_step_refs))
    return tuple(tests)


