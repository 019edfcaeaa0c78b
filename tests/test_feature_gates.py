"""features.GATES against upstream's versioned feature specs, version by version,
and the kubelet's start-up refusals of feature gates and versions.

UPSTREAM quotes each gate's VersionedSpecs as written in Go, from:
- pkg/features/kube_features.go of the 1.35 tree (index id 378079260):
  MemoryQoS (alpha entry), NodeSwap, CPUCFSQuotaPeriod (alpha entry),
  DisableCPUQuotaWithExclusiveCPUs, CPU/Topology manager option gates, and the
  dependency map ``defaultKubernetesFeatureGateDependencies``;
- the 1.37 tree's versioned specs (index id 61706514746): PodLevelResources,
  InPlacePodVerticalScaling, InPlacePodLevelResourcesVerticalScaling,
  NodeDeclaredFeatures, DRANodeAllocatableResources;
- lines added by 1.36/1.37 pull requests, written as those PRs describe them:
  MemoryQoS 1.37 beta on (k/k #140007); CustomCPUCFSQuotaPeriod GA on from
  1.36 (feature-gate reference page; unlocked: a 1.37 kubelet warns "setting
  GA feature gate ... value=false"); PodLevelResourceManagers alpha 1.36
  (k/k #134768), beta 1.37 off (#140573, #141209); the KEP-2837 fix gates on
  in 1.37 (#140514, #137150).
The texts of the refusals are featureGate.unsafeSetFromMap's
(component-base/featuregate/feature_gate.go, index id 894139668).
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.errors import UsageError
from pod_resources_cli.features import (
    GATES,
    LATEST,
    OLDEST,
    FeatureGates,
    KubernetesVersion,
    kubelet_refusal,
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
        {Version: version.MustParse("1.36"), Default: true, PreRelease: featuregate.GA},""",
    "DisableCPUQuotaWithExclusiveCPUs": """
        {Version: version.MustParse("1.33"), Default: true, PreRelease: featuregate.Beta},""",
    "NodeSwap": """
        {Version: version.MustParse("1.22"), Default: false, PreRelease: featuregate.Alpha},
        {Version: version.MustParse("1.28"), Default: false, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.30"), Default: true, PreRelease: featuregate.Beta},
        {Version: version.MustParse("1.34"), Default: true, PreRelease: featuregate.GA, LockToDefault: true}, // remove in 1.37""",
}

# defaultKubernetesFeatureGateDependencies entries of the gates read here (1.35
# tree), plus the 1.36/1.37 gates' dependencies (k/k #140853, #140631, KEP-5526).
UPSTREAM_DEPENDENCIES = """
    InPlacePodLevelResourcesVerticalScaling: {InPlacePodVerticalScaling, PodLevelResources, NodeDeclaredFeatures},
    InPlacePodVerticalScaling: {},
    MemoryQoS: {},
    NodeSwap: {},
    PodLevelResources: {},
    CPUCFSQuotaPeriod: {},
    PodLevelResourcesFixDefaulting: {PodLevelResources},
    PodLevelResourcesFixKubeletQOSClass: {PodLevelResources},
    PodLevelResourceManagers: {PodLevelResources},
"""

SPEC = re.compile(
    r'\{Version: version\.MustParse\("1\.(\d+)"\), Default: (true|false), '
    r"PreRelease: featuregate\.(Alpha|Beta|GA)(, LockToDefault: true)?\}"
)


def _upstream_at(gate: str, minor: int) -> tuple[bool, str, bool] | None:
    current = None
    for m in SPEC.finditer(UPSTREAM[gate]):
        if int(m.group(1)) <= minor:
            current = (m.group(2) == "true", m.group(3).replace("Alpha", "alpha").replace("Beta", "beta"), bool(m.group(4)))
    return current


def test_every_gate_of_the_table_is_quoted_from_upstream() -> None:
    assert set(UPSTREAM) == set(GATES)
    for gate, text in UPSTREAM.items():
        assert len(SPEC.findall(text)) == text.count("{Version"), gate


@pytest.mark.parametrize("minor", range(OLDEST.minor, LATEST.minor + 1))
@pytest.mark.parametrize("gate", sorted(UPSTREAM))
def test_the_table_matches_upstream_version_by_version(gate: str, minor: int) -> None:
    spec = GATES[gate].at(minor)
    got = None if spec is None else (spec.default, spec.stage, spec.locked)
    assert got == _upstream_at(gate, minor)
    decision = FeatureGates(KubernetesVersion(1, minor)).decide(gate)
    assert decision.enabled is (got is not None and got[0])


def test_dependencies_match_upstream() -> None:
    names = {"CPUCFSQuotaPeriod": "CustomCPUCFSQuotaPeriod"}
    declared = {}
    for line in filter(None, (ln.strip() for ln in UPSTREAM_DEPENDENCIES.splitlines())):
        name, deps = re.fullmatch(r"(\w+): \{(.*)\},", line).groups()  # type: ignore[union-attr]
        declared[names.get(name, name)] = tuple(sorted(filter(None, (d.strip() for d in deps.split(",")))))
    assert {g: tuple(sorted(GATES[g].depends_on)) for g in declared} == declared
    assert {g for g, spec in GATES.items() if spec.depends_on} <= set(declared)


def test_decisions_say_stage_and_lock() -> None:
    assert str(FeatureGates(LATEST).decide("MemoryQoS")) == "MemoryQoS=true (default in 1.37, beta since 1.37)"
    assert str(FeatureGates(KubernetesVersion(1, 36)).decide("MemoryQoS")) == "MemoryQoS=false (default in 1.36, alpha since 1.22)"
    assert str(FeatureGates(KubernetesVersion(1, 35)).decide("InPlacePodVerticalScaling")) == (
        "InPlacePodVerticalScaling=true (default in 1.35, GA since 1.35, locked)"
    )
    assert str(FeatureGates(KubernetesVersion(1, 35)).decide("PodLevelResourceManagers")) == (
        "PodLevelResourceManagers=false (not in Kubernetes 1.35)"
    )


LOCKED_IPPVS = "cannot set feature gate InPlacePodVerticalScaling to false, feature is locked to true"


def _deps(gate: str, *off: str) -> str:
    return f"{gate} is enabled, but depends on features that are disabled: [{' '.join(off)}]"


@pytest.mark.parametrize(
    ("minor", "explicit", "refusal"),
    [
        (37, {"InPlacePodVerticalScaling": False}, LOCKED_IPPVS),
        (35, {"InPlacePodVerticalScaling": False}, LOCKED_IPPVS),
        (35, {"InPlacePodVerticalScaling": True}, None),  # the locked value itself
        (34, {"InPlacePodVerticalScaling": False}, None),  # beta: may be turned off
        (37, {"NodeSwap": False}, "cannot set feature gate NodeSwap to false, feature is locked to true"),
        (33, {"NodeSwap": False}, None),
        (37, {"NodeDeclaredFeatures": False}, "cannot set feature gate NodeDeclaredFeatures to false, feature is locked to true"),
        # a gate the release does not have yet
        (35, {"PodLevelResourceManagers": True}, "unrecognized feature gate: PodLevelResourceManagers"),
        (34, {"InPlacePodLevelResourcesVerticalScaling": False}, "unrecognized feature gate: InPlacePodLevelResourcesVerticalScaling"),
        (36, {"PodLevelResourcesFixDefaulting": True}, "unrecognized feature gate: PodLevelResourcesFixDefaulting"),
        # dependencies, checked from 1.35, for gates on by default too
        (37, {"PodLevelResources": False}, _deps("InPlacePodLevelResourcesVerticalScaling", "PodLevelResources")),
        (
            37,
            {"PodLevelResources": False, "InPlacePodLevelResourcesVerticalScaling": False},
            _deps("PodLevelResourcesFixDefaulting", "PodLevelResources"),
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
        (36, {"PodLevelResources": False}, _deps("InPlacePodLevelResourcesVerticalScaling", "PodLevelResources")),
        (
            36,
            {"PodLevelResources": False, "InPlacePodLevelResourcesVerticalScaling": False, "PodLevelResourceManagers": True},
            _deps("PodLevelResourceManagers", "PodLevelResources"),
        ),
        (35, {"PodLevelResources": False}, None),  # its dependents are off by default in 1.35
        (35, {"InPlacePodLevelResourcesVerticalScaling": True}, _deps("InPlacePodLevelResourcesVerticalScaling", "NodeDeclaredFeatures")),
        (
            35,
            {"InPlacePodLevelResourcesVerticalScaling": True, "PodLevelResources": False},
            _deps("InPlacePodLevelResourcesVerticalScaling", "NodeDeclaredFeatures", "PodLevelResources"),
        ),
        (35, {"InPlacePodLevelResourcesVerticalScaling": True, "NodeDeclaredFeatures": True}, None),
        (32, {"PodLevelResources": False}, None),
        (37, {}, None),
    ],
)
def test_kubelet_refusals(minor: int, explicit: dict[str, bool], refusal: str | None) -> None:
    assert kubelet_refusal(FeatureGates(KubernetesVersion(1, minor), explicit)) == refusal


def test_every_default_set_is_accepted() -> None:
    for minor in range(OLDEST.minor, LATEST.minor + 1):
        assert kubelet_refusal(FeatureGates(KubernetesVersion(1, minor))) is None


@pytest.mark.parametrize("text", ["1.99", "2.0", "1.20", "1.26", "v1.38.0"])
def test_versions_the_tool_does_not_model_are_refused(text: str) -> None:
    with pytest.raises(UsageError) as info:
        KubernetesVersion.parse(text)
    assert info.value.message.endswith("is not modeled: this tool knows Kubernetes 1.27 to 1.37")


@pytest.mark.parametrize(("text", "minor"), [("1.27", 27), ("v1.37.2", 37), ("1.33.0-rc.1", 33)])
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
    assert flags == (
        "pod-resources: error: --feature-gates: a Kubernetes 1.37 kubelet refuses these feature gates: "
        + _deps("InPlacePodLevelResourcesVerticalScaling", "PodLevelResources")
    )
    in_node = _one_line_error([command, "--node", str(node), str(pod)], capsys)
    assert in_node == f"pod-resources: error: {node}: the kubelet refuses this configuration: {LOCKED_IPPVS}"
    for version in ("1.99", "2.0", "1.20"):
        assert _one_line_error([command, *extra, "--kubernetes-version", version, str(pod)], capsys) == (
            f"pod-resources: error: Kubernetes {version} is not modeled: this tool knows Kubernetes 1.27 to 1.37"
        )


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
