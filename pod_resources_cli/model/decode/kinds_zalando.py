"""Zalando's postgres-operator: the pods it builds from a ``postgresql``
(acid.zalan.do/v1), from zalando/postgres-operator a7aaad0a0b95
(pkg/cluster/k8sres.go, connection_pooler.go; pkg/util/config/config.go).

- The database StatefulSet: ``spec.numberOfInstances`` pods (the
  configuration's ``min_instances``/``max_instances`` may clamp it; -1, off,
  by default). Container ``postgres`` from ``spec.resources`` (cpu, memory
  and hugepages in ``requests`` and ``limits``), then ``spec.sidecars`` (the
  operator's Sidecar type, its own ``resources``) and the configuration's
  sidecars; ``spec.initContainers`` as written (generateStatefulSet).
- Its connection pooler Deployments: ``<name>-pooler`` when
  ``enableConnectionPooler`` is true, or ``connectionPooler`` is written and
  ``enableConnectionPooler`` is not; ``<name>-pooler-repl`` when
  ``enableReplicaConnectionPooler`` is true. Container ``connection-pooler``
  from ``connectionPooler.resources``; ``connectionPooler.numberOfInstances``
  pods, else the configuration's (2 by default, at least 2 in an
  OperatorConfiguration).

generateResourceRequirements fills each cpu and memory request and limit
left unset from the configuration (``default_cpu_request``...,
``connection_pooler_default_*``; none since commit 29ea863f, 100m/100Mi and
1/500Mi in the shipped examples), raises ``postgres``' limits to
``min_cpu_limit``/``min_memory_limit``, a limit below its request to the
request, and may cap its requests (``max_*_request``) or set the memory
request to the limit (``set_memory_request_to_limit``). The configuration is
not in the manifest: the pods are as written. The logical backup CronJob
takes its resources from the configuration only, and is not listed.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_CODE: Final = "zalando/postgres-operator pkg/cluster/"
_CONFIGURED: Final = (
    "the operator's configuration fills the cpu and memory requests and limits left unset (default_cpu_request...), "
    "raises postgres' limits to min_cpu_limit and min_memory_limit and may cap its requests (max_cpu_request...)"
)
_POOLER_CONFIGURED: Final = "the operator's configuration fills the cpu and memory requests and limits left unset (connection_pooler_default_*)"


def _pooler(label: str, enabled: str | None, present: str | None = None, absent: str | None = None) -> PodPath:
    main = MainContainer(
        "connection-pooler", _CODE + "connection_pooler.go generateConnectionPoolerPodTemplate",
        shorthand=Shorthand("spec.connectionPooler.resources", "requirements"), enabled=enabled, present=present, absent=absent,
    )  # fmt: skip
    count = "/spec.connectionPooler.numberOfInstances=2"
    return PodPath("spec", "operator", count=(count,), label=label, main=(main,), as_written=_POOLER_CONFIGURED)


POSTGRESQL: Final = WorkloadKind(
    "acid.zalan.do", "postgresql",
    (
        PodPath(
            "spec", "containers", count=("/spec.numberOfInstances=0",), label="database",
            containers=("sidecars[*]",), init_containers=("initContainers[*]",),
            main=(MainContainer("postgres", _CODE + "k8sres.go generateStatefulSet, generateResourceRequirements",
                                shorthand=Shorthand("spec.resources", "requirements")),),
            as_written=_CONFIGURED,
        ),
        _pooler("pooler", "spec.enableConnectionPooler"),
        _pooler("pooler", None, present="spec.connectionPooler", absent="spec.enableConnectionPooler"),
        _pooler("pooler-repl", "spec.enableReplicaConnectionPooler"),
    ),
    "zalando/postgres-operator pkg/apis/acid.zalan.do/v1/postgresql_type.go",
)  # fmt: skip
