"""How findings print quantities: as Kubernetes does (canonical), and a bare
count of bytes that a sum or difference of mixed suffixes comes to with its
size beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.lint.rules._common import q_bytes
from pod_resources_cli.quantity import parse_quantity


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("512Mi", "512Mi"),
        ("389387264", "389387264 (about 371.3Mi)"),
        ("463129088", "463129088 (about 441.7Mi)"),  # KubeRay's ray-cluster.complete.yaml worker: 5632Mi limit less a 5G request
        ("3Gi", "3Gi"),
        ("3221225472", "3221225472 (about 3.0Gi)"),  # written as a count: canonical as a count
        ("1000", "1k"),
        ("4000", "4k"),
        ("1048575", "1048575"),  # below 1Mi: the count alone
        ("2", "2"),
    ],
)
def test_a_bare_byte_count_gets_its_size(value: str, text: str) -> None:
    assert q_bytes(parse_quantity(value)) == text


def test_pr133_says_how_much_is_not_reserved_in_units(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "p.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n"
        "  containers: [{name: c, image: i, resources: {requests: {memory: 1.5Gi}, limits: {memory: 2G}}}]\n")
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "p.yaml")])
    [finding] = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "PR133"]
    assert "the 389387264 (about 371.3Mi) above the request" in finding["message"]


WINDOWS_EXPORTER = (
    Path(__file__).parent / "data" / "real" / "kubernetes__perf-tests"
    / "clusterloader2__pkg__prometheus__manifests__exporters__windows_node_exporter__windows-exporter-daemonset.yaml"
)


def test_a_windows_best_effort_pod_gets_no_oom_score(capsys: pytest.CaptureFixture[str]) -> None:
    # kubernetes/perf-tests' windows-exporter (nodeSelector kubernetes.io/os: windows): the kubelet gives a
    # Windows container no oom_score_adj (kuberuntime_container_windows.go), so PR201 does not claim 1000
    main(["lint", "--no-config", "-o", "json", str(WINDOWS_EXPORTER)])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert (finding["rule"], finding["line"], finding["object"]["name"]) == ("PR201", 27, "windows-exporter")
    assert finding["message"].endswith("evicted first under node pressure (a Windows node has no OOM score adjustment)")


@pytest.mark.parametrize(
    ("selector", "os", "bound"),
    [
        ("", "", "its cgroup gets memory.max max"),
        ("  nodeSelector: {kubernetes.io/os: windows}\n", "", "Windows sets it no memory limit"),
        ("", "  os: {name: windows}\n", "Windows sets it no memory limit"),
        ("  nodeSelector: {kubernetes.io/os: linux}\n", "", "its cgroup gets memory.max max"),
    ],
)
def test_pr132_names_no_cgroup_on_windows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], selector: str, os: str, bound: str
) -> None:
    (tmp_path / "p.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n" + selector + os
        + "  containers: [{name: c, image: i, resources: {requests: {cpu: 100m, memory: 1Gi}}}]\n")
    main(["lint", "--no-config", "-o", "json", str(tmp_path / "p.yaml")])
    [finding] = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "PR132"]
    assert finding["message"] == f"container 'c' has no memory limit: {bound} and can use all the node's memory"


def test_explain_gives_a_windows_pod_no_linux_cgroup_or_oom_score(capsys: pytest.CaptureFixture[str]) -> None:
    """The windows-exporter DaemonSet (kubernetes.io/os: windows): the kubelet gives its containers only a cpu
    maximum and a memory limit (kuberuntime_container_windows.go), so explain prints no cgroup file, cgroup path or
    OOM score for it, and says why."""
    import json

    from pod_resources_cli.cli import main

    main(["explain", "-o", "json", str(WINDOWS_EXPORTER)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    none = {"v2": {}, "v1": {}}  # the report's shape for no cgroup files
    assert (pod["cgroup"], pod["cgroupParent"], pod["cgroupPath"]) == (none, None, None)
    assert [(c["name"], c["cgroup"], c["oomScoreAdj"]) for c in pod["containers"]] == [
        ("configure-firewall", none, None), ("windows-exporter", none, None)]
    assert pod["notes"] == [
        "a Windows pod (spec.os.name or a kubernetes.io/os: windows node selector): the kubelet gives each container only "
        "a cpu maximum and a memory limit, from its limits; no cgroup files and no OOM score adjustment"
    ]
