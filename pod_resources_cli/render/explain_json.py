"""ExplainReport -> plain data in the contract's field names (DESIGN.md).

``-o json`` prints this, and ``-o yaml`` (render/explain_yaml.py) the same
data; schemas/report.schema.json describes it. Resource maps are sorted by
name so output is stable; each "why" is worded here (why_words.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pod_resources_cli.analysis.report import CgroupView, ContainerReport, ExplainReport, PodReport
from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.render.explain_running import running_dict
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.why_words import maybe_words, words
from pod_resources_cli.render.json_text import indented

if TYPE_CHECKING:
    from pod_resources_cli.analysis.admit import ReplicaCount

API_VERSION = "pod-resources/v1"


def quantities(values: Mapping[str, Quantity]) -> dict[str, str]:
    return {name: values[name].canonical() for name in sorted(values)}


def _cgroup(view: CgroupView | None) -> dict[str, Any]:
    if view is None:
        return {"v2": {}, "v1": {}}
    return {"v2": dict(view.v2), "v1": dict(view.v1), "why": _words(view.why)}


def _words(whys: Mapping[str, Why]) -> dict[str, str]:
    return {key: words(whys[key]) for key in sorted(whys)}


def _container(c: ContainerReport) -> dict[str, Any]:
    p = c.placement
    return {
        "name": c.name,
        "type": c.type.value,
        "requests": quantities(c.requests),
        "limits": quantities(c.limits),
        "why": _words(c.why),
        "oomScoreAdj": c.oom_score_adj,
        "oomScoreWhy": maybe_words(c.oom_why),
        "cgroup": _cgroup(c.cgroup),
        "cpuset": p.cpuset if p else None,
        "exclusiveCPUs": p.exclusive if p else None,
        "memoryNumaNodes": list(p.memory_numa_nodes) if p and p.memory_numa_nodes is not None else None,
        "cpusetMems": p.cpuset_mems if p else None,
        "numaAffinity": list(p.numa_affinity) if p and p.numa_affinity is not None else None,
        "isolation": p.isolation if p else None,
        "placementWhy": (maybe_words(p.why) or "") if p else None,
        "devices": [
            {"resource": d.resource, "deviceIds": list(d.device_ids), "numaNodes": list(d.numa_nodes)} for d in p.devices
        ]
        if p
        else None,
    }


def pod_dict(r: PodReport) -> dict[str, Any]:
    w = r.workload
    admission: dict[str, Any] | None = None
    if r.admission is not None:
        admission = {
            "admitted": r.admission.admitted,
            "reason": r.admission.reason,
            "message": r.admission.message,
            "sharedPoolAfter": r.admission.shared_pool_after,
            "decidedBy": r.admission.decided_by,
        }
        if r.admission.scheduler_reason is not None:  # only where the scheduler and the kubelet differ
            admission["schedulerReason"] = r.admission.scheduler_reason
        if r.admission.affinity is not None and r.admission.affinity_why is not None:  # a TopologyAffinityError
            from pod_resources_cli.render.affinity import affinity_dict  # a TopologyAffinityError only

            admission["affinity"] = affinity_dict(r.admission.affinity, r.admission.affinity_why)
    return {
        "source": {"path": r.source.path, "line": r.source.line, "document": r.source.document},
        "workload": {
            "kind": w.kind, "name": w.name, "namespace": w.namespace, "replicas": w.replicas, "apiVersion": w.api_version,
            "template": w.template, "foundBy": "shape" if w.by_shape else "kind", "asWritten": w.as_written,
            "operator": list(w.operator_notes),
        },  # fmt: skip
        "qosClass": r.qos.qos_class.value,
        "qosReason": words(r.qos.reason),
        "requests": quantities(r.requests),
        "limits": quantities(r.limits),
        "requestsWhy": _words(r.requests_why),
        "limitsWhy": _words(r.limits_why),
        "podLevelResources": r.pod.resources is not None,
        "priority": {
            "value": r.pod.priority, "className": r.pod.priority_class_name,
            "preemptionPolicy": r.pod.preemption_policy, "why": maybe_words(r.priority_why),
        },  # fmt: skip
        "cgroup": _cgroup(r.cgroup),
        "cgroupParent": r.cgroup_parent,
        "cgroupPath": r.cgroup_path,
        "containers": [_container(c) for c in r.containers],
        "admission": admission,
        "featureGates": [{"name": d.gate, "enabled": d.enabled, "why": d.why} for d in r.gates],
        "notes": [words(note) for note in r.notes],
        "running": running_dict(r),
    }


def node_dict(node: NodeDescription) -> dict[str, Any]:
    from pod_resources_cli.analysis.node_gaps import node_gaps

    topo = node.topology
    return {
        "name": node.name,
        "source": node.source or None,
        "embedded": node.embedded,
        "cpus": topo.num_cpus if topo else None,
        "memoryCapacity": node.memory_capacity,
        "cgroupVersion": node.kubelet.cgroup_version,
        "cgroupDriver": node.kubelet.cgroup_driver,
        "swapCapacity": node.swap_capacity,
        "failSwapOn": node.kubelet.fail_swap_on,
        "swapBehavior": node.kubelet.swap_behavior,
        "notes": list(node_gaps(node)),
    }


def report_dict(report: ExplainReport, pre_release: dict[str, str] | None = None) -> dict[str, Any]:
    """The report; ``pre_release`` (features.pre_release) marks a version without its tag."""
    return {
        "apiVersion": API_VERSION,
        "kind": "ExplainReport",
        **({"preRelease": pre_release} if pre_release is not None else {}),
        "node": node_dict(report.node),
        "pods": [pod_dict(p) for p in report.pods],
        "problems": [
            {"path": loc.path, "line": loc.line, "column": loc.column, "message": msg} for loc, msg in report.problems
        ],
    }


def replica_counts(counts: tuple[ReplicaCount, ...]) -> list[dict[str, Any]]:
    """``admit --expand-replicas -o json``: per workload with more than one
    replica, how many were simulated (the first ones, in order), admitted by
    the node, and left out, with the bound that left them out."""
    return [
        {
            "kind": c.kind, "name": c.name, "namespace": c.namespace, "template": c.template,
            "replicas": c.replicas, "simulated": c.simulated, "admitted": c.admitted, "leftOut": c.left_out,
            "bound": maybe_words(c.bound),
        }  # fmt: skip
        for c in counts
    ]


def render_json(report: ExplainReport, pre_release: dict[str, str] | None = None) -> str:
    return indented(report_dict(report, pre_release)) + "\n"
