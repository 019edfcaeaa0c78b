"""The Logging operator (kube-logging/logging-operator @51679aa50c20,
logging.banzaicloud.io/v1beta1, pkg/sdk/logging/api/v1beta1): it builds the
log collectors' and aggregators' pods itself, from the objects' fields and its
own defaults (no webhook adds to them):

- fluentd, from a Logging's ``spec.fluentd`` where it is written, or a
  FluentdConfig's ``spec`` (pkg/resources/fluentd/statefulset.go
  statefulsetSpec): the StatefulSet of ``scaling.replicas`` pods (unset or
  under 1: the StatefulSet's own 1), with the containers ``fluentd``
  (``resources``), ``config-reloader`` (``configReloaderResources``, no
  default), ``buffer-metrics-sidecar`` where ``bufferVolumeMetrics`` is enabled
  (``bufferVolumeResources``; common_types.go Metrics.IsEnabled: ``enabled``,
  else a ``port`` or ``path`` written), then ``sidecarContainers`` as written;
  init containers ``tmp-dir-hack`` with fluentd's resources where
  ``security.securityContext.readOnlyRootFilesystem`` is true,
  ``volume-mount-hack`` (no resources) with ``volumeMountChmod`` and
  ``init-config-reloader`` (``configReloaderResources``) with
  ``compressConfigFile``. FluentdSpec.SetDefaults (fluentd_types.go) fills
  ``resources``' limits, where they are nil, with 400M memory and 1000m cpu and
  its requests with 100M and 500m, each map apart, and
  ``bufferVolumeResources`` likewise with limits 100M/100m and requests
  20M/2m;
- syslog-ng, from a Logging's ``spec.syslogNG`` where it is written, or a
  SyslogNGConfig's ``spec`` (pkg/resources/syslogng/statefulset.go
  statefulset): a StatefulSet of ``syslog-ng`` (requests 100M memory and 500m
  cpu, limits 400M and 1000m, written in syslogNGContainer) and
  ``config-reloader`` (no resources), with ``exporter`` (no resources) where
  ``metrics`` is written and not ``enabled: false`` (SyslogNGSpec.SetDefaults
  gives it a port, so Metrics.IsEnabled holds); ``statefulSet``, the
  StatefulSetOverrides, is merged over it by a strategic merge patch
  (cisco-open/operator-tools pkg/merge Merge): containers by name, each
  request and limit the override's ``syslog-ng`` does not write stays the
  operator's, ``spec.replicas`` is the count (1 unset). The
  ``buffer-metrics-sidecar`` (``bufferVolumeMetricsResources``, SetDefaults'
  limits 100M/100m and requests 20M/2m) is added where ``bufferVolumeMetrics``
  is enabled and the override's ``syslog-ng`` mounts the volume
  ``bufferVolumeMetrics.mount_name`` names (``buffers`` unset): read here
  for the name ``buffers`` only;
- fluent-bit, from a FluentbitAgent's ``spec`` or a Logging's deprecated
  ``spec.fluentbit`` (pkg/resources/fluentbit/daemonset.go daemonSet;
  controllers/logging/logging_controller.go: the Logging's only where no
  FluentbitAgent is bound to it, else the operator refuses it): a DaemonSet
  (one pod a node) of ``fluent-bit`` (``resources``), ``config-reloader``
  where ``configHotReload`` is written (its ``resources``, no default) and
  ``buffer-metrics-sidecar`` where ``bufferVolumeMetrics`` is enabled
  (``bufferVolumeResources``); FluentBitDefaults (logging_types.go) fills
  ``resources``' nil limits with 100M memory and 200m cpu and its nil
  requests with 50M and 100m, ``bufferVolumeResources`` with limits 100M/100m
  and requests 20M/2m.

The short-lived pods are left out: the configuration checks
(pkg/resources/fluentd/config.go, syslogng/configcheck.go) and fluentd's
drain jobs (``scaling.drain``). The pods' ``podPriorityClassName`` is not
read. Flows, outputs and LoggingRoutes are configuration, no pods
(no_pods.py).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "kube-logging/logging-operator"
_API: Final = f"{_REPO} pkg/sdk/logging/api/v1beta1"
_GROUP: Final = "logging.banzaicloud.io"
_FLUENTD: Final = OperatorDefaults(requests=(("cpu", "500m"), ("memory", "100M")), limits=(("cpu", "1000m"), ("memory", "400M")), maps=True)
_FLUENTBIT: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "50M")), limits=(("cpu", "200m"), ("memory", "100M")), maps=True)
_BUFFER: Final = OperatorDefaults(requests=(("cpu", "2m"), ("memory", "20M")), limits=(("cpu", "100m"), ("memory", "100M")), maps=True)
_SYSLOG_NG: Final = OperatorDefaults(requests=(("cpu", "500m"), ("memory", "100M")), limits=(("cpu", "1000m"), ("memory", "400M")), merge=True)


def _enabled(metrics: str) -> tuple[tuple[FieldIn, ...], ...]:
    """common_types.go Metrics.IsEnabled: ``enabled`` where it is written, else a ``port`` other than 0 or a
    ``path`` written (each test relative, as ``metrics`` is)."""
    unset = FieldIn(f"{metrics}.enabled", (), match="written", negate=True)
    return (
        (FieldIn(f"{metrics}.enabled", ("true",)),),
        (unset, FieldIn(f"{metrics}.port", ("0",), match="other")),
        (unset, FieldIn(f"{metrics}.path", (), match="written")),
    )


def _fluentd(path: str, made: bool) -> PodPath:
    """fluentd's StatefulSet from the FluentdSpec at ``path`` (``made``: also where it is not written)."""
    code = f"{_REPO} pkg/resources/fluentd/statefulset.go"
    at = f"/{path}."
    resources = Shorthand(f"{at}resources", "requirements")
    reloader = Shorthand(f"{at}configReloaderResources", "requirements")
    main = (
        MainContainer("fluentd", f"{code} fluentContainer; {_API}/fluentd_types.go SetDefaults", shorthand=resources, defaults=(_FLUENTD,), first=True),
        MainContainer("config-reloader", f"{code} newConfigMapReloader", shorthand=reloader),
        MainContainer("buffer-metrics-sidecar", f"{code} bufferMetricsSidecarContainer; {_API}/fluentd_types.go SetDefaults",
                      shorthand=Shorthand(f"{at}bufferVolumeResources", "requirements"), defaults=(_BUFFER,), if_any=_enabled(f"{at}bufferVolumeMetrics")),
        MainContainer("tmp-dir-hack", f"{code} tmpDirHackContainer (fluentd's resources)", shorthand=resources, defaults=(_FLUENTD,), init=True,
                      if_fields=(FieldIn(f"{at}security.securityContext.readOnlyRootFilesystem", ("true",)),)),
        MainContainer("volume-mount-hack", f"{code} volumeMountHackContainer", init=True, if_fields=(FieldIn(f"{at}volumeMountChmod", ("true",)),)),
        MainContainer("init-config-reloader", f"{code} generateInitContainer", shorthand=reloader, init=True,
                      if_fields=(FieldIn(f"{at}compressConfigFile", ("true",)),)),
    )  # fmt: skip
    return PodPath(path, "containers", containers=("sidecarContainers[*]",), count=(f"{at}scaling.replicas=1+",), label="fluentd", main=main,
                   empty_when_absent=made, always_made=made)  # fmt: skip


def _syslog_ng(prefix: str, made: bool) -> PodPath:
    """syslog-ng's StatefulSet from the SyslogNGSpec at ``prefix``, its ``statefulSet`` override merged over it."""
    code = f"{_REPO} pkg/resources/syslogng/statefulset.go"
    at = f"/{prefix}."
    mounts = FieldIn(f"{at}statefulSet.spec.template.spec.containers[*].volumeMounts[*].name", ("buffers",))
    named = FieldIn(f"{at}bufferVolumeMetrics.mount_name", ("buffers",), default="buffers")
    main = (
        MainContainer("syslog-ng", f"{code} syslogNGContainer, merged with statefulSet (operator-tools pkg/merge Merge)", defaults=(_SYSLOG_NG,), first=True),
        MainContainer("config-reloader", f"{code} configReloadContainer"),
        MainContainer("exporter", f"{code} syslogNGMetricsSidecarContainer",
                      if_fields=(FieldIn(f"{at}metrics", (), match="written"), FieldIn(f"{at}metrics.enabled", ("false",), negate=True))),
        MainContainer("buffer-metrics-sidecar", f"{code} bufferMetricsSidecarContainer; {_API}/syslogng_types.go SetDefaults",
                      shorthand=Shorthand(f"{at}bufferVolumeMetricsResources", "requirements"), defaults=(_BUFFER,),
                      if_any=tuple((*group, mounts, named) for group in _enabled(f"{at}bufferVolumeMetrics"))),
    )  # fmt: skip
    if_field = None if made else FieldIn(prefix, (), match="written")
    return PodPath(f"{prefix}.statefulSet.spec.template", count=(f"{at}statefulSet.spec.replicas=1",), label="syslog-ng", main=main,
                   empty_when_absent=True, always_made=True, if_field=if_field)  # fmt: skip


def _fluentbit(path: str, made: bool) -> PodPath:
    """fluent-bit's DaemonSet from the FluentbitSpec at ``path``."""
    code = f"{_REPO} pkg/resources/fluentbit/daemonset.go"
    at = f"/{path}."
    main = (
        MainContainer("fluent-bit", f"{code} fluentbitContainer; {_API}/logging_types.go FluentBitDefaults",
                      shorthand=Shorthand(f"{at}resources", "requirements"), defaults=(_FLUENTBIT,), first=True),
        MainContainer("config-reloader", f"{code} newConfigMapReloader", shorthand=Shorthand(f"{at}configHotReload.resources", "requirements"),
                      present=f"{at}configHotReload"),
        MainContainer("buffer-metrics-sidecar", f"{code} bufferMetricsSidecarContainer; {_API}/logging_types.go FluentBitDefaults",
                      shorthand=Shorthand(f"{at}bufferVolumeResources", "requirements"), defaults=(_BUFFER,), if_any=_enabled(f"{at}bufferVolumeMetrics")),
    )  # fmt: skip
    return PodPath(path, "containers", label="fluent-bit", main=main, empty_when_absent=made, always_made=made)


LOGGING_KINDS: Final = (
    WorkloadKind(_GROUP, "Logging", (_fluentd("spec.fluentd", False), _syslog_ng("spec.syslogNG", False), _fluentbit("spec.fluentbit", False)),
                 f"{_API}/logging_types.go"),
    WorkloadKind(_GROUP, "FluentdConfig", (_fluentd("spec", True),), f"{_API}/fluentd_config_types.go"),
    WorkloadKind(_GROUP, "SyslogNGConfig", (_syslog_ng("spec", True),), f"{_API}/syslogng_config_types.go"),
    WorkloadKind(_GROUP, "FluentbitAgent", (_fluentbit("spec", True),), f"{_API}/fluentbit_types.go"),
)  # fmt: skip


# The Logging operator's extensions (logging-extensions.banzaicloud.io/v1alpha1, pkg/sdk/extensions/api/v1alpha1):
# an EventTailer is a StatefulSet of one pod (pkg/resources/eventtailer/statefulset.go statefulSetSpec: ``Replicas:
# 1``) of ``event-tailer`` (extensionsconfig/config.go TailerAffix); a HostTailer a DaemonSet (pkg/resources/
# hosttailer/hosttailer.go Containers, DaemonSet) of one container a tailer of ``fileTailers`` then
# ``systemdTailers``, named by its ``name``, none for a ``disabled`` one, and no DaemonSet when none is left. Each
# container's resources are its ``containerOverrides.resources``, whole where written, else none
# (cisco-open/operator-tools pkg/types/base_types.go ContainerBase.Override); ``workloadOverrides.containers``
# override them again by name (PodSpecBase.Override): the pod is then as written.
_EXTENSIONS: Final = "logging-extensions.banzaicloud.io"
_OVERRIDDEN: Final = (("/spec.workloadOverrides.containers",), "workloadOverrides.containers replaces the containers' resources by name")


def _tailers(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """hosttailer.go MergeTailers and Containers: the tailers not disabled, file tailers first."""
    del obj
    out: list[tuple[Any, Pointer]] = []
    for field in ("fileTailers", "systemdTailers"):
        tailers = spec.get(field) if isinstance(spec, dict) else None
        for i, tailer in enumerate(tailers if isinstance(tailers, list) else []):
            if not isinstance(tailer, dict) or tailer.get("disabled") is True:
                continue
            container: dict[str, Any] = {"name": tailer.get("name")}
            overrides = tailer.get("containerOverrides")
            at: Pointer = (*pointer, field, i)
            if isinstance(overrides, dict) and overrides.get("resources") is not None:
                container["resources"] = overrides["resources"]
                at = (*at, "containerOverrides")
            out.append((container, at))
    return tuple(out), ()


LOGGING_EXTENSION_KINDS: Final = (
    WorkloadKind(
        _EXTENSIONS, "EventTailer",
        (PodPath("spec", "operator", count=("1",), label="event-tailer", empty_when_absent=True, always_made=True, patched_by=_OVERRIDDEN,
                 pod_fields="/spec.workloadOverrides", main=(
            MainContainer("event-tailer", f"{_REPO} pkg/resources/eventtailer/statefulset.go statefulSetSpec",
                          shorthand=Shorthand("/spec.containerOverrides.resources", "requirements")),
        )),),
        f"{_REPO} pkg/sdk/extensions/api/v1alpha1/eventtailer_types.go",
    ),
    WorkloadKind(
        _EXTENSIONS, "HostTailer",
        (PodPath("spec", "containers", label="host-tailer", assemble=_tailers, patched_by=_OVERRIDDEN, pod_fields="/spec.workloadOverrides"),),
        f"{_REPO} pkg/sdk/extensions/api/v1alpha1/hosttailer_types.go",
    ),
)  # fmt: skip
