"""Words for a report's notes (what the API server drops, what a pod's status says against
its spec) and for the bound that leaves replicas out of ``admit --expand-replicas``."""

from __future__ import annotations

from typing import Final

from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.why_words.base import Wording, joined_parts, template, words


def _qos_head(w: Why) -> str:
    reason = w.get("reason")
    assert isinstance(reason, Why)
    return f"status.qosClass is {w.get('status_class')}, but the spec here makes the pod {w.get('spec_class')} ({words(reason)})"


def _qos_tail(w: Why) -> str:
    return f"; the kubelet keeps {w.get('status_class')} (QoS is set at creation and never changes)"


NOTES: Final[dict[str, Wording]] = {
    "pod-level.dropped": lambda w: f"spec.resources is dropped by the API server: {w.get('gate')}",
    "windows.no-cgroups": lambda w: (
        "a Windows pod (spec.os.name or a kubernetes.io/os: windows node selector): the kubelet gives each container only "
        "a cpu maximum and a memory limit, from its limits; no cgroup files and no OOM score adjustment"
    ),
    "priority.class-not-found": lambda w: (
        f"the PriorityClass {w.get('priority_class')} is neither built in nor among the inputs: the API server refuses "
        "the pod unless the cluster has one"
    ),
    "running.status-left-out": lambda w: str(w.get("problem")),
    "running.resources-fixed": lambda w: (
        f"container {w.get('container')!r}: the status reports other resources than the spec, but {w.get('gate')}: "
        "resources cannot change in place, so the kubelet runs the spec"
    ),
    "running.qos-class.spec-edited": lambda w: (
        f"{_qos_head(w)}: the spec was edited after the pod was created (the resources that run still make it "
        f"{w.get('status_class')}){_qos_tail(w)}"
    ),
    "running.qos-class.tool-disagrees": lambda w: (
        f"{_qos_head(w)}, and so do the resources that run: this tool and the cluster disagree "
        f"(another Kubernetes version or feature gates? see --kubernetes-version, --feature-gates){_qos_tail(w)}"
    ),
    "running.qos-class.unmeasured": lambda w: (
        f"{_qos_head(w)}: either the spec was edited after the pod was created, or this tool and the cluster disagree "
        f"(--kubernetes-version, --feature-gates); the status reports no container resources to tell{_qos_tail(w)}"
    ),
    "report.notes": joined_parts,
    # node show: what the allocatable numbers rest on
    "node.cpu-reservation": template("reservedSystemCPUs {cpus} ({count} CPUs) is the cpu reservation"),
    "node.reported-allocatable": template("allocatable of {resources} as the Node object reports it"),
    # admit --expand-replicas: why replicas were left out
    "replicas.node-pods": template("the node admits at most {pods} pods (its allocatable pods)"),
    "replicas.run-limit": template("--expand-replicas simulates at most {pods} pods per run"),
}

WORDS: Final = NOTES
