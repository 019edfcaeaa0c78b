"""The pod as the API server stores it: the one path explain, admit and lint take.

In the API server's order for a create:
1. decoding defaults and the create strategy (kube/pod_create.py: disabled
   fields dropped, SetDefaults_Pod; a request defaults to its limit);
2. the mutating admission plugins, in kube-apiserver's default order:
   LimitRanger (the namespace's LimitRanges fill in what a container lacks;
   plugin/pkg/admission/limitranger), then Priority (spec.priority,
   priorityClassName, preemptionPolicy; plugin/pkg/admission/priority);
3. every resource list rounded up to a milli-unit, as SetDefaults_ResourceList
   (pkg/apis/core/v1/defaults.go, kubernetes/kubernetes @119f0c8b3770) does
   to each v1 ResourceList on decoding: `cpu: 100u` is stored as `1m`. The
   LimitRanges' own values were rounded when they were stored, so rounding
   once at the end gives the same lists.

A pod read from the cluster (it carries ``status``) already went through the
plugins when it was created, against objects not given here: only decoding
applies, and its ``spec.priority`` stands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.defaults import DefaultedPod
from pod_resources_cli.kube.pod_create import create_pod
from pod_resources_cli.kube.provenance import because
from pod_resources_cli.kube.validation.stored import round_resource_lists
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import dataclass

if TYPE_CHECKING:
    from pod_resources_cli.kube.limitranger import LimitDefault
    from pod_resources_cli.kube.priority import PriorityAdmission
    from pod_resources_cli.model.policy import LimitRange, PriorityClass

FROM_THE_CLUSTER = because("priority.from-the-cluster", ref="plugin/pkg/admission/priority/admission.go admitPod")


@dataclass(frozen=True, slots=True)
class StoredPod:
    """``pod`` as stored; how it got there: the defaulting notes, what the
    LimitRanges filled in, the Priority plugin's answer (its ``pod`` before
    rounding; ``refused`` means the API server never stores the pod)."""

    pod: Pod
    created: DefaultedPod
    limit_defaults: tuple[tuple[LimitRange, LimitDefault], ...]
    priority: PriorityAdmission


def store_pod(
    written: Pod,
    gates: FeatureGates,
    limit_ranges: Sequence[LimitRange] = (),
    priority_classes: Mapping[str, PriorityClass] | None = None,
) -> StoredPod:
    """The pod the API server stores for ``written``: ``limit_ranges`` are the
    valid LimitRanges of its namespace, ``priority_classes`` the stored
    PriorityClasses by name (None: the built-in system classes only)."""
    created = create_pod(written, gates)
    pod = created.pod
    from_cluster = written.status.present
    defaults: list[tuple[LimitRange, LimitDefault]] = []
    if limit_ranges and not from_cluster:
        from pod_resources_cli.kube.limitranger import apply_limit_range

        for lr in limit_ranges:
            pod, added = apply_limit_range(pod, lr)
            defaults.extend((lr, d) for d in added)
    from pod_resources_cli.kube.priority import PriorityAdmission, admit_pod_priority

    if from_cluster and pod.priority is not None:
        priority = PriorityAdmission(pod, source=FROM_THE_CLUSTER)
    else:
        priority = admit_pod_priority(pod, priority_classes)
    return StoredPod(round_resource_lists(priority.pod), created, tuple(defaults), priority)
