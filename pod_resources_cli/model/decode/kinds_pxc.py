"""Percona Operator for MySQL based on Percona XtraDB Cluster
(percona/percona-xtradb-cluster-operator b3b0b10a7c2a, pxc.percona.com):
the operator builds every pod from the PerconaXtraDBCluster's own fields
(pkg/pxc/statefulset.go StatefulSet; pkg/apis/pxc/v1/pxc_types.go PodSpec,
CheckNSetDefaults). Its ``crVersion`` chooses what it builds; unset, the
operator writes its own version, 1.20.0 (pkg/controller/pxc/version.go
setCRVersion, pkg/version/version.txt). None of its StatefulSets runs while
``spec.pause`` (CheckNSetDefaults sets each size to 0).

- ``spec.pxc``: ``size`` pods (0 unset) of ``pxc`` (``pxc.resources``,
  pkg/pxc/app/statefulset/node.go AppContainer) and ``pxc.sidecars`` as
  written (one named as an operator's container is skipped:
  AddSidecarContainers); with ``pmm.enabled``, ``pmm-client``
  (``pmm.resources``; PMMContainer, pkg/pxc/app/pmm.go: the operator makes it
  only where its Secret holds a PMM server key or token, which is not in the
  manifest: taken as so); with ``logcollector.enabled`` (``crVersion``
  1.7.0 and later), ``logs`` and ``logrotate`` (``logcollector.resources``,
  LogCollectorContainer). Before 1.10.0 an empty ``pmm.resources`` or
  ``logcollector.resources`` is ``pxc.resources`` (CheckNSetDefaults).
- The init container ``pxc-init`` (init.go EntrypointInitContainer) takes
  ``initContainer.resources`` where it is written; else, from 1.14.0,
  CheckNSetDefaults' limits of 50m cpu and 50M memory (the API server makes
  them the requests too), and before 1.14.0 ``pxc.resources``.
- ``spec.haproxy`` (with ``enabled``) and ``spec.proxysql`` (likewise):
  ``size`` pods (0 unset) of ``haproxy`` or ``proxysql`` (``resources``),
  ``pxc-monit`` (and for ProxySQL without ``scheduler.enabled``
  ``proxysql-monit``) with ``sidecarResources`` (haproxy.go, proxysql.go
  SidecarContainers),
  ``pmm-client`` as above, ``sidecars`` as written; init containers
  ``pxc-init`` from 1.13.0 (as above) and ``haproxy-init`` or
  ``proxysql-init`` from 1.15.0 with ``initContainer.resources`` (the 50m/50M
  limits unset).
- With ``backup.pitr.enabled``, the binlog collector: one pod
  (pkg/pxc/app/binlogcollector/binlog-collector.go GetDeployment) of
  ``pitr`` (``backup.pitr.resources``) and the init container ``pitr-init``
  with ``initContainer.resources``, else none (init.go PitrInitContainer;
  from 1.14.0 the 50m/50M limits).

Not modelled: the ``xtrabackup`` sidecar (200m and 512Mi, requests and
limits) the XtrabackupSidecar feature gate adds to the pxc pods (off by
default, set in the operator's environment); below 1.15.0, the sizes the
operator raises to its safe values unless ``allowUnsafeConfigurations``
(setSafeDefaults); the scheduled backups' Jobs (``backup.schedule``), which
come and go and take their storage's resources.

A PerconaXtraDBClusterRestore runs a Job (pkg/pxc/backup/restore.go
RestoreJob, xtrabackupContainer): ``xtrabackup`` with ``spec.resources``;
its init container takes the cluster's ``initContainer.resources``, a
cluster before 1.13.0 gives ``xtrabackup`` its ``pxc.resources``, a backup
on a volume adds a ``restore-src`` pod (PVCRestorePod) and ``spec.pitr`` a
second Job: as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "percona/percona-xtradb-cluster-operator"
_APP: Final = f"{_REPO} pkg/pxc/app/statefulset"
_DEFAULTS: Final = f"{_REPO} pkg/apis/pxc/v1/pxc_types.go CheckNSetDefaults"
_OPERATOR_VERSION: Final = "1.20.0"  # what an unset crVersion becomes (setCRVersion)
_INIT_LIMITS: Final = OperatorDefaults(limits=(("cpu", "50m"), ("memory", "50M")))
_INIT_RESOURCES: Final = "/spec.initContainer.resources"
_PXC_RESOURCES: Final = "/spec.pxc.resources"


def _requirements(path: str) -> Shorthand:
    return Shorthand(path, "requirements")


def _since(version: str) -> FieldIn:
    return FieldIn("/spec.crVersion", (version,), _OPERATOR_VERSION, match="since")


def _before(version: str) -> FieldIn:
    return FieldIn("/spec.crVersion", (version,), _OPERATOR_VERSION, match="since", negate=True)


def _entrypoint_init(*when: FieldIn) -> tuple[MainContainer, ...]:
    """``pxc-init``: initContainer.resources where written (a pointer: ``{}`` too), else from 1.14.0 the
    operator's 50m/50M limits, before it pxc.resources (the second before-1.14 entry wins where both hold)."""
    source = f"{_APP}/init.go EntrypointInitContainer"
    return (
        MainContainer("pxc-init", f"{source}, {_DEFAULTS}", shorthand=_requirements(_INIT_RESOURCES), defaults=(_INIT_LIMITS,), init=True,
                      if_fields=(*when, _since("1.14.0"))),
        MainContainer("pxc-init", source, shorthand=_requirements(_PXC_RESOURCES), init=True, absent=_INIT_RESOURCES, if_fields=(*when, _before("1.14.0"))),
        MainContainer("pxc-init", source, shorthand=_requirements(_INIT_RESOURCES), init=True, present=_INIT_RESOURCES,
                      if_fields=(*when, _before("1.14.0"))),
    )  # fmt: skip


def _own_or_pxc(name: str, source: str, path: str, enabled: str, *when: FieldIn) -> tuple[MainContainer, ...]:
    """``path``'s resources; before 1.10.0, pxc.resources where they are empty (ResourceRequirements.Size() == 0:
    the last entry wins where both hold)."""
    own = _requirements(path)
    return (
        MainContainer(name, source, shorthand=own, enabled=enabled, if_fields=(*when, _since("1.10.0"))),
        MainContainer(name, source, shorthand=own, enabled=enabled, present=path, if_fields=(*when, _before("1.10.0"))),
        MainContainer(name, f"{source}, {_DEFAULTS}", shorthand=_requirements(_PXC_RESOURCES), enabled=enabled, absent=path,
                      if_fields=(*when, _before("1.10.0"))),
    )  # fmt: skip


def _pmm(code: str) -> tuple[MainContainer, ...]:
    return _own_or_pxc("pmm-client", f"{_APP}/{code} PMMContainer, {_REPO} pkg/pxc/app/pmm.go", "/spec.pmm.resources", "/spec.pmm.enabled")


def _logcollector(name: str) -> tuple[MainContainer, ...]:
    return _own_or_pxc(name, f"{_APP}/node.go LogCollectorContainer", "/spec.logcollector.resources", "/spec.logcollector.enabled", _since("1.7.0"))


def _proxy(at: str, name: str, code: str, init: str, *monitors: tuple[str, tuple[FieldIn, ...]]) -> PodPath:
    """HAProxy's or ProxySQL's pods, when ``enabled``: ``name`` and the operator's monitors beside it, ``sidecars`` as written."""
    spec = f"/spec.{at}"
    return PodPath(
        f"spec.{at}", "containers", enabled=f"{spec}.enabled", count=(f"{spec}.size=0", "!/spec.pause"), containers=("sidecars[*]",), label=at,
        main=(
            *_entrypoint_init(_since("1.13.0")),
            MainContainer(f"{name}-init", f"{_APP}/init.go {init}, {_DEFAULTS}",
                          shorthand=_requirements(_INIT_RESOURCES), defaults=(_INIT_LIMITS,), init=True, if_fields=(_since("1.15.0"),)),
            *_pmm(code),
            MainContainer(name, f"{_APP}/{code} AppContainer", shorthand=_requirements(f"{spec}.resources")),
            *(MainContainer(m, f"{_APP}/{code} SidecarContainers", shorthand=_requirements(f"{spec}.sidecarResources"), if_fields=when)
              for m, when in monitors),
        ),
    )  # fmt: skip


_NO_SCHEDULER: Final = FieldIn("/spec.proxysql.scheduler.enabled", ("false",), "false")  # the scheduler replaces ProxySQL's cluster mode
_PITR: Final = f"{_REPO} pkg/pxc/app/binlogcollector/binlog-collector.go GetDeployment"
_RESTORE: Final = (
    "the restore Job's init container takes the cluster's spec.initContainer.resources (and a cluster before crVersion 1.13.0 gives xtrabackup "
    "its spec.pxc.resources); a backup on a volume adds a restore-src pod, spec.pitr a second Job"
)

PXC_KINDS: Final = (
    WorkloadKind(
        "pxc.percona.com", "PerconaXtraDBCluster",
        (
            PodPath("spec.pxc", "containers", count=("/spec.pxc.size=0", "!/spec.pause"), containers=("sidecars[*]",), label="pxc", main=(
                *_entrypoint_init(),
                *_pmm("node.go"),
                *_logcollector("logs"),
                *_logcollector("logrotate"),
                MainContainer("pxc", f"{_APP}/node.go AppContainer", shorthand=_requirements(_PXC_RESOURCES)),
            )),
            _proxy("haproxy", "haproxy", "haproxy.go", "HaproxyEntrypointInitContainer", ("pxc-monit", ())),
            _proxy("proxysql", "proxysql", "proxysql.go", "ProxySQLEntrypointInitContainer", ("pxc-monit", ()), ("proxysql-monit", (_NO_SCHEDULER,))),
            PodPath("spec.backup.pitr", "operator", enabled="/spec.backup.pitr.enabled", count=("1", "!/spec.pause"), label="pitr", main=(
                MainContainer("pitr-init", f"{_APP}/init.go PitrInitContainer, {_DEFAULTS}", shorthand=_requirements(_INIT_RESOURCES),
                              defaults=(_INIT_LIMITS,), init=True, if_fields=(_since("1.14.0"),)),
                MainContainer("pitr-init", f"{_APP}/init.go PitrInitContainer", shorthand=_requirements(_INIT_RESOURCES), init=True,
                              if_fields=(_before("1.14.0"),)),
                MainContainer("pitr", _PITR, shorthand=_requirements("/spec.backup.pitr.resources")),
            )),
        ),
        f"{_REPO} pkg/apis/pxc/v1/pxc_types.go, pkg/pxc/statefulset.go",
    ),
    WorkloadKind(
        "pxc.percona.com", "PerconaXtraDBClusterRestore",
        (PodPath("spec", "operator", count=("1",), as_written=_RESTORE, main=(
            MainContainer("xtrabackup", f"{_REPO} pkg/pxc/backup/restore.go RestoreJob, xtrabackupContainer", shorthand=_requirements("/spec.resources")),
        )),),
        f"{_REPO} pkg/apis/pxc/v1/pxc_prestore_types.go",
    ),
)  # fmt: skip
