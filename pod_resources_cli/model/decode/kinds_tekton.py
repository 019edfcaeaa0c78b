"""Tekton's TaskRun (tekton.dev v1 and v1beta1) whose Task is written inline
in ``spec.taskSpec``, and a Task, Pipeline or PipelineRun's tasks written
inline: the pod Tekton's controller builds for it
(tektoncd/pipeline @3ee1745ae5b2, pkg/pod/pod.go Builder.Build).

- Each step is a container, named ``step-<name>`` or ``step-unnamed-<i>``
  (pkg/pod/entrypoint.go StepName), after the steps the sidecars,
  ``sidecar-<name>`` (pod.go); their resources are the step's
  ``computeResources`` (``resources`` in v1beta1).
- ``taskSpec.stepTemplate`` is merged under every step that does not name a
  StepAction (pkg/apis/pipeline/v1/merge.go MergeStepsWithStepTemplate, a
  strategic merge: each request and limit the step leaves out is the
  template's), then the run's ``stepSpecs`` (v1beta1 ``stepOverrides``) and
  ``sidecarSpecs`` (``sidecarOverrides``) over the step or sidecar of that
  name, key by key (MergeStepsWithSpecs, MergeSidecarsWithSpecs).
- The run's task-level ``spec.computeResources``
  (pkg/internal/computeresources/tasklevel ApplyTaskLevelComputeResources):
  every step's limits become the task's, its requests the task's requests
  divided by the number of steps (memory and ephemeral-storage in whole
  bytes, others in millis, rounded down), or where neither the step nor the
  task asks any, the task's limits so divided.
- Init containers (pod.go, script.go, workingdir_init.go): ``prepare``
  always; ``place-scripts`` where a step or sidecar has a ``script`` (or
  ``spec.debug.breakpoints`` is set); ``working-dir-initializer`` where a
  step's ``workingDir`` is relative or under ``/workspace/``. Tekton sets no
  resources on them.

The pod is as written: the cluster's Tekton ``config-defaults``
(``default-container-resource-requirements``, by container name, applied by
pkg/pod/defaultresourcerequirements) may give any of these containers
resources, and Tekton's LimitRange transformer (pkg/internal/
computeresources/transformer.go) gives each step a share of the namespace
LimitRange's defaultRequest divided among the steps, which the API server's
own LimitRanger, modelled here, would instead give whole. A TaskRun that
names its Task (``spec.taskRef``) holds no steps: its pod is the Task's,
another object, and it is counted as not searched. Tekton's results sidecar
(``results-from: sidecar-logs``) and native sidecars
(``enable-kubernetes-sidecar``) are feature flags of the cluster, off by
default, and are not modelled.

The same pod is built where a Task is written elsewhere:

- a Task's ``spec`` is the pod of each TaskRun that names it (``taskRef``),
  how many is not written here; the run's ``stepSpecs`` and task-level
  ``computeResources`` go over it, so the Task is a **preset**: a resource
  it leaves out is no finding;
- a Pipeline's ``spec.tasks[*].taskSpec`` and ``spec.finally[*].taskSpec``
  (an EmbeddedTask: a TaskSpec inline) are the pods of each PipelineRun of
  it, a preset likewise (the run's ``taskRunSpecs`` go over them);
- a PipelineRun's ``spec.pipelineSpec.tasks[*].taskSpec`` (and
  ``finally``) is one TaskRun's pod (pkg/reconciler/pipelinerun/
  pipelinerun.go createTaskRun), with the run's ``taskRunSpecs`` entry of
  that ``pipelineTaskName`` as its ``stepSpecs``, ``sidecarSpecs`` and
  ``computeResources`` (pipelinerun_types.go GetTaskRunSpec: the last such
  entry; v1beta1 ``stepOverrides``, ``sidecarOverrides``); a pipeline task
  with a ``matrix`` fans out into as many TaskRuns as its parameters'
  combinations (not counted here).

An embedded task with an ``apiVersion`` is a custom task (pipeline_validation.go
validateCustomTask: a CustomRun, no pod) and is left out; a pipeline task that
names its Task (``taskRef``) holds no steps of its own.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer, value_at
from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind
from pod_resources_cli.quantity import Quantity, QuantityError
from pod_resources_cli.records import replace

_TEKTON: Final = "tektoncd/pipeline"
_BYTES: Final = frozenset({"memory", "ephemeral-storage"})  # tasklevel.go computeAverageRequests: Value(), not MilliValue()


def _merged(under: Any, over: Any) -> Any:
    """A strategic merge of ResourceRequirements: ``over``'s requests and limits key by key over ``under``'s."""
    if not isinstance(under, dict) or not under:
        return over
    if not isinstance(over, dict):
        return under
    out = {**under, **over}
    for field in ("requests", "limits"):
        low, high = under.get(field), over.get(field)
        if isinstance(low, dict) and isinstance(high, dict):
            out[field] = {**low, **high}
    return out


def _average(values: Any, steps: int) -> dict[str, Any] | None:
    """tasklevel.go computeAverageRequests: each quantity divided by the number of steps (nil for none)."""
    if not isinstance(values, dict) or not values or steps == 0:
        return None
    out: dict[str, Any] = {}
    for name, raw in values.items():
        try:
            q = Quantity.parse(str(raw))
        except QuantityError:
            out[name] = raw  # refused where it is decoded
            continue
        if name in _BYTES:
            out[name] = Quantity.from_int(int(q.value() / steps), q.format).canonical()
        else:
            out[name] = Quantity.from_milli(int(q.milli_value() / steps), q.format).canonical()
    return out


def _by_name(specs: Any, key: str) -> dict[str, Any]:
    return {s["name"]: s.get(key) for s in specs if isinstance(s, dict) and isinstance(s.get("name"), str)} if isinstance(specs, list) else {}


def _relative_dir(value: Any) -> bool:
    """workingdir_init.go: a workingDir not absolute, or under /workspace/, is made by the initializer."""
    return isinstance(value, str) and value != "" and (not value.startswith("/") or value.rstrip("/").startswith("/workspace/"))


def assemble(obj: dict[str, Any], task: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The TaskRun's containers and init containers, each with the place its step or sidecar is written."""
    spec: dict[str, Any] = obj["spec"] if isinstance(obj.get("spec"), dict) else {}
    v1 = obj.get("apiVersion") == "tekton.dev/v1"
    key = "computeResources" if v1 else "resources"
    template = task.get("stepTemplate") if isinstance(task.get("stepTemplate"), dict) else {}
    raw_steps = task["steps"] if isinstance(task.get("steps"), list) else []
    raw_sidecars = task["sidecars"] if isinstance(task.get("sidecars"), list) else []
    step_specs = _by_name(spec.get("stepSpecs" if v1 else "stepOverrides"), key if v1 else "resources")
    sidecar_specs = _by_name(spec.get("sidecarSpecs" if v1 else "sidecarOverrides"), key if v1 else "resources")
    steps: list[tuple[dict[str, Any], Pointer]] = []
    for i, step in enumerate(raw_steps):
        if not isinstance(step, dict):
            continue
        name = step.get("name") if isinstance(step.get("name"), str) else ""
        resources, workdir = step.get(key), step.get("workingDir")
        if "ref" not in step:  # MergeStepsWithStepTemplate skips a StepAction's step
            resources, workdir = _merged(template.get(key), resources), workdir or template.get("workingDir")
        if name in step_specs:
            resources = _merged(resources, step_specs[name])
        container = {"name": f"step-{name}" if name else f"step-unnamed-{i}", "image": step.get("image"), "resources": resources}
        if workdir is not None:
            container["workingDir"] = workdir
        steps.append((container, (*pointer, "steps", i)))
    task_level = spec.get("computeResources")
    if isinstance(task_level, dict) and (task_level.get("requests") is not None or task_level.get("limits") is not None):
        requests, limits = _average(task_level.get("requests"), len(steps)), _average(task_level.get("limits"), len(steps))
        for container, _ in steps:
            own = container["resources"] if isinstance(container["resources"], dict) else {}
            asks = own.get("requests") is None and task_level.get("requests") is None
            container["resources"] = {**own, "requests": limits if asks else requests, "limits": task_level.get("limits")}
    sidecars: list[tuple[Any, Pointer]] = []
    for i, sidecar in enumerate(raw_sidecars):
        if not isinstance(sidecar, dict):
            continue
        name = sidecar.get("name") if isinstance(sidecar.get("name"), str) else ""
        resources = _merged(sidecar.get(key), sidecar_specs[name]) if name in sidecar_specs else sidecar.get(key)
        sidecars.append(({"name": f"sidecar-{name}", "image": sidecar.get("image"), "resources": resources}, (*pointer, "sidecars", i)))
    init: list[tuple[Any, Pointer]] = [({"name": "prepare"}, pointer)]
    debug = spec.get("debug")
    if any(isinstance(s, dict) and s.get("script") for s in (*raw_steps, *raw_sidecars)) or (isinstance(debug, dict) and debug.get("breakpoints")):
        init.append(({"name": "place-scripts"}, pointer))
    if any(_relative_dir(c.get("workingDir")) for c, _ in steps):
        init.append(({"name": "working-dir-initializer"}, pointer))
    return (*steps, *sidecars), tuple(init)


def assemble_in_run(obj: dict[str, Any], task: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """A PipelineRun's embedded task: the TaskRun Tekton makes for it takes the run's ``taskRunSpecs`` entry of that
    pipeline task's name (pipelinerun_types.go GetTaskRunSpec: the last one that names it)."""
    pipeline_task = value_at(obj, pointer[:-1])
    name = pipeline_task.get("name") if isinstance(pipeline_task, dict) else None
    spec = obj.get("spec") if isinstance(obj.get("spec"), dict) else {}
    run_specs = spec.get("taskRunSpecs") if isinstance(spec, dict) else None
    chosen: dict[str, Any] = {}
    for entry in run_specs if isinstance(run_specs, list) else ():
        if isinstance(entry, dict) and isinstance(name, str) and entry.get("pipelineTaskName") == name:
            chosen = entry
    keys = ("stepSpecs", "sidecarSpecs", "computeResources", "stepOverrides", "sidecarOverrides")
    run = {"apiVersion": obj.get("apiVersion"), "spec": {k: chosen[k] for k in keys if k in chosen}}
    return assemble(run, task, pointer)


_AS_WRITTEN: Final = (
    "Tekton's config-defaults (default-container-resource-requirements) may give its containers resources, and its "
    "LimitRange transformer divides the namespace's defaultRequest among the steps"
)
_TASK: Final = (
    f"a Task is the pod of each TaskRun that names it, whose stepSpecs and task-level computeResources go over it; {_AS_WRITTEN}"
)
_PIPELINE: Final = (
    f"a Pipeline's embedded task is the pod of a TaskRun of each PipelineRun of it, whose taskRunSpecs go over it; {_AS_WRITTEN}"
)
_MATRIX: Final = (
    f"a pipeline task with a matrix is one TaskRun for each combination of its parameters; {_AS_WRITTEN}"
)
# pipeline_validation.go: an embedded task with an apiVersion is a custom task (a CustomRun: no pod)
_NOT_CUSTOM: Final = FieldIn("taskSpec.apiVersion", (), match="written", negate=True)
_MATRIXED: Final = FieldIn("matrix", (), match="written")
_SOURCE: Final = f"{_TEKTON} pkg/apis/pipeline/v1/taskrun_types.go, pkg/pod/pod.go Builder.Build"


def _embedded(root: str, preset: bool) -> tuple[PodPath, ...]:
    """The embedded tasks of a pipeline spec at ``root``: ``tasks`` and ``finally``."""
    out: list[PodPath] = []
    for part in ("tasks", "finally"):
        path = f"{root}.{part}[*].taskSpec"
        if preset:
            out.append(PodPath(path, "containers", name="name", assemble=assemble, as_written=_PIPELINE, preset=True, if_element=(_NOT_CUSTOM,)))
            continue
        out.append(PodPath(path, "containers", name="name", count=("1",), assemble=assemble_in_run, as_written=_AS_WRITTEN,
                           pod_fields="/spec.taskRunTemplate.podTemplate", if_element=(_NOT_CUSTOM, replace(_MATRIXED, negate=True))))  # fmt: skip
        out.append(PodPath(path, "containers", name="name", assemble=assemble_in_run, as_written=_MATRIX,
                           pod_fields="/spec.taskRunTemplate.podTemplate", if_element=(_NOT_CUSTOM, _MATRIXED)))  # fmt: skip
    return tuple(out)


TEKTON_KINDS: Final = (
    WorkloadKind(
        "tekton.dev", "TaskRun",
        (PodPath("spec.taskSpec", "containers", count=("1",), assemble=assemble, as_written=_AS_WRITTEN, pod_fields="/spec.podTemplate"),),
        _SOURCE, refers=("spec.taskRef",),
    ),
    WorkloadKind("tekton.dev", "Task", (PodPath("spec", "containers", label="task", assemble=assemble, as_written=_TASK, preset=True),),
                 f"{_TEKTON} pkg/apis/pipeline/v1/task_types.go, pkg/pod/pod.go Builder.Build"),
    WorkloadKind("tekton.dev", "Pipeline", _embedded("spec", preset=True), f"{_TEKTON} pkg/apis/pipeline/v1/pipeline_types.go EmbeddedTask",
                 refers=("spec.tasks[*].taskRef", "spec.finally[*].taskRef")),
    WorkloadKind("tekton.dev", "PipelineRun", _embedded("spec.pipelineSpec", preset=False),
                 f"{_TEKTON} pkg/apis/pipeline/v1/pipelinerun_types.go, pkg/reconciler/pipelinerun/pipelinerun.go createTaskRun",
                 refers=("spec.pipelineRef", "spec.pipelineSpec.tasks[*].taskRef", "spec.pipelineSpec.finally[*].taskRef")),
)  # fmt: skip
