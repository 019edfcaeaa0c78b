"""OME (sgl-project/ome 17b77edad23b): its own InferenceService,
ServingRuntime and ClusterServingRuntime (ome.io/v1beta1; not KServe's,
though OME grew from it), and the BenchmarkJob.

Types (pkg/apis/ome/v1beta1/inference_service.go, servingruntime_types.go):
an InferenceService's ``engine`` and ``decoder`` (EngineSpec, DecoderSpec)
and ``router`` (RouterSpec) each inline a PodSpec beside
ComponentExtensionSpec (``minReplicas``...) and a ``runner`` that inlines a
Container; the engine and decoder may hold ``leader`` and ``worker`` (each a
PodSpec with its own ``runner``; the worker's ``size``). A runtime keeps the
same specs as ``engineConfig``, ``decoderConfig`` and ``routerConfig``,
beside the older ServingRuntimePodSpec inlined in ``spec`` (``containers``)
and its ``workers``.

What the controller does (pkg/controller/v1beta1/inferenceservice/):

- utils/merging.go MergeEngineSpec, MergeDecoderSpec, MergeRouterSpec: the
  InferenceService's spec is merged over the runtime's (its values win); a
  component the InferenceService does not write gets no pods ("if engine is
  not specified in isvc, return nil");
- components/engine.go reconcilePodSpec (decoder.go, router.go alike):
  with a ``leader`` or a ``worker`` (utils/deployment.go
  DetermineEngineDeploymentMode: MultiNode), the leader pod is the leader's
  PodSpec and runner (the component's own when there is no leader), and a
  LeaderWorkerSet adds ``worker.size`` worker pods to each leader
  (getWorkerSize, 0 when unset); otherwise one Deployment of
  ``minReplicas`` pods (constants.DefaultMinReplicas, 1);
- reconcilers/common/podspec_reconciler.go resolveContainer: the runner is
  merged (MergeRuntimeContainers) into the pod's container of the runner's
  name, added when missing (the runtimes name it ``ome-container``,
  constants.MainContainerName);
- components/base.go MergeEngineResources, MergeDecoderResources: where the
  InferenceService's runner sets no resources, the runtime's and the
  AcceleratorClass's are merged into the container.

So an InferenceService's pods are **as written** (completed by its runtime:
a missing resource is no finding), and a runtime's are presets.

BenchmarkJob (pkg/controller/v1beta1/benchmark/controller.go): one Job of
one pod; buildDefaultContainer gives it the installation's benchmark
requests and limits (config/configmap/benchmarkjob.yaml ships 2 CPUs and
2Gi, each a request and a limit), mergeContainer sets ``podOverride``'s
``resources`` over them by strategic merge (key by key) and names the
container ``genai-bench`` (benchmarkCommand). The installation may ship
other values: the pod is **as written**.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "sgl-project/ome"
_GROUP: Final = "ome.io"
_MAIN: Final = "ome-container"
_ISVC_MERGE: Final = (
    "OME merges its ServingRuntime's component spec into it (utils/merging.go), and where the runner sets no resources the "
    "runtime's and the AcceleratorClass's (components/base.go MergeEngineResources)"
)
_RUNTIME: Final = "a runtime: OME merges each InferenceService's component spec over it (utils/merging.go MergeEngineSpec)"
_BENCHMARK: Final = (
    "OME's benchmark controller merges podOverride.resources over the installation's benchmark resources "
    "(config/configmap/benchmarkjob.yaml ships 2 CPUs and 2Gi, requests and limits)"
)


def _runner(at: str, code: str) -> tuple[MainContainer, ...]:
    """The runner at ``at`` (from the root) merged into the container of its name (resolveContainer); where no runner
    is written, the runtime's makes ``ome-container``, added to the pod when its containers lack it."""
    source = f"{_REPO} pkg/controller/v1beta1/inferenceservice/{code}, reconcilers/common/podspec_reconciler.go resolveContainer"
    return (
        MainContainer(_MAIN, source, name_field=f"/{at}.runner.name", spec=(f"/{at}.runner",)),
        MainContainer(_MAIN, f"{source} (the runtime's runner)", absent=f"/{at}.runner"),
    )


def _component(at: str, code: str, multinode: bool, runtime: bool) -> tuple[PodPath, ...]:
    """A component's pods: one Deployment of ``minReplicas``, or with ``leader``/``worker`` a LeaderWorkerSet."""
    why = _RUNTIME if runtime else _ISVC_MERGE
    replicas: tuple[str, ...] = () if runtime else (f"/{at}.minReplicas=1",)
    no_leader = FieldIn(f"{at}.leader", (), match="written", negate=True)
    name = at.rsplit(".", 1)[-1].removesuffix("Config")  # a runtime's engineConfig is an InferenceService's engine
    paths = [
        PodPath(at, "podspec", count=replicas, label=name, main=_runner(at, code), as_written=why, preset=True, if_field=no_leader if multinode else None)
    ]
    if multinode:
        paths += [
            PodPath(f"{at}.leader", "podspec", count=replicas, label=f"{name} leader", main=_runner(f"{at}.leader", code), as_written=why, preset=True),
            PodPath(f"{at}.worker", "podspec", count=() if runtime else (*replicas, f"/{at}.worker.size=?"), label=f"{name} worker",
                    main=_runner(f"{at}.worker", code), as_written=why, preset=True),
        ]  # fmt: skip
    return tuple(paths)


def _isvc() -> tuple[PodPath, ...]:
    return (
        *_component("spec.engine", "components/engine.go", True, False),
        *_component("spec.decoder", "components/decoder.go", True, False),
        *_component("spec.router", "components/router.go", False, False),
    )


def _runtime() -> tuple[PodPath, ...]:
    legacy = FieldIn("spec.containers", (), match="written")
    return (
        *_component("spec.engineConfig", "components/engine.go", True, True),
        *_component("spec.decoderConfig", "components/decoder.go", True, True),
        *_component("spec.routerConfig", "components/router.go", False, True),
        PodPath("spec", "podspec", label="runtime", as_written=_RUNTIME, preset=True, if_field=legacy),
        PodPath("spec.workers", "podspec", label="workers", as_written=_RUNTIME, preset=True),
    )


# buildDefaultContainer's requests and limits, from the installation's benchmarkjob-config (the values OME ships,
# config/configmap/benchmarkjob.yaml), under podOverride.resources merged key by key (strategicMergePatch)
_BENCHMARK_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "2"), ("memory", "2Gi")), limits=(("cpu", "2"), ("memory", "2Gi")), merge=True)
_GENAI_BENCH: Final = MainContainer(
    "genai-bench", f"{_REPO} pkg/controller/v1beta1/benchmark/controller.go mergeContainer",
    shorthand=Shorthand("/spec.podOverride.resources", "requirements"), defaults=(_BENCHMARK_DEFAULTS,),
)  # fmt: skip

OME_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind(_GROUP, "InferenceService", _isvc(), f"{_REPO} pkg/apis/ome/v1beta1/inference_service.go"),
    *(WorkloadKind(_GROUP, kind, _runtime(), f"{_REPO} pkg/apis/ome/v1beta1/servingruntime_types.go") for kind in ("ServingRuntime", "ClusterServingRuntime")),
    WorkloadKind(
        _GROUP, "BenchmarkJob",
        (PodPath("spec", "operator", count=("1",), main=(_GENAI_BENCH,), empty_when_absent=True, always_made=True,
                 as_written=_BENCHMARK, preset=True),),
        f"{_REPO} pkg/apis/ome/v1beta1/benchmark_job.go",
    ),  # fmt: skip
)
