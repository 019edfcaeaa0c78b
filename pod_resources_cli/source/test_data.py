"""Directories a language's build tool keeps for its tests' data: a manifest
there is read by the project's tests (a fixture, a golden file, an input
the code under test renders or rejects), never applied to a cluster.

- Go: the go tool ignores directories named ``testdata``, "making them
  available to hold ancillary data needed by the tests" (``go help
  packages``; cmd/go/internal/search), and those whose names begin with
  ``_``. A file below a ``testdata`` or ``_testdata`` (kyverno's CLI)
  directory of a Go module (``go.mod`` in an ancestor) is test data, and
  so is one below ``test_data``, the name Go projects also give their
  golden files (kubeflow/pipelines' test_data/compiled-workflows, which
  backend/test/compiler compares its output with). A directory holding its
  own ``go.mod`` is a module of its own, whose tree "excludes subdirectories
  that contain their own go.mod file" from the module above (``go help
  modules``; cmd/go/internal/modload): a ``testdata`` of the module above
  it is not its, and its files are its project's, not test data. So are
  the scaffolded projects of kubernetes-sigs/kubebuilder @5c400728930120dd385712db61cb0a937238ce81
  (``testdata/project-v4`` with its go.mod, config/ and Makefile, which
  .github/workflows/test-e2e-samples.yml deploys to a kind cluster with
  ``make test-e2e``) and operator-framework/operator-sdk's
  ``testdata/go/v4/memcached-operator`` (Makefile ``test-e2e-sample-go``).
- Maven and Gradle: ``src/test`` holds a project's test sources and
  resources (Maven's standard directory layout, which Gradle's Java plugin
  follows). A file below ``src/test`` of a directory holding ``pom.xml``,
  ``build.gradle`` or ``build.gradle.kts`` is test data.

Go's ``vendor`` directory, beside a ``go.mod`` and holding the
``modules.txt`` that ``go mod vendor`` writes, is other modules' code copied
for the build (``go help mod vendor``): its YAML is theirs, test data of
libraries (apimachinery's ``managedfields/pod.yaml``), never this project's
manifests. Such a file is ``vendored``.

A test case directory that holds ``input/`` beside ``expected.json``
(``.yaml``, ``.yml``) is a test's: the files of ``input`` are evaluated and
the result compared with what is expected (kubescape/regolibrary's
``rules/*/test/*/``, which its Go test runner reads: kubescape/regolibrary
@ce7ef32aef7a testrunner/opaprocessor/processorutils.go), never applied: a
test input.

A KICS query's ``test`` directory (Checkmarx/kics: a query directory holds
``metadata.json`` and ``query.rego``, read by pkg/engine/query ``ReadQuery``,
or, for the secrets query common/passwords_and_secrets, ``regex_rules.json``,
whose samples test/secrets_test.go ``TestSecretsQuery`` @1707ad04e0b7 globs the same way;
its ``test/`` holds ``positive*.yaml`` and ``negative*.yaml`` samples and the
``positive_expected_result.json`` the results are compared with:
test/main_test.go ``PositiveFiles``, ``NegativeFiles``,
``ExpectedPositiveResultFile`` @05141339e3e6, test/queries_test.go
``testPositiveandNegativeQueries`` @00bb4ca9abb3) holds manifests that are
deliberately bad or good inputs of the query's test, parsed offline and never
applied (assets/queries/k8s/memory_limits_not_defined/test/positive.yaml
nests ``requests`` in ``limits`` on purpose): a test input.

A golden file pair, ``NAME.in.yaml`` beside ``NAME.out.yaml``, is a test's
input and the output it expects: the ``.out`` file is compared with what a
program prints for the ``.in`` file (envoyproxy/gateway's test/helm, where
``helm template`` with the ``.in`` values must print the ``.out``
manifests: envoyproxy/gateway @d32f28294245 tools/make/helm.mk), never
applied: a test assertion.

Only the project's own files are looked at (a ``stat`` each, never read),
in the directories the caller gives: the file's and its ancestors up to the
run's root.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Final

from pod_resources_cli.source.boundary import shown
from pod_resources_cli.source.harness_files import TEST_ASSERTION, TEST_INPUT

_GO_MODULE: Final = "go.mod"
_GO_TEST_DIRS: Final = ("testdata", "_testdata", "test_data")
_VENDOR_LIST: Final = "modules.txt"
VENDORED: Final = "vendored"  # skip reason (model/items.py)
_JVM_BUILDS: Final = ("pom.xml", "build.gradle", "build.gradle.kts")
_GOLDEN_EXTENSIONS: Final = ("yaml", "yml", "json")
_KICS_METADATA: Final = "metadata.json"  # a KICS query directory: its metadata and its rules (pkg/engine/query ReadQuery,
_KICS_RULES: Final = ("query.rego", "regex_rules.json")  # or the secrets inspector's regular expressions)
_KICS_EXPECTED: Final = "positive_expected_result.json"  # its test directory (test/main_test.go ExpectedPositiveResultFile)


def test_data_reason(ancestors: Sequence[str]) -> tuple[str, str] | None:
    """(TEST_INPUT or VENDORED, why) for files in ``ancestors[0]``, a build
    tool's test data or vendored code, or None. ``ancestors``: a directory,
    then its parents, nearest first."""
    for i, directory in enumerate(ancestors):
        name = os.path.basename(directory)
        above = ancestors[i + 1 :]
        if name in _GO_TEST_DIRS:
            module = next((a for a in above if os.path.isfile(os.path.join(a, _GO_MODULE))), None)
            if module is not None and not any(os.path.isfile(os.path.join(d, _GO_MODULE)) for d in ancestors[: i + 1]):
                module_file = shown(os.path.join(module, _GO_MODULE))
                why = "the tests' golden files, by convention" if name == "test_data" else f"the go tool leaves {name} to tests"
                return TEST_INPUT, f"Go test data: below {shown(directory)}, in the module of {module_file} ({why})"
        elif name == "test" and above and _kics_query(directory, above[0]):
            rules = next(n for n in _KICS_RULES if os.path.isfile(os.path.join(above[0], n)))
            return TEST_INPUT, (
                f"a KICS query's test directory: its samples are inputs of {shown(os.path.join(above[0], rules))}, whose "
                f"results are compared with {shown(os.path.join(directory, _KICS_EXPECTED))}; never applied"
            )
        elif name == "input" and above and (expected := _expected(above[0])) is not None:
            return TEST_INPUT, f"a test case's input: {shown(expected)} holds what the test expects of it"
        elif name == "vendor" and above and _go_vendor(directory, above[0]):
            return VENDORED, f"Go vendored modules: below {shown(directory)}, other modules' files copied for the build (go mod vendor)"
        elif name == "test" and above and os.path.basename(above[0]) == "src" and len(above) > 1:
            project = above[1]
            build = next((b for b in _JVM_BUILDS if os.path.isfile(os.path.join(project, b))), None)
            if build is not None:
                return TEST_INPUT, f"test data: below {shown(directory)}, the test tree of {shown(os.path.join(project, build))}"
    return None


def golden_output(path: str) -> tuple[str, str] | None:
    """(TEST_ASSERTION, why) for ``NAME.out.yaml`` (``.yml``, ``.json``) beside
    ``NAME.in.yaml`` (any of those): a test's expected output; for
    ``golden/NAME.json`` below a directory holding ``NAME.jsonnet``: what
    jsonnet must print for it (a jsonnet library's golden tests); for
    ``expected.yaml`` beside a kustomization that does not name it: what a
    test compares ``kustomize build`` of that directory with (argo-rollouts'
    test/kustomize/test.sh: ``diff expected.yaml <(kustomize build DIR)``); or None."""
    directory, _, name = path.rpartition(os.sep)  # os.path.split, without its cost for every file of a plan
    directory = directory or (os.sep if path.startswith(os.sep) else "")
    stem, dot, extension = name.rpartition(".")
    if stem == "expected" and extension in _GOLDEN_EXTENSIONS and _built_beside(path):
        return TEST_ASSERTION, f"a kustomize test's expected output: what kustomize build of {shown(directory)} must print"
    if extension == "json" and os.path.basename(directory) == "golden":
        source = os.path.join(os.path.dirname(directory), f"{stem}.jsonnet")
        if os.path.isfile(source):  # bitnami-labs/kube-libsonnet tests/Makefile: diff -u golden/NAME.json <(jsonnet NAME.jsonnet)
            return TEST_ASSERTION, f"a test's expected output: what jsonnet must print for {shown(source)}"
    if not dot or extension not in _GOLDEN_EXTENSIONS or not stem.endswith(".out"):
        return None
    base = stem.removesuffix(".out")
    for ext in _GOLDEN_EXTENSIONS:
        given = os.path.join(directory, f"{base}.in.{ext}")
        if os.path.isfile(given):
            return TEST_ASSERTION, f"a test's expected output: what a program must print for {shown(given)}"
    return None


def _built_beside(path: str) -> bool:
    """A kustomization in ``path``'s directory, and none of the project's names ``path``."""
    from pod_resources_cli.source.kustomization import kustomization_file
    from pod_resources_cli.source.project import kustomize_role

    return kustomization_file(os.path.dirname(path)) is not None and kustomize_role(path) != "resource"


def _expected(case: str) -> str | None:
    """A test case's ``expected.json`` (``.yaml``, ``.yml``), or None."""
    return next((p for ext in _GOLDEN_EXTENSIONS if os.path.isfile(p := os.path.join(case, f"expected.{ext}"))), None)


def _kics_query(test: str, query: str) -> bool:
    """``test`` is a KICS query's test directory: its expected results, beside the query's metadata and rules."""
    return (
        os.path.isfile(os.path.join(test, _KICS_EXPECTED))
        and os.path.isfile(os.path.join(query, _KICS_METADATA))
        and any(os.path.isfile(os.path.join(query, n)) for n in _KICS_RULES)
    )


def _go_vendor(directory: str, parent: str) -> bool:
    """``go mod vendor``'s directory: beside the module's go.mod, with its modules.txt."""
    return os.path.isfile(os.path.join(parent, _GO_MODULE)) and os.path.isfile(os.path.join(directory, _VENDOR_LIST))
