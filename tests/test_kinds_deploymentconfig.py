"""OpenShift DeploymentConfig (model/decode/kinds_deploymentconfig.py): the
replicas from ``spec.template`` as written, the deployer pod with
``spec.strategy.resources`` and the lifecycle hook pods with their base
container's resources, on real files (tests/data/real, SOURCES.tsv) and on
one case per branch of the deployer's code."""

from __future__ import annotations

from pathlib import Path
import pytest

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
ORIGIN = REAL / "openshift__origin" / "test__extended__testdata__deployments__generation-test.yaml"
SONARQUBE = REAL / "redhat-cop__gitops-catalog" / "sonarqube8__base__postgresql-dc.yaml"
SELENIUM = REAL / "redhat-cop__gitops-catalog" / "selenium__base__selenium-hub-dc.yaml"


def pods(path: Path) -> list[tuple[str | None, int | None, list[tuple[str, dict[str, str], dict[str, str]]], bool]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [
                (c.name, {k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                for c in item.workload.pod.containers
            ]
            out.append((ref.template, ref.replicas, containers, ref.as_written is not None))
    return out


def test_a_rolling_pre_hook_is_a_lifecycle_pod_beside_the_deployer(capsys: pytest.CaptureFixture[str]) -> None:
    """openshift/origin's generation-test: Rolling with an execNewPod pre hook on myapp: the template's pod, the
    deployer's ``deployment`` and the hook's ``lifecycle``, none with resources, all final (not as written)."""
    assert pods(ORIGIN) == [
        ("template", 1, [("myapp", {}, {})], False),
        ("deployer", 1, [("deployment", {}, {})], False),
        ("pre hook", 1, [("lifecycle", {}, {})], False),
    ]
    findings = lint_report(capsys, str(ORIGIN))["findings"]
    assert sorted((f["rule"], f["line"]) for f in findings) == [("PR201", 9), ("PR201", 14), ("PR201", 24)]
    assert all("as written" not in f["message"] for f in findings)


def test_gitops_catalog_deploymentconfigs_are_final(capsys: pytest.CaptureFixture[str]) -> None:
    """redhat-cop/gitops-catalog: the template's resources as written (postgresql 250m/1, 256Mi/512Mi), replicas 1,
    and a deployer with ``strategy.resources: {}``; no finding says "found by its shape" any more."""
    assert pods(SONARQUBE) == [
        ("template", 1, [("postgresql", {"cpu": "250m", "memory": "256Mi"}, {"cpu": "1", "memory": "512Mi"})], False),
        ("deployer", 1, [("deployment", {}, {})], False),
    ]
    assert pods(SELENIUM) == [("template", 1, [("selenium-hub", {}, {})], False), ("deployer", 1, [("deployment", {}, {})], False)]
    findings = lint_report(capsys, str(SONARQUBE), str(SELENIUM))["findings"]
    assert sorted((Path(f["path"]).name, f["rule"], f["line"]) for f in findings) == [
        ("selenium__base__selenium-hub-dc.yaml", "PR201", 13), ("selenium__base__selenium-hub-dc.yaml", "PR201", 29),
        ("sonarqube8__base__postgresql-dc.yaml", "PR133", 73), ("sonarqube8__base__postgresql-dc.yaml", "PR201", 19),
    ]  # fmt: skip
    assert all("shape" not in f["message"] for f in findings)


def _dc(tmp_path: Path, strategy: str, containers: str = "- {name: app, image: a, resources: {requests: {cpu: 200m, memory: 64Mi}}}",
        extra: str = "") -> Path:  # fmt: skip
    path = tmp_path / "dc.yaml"
    path.write_text(
        "apiVersion: apps.openshift.io/v1\nkind: DeploymentConfig\nmetadata: {name: d}\nspec:\n"
        f"{extra}  strategy:\n{strategy}  template:\n    metadata: {{labels: {{a: b}}}}\n    spec:\n      containers:\n"
        + "".join(f"      {line}\n" for line in containers.splitlines())
    )
    return path


REQ = {"cpu": "200m", "memory": "64Mi"}
HOOK = "      execNewPod: {command: [x]%s}\n"


def test_recreate_hooks_take_their_base_containers_resources(tmp_path: Path) -> None:
    """Recreate runs pre, mid and post; an empty containerName is the lone container's (SetDefaults_DeploymentConfigSpec);
    replicas unset is 0 (a plain int32); the deployer takes strategy.resources whole."""
    strategy = (
        "    type: Recreate\n    resources: {requests: {cpu: 100m, memory: 128Mi}, limits: {cpu: 100m, memory: 128Mi}}\n"
        "    recreateParams:\n" + "".join(f"      {h}:\n        failurePolicy: Abort\n  " + HOOK % "" for h in ("pre", "mid", "post"))
    )
    both = {"cpu": "100m", "memory": "128Mi"}
    assert pods(_dc(tmp_path, strategy)) == [
        ("template", 0, [("app", REQ, {})], False),
        ("deployer", 1, [("deployment", both, both)], False),
        ("pre hook", 1, [("lifecycle", REQ, {})], False),
        ("mid hook", 1, [("lifecycle", REQ, {})], False),
        ("post hook", 1, [("lifecycle", REQ, {})], False),
    ]


@pytest.mark.parametrize(
    ("strategy", "containers", "hooks"),
    [
        # rollingParams under the default type (Rolling): pre and post; no mid in rolling
        ("    rollingParams:\n      pre:\n  " + HOOK % ", containerName: side" + "      post:\n  " + HOOK % ", containerName: side",
         "- {name: app, image: a}\n- {name: side, image: s, resources: {limits: {memory: 1Gi}}}", ["pre hook", "post hook"]),
        # recreateParams under Rolling are not run
        ("    type: Rolling\n    recreateParams:\n      pre:\n  " + HOOK % "", "- {name: app, image: a}", []),
        # Custom runs no hooks
        ("    type: Custom\n    customParams: {image: x}\n    rollingParams:\n      pre:\n  " + HOOK % "", "- {name: app, image: a}", []),
        # tagImages is taken before execNewPod: no pod
        ("    rollingParams:\n      pre:\n        tagImages: [{containerName: app, to: {kind: ImageStreamTag, name: x:y}}]\n  " + HOOK % "",
         "- {name: app, image: a}", []),
        # several containers and no containerName, or a name no container has: the hook fails, no pod
        ("    rollingParams:\n      pre:\n  " + HOOK % "", "- {name: app, image: a}\n- {name: b, image: b}", []),
        ("    rollingParams:\n      pre:\n  " + HOOK % ", containerName: nope", "- {name: app, image: a}", []),
    ],
)  # fmt: skip
def test_which_hooks_make_pods(tmp_path: Path, strategy: str, containers: str, hooks: list[str]) -> None:
    found = pods(_dc(tmp_path, strategy, containers, extra="  replicas: 3\n"))
    assert [p[0] for p in found] == ["template", "deployer", *hooks]
    assert found[0][1] == 3
    for pod in found[2:]:
        assert pod[2] == [("lifecycle", {}, {"memory": "1Gi"})]


def test_bad_strategy_values_never_raise(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for strategy in ("    resources: 5\n    rollingParams: [1]\n", "    rollingParams:\n      pre: {execNewPod: 3}\n"):
        report = lint_report(capsys, str(_dc(tmp_path, strategy)))
        assert isinstance(report["findings"], list)
