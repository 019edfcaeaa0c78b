"""Which object a pod (or pod template) came from."""

from __future__ import annotations

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class WorkloadRef:
    """The object a workload comes from (``replicas`` for the controllers that have them)."""

    kind: str
    name: str
    namespace: str | None = None
    replicas: int | None = None  # the pods this template stands for (replicas x parallelism ...)
    api_version: str | None = None
    template: str | None = None  # which of the object's templates (``workerGroupSpecs[0] gpu-workers``)
    by_shape: bool = False  # found by its shape in a kind the table does not know
    as_written: str | None = None  # why the pod is only as written: its operator adds to it (None: it is the pod)
    operator_notes: tuple[str, ...] = ()  # what the operator's code does to it, applied here (defaults, shorthands)
    preset: bool = False  # a runtime or preset merged into other objects' pods (their values win): no pod of its own
    operator_sets: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (container, resources) its operator sets, values not computed
    # containers an admission webhook adds with resources no field or annotation of the pod changes (the webhook's
    # install sets them: Consul's consul-connect-inject-init): counted in the pod, no finding names them
    injected_fixed: tuple[str, ...] = ()
    # the namespace the operator makes the pods in, where not the object's (Config Sync's reconcilers run in
    # config-management-system whatever the RepoSync's namespace): the namespace whose policies apply to them
    runs_in: str | None = None

    @property
    def pod_namespace(self) -> str | None:
        """The namespace the pods run in: ``runs_in``, else the object's."""
        return self.runs_in if self.runs_in is not None else self.namespace

    @property
    def display(self) -> str:
        """``RayCluster ml/train workerGroupSpecs[0] gpu-workers``."""
        name = f"{self.namespace}/{self.name}" if self.namespace else self.name
        text = f"{self.kind} {name}"
        return f"{text} {self.template}" if self.template else text


@dataclass(frozen=True, slots=True)
class Workload:
    """A pod or pod template found in a document; ``pointer`` is where the
    object itself starts (inside a ``kind: List`` it is ``("items", i)``)."""

    ref: WorkloadRef
    pod: Pod
    pointer: Pointer
    annotations: tuple[tuple[str, str], ...] = ()
    labels: tuple[tuple[str, str], ...] = ()  # the pod's (a template's metadata.labels): what selectors match
