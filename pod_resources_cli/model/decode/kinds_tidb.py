"""PingCAP's TiDB operator v2 (pingcap/tidb-operator 42684baa3d1c, main,
core.pingcap.com): each component's group (PDGroup, TiKVGroup, TiDBGroup,
TiFlashGroup, TiCDCGroup, TiProxyGroup, TSOGroup, SchedulingGroup,
SchedulerGroup, ResourceManagerGroup, RouterGroup, TiKVWorkerGroup, DMGroup,
DMWorkerGroup) makes ``spec.replicas`` instances (a required int32 with no
default: 0 unset) from ``spec.template`` (api/core/v1alpha1/*_types.go
<X>GroupSpec); each instance (PD, TiKV...: ``spec`` inlines the template's
spec, ``replicas`` fixed at 1) is one pod the operator builds itself
(pkg/controllers/<x>/tasks/pod.go newPod):

- the component's container (``pd``, ``tikv``, ``tidb``, ``tiflash``,
  ``ticdc``, ``tiproxy``, ``tso``, ``scheduling``, ``scheduler``,
  ``resource-manager``, ``router``, ``tikv-worker``, ``dm-master``,
  ``dm-worker``; api/core/v1alpha1/names.go) takes ``resources.cpu`` and
  ``resources.memory``, each both the request and the limit, nothing when
  neither is written (pkg/utils/k8s/pod.go GetResourceRequirements);
- TiKV and TiCDC run the init container ``ti-prestop-checker`` first, with no
  resources (so their pods are never Guaranteed);
- TiDB with ``slowLog`` written runs the sidecar ``ti-slowlog`` (an init
  container with restartPolicy Always) with ``slowLog.resources``
  (buildSlowLogContainer); TiFlash always runs the sidecars ``ti-serverlog``
  and ``ti-errorlog``, with ``logTailer.resources`` (buildLogTailerContainer).

``overlay.pod`` is merged over the pod last (pkg/overlay OverlayPod): where
its ``spec`` is written the pod is as written. Not modelled: the
``ti-resource-syncer`` sidecar a TiCDC pod gets when the Cluster (another
object) enables the TiCDCDynamicSecretSyncer feature gate; it sets no
resources, so it changes neither the pod's requests nor its limits (already
unbounded by ti-prestop-checker) nor its QoS class.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "pingcap/tidb-operator"
_GROUP: Final = "core.pingcap.com"
_RESOURCES: Final = f"{_REPO} pkg/utils/k8s/pod.go GetResourceRequirements"
_OVERLAY: Final = "the TiDB operator merges overlay.pod over the pod it builds, which can set any container's resources or add containers"

# (kind, controller directory, main container, its Go types file)
_COMPONENTS: Final = (
    ("PD", "pd", "pd", "pd_types.go"),
    ("TiKV", "tikv", "tikv", "tikv_types.go"),
    ("TiDB", "tidb", "tidb", "tidb_types.go"),
    ("TiFlash", "tiflash", "tiflash", "tiflash_types.go"),
    ("TiCDC", "ticdc", "ticdc", "ticdc_types.go"),
    ("TiProxy", "tiproxy", "tiproxy", "tiproxy_types.go"),
    ("TSO", "tso", "tso", "tso_types.go"),
    ("Scheduling", "scheduling", "scheduling", "scheduling_types.go"),
    ("Scheduler", "scheduler", "scheduler", "scheduler_types.go"),
    ("ResourceManager", "resourcemanager", "resource-manager", "resourcemanager_types.go"),
    ("Router", "router", "router", "router_types.go"),
    ("TiKVWorker", "tikvworker", "tikv-worker", "tikv_worker_types.go"),
    ("DM", "dm", "dm-master", "dm_types.go"),
    ("DMWorker", "dmworker", "dm-worker", "dmworker_types.go"),
)


def _mains(spec: str, controller: str, name: str) -> tuple[MainContainer, ...]:
    """The containers newPod makes from the template spec at ``spec`` (from the root)."""
    pod = f"{_REPO} pkg/controllers/{controller}/tasks/pod.go"
    main = MainContainer(name, f"{pod} newPod, {_RESOURCES}", shorthand=Shorthand(f"/{spec}.resources", "equal"))
    if controller in ("tikv", "ticdc"):
        return (MainContainer("ti-prestop-checker", f"{pod} newPod", init=True), main)
    if controller == "tidb":
        slowlog = MainContainer(
            "ti-slowlog", f"{pod} buildSlowLogContainer", shorthand=Shorthand(f"/{spec}.slowLog.resources", "equal"), present=f"/{spec}.slowLog",
            init=True, sidecar=True,
        )  # fmt: skip
        return (main, slowlog)
    if controller == "tiflash":
        tailers = tuple(
            MainContainer(tailer, f"{pod} buildLogTailerContainer", shorthand=Shorthand(f"/{spec}.logTailer.resources", "equal"), init=True, sidecar=True)
            for tailer in ("ti-serverlog", "ti-errorlog")
        )
        return (*tailers, main)
    return (main,)


def _kinds(kind: str, controller: str, name: str, types: str) -> tuple[WorkloadKind, WorkloadKind]:
    source = f"{_REPO} api/core/v1alpha1/{types}"
    group = PodPath(
        "spec.template.spec", "operator", count=("/spec.replicas=0",), main=_mains("spec.template.spec", controller, name),
        patched_by=(("/spec.template.spec.overlay.pod.spec",), _OVERLAY),
    )  # fmt: skip
    instance = PodPath("spec", "operator", count=("1",), main=_mains("spec", controller, name), patched_by=(("/spec.overlay.pod.spec",), _OVERLAY))
    return WorkloadKind(_GROUP, f"{kind}Group", (group,), f"{source} {kind}GroupSpec"), WorkloadKind(_GROUP, kind, (instance,), f"{source} {kind}Spec")


TIDB_KINDS: Final[tuple[WorkloadKind, ...]] = tuple(k for component in _COMPONENTS for k in _kinds(*component))
