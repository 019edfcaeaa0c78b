"""The Apache Solr operator (apache/solr-operator ed5c5c7d28a4,
solr.apache.org): the operator builds every pod itself, from objects
without ``spec`` too.

- SolrCloud: ``spec.replicas`` (3 unset: api/v1beta1/solrcloud_types.go
  DefaultSolrReplicas) pods of the StatefulSet of
  controllers/util/solr_util.go GenerateStatefulSet. Its first container,
  ``solrcloud-node``, takes ``spec.customSolrKubeOptions.podOptions.resources``
  whole where it writes requests or limits, else none; the pod's
  ``sidecarContainers`` follow it and its ``initContainers`` follow the
  operator's (generateSolrSetupInitContainers): ``cp-solr-xml``, always, with
  50m and 50M as requests and limits (DefaultSolrVolumePrepInitContainerCPU,
  ...Memory), and ``setup-zk`` with 400m and 200M
  (generateZKInteractionInitContainer, DefaultSolrZKPrepInitContainerCPU,
  ...Memory), made where it has a command: a ZooKeeper chroot other than
  ``/`` (``zookeeperRef.connectionInfo.chroot``, else ``provided.chroot``:
  ZookeeperRef.withDefaults drops ``provided`` beside ``connectionInfo``;
  SolrCloudStatus.DissectZkInfo), ``solrTLS``, or a security.json
  (controllers/util/solr_security_util.go: Basic authentication bootstrapped
  without ``basicAuthSecret``, or ``bootstrapSecurityJson``).
  ``podOptions.defaultInitContainerResources``, where it writes requests or
  limits, replaces the resources of both whole.
- SolrPrometheusExporter: one pod (controllers/util/prometheus_exporter_util.go
  GenerateSolrPrometheusExporterDeployment, ``singleReplica``), its container
  ``solr-prometheus-exporter`` with ``spec.customKubeOptions.podOptions.resources``
  whole where it writes requests or limits, then that podOptions'
  ``sidecarContainers`` and ``initContainers``.

With TLS (a SolrCloud's ``solrTLS``, an exporter's ``solrReference.solrTLS``)
the operator may add init containers without resources
(controllers/util/solr_tls_util.go: ``gen-pkcs12-keystore`` where the secret
holds no PKCS12 keystore, ``generate-init-db`` or
``create-tls-wrapper-script`` for a mounted TLS directory whose passwords are
files): which, the secret's keys decide, so those pods are as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import (
    FieldIn,
    MainContainer,
    OperatorDefaults,
    PodPath,
    Shorthand,
    WorkloadKind,
)

_SOLR: Final = "apache/solr-operator"
_STS: Final = f"{_SOLR} controllers/util/solr_util.go"
_EXPORTER: Final = f"{_SOLR} controllers/util/prometheus_exporter_util.go GenerateSolrPrometheusExporterDeployment"
_POD: Final = "spec.customSolrKubeOptions.podOptions"
_INIT: Final = Shorthand(f"{_POD}.defaultInitContainerResources", "requirements", empty_is_unset=True)
_ZK: Final = "spec.zookeeperRef"
_NOT_ROOT: Final = ("", "/")  # a chroot unset or "/": DissectZkInfo's "/", no chroot to make
_BASIC: Final = FieldIn("spec.solrSecurity.authenticationType", ("Basic",))
# generateZKInteractionInitContainer has a command to run: a chroot, TLS, or a security.json to upload
_SETUP_ZK: Final = (
    (FieldIn(f"{_ZK}.connectionInfo.chroot", _NOT_ROOT, negate=True),),
    (
        FieldIn(f"{_ZK}.connectionInfo", (), match="written", negate=True),
        FieldIn(f"{_ZK}.provided.chroot", _NOT_ROOT, negate=True),
    ),
    (FieldIn("spec.solrTLS", (), match="written"),),
    (_BASIC, FieldIn("spec.solrSecurity.basicAuthSecret", ("",))),
    (_BASIC, FieldIn("spec.solrSecurity.bootstrapSecurityJson", (), match="written")),
)


def _same(cpu: str, memory: str) -> tuple[OperatorDefaults, ...]:
    both = (("cpu", cpu), ("memory", memory))
    return (OperatorDefaults(requests=both, limits=both),)


_TLS: Final = (
    "with TLS the Solr operator may add init containers without resources (gen-pkcs12-keystore where the secret "
    "holds no PKCS12 keystore, or a script for a mounted TLS directory): the secret decides"
)


def _tls(field: str) -> tuple[tuple[str, ...], str]:
    return (field,), _TLS


# each ``first`` container goes before those already there: cp-solr-xml, applied last, runs before setup-zk
SOLR_KINDS: Final = (
    WorkloadKind(
        "solr.apache.org", "SolrCloud",
        (PodPath("spec", "containers", count=("/spec.replicas=3",), empty_when_absent=True,
                 containers=("customSolrKubeOptions.podOptions.sidecarContainers[*]",),
                 init_containers=("customSolrKubeOptions.podOptions.initContainers[*]",), main=(
            MainContainer("solrcloud-node", f"{_STS} GenerateStatefulSet", first=True,
                          shorthand=Shorthand(f"{_POD}.resources", "requirements", empty_is_unset=True)),
            MainContainer("setup-zk", f"{_STS} generateZKInteractionInitContainer", shorthand=_INIT, defaults=_same("400m", "200M"),
                          init=True, first=True, if_any=_SETUP_ZK),
            MainContainer("cp-solr-xml", f"{_STS} generateSolrSetupInitContainers", shorthand=_INIT, defaults=_same("50m", "50M"),
                          init=True, first=True),
        ), added_by=_tls("spec.solrTLS")),),
        f"{_SOLR} api/v1beta1/solrcloud_types.go",
    ),
    WorkloadKind(
        "solr.apache.org", "SolrPrometheusExporter",
        (PodPath("spec", "containers", count=("1",), empty_when_absent=True,
                 containers=("customKubeOptions.podOptions.sidecarContainers[*]",),
                 init_containers=("customKubeOptions.podOptions.initContainers[*]",), main=(
            MainContainer("solr-prometheus-exporter", _EXPORTER, first=True,
                          shorthand=Shorthand("spec.customKubeOptions.podOptions.resources", "requirements", empty_is_unset=True)),
        ), added_by=_tls("spec.solrReference.solrTLS")),),
        f"{_SOLR} api/v1beta1/solrprometheusexporter_types.go",
    ),
)  # fmt: skip
