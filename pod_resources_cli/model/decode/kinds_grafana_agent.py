"""Grafana Agent's static-mode operator (grafana/agent @372611b64f2c,
monitoring.grafana.com/v1alpha1, static/operator/apis/monitoring/v1alpha1/
types.go GrafanaAgentSpec): a GrafanaAgent's pods are built by the operator
from its fields (static/operator/resources_pod_template.go
generatePodTemplate), each of the containers ``config-reloader`` (no
resources) and ``grafana-agent`` (``spec.resources`` whole; no default:
applyDeploymentDefaults only makes nil requests an empty map), with
``spec.containers`` merged into them by name (clientutil/merge.go
MergePatchContainers, a strategic merge: the pod is then as written) and
``spec.initContainers`` as written:

- metrics (reconciler_metrics.go createMetricsStatefulSets,
  resources_metrics.go generateMetricsStatefulSet): ``spec.metrics.shards``
  StatefulSets (1 unless above 1) of ``spec.metrics.replicas`` pods (1
  unset, a negative 0), made once a MetricsInstance is selected;
- logs (reconciler_logs.go createLogsDaemonSet, resources_logs.go
  generateLogsDaemonSet): a DaemonSet, one pod a node, once a LogsInstance is
  selected.

The instances are other objects (build_hierarchy.go: ``instanceSelector``
through metav1.LabelSelectorAsSelector, which selects nothing when the
selector is nil): here each workload is reported where its
``instanceSelector`` is written. The integrations' Deployment and DaemonSet
(resources_integrations.go) follow the Integration objects selected and are
not modelled; MetricsInstance, LogsInstance, PodLogs and Integration make no
pod of their own (no_pods.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "grafana/agent"
_CODE: Final = f"{_REPO} static/operator/resources_pod_template.go generatePodTemplate"
_MERGED: Final = (("/spec.containers",), "the operator merges spec.containers into its containers by name (MergePatchContainers)")


def _pod(subsystem: str, label: str, count: tuple[str, ...]) -> PodPath:
    main = (
        MainContainer("config-reloader", _CODE, first=True),
        MainContainer("grafana-agent", _CODE, shorthand=Shorthand("/spec.resources", "requirements")),
    )
    return PodPath("spec", "containers", init_containers=("initContainers[*]",), count=count, label=label, main=main, patched_by=_MERGED,
                   empty_when_absent=True, always_made=True, if_field=FieldIn(f"spec.{subsystem}.instanceSelector", (), match="written"))  # fmt: skip


GRAFANA_AGENT_KINDS: Final = (
    WorkloadKind(
        "monitoring.grafana.com", "GrafanaAgent",
        (_pod("metrics", "metrics", ("/spec.metrics.shards=1+", "/spec.metrics.replicas=1")), _pod("logs", "logs", ())),
        f"{_REPO} static/operator/apis/monitoring/v1alpha1/types.go",
    ),
)  # fmt: skip
