"""PlanetScale's Vitess operator (planetscale.com/v2, planetscale/vitess-operator
6b0a1b8cdbbf): a VitessCluster, and the VitessCell, VitessKeyspace,
VitessShard and EtcdLockserver objects it makes (each read the same way when
written directly). The operator builds every pod from its own fields; the
defaults it fills in are in pkg/apis/planetscale/v2 (defaults.go's
constants, *_defaults.go), each of ``requests`` and ``limits`` taken whole
where the written one is empty (``if len(...Resources.Requests) == 0``, then
the same for ``Limits``):

- the global lockserver (vitesscluster_defaults.go defaultGlobalLockserver):
  unless ``spec.globalLockserver.external`` is written, an EtcdLockserver of
  3 pods (pkg/operator/etcd/pod.go NumReplicas), ``etcd`` with
  ``globalLockserver.etcd.resources``, by default requests of 100m and 256Mi
  and a limit of 256Mi of memory (etcdlockserver_defaults.go
  DefaultEtcdLockserverTemplate); a cell's own lockserver only where
  ``cells[*].lockserver.etcd`` is written (vitesscell_defaults.go
  DefaultLocalLockserver);
- vtctld (vitesscluster_defaults.go DefaultVitessDashboard; controller/
  vitesscluster/reconcile_vtctld.go vtctldSpecs): one Deployment per cell
  named in ``vitessDashboard.cells`` that ``spec.cells`` has (all cells when
  none is named), ``vitessDashboard.replicas`` pods each (1 unset),
  ``vtctld`` by default requests of 100m and 128Mi, a 128Mi limit;
- vtadmin (DefaultVtAdmin; reconcile_vtadmin.go): only where
  ``spec.vtadmin`` is written and so is ``spec.images.vtadmin`` (no default
  image: reconcileVtadmin deploys nothing without it), per cell as vtctld,
  ``vtadmin-api`` and ``vtadmin-web`` with ``apiResources`` and
  ``webResources``, each by default as vtctld's;
- vtgate (vitesscell_defaults.go DefaultVitessGateway): each cell's
  ``gateway.replicas`` pods (2 unset), ``vtgate`` by default requests of
  500m and 1Gi, a 1Gi limit;
- the tablets (pkg/operator/vttablet/pod.go UpdatePod): each tablet pool
  (``tabletPools[*]``, ``replicas`` pods, a required int32) of each shard:
  ``equal.parts`` shards of an equal partitioning's ``shardTemplate``, each
  of a custom partitioning's ``shards``. ``vttablet`` takes
  ``vttablet.resources``, ``mysqld`` ``mysqld.resources`` (only with
  ``mysqld`` written: an ``externalDatastore`` pool has no mysqld),
  ``mysqld-exporter`` beside mysqld with ``mysqldExporter.resources`` where
  they name requests or limits, else requests of 10m and 32Mi and limits of
  100m and 128Mi (constants.go mysqldExporter*); the init containers
  ``init-vt-root`` and, with a ``dataVolumeClaimTemplate``,
  ``init-mysql-socket`` (mysqlctld.go) request 100m and 32Mi
  (DefaultInitCPURequestMillis, DefaultInitMemoryRequestBytes) with
  vttablet's resources set over them key by key (update.ResourceRequirements);
  the pool's ``initContainers`` and ``sidecarContainers`` as written. No
  defaults for vttablet and mysqld: final;
- vtorc (vitesskeyspace_defaults.go DefaultVitessOrchestrator, always made
  for a keyspace; controller/vitessshard/reconcile_vtorc.go vtorcSpecs): one
  pod per shard and per cell of the shard's ``replica`` pools, ``vtorc`` by
  default as vtctld's. A VitessShard written directly has no vtorc unless its
  ``vitessOrchestrator`` is written (DefaultVitessShard leaves it nil).

Every component's ``initContainers`` and ``sidecarContainers`` join its pods
as written. Left out: the vtbackup pod a shard with backup locations runs
once for its first backup (controller/vitessshard/reconcile_backup_job.go,
the first pool's mysqld resources), the scheduled backup Jobs, and the
``vitess`` PriorityClass the operator gives its pods (a flag of the operator,
deploy/priority.yaml).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import value_at
from pod_resources_cli.model.decode.kind_types import (
    FieldIn,
    MainContainer,
    OperatorDefaults,
    PodPath,
    Shorthand,
    WorkloadKind,
)

_REPO: Final = "planetscale/vitess-operator"
_API: Final = f"{_REPO} pkg/apis/planetscale/v2"
_INIT: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "32Mi")), merge=True)
_EXPORTER: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "32Mi")), limits=(("cpu", "100m"), ("memory", "128Mi")))


def _defaults(cpu: str, memory: str) -> OperatorDefaults:
    """A component's defaults (defaults.go): requests of cpu and memory, a limit of the same memory, each map
    taken whole where the written one is empty."""
    return OperatorDefaults(requests=(("cpu", cpu), ("memory", memory)), limits=(("memory", memory),), maps=True)


_ETCD: Final = _defaults("100m", "256Mi")  # defaultEtcdCPUMillis, defaultEtcdMemoryBytes
_VTCTLD: Final = _defaults("100m", "128Mi")  # defaultVtctldCPUMillis, defaultVtctldMemoryBytes (vtadmin's and vtorc's alike)
_VTGATE: Final = _defaults("500m", "1Gi")  # defaultVtgateCPUMillis, defaultVtgateMemoryBytes
_VTORC: Final = _defaults("100m", "128Mi")  # defaultVtorcCPUMillis, defaultVtorcMemoryBytes


def _main(name: str, resources: str, defaults: OperatorDefaults | None, source: str) -> MainContainer:
    return MainContainer(name, f"{_REPO} {source}", shorthand=Shorthand(resources, "requirements"), defaults=(defaults,) if defaults else ())


def _pod(path: str, count: tuple[str, ...], main: tuple[MainContainer, ...], label: str, *, name: str | None = None, made: bool = False,
         always: bool = False, if_field: FieldIn | None = None, tally: Any = None) -> PodPath:  # fmt: skip
    """A component's pods: the operator's containers, and the component's own ``initContainers`` and
    ``sidecarContainers`` as written; ``made``: also where the path's last field is not written (its defaults),
    ``always``: also where nothing of the path is."""
    return PodPath(path, "containers", name=name, count=count, containers=("sidecarContainers[*]",), init_containers=("initContainers[*]",),
                   label=label, main=main, empty_when_absent=made, always_made=always, if_field=if_field, tally=tally)  # fmt: skip


def _replica_cells(pools: Any) -> int:
    """The cells of a shard's ``replica`` pools, each once (vtorcSpecs: no more than one VTOrc per cell)."""
    items = pools if isinstance(pools, list) else []
    return len({p.get("cell") for p in items if isinstance(p, dict) and p.get("type") == "replica" and isinstance(p.get("cell"), str)})


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0



def _keyspace_vtorcs(keyspace: Any) -> int:
    """A keyspace's vtorc pods: each partitioning's shards, by their replica pools' cells (an equal partitioning's
    ``parts`` shards all of its ``shardTemplate``)."""
    total = 0
    partitionings = value_at(keyspace, ("partitionings",))
    for part in partitionings if isinstance(partitionings, list) else []:
        total += _int(value_at(part, ("equal", "parts"))) * _replica_cells(value_at(part, ("equal", "shardTemplate", "tabletPools")))
        shards = value_at(part, ("custom", "shards"))
        total += sum(_replica_cells(value_at(s, ("tabletPools",))) for s in (shards if isinstance(shards, list) else []))
    return total


def _cells(component: str) -> Any:
    """How many cells get a vtctld (vtadmin) Deployment: those the component names that ``spec.cells`` has, each
    once, else all of ``spec.cells`` (vtctldSpecs, vtadminSpecs)."""

    def tally(obj: dict[str, Any], element: Any) -> int:
        cells = value_at(obj, ("spec", "cells"))
        names = [c.get("name") for c in (cells if isinstance(cells, list) else []) if isinstance(c, dict)]
        wanted = value_at(obj, ("spec", component, "cells"))
        if isinstance(wanted, list) and wanted:
            return len({w for w in wanted if w in names})
        return len(names)

    return tally


def _tablets(prefix: str) -> tuple[PodPath, ...]:
    """The tablet pools of a keyspace's shards (``prefix``: where the keyspace's ``partitionings`` are)."""
    source = "pkg/operator/vttablet/pod.go UpdatePod"
    init = "pkg/operator/vttablet/mysqlctld.go tabletInitContainers, vttablet's resources set over them (pod.go)"
    main = (
        _main("vttablet", "vttablet.resources", None, source),
        MainContainer("mysqld", f"{_REPO} {source}", shorthand=Shorthand("mysqld.resources", "requirements"), present="mysqld"),
        MainContainer("mysqld-exporter", f"{_REPO} {source}; constants.go mysqldExporterCPURequestMillis...",
                      shorthand=Shorthand("mysqldExporter.resources", "requirements", empty_is_unset=True), defaults=(_EXPORTER,), present="mysqld"),
        MainContainer("init-vt-root", f"{_REPO} {init}", shorthand=Shorthand("vttablet.resources", "requirements"), defaults=(_INIT,),
                      init=True, first=True),
        MainContainer("init-mysql-socket", f"{_REPO} {init}", shorthand=Shorthand("vttablet.resources", "requirements"), defaults=(_INIT,),
                      init=True, present="dataVolumeClaimTemplate"),
    )  # fmt: skip
    equal = _pod(f"{prefix}partitionings[*].equal.shardTemplate.tabletPools[*]", ("replicas=0", "^equal.parts=0"), main, "tablets", name="type")
    custom = _pod(f"{prefix}partitionings[*].custom.shards[*].tabletPools[*]", ("replicas=0",), main, "tablets", name="type")
    return equal, custom


def _vtorc(path: str, resources: str, tally: Any, made: bool, name: str | None = None) -> PodPath:
    main = (_main("vtorc", resources, _VTORC, "pkg/operator/vtorc/deployment.go; controller/vitessshard/reconcile_vtorc.go vtorcSpecs"),)
    return _pod(path, (), main, "vtorc", name=name, made=made, always=made, tally=tally)


def _etcd(path: str, resources: str, label: str, *, name: str | None = None, made: bool = False, if_field: FieldIn | None = None) -> PodPath:
    main = (_main("etcd", resources, _ETCD, "pkg/operator/etcd/pod.go (NumReplicas = 3)"),)
    return _pod(path, ("3",), main, label, name=name, made=made, always=made, if_field=if_field)


def _gateway(path: str, count: str, resources: str, *, name: str | None = None) -> PodPath:
    main = (_main("vtgate", resources, _VTGATE, "pkg/operator/vtgate/deployment.go"),)
    return _pod(path, (count,), main, "vtgate", name=name, made=True, always=True)


def _cluster() -> tuple[PodPath, ...]:
    dashboard = (_main("vtctld", "/spec.vitessDashboard.resources", _VTCTLD, "pkg/operator/vtctld/deployment.go"),)
    admin = (
        _main("vtadmin-api", "/spec.vtadmin.apiResources", _VTCTLD, "pkg/operator/vtadmin/deployment.go"),
        _main("vtadmin-web", "/spec.vtadmin.webResources", _VTCTLD, "pkg/operator/vtadmin/deployment.go"),
    )
    return (
        _etcd("spec.globalLockserver.etcd", "/spec.globalLockserver.etcd.resources", "global lockserver etcd", made=True,
              if_field=FieldIn("spec.globalLockserver.external", (), match="written", negate=True)),
        _pod("spec.vitessDashboard", ("/spec.vitessDashboard.replicas=1",), dashboard, "vtctld", made=True, always=True, tally=_cells("vitessDashboard")),
        _pod("spec.vtadmin", ("/spec.vtadmin.replicas=1",), admin, "vtadmin", tally=_cells("vtadmin"),
             if_field=FieldIn("spec.images.vtadmin", (), match="written")),
        _gateway("spec.cells[*].gateway", "gateway.replicas=2", "gateway.resources", name="name"),
        _etcd("spec.cells[*].lockserver.etcd", "lockserver.etcd.resources", "lockserver etcd", name="name"),
        _vtorc("spec.keyspaces[*].vitessOrchestrator", "vitessOrchestrator.resources", lambda obj, ks: _keyspace_vtorcs(ks), True, name="name"),
        *_tablets("spec.keyspaces[*]."),
    )  # fmt: skip


def _shard_vtorcs(obj: dict[str, Any], element: Any) -> int:
    return _replica_cells(value_at(obj, ("spec", "tabletPools")))


VITESS_KINDS: Final = (
    WorkloadKind("planetscale.com", "VitessCluster", _cluster(), f"{_API}/vitesscluster_types.go, vitesscluster_defaults.go"),
    WorkloadKind("planetscale.com", "VitessCell", (
        _gateway("spec.gateway", "spec.gateway.replicas=2", "spec.gateway.resources"),
        _etcd("spec.lockserver.etcd", "spec.lockserver.etcd.resources", "lockserver etcd"),
    ), f"{_API}/vitesscell_types.go, vitesscell_defaults.go"),
    WorkloadKind("planetscale.com", "VitessKeyspace", (
        _vtorc("spec.vitessOrchestrator", "spec.vitessOrchestrator.resources", lambda obj, el: _keyspace_vtorcs(value_at(obj, ("spec",))), True),
        *_tablets("spec."),
    ), f"{_API}/vitesskeyspace_types.go, vitesskeyspace_defaults.go"),
    WorkloadKind("planetscale.com", "VitessShard", (
        _vtorc("spec.vitessOrchestrator", "spec.vitessOrchestrator.resources", _shard_vtorcs, False),
        PodPath("spec.tabletPools[*]", "containers", name="type", count=("replicas=0",), containers=("sidecarContainers[*]",),
                init_containers=("initContainers[*]",), label="tablets", main=_tablets("spec.")[1].main),
    ), f"{_API}/vitessshard_types.go, vitessshard_defaults.go"),
    WorkloadKind("planetscale.com", "EtcdLockserver", (
        _etcd("spec", "spec.resources", "etcd", made=True),
    ), f"{_API}/etcdlockserver_types.go, etcdlockserver_defaults.go"),
)  # fmt: skip
