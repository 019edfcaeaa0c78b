"""k3s' helm-controller: HelmChart (helm.cattle.io/v1; k3s-io/helm-controller
21a911f86f91 pkg/apis/helm.cattle.io/v1/types.go). For each HelmChart the
controller makes one Job of one pod that runs ``helm`` to install or upgrade
the chart (pkg/controllers/chart/chart.go job):

- one container ``helm`` (the ``spec.jobImage``, else the controller's
  klipper-helm image), restartPolicy OnFailure, priorityClassName
  ``system-cluster-critical`` (``defaultPriorityClassName``, whatever the
  HelmChart writes);
- its resources are the controller's configuration, not the object's
  (setPodResources: ``JobResources`` when set): the standalone controller's
  ``--job-resources`` flag, ``JOB_RESOURCES``, defaults to requests of 0.1
  cpu and 10M of memory and limits of 32 and 32G (pkg/app/app.go); k3s runs
  the controller inside its server with its own settings. The container's cpu
  and memory are left out here, **as written**: no finding says they are
  missing.

The chart's own workloads are what helm renders from the chart and its
``valuesContent`` in the cluster: not read here. A HelmChartConfig only
adds ``valuesContent`` to the HelmChart of its name (types.go
HelmChartConfigSpec) and makes no pod (no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, WorkloadKind

_REPO: Final = "k3s-io/helm-controller"
_JOB: Final = f"{_REPO} pkg/controllers/chart/chart.go job, setPodResources"
_JOB_RESOURCES: Final = (
    "the helm-controller sets the helm container's resources from its own --job-resources configuration (standalone default: "
    "requests 100m cpu, 10M memory; limits 32 cpu, 32G memory; k3s' embedded controller: its own)"
)


def _pods() -> tuple[PodPath, ...]:
    helm = MainContainer("helm", _JOB, sets=("cpu", "memory"))
    return (
        PodPath("spec", "operator", count=("1",), main=(helm,), empty_when_absent=True, always_made=True, priority_class="system-cluster-critical",
                as_written=_JOB_RESOURCES),
    )  # fmt: skip


HELMCHART_KINDS: Final = (WorkloadKind("helm.cattle.io", "HelmChart", _pods(), f"{_REPO} pkg/apis/helm.cattle.io/v1/types.go"),)
