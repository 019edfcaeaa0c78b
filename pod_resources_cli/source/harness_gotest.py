"""Go tests' fixtures: manifests a Go package's tests read from beside them.

``go test`` runs a package's tests in the package's directory ("When 'go
test' runs a test binary, it does so from within the corresponding
package's source code directory", ``go help testflag``), so a test
names its fixtures by paths relative to it: NVIDIA/KAI-Scheduler
@72de64fc8eca ``pkg/nodescaleadjuster/scaler/scaling_pod_test.go`` loads
``loadTestPodFromYaml("test_pods/pod_with_node_affinity.yaml")``;
FairwindsOps/polaris @c0e23a233b20 ``test/schema_test.go`` reads every case
below ``filepath.Dir(thisFile) + "/checks"``. Such a file is evaluated by the
code under test (a linter's deliberately failing cases, a scheduler's
input pods), never applied: a test input.

A Go string literal of a ``*_test.go`` file is taken as such a name when it
is a plain relative path (a leading ``/`` is read as joined to the
directory, as polaris' is) to an existing YAML or JSON file, or a
directory, below the test's directory or, through leading ``../``, below
one of its parents inside the project (litmuschaos/litmus @82e67d90b6e4
``chaoscenter/graphql/server/pkg/chaos_experiment/ops/service_test.go``
reads ``"../model/mocks/"``: harness.py looks at the Go tests of the
packages beside a file's parent and grandparent too, and, for a file
below a test-like directory, of the packages one level below those, which
name it through ``../../``: kubernetes-sigs/kubectl-validate
@a97ccfaca20b164819afdae780392496f6ed6bbd ``pkg/cmd/validate_test.go``
validates every case of ``"../../testcases"`` + ``manifests`` against the
expectation in its leading comment; and, for a file of a test tree at the
project's root, of the packages up to three levels below the root:
kyverno/kyverno-json @bd9932a0f94638621565e4ebf503cffeb76862f3
``pkg/commands/scan/command_test.go`` scans
``"../../../test/commands/scan/pod-all-latest/payload.yaml"``), and either that
path or the test's own directory (from the project's root; only for a path
below it: a path through ``../`` must be test-like itself, as nginx/
kubernetes-ingress @0eb3072d14f0 ``charts/tests/helmunit_test.go``'s
``"../nginx-ingress"``, the Helm chart the project ships, is not) has a
test-like segment (``test``, ``tests``, ``testing``, ``testcases``, ``fixtures``,
``mocks``, ``test_pods``, a second ``testdata2`` beside Go's own
``testdata``: kubernetes-sigs/kustomize @12f9e6391464
``kyaml/kio/filters/merge3_test.go``...): a root
``examples_test.go`` that checks the project's published examples decode
does not make them test inputs. A ``//go:embed`` directive's patterns name files the same way:
compiled into the test binary, they are read, never applied. Neither path may have an ``e2e``,
``integration`` or ``conformance`` segment, nor the test file such a build
constraint (``//go:build e2e``: tektoncd/pipeline @3ee1745ae5b2 ``test/``):
such tests send what they name to a test cluster (argoproj/argo-workflows'
``test/e2e`` submits its workflows), which applies it. A directory named so covers the files up to
three levels below it.

A Helm chart (a directory holding ``Chart.yaml``) that a test in a test-like
directory names by a path with no test-like segment of its own is the
project's chart, which the test renders, not a fixture: actions/
actions-runner-controller @2ee6b3b8e8d2
``charts/gha-runner-scale-set-controller/tests/template_test.go`` renders
``filepath.Abs("../../gha-runner-scale-set-controller")`` with terratest's
``helm.RenderTemplate`` (its two published charts, 20 templates and 4 CRDs,
were skipped as test inputs, so never rendered); the values files beside
the test that it passes to helm are its inputs.

A Go test that hands its fixtures to a cluster itself sends them there too:
Shopify/kubeaudit @7e8696a627ed ``auditors/limits/limits_test.go`` audits
each fixture twice, ``test.AuditManifest`` (read) and ``test.AuditLocal``,
whose helper package ``internal/test/test.go`` (``GetReport`` ->
``ApplyManifest``) runs ``exec.Command("kubectl", "apply", "-f",
manifestPath, "-n", namespace)`` against the kind cluster its CI starts
(``USE_KIND: "true"``, .github/workflows/ci.yml). A test file whose own text
runs ``kubectl apply`` or ``create`` that way, or that calls a function of
its own package (the directory's ``.go`` files) or of a package of its own
module it imports (``go.mod``'s ``module`` path, the nearest ``go.mod``
inside the project) from which such a command is reached through that
package's own functions, names files that are applied, whatever else reads
them (as a chainsaw test's). Which cases reach the cluster is decided when
the test runs (kubeaudit's ``testLocalMode``, the ``USE_KIND`` switch): a
directory such a test names is applied whole.

A Go test that first changes its working directory names its fixtures from
there: datreeio/datree @0c3b63e6ce96 ``pkg/policy/policy_test.go``'s
``TestDefaultRulesValidation`` runs ``os.Chdir("../../")`` (the project's
root), then reads every rule's ``pass`` and ``fail`` cases below
``"./pkg/policy/tests"`` and checks the rule's schema accepts or refuses each
(163 findings, 57 of them errors, on cases never applied). A relative
``os.Chdir`` literal of a test file, inside the project, is a second
directory its literals are read from, by the same rules (from a directory
that is not test-like itself, only a test-like path names fixtures).

A test package built on kubernetes-sigs/e2e-framework runs against a
cluster too: its ``TestMain`` (a ``_test.go`` of the directory importing
``sigs.k8s.io/e2e-framework/pkg/env``) makes the environment every test
function gets a client of (``env.New``, then ``envfuncs.CreateCluster(kind.
NewProvider(), ...)``; or a real cluster's kubeconfig), and its tests create
what they name there: kubernetes-sigs/e2e-framework @1c85a47c33a3
examples/multi_cluster/deployment_test.go ``helm RunInstall`` of
``testdata/example_chart``, examples/crds/main_test.go
``envfuncs.SetupCRDs("./testdata/crds", "*")``, klient/decoder/
decoder_test.go ``DecodeEachFile(..., decoder.CreateHandler(r))`` of
``testdata/examples``, klient/k8s/resources/resources_test.go
``e.RunProc(`kubectl apply -f ./testdata/projectExample/project.yaml`)``
(the file a kubectl command line of its names is one it names). What such a
test names is applied (its charts' pods were skipped as test inputs), also
below an ``e2e`` or ``integration`` directory or under such a build tag
(examples/third_party_integration/helm).

Python's tests name theirs so too: bridgecrewio/checkov @03d5fdad8d61
``tests/kubernetes/checks/test_Seccomp.py`` scans ``Path(__file__).parent /
"example_Seccomp"``, a directory of deliberately failing, malformed and
UNKNOWN cases (``pod-seccomp-FAILED2.yaml``), and its graph tests read
``"resources/LabelSelector/label_selector_match.yaml"`` from beside them (30
false errors, 400 warnings). A string literal (``"..."``, ``'...'``) of a
pytest or unittest module (``test_*.py``, ``*_test.py``: pytest's default
``python_files``) is read by the same rules; Python has no build
constraint, so only the paths' segments tell a cluster test.

Read: the ``*_test.go`` (and ``test_*.py``, ``*_test.py``) files of the directories the caller gives (a file's
own and its ancestors'), regular files only, never through a link, 50 a
directory (300 Python modules), 1 MiB each; a name that leads through a link is not looked at.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.records import dataclass
from pod_resources_cli.source.test_paths import CLUSTER_TESTS, TESTISH, segments_match
from pod_resources_cli.source.harness_files import APPLIED, TEST_INPUT, Ref, Test, read_text, shown
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
_MAX_PY_FILES: Final = 300  # a Python checker's test directory holds one module a check (checkov's tests/kubernetes/checks: 116)
_MAX_BYTES: Final = 1 << 20
_DEPTH: Final = 3  # levels below a named directory its files are covered to
# ... by a Python test: its own files only (a checker's case directory, example_Seccomp/*.yaml). Python
# builds paths from single names (Path(__file__).parent / "data" / "real"): a word that happens to name
# a directory beside the test ("data", "kubernetes") must not cover a tree of the project's manifests.
_PY_DEPTH: Final = 1
_LITERAL: Final = re.compile(r'"((?:[^"\\\n]|\\.){1,300})"|`([^`\n]{1,300})`')
# only literals a path could be (the characters _PATH allows): a module's thousands of other strings never reach Python
_PY_LITERAL: Final = re.compile(r""""([\w./@+-]{1,300})"|'([\w./@+-]{1,300})'""")
# ... those that begin with ../ (all a package beside a file's ancestors can name of it), found without the others
_UP_LITERAL: Final = re.compile(r'"(\.\./(?:[^"\\\n]|\\.){0,297})"|`(\.\./[^`\n]{0,297})`')
_PY_UP_LITERAL: Final = re.compile(r""""(\.\./[\w./@+-]{0,297})"|'(\.\./[\w./@+-]{0,297})'""")
_PATH: Final = re.compile(r"/?(?:\./)?[\w@+-][\w.@+-]*(?:/[\w.@+-]+)*/?")
# ... and so do tests built only with such a tag (tektoncd/pipeline's test/*_test.go: `//go:build e2e`)
_CLUSTER_TAG: Final = re.compile(r"^//\s*(?:go:build|\+build)\b[^\n]*\b(?:e2e|integration|conformance|examples)\b", re.MULTILINE)
_EXTENSIONS: Final = (".yaml", ".yml", ".json")
# A Go program running kubectl to send manifests to a cluster: exec.Command("kubectl", "apply", "-f", path)
# (a file or kustomization: ``kubectl create namespace x`` sends none)
_KUBECTL_APPLIES: Final = re.compile(
    r'\bexec\.Command(?:Context)?\((?:\s*\w+\s*,)?\s*"kubectl"\s*,[^)\n]*"(?:apply|create)"[^)\n]*"(?:-f|--filename|-k|--kustomize)(?:=[^"]*)?"'
)
# os.Chdir("../../"): the test reads what it names from there on (datree's pkg/policy/policy_test.go)
_CHDIR: Final = re.compile(r'\bos\.Chdir\(\s*"((?:\.\./)*\.\.|(?:\.\./)*[\w.@+-]+(?:/[\w.@+-]+)*)/?"\s*\)')
_FUNC: Final = re.compile(r"^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)", re.MULTILINE)
_IMPORT_BLOCK: Final = re.compile(r"^import\s*\(([^)]*)\)|^import\s+((?:[A-Za-z_.]\w*\s+)?\"[^\"\n]+\")", re.MULTILINE)
_IMPORT_SPEC: Final = re.compile(r'^\s*(?:([A-Za-z_.]\w*)\s+)?"([^"\n]+)"', re.MULTILINE)
# go:embed's patterns (``go doc embed``: space-separated, quoted where they hold spaces, ``all:`` to keep hidden
# files), relative to the package's directory like its literals: crossplane-contrib/provider-kubernetes @350ef9acf911
# pkg/kube/client/ssa/cache/extractor/caching_unstructured_extractor_test.go embeds
# test/k8s_objects_for_extraction/3_for_extraction.json, a Deployment it extracts fields of (a false BestEffort warning)
_EMBED: Final = re.compile(r"^//go:embed[ \t]+([^\n]+)$", re.MULTILINE)
_MODULE: Final = re.compile(r"^module\s+\"?([^\s\"]+)\"?\s*$", re.MULTILINE)
_MAX_UP: Final = 3  # directories looked at above a test for its go.mod outside a known project (as harness.py's ancestors)


@dataclass(frozen=True, slots=True)
class _Language:
    """How one language's tests name their fixtures."""

    word: str  # "the Go tests of ...": the skip note
    literal: re.Pattern[str]  # its string literals (the first group that matched is the text)
    up_literal: re.Pattern[str]  # ... those beginning with ../
    depth: int  # levels below a named directory its files are covered to
    cluster_tag: re.Pattern[str] | None  # a file whose text says it runs against a cluster
    applies_calls: bool = False  # its calls are followed to a kubectl apply (Go's packages)


_GO: Final = _Language("Go", _LITERAL, _UP_LITERAL, _DEPTH, _CLUSTER_TAG, True)
_PYTHON: Final = _Language("Python", _PY_LITERAL, _PY_UP_LITERAL, _PY_DEPTH, None)


@lru_cache(maxsize=4096)
def go_tests(directory: str, project: str | None, beside: bool = False) -> tuple[Test, ...]:
    """The ``*_test.go`` files of ``directory`` that name fixtures below it
    (``project``: the project's root, for the test-like segment rule).
    ``beside``: only what they name through ``../``, all a package beside
    a file's ancestors can name of that file's directory."""
    return _tests(directory, project, _test_files(directory), _GO, beside)


@lru_cache(maxsize=4096)
def python_tests(directory: str, project: str | None, beside: bool = False) -> tuple[Test, ...]:
    """The pytest or unittest modules of ``directory`` that name fixtures below it, by ``go_tests``' rules."""
    found = listing(directory)
    modules = [n for n in found.ending(".py") if (n.startswith("test_") or n.endswith("_test.py")) and found.is_file(n)]
    return _tests(directory, project, [os.path.join(directory, n) for n in modules[:_MAX_PY_FILES]], _PYTHON, beside)


def _tests(directory: str, project: str | None, files: list[str], language: _Language, beside: bool) -> tuple[Test, ...]:
    if not files:  # most directories: no test file
        return ()
    own = os.path.relpath(directory, project) if project else os.path.basename(directory)
    # an e2e-framework package creates what it names in its cluster: applied, linted, also below an e2e or integration tree
    framework = language.applies_calls and _e2e_framework_main(directory) is not None
    cluster_tree = segments_match(CLUSTER_TESTS, own) and not framework
    if cluster_tree and not language.applies_calls:
        return ()
    own_testish = segments_match(TESTISH, own)
    tests: list[Test] = []
    seen: set[tuple[str, str]] = set()  # a literal an earlier file of the directory named so: its refs are that file's already
    for path in files:
        text = read_text(path, _MAX_BYTES)
        # beside: most test modules name nothing through ../ (a project's own tests/, read for a file of examples/)
        if text is None or (beside and "../" not in text):
            continue
        # a test of an e2e or integration tree (or tag) sends what it names to a cluster, unless it hands it to Trivy's
        # configuration scanner (harness_trivy.py: trivy-checks' integration/custom_checks_test.go scans ../examples)
        scanner = _config_scanner(text) if language.applies_calls else None
        if scanner is None and (cluster_tree or (language.cluster_tag is not None and language.cluster_tag.search(text) and not framework)):
            continue
        applier = _cluster_applier(directory, project, text) if language.applies_calls else None
        if scanner is not None and applier is not None and cluster_tree:
            continue  # ... and scans it on a cluster it also applies to: as before, a cluster test
        if scanner is not None and applier is None:
            role, why = TEST_INPUT, f"the {language.word} tests of {shown(path)} scan it with {scanner}, never apply it"
        elif applier is not None:
            role, why = APPLIED, f"the {language.word} tests of {shown(path)} hand it to a test cluster ({applier}), which applies it"
        else:
            role, why = TEST_INPUT, f"the {language.word} tests of {shown(path)} read it from beside them (a fixture), never apply it"
        refs: dict[str, Ref] = {}
        literals = [m[1] if m[1] is not None else m[2] for m in (language.up_literal if beside else language.literal).finditer(text)]
        if language.applies_calls and not beside and "//go:embed" in text:  # compiled into the test binary: read, never applied
            literals += [n for m in _EMBED.finditer(text) for t in m[1].split() if (n := t.strip('"`').removeprefix("all:"))]
        if framework and not beside:  # e.RunProc(`kubectl apply -f ./testdata/projectExample/project.yaml`)
            literals += [c[1] for literal in literals if (c := _KUBECTL_FILE.match(literal)) is not None]
        for named in dict.fromkeys(literals):
            if (named, role) in seen:
                continue
            seen.add((named, role))
            for ref in _refs(directory, named, project, own_testish, why, language.depth, role, scanned=scanner is not None and applier is None):
                refs.setdefault(ref.pattern, ref)
        if language.applies_calls and not beside and project is not None:
            for cwd in _working_directories(directory, project, text):
                moved = why if role == APPLIED else f"the Go tests of {shown(path)} read it after os.Chdir to {shown(cwd)} (a fixture), never apply it"
                for named in dict.fromkeys(literals):
                    for ref in _refs(cwd, named, project, False, moved, language.depth, role):
                        refs.setdefault(ref.pattern, ref)
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


def _refs(
    directory: str, named: str, project: str | None, own_testish: bool, why: str, depth_below: int, role: str, scanned: bool = False
) -> list[Ref]:
    """``scanned``: the test hands what it names to a scanner (harness_trivy.py), which needs no test-like name."""
    base, rest = directory, named
    while rest.startswith("../"):  # a package beside it, inside the project
        base, rest = os.path.dirname(base), rest[3:]
    if not _PATH.fullmatch(rest) or ".." in rest.split("/") or (base != directory and (project is None or not _inside(base, project))):
        return []
    relative = os.path.normpath(rest.strip("/"))
    # a test-like directory makes fixtures of what its tests name below it; a path that leaves it names another part
    # of the project, a fixture only where its own segments say so (nginx/kubernetes-ingress' charts/tests renders
    # "../nginx-ingress", the chart the project ships; litmus' "../model/mocks/" stays one)
    testish = scanned or (own_testish and base == directory)
    if relative in (".", "") or not (testish or segments_match(TESTISH, relative)) or segments_match(CLUSTER_TESTS, relative):
        return []
    if relative.split(os.sep, 1)[0] not in listing(base).present:  # most literals name nothing beside the test
        return []
    candidate = os.path.join(base, relative)
    if not os.path.exists(candidate):  # one stat, before realpath's one a segment
        return []
    if os.path.realpath(candidate) != os.path.join(os.path.realpath(base), relative):  # through a link: not looked at
        return []
    if os.path.isfile(candidate):
        return [Ref(candidate, role, why)] if candidate.endswith(_EXTENSIONS) else []
    if os.path.isdir(candidate):
        if scanned:  # a scanner with the checks kept beside its inputs: the files of the directories holding checks
            from pod_resources_cli.source.harness_trivy import check_directories

            return [Ref(os.path.join(d, "*"), role, why) for d in check_directories(candidate, depth_below - 1)]
        if _published_chart(candidate, relative):
            return []
        return [Ref(os.path.join(candidate, *["*"] * depth), role, why) for depth in range(1, depth_below + 1)]
    return []


def _config_scanner(text: str) -> str | None:
    """harness_trivy.trivy_config_scan, loaded only for a test file that names Trivy (start-up)."""
    if "trivy" not in text:
        return None
    from pod_resources_cli.source.harness_trivy import trivy_config_scan

    return trivy_config_scan(text)


def _working_directories(directory: str, project: str, text: str) -> list[str]:
    """The directories a Go test file moves to with a relative ``os.Chdir`` literal, inside ``project`` and not
    below an end-to-end or integration tree (whose tests send what they name to a cluster)."""
    found: list[str] = []
    for match in _CHDIR.finditer(text):
        cwd = os.path.normpath(os.path.join(directory, match[1]))
        if cwd == directory or not _inside(cwd, project) or cwd in found:
            continue
        relative = os.path.relpath(cwd, project)
        if segments_match(CLUSTER_TESTS, relative) or not os.path.isdir(cwd):
            continue
        if os.path.realpath(cwd) != os.path.normpath(os.path.join(os.path.realpath(project), relative)):
            continue  # through a link: not looked at
        found.append(cwd)
    return found


def _published_chart(candidate: str, relative: str) -> bool:
    """A Helm chart (a ``Chart.yaml``) the test names by a path with no test-like segment of its own: the project's
    chart, which the test renders (terratest's helm.RenderTemplate), not a fixture of it."""
    return not segments_match(TESTISH, relative) and os.path.isfile(os.path.join(candidate, "Chart.yaml"))


# -- Go tests that send their fixtures to a cluster -----------------------------------


def _cluster_applier(directory: str, project: str | None, text: str) -> str | None:
    """Where a Go test file (``text``, in ``directory``) runs ``kubectl apply`` or ``create``:
    itself, a function of its own package, or one of a package of its module it imports; None."""
    if _KUBECTL_APPLIES.search(text):
        return "it runs kubectl apply"
    if (main := _e2e_framework_main(directory)) is not None:
        return f"{main}'s TestMain sets up the e2e-framework environment the tests create objects in"
    own = _appliers(directory)
    for name in own:
        if re.search(rf"(?<![\w.]){re.escape(name)}\(", text):
            return f"{name} of its package runs kubectl apply"
    module = _module_of(directory, project)
    if module is None:
        return None
    module_dir, module_path = module
    for alias, imported in _imports(text):
        if imported != module_path and not imported.startswith(module_path + "/"):
            continue
        package_dir = os.path.join(module_dir, *imported[len(module_path) :].strip("/").split("/")) if imported != module_path else module_dir
        relative = os.path.relpath(package_dir, module_dir)
        if relative.split(os.sep)[0] == ".." or os.path.realpath(package_dir) != os.path.normpath(os.path.join(os.path.realpath(module_dir), relative)):
            continue  # outside the module, or through a link: not looked at
        if package_dir == directory:
            continue
        for name in _appliers(package_dir):
            if re.search(rf"\b{re.escape(alias)}\.{re.escape(name)}\(", text):
                return f"{alias}.{name}, {shown(package_dir)}, runs kubectl apply"
    return None


# a kubectl command line a test runs (gexe's RunProc): the file it applies
_KUBECTL_FILE: Final = re.compile(r"kubectl\s+(?:apply|create)\b[^|;&]*?\s(?:-f|--filename)(?:=|\s+)(\S+)")
_E2E_FRAMEWORK_ENV: Final = "sigs.k8s.io/e2e-framework/pkg/env"
_TEST_MAIN: Final = re.compile(r"^func\s+TestMain\s*\(", re.MULTILINE)


@lru_cache(maxsize=1024)
def _e2e_framework_main(directory: str) -> str | None:
    """The ``_test.go`` file of ``directory`` whose ``TestMain`` runs the package's tests in a
    kubernetes-sigs/e2e-framework environment (it imports pkg/env), shown; None."""
    for path in _test_files(directory):
        text = read_text(path, _MAX_BYTES)
        if text is None or _E2E_FRAMEWORK_ENV not in text or not _TEST_MAIN.search(text):
            continue
        if any(imported == _E2E_FRAMEWORK_ENV for _, imported in _imports(text)):
            return shown(path)
    return None


def _imports(text: str) -> list[tuple[str, str]]:
    """A Go file's imports, as (the name it calls the package by, import path); blank and dot imports left out."""
    found: list[tuple[str, str]] = []
    for block in _IMPORT_BLOCK.finditer(text):
        for spec in _IMPORT_SPEC.finditer(block[1] if block[1] is not None else block[2]):
            alias, path = spec[1], spec[2]
            if alias in ("_", "."):
                continue
            found.append((alias or path.rstrip("/").rsplit("/", 1)[-1], path))
    return found


@lru_cache(maxsize=1024)
def _appliers(directory: str) -> frozenset[str]:
    """The functions of the Go package in ``directory`` from which a ``kubectl apply`` (or ``create``)
    is reached through the package's own functions (a function's text runs up to the next ``func``)."""
    found = listing(directory)
    bodies: dict[str, str] = {}
    for name in [n for n in found.names if n.endswith(".go") and found.is_file(n)][:_MAX_FILES]:
        text = read_text(os.path.join(directory, name), _MAX_BYTES)
        if text is None or "func " not in text:
            continue
        starts = list(_FUNC.finditer(text))
        for i, match in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
            bodies[match[1]] = bodies.get(match[1], "") + text[match.end() : end]
    applying = {name for name, body in bodies.items() if _KUBECTL_APPLIES.search(body)}
    while applying:
        calls = re.compile(r"\b(?:" + "|".join(re.escape(n) for n in sorted(applying)) + r")\(")
        more = {name for name, body in bodies.items() if name not in applying and calls.search(body)}
        if not more:
            break
        applying |= more
    return frozenset(applying)


@lru_cache(maxsize=1024)
def _module_of(directory: str, project: str | None) -> tuple[str, str] | None:
    """The directory and ``module`` path of the nearest ``go.mod`` at or above ``directory``
    (inside ``project`` when known), or None."""
    current = directory
    for _ in range(64 if project is not None else _MAX_UP + 1):
        if listing(current).is_file("go.mod"):
            text = read_text(os.path.join(current, "go.mod"), _MAX_BYTES)
            match = _MODULE.search(text) if text is not None else None
            return (current, match[1]) if match is not None else None
        parent = os.path.dirname(current)
        if parent == current or current == project or (project is not None and not _inside(parent, project)):
            return None
        current = parent
    return None


def _inside(path: str, project: str) -> bool:
    return path == project or path.startswith(project.rstrip(os.sep) + os.sep)


def _test_files(directory: str) -> list[str]:
    found = listing(directory)
    return [os.path.join(directory, n) for n in found.ending("_test.go") if found.is_file(n)][:_MAX_FILES]
