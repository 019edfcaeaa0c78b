"""Testkube's TestWorkflow and TestWorkflowTemplate (testworkflows.testkube.io/v1;
kubeshop/testkube @2b73b1310e9d api/testworkflows/v1/testworkflow_types.go,
testworkflowtemplate_types.go). A TestWorkflow makes no pod when it is
applied: each execution (from the CLI, the dashboard, a trigger or a cron
event) runs one Job of one pod (pkg/testworkflows/testworkflowprocessor/
processor.go Bundle: ``BackoffLimit: 0``), so the count is one a run, not
known here.

That pod's containers run one after another: all but the last are init
containers, the last is the regular one (processor.go
``podSpec.Spec.InitContainers = containers[:len(containers)-1]``), each
named by its place (action/containerize.go CreateContainer ``cr.Name =
fmt.Sprintf("%d", groupId+1)``). The processor walks the steps as a tree
(``setup``, ``steps`` and ``after`` under a root step that carries
``spec.container`` and ``spec.content``; processor.go): every step's
ContainerConfig is merged over its parent's, and a ``run``'s inline one
over the step's, the resources key by key (testworkflowresolver/merge.go
MergeContainerConfig, MergeResources: MergeMap of ``requests`` and of
``limits``). Each step's operations are executions with those
resources, in this order: its Git checkout (``content.git``, in Testkube's
toolkit image: operations.go ProcessContentGit), its ``setup``, its
``shell`` or ``run`` (or ``execute``, ``parallel``, ``services``, run by the
toolkit), its ``artifacts`` and its children. Consecutive executions share
a container only where one of them is pure and their configurations are
compatible (action/group.go Group, isCompatibleContainerConfig: the JSON of
the configurations, resources included, equal but for env, workingDir,
command and args; a pure toolkit one always joins); the artifacts upload,
a tarball's download, a delay, ``execute`` and the starters of
``parallel`` workers and ``services`` are pure (operations.go SetPure;
pkg/tcl/testworkflowstcl/testworkflowprocessor/operations.go), so they
join a neighbour, whose resources the container keeps (containerize.go
CreateContainer's bestContainerConfig: an executable one of a user's
image first). Here each other execution is its own container (a step
marked ``pure``, or ``system.pureByDefault``, may share one with a
neighbour of the same configuration: the pod's requests and limits, the
largest container's, are the same either way).

The pod is as written: the Testkube installation's global template is
merged into every workflow, its ``defaultRunnerResources`` go to Testkube's
own init and toolkit containers that set none (processor.go), a ``use`` or
``template`` brings a TestWorkflowTemplate's steps and container (then a
resource left out is no finding: the template may set it), and a
resource written as an expression (``{{ config.cpu }}``) is decided at the
run (left out here). A TestWorkflowTemplate is such a pod's preset: merged
into the workflows that use it, whose own values win.

The ``services`` of the workflow and of its top-level steps run in pods of
their own, one a service instance (cmd/tcl/testworkflow-toolkit/commands/
services.go: a TestWorkflowSpec whose container is the service's
ContainerConfig alone, its content, one step that runs it); a top-level
``parallel`` step's workers likewise (pkg/tcl/testworkflowstcl/
testworkflowprocessor/operations.go ProcessParallel: the step's resolved
container config under the parallel's ``container``; cmd/tcl/
testworkflow-toolkit/commands/parallel.go NormalizeParallelSpec: the
block's own operations a first step), each counted by ``count``,
``matrix`` and ``shards`` at the run (not counted here). Their starters,
and ``execute`` (which starts other workflows, their pods theirs), are pure
toolkit operations of the main pod. Nested steps' services and parallel
blocks are not listed.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Containers, PodPath, WorkloadKind

_REPO: Final = "kubeshop/testkube"
_AS_WRITTEN: Final = (
    "Testkube merges its installation's global template into every workflow, gives its own init and toolkit containers "
    "the installation's default runner resources where they set none, and resolves `use`, `template` and expressions "
    "when a run starts (pkg/testworkflows/testworkflowprocessor/processor.go)"
)
# what a step runs in a container of its own (api/testworkflows/v1/step_types.go StepOperations), beside ``run``
_OWN: Final = ("shell",)
# pure operations (operations.go SetPure; pkg/tcl/testworkflowstcl/testworkflowprocessor/operations.go ProcessExecute,
# ProcessParallel, ProcessServicesStart): they join a neighbouring container
_PURE: Final = ("artifacts", "delay", "execute", "parallel", "services")


def _written(value: Any) -> Any:
    """A Resources map with the expressions left out (decided at the run)."""
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for field in ("requests", "limits"):
        items = value.get(field)
        if isinstance(items, dict):
            out[field] = {k: v for k, v in items.items() if not (isinstance(v, str) and "{{" in v)}
        elif items is not None:
            out[field] = items  # refused where it is decoded
    return out


def _merged(under: Any, over: Any) -> Any:
    """MergeResources: ``over``'s requests and limits key by key over ``under``'s (MergeMap); a value that is no
    mapping is kept, to be refused where the container is decoded."""
    if over is None or not isinstance(under, dict):
        return under
    if not isinstance(over, dict):
        return over
    out = dict(under)
    for field in ("requests", "limits"):
        low, high = under.get(field), over.get(field)
        if isinstance(high, dict):
            out[field] = {**low, **high} if isinstance(low, dict) else dict(high)
        elif high is not None:
            out[field] = high
    return out


Execution = tuple[Any, Pointer, bool]  # the resources, where they are written (a ContainerConfig's pointer), pure


def _resources_of(config: Any) -> Any:
    return _written(config.get("resources")) if isinstance(config, dict) else None


def _walk(step: dict[str, Any], pointer: Pointer, parent: tuple[Any, Pointer], out: list[Execution]) -> None:
    """The step's executions, in the order the processor runs them (processor.go process: its operations, then its
    children)."""
    resources, at = parent
    container = step.get("container")
    if isinstance(container, dict) and container.get("resources") is not None:
        merged = _merged(resources, _resources_of(container))
        if merged is not resources:  # else a parent's that is no mapping, kept where it is written
            resources, at = merged, (*pointer, "container")
    content = step.get("content")
    if isinstance(content, dict) and content.get("git") is not None:
        out.append((resources, at, False))
    if isinstance(content, dict) and content.get("tarball") is not None:
        out.append((resources, at, True))
    for i, child in enumerate(step["setup"] if isinstance(step.get("setup"), list) else []):
        if isinstance(child, dict):
            _walk(child, (*pointer, "setup", i), (resources, at), out)
    run = step.get("run")
    if isinstance(run, dict):
        own = run.get("resources")
        merged = _merged(resources, _written(own))
        out.append((merged, (*pointer, "run"), False) if merged is not resources else (resources, at, False))
    elif any(step.get(key) is not None for key in _OWN):
        out.append((resources, at, False))
    if any(step.get(key) is not None for key in _PURE):
        out.append((resources, at, True))
    for i, child in enumerate(step["steps"] if isinstance(step.get("steps"), list) else []):
        if isinstance(child, dict):
            _walk(child, (*pointer, "steps", i), (resources, at), out)


def assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The run's pod: a container for each execution but the pure ones (which join a neighbour; all pure: one
    container, the last one's), the last regular, the others init."""
    return _pod(spec, pointer, ({}, pointer))


def _pod(spec: Any, pointer: Pointer, inherited: tuple[Any, Pointer]) -> tuple[Containers, Containers]:
    if not isinstance(spec, dict):
        return (), ()
    root = inherited
    container = spec.get("container")
    if isinstance(container, dict) and container.get("resources") is not None:
        merged = _merged(inherited[0], _resources_of(container))
        if merged is not inherited[0]:
            root = (merged, (*pointer, "container"))
    executions: list[Execution] = []
    # the root step: spec.content, then setup, steps and after as its children (processor.go rootStep)
    _walk({"content": spec.get("content")}, pointer, root, executions)
    for part in ("setup", "steps", "after"):
        for i, step in enumerate(_list(spec, part)):
            if isinstance(step, dict):
                _walk(step, (*pointer, part, i), root, executions)
    kept = [(resources, at) for resources, at, pure in executions if not pure] or [(resources, at) for resources, at, _ in executions[-1:]]
    containers = [({"name": str(i + 1), "resources": resources}, at) for i, (resources, at) in enumerate(kept)]
    return tuple(containers[-1:]), tuple(containers[:-1])


def assemble_parallel(obj: dict[str, Any], parallel: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """A parallel step's worker pod (pkg/tcl/testworkflowstcl/testworkflowprocessor/operations.go ProcessParallel):
    the step's resolved container config under the parallel's own (MergeContainerConfig), the parallel block's own
    operations a first step (cmd/tcl/testworkflow-toolkit/commands/parallel.go NormalizeParallelSpec), then its
    content, setup, steps and after as a workflow's."""
    spec: dict[str, Any] = obj["spec"] if isinstance(obj.get("spec"), dict) else {}
    inherited: tuple[Any, Pointer] = ({}, pointer[:1])
    workflow = spec.get("container")
    if isinstance(workflow, dict) and workflow.get("resources") is not None:
        inherited = (_merged({}, _resources_of(workflow)), (*pointer[:1], "container"))
    step = _at(obj, pointer[:-1])
    own = step.get("container") if isinstance(step, dict) else None
    if isinstance(own, dict) and own.get("resources") is not None:
        merged = _merged(inherited[0], _resources_of(own))
        if merged is not inherited[0]:
            inherited = (merged, (*pointer[:-1], "container"))
    if not isinstance(parallel, dict):
        return (), ()
    operations = {key: parallel[key] for key in ("run", "shell", "artifacts", "delay", "execute") if parallel.get(key) is not None}
    first = [operations] if operations else []
    return _pod({**parallel, "steps": [*first, *_list(parallel, "steps")]}, pointer, inherited)


def assemble_service(obj: dict[str, Any], service: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """A service's pod (cmd/tcl/testworkflow-toolkit/commands/services.go: a TestWorkflowSpec whose container is the
    service's ContainerConfig alone, its content, one step running it): its Git checkout and its run."""
    if not isinstance(service, dict):
        return (), ()
    resources = _merged({}, _written(service.get("resources")))  # the service's own (StepRun inline): where it is written
    return _pod({"content": service.get("content"), "steps": [{"shell": "run"}]}, pointer, (resources, pointer))


def _at(obj: Any, pointer: Pointer) -> Any:
    for part in pointer:
        obj = obj[part] if isinstance(obj, dict) and isinstance(part, str) and part in obj else (
            obj[part] if isinstance(obj, list) and isinstance(part, int) and 0 <= part < len(obj) else None)
    return obj


def _list(spec: dict[str, Any], part: str) -> list[Any]:
    return spec[part] if isinstance(spec.get(part), list) else []


_TEMPLATED: Final = (
    "a TestWorkflowTemplate it includes (`use`, `template`) adds its container config and steps "
    "(pkg/testworkflows/testworkflowresolver/apply.go), not followed here"
)


def _includes(at: str, depth: int = 3) -> tuple[str, ...]:
    """The fields of the workflow spec at ``at`` (a PodPath.patched_by path: "/" from the root, else relative to the
    matched step) that include a template: ``use`` at the top, ``use`` and ``template`` on the steps, down to
    ``depth`` levels of setup and steps."""
    fields = [f"{at}.use"]
    level = [f"{at}.{part}[*]" for part in ("setup", "steps", "after")]
    for _ in range(depth):
        fields += [f"{step}.{key}" for step in level for key in ("use", "template")]
        level = [f"{step}.{part}[*]" for step in level for part in ("setup", "steps")]
    return tuple(fields)


def _kind(kind: str, preset: bool) -> WorkloadKind:
    common: dict[str, Any] = {"count": ("runs=?",), "as_written": _AS_WRITTEN, "preset": preset}
    paths = (
        # the pod takes spec.pod's priorityClassName and metadata (processor.go: podConfig)
        PodPath("spec", "containers", label="run", assemble=assemble, patched_by=(_includes("/spec"), _TEMPLATED), pod_fields="/spec.pod",
                **common),
        PodPath("spec.services{*}", "containers", label="service", assemble=assemble_service, patched_by=(("use",), _TEMPLATED), **common),
        *(PodPath(f"spec.{part}[*].services{{*}}", "containers", label="service", assemble=assemble_service,
                  patched_by=(("use",), _TEMPLATED), **common)
          for part in ("setup", "steps", "after")),
        *(PodPath(f"spec.{part}[*].parallel", "containers", label="parallel worker", assemble=assemble_parallel,
                  patched_by=(_includes("parallel"), _TEMPLATED), **common)
          for part in ("setup", "steps", "after")),
    )  # fmt: skip
    return WorkloadKind("testworkflows.testkube.io", kind, paths, f"{_REPO} api/testworkflows/v1/{kind.lower()}_types.go, pkg/testworkflows/testworkflowprocessor/processor.go")


TESTKUBE_KINDS: Final = (_kind("TestWorkflow", preset=False), _kind("TestWorkflowTemplate", preset=True))
