"""aibrix's KVCache (orchestration.aibrix.ai/v1alpha1): the controller builds
its pods from RuntimeSpecs (``replicas``, ``image``, ``env``, ``resources``,
``template``), by the backend the annotation
``kvcache.orchestration.aibrix.ai/backend`` names, ``vineyard`` when it is
absent (vllm-project/aibrix e3e10f9e4aeb, pkg/controller/kvcache/
kvcache_controller.go getKVCacheBackendFromAnnotations; ``spec.mode`` is read
by no code). A RuntimeSpec's ``resources`` become its container's as they
are; no backend gives defaults.

- vineyard (backends/vineyard.go): a Deployment of ``spec.cache.replicas``
  (CRD default 1; ``spec.cache`` itself is defaulted) pods of container
  ``kvcache``; with ``spec.metadata.etcd``, ``etcd.runtime.replicas`` bare
  pods of container ``etcd``, given no resources (buildEtcdPod).
- hpkv and infinistore (backends/distributed.go, hpkv.go, infinistore.go): a
  StatefulSet of ``spec.cache.replicas`` pods, from ``spec.cache.template``
  as written when set (only labels added), else of container
  ``kvcache-server``; one ``redis`` pod from ``spec.metadata.redis.runtime``
  unless ``externalConnection.address`` names one outside (common.go); one
  ``kvcache-watcher`` pod when ``spec.watcher`` is set.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, MainContainer, PodPath, Shorthand, WorkloadKind

_CODE: Final = "vllm-project/aibrix pkg/controller/kvcache/backends/"
_BACKEND: Final = "kvcache.orchestration.aibrix.ai/backend"
_VINEYARD: Final = AnnotationIn(_BACKEND, ("vineyard",), "vineyard")
_DISTRIBUTED: Final = AnnotationIn(_BACKEND, ("hpkv", "infinistore"), "vineyard")
_CACHE_SETS: Final = "hpkv.go buildCacheStatefulSet, infinistore.go buildCacheStatefulSetForInfiniStore"
_WATCHERS: Final = "hpkv.go buildKVCacheWatcherPod, infinistore.go buildKVCacheWatcherPodForInfiniStore"


def _main(name: str, resources: str | None, code: str, backend: AnnotationIn, *, absent: str | None = None) -> MainContainer:
    shorthand = Shorthand(resources, "requirements") if resources is not None else None
    return MainContainer(name, _CODE + code, shorthand=shorthand, if_annotation=backend, absent=absent)


KVCACHE: Final = WorkloadKind(
    "orchestration.aibrix.ai", "KVCache",
    (
        PodPath("spec.cache", "operator", count=("/spec.cache.replicas=1",), label="cache", empty_when_absent=True,
                main=(_main("kvcache", "spec.cache.resources", "vineyard.go buildVineyardDeployment", _VINEYARD),)),
        PodPath("spec.metadata.etcd.runtime", "operator", count=("/spec.metadata.etcd.runtime.replicas=1",), label="etcd",
                main=(_main("etcd", None, "vineyard.go buildEtcdPod", _VINEYARD),)),
        PodPath("spec.cache", "operator", count=("/spec.cache.replicas=1",), label="cache", empty_when_absent=True,
                main=(_main("kvcache-server", "spec.cache.resources", _CACHE_SETS, _DISTRIBUTED, absent="spec.cache.template"),)),
        PodPath("spec.cache.template", count=("/spec.cache.replicas=1",), label="cache", if_annotation=_DISTRIBUTED),
        PodPath("spec.metadata.redis.runtime", "operator", count=("1",), label="redis",
                main=(_main("redis", "spec.metadata.redis.runtime.resources", "common.go buildRedisPod", _DISTRIBUTED,
                            absent="spec.metadata.redis.externalConnection.address"),)),
        PodPath("spec.watcher", "operator", count=("1",), label="watcher",
                main=(_main("kvcache-watcher", "spec.watcher.resources", _WATCHERS, _DISTRIBUTED),)),
    ),
    "vllm-project/aibrix api/orchestration/v1alpha1/kvcache_types.go",
)  # fmt: skip
