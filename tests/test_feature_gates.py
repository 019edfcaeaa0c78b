"""The feature-gate table (data/feature_gates.tsv) against upstream's specs, and
the kubelet's start-up refusals of feature gates and versions.

UPSTREAM quotes each modeled gate's VersionedSpecs as written in Go in
kubernetes/kubernetes pkg/features/kube_features.go at ead35706ec68 (1.38
development; read through the code index), whose history covers every
release; the table must agree with them at every release it has. SPOT_CHECKS
quote single lines of the files at release tags (the unversioned FeatureSpec
format of 1.27 to 1.31 included) and whether a release registers a gate at all.
The texts of the refusals are featureGate.unsafeSetFromMap's
(component-base/featuregate/feature_gate.go at v0.27.0 and v0.36.2).
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.errors import UsageError
from pod_resources_cli.features import (
    LATEST,
    MODELED,
    NEWEST,
    OLDEST,
    FeatureGates,
    KubernetesVersion,
    kubelet_refusal,
    spec_at,
    table,
)

UPSTREAM: dict[str, str] = {
    "PodLevelResources": """
        {Version: version.MustParse("1.32"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.34"), Default: true, PreRelease: featuregate.Beta},""",
    "PodLevelResourcesFixDefaulting": """
        {Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.Beta},""",
    "PodLevelResourcesFixKubeletQOSClass": """
        {Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.Beta},""",
    "PodLevelResourceManagers": """
        {Version: version.MustParse("1.36"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.37"), Default: false, PreRelease: featuregate.Beta},""",
    "MemoryQoS": """
        {Version: version.MustParse("1.22"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.Beta},""",
    "InPlacePodVerticalScaling": """
        {Version: version.MustParse("1.27"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.33"), Default: true, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.35"), Default: true, PreRelease: featuregate.GA, LockToDefault: true}, // remove in 1.38""",
    "InPlacePodLevelResourcesVerticalScaling": """
        {Version: version.MustParse("1.35"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.36"), Default: true, PreRelease: featuregate.Beta},""",
    "NodeDeclaredFeatures": """
        {Version: version.MustParse("1.35"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.36"), Default: true, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.GA, LockToDefault: true},""",
    "DRANodeAllocatableResources": """
        {Version: version.MustParse("1.36"), Default: false, PreRelease: featuregate.Alpha},""",
    "CPUManagerPolicyAlphaOptions": """
        {Version: version.MustParse("1.23"), Default: false, PreRelease: featuregate.Alpha},""",
    "CPUManagerPolicyBetaOptions": """
        {Version: version.MustParse("1.23"), Default: true, PreRelease: featuregate.Beta},""",
    "TopologyManagerPolicyAlphaOptions": """
        {Version: version.MustParse("1.26"), Default: false, PreRelease: featuregate.Alpha},""",
    "TopologyManagerPolicyBetaOptions": """
        {Version: version.MustParse("1.26"), Default: false, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.28"), Default: true, PreRelease: featuregate.Beta},""",
    "CustomCPUCFSQuotaPeriod": """
        {Version: version.MustParse("1.12"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.36"), Default: true, PreRelease: featuregate.GA}, // LockToDefault in 1.37, remove in 1.40""",
    "DisableCPUQuotaWithExclusiveCPUs": """
        {Version: version.MustParse("1.33"), Default: true, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.36"), Default: true, PreRelease: featuregate.Deprecated},
        {Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.Deprecated, LockToDefault: true}, // remove in 1.38""",
    "NodeSwap": """
        {Version: version.MustParse("1.22"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.28"), Default: false, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.30"), Default: true, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.34"), Default: true, PreRelease: featuregate.GA, LockToDefault: true}, // remove in 1.37""",
}

# ead35706's defaultKubernetesFeatureGateDependencies entries of the modeled gates.
UPSTREAM_DEPENDENCIES = """
    CPUCFSQuotaPeriod: {},
    InPlacePodLevelResourcesVerticalScaling: {InPlacePodVerticalScaling, PodLevelResources, NodeDeclaredFeatures},
    InPlacePodVerticalScaling: {},
    MemoryQoS: {},
    NodeSwap: {},
    PodLevelResourceManagers: {PodLevelResources},
    PodLevelResources: {},
    PodLevelResourcesFixDefaulting: {PodLevelResources},
    PodLevelResourcesFixKubeletQOSClass: {PodLevelResources},
"""

SPEC = re.compile(
    r'\{Version: version\.MustParse\("1\.(\d+)"\), Default: (true|false), '
    r"PreRelease: featuregate\.(Alpha|Beta|GA|Deprecated)(, LockToDefault: true)?\}"
)


def _upstream_at(gate: str, minor: int) -> tuple[bool, str, bool] | None:
    current = None
    for m in SPEC.finditer(UPSTREAM[gate]):
        if int(m.group(1)) <= minor:
            stage = {"Alpha": "alpha", "Beta": "beta", "Deprecated": "deprecated"}.get(m.group(3), m.group(3))
            current = (m.group(2) == "true", stage, bool(m.group(4)))
    return current


def test_every_modeled_gate_is_quoted_from_upstream() -> None:
    assert set(UPSTREAM) == set(MODELED)
    for gate, text in UPSTREAM.items():
        assert len(SPEC.findall(text)) == text.count("{Version"), gate


@pytest.mark.parametrize("minor", range(27, 39))
@pytest.mark.parametrize("gate", sorted(UPSTREAM))
def test_the_table_matches_upstream_version_by_version(gate: str, minor: int) -> None:
    spec = spec_at(gate, minor)
    got = None if spec is None else (spec.default, spec.stage, spec.locked)
    assert got == _upstream_at(gate, minor)
    decision = FeatureGates(KubernetesVersion(1, minor)).decide(gate)
    assert decision.enabled is (got is not None and got[0])


def test_dependencies_match_upstream() -> None:
    names = {"CPUCFSQuotaPeriod": "CustomCPUCFSQuotaPeriod"}
    for line in filter(None, (ln.strip() for ln in UPSTREAM_DEPENDENCIES.splitlines())):
        name, deps = re.fullmatch(r"(\w+): \{(.*)\},", line).groups()  # type: ignore[union-attr]
        declared = tuple(filter(None, (d.strip() for d in deps.split(","))))
        spec = spec_at(names.get(name, name), 37)
        assert spec is not None and spec.depends_on == declared, name


# (gate, release, spec there or None for "not registered", the line at that tag)
SPOT_CHECKS = [
    ("InPlacePodVerticalScaling", 27, ("alpha", False, False), "v1.27.0: InPlacePodVerticalScaling: {Default: false, PreRelease: featuregate.Alpha},"),
    ("NodeSwap", 27, ("alpha", False, False), "v1.27.0: NodeSwap: {Default: false, PreRelease: featuregate.Alpha},"),
    ("NodeSwap", 28, ("beta", False, False), "v1.28.0: NodeSwap: {Default: false, PreRelease: featuregate.Beta},"),
    ("NodeSwap", 30, ("beta", True, False), "v1.30.0: NodeSwap: {Default: true, PreRelease: featuregate.Beta},"),
    ("CPUManager", 27, ("GA", True, True), "v1.27.0: CPUManager: {Default: true, PreRelease: featuregate.GA, LockToDefault: true}, // GA in 1.26"),
    ("CPUManager", 33, None, "v1.33.3: no CPUManager entry (removed)"),
    ("SidecarContainers", 27, None, "v1.27.0: no SidecarContainers entry"),
    ("SidecarContainers", 28, ("alpha", False, False), "v1.28.0: SidecarContainers: {Default: false, PreRelease: featuregate.Alpha},"),
    ("SidecarContainers", 29, ("beta", True, False), "v1.29.0: SidecarContainers: {Default: true, PreRelease: featuregate.Beta},"),
    ("PodSchedulingReadiness", 30, ("GA", True, True), "v1.30.0: PodSchedulingReadiness: {Default: true, PreRelease: featuregate.GA, LockToDefault: true}, // GA in 1.30; remove in 1.32"),
    ("MemoryManager", 31, ("beta", True, False), "v1.31.0: MemoryManager: {Default: true, PreRelease: featuregate.Beta},"),
    ("MemoryManager", 37, None, "ead35706 and 9c6985fe: no MemoryManager entry"),
    ("TopologyManagerPolicyBetaOptions", 27, ("beta", False, False), "v1.27.0: TopologyManagerPolicyBetaOptions: {Default: false, PreRelease: featuregate.Beta},"),
    ("InPlacePodVerticalScalingSchedulerPreemption", 37, ("alpha", False, False), 'ead35706: {Version: version.MustParse("1.37"), Default: false, PreRelease: featuregate.Alpha},'),
    ("InPlacePodVerticalScalingSchedulerPreemption", 36, None, "v1.36.2: no entry"),
    ("KubeletTracing", 37, ("GA", True, True), 'k/k 9c6985fe (1.37 cycle): {Version: version.MustParse("1.34"), Default: true, PreRelease: featuregate.GA, LockToDefault: true}'),
    ("KubeletTracing", 38, None, "ead35706 (1.38 development): no entry"),
    ("EnvFiles", 38, ("GA", True, True), 'ead35706: {Version: version.MustParse("1.38"), Default: true, PreRelease: featuregate.GA, LockToDefault: true},'),
    ("DRAFractionalCapacityRange", 37, ("beta", False, False), 'ead35706: {Version: version.MustParse("1.37"), Default: false, PreRelease: featuregate.Beta}, (the MinCompatibilityVersion 1.37 entry applies from 1.38)'),
    ("DRAFractionalCapacityRange", 38, ("beta", True, False), 'ead35706: {Version: version.MustParse("1.37"), Default: true, PreRelease: featuregate.Beta, MinCompatibilityVersion: version.MustParse("1.37")},'),
    ("ContextualLogging", 27, ("alpha", False, False), "component-base v0.27.0 logs/api/v1: ContextualLogging: {Default: contextualLoggingDefault, PreRelease: featuregate.Alpha}, (contextualLoggingDefault = false)"),
    ("AllAlpha", 27, ("alpha", False, False), "component-base v0.27.0 featuregate: allAlphaGate: {Default: false, PreRelease: Alpha},"),
]


@pytest.mark.parametrize(("gate", "minor", "expected", "quote"), SPOT_CHECKS, ids=[f"{g}-1.{m}" for g, m, _, _ in SPOT_CHECKS])
def test_spot_checks_against_the_files_at_the_tags(gate: str, minor: int, expected: tuple[str, bool, bool] | None, quote: str) -> None:
    spec = spec_at(gate, minor)
    assert (None if spec is None else (spec.stage, spec.default, spec.locked)) == expected, quote


def test_which_components_register_a_gate() -> None:
    assert spec_at("PodLevelResources", 37).components == "kas"  # type: ignore[union-attr]  # pkg/features: every kube binary
    assert spec_at("ContextualLogging", 37).components == "ks"  # type: ignore[union-attr]  # logsapi.AddFeatureGates in the kubelet and scheduler
    # apiextensions-apiserver's own init(): the API server; 1.28 pkg/features does not relist it
    assert spec_at("CRDValidationRatcheting", 28).components == "kas"  # type: ignore[union-attr]


def test_the_releases_and_what_they_report() -> None:
    releases = table().releases
    assert sorted(releases) == list(range(27, 39))
    assert [m for m, r in releases.items() if r.prerelease] == [38]
    assert (releases[30].locks, releases[31].locks) == ("first", "all")
    assert releases[34].dependency is None and releases[35].dependency is not None
    assert (OLDEST, LATEST, NEWEST) == (KubernetesVersion(1, 27), KubernetesVersion(1, 37), KubernetesVersion(1, 38))
    assert KubernetesVersion(1, 38).prerelease and not LATEST.prerelease


def test_decisions_say_stage_and_lock() -> None:
    assert str(FeatureGates(LATEST).decide("MemoryQoS")) == "MemoryQoS=true (default in 1.37, beta since 1.37)"
    assert str(FeatureGates(KubernetesVersion(1, 36)).decide("MemoryQoS")) == "MemoryQoS=false (default in 1.36, alpha since 1.22)"
    assert str(FeatureGates(KubernetesVersion(1, 35)).decide("InPlacePodVerticalScaling")) == (
        "InPlacePodVerticalScaling=true (default in 1.35, GA since 1.35, locked)"
    )
    assert str(FeatureGates(KubernetesVersion(1, 35)).decide("PodLevelResourceManagers")) == (
        "PodLevelResourceManagers=false (not in Kubernetes 1.35)"
    )
    assert str(FeatureGates(KubernetesVersion(1, 27)).decide("TopologyManager")) == "TopologyManager=true (default in 1.27, GA in 1.27, locked)"


LOCKED_IPPVS = "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true"
LOCKED_SWAP = "cannot set feature gate NodeSwap to false, feature is locked to true"


def _deps(gate: str, *off: str) -> str:
    return f"{gate} is enabled, but depends on features that are disabled: [{' '.join(off)}]"


@pytest.mark.parametrize(
    ("minor", "explicit", "refusal"),
    [
        (37, {"InPlacePodVerticalScaling": False}, LOCKED_IPPVS),
        (35, {"InPlacePodVerticalScaling": False}, LOCKED_IPPVS),
        (35, {"InPlacePodVerticalScaling": True}, None),  # the locked value itself
        (34, {"InPlacePodVerticalScaling": False}, None),  # beta: may be turned off
        (37, {"NodeSwap": False}, LOCKED_SWAP),
        (33, {"NodeSwap": False}, None),
        (37, {"NodeDeclaredFeatures": False}, "cannot set feature gate NodeDeclaredFeatures to false, feature is locked to true"),
        # every locked gate from 1.31 (errs = append(...); continue), the first before
        (37, {"InPlacePodVerticalScaling": False, "NodeSwap": False}, f"[{LOCKED_IPPVS}, {LOCKED_SWAP}]"),
        (30, {"CPUManager": False, "PodSchedulingReadiness": False}, "cannot set feature gate CPUManager to false, feature is locked to true"),
        # a name the release's kubelet does not know: not yet, or no longer
        (37, {"InPlacePodVerticalScalingSchedulerPreemption": True}, None),  # alpha since 1.37 (the issue's configuration)
        (36, {"InPlacePodVerticalScalingSchedulerPreemption": True}, "unrecognized feature gate: InPlacePodVerticalScalingSchedulerPreemption"),
        (35, {"PodLevelResourceManagers": True}, "unrecognized feature gate: PodLevelResourceManagers"),
        (36, {"PodLevelResourcesFixDefaulting": True}, "unrecognized feature gate: PodLevelResourcesFixDefaulting"),
        (37, {"MemoryManager": True}, "unrecognized feature gate: MemoryManager"),  # removed after GA (locked 1.32-1.35)
        (35, {"MemoryManager": True}, None),
        (37, {"PodLevelResourcesFixUpdateDefaulting": True}, "unrecognized feature gate: PodLevelResourcesFixUpdateDefaulting"),  # the KEP's name
        (37, {"Nope": True, "NodeSwap": False}, "unrecognized feature gate: Nope"),
        # dependencies, checked from 1.35, every broken one in one aggregate
        (
            37,
            {"PodLevelResources": False},
            "["
            + ", ".join(
                _deps(g, "PodLevelResources")
                for g in ("InPlacePodLevelResourcesVerticalScaling", "PodLevelResourcesFixDefaulting", "PodLevelResourcesFixKubeletQOSClass")
            )
            + "]",
        ),
        (
            37,
            {
                "PodLevelResources": False,
                "InPlacePodLevelResourcesVerticalScaling": False,
                "PodLevelResourcesFixDefaulting": False,
                "PodLevelResourcesFixKubeletQOSClass": False,
            },
            None,
        ),
        (37, {"CompositePodGroup": True}, _deps("CompositePodGroup", "GenericWorkload", "TopologyAwareWorkloadScheduling")),
        (37, {"CompositePodGroup": True, "GenericWorkload": True, "TopologyAwareWorkloadScheduling": True}, None),
        (36, {"PodLevelResources": False}, _deps("InPlacePodLevelResourcesVerticalScaling", "PodLevelResources")),
        (35, {"PodLevelResources": False}, None),  # its dependents are off by default in 1.35
        (35, {"InPlacePodLevelResourcesVerticalScaling": True}, _deps("InPlacePodLevelResourcesVerticalScaling", "NodeDeclaredFeatures")),
        (
            35,
            {"InPlacePodLevelResourcesVerticalScaling": True, "PodLevelResources": False},
            _deps("InPlacePodLevelResourcesVerticalScaling", "PodLevelResources", "NodeDeclaredFeatures"),
        ),
        (34, {"PodLevelResources": False, "InPlacePodLevelResourcesVerticalScaling": False}, "unrecognized feature gate: InPlacePodLevelResourcesVerticalScaling"),
        (32, {"PodLevelResources": False}, None),
        # AllAlpha turns on every alpha gate not set itself (setUnsetAlphaGates), dependencies included
        (37, {"AllAlpha": True, "AllBeta": True}, None),
        (37, {"AllAlpha": True, "AllBeta": True, "GenericWorkload": False}, "["
            + ", ".join(_deps(g, "GenericWorkload") for g in ("CompositePodGroup", "DRAWorkloadResourceClaims", "PodGroupPreemptionPolicy", "TopologyAwareWorkloadScheduling", "WorkloadWithJob"))
            + "]"),  # fmt: skip
        (37, {}, None),
    ],
)
def test_kubelet_refusals(minor: int, explicit: dict[str, bool], refusal: str | None) -> None:
    assert kubelet_refusal(FeatureGates(KubernetesVersion(1, minor), explicit)) == refusal


def test_every_default_set_is_accepted() -> None:
    for minor in range(OLDEST.minor, NEWEST.minor + 1):
        assert kubelet_refusal(FeatureGates(KubernetesVersion(1, minor))) is None


@pytest.mark.parametrize("text", ["1.99", "2.0", "1.20", "1.26", "v1.39.0"])
def test_versions_the_tool_does_not_model_are_refused(text: str) -> None:
    with pytest.raises(UsageError) as info:
        KubernetesVersion.parse(text)
    assert info.value.message.endswith("is not modeled: this tool knows Kubernetes 1.27 to 1.38")


@pytest.mark.parametrize(("text", "minor"), [("1.27", 27), ("v1.37.2", 37), ("1.33.0-rc.1", 33), ("v1.38.0-rc.0", 38)])
def test_modeled_versions_are_read(text: str, minor: int) -> None:
    assert KubernetesVersion.parse(text) == KubernetesVersion(1, minor)


POD = """\
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
  - name: c
    resources: {requests: {memory: 256Mi}, limits: {memory: 1Gi}}
"""


def _one_line_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("command", ["explain", "admit", "lint"])
def test_every_entry_point_refuses_what_the_kubelet_refuses(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    node = tmp_path / "node.yaml"
    node.write_text("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates: {InPlacePodVerticalScaling: false}\n")
    extra = ["--node", str(node)] if command == "admit" else []
    flags = _one_line_error([command, *extra, "--feature-gates", "PodLevelResources=false", str(pod)], capsys)
    assert flags.startswith("pod-resources: error: --feature-gates: a Kubernetes 1.37 kubelet refuses these feature gates: [")
    assert _deps("PodLevelResourcesFixDefaulting", "PodLevelResources") in flags
    in_node = _one_line_error([command, "--node", str(node), str(pod)], capsys)
    assert in_node == f"pod-resources: error: {node}: the kubelet refuses this configuration: {LOCKED_IPPVS}"
    for version in ("1.99", "2.0", "1.20"):
        assert _one_line_error([command, *extra, "--kubernetes-version", version, str(pod)], capsys) == (
            f"pod-resources: error: Kubernetes {version} is not modeled: this tool knows Kubernetes 1.27 to 1.38"
        )
    unknown = _one_line_error([command, *extra, "--kubernetes-version", "1.36", "--feature-gates", "CompositePodGroup=true", str(pod)], capsys)
    assert unknown.endswith("a Kubernetes 1.36 kubelet refuses these feature gates: unrecognized feature gate: CompositePodGroup")


def test_the_issues_1_37_configuration_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    args = ["explain", "--kubernetes-version", "1.37", "--feature-gates", "InPlacePodVerticalScalingSchedulerPreemption=true", str(pod)]
    assert main(args) == 0, capsys.readouterr().err


def test_a_node_files_gate_is_checked_at_the_chosen_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    node = tmp_path / "node.yaml"
    node.write_text("apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates: {KubeletTracing: true}\n")
    assert main(["explain", "--node", str(node), "--kubernetes-version", "1.37", str(pod)]) == 0, capsys.readouterr().err
    assert main(["explain", "--node", str(node), "--kubernetes-version", "1.38", str(pod)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("pod-resources: warning: Kubernetes 1.38 is a pre-release")
    assert err[1:] == [f"pod-resources: error: {node}: the kubelet refuses this configuration: unrecognized feature gate: KubeletTracing"]


def test_a_lint_configuration_is_checked_with_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    config = tmp_path / "lint.yaml"
    config.write_text("feature-gates: {PodLevelResourceManagers: true}\n")
    err = _one_line_error(["lint", "--config", str(config), "--kubernetes-version", "1.35", str(pod)], capsys)
    assert err.endswith("a Kubernetes 1.35 kubelet refuses these feature gates: unrecognized feature gate: PodLevelResourceManagers")
    assert main(["lint", "--config", str(config), "--fail-on", "none", str(pod)]) == 0
    capsys.readouterr()
    config.write_text(textwrap.dedent("""\
        kubernetes-version: "1.99"
        """))
    err = _one_line_error(["lint", "--config", str(config), str(pod)], capsys)
    assert "Kubernetes 1.99 is not modeled" in err


def test_a_lint_configurations_gate_no_release_knows_is_refused_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo is refused with its line and column; a gate some release knows waits for the version."""
    pod = tmp_path / "pod.yaml"
    pod.write_text(POD)
    config = tmp_path / "lint.yaml"
    config.write_text("feature-gates:\n  MemoryQoS: true\n  MemoryQOS: true\n")
    err = _one_line_error(["lint", "--config", str(config), str(pod)], capsys)
    assert err == (
        f"pod-resources: error: {config}:3:3: invalid lint configuration: "
        "unrecognized feature gate: MemoryQOS (no kubelet from 1.27 to 1.38 knows it)"
    )
    config.write_text("feature-gates: {KubeletTracing: true}\n")  # known to 1.37's kubelet, removed by 1.38's
    assert main(["lint", "--config", str(config), "--kubernetes-version", "1.37", "--fail-on", "none", str(pod)]) == 0
    capsys.readouterr()
    err = _one_line_error(["lint", "--config", str(config), "--kubernetes-version", "1.38", str(pod)], capsys)
    assert err.endswith("a Kubernetes 1.38 kubelet refuses these feature gates: unrecognized feature gate: KubeletTracing")
