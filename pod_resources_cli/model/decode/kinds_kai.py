"""NVIDIA KAI Scheduler's SchedulingShard (kai.scheduler/v1;
NVIDIA/KAI-Scheduler 72de64fc8eca pkg/apis/kai/v1/schedulingshard_types.go).
For each shard the KAI operator runs one scheduler Deployment
(pkg/operator/operands/scheduler/scheduler.go NewSchedulerForShard,
resources_for_shard.go deploymentForShard), built by
pkg/operator/operands/common/common.go DeploymentForKAIConfig with one
container named ``<schedulerName>-<shard name>`` (the Config's
``spec.global.schedulerName``, ``kai-scheduler`` unset: global.go,
pkg/common/constants DefaultSchedulerName) whose resources are the KAI
Config's ``spec.scheduler.service.resources``, with each cpu and memory
request and limit it leaves out defaulted (pkg/apis/kai/v1/scheduler/
scheduler.go SetDefaultsWhereNeeded: requests 250m and 512Mi, limits 700m
and 512Mi); its replicas are the Config's ``spec.scheduler.replicas`` (the
global replica count, else 1). The shard itself writes none of these: the
pod is shown with the operator's defaults and is **as written** (the
cluster's Config, another object, may replace them), its count unknown
here.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "NVIDIA/KAI-Scheduler"
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "250m"), ("memory", "512Mi")), limits=(("cpu", "700m"), ("memory", "512Mi")))
_CONFIG: Final = (
    "the KAI operator takes this scheduler's resources, replicas and container name from the cluster's KAI Config "
    "(spec.scheduler.service.resources, spec.scheduler.replicas, spec.global.schedulerName), another object; "
    "shown with the operator's defaults"
)

KAI_KINDS: Final = (
    WorkloadKind(
        "kai.scheduler", "SchedulingShard",
        (PodPath("spec", "operator", as_written=_CONFIG, empty_when_absent=True, always_made=True, main=(
            MainContainer("kai-scheduler-{name}",
                          f"{_REPO} pkg/operator/operands/common/common.go DeploymentForKAIConfig, "
                          "pkg/apis/kai/v1/scheduler/scheduler.go SetDefaultsWhereNeeded",
                          defaults=(_DEFAULTS,)),
        )),),
        f"{_REPO} pkg/apis/kai/v1/schedulingshard_types.go",
    ),
)  # fmt: skip
