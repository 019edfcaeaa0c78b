"""`explain -o wide` and `admit -o wide` on real manifests (tests/data/real,
provenance in SOURCES.tsv): the pods column says a count it does not know
is unknown (never 1), the QoS class is whole, and at 60, 80 and 120 columns
no workload name, value or word is cut inside a word: a name continues only
after a separator (``-``, ``.``, ``/``, ``_``, ``:`` or a space), a
request/limit pair after its slash."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
GPU_NODE = str(ROOT / "examples" / "nodes" / "dgx-like-8gpu.yaml")
GPU_PODS = str(ROOT / "examples" / "pods" / "gpu-training.yaml")
QOS = {"Guaranteed", "Burstable", "BestEffort"}


def out(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int, *args: str) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(columns))
    main(list(args))
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= columns for line in lines)
    return lines


def reports(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    main([*args, "-o", "json"])
    pods: list[dict[str, object]] = json.loads(capsys.readouterr().out)["pods"]
    return pods


def table_rows(lines: list[str]) -> list[list[list[str]]]:
    """Each row of the table: its cells, each cell's lines."""
    rows: list[list[list[str]]] = []
    for line in lines:
        if not line.startswith("│"):
            continue
        cells = [c.strip() for c in line.strip("│").split("│")]
        if cells[1] or not rows:  # the pods column is set on a row's first line only
            rows.append([[c] if c else [] for c in cells])
        else:
            for cell, text in zip(rows[-1], cells):
                if text:
                    cell.append(text)
    return rows


def broken_well(lines: list[str], text: str, breaks: str) -> bool:
    """``lines`` are ``text`` broken only where allowed: after one of
    ``breaks``, at a space (which is dropped), or between two words of the
    CamelCase kind that starts a workload's name (``VirtualMachineInstance``
    ``ReplicaSet``: where nothing else fits 80 columns)."""
    pos = 0
    kind_end = text.find(" ")
    for i, line in enumerate(lines):
        if text[pos : pos + len(line)] != line:
            return False
        pos += len(line)
        if i < len(lines) - 1:
            if pos < len(text) and text[pos] == " ":
                pos += 1
            elif text[pos - 1] not in breaks and not (" " in breaks and pos < kind_end and text[pos - 1].islower() and text[pos].isupper()):
                return False
    return pos == len(text)


def name_of(pod: dict[str, object]) -> str:
    workload = pod["workload"]
    assert isinstance(workload, dict)
    where = f"{workload['namespace']}/" if workload["namespace"] else ""
    return f"{workload['kind']} {where}{workload['name']}" + (f" {workload['template']}" if workload["template"] else "")


@pytest.mark.parametrize("columns", [80, 120])
def test_every_name_and_value_is_whole(columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pods = reports(capsys, "explain", "--no-render", str(REAL))  # the same pods whether kubectl is installed or not
    lines = out(capsys, monkeypatch, columns, "explain", "--no-render", "-o", "wide", str(REAL))
    rows = table_rows(lines)
    assert len(rows) == len(pods) == 1285  # with the upgrade Job pod of postgres-operator's PGUpgrade major-upgrade-do-it; with the PostgresCluster of postgres-operator's kuttl case cluster-pause (its steps 01 and 02 merge into it); with druid-operator's 11 (5 node groups of its mmless example, 5 of its unit test's Druid, the StatefulSet that test expects); with PMEM-CSI's 3 (a PmemCSIDeployment's controller, node and node-setup pods); with google/pathways-job's 4 (two sample PathwaysJobs: each a pathways-head and a worker row); with MCAD's two wrapped workloads (an AppWrapper's Deployment and its Job); with Meridio's 14 (its demo SPIRE agent and server, a Trench's ipam and nsp, two sample Attractors (nsm-vlan: with nse-vlan), a Conduit's proxy, the e2e configuration's Trench, two Attractors and two Conduits); with KFServing's 5 (kubeflow/kfserving samples: a pytorch predictor and its transformer, two custom predictors, a GPU pytorch predictor); with stackabletech/hdfs-operator's 3 HdfsCluster role groups (namenode, datanode, journalnode) and kafka-operator's 5 role groups (3 KafkaCluster broker groups, 1 controller group, 1 ZookeeperCluster server group); with kubevious/cli's backend-api Deployment beside its SealedSecret; with greptimedb-operator's 15 (3 of its defaulting test input, 4 and 4 of its frontend and datanode groups examples, 3 with monitoring, 1 standalone); with ob-operator's 4 OBCluster observer pods (3 zones and the quickstart's one); with infinispan-operator's 7 (a sample cluster and its config listener, the xsite NYC cluster with its listener and Gossip Router, a Backup's and a Batch's pod); with the 9 DaemonSet pods of ROCm/gpu-operator's four DeviceConfigs; with openvinotoolkit/operator's two ModelServer pods and its Notebook's build pod; with the DataDog/helm-charts terratest snapshot copied away from its Go test; with the JuiceFS CSI driver's mount pods of its two test StorageClasses; with dra-example-driver's two KEP-5004 demo pods; with the nginx Deployment of fleet's Bundle and KubeFlex's hello hook Job; the two K8sGPT pods; kubeflow/dashboard's test-notebook; the 19 pods of k8s-monitoring-helm's two rendered examples (two Alloy StatefulSets) and alloy-operator's sample Alloy; yatai-image-builder's controller-manager; kubernetes-sigs/application's wordpress webserver; ods-ci's and model-registry-operator's ModelRegistry pods; trivy-operator's Deployment read on its own and azure-policy's image-integrity pod; 15 Prow jobs of kubernetes/test-infra with their Prow config's decoration defaults; goldilocks' controller; KMM Module workers and OpenShift NFD's master, worker and gc; dapr/quickstarts' hello-kubernetes nodeapp with daprd; cloudnative-pg/charts' test Jobs; the 13 Deployments of hyperconverged-cluster-operator's deploy/operator.yaml; the 6 HostPathProvisioner pods of its hack/hpp pool CR and of hostpath-provisioner-operator's legacy and Snapshotting CRs
    for cells, pod in zip(rows, pods):
        name = name_of(pod)
        assert broken_well(cells[0], name, "-./_: ") or broken_well(cells[0], f"{name} (pod-level)", "-./_: "), (cells[0], name)
        workload = pod["workload"]
        assert isinstance(workload, dict)
        marked = "*" if workload["asWritten"] else ""  # only as written: the template's class, marked
        assert cells[2] == [f"{pod['qosClass']}{marked}"]  # whole, never abbreviated
        for column, resource in ((3, "cpu"), (4, "memory")):
            requests, limits = pod["requests"], pod["limits"]
            assert isinstance(requests, dict) and isinstance(limits, dict)
            pair = f"{requests.get(resource, '-')}/{limits.get(resource, '-')}"
            assert broken_well(cells[column], pair, "/")  # a pair breaks at its slash only


def test_at_60_columns_each_pod_is_a_block(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pods = reports(capsys, "explain", str(REAL / "argoproj__argo-workflows"))
    lines = out(capsys, monkeypatch, 60, "explain", "-o", "wide", str(REAL / "argoproj__argo-workflows"))
    assert lines[2:5] == [
        "ClusterWorkflowTemplate cluster-workflow-template-print-",
        "message templates[0] print-message",
        "  pods ?; QoS BestEffort*; cpu -/-; memory -/-",  # Argo's executor: as written
    ]
    assert "* only as written: an operator or a webhook adds to the pod" in lines  # the legend, before the summary
    start = next(i for i, line in enumerate(lines) if line.startswith("ClusterWorkflowTemplate"))
    end = next(i for i, line in enumerate(lines) if line.startswith("* only as written") or re.match(r"\d+ files", line))
    blocks: list[tuple[list[str], list[str]]] = []
    for line in lines[start:end]:
        if line.startswith("  "):
            blocks[-1][1].append(line[2:])
        elif blocks and not blocks[-1][1]:
            blocks[-1][0].append(line)  # the name continues
        else:
            blocks.append(([line], []))
    assert len(blocks) == len(pods) == 22
    for (name_lines, field_lines), pod in zip(blocks, pods):
        assert broken_well(name_lines, name_of(pod), "-./_: ") or broken_well(name_lines, f"{name_of(pod)} (pod-level)", "-./_: ")
        fields = " ".join(field_lines)
        marked = r"\*" if pod["workload"]["asWritten"] else ""  # type: ignore[index]
        assert re.fullmatch(rf"pods \?; QoS {pod['qosClass']}{marked}; cpu \S+/\S+; memory \S+/\S+", fields), fields  # whole words


def test_the_pods_column_says_what_it_knows(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = out(capsys, monkeypatch, 160, "explain", "-o", "wide", str(ROOT / "examples" / "pods"), str(REAL / "kubeflow__katib"))
    names = [name_of(p) for p in reports(capsys, "explain", str(ROOT / "examples" / "pods"), str(REAL / "kubeflow__katib"))]
    counts = {name: cells[1][0] for name, cells in zip(names, table_rows(lines), strict=True)}
    assert counts["StatefulSet db/postgres"] == "2" and counts["Pod research/notebook"] == "1"
    assert counts["DaemonSet kube-system/node-agent"] == "1/node"
    assert counts["CronJob analytics/nightly-report"] == "?"  # each run's pods: not a count
    found_by_shape = [name for name in counts if name.startswith("Experiment kubeflow/pytorchjob-mnist")]
    assert len(found_by_shape) == 2 and all(counts[n] == "?" for n in found_by_shape)  # a kind found by its shape


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_admit_wide_keeps_refusals_and_placements_whole(columns: int, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = out(capsys, monkeypatch, columns, "admit", "-o", "wide", "--node", GPU_NODE, GPU_PODS)
    text = " ".join(line.strip("│ ") for line in lines)
    assert "TopologyAffinityError" in text and "nvidia.com/gpu" in text
    assert all(q in text for q in ("Guaranteed", "Burstable"))
