"""Test harnesses' files, recognised from the harnesses' own files
(source/harness.py), on the projects' own tests (tests/data/harness, provenance
in SOURCES.tsv): chainsaw, kuttl, the Kyverno CLI and gator."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pod_resources_cli.source.harness import TEST_ASSERTION, TEST_INPUT, assertion_reason, scenario_root, skip_reason, updated_objects

HARNESS = Path(__file__).parent / "data" / "harness"
REAL = Path(__file__).parent / "data" / "real"
EVICT = HARNESS / "kyverno__policies/best-practices-mpol/add-safe-to-evict"
CHAINSAW = EVICT / ".chainsaw-test"
KYVERNO = EVICT / ".kyverno-test"
KUTTL = HARNESS / "kudobuilder__kuttl/internal/harness/test_data/create-or-update"
GATOR = HARNESS / "open-policy-agent__gatekeeper-library/library/general/allowedrepos"
ARRAY = HARNESS / "kyverno__chainsaw/testdata/e2e/examples/array-assertion"
AUTOGEN = HARNESS / "kyverno__kyverno/test/cli/test/autogen"


@pytest.mark.parametrize(
    ("path", "reason", "words"),
    [
        # chainsaw: the steps' assert and error operations name files compared with the cluster
        (CHAINSAW / "policy-ready.yaml", TEST_ASSERTION, "a chainsaw assert file: the test"),
        (CHAINSAW / "patchedResources.yaml", TEST_ASSERTION, "a chainsaw assert file"),
        (CHAINSAW / "notPatchedResources.yaml", TEST_ASSERTION, "a chainsaw error file"),
        (ARRAY / "assertions.yaml", TEST_ASSERTION, "array-assertion/chainsaw-test.yaml compares"),
        # the Kyverno CLI: the objects a test expects after its policies ran
        (KYVERNO / "myapp-pod03-patched.yaml", TEST_ASSERTION, "an object the Kyverno CLI test"),
        (KYVERNO / "myapp-pod04-patched.yaml", TEST_ASSERTION, "expects, never applied"),
        # ... and the objects its policies are evaluated against, offline
        (AUTOGEN / "resources.yaml", TEST_INPUT, "evaluated offline by the Kyverno CLI test"),
        # kuttl: NN-assert files of a test case directory
        (KUTTL / "00-assert.yaml", TEST_ASSERTION, "a test step's assert file"),
        (KUTTL / "02-assert.yaml", TEST_ASSERTION, "create-or-update"),
        # gator: a Suite's case objects
        (GATOR / "samples/repo-must-be-openpolicyagent/disallowed_all.yaml", TEST_INPUT, "evaluated offline by the gator suite"),
        (GATOR / "samples/repo-must-be-openpolicyagent/example_allowed.yaml", TEST_INPUT, "allowedrepos/suite.yaml"),
    ],
)
def test_checks_and_offline_inputs_are_known_from_the_harness_files(path: Path, reason: str, words: str) -> None:
    assert path.is_file(), path
    found = skip_reason(str(path))
    assert found is not None and found[0] == reason and words in found[1], found
    assert (assertion_reason(str(path)) is not None) == (reason == TEST_ASSERTION)


@pytest.mark.parametrize(
    "path",
    [
        KYVERNO / "resource.yaml",  # a Kyverno CLI input that the sibling chainsaw test applies: applied wins
        CHAINSAW / "resource-others.yaml",
        EVICT / "add-safe-to-evict.yaml",  # the policy itself, applied as ../add-safe-to-evict.yaml
        ARRAY / "resources.yaml",
        KUTTL / "01-create-deployment.yaml",
        GATOR / "samples/repo-must-be-openpolicyagent/constraint.yaml",  # the suite's constraint, not a case
        GATOR / "suite.yaml",
        CHAINSAW / "chainsaw-test.yaml",
    ],
)
def test_applied_files_and_the_harness_files_themselves_are_not_checks(path: Path) -> None:
    assert path.is_file(), path
    assert skip_reason(str(path)) is None and assertion_reason(str(path)) is None


def test_scenario_roots() -> None:
    # the chainsaw test that applies a file is its scenario, even in a sibling directory
    assert scenario_root(str(KYVERNO / "resource.yaml")) == str(CHAINSAW)
    assert scenario_root(str(EVICT / "add-safe-to-evict.yaml")) == str(CHAINSAW)
    assert scenario_root(str(CHAINSAW / "patchedResources.yaml")) == str(CHAINSAW)
    # a file only the Kyverno CLI test names belongs to it
    assert scenario_root(str(KYVERNO / "myapp-pod03-patched.yaml")) == str(KYVERNO)
    assert scenario_root(str(AUTOGEN / "policy.yaml")) == str(AUTOGEN)
    # a kuttl test case directory, from its step files
    assert scenario_root(str(KUTTL / "01-create-service.yaml")) == str(KUTTL)
    assert scenario_root(str(GATOR / "samples/repo-must-be-openpolicyagent/example_allowed.yaml")) == str(GATOR)
    assert scenario_root(str(REAL / "ray-project__kuberay/ray-operator__config__samples__ray-cluster.tpu-v4-multihost.yaml")) is None


def test_numbered_manifests_without_checks_are_no_test_case(tmp_path: Path) -> None:
    # Plain manifests numbered for order, and an NN-assert file with nothing to apply beside it.
    for name in ("01-namespace.yaml", "02-deployment.yaml"):
        (tmp_path / "app" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "app" / name).write_text("kind: Namespace\napiVersion: v1\nmetadata: {name: a}\n", encoding="utf-8")
    (tmp_path / "lone").mkdir()
    (tmp_path / "lone" / "00-assert.yaml").write_text("kind: Namespace\napiVersion: v1\nmetadata: {name: a}\n", encoding="utf-8")
    for path in (tmp_path / "app" / "02-deployment.yaml", tmp_path / "lone" / "00-assert.yaml"):
        assert skip_reason(str(path)) is None and scenario_root(str(path)) is None


def test_a_kuttl_step_directory_and_a_chainsaw_glob(tmp_path: Path) -> None:
    # kuttl: a step may be a directory, whose assert*/errors* files are checks (internal/utils/files/files.go)
    case = tmp_path / "case"
    (case / "01-upgrade").mkdir(parents=True)
    (case / "00-install.yaml").write_text("{}\n", encoding="utf-8")
    (case / "01-upgrade" / "deploy.yaml").write_text("{}\n", encoding="utf-8")
    (case / "01-upgrade" / "errors-old.yaml").write_text("{}\n", encoding="utf-8")
    assert skip_reason(str(case / "01-upgrade" / "errors-old.yaml")) == (
        TEST_ASSERTION, f"a kuttl test step's errors file (step directory {case / '01-upgrade'})",
    )  # fmt: skip
    assert skip_reason(str(case / "01-upgrade" / "deploy.yaml")) is None
    assert scenario_root(str(case / "01-upgrade" / "deploy.yaml")) == str(case)
    # chainsaw: a file name may be a glob, read segment by segment; an expression is no file name
    test = tmp_path / "glob"
    (test / "expected").mkdir(parents=True)
    (test / "chainsaw-test.yaml").write_text(
        "apiVersion: chainsaw.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: g}\nspec:\n  steps:\n  - try:\n"
        "    - apply: {file: app.yaml}\n    - assert: {file: 'expected/*.yaml'}\n    - assert: {file: ($file)}\n",
        encoding="utf-8",
    )
    for name in ("app.yaml", "expected/a.yaml", "expected/deeper.yml"):
        (test / name).write_text("{}\n", encoding="utf-8")
    assert skip_reason(str(test / "expected" / "a.yaml")) is not None
    assert skip_reason(str(test / "expected" / "deeper.yml")) is None and skip_reason(str(test / "app.yaml")) is None


def test_unreadable_and_hostile_harness_files_are_ignored(tmp_path: Path) -> None:
    (tmp_path / "chainsaw-test.yaml").write_text("spec: [unclosed\n", encoding="utf-8")
    (tmp_path / "kyverno-test.yaml").write_text("apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nresources: 7\nresults: [1, {patchedResources: [x]}]\n", encoding="utf-8")
    (tmp_path / "suite.yaml").write_bytes(b"\xff\xfe not yaml")
    (tmp_path / "a.yaml").write_text("{}\n", encoding="utf-8")
    assert skip_reason(str(tmp_path / "a.yaml")) is None
    assert scenario_root(str(tmp_path / "a.yaml")) == str(tmp_path)  # a directory with a test file is a scenario


LABELS = HARNESS / "kyverno__policies/other/allowed-label-changes/.chainsaw-test"


def test_objects_a_later_step_merges_into_earlier_ones() -> None:
    # chainsaw: step 03 applies labels-only objects step 02 created (apply merges into an existing object)
    assert updated_objects(str(LABELS / "good-update.yaml")) == {
        ("", "Pod", "", "pod01"), ("", "Pod", "", "pod02"), ("", "Pod", "", "pod03"), ("apps", "Deployment", "", "deployment01"),
        ("apps", "StatefulSet", "", "ss01"), ("apps", "DaemonSet", "", "ds01"), ("batch", "Job", "", "job01"),
        ("batch", "CronJob", "", "cronjob01"),
    }  # fmt: skip
    assert updated_objects(str(LABELS / "chainsaw-step-02-apply-1.yaml")) == frozenset()  # the first step creates them
    # kuttl: the objects of 02-update-* were created by 01-create-* (CreateOrUpdate merges them)
    assert updated_objects(str(KUTTL / "02-update-deployment.yaml")) == {("apps", "Deployment", "", "nginx-deployment")}
    assert updated_objects(str(KUTTL / "01-create-deployment.yaml")) == frozenset()



@pytest.mark.parametrize(
    ("build", "at", "source", "rule", "words"),
    [
        # istio/istio: an input of its injector's tests (inject_test.go), a BestEffort Deployment
        ("go.mod", "pkg/kube/inject/testdata/inject/hello.yaml", "istio__istio/pkg__kube__inject__testdata__inject__hello.yaml",
         "PR201", "Go test data: below pkg/kube/inject/testdata, in the module of go.mod"),
        # kyverno/kyverno: its CLI's Go tests read Pods without containers from _testdata (the go tool ignores `_` directories)
        ("go.mod", "cmd/cli/kubectl-kyverno/_testdata/resources/all-unique.yaml", "../harness/kyverno__kyverno/cmd/cli/kubectl-kyverno/_testdata/resources/all-unique.yaml",
         "PR002", "Go test data: below cmd/cli/kubectl-kyverno/_testdata, in the module of go.mod (the go tool leaves _testdata to tests)"),
        # kubeflow/pipelines: a golden file of its Argo compiler, compared by backend/test/compiler
        ("go.mod", "test_data/compiled-workflows/local_execution_pipeline_with_k8s_only_methods.yaml",
         "kubeflow__pipelines/test_data__compiled-workflows__local_execution_pipeline_with_k8s_only_methods.yaml",
         None, "Go test data: below test_data, in the module of go.mod (the tests' golden files, by convention)"),
        # strimzi: a fixture CrdTest.java compares with its .out.yaml
        ("api/pom.xml", "api/src/test/resources/podset/StrimziPodSet-regular.yaml",
         "strimzi__strimzi-kafka-operator/api__src__test__resources__io__strimzi__api__kafka__model__podset__StrimziPodSet-regular.yaml",
         "PR138", "test data: below api/src/test, the test tree of api/pom.xml"),
    ],
)  # fmt: skip
def test_a_build_tools_test_data_is_a_test_input(
    build: str, at: str, source: str, rule: str | None, words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Go's testdata directories and Maven's src/test hold the tests' files:
    istio's 98 PR201 and strimzi's 2 PR138 were on such fixtures. Without the
    build file beside them, the same paths are read as manifests."""
    from pod_resources_cli.cli import main

    for project, built in (("with", True), ("without", False)):
        target = tmp_path / project / at
        target.parent.mkdir(parents=True)
        target.write_bytes((REAL / source).read_bytes())
        (tmp_path / project / ".git").mkdir()
        if built:
            (tmp_path / project / build).write_text("", encoding="utf-8")
        monkeypatch.chdir(tmp_path / project)
        main(["lint", "--no-config", "-o", "json", "--show-skipped", "."])
        report = json.loads(capsys.readouterr().out)
        if built:
            [skipped] = [s for s in report["skipped"] if s["path"] == f"./{at}"]
            assert report["findings"] == [] and skipped["reason"] == TEST_INPUT and skipped["note"].startswith(words)
        else:
            if rule is None:  # many pods: read as manifests, they give findings
                assert report["findings"] and report["summary"]["pods"] > 1
            else:
                assert report["findings"] and {f["rule"] for f in report["findings"]} == {rule}


def test_a_go_module_of_its_own_below_testdata_is_its_projects(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """kubernetes-sigs/kubebuilder keeps its scaffolded projects below the root module's testdata, each a Go module
    of its own (testdata/project-v4/go.mod), which its CI deploys to kind (make test-e2e): a module's tree excludes
    a subdirectory holding its own go.mod (go help modules), so the root's testdata is not theirs, and the scaffold's
    manager Deployment is linted (PR134: a 500m cpu limit over a 10m request). Without the nested go.mod the same
    file is the root module's test data; a testdata directory inside the nested module is still its test data."""
    from pod_resources_cli.cli import main

    source = REAL / "kubernetes-sigs__kubebuilder/testdata__project-v4__config__manager__manager.yaml"
    at = "testdata/project-v4/config/manager/manager.yaml"
    inner = "testdata/project-v4/internal/testdata/manager.yaml"
    for project, modules in (("nested", ("go.mod", "testdata/project-v4/go.mod")), ("flat", ("go.mod",))):
        for path in (at, inner):
            target = tmp_path / project / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
        (tmp_path / project / ".git").mkdir()
        for name in modules:
            (tmp_path / project / name).write_text("module example.com/x\n", encoding="utf-8")
        monkeypatch.chdir(tmp_path / project)
        main(["lint", "--no-config", "-o", "json", "--show-skipped", "."])
        report = json.loads(capsys.readouterr().out)
        reasons = {s["path"]: (s["reason"], s.get("note", "")) for s in report["skipped"] if s["reason"] != "no-pods"}
        assert reasons[f"./{inner}"][0] == TEST_INPUT
        if project == "nested":
            assert reasons[f"./{inner}"][1].startswith("Go test data: below testdata/project-v4/internal/testdata, in the module of testdata/project-v4/go.mod")
            assert f"./{at}" not in reasons and report["summary"]["pods"] == 1
            warnings = [(f["rule"], f["path"], f["object"]["name"]) for f in report["findings"] if f["severity"] == "warning"]
            assert warnings == [("PR134", f"./{at}", "controller-manager")]
            assert {f["rule"] for f in report["findings"]} == {"PR134", "PR133"}
        else:
            assert reasons[f"./{at}"] == (TEST_INPUT, "Go test data: below testdata, in the module of go.mod (the go tool leaves testdata to tests)")
            assert report["findings"] == [] and report["summary"]["pods"] == 0


def test_a_go_modules_vendored_files_are_other_modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """knative/serving vendors apimachinery, whose managedfields tests read a
    BestEffort Pod: a false PR201 there. ``go mod vendor`` writes
    vendor/modules.txt beside the copied modules; without it (or without the
    go.mod) a vendor directory is nobody's in particular, and is read."""
    from pod_resources_cli.cli import main

    at = "vendor/k8s.io/apimachinery/pkg/util/managedfields/pod.yaml"
    for project, files in (("go", ("go.mod", "vendor/modules.txt")), ("no-list", ("go.mod",)), ("no-module", ("vendor/modules.txt",))):
        target = tmp_path / project / at
        target.parent.mkdir(parents=True)
        target.write_bytes((REAL / "kubernetes__apimachinery/vendored-in-knative__pkg__util__managedfields__pod.yaml").read_bytes())
        (tmp_path / project / ".git").mkdir()
        for name in files:
            (tmp_path / project / name).write_text("", encoding="utf-8")
        monkeypatch.chdir(tmp_path / project)
        main(["lint", "--no-config", "-o", "json", "--show-skipped", "."])
        report = json.loads(capsys.readouterr().out)
        if project == "go":
            [skipped] = [s for s in report["skipped"] if s["path"] == f"./{at}"]
            assert report["findings"] == [] and skipped["reason"] == "vendored" and report["summary"]["skipped"]["vendored"] == 1
            assert skipped["note"] == "Go vendored modules: below vendor, other modules' files copied for the build (go mod vendor)"
        else:
            assert [f["rule"] for f in report["findings"]] == ["PR201"], project


def test_files_a_bats_test_hands_to_the_projects_program_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """stackrox/kube-linter's e2etests/bats-tests.sh lints tests/checks' deliberately broken objects
    (175 findings, 54 PR002 errors); a bats script that applies with kubectl sends what it names to a cluster."""
    from pod_resources_cli.cli import main

    project = tmp_path / "kube-linter"  # its own project: bats starts from its root
    shutil.copytree(HARNESS / "stackrox__kube-linter", project)
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"cel.yml", "dangling-hpa.yml"}
    assert notes["cel.yml"].startswith("the bats tests of ") and "e2etests/bats-tests.sh" in notes["cel.yml"]
    shutil.copytree(project, tmp_path / "p")  # the same project, whose tests apply a file with kubectl
    script = tmp_path / "p" / "e2etests" / "bats-tests.sh"
    script.write_text(script.read_text(encoding="utf-8") + '\n@test "deploy" {\n  kubectl apply -f tests/checks/dangling-hpa.yml\n}\n', encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "p")])
    report = json.loads(capsys.readouterr().out)
    assert "PR005" in {f["rule"] for f in report["findings"]}  # applied: linted (cel.yml repeats a key)


def test_a_test_cases_input_beside_what_it_expects_is_a_test_input(capsys: pytest.CaptureFixture[str]) -> None:
    """kubescape/regolibrary's rules/*/test/*/input/ hold the objects its Go runner evaluates each rego rule
    against, compared with expected.json beside them: 942 findings on objects never applied."""
    from pod_resources_cli.cli import main

    case = HARNESS / "kubescape__regolibrary" / "rules" / "CVE-2021-25741" / "test" / "workloads"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(case / "input" / "deployment.yaml")])
    report = json.loads(capsys.readouterr().out)
    [skipped] = report["skipped"]
    assert report["findings"] == [] and skipped["reason"] == TEST_INPUT
    assert skipped["note"].startswith("a test case's input: ") and skipped["note"].endswith("workloads/expected.json holds what the test expects of it")


@pytest.mark.parametrize(
    ("project", "fixtures", "note"),
    [
        # scaling_pod_test.go: loadTestPodFromYaml("test_pods/pod_with_node_affinity.yaml")
        ("NVIDIA__KAI-Scheduler", {"pod_with_node_affinity.yaml", "pod_with_multiple_containers.yaml"}, "scaler/scaling_pod_test.go"),
        # schema_test.go: filepath.Dir(thisFile) + "/checks", then every check's cases
        ("FairwindsOps__polaris", {"failure.yaml", "success.yaml"}, "test/schema_test.go"),
        # merge3_test.go: filepath.Join(filepath.Dir(datadir), "testdata2"), a second testdata beside Go's own
        ("kubernetes-sigs__kustomize", {"java-deployment-1.resource.yaml"}, "filters/merge3_test.go"),
    ],
)
def test_files_a_go_packages_tests_read_from_beside_them_are_test_inputs(
    project: str, fixtures: set[str], note: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """NVIDIA/KAI-Scheduler's scheduler test pods and polaris' check cases are read by the code under test
    (6 and 160 findings on objects never applied)."""
    from pod_resources_cli.cli import main

    copy = tmp_path / "p"  # outside this repository's tests/ directory: the test-like segment is the project's own
    shutil.copytree(HARNESS / project, copy)
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(copy)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == fixtures
    assert all(n.startswith("the Go tests of ") and note in n and n.endswith("read it from beside them (a fixture), never apply it") for n in notes.values())


@pytest.mark.parametrize("alone", [False, True])
def test_fixtures_a_go_test_reads_after_changing_directory_are_test_inputs(alone: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """datreeio/datree (0c3b63e6ce96): pkg/policy/policy_test.go's TestDefaultRulesValidation runs os.Chdir("../../")
    and reads every rule's pass and fail cases below "./pkg/policy/tests" (a root-relative path): 57 errors and 106
    warnings on cases never applied (50-fail.yaml's hostPort pod named myPod, 30-fail.yaml's Deployment whose
    hostNetwork and volumes misplaced in spec, PR004). Also when one case is linted alone inside the work tree."""
    from pod_resources_cli.cli import main

    copy = tmp_path / "datree"
    shutil.copytree(HARNESS / "datreeio__datree", copy)
    (copy / ".git").mkdir()
    cases = copy / "pkg" / "policy" / "tests"
    before = (cases / "50" / "fail" / "50-fail.yaml").read_text(encoding="utf-8")
    assert "name: myPod" in before and "hostPort: 8080" in before
    assert 'err := os.Chdir("../../")' in (copy / "pkg" / "policy" / "policy_test.go").read_text(encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(cases / "50" / "fail" / "50-fail.yaml" if alone else copy)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == ({"50-fail.yaml"} if alone else {"50-fail.yaml", "50-pass.yaml", "30-fail.yaml"})
    assert all(n.startswith("the Go tests of ") and "pkg/policy/policy_test.go read it after os.Chdir to " in n for n in notes.values())


def test_a_go_test_changing_directory_names_only_test_like_paths_from_there(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """From the directory os.Chdir moves to (not test-like itself), a path names fixtures only where its own segments
    are test-like; a Chdir out of the project names nothing."""
    from pod_resources_cli.cli import main

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "deploy").mkdir()
    pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n"
    (repo / "deploy" / "pod.yaml").write_text(pod)
    (repo / "pkg" / "a").mkdir(parents=True)
    (repo / "pkg" / "a" / "a_test.go").write_text('package a\nfunc init() { os.Chdir("../../"); os.Chdir("../../../x"); load("./deploy/pod.yaml") }\n')
    main(["lint", "--no-config", "-o", "json", str(repo)])
    report = json.loads(capsys.readouterr().out)
    assert [f["rule"] for f in report["findings"]] == ["PR201"] and report["summary"]["pods"] == 1


def test_what_an_e2e_framework_test_names_is_created_in_its_cluster(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kubernetes-sigs/e2e-framework (1c85a47c33a3): each package's TestMain imports sigs.k8s.io/e2e-framework/pkg/env
    and creates a kind cluster (envfuncs.CreateCluster); examples/decoder creates testdata/* there
    (decoder.CreateHandler), klient/k8s/resources runs `kubectl apply -f ./testdata/projectExample/project.yaml`,
    and examples/third_party_integration/helm (an integration directory) helm-installs testdata/example_chart. All
    were skipped as test inputs: the decoder example's Deployment myapp (nginx, limits 500m and 128Mi) is a pod."""
    from pod_resources_cli.cli import main

    copy = tmp_path / "e2e-framework"
    shutil.copytree(HARNESS / "kubernetes-sigs__e2e-framework", copy)
    (copy / ".git").mkdir()
    assert '"sigs.k8s.io/e2e-framework/pkg/env"' in (copy / "examples" / "decoder" / "main_test.go").read_text(encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(copy)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 1
    assert not [s["path"] for s in report["skipped"] if s["reason"] == TEST_INPUT]
    reasons = {Path(s["path"]).name: s["reason"] for s in report["skipped"]}
    assert reasons["project.yaml"] == "nothing-found" and reasons["configmap.yaml"] == "no-pods"
    assert reasons["deployment.yaml"] == "template"  # the helm chart's, unrendered without helm
    main(["explain", "-o", "json", str(copy / "examples" / "decoder" / "testdata" / "deployment.yaml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    [nginx] = pod["containers"]
    assert pod["qosClass"] == "Guaranteed" and pod["workload"]["name"] == "myapp" and nginx["name"] == "nginx"
    assert nginx["requests"] == nginx["limits"] == {"cpu": "500m", "memory": "128Mi"} and nginx["oomScoreAdj"] == -997


def test_a_go_package_without_an_e2e_framework_test_main_still_reads_fixtures(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An import of e2e-framework's env in a test without TestMain (a helper) does not make the package a cluster test."""
    from pod_resources_cli.cli import main

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "go.mod").write_text("module example.com/x\n")
    (repo / "pkg" / "testdata").mkdir(parents=True)
    (repo / "pkg" / "testdata" / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n")
    (repo / "pkg" / "a_test.go").write_text('package a\n\nimport "sigs.k8s.io/e2e-framework/pkg/env"\n\nvar f = "testdata/pod.yaml"\nvar e = env.New\n')
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(repo)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and [s["reason"] for s in report["skipped"]] == [TEST_INPUT]


def test_files_a_venom_suite_hands_to_the_projects_program_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FairwindsOps/pluto (dd5ec8cccce5): e2e/tests/00_static_files.yaml runs `pluto detect-files -d assets/` from the
    suite's directory (venom's exec workdir): its deprecated and current Deployments are pluto's inputs, never applied
    (PR133 infos on `utilities`, 30m/64Mi requests, 100m/128Mi limits, before); 01_helm-detect-3.yaml's
    `kubectl apply -f assets/helm3` sends its Helm release Secret to the cluster: applied, linted."""
    from pod_resources_cli.cli import main

    copy = tmp_path / "pluto"
    shutil.copytree(HARNESS / "FairwindsOps__pluto", copy)
    (copy / ".git").mkdir()
    suite = (copy / "e2e" / "tests" / "00_static_files.yaml").read_text(encoding="utf-8")
    assert "pluto detect-files -d assets/ --target-versions k8s=v1.15.0" in suite
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(copy)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    reasons = {Path(s["path"]).name: (s["reason"], s["note"]) for s in report["skipped"]}
    for name in ("deployment-extensions-v1beta1.yaml", "deployment-apps-v1.yaml"):
        reason, note = reasons[name]
        assert reason == TEST_INPUT and note.endswith("00_static_files.yaml hands it to pluto, the program under test, never applies it")
    assert reasons["secret.json"][0] == "no-pods"  # applied: read as the cluster gets it
    # without the suite (a fresh copy: the harness files are read once a run), the same Deployments are linted
    bare = tmp_path / "bare"
    shutil.copytree(copy, bare)
    (bare / "e2e" / "tests" / "00_static_files.yaml").unlink()
    main(["lint", "--no-config", "-o", "json", str(bare)])
    report = json.loads(capsys.readouterr().out)
    assert sorted((Path(f["path"]).name, f["rule"], f["container"]) for f in report["findings"]) == [
        ("deployment-apps-v1.yaml", "PR133", "utilities"),
        ("deployment-extensions-v1beta1.yaml", "PR006", None),  # no release since 1.16 serves it
    ]


def test_a_venom_script_naming_files_for_another_program_or_outside_its_directory_names_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Only the project's own program (its go.mod module's name) and kubectl apply give a venom script's names a role;
    a name through ../ or behind a variable is not taken, and a malformed suite is no error."""
    from pod_resources_cli.cli import main

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "go.mod").write_text("module github.com/acme/tool/v2\n")
    tests = repo / "e2e"
    (tests / "assets").mkdir(parents=True)
    pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n"
    (tests / "assets" / "pod.yaml").write_text(pod)
    (tests / "other.yaml").write_text(pod)
    (tests / "suite.yaml").write_text(
        "testcases:\n- name: t\n  steps:\n  - script: yq eval . assets/pod.yaml && tool check ../e2e/other.yaml $X/other.yaml 'unbalanced\n"
        "  - {type: http, script: tool check other.yaml}\n- 3\n"
    )
    (tests / "broken.yaml").write_text("testcases:\n  - steps: {script: [}\n")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(repo)])
    report = json.loads(capsys.readouterr().out)
    assert sorted(Path(f["path"]).name for f in report["findings"]) == ["other.yaml", "pod.yaml"]
    again = tmp_path / "again"  # a fresh copy: the harness files are read once a run
    shutil.copytree(repo, again)
    (again / "e2e" / "suite2.yaml").write_text("testcases:\n- steps:\n  - script: |\n      tool check --file=other.yaml\n      cat assets/pod.yaml | tool check -\n")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(again)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and sorted(Path(s["path"]).name for s in report["skipped"] if s["reason"] == TEST_INPUT) == ["other.yaml", "pod.yaml"]


def test_a_venom_suite_outside_a_test_directory_is_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Suites are looked for in test directories only (a segment naming test or e2e): the YAML files of a file's
    other directories (a downloads or temporary directory above a file linted alone) are never all read."""
    from pod_resources_cli.cli import main

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "go.mod").write_text("module github.com/acme/tool\n")
    pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n"
    for where in ("deploy", "e2e"):
        (repo / where / "assets").mkdir(parents=True)
        (repo / where / "assets" / "pod.yaml").write_text(pod)
        (repo / where / "suite.yaml").write_text("testcases:\n- steps:\n  - script: tool check assets/pod.yaml\n")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(repo)])
    report = json.loads(capsys.readouterr().out)
    assert [Path(f["path"]).parent.parent.name for f in report["findings"]] == ["deploy"]  # e2e's is the suite's input
    assert [Path(s["path"]).parent.parent.name for s in report["skipped"] if s["reason"] == TEST_INPUT] == ["e2e"]


def test_a_go_test_that_names_published_examples_does_not_make_them_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A root examples_test.go that decodes the project's examples: neither its directory nor the
    examples' path is test-like, so the examples are linted (and a name outside the test's directory
    or through '..' never counts)."""
    from pod_resources_cli.cli import main

    pod = (HARNESS / "NVIDIA__KAI-Scheduler/pkg/nodescaleadjuster/scaler/test_pods/pod_with_multiple_containers.yaml").read_text(encoding="utf-8")
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "pod.yaml").write_text(pod, encoding="utf-8")
    (tmp_path / "cmd").mkdir()
    (tmp_path / "cmd" / "x_test.go").write_text('package x\nvar f = "../examples/pod.yaml"\n', encoding="utf-8")
    (tmp_path / "examples_test.go").write_text('package p\n\nfunc TestExamples(t *testing.T) { load("examples/pod.yaml"); walk(`examples`) }\n', encoding="utf-8")
    # an end-to-end test sends what it names to a test cluster (argo's test/e2e submits its workflows): applied
    e2e = tmp_path / "test" / "e2e"
    (e2e / "testfixtures").mkdir(parents=True)
    (e2e / "testfixtures" / "pod.yaml").write_text(pod, encoding="utf-8")
    (e2e / "smoke_test.go").write_text('package e2e\nvar f = "testfixtures/pod.yaml"\n', encoding="utf-8")
    # ... and so does a test built only for e2e runs (tektoncd/pipeline's test/*_test.go), whatever its directory
    tagged = tmp_path / "test"
    (tagged / "testgit").mkdir()
    (tagged / "testgit" / "pod.yaml").write_text(pod, encoding="utf-8")
    (tagged / "git_test.go").write_text('//go:build e2e\n\npackage test\nvar f = "testgit/pod.yaml"\n', encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 3 and {f["path"] for f in report["findings"]} == {
        str(tmp_path / "examples" / "pod.yaml"), str(e2e / "testfixtures" / "pod.yaml"), str(tagged / "testgit" / "pod.yaml")}


def test_a_chart_in_go_test_data_is_test_input_not_an_unrendered_chart(tmp_path: Path) -> None:
    """A Helm chart below a Go module's testdata is a test's fixture: its files are test input, and no note asks
    to render it (it was listed as an unrendered chart's template and values, with a note to lint it)."""
    from pod_resources_cli.source.layout import Tools, plan_inputs

    (tmp_path / "go.mod").write_text("module example.com/x\n")
    chart = tmp_path / "pkg" / "testdata" / "mychart"
    (chart / "templates").mkdir(parents=True)
    (tmp_path / "pkg" / "render_test.go").write_text("package pkg\n")
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: mychart\nversion: 0.1.0\n")
    (chart / "values.yaml").write_text("replicas: 1\n")
    (chart / "templates" / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata:\n  name: {{ .Release.Name }}\n")
    for tools in (Tools(), Tools(helm="helm")):
        plan = plan_inputs([str(tmp_path)], tools)
        assert sorted((os.path.relpath(p, tmp_path), r) for p, r in plan.skipped) == [
            ("pkg/testdata/mychart/Chart.yaml", "test-input"), ("pkg/testdata/mychart/templates/pod.yaml", "test-input"),
            ("pkg/testdata/mychart/values.yaml", "test-input")]
        assert (plan.notes, plan.entries) == ([], [])


def test_a_kustomize_tests_expected_output_is_an_assertion(tmp_path: Path) -> None:
    """argo-rollouts' test/kustomize/test.sh compares expected.yaml with `kustomize build` of its directory: the
    file is what the build must print (4 false PR201), not an object anyone applies; an expected.yaml the
    kustomization names as a resource is one."""
    from pod_resources_cli.source.layout import plan_inputs

    case = tmp_path / "test" / "kustomize" / "rollout"
    case.mkdir(parents=True)
    (case / "kustomization.yaml").write_text("resources:\n- rollout.yaml\n")
    for name in ("rollout.yaml", "expected.yaml"):
        (case / name).write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n")
    plan = plan_inputs([str(tmp_path)])
    assert [(os.path.relpath(p, tmp_path), r) for p, r in plan.skipped] == [("test/kustomize/rollout/expected.yaml", "test-assertion")]
    (case / "kustomization.yaml").write_text("resources:\n- rollout.yaml\n- expected.yaml\n")
    from pod_resources_cli.source.project import _scan_cached, kustomize_role

    kustomize_role.cache_clear()
    _scan_cached.cache_clear()  # the directory linted is the project searched (no git): a run reads each kustomization once
    assert plan_inputs([str(tmp_path)]).skipped == []


def test_files_a_script_hands_to_ko_resolve_only_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """knative/eventing's test/upload-test-images.sh runs `ko resolve ... -RBf "${image_dir}" > /dev/null` over
    test/test_images to publish the images: each image's pod.yaml (a BestEffort Pod) is never applied; the project's
    other Pods are linted. A script that applies the directory with `ko apply` sends it to a cluster."""
    from pod_resources_cli.cli import main

    project = tmp_path / "eventing"  # its own project: the script runs from its root
    shutil.copytree(HARNESS / "knative__eventing", project)
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert [(Path(f["path"]).name, f["rule"]) for f in report["findings"]] == [("recordevents.yaml", "PR201")]
    [skipped] = [s for s in report["skipped"] if s["reason"] == TEST_INPUT]
    assert Path(skipped["path"]).parts[-3:] == ("test_images", "print", "pod.yaml")
    assert "test/upload-test-images.sh hands it to `ko resolve` only to build and publish its images" in skipped["note"]
    script = project / "test" / "upload-test-images.sh"
    script.write_text(script.read_text(encoding="utf-8") + '\nko apply -f test/test_images/print/pod.yaml\n', encoding="utf-8")
    shutil.copytree(project, tmp_path / "p")
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "p")])
    report = json.loads(capsys.readouterr().out)
    assert sorted(Path(f["path"]).name for f in report["findings"]) == ["pod.yaml", "recordevents.yaml"]  # applied: linted


def test_files_a_mage_target_applies_with_kubectl_are_linted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """aquasecurity/trivy's magefiles/magefile.go (Test.K8s) makes a kind cluster, `kubectl apply -f`s
    integration/testdata/fixtures/k8s/test_nginx.yaml and `kubectl create -f`s limited-pod.yaml, then waits for their
    pods: below Go's testdata, they are still applied, and linted (two BestEffort pods, PR201). A fixture no target
    names stays the tests' input; without those commands both are test data again."""
    from pod_resources_cli.cli import main

    project = tmp_path / "trivy"
    shutil.copytree(HARNESS / "aquasecurity__trivy", project)
    (project / "go.mod").write_text("module github.com/aquasecurity/trivy\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    got = sorted((Path(f["path"]).name, f["rule"], f["object"]["kind"], f["object"]["namespace"], f["object"]["name"]) for f in report["findings"])
    assert got == [("limited-pod.yaml", "PR201", "Pod", "limitedns", "limited-pod"), ("test_nginx.yaml", "PR201", "Deployment", None, "nginx-deployment")]
    assert report["summary"]["pods"] == 2
    [skipped] = [s for s in report["skipped"] if s["reason"] == TEST_INPUT]
    assert Path(skipped["path"]).parts[-3:] == ("single-failure", "src", "test.yaml") and skipped["note"].startswith("Go test data")
    magefile = project / "magefiles" / "magefile.go"
    text = magefile.read_text(encoding="utf-8")
    assert '"kubectl", "apply", "-f", "./integration/testdata/fixtures/k8s/test_nginx.yaml"' in text
    magefile.write_text(text.replace('"kubectl", "apply", "-f"', '"cat"').replace('"kubectl", "create", "-f"', '"cat"'), encoding="utf-8")
    shutil.copytree(project, tmp_path / "p")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(tmp_path / "p")])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and sorted(Path(s["path"]).name for s in report["skipped"] if s["reason"] == TEST_INPUT) == [
        "limited-pod.yaml", "test.yaml", "test_nginx.yaml"]


def test_files_ko_resolves_into_kept_manifests_are_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """tektoncd/pipeline (3ee1745ae5b2): test/presubmit-tests.sh resolves config to /dev/null only to check that it
    builds, and test/e2e-common.sh resolves the same directory into the file it installs: config's Deployments are
    what gets applied, linted as before (a kept `ko resolve` output is applied, whatever else names the files)."""
    from pod_resources_cli.cli import main

    project = tmp_path / "pipeline"
    (project / "config").mkdir(parents=True)
    (project / "test").mkdir()
    (project / "config" / "controller.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: controller}\nspec:\n  selector: {matchLabels: {app: c}}\n"
        "  template:\n    metadata: {labels: {app: c}}\n    spec:\n      containers: [{name: c, image: ko://example.com/cmd/controller}]\n"
    )
    (project / "test" / "presubmit-tests.sh").write_text(
        "#!/usr/bin/env bash\nKO_DOCKER_REPO=example.com ko resolve --platform=all --push=false -R -f config 1>/dev/null\n"
    )
    main(["lint", "--no-config", "-o", "json", str(project)])
    assert [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]] == []  # only resolved to /dev/null: a test input
    (project / "test" / "e2e-common.sh").write_text('#!/usr/bin/env bash\nko resolve -R -f config/ > "${ko_target}"\n')
    shutil.copytree(project, tmp_path / "again")  # a new tree: the scripts are read once per project
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "again")])
    assert [(Path(f["path"]).name, f["rule"]) for f in json.loads(capsys.readouterr().out)["findings"]] == [("controller.yaml", "PR201")]


def test_fixtures_a_go_test_reads_from_a_package_beside_it_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """litmuschaos/litmus (82e67d90b6e4): pkg/chaos_experiment/ops/service_test.go reads its Argo workflow fixtures
    from "../model/mocks/" (a package beside its own): they are never applied, so no PR138 on their containers (10
    false warnings before); a YAML file of another package that no test names is still linted."""
    from pod_resources_cli.cli import main

    project = tmp_path / "litmus"
    shutil.copytree(HARNESS / "litmuschaos__litmus", project)
    elsewhere = project / "chaoscenter" / "graphql" / "server" / "pkg" / "chaos_experiment" / "handler" / "pod.yaml"
    elsewhere.parent.mkdir()
    elsewhere.write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert [(Path(f["path"]).name, f["rule"]) for f in report["findings"]] == [("pod.yaml", "PR201")]
    skipped = sorted((Path(s["path"]).name, s["reason"]) for s in report["skipped"] if s["reason"] == TEST_INPUT)
    assert skipped == [("cron_workflow.yaml", TEST_INPUT), ("workflow.yaml", TEST_INPUT)]
    [note] = {s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert note.startswith("the Go tests of ") and note.endswith("ops/service_test.go read it from beside them (a fixture), never apply it")


def test_a_chart_a_test_package_renders_through_dotdot_is_no_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """nginx/kubernetes-ingress (0eb3072d14f0): charts/tests/helmunit_test.go renders "../nginx-ingress" (helm.RenderTemplate),
    the chart the project ships, with its testdata/*.yaml values files. The test's directory is test-like, which makes
    fixtures of what it names below itself (testdata/daemonset.yaml), not of a path that leaves it: the chart is a chart
    (its 21 templates, CRDs and values were test inputs before, so never rendered even with helm on PATH)."""
    from pod_resources_cli.cli import main

    project = tmp_path / "nginx"
    shutil.copytree(HARNESS / "nginx__kubernetes-ingress", project)
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    reasons = {str(Path(s["path"]).relative_to(project)): s["reason"] for s in report["skipped"]}
    assert reasons["charts/tests/testdata/daemonset.yaml"] == TEST_INPUT
    chart = {k: v for k, v in reasons.items() if k.startswith("charts/nginx-ingress/")}
    assert chart and TEST_INPUT not in chart.values()
    assert reasons["charts/nginx-ingress/values.yaml"] == "chart-file"


def test_fixtures_a_go_test_reads_through_a_fake_package_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """linkerd/linkerd2 (b24cd4059841): controller/proxy-injector/webhook_test.go reads its pods and namespaces through
    fake.NewFactory(filepath.Join("fake", "data")): "fake" is a test-like name, so the fixtures under it are test
    inputs (6 warnings before: PR138 and PR201 on pods the injector's unit tests only read)."""
    from pod_resources_cli.cli import main

    project = tmp_path / "linkerd2"
    shutil.copytree(HARNESS / "linkerd__linkerd2", project)
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    skipped = sorted((Path(s["path"]).name, s["reason"]) for s in report["skipped"])
    assert skipped == [
        ("deployment-inject-disabled.yaml", TEST_INPUT), ("namespace-inject-enabled.yaml", TEST_INPUT), ("pod-with-opaque-ports.yaml", TEST_INPUT)
    ]  # fmt: skip


def test_a_bats_helpers_fixtures_directory_variable_names_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """controlplaneio/kubesec's test/1_cli.bats runs ``_app "${TEST_DIR}/asset/score-0-cap-chown.yml"``, with
    ``export TEST_DIR="."`` in the ``_helper.bash`` it loads: its deliberately weak fixtures gave 36 errors
    (PR004 on a snake_case pod dump, PR112 on ephemeral containers in a template). A fixture no test names
    beside those the tests name in test/asset is one of the suite's fixtures too, the suite running no kubectl
    (harness_bats.py's fixtures directories: invalid-schema.yml, which no script of kubesec a59caad3f523 names, was a
    PR002 error); one in a directory below it (sockshop/carts-db-dep.yaml) is linted as before."""
    from pod_resources_cli.cli import main

    project = tmp_path / "kubesec"  # its own project: bats runs from test/
    shutil.copytree(HARNESS / "controlplaneio__kubesec", project)
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {
        "score-0-cap-chown.yml",
        "score-1-dep-seccomp-nonunconfined-ephemeralcontainer.yml",
        "invalid-input-pod-dump.json",
        "form-prefix-file.yml",
        "invalid-schema.yml",  # in test/asset, the suite's fixtures directory, though no script names it
    }
    assert "test/1_cli.bats" in notes["score-0-cap-chown.yml"] and "test/2_regression.bats" in notes["form-prefix-file.yml"]
    assert "test/asset, whose other files the bats tests of " in notes["invalid-schema.yml"]
    found = sorted((Path(f["path"]).name, f["rule"]) for f in report["findings"])
    # sock shop's carts-db is an extensions/v1beta1 Deployment: no release since 1.16 serves it (PR006), no pod runs
    assert found == [("carts-db-dep.yaml", "PR006")]
    assert report["summary"]["errors"] == 1 and report["summary"]["pods"] == 0
    shutil.copytree(project, tmp_path / "p")
    (tmp_path / "p" / "test" / "_helper.bash").unlink()  # no helper: where ${TEST_DIR} points is not known
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "p")])
    report = json.loads(capsys.readouterr().out)
    assert {"PR004", "PR112"} <= {f["rule"] for f in report["findings"]} and report["summary"]["skipped"]["test-input"] == 0


def test_files_a_python_test_names_from_beside_it_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """bridgecrewio/checkov's pytest modules scan their case directories, ``Path(__file__).parent /
    "example_Seccomp"`` (``pod-seccomp-FAILED2.yaml``: a snake_case dump, PR002 and 4 PR004), and read
    ``os.path.join(TEST_DIRNAME, 'resources', 'nested_resource.yaml')``: 30 false errors and 429 warnings
    over its tests. A directory named so covers its own files only: ``example_multi_iac/k8/`` is linted."""
    from pod_resources_cli.cli import main

    project = tmp_path / "checkov"
    shutil.copytree(HARNESS / "bridgecrewio__checkov", project)
    (project / ".git").mkdir()  # its own project: tests/ makes the tests' directories test-like
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"pod-seccomp-FAILED2.yaml", "pod-seccomp-PASSED5.yaml", "nested_resource.yaml"}
    assert notes["pod-seccomp-FAILED2.yaml"].startswith("the Python tests of ") and notes["pod-seccomp-FAILED2.yaml"].endswith(
        "tests/kubernetes/checks/test_Seccomp.py read it from beside them (a fixture), never apply it"
    )
    assert "tests/kubernetes/graph/test_local_graph.py" in notes["nested_resource.yaml"]
    found = [(Path(f["path"]).name, f["rule"]) for f in report["findings"]]
    assert found == [("nginx-statefulset-FAILED.yaml", "PR201")] and report["summary"]["errors"] == 0
    main(["lint", "--no-config", "-o", "json", str(project / "tests" / "kubernetes" / "checks" / "example_Seccomp" / "pod-seccomp-FAILED2.yaml")])
    report = json.loads(capsys.readouterr().out)  # passed alone, as pre-commit does
    assert report["findings"] == [] and report["summary"]["skipped"]["test-input"] == 1


def test_a_python_test_beside_a_files_ancestors_names_it_through_dotdot_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A package beside a file's parent or grandparent can name the file only through ``../``: its other
    literals (a thousand strings in a project's own tests/) are not looked at for that file, and the one that
    climbs out still makes it a test input, passed alone as pre-commit passes it or in the whole tree."""
    from pod_resources_cli.cli import main

    pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n"
    (tmp_path / ".git").mkdir()
    for where in ("fixtures/cases/pod.yaml", "examples/pod.yaml"):
        (tmp_path / where).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / where).write_text(pod, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_cases.py").write_text(
        'CASES = "../fixtures/cases"\nOTHER = "examples/pod.yaml"\nNAMES = ["cpu", "memory", "fixtures"]\n', encoding="utf-8")  # fmt: skip
    for target in (tmp_path / "fixtures" / "cases" / "pod.yaml", tmp_path):
        main(["lint", "--no-config", "-o", "json", "--show-skipped", str(target)])
        report = json.loads(capsys.readouterr().out)
        assert [(Path(s["path"]).name, s["reason"]) for s in report["skipped"] if s["reason"] == TEST_INPUT] == [("pod.yaml", TEST_INPUT)]
        assert "tests/test_cases.py read it from beside them" in [s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT][0]
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "examples" / "pod.yaml")])  # "examples/pod.yaml" is below tests/: not this file
    assert [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]] == ["PR201"]


def test_objects_a_chainsaw_test_applies_expecting_a_refusal_never_run(capsys: pytest.CaptureFixture[str]) -> None:
    """kyverno/policies' other/ensure-readonly-hostpath: pods-good.yaml is applied (linted), pods-bad.yaml applied with
    ``expect: [{check: {($error != null): true}}]``: the policy refuses it, so its pods never exist (a test input).
    Over the whole repository @b9c4317ce022: 6,205 -> 3,277 warnings, 6,008 -> 3,193 pods."""
    from pod_resources_cli.cli import main

    case = HARNESS / "kyverno__policies/other/ensure-readonly-hostpath/.chainsaw-test"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(case)])
    report = json.loads(capsys.readouterr().out)
    assert [(Path(f["path"]).name, f["rule"]) for f in report["findings"]] == [("pods-good.yaml", "PR201")]
    refused = {Path(s["path"]).name: s for s in report["skipped"] if s["reason"] == TEST_INPUT}["pods-bad.yaml"]
    assert refused["note"].endswith(
        "applies it expecting the cluster to refuse it ($error != null): it never runs")


def test_an_expectation_limited_by_match_leaves_the_file_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pod_resources_cli.cli import main

    pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n"
    (tmp_path / "a.yaml").write_text(pod, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(pod.replace("name: p", "name: q"), encoding="utf-8")
    (tmp_path / "chainsaw-test.yaml").write_text(
        "apiVersion: chainsaw.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\nspec:\n  steps:\n  - try:\n"
        "    - apply:\n        file: a.yaml\n        expect:\n        - match: {metadata: {name: other}}\n          check: {($error != null): true}\n"
        "    - create:\n        file: b.yaml\n        expect:\n        - check: {($error == null): false}\n", encoding="utf-8")  # fmt: skip
    main(["lint", "--no-config", "-o", "json", str(tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert [Path(f["path"]).name for f in report["findings"]] == ["a.yaml"] and report["summary"]["skipped"]["test-input"] == 1


def test_a_file_a_test_names_outside_its_work_tree_is_never_read(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A chainsaw step template or an applied file named through ../ out of the repository is a name, never opened."""
    from pod_resources_cli.cli import main
    from pod_resources_cli.source import discover

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "template.yaml").write_text("apiVersion: chainsaw.kyverno.io/v1alpha1\nkind: StepTemplate\nspec: {try: []}\n", encoding="utf-8")
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "t").mkdir()
    (repo / "t" / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n")
    (repo / "t" / "chainsaw-test.yaml").write_text(
        "apiVersion: chainsaw.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t}\nspec:\n  steps:\n  - use: {template: ../../outside/template.yaml}\n"
        "  - try:\n    - apply: {file: ../../outside/template.yaml}\n    - apply: {file: pod.yaml}\n", encoding="utf-8")  # fmt: skip
    read: list[str] = []
    original = discover.read_source
    monkeypatch.setattr(discover, "read_source", lambda path, *a, **k: (read.append(str(path)), original(path, *a, **k))[1])
    main(["lint", "--no-config", "-o", "json", str(repo)])
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["pods"] == 1 and not [p for p in read if "outside" in p]


def test_a_file_beside_a_chainsaw_test_that_never_names_it_is_never_applied(capsys: pytest.CaptureFixture[str]) -> None:
    """kyverno/policies' ensure-readonly-hostpath keeps good-pods-all.yaml beside the files its chainsaw test applies, named
    nowhere: chainsaw runs only the operations the test lists, so it never reaches a cluster (before: PR112, a pod with
    ephemeralContainers refused on create, on a file nobody applies; 6 such errors over the repository, now 0)."""
    from pod_resources_cli.cli import main

    case = HARNESS / "kyverno__policies/other/ensure-readonly-hostpath/.chainsaw-test"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(case / "good-pods-all.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and [s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT] == [
        f"beside the chainsaw test {os.path.relpath(case / 'chainsaw-test.yaml')}, which never names it: the harness never applies it"]


def test_pods_a_chainsaw_test_applies_after_a_policy_that_sets_resources_are_its_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    """kyverno/policies' other/add-default-resources: the test applies the ClusterPolicy (a mutate rule adding requests),
    then the pods: what runs has the policy's requests, so no finding may say they have none (before: 15 PR138/PR131/PR132)."""
    from pod_resources_cli.cli import main

    case = HARNESS / "kyverno__policies/other/add-default-resources"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(case)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"pod-resources.yaml", "podcontroller-resources.yaml"}
    assert notes["pod-resources.yaml"].endswith("applies it after the policy add-default-resources.yaml, which sets resources: what runs is the policy's result")

def test_fixtures_a_go_test_hands_to_a_test_cluster_through_its_helper_package_are_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Shopify/kubeaudit (7e8696a627ed): auditors/limits/limits_test.go runs each fixture through
    test.AuditLocal too, whose package internal/test/test.go (AuditMultiple -> GetReport -> ApplyManifest)
    runs ``exec.Command("kubectl", "apply", "-f", manifestPath, "-n", namespace)`` on the kind cluster of its
    CI; internal/k8sinternal/client_test.go calls test.ApplyManifest on ./fixtures/include-generated.yml:
    those are applied, so linted (136 files were taken for test inputs: 123 pods the cluster runs). The
    fixture runtime_test.go only reads (os.ReadFile) stays a test input. Without the kubectl apply (a
    ``kubectl create namespace`` sends no file), every fixture is a test input again."""
    from pod_resources_cli.cli import main

    project = tmp_path / "kubeaudit"
    shutil.copytree(HARNESS / "Shopify__kubeaudit", project)
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    findings = sorted((str(Path(f["path"]).relative_to(project)), f["rule"], f["object"]["kind"]) for f in report["findings"])
    assert findings == [
        ("auditors/limits/fixtures/resources-limit-nil.yml", "PR201", "Pod"),
        ("auditors/limits/fixtures/resources-limit-no-memory.yml", "PR131", "Pod"),  # limits cpu "1" only: requests cpu 1
        ("auditors/limits/fixtures/resources-limit-no-memory.yml", "PR132", "Pod"),
        ("auditors/limits/fixtures/resources-limit-no-memory.yml", "PR401", "Pod"),
        ("internal/k8sinternal/fixtures/include-generated.yml", "PR201", "Deployment"),
    ]
    assert report["summary"]["pods"] == 3
    [skipped] = [s for s in report["skipped"] if s["reason"] == TEST_INPUT]
    assert Path(skipped["path"]).name == "test-encode-decode.yml"
    assert skipped["note"].endswith("internal/k8sinternal/runtime_test.go read it from beside them (a fixture), never apply it")

    main(["explain", "-o", "json", str(project / "auditors/limits/fixtures/resources-limit-no-memory.yml")])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("Burstable", {"cpu": "1"}, {"cpu": "1"})

    helper = project / "internal" / "test" / "test.go"
    helper.write_text(helper.read_text(encoding="utf-8").replace('"kubectl", "apply"', '"kubectl", "version"'), encoding="utf-8")
    again = tmp_path / "again"
    shutil.copytree(project, again)  # a new path: the harness readers' caches are by directory
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(again)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert sorted(Path(s["path"]).name for s in report["skipped"] if s["reason"] == TEST_INPUT) == [
        "include-generated.yml", "resources-limit-nil.yml", "resources-limit-no-memory.yml", "test-encode-decode.yml"
    ]  # fmt: skip


def test_conftests_bats_suites_and_rego_tests_name_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """open-policy-agent/conftest runs each tests/<dir>/test.bats from its own directory (tests/multitype's
    ``$CONFTEST test deployment.yaml grafana.ini``: a PR133 info), and its Rego tests parse files relative to
    the .rego file (combine_test.rego: ``parse_combined_config_files(["deployment.yaml", "service.yaml"])``,
    3 PR201 warnings). A Deployment no test names is linted as before."""
    from pod_resources_cli.cli import main

    project = tmp_path / "conftest"
    shutil.copytree(HARNESS / "open-policy-agent__conftest", project)
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"tests/multitype/deployment.yaml", *(f"examples/kubernetes/combine/{n}.yaml" for n in ("combine", "deployment", "service"))}
    assert notes["tests/multitype/deployment.yaml"].startswith("the bats tests of ") and "tests/multitype/test.bats" in notes["tests/multitype/deployment.yaml"]
    assert "examples/kubernetes/combine/combine_test.rego parse it as a policy's input" in notes["examples/kubernetes/combine/deployment.yaml"]
    assert [(Path(f["path"]).name, f["rule"], f["object"]["name"]) for f in report["findings"]] == [("deployment.yaml", "PR201", "the-deployment")]
    # each file alone, as pre-commit passes it, is skipped the same way
    main(["lint", "--no-config", "-o", "json", str(project / "examples/kubernetes/combine/combine.yaml"), str(project / "tests/multitype/deployment.yaml")])
    alone = json.loads(capsys.readouterr().out)
    assert alone["findings"] == [] and alone["summary"]["pods"] == 0
    # a literal the call does not hold is no name: the same file named in a comment is linted
    shutil.copytree(project, tmp_path / "p")  # (a new tree: what the harness read is kept per directory)
    rego = tmp_path / "p" / "examples/kubernetes/combine/combine_test.rego"
    rego.write_text("package main\n# see deployment.yaml\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "p" / "examples/kubernetes/combine/deployment.yaml")])
    assert [f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]] == ["PR201"]


def test_a_file_a_test_applies_is_linted_also_from_go_test_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kyverno/chainsaw's own e2e tests live below testdata/e2e (Makefile: ``chainsaw test ./testdata/e2e`` on a
    kind cluster): the Deployment its deployment test applies runs there, so it is linted though Go's testdata
    rule would make it test data; the assert file beside it is still a check, and a testdata file no test names
    still test data."""
    from pod_resources_cli.cli import main

    project = tmp_path / "chainsaw"
    shutil.copytree(HARNESS / "kyverno__chainsaw", project)
    (project / ".git").mkdir()
    (project / "go.mod").write_text("module github.com/kyverno/chainsaw\n", encoding="utf-8")
    unnamed = project / "testdata" / "runner" / "pod.yaml"
    unnamed.parent.mkdir(parents=True)
    unnamed.write_bytes((project / "testdata/e2e/examples/array-assertion/resources.yaml").read_bytes())
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    found = sorted((str(Path(f["path"]).relative_to(project)), f["rule"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"])
    assert found == [
        ("testdata/e2e/examples/array-assertion/resources.yaml", "PR201", "Pod", "example"),
        ("testdata/e2e/examples/deployment/resources.yaml", "PR201", "Deployment", "example"),
    ]
    reasons = {str(Path(s["path"]).relative_to(project)): s["reason"] for s in report["skipped"]}
    assert reasons["testdata/e2e/examples/deployment/assertions.yaml"] == "test-assertion"
    assert reasons["testdata/runner/pod.yaml"] == TEST_INPUT


KICS_QUERY = REAL / "Checkmarx__kics" / "assets" / "queries" / "k8s" / "memory_limits_not_defined"


def test_a_kics_querys_test_samples_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Checkmarx/kics' assets/queries/*/*/test/positive*.yaml and negative*.yaml are the deliberately bad or good
    samples its Go test runs each query on (test/main_test.go PositiveFiles, NegativeFiles), compared with
    positive_expected_result.json: recognised from the query's query.rego and metadata.json, whole or alone."""
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(KICS_QUERY)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    inputs = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(inputs) == {"positive.yaml", "positive2.yaml", "negative1.yaml", "positive_expected_result.json"}
    assert inputs["positive.yaml"].startswith("a KICS query's test directory: its samples are inputs of ")
    assert inputs["positive.yaml"].endswith("memory_limits_not_defined/test/positive_expected_result.json; never applied")
    assert [s["reason"] for s in report["skipped"] if Path(s["path"]).name == "metadata.json"] == ["not-kubernetes"]
    found = skip_reason(str(KICS_QUERY / "test" / "positive2.yaml"))  # passed alone
    assert found is not None and found[0] == TEST_INPUT and assertion_reason(str(KICS_QUERY / "test" / "positive2.yaml")) is None

    copy = tmp_path / "q"  # the same samples without the query's rules beside them: manifests like any other
    shutil.copytree(KICS_QUERY / "test", copy / "test")
    shutil.copy(KICS_QUERY / "metadata.json", copy / "metadata.json")
    main(["lint", "--no-config", "-o", "json", str(copy)])
    report = json.loads(capsys.readouterr().out)
    errors = sorted((Path(f["path"]).name, f["line"], f["rule"]) for f in report["findings"] if f["severity"] == "error")
    assert errors == [("positive.yaml", 12, "PR002"), ("positive.yaml", 57, "PR002")]  # limits.requests.memory, no container
    assert report["summary"]["pods"] == 4
    # the secrets query has regex_rules.json for rules (test/secrets_test.go globs its samples the same way); only its presence is read
    shutil.copy(KICS_QUERY / "query.rego", copy / "regex_rules.json")
    found = skip_reason(str(copy / "test" / "positive.yaml"))
    assert found is not None and found[0] == TEST_INPUT and "are inputs of " in found[1] and found[1].count("regex_rules.json") == 1


def test_a_published_chart_a_go_test_renders_is_the_chart_not_a_test_input(tmp_path: Path) -> None:
    """actions/actions-runner-controller's charts/gha-runner-scale-set-controller/tests/template_test.go renders
    filepath.Abs("../../gha-runner-scale-set-controller") with terratest's helm.RenderTemplate: the chart it names has
    no test-like segment of its own and holds Chart.yaml, so it is the project's chart (rendered with helm, listed as
    an unrendered chart without), not a fixture; a values file beside the test is still the test's input."""
    from pod_resources_cli.source.layout import Render, Tools, plan_inputs

    real = REAL / "actions__actions-runner-controller"
    chart = tmp_path / "charts" / "gha-runner-scale-set-controller"
    (chart / "templates").mkdir(parents=True)
    (chart / "tests").mkdir()
    (tmp_path / "go.mod").write_text("module github.com/actions/actions-runner-controller\n", encoding="utf-8")
    for name, to in (("Chart.yaml", "Chart.yaml"), ("templates__serviceaccount.yaml", "templates/serviceaccount.yaml"),
                     ("tests__template_test.go", "tests/template_test.go")):  # fmt: skip
        shutil.copyfile(real / f"charts__gha-runner-scale-set-controller__{name}", chart / to)
    (chart / "values.yaml").write_text("serviceAccount: {create: true}\n", encoding="utf-8")
    assert '"../../gha-runner-scale-set-controller"' in (chart / "tests" / "template_test.go").read_text(encoding="utf-8")
    plan = plan_inputs([str(tmp_path)], Tools())
    assert sorted((os.path.relpath(p, chart), r) for p, r in plan.skipped) == [
        ("Chart.yaml", "chart-file"), ("templates/serviceaccount.yaml", "template"), ("values.yaml", "chart-file")]
    assert [n.split(":")[0] for n in plan.notes] == [str(chart)]  # "Helm chart not rendered (helm is not on PATH)..."
    rendered = plan_inputs([str(tmp_path)], Tools(helm="helm"))
    assert rendered.skipped == [] and [(e.tool, e.root) for e in rendered.entries if isinstance(e, Render)] == [("helm", str(chart))]


def test_chart_templates_named_other_than_yaml_are_templates_helm_renders(tmp_path: Path) -> None:
    """buildkite/agent-stack-k8s names its chart's templates deployment.yaml.tpl...: helm renders every file of
    templates/ but _* partials and NOTES.txt (pkg/releaseutil/manifest_sorter.go), so without helm they are counted
    as unrendered templates with the chart's note (it had no note and counted nothing), and with helm the chart is
    rendered; _helper.tpl is a partial, not counted."""
    from pod_resources_cli.source.layout import Render, Tools, plan_inputs

    real = REAL / "buildkite__agent-stack-k8s"
    chart = tmp_path / "charts" / "agent-stack-k8s"
    (chart / "templates").mkdir(parents=True)
    for name in ("Chart.yaml", "templates/_helper.tpl", "templates/deployment.yaml.tpl"):
        shutil.copyfile(real / f"charts__agent-stack-k8s__{name.replace('/', '__')}", chart / name)
    (chart / "templates" / "NOTES.txt").write_text("Thanks for installing {{ .Chart.Name }}\n", encoding="utf-8")
    assert "kind: Deployment" in (chart / "templates" / "deployment.yaml.tpl").read_text(encoding="utf-8")
    plan = plan_inputs([str(tmp_path)], Tools())
    assert sorted((os.path.relpath(p, chart), r) for p, r in plan.skipped) == [
        ("Chart.yaml", "chart-file"), ("templates/deployment.yaml.tpl", "template")]
    assert len(plan.notes) == 1 and plan.notes[0].startswith(f"{chart}: Helm chart not rendered (helm is not on PATH); 1 template skipped.")
    rendered = plan_inputs([str(tmp_path)], Tools(helm="helm"))
    assert rendered.skipped == [] and rendered.notes == []
    assert [(e.tool, e.root) for e in rendered.entries if isinstance(e, Render)] == [("helm", str(chart))]


def test_a_file_no_script_of_a_chainsaw_test_names_is_never_applied(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """grafana/tempo-operator (049c8f240415) tests/e2e-openshift-tls-profile/01-tls-profile-override-mono: every script of
    its chainsaw test is a ``content: ./NAME.sh`` beside it, none of which names 11-assert.yaml (a Job with only a status)
    or 11-generate-traces-cr-override.yaml, nor applies a glob or a directory: chainsaw never applies them (before: 12
    PR002 errors over the repository, a "workload without a pod template" on assertion Jobs; now 0). What the test
    applies (06-generate-traces.yaml: two Jobs) is linted. A script applying ``*.yaml`` may apply them: linted again."""
    from pod_resources_cli.cli import main

    case = HARNESS / "grafana__tempo-operator/tests/e2e-openshift-tls-profile/01-tls-profile-override-mono"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(case)])
    report = json.loads(capsys.readouterr().out)
    skipped = {Path(s["path"]).name for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert skipped == {"11-assert.yaml", "11-generate-traces-cr-override.yaml"}
    assert report["summary"]["pods"] == 2 and {f["rule"] for f in report["findings"]} == {"PR201"}
    assert {Path(f["path"]).name for f in report["findings"]} == {"06-generate-traces.yaml"}
    copy = tmp_path / "case"
    shutil.copytree(case, copy)
    script = copy / "10-verify-cr-override.sh"
    script.write_text(script.read_text(encoding="utf-8") + "\nkubectl apply -f 11-*.yaml\n", encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(copy)])
    again = json.loads(capsys.readouterr().out)
    assert not [s for s in again["skipped"] if s["reason"] == TEST_INPUT] and "PR002" in {f["rule"] for f in again["findings"]}


def test_a_file_a_chainsaw_test_patches_holds_only_updates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """grafana/tempo-operator (049c8f240415) tests/e2e-openshift-ossm/ossm-tempostack: ``patch: {file: 03-update-kiali.yaml}``
    merges into the Kiali the ServiceMeshControlPlane of 00-install-ossm.yaml makes (no file creates it); chainsaw's patch
    Gets the object and fails without it (pkg/engine/operations/patch/operation.go), so the Kiali is a partial update, not
    one Kiali pod with the operator's defaults (before: PR133 and PR134 on it, 3 files). Applied with ``apply``, the same
    file creates a Kiali: linted."""
    from pod_resources_cli.cli import main

    case = HARNESS / "grafana__tempo-operator/tests/e2e-openshift-ossm/ossm-tempostack"
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(case / "03-update-kiali.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    copy = tmp_path / "case"
    shutil.copytree(case, copy)
    test = copy / "chainsaw-test.yaml"
    test.write_text(test.read_text(encoding="utf-8").replace("- patch:\n        file: 03-update-kiali.yaml", "- apply:\n        file: 03-update-kiali.yaml"), encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(copy / "03-update-kiali.yaml")])
    again = json.loads(capsys.readouterr().out)
    assert again["summary"]["pods"] == 1 and sorted(f["rule"] for f in again["findings"]) == ["PR133", "PR134"]


def test_a_manifest_a_script_beside_it_hands_to_spark_is_a_pod_template(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """awslabs/data-on-eks' EMR on EKS example: execute_emr_eks_job.sh syncs its directory to S3 and names
    driver-pod-template.yaml and executor-pod-template.yaml as spark.kubernetes.{driver,executor}.podTemplateFile.
    Spark sets the main container's cpu and memory (BasicDriverFeatureStep): two named Pods without resources that
    gave false PR201 "BestEffort" warnings are templates. Without the script, they are read as Pods."""
    from pod_resources_cli.cli import main

    real = HARNESS / "awslabs__data-on-eks"
    example = real / "data-stacks" / "emr-on-eks" / "examples" / "ebs-pvc"
    code = main(["lint", "--no-config", "-o", "json", "--show-skipped", str(real)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["findings"] == [] and report["summary"]["pods"] == 0
    skipped = {Path(s["path"]).name: s for s in report["skipped"]}
    assert sorted(skipped) == ["driver-pod-template.yaml", "executor-pod-template.yaml"]
    assert {s["reason"] for s in skipped.values()} == {"template"}
    assert skipped["driver-pod-template.yaml"]["note"].endswith(
        "execute_emr_eks_job.sh hands it to Spark as spark.kubernetes.driver.podTemplateFile: a pod template Spark "
        "builds the driver's pods from, setting its container's cpu and memory itself"
    )
    assert "spark.kubernetes.executor.podTemplateFile" in skipped["executor-pod-template.yaml"]["note"]
    from pod_resources_cli.source.harness_spark import spark_template

    assert spark_template(str((example / "driver-pod-template.yaml").resolve()))[0] == "template"  # type: ignore[index]  # the worker's
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(example / "driver-pod-template.yaml", alone)
    shutil.copy(example / "executor-pod-template.yaml", alone)
    main(["lint", "--no-config", "-o", "json", str(alone)])
    report = json.loads(capsys.readouterr().out)
    assert sorted((f["object"]["name"], f["rule"]) for f in report["findings"]) == [("emr-driver", "PR201"), ("emr-executor", "PR201")]


FLINK_E2E = HARNESS / "apache__flink" / "flink-end-to-end-tests" / "test-scripts"


def test_a_manifest_a_script_hands_to_flink_is_a_pod_template(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """apache/flink's test_kubernetes_application_ha.sh starts an application cluster with
    ``-Dkubernetes.pod-template-file=${CONTAINER_SCRIPTS}/kubernetes-pod-template.yaml``: Flink builds the
    JobManager's and TaskManagers' pods from that Pod and sets its flink-main-container's cpu and memory
    (KubernetesUtils.loadPodFromTemplateFile, getResourceRequirements), so the template, whose main container sets
    only ephemeral-storage, is no BestEffort pod (was a false PR201). The script is in the template's parent
    directory, read only inside the root linted."""
    from pod_resources_cli.cli import main

    template = FLINK_E2E / "container-scripts" / "kubernetes-pod-template.yaml"
    code = main(["lint", "--no-config", "-o", "json", "--show-skipped", str(FLINK_E2E)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["findings"] == [] and report["summary"]["pods"] == 0
    [skipped] = [s for s in report["skipped"] if Path(s["path"]).name == "kubernetes-pod-template.yaml"]
    assert skipped["reason"] == "template"
    assert skipped["note"].endswith(
        "test_kubernetes_application_ha.sh hands it to Flink as kubernetes.pod-template-file: a pod template Flink "
        "builds the JobManager's and TaskManagers' pods from, setting its flink-main-container's cpu and memory itself"
    )
    from pod_resources_cli.source.harness_flink import flink_template  # asked by the worker reading the file

    assert flink_template(str(template.resolve()), str(FLINK_E2E.resolve()))[0] == "template"  # type: ignore[index]
    assert flink_template(str(template.resolve())) is None  # no root: its own directory only, where nothing names it

    # A copy outside any git work tree: its root is the directory given, and the script above it is not read.
    copy = tmp_path / "test-scripts"
    shutil.copytree(FLINK_E2E, copy)
    main(["lint", "--no-config", "-o", "json", str(copy / "container-scripts")])
    report = json.loads(capsys.readouterr().out)
    assert [(f["object"]["name"], f["rule"]) for f in report["findings"]] == [("pod-template", "PR201")]
    main(["lint", "--no-config", "-o", "json", str(copy)])
    assert json.loads(capsys.readouterr().out)["findings"] == []

    # Without the script it is a Pod as written: flink-main-container asks only ephemeral-storage.
    alone = tmp_path / "alone" / "container-scripts"
    alone.mkdir(parents=True)
    shutil.copy(template, alone)
    main(["explain", "-o", "json", str(alone.parent)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert pod["qosClass"] == "BestEffort" and pod["requests"] == {"ephemeral-storage": "256Mi"}
    assert [c["name"] for c in pod["containers"]] == ["flink-main-container"]


def test_flink_pod_template_keys_and_paths(tmp_path: Path) -> None:
    """The JobManager's and TaskManagers' own keys, Flink's config.yaml as well as a script, and a relative path
    that names another file of that name is not this one."""
    from pod_resources_cli.source.harness_flink import flink_template

    real = (FLINK_E2E / "container-scripts" / "kubernetes-pod-template.yaml").read_text(encoding="utf-8")
    conf = tmp_path / "conf"
    conf.mkdir()
    (conf / "jm.yaml").write_text(real, encoding="utf-8")
    (conf / "tm.yml").write_text(real, encoding="utf-8")
    (conf / "other.yaml").write_text(real, encoding="utf-8")
    (conf / "config.yaml").write_text(
        "kubernetes.pod-template-file.jobmanager: ./jm.yaml\nkubernetes.pod-template-file.taskmanager: 's3://bucket/x/tm.yml'\n"
        "kubernetes.pod-template-file.default: ../elsewhere/other.yaml\n",
        encoding="utf-8",
    )
    jm = flink_template(str(conf / "jm.yaml"), str(tmp_path))
    assert jm is not None and jm[0] == "template" and "as kubernetes.pod-template-file.jobmanager: a pod template Flink builds the JobManager's pod from" in jm[1]
    tm = flink_template(str(conf / "tm.yml"), str(tmp_path))
    assert tm is not None and "kubernetes.pod-template-file.taskmanager: a pod template Flink builds the TaskManagers' pods from" in tm[1]
    assert flink_template(str(conf / "other.yaml"), str(tmp_path)) is None  # ../elsewhere/other.yaml is another file
    assert flink_template(str(conf / "config.yaml"), str(tmp_path)) is None  # Flink's configuration names no template of itself


_OPENED = """\
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(args[0]) if event == "open" and isinstance(args[0], str) else None)
from pod_resources_cli.cli import main
code = main(["lint", "--no-config", sys.argv[1]])
sys.stderr.write("\\n".join(opened))
sys.exit(code)
"""


@pytest.mark.parametrize("work_tree", [False, True])
def test_a_file_linted_alone_reads_no_other_yaml_of_the_directories_above_it(tmp_path: Path, work_tree: bool) -> None:
    """pre-commit and editors lint one file where it lies: a harness reader looks for its test files by their names
    (``*_test.go``, ``chainsaw-test.yaml``, a kustomization...), never reads every YAML file of a directory above
    (a venom reader did, 30 ms a run in /tmp). Every file the process opens is seen by an audit hook."""
    import subprocess
    import sys

    top = tmp_path / "downloads"
    (top / "a" / "b").mkdir(parents=True)
    if work_tree:  # the project's root: its directories a and a/b are no test directories either
        (top / ".git").mkdir()
    for i in range(20):
        (top / f"other{i}.yaml").write_text("testcases:\n- steps:\n  - script: tool check a/b/pod.yaml\n" + "# padding\n" * 200)
        (top / "a" / f"near{i}.yml").write_text("testcases:\n- steps:\n  - script: kubectl apply -f b/pod.yaml\n")
    pod = top / "a" / "b" / "pod.yaml"
    pod.write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n")
    done = subprocess.run([sys.executable, "-c", _OPENED, str(pod)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    yaml_opened = {p for p in done.stderr.splitlines() if p.startswith(str(top)) and p.endswith((".yaml", ".yml"))}
    assert yaml_opened == {str(pod)}


TRIVY_CHECKS = HARNESS / "aquasecurity__trivy-checks"


def test_files_a_go_test_scans_with_trivy_are_test_inputs_also_from_an_integration_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """aquasecurity/trivy-checks' integration/custom_checks_test.go (``//go:build integration``, in ``integration/``)
    mounts ``filepath.Abs("../examples")`` into the aquasec/trivy image and runs ``trivy conf .`` in each
    examples/<dir> (source/harness_trivy.py): examples/kubernetes/deployment.yaml, a Deployment whose container
    web-app-container sets no resources, is the custom check's scan input, never applied (was a PR201 warning).
    Another Trivy command, a scan whose checks are not those beside what it scans (a security gate on manifests that
    may be deployed), or a test that also runs kubectl apply, leaves it linted as before; of the directory named, only
    directories holding .rego checks are the scan's (a manifest in examples/ itself is linted)."""
    from pod_resources_cli.cli import main

    project = tmp_path / "trivy-checks"
    shutil.copytree(TRIVY_CHECKS, project)
    (project / "go.mod").write_text("module github.com/aquasecurity/trivy-checks\n", encoding="utf-8")
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"examples/kubernetes/deployment.yaml", "examples/docker-compose/docker-compose.yaml"}
    assert notes["examples/kubernetes/deployment.yaml"].startswith("the Go tests of ") and notes["examples/kubernetes/deployment.yaml"].endswith(
        "integration/custom_checks_test.go scan it with Trivy's configuration scanner (trivy conf) and the checks beside it, never apply it"
    )
    assert '"--config-check", ".",' in (TRIVY_CHECKS / "integration/custom_checks_test.go").read_text(encoding="utf-8")
    deployment = project / "examples/kubernetes/deployment.yaml"
    extra = project / "examples" / "extra.yaml"  # beside no check: not the scan's input
    shutil.copyfile(deployment, extra)
    assert skip_reason(str(extra), str(project)) is None
    assert skip_reason(str(deployment), str(project)) == (TEST_INPUT, notes["examples/kubernetes/deployment.yaml"])
    extra.unlink()
    # alone, as pre-commit passes it
    main(["lint", "--no-config", "-o", "json", str(deployment)])
    alone = json.loads(capsys.readouterr().out)
    assert alone["findings"] == [] and alone["summary"]["pods"] == 0

    test = "integration/custom_checks_test.go"
    text = (TRIVY_CHECKS / test).read_text(encoding="utf-8")
    assert 'args := []string{\n\t\t\t\t"conf",' in text and '"aquasec/trivy:latest"' in text
    for i, changed in enumerate((
        text.replace('"conf",', '"version",'),  # no configuration scan
        text.replace('"--config-check", ".",', '"--config-check", "../policies",'),  # ... or one with checks from elsewhere: a gate
        text.replace('"os"\n', '"os"\n\t"os/exec"\n').replace(  # ... a scan on a cluster it applies to
            "func TestCustomChecks(", 'func apply(p string) error { return exec.Command("kubectl", "apply", "-f", p).Run() }\n\nfunc TestCustomChecks('
        ),
    )):
        other = tmp_path / f"p{i}"
        shutil.copytree(project, other)
        (other / test).write_text(changed, encoding="utf-8")
        main(["lint", "--no-config", "-o", "json", "--show-skipped", str(other)])
        report = json.loads(capsys.readouterr().out)
        got = [(Path(f["path"]).name, f["rule"], f["object"]["kind"], f["object"]["name"]) for f in report["findings"]]
        assert got == [("deployment.yaml", "PR201", "Deployment", "web-app-deployment")], i
        assert report["summary"]["pods"] == 1 and not [s for s in report["skipped"] if s["reason"] == TEST_INPUT]


def test_a_directory_a_bats_test_hands_to_the_projects_program_names_its_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """yannh/kubeconform's acceptance.bats runs ``bin/kubeconform -summary fixtures/folder`` (a directory kubeconform
    walks): its files are the test's inputs (ReplicationController bob, BestEffort: PR201; the guestbook's three
    controllers without memory limits: 3 PR132), as fixtures/valid.yaml, named as a file, already was. A fixture no
    test names (fixtures/duplicates.yaml) was linted: fixtures/ is now the suite's fixtures directory (the files of
    fixtures/valid.yaml's directory, the suite running no kubectl: tests/test_harness_validators.py), so they are
    test inputs too; a lone word (``@test``) or a path without a test-like segment names no directory, and makes no
    fixtures directory."""
    from pod_resources_cli.cli import main

    project = tmp_path / "kubeconform"
    shutil.copytree(HARNESS / "yannh__kubeconform", project)
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    unnamed = {"fixtures/duplicates.yaml", "fixtures/null_array.yaml", "fixtures/same-kind-different-api.yaml", "fixtures/multi_valid_source.yaml"}
    assert set(notes) == {"fixtures/valid.yaml", "fixtures/folder/valid.yaml", "fixtures/folder/multi_valid.yaml", *unnamed}
    assert notes["fixtures/folder/multi_valid.yaml"].startswith("the bats tests of ") and "acceptance.bats" in notes["fixtures/folder/multi_valid.yaml"]
    assert all("a fixture, never applied" in notes[name] for name in unnamed)  # was 2 PR201 on duplicates.yaml's bob, ...
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    # the same directory named by a path without a test-like segment: linted, as before
    other = tmp_path / "p"
    shutil.copytree(project, other)
    (other / "fixtures").rename(other / "samples")
    bats = other / "acceptance.bats"
    bats.write_text(bats.read_text(encoding="utf-8").replace("fixtures/", "samples/"), encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(other)])
    report = json.loads(capsys.readouterr().out)
    named = sorted(str(Path(s["path"]).relative_to(other)) for s in report["skipped"] if s["reason"] == TEST_INPUT)
    assert named == ["samples/valid.yaml"]
    assert sorted((Path(f["path"]).name, f["rule"]) for f in report["findings"]) == [
        ("duplicates.yaml", "PR201"), ("duplicates.yaml", "PR201"),
        ("multi_valid.yaml", "PR132"), ("multi_valid.yaml", "PR132"), ("multi_valid.yaml", "PR132"),
        ("multi_valid_source.yaml", "PR132"), ("multi_valid_source.yaml", "PR132"), ("multi_valid_source.yaml", "PR132"),
        ("null_array.yaml", "PR201"), ("same-kind-different-api.yaml", "PR006"), ("same-kind-different-api.yaml", "PR201"),
        ("valid.yaml", "PR201"),
    ]


def test_fixtures_a_go_test_two_levels_down_names_through_dotdot_dotdot_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """kubernetes-sigs/kubectl-validate's pkg/cmd/validate_test.go sets ``testcasesDir string = "../../testcases"`` and
    validates every manifest of testcases/manifests offline against the expectation in its leading comment: cases the
    validator must refuse (a misspelled ``contAIN3rz``: PR004; a boolean cpu request: PR002), BestEffort pods (PR201)
    and a JobSet without resources (PR138) were 2 errors and 2 warnings. ``testcases`` is a test-like name; a package two
    levels below the project names it through ``../../``. A name without a test-like segment stays the project's."""
    from pod_resources_cli.cli import main

    project = tmp_path / "kubectl-validate"
    shutil.copytree(HARNESS / "kubernetes-sigs__kubectl-validate", project)
    (project / "go.mod").write_text("module sigs.k8s.io/kubectl-validate\n", encoding="utf-8")
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {Path(s["path"]).name: s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {"error_misspelled_key.yaml", "error_quantity.yaml", "error_enum_invalid.yaml", "jobset.yaml"}
    assert notes["jobset.yaml"].startswith("the Go tests of ") and "pkg/cmd/validate_test.go read it from beside them" in notes["jobset.yaml"]
    # alone, as pre-commit passes it
    main(["lint", "--no-config", "-o", "json", str(project / "testcases/manifests/error_quantity.yaml")])
    assert json.loads(capsys.readouterr().out)["findings"] == []
    # the same cases in a directory of no test-like name: the project's manifests, linted
    other = tmp_path / "p"
    shutil.copytree(project, other)
    (other / "testcases").rename(other / "cases")
    test = other / "pkg/cmd/validate_test.go"
    test.write_text(test.read_text(encoding="utf-8").replace('"../../testcases"', '"../../cases"'), encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(other)])
    report = json.loads(capsys.readouterr().out)
    got = sorted((Path(f["path"]).name, f["rule"], f["object"]["kind"] if f["object"] else None) for f in report["findings"])
    assert got == [
        ("error_enum_invalid.yaml", "PR201", "Pod"), ("error_misspelled_key.yaml", "PR004", "Pod"),
        ("error_quantity.yaml", "PR002", "Pod"), ("jobset.yaml", "PR138", "JobSet"),
    ]


def test_fixtures_a_go_test_three_levels_below_the_root_names_in_a_mirrored_test_tree_are_test_inputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """kyverno/kyverno-json's pkg/commands/scan/command_test.go scans ``../../../test/commands/scan/<case>/payload.yaml``
    with the case's policy.yaml offline and compares the output with out.txt: the pod-all-latest and pod-no-latest
    payloads (Pod webserver, BestEffort: 2 PR201) are its inputs. Looked for below a test tree at the project's root."""
    from pod_resources_cli.cli import main

    project = tmp_path / "kyverno-json"
    shutil.copytree(HARNESS / "kyverno__kyverno-json", project)
    (project / "go.mod").write_text("module github.com/kyverno/kyverno-json\n", encoding="utf-8")
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {str(Path(s["path"]).relative_to(project)): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {f"test/commands/scan/{case}/{name}.yaml" for case, name in
                          (("pod-all-latest", "payload"), ("pod-all-latest", "policy"), ("pod-no-latest", "payload"))}  # fmt: skip
    assert "pkg/commands/scan/command_test.go read it from beside them" in notes["test/commands/scan/pod-all-latest/payload.yaml"]
    # the same tree under a name of no test-like kind: the project's, linted
    other = tmp_path / "p"
    shutil.copytree(project, other)
    (other / "test").rename(other / "samples")
    test = other / "pkg/commands/scan/command_test.go"
    test.write_text(test.read_text(encoding="utf-8").replace("../../../test/", "../../../samples/"), encoding="utf-8")
    main(["lint", "--no-config", "-o", "json", str(other)])
    report = json.loads(capsys.readouterr().out)
    got = sorted((str(Path(f["path"]).relative_to(other)), f["rule"], f["object"]["name"]) for f in report["findings"])
    assert got == [("samples/commands/scan/pod-all-latest/payload.yaml", "PR201", "webserver"),
                   ("samples/commands/scan/pod-no-latest/payload.yaml", "PR201", "webserver")]  # fmt: skip


REGULA_K8S = HARNESS / "fugue__regula" / "rego" / "tests" / "rules" / "k8s"


def test_files_regulas_rego_tests_load_as_mock_input_are_test_inputs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """fugue/regula loads each IaC file as the package ``<path>.<name>_yaml`` (its documentation, development/test-inputs.md), and a
    rule's test evaluates the rule on it: added_capabilities_test.rego uses ``inputs.valid_added_capabilities_yaml.mock_input``,
    root_containers_test.rego ``inputs.invalid_example_yaml.mock_input`` (five BestEffort Pods invalid1..invalid5). They
    were 7 PR201 warnings; a file of inputs/ no test names (renamed) is linted."""
    from pod_resources_cli.cli import main

    project = tmp_path / "regula"
    shutil.copytree(HARNESS / "fugue__regula", project)
    (project / ".git").mkdir()
    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(project)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    notes = {str(Path(s["path"]).relative_to(project / "rego/tests/rules/k8s")): s["note"] for s in report["skipped"] if s["reason"] == TEST_INPUT}
    assert set(notes) == {
        "added_capabilities/inputs/valid_added_capabilities.yaml",
        "added_capabilities/inputs/invalid_added_capabilities.yaml",
        "root_containers/inputs/invalid_example.yaml",
    }
    assert notes["root_containers/inputs/invalid_example.yaml"].startswith("the Rego tests of ")
    assert notes["root_containers/inputs/invalid_example.yaml"].endswith(
        "root_containers_test.rego load it as Regula's test input (mock_input), never applied"
    )
    # alone, as pre-commit passes it
    main(["lint", "--no-config", "-o", "json", str(project / "rego/tests/rules/k8s/root_containers/inputs/invalid_example.yaml")])
    assert json.loads(capsys.readouterr().out)["summary"]["pods"] == 0
    # a file no test loads: linted
    other = tmp_path / "p"
    shutil.copytree(project, other)
    inputs = other / "rego/tests/rules/k8s/root_containers/inputs"
    (inputs / "invalid_example.yaml").rename(inputs / "invalid-example-2.yaml")
    main(["lint", "--no-config", "-o", "json", str(other)])
    report = json.loads(capsys.readouterr().out)
    assert sorted((f["rule"], f["object"]["name"]) for f in report["findings"]) == [("PR201", f"invalid{i}") for i in range(1, 6)]


STACKABLE_KUTTL = HARNESS / "stackabletech__spark-k8s-operator/tests/templates/kuttl/spark-examples"


def test_a_beku_template_directory_is_a_kuttl_test_case(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Stackable's operators keep their kuttl tests as templates that beku renders (``10-deploy-spark-app.yaml.j2``
    becomes the step ``10-deploy-spark-app.yaml``; stackabletech/beku.py src/beku/kuttl.py): the directory's
    ``NN-assert.yaml`` files are checks. spark-k8s-operator's 10-assert.yaml, a Job holding only an affinity, gave
    PR002 "the pod has no container"; without the templates beside it (no step applies anything) it is read as a
    manifest again."""
    from pod_resources_cli.cli import main

    assert_file = STACKABLE_KUTTL / "10-assert.yaml"
    found = skip_reason(str(assert_file))
    assert found is not None and found[0] == TEST_ASSERTION and found[1].startswith("a test step's assert file (kuttl or chainsaw step files in ")
    assert scenario_root(str(assert_file)) == str(STACKABLE_KUTTL)
    monkeypatch.chdir(STACKABLE_KUTTL)
    assert main(["lint", "--no-config", "-o", "json", "--show-skipped", "."]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == []
    assert {s["path"] for s in report["skipped"] if s["reason"] == TEST_ASSERTION} == {"./00-assert.yaml", "./10-assert.yaml", "./11-assert.yaml"}
    # the assert files alone: no applied step, no test case
    alone = tmp_path / "spark-examples"
    alone.mkdir()
    for name in ("00-assert.yaml", "10-assert.yaml", "11-assert.yaml"):
        shutil.copyfile(STACKABLE_KUTTL / name, alone / name)
    assert skip_reason(str(alone / "10-assert.yaml")) is None
    monkeypatch.chdir(alone)
    assert main(["lint", "--no-config", "-o", "json", "."]) == 1
    findings = json.loads(capsys.readouterr().out)["findings"]
    assert [(f["rule"], f["path"], f["line"], f["object"]["kind"]) for f in findings] == [("PR002", "./10-assert.yaml", 21, "Job")]


@pytest.mark.parametrize(
    "added",
    ["kubectl apply -f ../scheduledbackups/", 'kubectl apply -f "$DIR"', "kubectl apply -R -f ..", "for f in 0*; do kubectl apply -f $f; done"],
)
def test_an_inline_script_that_may_apply_a_directory_keeps_the_file_linted(tmp_path: Path, capsys: pytest.CaptureFixture[str], added: str) -> None:
    """cloudnative-pg/charts (b21ad2dac799) charts/cluster/test/scheduledbackups: the chainsaw test's inline scripts run
    only ``helm upgrade ... ../../`` and ``helm uninstall``, and its text never names 00-minio_cleanup.yaml (a Job) nor
    00-minio_cleanup-assert.yaml (a Job with only a status): chainsaw never applies them (before: a PR002 error on the
    assert file, 2 over the repository). A script that gives kubectl a directory, a variable, ``-R`` or a loop may
    apply them: linted again."""
    case = Path(__file__).parent / "data" / "real" / "cloudnative-pg__charts" / "tree" / "charts" / "cluster" / "test" / "scheduledbackups"
    assert skip_reason(str(case / "00-minio_cleanup-assert.yaml"))[0] == TEST_INPUT  # type: ignore[index]
    assert skip_reason(str(case / "00-minio_cleanup.yaml"))[0] == TEST_INPUT  # type: ignore[index]
    copy = tmp_path / "scheduledbackups"
    shutil.copytree(case, copy)
    test = copy / "chainsaw-test.yaml"
    text = test.read_text(encoding="utf-8").replace("helm uninstall --namespace $NAMESPACE scheduledbackups", f"helm uninstall --namespace $NAMESPACE scheduledbackups\n              {added}")
    assert added in text
    test.write_text(text, encoding="utf-8")
    assert skip_reason(str(copy / "00-minio_cleanup.yaml")) is None
    from tests.lint_support import lint_report

    report = lint_report(capsys, str(copy))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR002", "PR201"]


def test_the_lazy_readers_name_the_files_their_modules_read() -> None:
    """harness.py tests a directory for a reader's own files before it loads the reader (start-up): the names it
    tests are the readers' (a renamed test plan would go unread, silently)."""
    from pod_resources_cli.source import harness, harness_patchfile, harness_policygen, harness_toolbox

    assert harness._TEST_PLAN_FILE == harness_toolbox.TEST_PLAN_FILE
    assert harness.KUSTOMIZATION_FILES == harness_policygen._KUSTOMIZATION_FILES
    assert all(harness._IS_SHELL("run" + s) for s in harness_patchfile._SUFFIXES)
