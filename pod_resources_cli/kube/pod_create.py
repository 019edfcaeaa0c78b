"""What the API server stores when a pod is created: disabled fields dropped,
then defaults applied.

Mirrors pkg/api/pod/util.go dropDisabledPodLevelResources as it stands from
v1.32, when PodLevelResources came (read in a stored version of 1.33 or later,
the one with containerStopSignalsInUse): spec.resources is dropped when the
gate is off and the old pod did not use it (a create has no old pod); before
1.32 it is an unknown field. Then kube.defaults.default_pod.
"""

from __future__ import annotations

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.kube.defaults import DefaultedPod, default_pod
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import replace


def drop_disabled_fields(pod: Pod, gates: FeatureGates) -> Pod:
    if pod.resources is not None and not gates.enabled("PodLevelResources"):
        return replace(pod, resources=None)
    return pod


def create_pod(pod: Pod, gates: FeatureGates) -> DefaultedPod:
    return default_pod(drop_disabled_fields(pod, gates), gates)
