"""Percona's operator for PostgreSQL (percona/percona-postgresql-operator
adafb34ff17c, pgv2.percona.com/v2): a PerconaPGCluster is turned into the
fork of Crunchy's PostgresCluster it vendors (pkg/apis/pgv2.percona.com/v2/
perconapgcluster_types.go ToCrunchy), whose pods the fork's internal/ code
builds as Crunchy's does, with Percona's additions. ``crVersion`` unset is
the operator's own version, 3.1.0 (Default; percona/version/version.txt).
No container gets a default: a resource left unwritten stays unset.

- Each ``spec.instances[*]`` is ``replicas`` pods (1 unset: the vendored
  PostgresInstanceSetSpec.Default) of one StatefulSet (internal/postgres/
  reconcile.go InstancePod): ``database`` with the set's ``resources``,
  ``replication-cert-copy`` with ``containers.replicaCertCopy.resources``
  (Percona's ``containers`` is Crunchy's ``sidecars``: PGInstanceSetSpec.
  ToCrunchy), the set's ``sidecars`` as written (Crunchy's ``containers``;
  the InstanceSidecars gate is on: cmd/postgres-operator/main.go); with
  backups (``spec.backups.enabled`` not false: Backups.ToCrunchy) and a
  repo, ``pgbackrest`` and ``pgbackrest-config`` with
  ``backups.pgbackrest.containers.pgbackrest`` and ``.pgbackrestConfig``'s
  resources (``sidecars`` below crVersion 2.4.0; internal/pgbackrest/
  reconcile.go AddServerToInstancePod). Init containers: ``postgres-startup``
  and ``nss-wrapper-init`` (internal/controller/postgrescluster/util.go
  addNSSWrapper) with ``database``'s resources, the set's
  ``initContainers`` as written, and from crVersion 2.7.0
  ``database-init`` (internal/patroni/reconcile.go instanceInitContainer,
  percona/k8s/util.go InitContainer): the set's ``initContainer.resources``,
  else ``spec.initContainer.resources``, else ``database``'s.
- From crVersion 3.1.0, with ``spec.logcollector`` enabled (unset is on for
  a new cluster: percona/logcollector/reconcile.go resolveDefaultEnabled)
  every instance pod also runs ``logs`` and ``logrotate`` and the init
  container ``nss-wrapper-init-logcollector``, all three with
  ``spec.logcollector.resources`` (percona/logcollector/logcollector.go,
  logrotate/logrotate.go). With ``spec.pmm.enabled`` and its ``secret``
  named, ``pmm-client`` with ``spec.pmm.resources`` (percona/pmm/pmm.go
  Container; percona/controller/pgcluster/controller.go reconcilePMM adds it
  once that Secret exists).
- With backups, one repo host pod whatever the repos (the fork's
  internal/controller/postgrescluster/pgbackrest.go reconcileDedicatedRepoHost
  always makes it): ``pgbackrest`` with ``backups.pgbackrest.repoHost.resources``
  (AddServerToRepoPod), ``pgbackrest-config`` as above, ``repoHost.sidecars``
  as written (the PGBackrestRepoHostSidecars gate is on), the init container
  ``nss-wrapper-init`` and, with a repo on a volume, ``pgbackrest-log-dir``,
  both with ``pgbackrest``'s (generateRepoHostIntent, MakePGBackrestLogDir).
- ``spec.proxy.pgBouncer``: ``replicas`` pods (1 unset) of ``pgbouncer`` with
  its ``resources`` and ``pgbouncer-config``: ``containers.pgbouncerConfig.
  resources`` where written, else limits of 5m cpu and 16Mi when
  ``pgbouncer`` writes requests or limits (internal/pgbouncer/reconcile.go
  Pod); its ``sidecars`` as written (PGBouncerSidecars is on); from crVersion
  3.1.0 the init container ``pgbouncer-init`` with
  ``spec.initContainer.resources``, else ``pgbouncer``'s.

``spec.pause`` scales every one of them to 0 (ToCrunchy: Crunchy's
``shutdown``). Custom extensions (``spec.extensions.storage.secret``) add
init containers without resources (reconcileCustomExtensions): those
instance pods are as written. Not modelled: the backup, restore and upgrade
Jobs, which come and go.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "percona/percona-postgresql-operator"
_OPERATOR_VERSION: Final = "3.1.0"  # percona/version/version.txt: what Default writes into an unset crVersion
_INSTANCE: Final = f"{_REPO} internal/postgres/reconcile.go InstancePod"
_NSS: Final = f"{_REPO} internal/controller/postgrescluster/util.go addNSSWrapper"
_SERVER: Final = f"{_REPO} internal/pgbackrest/reconcile.go addServerContainerAndVolume"
_PGBOUNCER: Final = f"{_REPO} internal/pgbouncer/reconcile.go Pod"
_INIT: Final = f"{_REPO} percona/k8s/util.go InitContainer"
_LOGS: Final = f"{_REPO} percona/logcollector/logcollector.go"
_PGBACKREST: Final = "/spec.backups.pgbackrest"
_BOUNCER: Final = "/spec.proxy.pgBouncer"
_RUNNING: Final = "!/spec.pause"
_BACKUPS: Final = FieldIn("spec.backups.enabled", ("false",), negate=True)
_EXTENSIONS: Final = (
    "with spec.extensions.storage.secret the Percona operator adds the extension-relocator and extension-installer init "
    "containers, without resources"
)
_CONFIG_LIMITS: Final = OperatorDefaults(limits=(("cpu", "5m"), ("memory", "16Mi")))


def _since(version: str, negate: bool = False) -> FieldIn:
    return FieldIn("/spec.crVersion", (version,), _OPERATOR_VERSION, match="since", negate=negate)


def _requirements(path: str) -> Shorthand:
    return Shorthand(path, "requirements")


def _written(path: str) -> FieldIn:
    return FieldIn(path, (), match="written")


def _backrest_sidecar(name: str, field: str, source: str) -> tuple[MainContainer, ...]:
    """``pgbackrest`` or ``pgbackrest-config`` beside postgres: Percona's ``containers`` from crVersion 2.4.0, its
    ``sidecars`` before (Backups.ToCrunchy); the last entry whose tests hold wins."""
    present, on = f"{_PGBACKREST}.repos", FieldIn("/spec.backups.enabled", ("false",), negate=True)
    return (
        MainContainer(name, source, shorthand=_requirements(f"{_PGBACKREST}.containers.{field}.resources"), present=present,
                      if_fields=(on, _since("2.4.0"))),
        MainContainer(name, source, shorthand=_requirements(f"{_PGBACKREST}.sidecars.{field}.resources"), present=present,
                      if_fields=(on, _since("2.4.0", negate=True))),
    )  # fmt: skip


def _log_collector() -> tuple[MainContainer, ...]:
    """``logs``, ``logrotate`` and their init container, from crVersion 3.1.0 with the log collector on (an unset
    ``enabled`` beside a written ``spec.logcollector`` is on for a new cluster)."""
    own = _requirements("/spec.logcollector.resources")
    on = (_since("3.1.0"), _written("/spec.logcollector"), FieldIn("/spec.logcollector.enabled", ("false",), negate=True))
    return (
        MainContainer("logs", f"{_LOGS} logContainer", shorthand=own, if_fields=on),
        MainContainer("logrotate", f"{_REPO} percona/logcollector/logrotate/logrotate.go Container", shorthand=own, if_fields=on),
        MainContainer("nss-wrapper-init-logcollector", f"{_LOGS} instanceInitContainers", shorthand=own, init=True, if_fields=on),
    )  # fmt: skip


_DATABASE: Final = _requirements("resources")  # the instance set's

PERCONA_PG_KINDS: Final = (
    WorkloadKind(
        "pgv2.percona.com", "PerconaPGCluster",
        (
            PodPath("spec.instances[*]", "containers", name="name", count=("replicas=1", _RUNNING), containers=("sidecars[*]",),
                    init_containers=("initContainers[*]",), label="instance",
                    main=(
                        MainContainer("database", _INSTANCE, shorthand=_DATABASE, first=True),
                        MainContainer("replication-cert-copy", _INSTANCE, shorthand=_requirements("containers.replicaCertCopy.resources")),
                        *_backrest_sidecar("pgbackrest", "pgbackrest", f"{_REPO} internal/pgbackrest/reconcile.go AddServerToInstancePod"),
                        *_backrest_sidecar("pgbackrest-config", "pgbackrestConfig", _SERVER),
                        *_log_collector(),
                        MainContainer("pmm-client", f"{_REPO} percona/pmm/pmm.go Container", shorthand=_requirements("/spec.pmm.resources"),
                                      if_fields=(FieldIn("/spec.pmm.enabled", ("true",)), _written("/spec.pmm.secret"))),
                        MainContainer("postgres-startup", _INSTANCE, shorthand=_DATABASE, init=True),
                        MainContainer("nss-wrapper-init", _NSS, shorthand=_DATABASE, init=True),
                        # the last entry whose tests hold wins: the set's initContainer, else the cluster's, else database's
                        MainContainer("database-init", _INIT, shorthand=_DATABASE, init=True, first=True, if_fields=(_since("2.7.0"),)),
                        MainContainer("database-init", _INIT, shorthand=_requirements("/spec.initContainer.resources"), init=True, first=True,
                                      if_fields=(_since("2.7.0"), _written("/spec.initContainer.resources"))),
                        MainContainer("database-init", _INIT, shorthand=_requirements("initContainer.resources"), init=True, first=True,
                                      if_fields=(_since("2.7.0"), _written("initContainer.resources"))),
                    ),
                    added_by=(("/spec.extensions.storage.secret",), _EXTENSIONS)),
            PodPath("spec.backups.pgbackrest", "containers", count=("1", _RUNNING), label="repo-host", containers=("repoHost.sidecars[*]",),
                    if_field=_BACKUPS, empty_when_absent=True, always_made=True,
                    main=(
                        MainContainer("pgbackrest", f"{_REPO} internal/pgbackrest/reconcile.go AddServerToRepoPod",
                                      shorthand=_requirements(f"{_PGBACKREST}.repoHost.resources"), first=True),
                        *_backrest_sidecar("pgbackrest-config", "pgbackrestConfig", _SERVER),
                        MainContainer("pgbackrest-log-dir", f"{_REPO} internal/pgbackrest/config.go MakePGBackrestLogDir",
                                      shorthand=_requirements(f"{_PGBACKREST}.repoHost.resources"), init=True,
                                      if_fields=(_written(f"{_PGBACKREST}.repos[*].volume"),)),
                        MainContainer("nss-wrapper-init", _NSS, shorthand=_requirements(f"{_PGBACKREST}.repoHost.resources"), init=True),
                    )),
            PodPath("spec.proxy.pgBouncer", "containers", count=(f"{_BOUNCER}.replicas=1", _RUNNING), label="pgbouncer", containers=("sidecars[*]",),
                    main=(
                        MainContainer("pgbouncer", _PGBOUNCER, shorthand=_requirements(f"{_BOUNCER}.resources"), first=True),
                        MainContainer("pgbouncer-config", _PGBOUNCER, shorthand=_requirements(f"{_BOUNCER}.containers.pgbouncerConfig.resources")),
                        MainContainer("pgbouncer-config", _PGBOUNCER, shorthand=_requirements(f"{_BOUNCER}.containers.pgbouncerConfig.resources"),
                                      defaults=(_CONFIG_LIMITS,),
                                      if_any=((_written(f"{_BOUNCER}.resources.requests"),), (_written(f"{_BOUNCER}.resources.limits"),))),
                        MainContainer("pgbouncer-init", _INIT, shorthand=_requirements(f"{_BOUNCER}.resources"), init=True, if_fields=(_since("3.1.0"),)),
                        MainContainer("pgbouncer-init", _INIT, shorthand=_requirements("/spec.initContainer.resources"), init=True,
                                      if_fields=(_since("3.1.0"), _written("/spec.initContainer.resources"))),
                    )),
        ),
        f"{_REPO} pkg/apis/pgv2.percona.com/v2/perconapgcluster_types.go",
    ),
)  # fmt: skip
