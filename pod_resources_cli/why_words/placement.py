"""Words for where the CPU manager puts a container, and the pod cgroup's CFS quota."""

from __future__ import annotations

from typing import Final

from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.why_words.base import Wording, first_part, joined_parts, template


def _hint(w: Why) -> str:
    nodes = w.get("nodes")
    assert isinstance(nodes, tuple)
    listed = ",".join(str(n) for n in nodes)
    return f"NUMA hint {{{listed}}}{' (preferred)' if w.get('preferred') else ' (not preferred)'}"


def _exclusive(w: Why) -> str:
    text = f"Guaranteed pod, integer cpu request {w.get('count')}: exclusive CPUs {w.get('cpus')} ({first_part(w)})"
    return text + ("; later containers may reuse them" if w.get("init") else "")


def _no_pod_pool(w: Why) -> str:
    budget = w.get("budget")
    why = "its pod-level resources request no cpu" if budget is None else f"its pod-level cpu budget {budget} is not an integer"
    return f"Guaranteed pod, but {why}: no CPU pool for the pod (podGuaranteedCPUs 0), so every container runs in the node's shared pool"


def _names(w: Why, key: str) -> str:
    names = w.get(key)
    assert isinstance(names, tuple)
    return ", ".join(str(n) for n in names)


PLACEMENT: Final[dict[str, Wording]] = {
    "pod-quota.off.every-container-exclusive": template(
        "unlimited: every container holds exclusive CPUs ({gate}; KEP-5526 podHasExclusiveCPUs)"
    ),
    "pod-quota.off.exclusive": template("unlimited: the pod holds exclusive CPUs ({gate})"),
    "pod-quota.kept": lambda w: (
        f"kept although some containers hold exclusive CPUs: {_names(w, 'shared')} share CPUs (KEP-5526 podHasExclusiveCPUs)"
    ),
    "pod-quota.formula-and-note": joined_parts,
    "placement.hint.none": template("no NUMA preference"),
    "placement.hint": _hint,
    "placement.exclusive": _exclusive,
    "placement.pod-pool.shared": template(
        "not Guaranteed on its own: the pod's shared pool {cpus} of its pod-level CPUs (CFS quota kept)"
    ),
    "placement.pod-pool.init-all": template(
        "not Guaranteed on its own, an init container: all the pod's CPUs {cpus} (CFS quota kept)"
    ),
    "placement.pod-pool.init-less-sidecars": template(
        "not Guaranteed on its own, an init container: the pod's CPUs {pool} less the exclusive CPUs of "
        "the sidecars started before it, {cpus} (CFS quota kept)"
    ),
    "placement.pod-level-unmanaged": template(
        "pod-level resources with {gate} off: the resource managers leave the pod in the shared pool"
    ),
    "placement.not-guaranteed": template("{qos} pod: shared pool"),
    "placement.no-pod-pool": _no_pod_pool,
    "placement.no-cpu-request": template("Guaranteed pod but no cpu request of its own: shared pool"),
    "placement.not-container-guaranteed": template(
        "Guaranteed by its pod-level resources, but its own cpu/memory requests differ from its limits: shared pool"
    ),
    "placement.fractional-cpu": template("Guaranteed pod but cpu request {request} is not an integer: shared pool"),
    "placement.policy-none": template("cpuManagerPolicy none: runs on every online CPU, its limit enforced by CFS quota"),
    "placement.creation-fails": lambda w: (
        f"{first_part(w)}; its devices are allocated when it is created, which fails (CreateContainerConfigError): {w.get('error')}"
    ),
}

WORDS: Final = PLACEMENT
