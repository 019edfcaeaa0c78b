"""Crunchy Data's postgres-operator (PGO; CrunchyData/postgres-operator
0fbac3062d64, postgres-operator.crunchydata.com v1 and v1beta1): the pods it
builds from a PostgresCluster and a PGAdmin, every container from the
object's own fields. The operator gives no container a default: a resource
left unwritten stays unset (no webhook sets any either).

- Each ``spec.instances[*]`` is ``replicas`` pods (1 unset: v1beta1
  postgrescluster_types.go PostgresInstanceSetSpec.Default) of one
  StatefulSet (internal/postgres/reconcile.go InstancePod): ``database``
  with the set's ``resources``, ``replication-cert-copy`` with
  ``sidecars.replicaCertCopy.resources``, the set's ``containers`` as
  written (the InstanceSidecars gate, on by default: internal/feature/
  features.go); with backups (``spec.backups.pgbackrest.repos``, at least
  one: controller/postgrescluster/pgbackrest.go ObserveBackupUniverse)
  ``pgbackrest`` and ``pgbackrest-config`` with
  ``backups.pgbackrest.sidecars.pgbackrest`` and ``.pgbackrestConfig``'s
  resources (internal/pgbackrest/reconcile.go AddServerToInstancePod,
  addServerContainerAndVolume); with ``monitoring.pgmonitor.exporter``,
  ``exporter`` with its resources (controller/postgrescluster/pgmonitor.go
  addPGMonitorExporterToInstancePodSpec). The init containers
  ``postgres-startup`` and ``nss-wrapper-init`` take ``database``'s
  resources (InstancePod; controller/postgrescluster/util.go addNSSWrapper).
- With a repository on a volume (any ``repos[*].volume``:
  internal/pgbackrest RepoHostVolumeDefined), one repo host pod
  (pgbackrest.go generateRepoHostIntent): ``pgbackrest`` with
  ``backups.pgbackrest.repoHost.resources`` (AddServerToRepoPod),
  ``pgbackrest-config`` as above, the init containers ``pgbackrest-log-dir``
  (internal/pgbackrest/config.go MakePGBackrestLogDir) and
  ``nss-wrapper-init`` with ``pgbackrest``'s.
- ``spec.proxy.pgBouncer``: ``replicas`` pods (1 unset:
  pgbouncer_types.go PGBouncerPodSpec.Default) of ``pgbouncer`` with its
  ``resources`` and ``pgbouncer-config``: ``sidecars.pgbouncerConfig.resources``
  where written, else limits of 5m cpu and 16Mi memory when ``pgbouncer``
  writes requests or limits, none otherwise (internal/pgbouncer/
  reconcile.go Pod).
- v1beta1's ``spec.userInterface.pgAdmin``: ``replicas`` pods (1 unset) of
  ``pgadmin`` with its ``resources``, the init containers
  ``pgadmin-startup`` and ``nss-wrapper-init`` with the same
  (internal/pgadmin/reconcile.go Pod; pgadmin.go).
- A PGAdmin: one pod (controller/standalone_pgadmin/statefulset.go, no
  replicas) of ``pgadmin`` with ``spec.resources`` and the init container
  ``pgadmin-startup`` with the same (standalone_pgadmin/pod.go pod).

``spec.shutdown`` scales every one of them to 0. Where ``spec.instrumentation``
is written, the OpenTelemetry gates (off by default, set in the operator's
environment) add a ``collector`` with ``instrumentation.resources``
(internal/collector/instance.go AddToPod) and the OpenTelemetryMetrics gate
drops ``exporter``; PgBouncer's ``containers`` are added only with the
PGBouncerSidecars gate (off by default): those pods are as written. Not
modelled: the backup, restore and upgrade Jobs, which come and go
(``backups.pgbackrest.jobs.resources``, ``dataSource``...).

A PGUpgrade: the one pod of its upgrade Job (internal/controller/pgupgrade/
jobs.go generateUpgradeJob, made by pgupgrade_controller.go once the cluster
is shut down and annotated for it): the primary instance's pod template with
its init, ephemeral and regular containers replaced by one ``database``
container with ``spec.resources`` (no default: pgupgrade_types.go
PGUpgradeSpec.Resources), ``spec.priorityClassName``. Not modelled: the
Jobs that then remove each replica's old data (generateRemoveDataJob, one
per replica instance StatefulSet of the cluster, the same container), whose
number the PGUpgrade does not say.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "CrunchyData/postgres-operator"
_INSTANCE: Final = f"{_REPO} internal/postgres/reconcile.go InstancePod"
_NSS: Final = f"{_REPO} internal/controller/postgrescluster/util.go addNSSWrapper"
_SERVER: Final = f"{_REPO} internal/pgbackrest/reconcile.go addServerContainerAndVolume"
_PGBOUNCER: Final = f"{_REPO} internal/pgbouncer/reconcile.go Pod"
_UPGRADE: Final = f"{_REPO} internal/controller/pgupgrade/jobs.go generateUpgradeJob"
_PGBACKREST: Final = "/spec.backups.pgbackrest"
_BACKUPS: Final = f"{_PGBACKREST}.repos"  # at least one when backups are written (ObserveBackupUniverse)
_RUNNING: Final = "!/spec.shutdown"
_COLLECTOR: Final = (
    "with its OpenTelemetry feature gates (off by default) the Crunchy operator adds a collector container "
    "(spec.instrumentation.resources) and drops the exporter"
)
_BOUNCER_SIDECARS: Final = (
    "with its PGBouncerSidecars or OpenTelemetry feature gates (off by default) the Crunchy operator adds "
    "spec.proxy.pgBouncer.containers or a collector container"
)
_CONFIG_LIMITS: Final = OperatorDefaults(limits=(("cpu", "5m"), ("memory", "16Mi")))


def _requirements(path: str) -> Shorthand:
    return Shorthand(path, "requirements")


def _written(path: str, negate: bool = False) -> FieldIn:
    return FieldIn(path, (), match="written", negate=negate)


_PGBACKREST_CONFIG: Final = MainContainer(
    "pgbackrest-config", _SERVER, shorthand=_requirements(f"{_PGBACKREST}.sidecars.pgbackrestConfig.resources"), present=_BACKUPS
)
_DATABASE: Final = _requirements("resources")  # the instance set's
_BOUNCER: Final = "/spec.proxy.pgBouncer"
_PGADMIN: Final = "/spec.userInterface.pgAdmin"

CRUNCHY_KINDS: Final = (
    WorkloadKind(
        "postgres-operator.crunchydata.com", "PostgresCluster",
        (
            PodPath("spec.instances[*]", "containers", name="name", count=("replicas=1", _RUNNING), containers=("containers[*]",), label="instance",
                    main=(
                        MainContainer("database", _INSTANCE, shorthand=_DATABASE, first=True),
                        MainContainer("replication-cert-copy", _INSTANCE, shorthand=_requirements("sidecars.replicaCertCopy.resources")),
                        MainContainer("pgbackrest", f"{_REPO} internal/pgbackrest/reconcile.go AddServerToInstancePod",
                                      shorthand=_requirements(f"{_PGBACKREST}.sidecars.pgbackrest.resources"), present=_BACKUPS),
                        _PGBACKREST_CONFIG,
                        MainContainer("exporter", f"{_REPO} internal/controller/postgrescluster/pgmonitor.go addPGMonitorExporterToInstancePodSpec",
                                      shorthand=_requirements("/spec.monitoring.pgmonitor.exporter.resources"), present="/spec.monitoring.pgmonitor.exporter"),
                        MainContainer("postgres-startup", _INSTANCE, shorthand=_DATABASE, init=True),
                        MainContainer("nss-wrapper-init", _NSS, shorthand=_DATABASE, init=True),
                    ),
                    added_by=(("/spec.instrumentation",), _COLLECTOR)),
            PodPath("spec.backups.pgbackrest", "operator", count=("1", _RUNNING), label="repo-host",
                    if_field=FieldIn("spec.backups.pgbackrest.repos[*].volume", (), match="written"),
                    main=(
                        MainContainer("pgbackrest", f"{_REPO} internal/pgbackrest/reconcile.go AddServerToRepoPod",
                                      shorthand=_requirements(f"{_PGBACKREST}.repoHost.resources")),
                        _PGBACKREST_CONFIG,
                        MainContainer("pgbackrest-log-dir", f"{_REPO} internal/pgbackrest/config.go MakePGBackrestLogDir",
                                      shorthand=_requirements(f"{_PGBACKREST}.repoHost.resources"), init=True),
                        MainContainer("nss-wrapper-init", _NSS, shorthand=_requirements(f"{_PGBACKREST}.repoHost.resources"), init=True),
                    ),
                    added_by=(("/spec.instrumentation",), _COLLECTOR)),
            PodPath("spec.proxy.pgBouncer", "operator", count=(f"{_BOUNCER}.replicas=1", _RUNNING), label="pgbouncer",
                    main=(
                        MainContainer("pgbouncer", _PGBOUNCER, shorthand=_requirements(f"{_BOUNCER}.resources")),
                        # the last entry whose tests hold wins: the 5m/16Mi limits only beside a pgbouncer with resources
                        MainContainer("pgbouncer-config", _PGBOUNCER, shorthand=_requirements(f"{_BOUNCER}.sidecars.pgbouncerConfig.resources")),
                        MainContainer("pgbouncer-config", _PGBOUNCER, shorthand=_requirements(f"{_BOUNCER}.sidecars.pgbouncerConfig.resources"),
                                      defaults=(_CONFIG_LIMITS,),
                                      if_any=((_written(f"{_BOUNCER}.resources.requests"),), (_written(f"{_BOUNCER}.resources.limits"),))),
                    ),
                    added_by=((f"{_BOUNCER}.containers", "/spec.instrumentation"), _BOUNCER_SIDECARS)),
            PodPath("spec.userInterface.pgAdmin", "operator", count=(f"{_PGADMIN}.replicas=1", _RUNNING), label="pgadmin",
                    main=(
                        MainContainer("pgadmin", f"{_REPO} internal/pgadmin/reconcile.go Pod", shorthand=_requirements(f"{_PGADMIN}.resources")),
                        MainContainer("pgadmin-startup", f"{_REPO} internal/pgadmin/reconcile.go Pod", shorthand=_requirements(f"{_PGADMIN}.resources"),
                                      init=True),
                        MainContainer("nss-wrapper-init", _NSS, shorthand=_requirements(f"{_PGADMIN}.resources"), init=True),
                    )),
        ),
        f"{_REPO} pkg/apis/postgres-operator.crunchydata.com/v1beta1/postgrescluster_types.go",
    ),
    WorkloadKind(
        "postgres-operator.crunchydata.com", "PGAdmin",
        (PodPath("spec", "operator", count=("1",), empty_when_absent=True,
                 main=(
                     MainContainer("pgadmin", f"{_REPO} internal/controller/standalone_pgadmin/pod.go pod", shorthand=_requirements("/spec.resources")),
                     MainContainer("pgadmin-startup", f"{_REPO} internal/controller/standalone_pgadmin/pod.go pod",
                                   shorthand=_requirements("/spec.resources"), init=True),
                 ),
                 added_by=(("/spec.instrumentation",), _COLLECTOR.replace(" and drops the exporter", ""))),),
        f"{_REPO} pkg/apis/postgres-operator.crunchydata.com/v1beta1/standalone_pgadmin_types.go",
    ),
    # the upgrade Job's one pod: the primary's pod spec with its containers replaced by one named database
    # (pgupgrade/jobs.go generateUpgradeJob), priorityClassName and metadata from the spec
    WorkloadKind(
        "postgres-operator.crunchydata.com", "PGUpgrade",
        (PodPath("spec", "operator", count=("1",), empty_when_absent=True, pod_fields="spec",
                 main=(MainContainer("database", _UPGRADE, shorthand=_requirements("/spec.resources")),)),),
        f"{_REPO} pkg/apis/postgres-operator.crunchydata.com/v1beta1/pgupgrade_types.go",
    ),
)  # fmt: skip
