"""Rancher's system-upgrade-controller: Plan (upgrade.cattle.io/v1;
rancher/system-upgrade-controller d357e2302999 pkg/apis/upgrade.cattle.io/v1/
types.go PlanSpec). For each node its ``nodeSelector`` selects, ``concurrency``
at a time, the controller makes one Job of one pod from the Plan's fields
alone (pkg/upgrade/job/job.go New; pkg/upgrade/container/container.go New),
so how many pods a Plan makes is the number of nodes selected: not counted
here.

- The init container ``prepare`` from ``spec.prepare`` when it is written,
  then ``drain`` (the controller's kubectl image, ``kubectl drain`` with the
  ``spec.drain`` options) when ``spec.drain`` is written, else ``cordon``
  when ``spec.cordon`` is true;
- the container ``upgrade`` from ``spec.upgrade`` (required).

A ContainerSpec (types.go) has an image, command, args, ``envs``,
``envFrom``, host-path ``volumes`` and a securityContext: no resources, and
container.New sets none, so every container of the pod has no requests and
no limits and the pod is BestEffort, as fact. The pod's priorityClassName is
``spec.priorityClassName`` (job.go: ``PriorityClassName:
plan.Spec.PriorityClassName``); the pod runs with hostNetwork, hostPID and
hostIPC and restartPolicy Never, which decide nothing about its resources.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, WorkloadKind

_REPO: Final = "rancher/system-upgrade-controller"
_JOB: Final = f"{_REPO} pkg/upgrade/job/job.go New"


def _pods() -> tuple[PodPath, ...]:
    prepare = MainContainer("prepare", f"{_JOB} (spec.prepare)", present="/spec.prepare", init=True)
    drain = MainContainer("drain", f"{_JOB} (spec.drain: kubectl drain)", present="/spec.drain", init=True)
    cordon = MainContainer(
        "cordon", f"{_JOB} (spec.cordon: kubectl cordon)", absent="/spec.drain", if_fields=(FieldIn("/spec.cordon", ("true",)),), init=True
    )
    upgrade = MainContainer("upgrade", f"{_JOB} (spec.upgrade)")
    # paths from the root (the pod's path has no [*]); one Job a selected node: the count is the cluster's (no count word)
    return (PodPath("spec", "operator", main=(prepare, drain, cordon, upgrade), empty_when_absent=True, pod_fields="/spec"),)


UPGRADE_KINDS: Final = (WorkloadKind("upgrade.cattle.io", "Plan", _pods(), f"{_REPO} pkg/apis/upgrade.cattle.io/v1/types.go"),)
