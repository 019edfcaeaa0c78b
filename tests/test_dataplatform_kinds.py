"""Data-platform operators' kinds on the projects' own files (tests/data/real,
provenance in SOURCES.tsv): the Hazelcast Platform Operator's Hazelcast and
ManagementCenter (kinds_hazelcast.py) and the RisingWave operator's RisingWave
(kinds_risingwave.py), from their Go code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report
from tests.support import found_pods

REAL = Path(__file__).parent / "data" / "real"
HZ = REAL / "hazelcast__hazelcast-platform-operator"
RW = REAL / "risingwavelabs__risingwave-operator"

HZ_BARE = [("init-container", "init", {}, {}), ("hazelcast", "regular", {}, {}), ("sidecar-agent", "regular", {}, {})]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # no spec: clusterSize's CRD default 3; hazelcast and sidecar-agent without resources (none is defaulted), the
        # init container sets none
        ("config__samples___v1alpha1_hazelcast_default.yaml", [("Hazelcast", None, 3, HZ_BARE, False)]),
        # clusterSize 3 as written; the agent's repository only: no resources
        ("config__samples___v1alpha1_hazelcast_persistence_agent.yaml", [("Hazelcast", None, 3, HZ_BARE, False)]),
        # the Hazelcast beside two JetJobs, which make no pods
        ("config__samples___v1alpha1_jetjob.yaml", [("Hazelcast", None, 3, HZ_BARE, False)]),
        ("config__samples___v1alpha1_hotbackup.yaml", []),
        # a ManagementCenter is always one pod (Replicas: 1), management-center without resources
        ("config__samples___v1alpha1_managementcenter.yaml", [("ManagementCenter", None, 1, [("management-center", "regular", {}, {})], False)]),
    ],
)  # fmt: skip
def test_a_hazelcast_is_its_members_statefulset(name: str, expected: list[Any]) -> None:
    assert found_pods(HZ / name) == expected


def test_hazelcast_samples_are_besteffort_as_the_operator_builds_them(capsys: pytest.CaptureFixture[str]) -> None:
    """No resources are written and reconcileStatefulset sets none: each pod is BestEffort (PR201), a true warning."""
    report = lint_report(capsys, str(HZ))
    assert sorted((Path(f["path"]).name, f["rule"], f["object"]["kind"]) for f in report["findings"]) == [
        ("config__samples___v1alpha1_hazelcast_default.yaml", "PR201", "Hazelcast"),
        ("config__samples___v1alpha1_hazelcast_persistence_agent.yaml", "PR201", "Hazelcast"),
        ("config__samples___v1alpha1_jetjob.yaml", "PR201", "Hazelcast"),
        ("config__samples___v1alpha1_managementcenter.yaml", "PR201", "ManagementCenter"),
    ]
    # JetJob and HotBackup act on a running Hazelcast through its client and REST API: objects without pods
    skipped = report["summary"]["skipped"]
    assert (skipped["no-pods"], skipped["nothing-found"]) == ({"JetJob": 2, "HotBackup": 1}, {})


def test_a_hazelcasts_resources_and_agent_resources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.resources replaces the member container's whole, spec.agent.resources the sidecar-agent's; an empty
    ``resources: {}`` is nil (defaultOptionalToNil) and sets nothing."""
    (tmp_path / "h.yaml").write_text(
        "apiVersion: hazelcast.com/v1alpha1\nkind: Hazelcast\nmetadata: {name: h}\nspec:\n  clusterSize: 2\n"
        "  resources: {requests: {cpu: '1', memory: 2Gi}, limits: {cpu: '1', memory: 2Gi}}\n"
        "  agent: {resources: {requests: {cpu: 100m, memory: 64Mi}}}\n---\n"
        "apiVersion: hazelcast.com/v1alpha1\nkind: ManagementCenter\nmetadata: {name: m}\nspec:\n  resources: {}\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "h.yaml")])
    got = [(p["workload"]["kind"], p["workload"]["replicas"], p["qosClass"], [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    one = {"cpu": "1", "memory": "2Gi"}
    assert got == [
        ("Hazelcast", 2, "Burstable", [("init-container", "init", {}, {}), ("hazelcast", "regular", one, one),
                                       ("sidecar-agent", "regular", {"cpu": "100m", "memory": "64Mi"}, {})]),
        ("ManagementCenter", 1, "BestEffort", [("management-center", "regular", {}, {})]),
    ]  # fmt: skip


def _sized(cpu: str, memory: str) -> tuple[dict[str, str], dict[str, str]]:
    return {"cpu": cpu, "memory": memory}, {"cpu": cpu, "memory": memory}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # one unnamed node group per component, replicas 1, each container with its group's template.spec.resources
        ("docs__manifests__risingwave__risingwave-in-memory.yaml", [
            ("RisingWave", "components.meta.nodeGroups[0] meta", 1, [("meta", "regular", *_sized("1", "2Gi"))], False),
            ("RisingWave", "components.frontend.nodeGroups[0] frontend", 1, [("frontend", "regular", *_sized("1", "2Gi"))], False),
            ("RisingWave", "components.compute.nodeGroups[0] compute", 1, [("compute", "regular", *_sized("8", "32Gi"))], False),
            ("RisingWave", "components.compactor.nodeGroups[0] compactor", 1, [("compactor", "regular", *_sized("4", "8Gi"))], False),
        ]),
        # standalone mode: one pod (replicas unset) whose standalone container writes limits of 8 CPUs and 32Gi only
        ("docs__manifests__risingwave__risingwave-standalone.yaml", [
            ("RisingWave", "standalone", 1, [("standalone", "regular", {}, {"cpu": "8", "memory": "32Gi"})], False)]),
        # groups without templates: containers without resources; the spot compactor group of replicas 0; the
        # RisingWaveScaleView describes the RisingWave's replicas and is no pod
        ("docs__manifests__risingwavescaleview__sv-spot-compactor.yaml", [
            ("RisingWave", "components.meta.nodeGroups[0] meta", 1, [("meta", "regular", {}, {})], False),
            ("RisingWave", "components.frontend.nodeGroups[0] frontend", 1, [("frontend", "regular", {}, {})], False),
            ("RisingWave", "components.compute.nodeGroups[0] compute", 1, [("compute", "regular", {}, {})], False),
            ("RisingWave", "components.compactor.nodeGroups[0] normal compactor", 1, [("compactor", "regular", {}, {})], False),
            ("RisingWave", "components.compactor.nodeGroups[1] spot compactor", 0, [("compactor", "regular", {}, {})], False),
        ]),
        # an empty spec: no node groups and standalone mode off, so no pod
        ("config__samples__risingwave_v1alpha1_risingwave.yaml", []),
    ],
)  # fmt: skip
def test_a_risingwave_is_its_node_groups_or_its_standalone_pod(name: str, expected: list[Any]) -> None:
    assert found_pods(RW / name) == expected


def test_risingwave_lint_findings_and_buckets(capsys: pytest.CaptureFixture[str]) -> None:
    """The in-memory and standalone examples are Guaranteed (no finding); the scale-view example's groups write no
    resources (PR201 on each group's pods, the spot group of 0 replicas too, as on any template); the scale view describes
    another object and the empty RisingWave is a custom object with no pod found."""
    report = lint_report(capsys, str(RW))
    findings = sorted((Path(f["path"]).name, f["line"], f["rule"]) for f in report["findings"])
    assert findings == [("docs__manifests__risingwavescaleview__sv-spot-compactor.yaml", line, "PR201") for line in (10, 14, 18, 22, 24)]
    assert report["summary"]["pods"] == 10
    skipped = report["summary"]["skipped"]
    assert (skipped["describes-objects"], skipped["nothing-found"]) == ({"RisingWaveScaleView": 1}, {"RisingWave": 1})


def test_a_risingwave_node_groups_containers_and_priority(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """newPodSpecFromNodeGroupTemplate: the component's container first with the template's resources, then
    additionalContainers, initContainers as written, the template spec's priorityClassName; in standalone mode the
    components are not built, and an unset standalone is one pod."""
    (tmp_path / "r.yaml").write_text(
        "apiVersion: risingwave.risingwavelabs.com/v1alpha1\nkind: RisingWave\nmetadata: {name: r}\nspec:\n  components:\n"
        "    meta:\n      nodeGroups:\n      - name: ''\n        replicas: 2\n        template:\n          spec:\n"
        "            priorityClassName: system-cluster-critical\n            resources: {limits: {cpu: 1, memory: 2Gi}}\n"
        "            initContainers: [{name: i, image: busybox, resources: {requests: {cpu: 10m}}}]\n"
        "            additionalContainers: [{name: side, image: busybox}]\n"
        "    compute:\n      nodeGroups: [{name: a}]\n---\n"
        "apiVersion: risingwave.risingwavelabs.com/v1alpha1\nkind: RisingWave\nmetadata: {name: s}\nspec:\n"
        "  enableStandaloneMode: true\n  components:\n    meta:\n      nodeGroups: [{name: '', replicas: 1}]\n",
        encoding="utf-8",
    )
    main(["explain", "-o", "json", str(tmp_path / "r.yaml")])
    got = [(p["workload"]["name"], p["workload"]["replicas"], p["qosClass"], p["priority"]["className"],
            [(c["name"], c["type"], c["requests"], c["limits"]) for c in p["containers"]])
           for p in json.loads(capsys.readouterr().out)["pods"]]  # fmt: skip
    assert got == [
        ("r", 2, "Burstable", "system-cluster-critical", [("i", "init", {"cpu": "10m"}, {}), ("meta", "regular", *_sized("1", "2Gi")),
                                                          ("side", "regular", {}, {})]),
        ("r", 0, "BestEffort", None, [("compute", "regular", {}, {})]),
        ("s", 1, "BestEffort", None, [("standalone", "regular", {}, {})]),
    ]  # fmt: skip


PATCHED = RW / "test/e2e/testenv/manifests/enable-openkruise.yaml"


@pytest.mark.parametrize("root", [RW / "test/e2e/testenv", PATCHED])
def test_a_file_a_script_hands_to_kubectl_patch_is_a_patch(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """lib.sh runs ``kubectl patch deployment ... --patch-file "${_..._PATCH_FILE}"``, the variable set from the script's
    own directory: the Deployment there is a patch of the installed manager (args only), not a BestEffort Deployment
    of its own (PR201 before); also when the file is linted alone."""
    report = lint_report(capsys, str(root))
    assert [f for f in report["findings"] if Path(f["path"]).name == PATCHED.name] == []
    assert report["summary"]["skipped"]["test-update"] == {"Deployment": 1}


_DEPLOYMENT: Final = (
    "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  selector: {matchLabels: {a: b}}\n"
    "  template:\n    metadata: {labels: {a: b}}\n    spec:\n      containers: [{name: c, image: x}]\n"
)


@pytest.mark.parametrize(
    ("script", "patched"),
    [
        # a path from the project's root, with ``=``
        ("kubectl patch deployment d --patch-file=m/d.yaml\n", True),
        # a variable assigned once, from the script's directory ($0)
        ('P="$(dirname "$0")/m/d.yaml"\noc patch deployment d --patch-file "${P}"\n', True),
        # a variable assigned two values names no file; a path outside the root is never read
        ('P=m/d.yaml\nP=m/other.yaml\nkubectl patch deployment d --patch-file "$P"\nkubectl patch x --patch-file /etc/passwd\n', False),
        # kubectl apply is no patch
        ("kubectl apply -f m/d.yaml\n", False),
    ],
)  # fmt: skip
def test_which_names_a_script_hands_to_kubectl_patch(tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str, patched: bool) -> None:
    """Only a plain path, or a variable the script gives one plain value (from its own directory or not), is taken."""
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "d.yaml").write_text(_DEPLOYMENT, encoding="utf-8")
    (tmp_path / "run.sh").write_text(script, encoding="utf-8")
    report = lint_report(capsys, str(tmp_path))
    expected = ([], {"Deployment": 1}) if patched else (["PR201"], {})
    assert ([f["rule"] for f in report["findings"]], report["summary"]["skipped"]["test-update"]) == expected
