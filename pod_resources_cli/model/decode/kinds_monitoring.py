"""The Prometheus Operator's servers (monitoring.coreos.com): it builds each
StatefulSet's pods itself, from the object's fields
(prometheus-operator/prometheus-operator @6adcebc5076c).

- Prometheus (pkg/prometheus/server/statefulset.go makeStatefulSetSpec;
  pkg/prometheus/common.go ReplicasNumberPtr, shardsNumber): ``replicas``
  (1 when unset) pods in each of ``shards`` StatefulSets (1 when unset or under 1) of
  ``prometheus`` (``spec.resources``, no default), ``config-reloader`` and,
  with ``spec.thanos``, ``thanos-sidecar`` (``spec.thanos.resources``).
- Alertmanager (pkg/alertmanager/statefulset.go makeStatefulSet,
  makeStatefulSetSpec): ``replicas`` (1 when unset) pods of
  ``alertmanager`` (``spec.resources``, with a memory request of 200Mi
  when it writes none) and ``config-reloader``.

``config-reloader`` (pkg/operator/config_reloader.go) gets the operator's
``--config-reloader-cpu-request``/``-limit`` and
``--config-reloader-memory-request``/``-limit``: 10m and 50Mi, each a
request and a limit, unless the operator runs with other flags
(cmd/operator/main.go defaultReloaderCPU, defaultReloaderMemory). Its
``init-config-reloader`` init container has the same resources, so it
changes no pod total and is not modelled. ``spec.containers`` and
``spec.initContainers`` are merged into the operator's containers by name
(k8s.MergePatchContainers, a strategic merge): where either is written the
pod is as written, and a resource left out is no finding.

- ThanosRuler (pkg/thanos/statefulset.go makeStatefulSet,
  makeStatefulSetSpec): ``replicas`` pods (the StatefulSet's own default
  of 1 when unset: ``Replicas: tr.Spec.Replicas``) of ``thanos-ruler``
  (``spec.resources``, with a memory request of 200Mi when it writes none,
  as Alertmanager's) and ``config-reloader``. The reloader is added when
  the operator has rule ConfigMaps to mount, and it always has one:
  pkg/operator/rules.go PrometheusRuleSyncer.makeConfigMapsFromRules starts
  from one bucket, so even a ruler that selects no PrometheusRule gets an
  (empty) ConfigMap (pkg/thanos/rules.go createOrUpdateRuleConfigMaps).
  ``spec.initContainers`` are the pod's as written (no operator init
  container); ``spec.containers`` are merged by name as above.
- PrometheusAgent (monitoring.coreos.com/v1alpha1; pkg/prometheus/agent/
  operator.go sync: ``spec.mode``): in StatefulSet mode (unset or
  ``StatefulSet``, statefulset.go makeStatefulSetSpec) as a Prometheus,
  ``replicas`` (1 when unset) pods in each of ``shards`` StatefulSets, of
  ``prometheus`` (``spec.resources``, no default) and ``config-reloader``;
  in DaemonSet mode (daemonset.go makeDaemonSetSpec) one such pod per node,
  ``replicas`` and ``shards`` unused. The operator refuses DaemonSet mode
  unless it runs with its ``PrometheusAgentDaemonSet`` feature gate
  (operator.go: "feature gate for Prometheus Agent's DaemonSet mode is not
  enabled"), which this tool cannot see: the pods are those it makes where
  the gate is on.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_OPERATOR: Final = "prometheus-operator/prometheus-operator"
_RELOADER: Final = MainContainer(
    "config-reloader", f"{_OPERATOR} pkg/operator/config_reloader.go (the operator's default --config-reloader-* flags, cmd/operator/main.go)",
    defaults=(OperatorDefaults((("cpu", "10m"), ("memory", "50Mi")), (("cpu", "10m"), ("memory", "50Mi"))),),
)  # fmt: skip
_MERGED: Final = (("/spec.containers", "/spec.initContainers"), "the operator merges spec.containers and spec.initContainers into its containers by name")

_AGENT_MODE: Final = "/spec.mode"


def _agent(mode: str, count: tuple[str, ...], source: str) -> PodPath:
    """A PrometheusAgent's pods in one ``spec.mode``: ``prometheus`` with ``spec.resources`` and the reloader."""
    return PodPath("spec", "operator", count=count, label=mode, patched_by=_MERGED, if_field=FieldIn(_AGENT_MODE.lstrip("/"), (mode,), "StatefulSet"),
                   main=(MainContainer("prometheus", f"{_OPERATOR} {source}", shorthand=Shorthand("spec.resources", "requirements")), _RELOADER))  # fmt: skip


MONITORING_KINDS: Final = (
    WorkloadKind(
        "monitoring.coreos.com", "Prometheus",
        (PodPath("spec", "operator", count=("/spec.replicas=1", "/spec.shards=1+"), patched_by=_MERGED, main=(
            MainContainer("prometheus", f"{_OPERATOR} pkg/prometheus/server/statefulset.go", shorthand=Shorthand("spec.resources", "requirements")),
            _RELOADER,
            MainContainer("thanos-sidecar", f"{_OPERATOR} pkg/prometheus/server/statefulset.go createThanosContainer",
                          shorthand=Shorthand("spec.thanos.resources", "requirements"), present="spec.thanos"),
        )),),
        f"{_OPERATOR} pkg/apis/monitoring/v1/prometheus_types.go",
    ),
    WorkloadKind(
        "monitoring.coreos.com", "Alertmanager",
        (PodPath("spec", "operator", count=("/spec.replicas=1",), patched_by=_MERGED, main=(
            MainContainer("alertmanager", f"{_OPERATOR} pkg/alertmanager/statefulset.go",
                          shorthand=Shorthand("spec.resources", "requirements", defaults=(("memory", "200Mi"),))),
            _RELOADER,
        )),),
        f"{_OPERATOR} pkg/apis/monitoring/v1/alertmanager_types.go",
    ),
    WorkloadKind(
        "monitoring.coreos.com", "ThanosRuler",
        (PodPath("spec", "operator", count=("/spec.replicas=1",), patched_by=_MERGED, main=(
            MainContainer("thanos-ruler", f"{_OPERATOR} pkg/thanos/statefulset.go makeStatefulSet",
                          shorthand=Shorthand("spec.resources", "requirements", defaults=(("memory", "200Mi"),))),
            _RELOADER,
        )),),
        f"{_OPERATOR} pkg/apis/monitoring/v1/thanos_types.go",
    ),
    WorkloadKind(
        "monitoring.coreos.com", "PrometheusAgent",
        (
            _agent("StatefulSet", ("/spec.replicas=1", "/spec.shards=1+"), "pkg/prometheus/agent/statefulset.go makeStatefulSetSpec"),
            _agent("DaemonSet", (), "pkg/prometheus/agent/daemonset.go makeDaemonSetSpec"),
        ),
        f"{_OPERATOR} pkg/apis/monitoring/v1alpha1/prometheusagent_types.go",
    ),
)  # fmt: skip
