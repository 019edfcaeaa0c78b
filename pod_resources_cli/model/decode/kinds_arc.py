"""GitHub's Actions Runner Controller (actions/actions-runner-controller
2ee6b3b8e8d2): its two generations of runner kinds.

The legacy ``actions.summerwind.dev`` kinds (apis/actions.summerwind.net/
v1alpha1): a Runner is one pod; a RunnerReplicaSet and a RunnerDeployment
hold a Runner's spec in ``spec.template.spec`` and make ``spec.replicas``
Runners (a nil count is 1: runnerreplicaset_controller.go ``replicas :=
1``, runnerdeployment_controller.go ``defaultReplicas = 1``; a
HorizontalRunnerAutoscaler may change it). RunnerSpec inlines RunnerConfig
and RunnerPodSpec (runner_types.go): no PodTemplateSpec, so the controller
builds the pod (controllers/actions.summerwind.net/runner_controller.go
newPod, then newRunnerPodWithContainerMode):

- the containers are ``spec.containers`` where written, else ``runner``
  and, unless ``dockerEnabled: false`` or ``dockerdWithinRunnerContainer:
  true``, ``docker`` (the dind sidecar);
- a container named ``runner`` whose ``requests`` are empty takes
  ``spec.resources.requests``, and likewise its ``limits`` (each map apart);
  ``docker`` takes ``spec.dockerdContainerResources`` so;
- ``containerMode: kubernetes`` drops ``docker``; a pod without ``runner``
  gets one first, with no resources; one without ``docker`` (Docker
  enabled, not within the runner) gets it last, with none;
- ``spec.initContainers`` are the pod's init containers and
  ``spec.sidecarContainers`` follow the containers, as written; the pod's
  priorityClassName is ``spec.priorityClassName``.

A RunnerSet (runnerset_types.go: RunnerConfig and a StatefulSetSpec inline)
runs ``spec.replicas`` StatefulSets of one pod each (runnerset_controller.go
``addedReplicas := int32(1)``, ``defaultReplicas = 1``) from
``spec.template``, the same newRunnerPodWithContainerMode adding ``runner``
and ``docker`` (containerMode kubernetes: ``runner`` only).

The ``actions.github.com`` runner scale sets use the written template as it
is (controllers/actions.github.com/resourcebuilder.go newEphemeralRunnerPod
copies ``spec.spec`` and adds environment variables only): an
AutoscalingRunnerSet's ``spec.template`` (between ``minRunners``, 0 unset,
and ``maxRunners`` pods: the floor is counted) and its listener, one pod
(newScaleSetListenerPod: container ``listener`` with no resources, replaced
whole by the ``listener`` container of ``spec.listenerTemplate`` where it
is written, the template's other containers added after it and its init
containers and priorityClassName taken: mergeListenerPodWithTemplate); an
EphemeralRunnerSet's ``spec.ephemeralRunnerSpec`` (``spec.replicas``, 0
unset), an EphemeralRunner's ``spec`` (one pod). The Helm chart's
``containerMode`` (dind, kubernetes) is the chart's: it writes the dind
sidecar and init container into the template it renders, which is read as
written. No controller of either generation sets a resource itself: the
pods are final.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, MainContainer, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "actions/actions-runner-controller"
_SUMMERWIND: Final = "actions.summerwind.dev"
_GITHUB: Final = "actions.github.com"
_RUNNER: Final = "runner"
_DOCKER: Final = "docker"


def _is(value: Any, wanted: bool) -> bool:
    """A Go ``*bool`` field that is set to ``wanted`` (YAML's true/false; a string is no bool: the API server refuses it)."""
    return value is wanted


def _docker_sidecar(spec: dict[str, Any]) -> bool:
    """newRunnerPodWithContainerMode: dockerEnabled (nil is true) and not dockerdWithinRunnerContainer, never in
    containerMode kubernetes."""
    if spec.get("containerMode") == "kubernetes":
        return False
    return not _is(spec.get("dockerEnabled"), False) and not _is(spec.get("dockerdWithinRunnerContainer"), True)


def _empty(value: Any) -> bool:
    """``len(c.Resources.Requests) == 0``: an unset, null or empty map."""
    return not isinstance(value, dict) or not value


def _with_fallback(container: dict[str, Any], fallback: Any) -> dict[str, Any]:
    """newPod: the container's requests where it writes any, else the fallback's; its limits likewise."""
    written = container.get("resources")
    if written is not None and not isinstance(written, dict):
        return container  # not a ResourceRequirements: left for the decoder to refuse
    own: dict[str, Any] = written if isinstance(written, dict) else {}
    other = fallback if isinstance(fallback, dict) else {}
    resources = dict(own)
    for field in ("requests", "limits"):
        if _empty(own.get(field)) and not _empty(other.get(field)):
            resources[field] = other[field]
    return {**container, "resources": resources}


def _finish(spec: dict[str, Any], written: list[tuple[Any, Pointer]], pointer: Pointer) -> list[tuple[Any, Pointer]]:
    """newRunnerPodWithContainerMode: kubernetes mode drops ``docker``; a missing ``runner`` goes first, a missing
    ``docker`` (when it runs) last, neither with resources."""
    names = [c.get("name") if isinstance(c, dict) else None for c, _ in written]
    out = list(written)
    if spec.get("containerMode") == "kubernetes":
        out = [(c, at) for (c, at), name in zip(written, names, strict=True) if name != _DOCKER]
    added = (*pointer, "containers") if written else pointer  # where the list they join is written (not spec.resources)
    if _RUNNER not in names:
        out.insert(0, ({"name": _RUNNER}, added))
    if _docker_sidecar(spec) and _DOCKER not in names:
        out.append(({"name": _DOCKER}, added))
    return out


def runner_pod(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """A Runner's pod from its RunnerSpec (runner_controller.go newPod)."""
    del obj
    listed = spec.get("containers")
    written: list[tuple[Any, Pointer]] = []
    if isinstance(listed, list) and listed:
        for i, container in enumerate(listed):
            at = (*pointer, "containers", i)
            if isinstance(container, dict) and container.get("name") == _RUNNER:
                written.append((_with_fallback(container, spec.get("resources")), at))
            elif isinstance(container, dict) and container.get("name") == _DOCKER:
                written.append((_with_fallback(container, spec.get("dockerdContainerResources")), at))
            else:
                written.append((container, at))
    else:
        # the runner's resources are spec.resources: its pointer is the spec's, so a finding names spec.resources
        written.append((_with_fallback({"name": _RUNNER}, spec.get("resources")), pointer))
        if not _is(spec.get("dockerEnabled"), False) and not _is(spec.get("dockerdWithinRunnerContainer"), True):
            docker = spec.get("dockerdContainerResources")
            written.append((_with_fallback({"name": _DOCKER}, docker), (*pointer, "dockerdContainerResources") if isinstance(docker, dict) else pointer))
    containers = _finish(spec, written, pointer)
    sidecars = spec.get("sidecarContainers")
    if isinstance(sidecars, list):
        containers.extend((c, (*pointer, "sidecarContainers", i)) for i, c in enumerate(sidecars))
    init = spec.get("initContainers")
    init_containers = tuple((c, (*pointer, "initContainers", i)) for i, c in enumerate(init)) if isinstance(init, list) else ()
    return tuple(containers), init_containers


def runner_set_pod(obj: dict[str, Any], pod_spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """A RunnerSet's pod: ``spec.template.spec`` through newRunnerPodWithContainerMode with the RunnerSet's
    RunnerConfig (runnerset_controller.go newStatefulSet)."""
    found = obj.get("spec")
    spec: dict[str, Any] = found if isinstance(found, dict) else {}
    listed = pod_spec.get("containers")
    written = [(c, (*pointer, "containers", i)) for i, c in enumerate(listed)] if isinstance(listed, list) else []
    init = pod_spec.get("initContainers")
    init_containers = tuple((c, (*pointer, "initContainers", i)) for i, c in enumerate(init)) if isinstance(init, list) else ()
    return tuple(_finish(spec, written, pointer)), init_containers


def _runner_kinds() -> tuple[WorkloadKind, ...]:
    source = f"{_REPO} apis/actions.summerwind.net/v1alpha1/runner_types.go, controllers/actions.summerwind.net/runner_controller.go newPod"
    runner = PodPath("spec", "containers", count=("1",), assemble=runner_pod, label=_RUNNER)
    replicated = PodPath("spec.template.spec", "containers", count=("/spec.replicas=1",), assemble=runner_pod, label=_RUNNER)
    runner_set = PodPath("spec.template.spec", "containers", count=("/spec.replicas=1",), assemble=runner_set_pod, label=_RUNNER)
    return (
        WorkloadKind(_SUMMERWIND, "Runner", (runner,), source),
        WorkloadKind(_SUMMERWIND, "RunnerReplicaSet", (replicated,), f"{source}, runnerreplicaset_controller.go"),
        WorkloadKind(_SUMMERWIND, "RunnerDeployment", (replicated,), f"{source}, runnerdeployment_controller.go"),
        WorkloadKind(_SUMMERWIND, "RunnerSet", (runner_set,), f"{_REPO} apis/actions.summerwind.net/v1alpha1/runnerset_types.go, "
                     "controllers/actions.summerwind.net/runnerset_controller.go newStatefulSet"),
    )  # fmt: skip


def _scale_set_kinds() -> tuple[WorkloadKind, ...]:
    listener = MainContainer("listener", f"{_REPO} controllers/actions.github.com/resourcebuilder.go newScaleSetListenerPod", first=True)
    builder = f"{_REPO} controllers/actions.github.com/resourcebuilder.go newEphemeralRunnerPod"
    return (
        WorkloadKind(_GITHUB, "AutoscalingRunnerSet", (
            PodPath("spec.template", count=("/spec.minRunners=0",), label=_RUNNER),
            PodPath("spec.listenerTemplate", count=("1",), label="listener", main=(listener,), empty_when_absent=True, always_made=True),
        ), f"{_REPO} apis/actions.github.com/v1alpha1/autoscalingrunnerset_types.go, {builder}, mergeListenerPodWithTemplate"),
        WorkloadKind(_GITHUB, "EphemeralRunnerSet", (PodPath("spec.ephemeralRunnerSpec", count=("/spec.replicas=0",), label=_RUNNER),),
                     f"{_REPO} apis/actions.github.com/v1alpha1/ephemeralrunnerset_types.go, {builder}"),
        WorkloadKind(_GITHUB, "EphemeralRunner", (PodPath("spec", count=("1",), label=_RUNNER),),
                     f"{_REPO} apis/actions.github.com/v1alpha1/ephemeralrunner_types.go, {builder}"),
    )  # fmt: skip


ARC_KINDS: Final = (*_runner_kinds(), *_scale_set_kinds())
