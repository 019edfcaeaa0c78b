"""The StarRocks operator (StarRocks/starrocks-kubernetes-operator
850a864fce73, starrocks.com): a StarRocksCluster's components and a
StarRocksWarehouse's compute nodes are pods the operator builds itself, from
the object's fields alone (no webhook, no resource default).

- ``spec.starRocksFeSpec``, ``spec.starRocksBeSpec``, ``spec.starRocksCnSpec``
  (pkg/apis/starrocks/v1/starrockscluster_types.go): each a StatefulSet
  (pkg/k8sutils/templates/statefulset/spec.go MakeStatefulset) of
  ``replicas`` pods, which the CRD defaults to 1 (load_type.go
  ``+kubebuilder:default=1``); none where the section is not written (each
  sub-controller's SyncCluster clears it then). The pod
  (pkg/k8sutils/templates/pod/spec.go Spec) is the component's container
  first, ``fe``, ``be`` or ``cn`` (labels.go DEFAULT_FE...; fe_pod.go,
  be_pod.go, cn_pod.go buildPodTemplate), whose ``Resources`` are the
  ResourceRequirements the section inlines (its ``requests``, ``limits``
  and ``claims``, load_type.go StarRocksLoadSpec) whole, then the section's
  ``sidecars``, after its ``initContainers``, each as written. With a CN's
  ``autoScalingPolicy`` an HPA moves the count from ``replicas``.
- ``spec.starRocksFeProxySpec``: a Deployment (deployment/spec.go) of
  ``replicas`` pods (default 1) whose only container ``nginx`` takes the
  section's inlined requirements (feproxy_controller.go buildPodTemplate).
- StarRocksWarehouse (starrockswarehouse_types.go): ``spec.template`` is a
  CN spec (WarehouseComponentSpec.ToCnSpec): the same ``cn`` pods.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "StarRocks/starrocks-kubernetes-operator"
_SPEC: Final = f"{_REPO} pkg/k8sutils/templates/pod/spec.go Spec"


def _component(path: str, name: str, code: str) -> PodPath:
    """A component section at ``path``: ``replicas`` pods (default 1), its container first with the section's
    inlined requirements, then ``sidecars``, after ``initContainers``."""
    main = MainContainer(name, f"{_REPO} pkg/subcontrollers/{code}, {_SPEC}", shorthand=Shorthand(f"/{path}", "requirements"), first=True)
    return PodPath(path, "containers", count=(f"/{path}.replicas=1",), containers=("sidecars[*]",), init_containers=("initContainers[*]",),
                   label=name, main=(main,))  # fmt: skip


_PROXY: Final = MainContainer(
    "nginx", f"{_REPO} pkg/subcontrollers/feproxy/feproxy_controller.go buildPodTemplate", shorthand=Shorthand("/spec.starRocksFeProxySpec", "requirements")
)  # fmt: skip

STARROCKS_KINDS: Final = (
    WorkloadKind(
        "starrocks.com", "StarRocksCluster",
        (
            _component("spec.starRocksFeSpec", "fe", "fe/fe_pod.go buildPodTemplate"),
            _component("spec.starRocksBeSpec", "be", "be/be_pod.go buildPodTemplate"),
            _component("spec.starRocksCnSpec", "cn", "cn/cn_pod.go buildPodTemplate"),
            PodPath("spec.starRocksFeProxySpec", "operator", count=("/spec.starRocksFeProxySpec.replicas=1",), label="fe-proxy", main=(_PROXY,)),
        ),
        f"{_REPO} pkg/apis/starrocks/v1/starrockscluster_types.go",
    ),
    WorkloadKind(
        "starrocks.com", "StarRocksWarehouse",
        (_component("spec.template", "cn", "cn/cn_pod.go buildPodTemplate (WarehouseComponentSpec.ToCnSpec)"),),
        f"{_REPO} pkg/apis/starrocks/v1/starrockswarehouse_types.go",
    ),
)  # fmt: skip
