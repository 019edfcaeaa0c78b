"""Percona Operator for MySQL based on Percona Server (ps.percona.com; percona/percona-server-mysql-operator @9adfefaacaaf
api/v1/perconaservermysql_types.go): the operator builds every pod of a
PerconaServerMySQL from its own fields; CheckNSetDefaults sets no resources,
``mysql.clusterType`` unset is ``group-replication``, ``crVersion`` unset is
the operator's, 1.3.0 (pkg/k8s/utils.go setCRVersion, pkg/version/
version.txt), and ``spec.pause`` sets every size to 0.

- MySQL (pkg/mysql/mysql.go StatefulSet): ``mysql.size`` pods (0 unset) of
  ``mysql`` (``mysql.resources``), ``xtrabackup`` with ``backup.enabled``
  (``backup.resources``), ``pt-heartbeat`` for an ``async`` cluster with
  the orchestrator (``toolkit.resources``), ``pmm-client`` with
  ``pmm.enabled`` (``pmm.resources``, pkg/pmm/container.go; made only where
  the cluster's Secret holds a PMM server token, which is not in the
  manifest: taken as so), then ``mysql.sidecars`` as written.
- HAProxy (pkg/haproxy/haproxy.go) with ``proxy.haproxy.enabled``:
  ``size`` pods of ``haproxy`` (``resources``) and ``mysql-monit``
  (``sidecarResources.mysql-monit`` from crVersion 1.2.0, none where that
  key is absent; before, ``resources``), and ``pmm-client`` as above.
- MySQL Router (pkg/router/router.go Deployment) with
  ``proxy.router.enabled``: ``size`` pods of ``router`` (``resources``).
- Orchestrator (pkg/orchestrator/orchestrator.go StatefulSet): only for an
  ``async`` cluster, unless ``unsafeFlags.orchestrator`` without
  ``orchestrator.enabled`` (OrchestratorEnabled): ``orchestrator.size`` pods
  of ``orchestrator`` and ``mysql-monit``, both with
  ``orchestrator.resources``.
- The binlog server (pkg/binlogserver/binlog_server.go StatefulSet) with
  ``backup.pitr.enabled`` and ``backup.pitr.binlogServer`` written
  (PiTREnabled): one pod of ``binlog-server`` (its ``resources``).
- Each pod's init container ``<component>-init`` (pkg/k8s/init_image.go
  InitContainer) takes the component's ``initContainer.resources`` where
  written, else ``spec.initContainer.resources``, else the component's
  ``resources`` (the binlog server's has no own ``initContainer``).

The pods are final. Not modelled: the backup and restore Jobs
(PerconaServerMySQLBackup, PerconaServerMySQLRestore), which come and go,
and PerconaServerMySQLClusterSet.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "percona/percona-server-mysql-operator"
_INIT: Final = f"{_REPO} pkg/k8s/init_image.go InitContainer"
_TOP_INIT: Final = "/spec.initContainer.resources"
_OPERATOR_VERSION: Final = "1.3.0"  # what an unset crVersion becomes (setCRVersion)
_ASYNC: Final = FieldIn("/spec.mysql.clusterType", ("async",), "group-replication")
_ASYNC_CLUSTER: Final = FieldIn("spec.mysql.clusterType", ("async",), "group-replication")  # a PodPath's test: from the root, no "/"
_ORC_ENABLED: Final = FieldIn("/spec.orchestrator.enabled", ("true",))


def _written(path: str, negate: bool = False) -> FieldIn:
    return FieldIn(path, (), match="written", negate=negate)


def _requirements(path: str) -> Shorthand:
    return Shorthand(path, "requirements")


def _init(name: str, resources: str, own: str | None) -> tuple[MainContainer, ...]:
    """``<name>``: ``own`` (the component's initContainer.resources, a pointer: ``{}`` too) where written, else
    spec.initContainer.resources, else ``resources``; one entry holds."""
    without_own = (_written(own, negate=True),) if own is not None else ()
    made = [
        MainContainer(name, _INIT, shorthand=_requirements(resources), init=True, if_fields=(_written(_TOP_INIT, negate=True), *without_own)),
        MainContainer(name, _INIT, shorthand=_requirements(_TOP_INIT), init=True, if_fields=(_written(_TOP_INIT), *without_own)),
    ]
    if own is not None:
        made.append(MainContainer(name, _INIT, shorthand=_requirements(own), init=True, if_fields=(_written(own),)))
    return tuple(made)


def _pmm(code: str) -> MainContainer:
    return MainContainer("pmm-client", f"{_REPO} {code}, pkg/pmm/container.go Container", shorthand=_requirements("/spec.pmm.resources"),
                         enabled="/spec.pmm.enabled")  # fmt: skip


def _component(path: str, label: str, main: tuple[MainContainer, ...], *conditions: FieldIn) -> PodPath:
    """A component the operator builds from ``path``'s fields: ``size`` pods (0 unset) where each condition holds."""
    return PodPath(path, "operator", count=(f"/{path}.size=0", "!/spec.pause"), label=label, main=main, pod_fields=f"/{path}",
                   if_field=conditions or None, empty_when_absent=True)  # fmt: skip


_MYSQL: Final = f"{_REPO} pkg/mysql/mysql.go"
_HAPROXY: Final = f"{_REPO} pkg/haproxy/haproxy.go"
_ORC: Final = f"{_REPO} pkg/orchestrator/orchestrator.go"
_MONIT_SINCE: Final = FieldIn("/spec.crVersion", ("1.2.0",), _OPERATOR_VERSION, match="since")
_MONIT_BEFORE: Final = FieldIn("/spec.crVersion", ("1.2.0",), _OPERATOR_VERSION, match="since", negate=True)


def _orchestrator(*conditions: FieldIn) -> PodPath:
    main = (
        *_init("orchestrator-init", "/spec.orchestrator.resources", "/spec.orchestrator.initContainer.resources"),
        MainContainer("orchestrator", f"{_ORC} container", shorthand=_requirements("/spec.orchestrator.resources")),
        MainContainer("mysql-monit", f"{_ORC} sidecarContainers", shorthand=_requirements("/spec.orchestrator.resources")),
    )
    return _component("spec.orchestrator", "orchestrator", main, _ASYNC_CLUSTER, *conditions)


PS_MYSQL_KINDS: Final = (
    WorkloadKind(
        "ps.percona.com", "PerconaServerMySQL",
        (
            PodPath("spec.mysql", "containers", count=("/spec.mysql.size=0", "!/spec.pause"), containers=("sidecars[*]",), label="mysql",
                    pod_fields="/spec.mysql", main=(
                *_init("mysql-init", "/spec.mysql.resources", "/spec.mysql.initContainer.resources"),
                MainContainer("mysql", f"{_MYSQL} mysqldContainer", shorthand=_requirements("/spec.mysql.resources"), first=True),
                MainContainer("xtrabackup", f"{_MYSQL} backupContainer", shorthand=_requirements("/spec.backup.resources"), enabled="/spec.backup.enabled"),
                MainContainer("pt-heartbeat", f"{_MYSQL} heartbeatContainer", shorthand=_requirements("/spec.toolkit.resources"),
                              if_any=((_ASYNC, FieldIn("/spec.unsafeFlags.orchestrator", ("true",), negate=True)), (_ASYNC, _ORC_ENABLED))),
                _pmm("pkg/mysql/mysql.go containers"),
            )),
            _component("spec.proxy.haproxy", "haproxy", (
                *_init("haproxy-init", "/spec.proxy.haproxy.resources", "/spec.proxy.haproxy.initContainer.resources"),
                MainContainer("haproxy", f"{_HAPROXY} haproxyContainer", shorthand=_requirements("/spec.proxy.haproxy.resources")),
                MainContainer("mysql-monit", f"{_HAPROXY} mysqlMonitContainer", shorthand=_requirements("/spec.proxy.haproxy.sidecarResources.mysql-monit"),
                              if_fields=(_MONIT_SINCE,)),
                MainContainer("mysql-monit", f"{_HAPROXY} mysqlMonitContainer", shorthand=_requirements("/spec.proxy.haproxy.resources"),
                              if_fields=(_MONIT_BEFORE,)),
                _pmm("pkg/haproxy/haproxy.go containers"),
            ), FieldIn("spec.proxy.haproxy.enabled", ("true",))),
            _component("spec.proxy.router", "router", (
                *_init("router-init", "/spec.proxy.router.resources", "/spec.proxy.router.initContainer.resources"),
                MainContainer("router", f"{_REPO} pkg/router/router.go routerContainer", shorthand=_requirements("/spec.proxy.router.resources")),
            ), FieldIn("spec.proxy.router.enabled", ("true",))),
            _orchestrator(FieldIn("spec.unsafeFlags.orchestrator", ("true",), negate=True)),
            _orchestrator(FieldIn("spec.unsafeFlags.orchestrator", ("true",)), FieldIn("spec.orchestrator.enabled", ("true",))),
            PodPath("spec.backup.pitr.binlogServer", "operator", count=("1", "!/spec.pause"), label="binlog-server",
                    pod_fields="/spec.backup.pitr.binlogServer", if_field=FieldIn("spec.backup.pitr.enabled", ("true",)), main=(
                *_init("binlog-server-init", "/spec.backup.pitr.binlogServer.resources", None),
                MainContainer("binlog-server", f"{_REPO} pkg/binlogserver/binlog_server.go binlogServerContainer",
                              shorthand=_requirements("/spec.backup.pitr.binlogServer.resources")),
            )),
        ),
        f"{_REPO} api/v1/perconaservermysql_types.go",
    ),
)  # fmt: skip
