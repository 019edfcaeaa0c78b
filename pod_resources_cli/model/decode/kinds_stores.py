"""Database and storage operators whose custom resources carry each
component's resources, and which build every pod themselves: the pods are
final, each container's resources exactly what the object writes (neither
operator applies a default).

- Percona's PerconaServerMongoDB (psmdb.percona.com, percona/
  percona-server-mongodb-operator b15af50030bf pkg/psmdb/statefulset.go,
  mongos.go; pkg/apis/psmdb/v1/psmdb_defaults.go sets no resources):
  ``<cr>-<rs>`` pods (``replsets[*].size``) of ``mongod``
  (``replsets[*].resources``) and the replset's ``sidecars`` as written;
  with ``arbiter``, ``nonvoting`` or ``hidden`` enabled, their own pods
  (``size``; ``mongod-arbiter``, ``mongod-nv``, ``mongod-hidden``); with
  sharding enabled, the config servers (``sharding.configsvrReplSet``,
  ``mongod``) and ``mongos`` (``sharding.mongos``). Every data pod but the
  arbiter's also runs ``backup-agent`` (``spec.backup.resources``) when
  ``backup.enabled``, ``pmm-client`` (``spec.pmm.resources``) when
  ``pmm.enabled`` (and its secret holds the server's credentials, which is
  not in the manifest: taken as so), ``logs`` and ``logrotate``
  (``spec.logcollector.resources``) when ``logcollector.enabled`` (for a
  ``crVersion`` of 1.21.0 or later; an older one gets neither, not told
  apart here); mongos runs only ``pmm-client`` of those. The ``mongo-init``
  init container copies the main container's resources, so it changes no
  pod total and is not modelled. A size left unset is no count.
- PerconaServerMongoDBClusterSync: one ``pcsm`` pod from ``spec.resources``
  (pkg/controller/clustersync).
- MinIO's Tenant (minio.min.io, minio/operator 0ee2c254677e
  pkg/resources/statefulsets/minio-statefulset.go, kes-statefulset.go;
  helper.go EnsureDefaults sets no resources): per pool, ``servers`` pods of
  ``minio`` (``pools[*].resources``), the operator's ``sidecar`` and its
  ``validate-arguments`` init container (``spec.sideCars.resources``, else
  none), ``spec.sideCars.containers`` and ``spec.initContainers`` as
  written; with ``spec.kes``, ``kes.replicas`` (2 when unset) pods of
  ``kes`` (``spec.kes.resources``). ``validate-arguments`` has the sidecar's
  resources, so it changes no pod total and is not modelled.
- MariaDB's operator (k8s.mariadb.com, mariadb-operator/mariadb-operator
  8970edf8368c pkg/builder/container_builder.go; api/v1alpha1 sets no
  resources): a MariaDB's ``spec.replicas`` (1 when unset) pods of
  ``mariadb`` (``spec.resources``), with Galera or replication enabled the
  ``agent`` (``galera.agent.resources``, else ``replication.agent``), then
  ``sidecarContainers`` and ``initContainers`` as written (the HA ``init``
  init container, from ``galera.initContainer``, is left out); a MaxScale's
  ``spec.replicas`` pods of ``maxscale`` (``spec.resources``); with
  ``spec.metrics.enabled``, an ``exporter`` pod (``metrics.exporter.resources``,
  deployment_builder.go). The Backup, Restore and SqlJob Jobs take their
  resources from the MariaDB they name where they set none: not modelled.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_PSMDB: Final = "percona/percona-server-mongodb-operator"
_STS: Final = f"{_PSMDB} pkg/psmdb/statefulset.go"


def _requirements(path: str) -> Shorthand:
    return Shorthand(path, "requirements")


# The operator's containers beside a data pod's mongod (statefulset.go:286-437), each when its section is enabled.
_BESIDE_MONGOD: Final = (
    MainContainer("backup-agent", f"{_PSMDB} pkg/psmdb/backup.go", shorthand=_requirements("/spec.backup.resources"), enabled="/spec.backup.enabled"),
    MainContainer("pmm-client", f"{_PSMDB} pkg/psmdb/pmm.go", shorthand=_requirements("/spec.pmm.resources"), enabled="/spec.pmm.enabled"),
    MainContainer("logs", f"{_PSMDB} pkg/psmdb/logcollector/container.go", shorthand=_requirements("/spec.logcollector.resources"), enabled="/spec.logcollector.enabled"),
    MainContainer("logrotate", f"{_PSMDB} pkg/psmdb/logcollector/logrotate/container.go", shorthand=_requirements("/spec.logcollector.resources"),
                  enabled="/spec.logcollector.enabled"),
)  # fmt: skip


def _mongod(member: str | None, name: str, *, beside: bool = True) -> PodPath:
    """A replica set's pods (``member``: its arbiter, nonvoting or hidden members, when enabled): ``name`` from
    their ``resources``, their ``size``, their sidecars as written."""
    within = f"{member}." if member else ""
    main = (MainContainer(name, _STS, shorthand=_requirements(f"{within}resources")), *(_BESIDE_MONGOD if beside else ()))
    return PodPath(
        f"spec.replsets[*]{'.' + member if member else ''}", "containers", name="name", count=(f"{within}size=?",), containers=("sidecars[*]",),
        main=main, label=member, enabled="enabled" if member else None,
    )  # fmt: skip


PSMDB_KINDS: Final = (
    WorkloadKind(
        "psmdb.percona.com", "PerconaServerMongoDB",
        (
            _mongod(None, "mongod"),
            _mongod("arbiter", "mongod-arbiter", beside=False),
            _mongod("nonvoting", "mongod-nv"),
            _mongod("hidden", "mongod-hidden"),
            PodPath("spec.sharding.configsvrReplSet", "containers", count=("spec.sharding.configsvrReplSet.size=?",), containers=("sidecars[*]",),
                    main=(MainContainer("mongod", _STS, shorthand=_requirements("spec.sharding.configsvrReplSet.resources")), *_BESIDE_MONGOD),
                    label="cfg", enabled="/spec.sharding.enabled"),
            PodPath("spec.sharding.mongos", "containers", count=("spec.sharding.mongos.size=0",), containers=("sidecars[*]",),
                    main=(MainContainer("mongos", f"{_PSMDB} pkg/psmdb/mongos.go", shorthand=_requirements("spec.sharding.mongos.resources")), _BESIDE_MONGOD[1]),
                    label="mongos", enabled="/spec.sharding.enabled"),
        ),
        f"{_PSMDB} pkg/apis/psmdb/v1/psmdb_types.go",
    ),
    WorkloadKind(
        "psmdb.percona.com", "PerconaServerMongoDBClusterSync",
        (PodPath("spec", "operator", count=("1",), main=(MainContainer("pcsm", f"{_PSMDB} pkg/controller/clustersync", shorthand=_requirements("spec.resources")),)),),
        f"{_PSMDB} pkg/apis/psmdb/v1/perconaservermongodbclustersync_types.go",
    ),
)  # fmt: skip

_MINIO: Final = "minio/operator pkg/resources/statefulsets"
_MINIO_SIDECARS: Final = _requirements("/spec.sideCars.resources")

TENANT: Final = WorkloadKind(
    "minio.min.io", "Tenant",
    (
        PodPath("spec.pools[*]", "containers", name="name", count=("servers=?",), containers=("/spec.sideCars.containers[*]",),
                init_containers=("/spec.initContainers[*]",), main=(
                    MainContainer("minio", f"{_MINIO}/minio-statefulset.go", shorthand=_requirements("resources")),
                    MainContainer("sidecar", f"{_MINIO}/minio-statefulset.go", shorthand=_MINIO_SIDECARS),
                )),
        PodPath("spec.kes", "operator", count=("spec.kes.replicas=2",), label="kes",
                main=(MainContainer("kes", f"{_MINIO}/kes-statefulset.go", shorthand=_requirements("spec.kes.resources")),)),
    ),
    "minio/operator pkg/apis/minio.min.io/v2/types.go",
)  # fmt: skip

_MARIADB: Final = "mariadb-operator/mariadb-operator pkg/builder"


def _exporter(label: str = "exporter") -> PodPath:
    """The metrics exporter Deployment (one pod) made when ``spec.metrics.enabled`` (deployment_builder.go exporterContainer)."""
    main = MainContainer("exporter", f"{_MARIADB}/deployment_builder.go", shorthand=_requirements("spec.metrics.exporter.resources"))
    return PodPath("spec.metrics", "operator", count=("1",), label=label, main=(main,), enabled="enabled")


MARIADB_KINDS: Final = (
    WorkloadKind(
        "k8s.mariadb.com", "MariaDB",
        (
            PodPath("spec", "containers", count=("spec.replicas=1",), label="mariadb", containers=("sidecarContainers[*]",),
                    init_containers=("initContainers[*]",), main=(
                        MainContainer("mariadb", f"{_MARIADB}/container_builder.go", shorthand=_requirements("spec.resources")),
                        MainContainer("agent", f"{_MARIADB}/container_builder.go", shorthand=_requirements("spec.galera.agent.resources"), enabled="spec.galera.enabled"),
                        MainContainer("agent", f"{_MARIADB}/container_builder.go", shorthand=_requirements("spec.replication.agent.resources"),
                                      enabled="spec.replication.enabled", absent="spec.galera.enabled"),
                    )),
            _exporter(),
        ),
        "mariadb-operator/mariadb-operator api/v1alpha1/mariadb_types.go",
    ),
    WorkloadKind(
        "k8s.mariadb.com", "MaxScale",
        (
            PodPath("spec", "operator", count=("spec.replicas=1",), label="maxscale",
                    main=(MainContainer("maxscale", f"{_MARIADB}/container_builder.go", shorthand=_requirements("spec.resources")),)),
            _exporter(),
        ),
        "mariadb-operator/mariadb-operator api/v1alpha1/maxscale_types.go",
    ),
)  # fmt: skip

STORE_KINDS: Final = (*PSMDB_KINDS, TENANT, *MARIADB_KINDS)
