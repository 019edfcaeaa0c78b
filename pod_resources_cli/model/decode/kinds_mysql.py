"""Oracle's MySQL Operator for Kubernetes (mysql/mysql-operator
aec777a1f91d, mysql.oracle.com/v2; a Python kopf operator): an
InnoDBCluster is one StatefulSet of MySQL servers and one Deployment of
MySQL Routers, each built from a fixed manifest in the operator's code with
no resources, over which ``spec.podSpec`` (``spec.router.podSpec``) is merged
by mysqloperator/controller/utils.py merge_patch_object: maps key by key, a
list of objects item by name (a container the podSpec names is the
operator's, its fields over them; another is added). Nothing else gives a
container resources, so a container the podSpec does not give any has none.

- Servers (mysqloperator/controller/innodbcluster/cluster_objects.py
  prepare_cluster_stateful_set): ``spec.instances`` pods (1 unset:
  cluster_api.py InnoDBClusterSpec.instances) of ``sidecar`` and ``mysql``,
  after the init containers ``fixdatadir`` (unless
  ``spec.datadirPermissions.setRightsUsingInitContainer`` is false:
  DataDirPermissionsSpec), ``initconf`` and ``initmysql``. With
  ``spec.metrics`` or ``spec.logs`` written, the operator adds its exporter
  or log collector containers (add_to_sts_cbs): those pods are as written.
- Routers (router_objects.py prepare_router_deployment): ``router`` with
  ``spec.router.instances`` pods (``instances or 1``: 1 unset; RouterSpec).

Not modelled: ``spec.readReplicas`` (each its own StatefulSet, from the same
prepare_cluster_stateful_set), and the backup CronJobs and Jobs.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, WorkloadKind

_REPO: Final = "mysql/mysql-operator"
_SERVER: Final = f"{_REPO} mysqloperator/controller/innodbcluster/cluster_objects.py prepare_cluster_stateful_set"
_ROUTER: Final = f"{_REPO} mysqloperator/controller/innodbcluster/router_objects.py prepare_router_deployment"
_ADDED: Final = "with spec.metrics or spec.logs the MySQL operator adds its exporter or log collector containers to the servers (add_to_sts_cbs)"
_FIXDATADIR: Final = FieldIn("/spec.datadirPermissions.setRightsUsingInitContainer", ("false",), negate=True)

MYSQL_KINDS: Final = (
    WorkloadKind(
        "mysql.oracle.com", "InnoDBCluster",
        (
            PodPath("spec.podSpec", "podspec", count=("/spec.instances=1",), label="server", empty_when_absent=True, always_made=True,
                    main=(
                        MainContainer("sidecar", _SERVER),
                        MainContainer("mysql", _SERVER),
                        MainContainer("fixdatadir", _SERVER, init=True, first=True, if_fields=(_FIXDATADIR,)),
                        MainContainer("initconf", _SERVER, init=True),
                        MainContainer("initmysql", _SERVER, init=True),
                    ),
                    added_by=(("/spec.metrics", "/spec.logs"), _ADDED)),
            PodPath("spec.router.podSpec", "podspec", count=("/spec.router.instances=1",), label="router", empty_when_absent=True,
                    always_made=True, main=(MainContainer("router", _ROUTER),)),
        ),
        f"{_REPO} mysqloperator/controller/innodbcluster/cluster_api.py",
    ),
)  # fmt: skip
