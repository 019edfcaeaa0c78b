"""Armada's job submission files: the file ``armadactl submit FILE`` sends
(armadaproject/armada 207cc9e04ef0 internal/armadactl/submit.go Submit).

The file is no Kubernetes object: it is pkg/client/domain/types.go's
``JobSubmitFile`` (``queue``, ``jobSetId``, ``jobs``, each an
``api.JobSubmitRequestItem`` of pkg/api/submit.proto), read by
pkg/client/util/deserialize.go BindJsonOrYaml: the first document of the
file, JSON or YAML, through Go's encoding/json (keys matched regardless of
case, the last of two spellings winning, unknown keys dropped). A document
is read as one where it has no ``kind`` and no ``apiVersion``, its keys are
those three fields and no other, and ``jobs`` is a list of mappings whose
keys are all fields of JobSubmitRequestItem: the file's own schema, not a
guess from a ``podSpec`` key.

Each job is one pod (one Armada job runs one pod; its ``priority`` orders
jobs within the queue and is no pod priority). Its PodSpec is ``podSpec``
(deprecated) or the one item of ``podSpecs``; the pod's namespace is the
job's ``namespace``, its annotations the job's. Armada's server refuses a
job (internal/server/submit/validation/submit_request.go, before any
default is applied, submit.go SubmitJobs) that has no namespace
(validateHasNamespace), no PodSpec, both ``podSpec`` and ``podSpecs``, or
more than one item in ``podSpecs`` (validateHasPodSpec), or a container or
init container that sets no requests and no limits, a different number of
requests and limits, a request without a limit of the same resource, or a
limit below its request (validateResources; the further
``maxOversubscriptionByResourceRequest`` test is the server's configuration
and not applied here): such a job is reported as refused, with no pod.

A job that is accepted is as written where a container neither requests
nor limits cpu or memory: the server then gives it, as both its request and
its limit, its configured ``submission.defaultJobLimits``
(internal/server/submit/conversion/post_process.go defaultResource; cpu 1,
memory 1Gi and ephemeral-storage 8Gi in config/server/config.yaml).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.pod import decode_pod
from pod_resources_cli.model.decode.problems import DecodeProblem, Problems
from pod_resources_cli.model.pod import Container, Pod
from pod_resources_cli.model.workload import Workload, WorkloadRef

KIND: Final = "JobSubmitFile"
_FILE_FIELDS: Final = frozenset({"queue", "jobsetid", "jobs"})
# api.JobSubmitRequestItem's JSON names (pkg/api/submit.pb.go), folded as encoding/json matches them
_ITEM_FIELDS: Final = frozenset(
    {"priority", "namespace", "clientid", "labels", "annotations", "requirednodelabels", "podspec", "podspecs", "ingress", "services",
     "scheduler", "externaljoburi"}
)  # fmt: skip
_REFUSED: Final = "Armada's server refuses the job ({}): {}"
DEFAULTED: Final = (
    "Armada's server gives a container that neither requests nor limits a resource its configured "
    "submission.defaultJobLimits as request and limit (cpu 1, memory 1Gi, ephemeral-storage 8Gi in Armada's "
    "config/server/config.yaml; internal/server/submit/conversion/post_process.go defaultResource)"
)


def _field(mapping: dict[str, Any], name: str) -> tuple[Any, str | None]:
    """The value of a field matched as encoding/json matches it (case folded, the last key winning), and its key."""
    found: tuple[Any, str | None] = (None, None)
    for key, value in mapping.items():
        if isinstance(key, str) and key.lower() == name:
            found = (value, key)
    return found


def is_submit_file(data: Any) -> bool:
    """The document is an Armada JobSubmitFile (see the module's words)."""
    if not isinstance(data, dict) or "kind" in data or "apiVersion" in data:
        return False
    keys = {k.lower() for k in data if isinstance(k, str)}
    if len(keys) != len(data) or keys != _FILE_FIELDS:
        return False
    jobs, _ = _field(data, "jobs")
    if not isinstance(jobs, list) or not jobs or not all(isinstance(j, dict) for j in jobs):
        return False
    return all(isinstance(k, str) and k.lower() in _ITEM_FIELDS for job in jobs for k in job)


def submit_file_job_count(data: dict[str, Any]) -> int:
    """How many jobs a JobSubmitFile holds (0 for any other document)."""
    return len(_field(data, "jobs")[0]) if is_submit_file(data) else 0


def submit_file_jobs(data: dict[str, Any]) -> Iterator[tuple[Workload | None, tuple[DecodeProblem, ...], str, str | None, Pointer, str]]:
    """Each job of a JobSubmitFile: (its pod or None, problems, the job set's name, namespace, where, label)."""
    job_set, _ = _field(data, "jobsetid")
    name = job_set if isinstance(job_set, str) and job_set else "<unnamed>"
    jobs, jobs_key = _field(data, "jobs")
    for i, job in enumerate(jobs):
        yield _job(job, (jobs_key or "jobs", i), name)


def _job(job: dict[str, Any], at: Pointer, name: str) -> tuple[Workload | None, tuple[DecodeProblem, ...], str, str | None, Pointer, str]:
    problems = Problems()
    label = f"jobs[{at[1]}]"
    raw_namespace, _ = _field(job, "namespace")
    namespace = raw_namespace if isinstance(raw_namespace, str) and raw_namespace else None
    if namespace is None:
        problems.add(at, _REFUSED.format("validateHasNamespace", "namespace is a required field"))
    spec, where = _pod_spec(job, at, problems)
    if spec is None:
        return None, tuple(problems.items), name, namespace, at, label
    before = len(problems.items)
    pod = decode_pod(spec, where, problems, name=name, namespace=namespace, spec_only=True)
    # resources that cannot be read are said so already: no verdict on what could be read of them
    for container in () if len(problems.items) > before else (*pod.containers, *pod.init_containers):
        if (why := _refused_resources(container)) is not None:
            problems.add((*container.pointer, "resources"), _REFUSED.format("validateResources", why))
    if problems.items:
        return None, tuple(problems.items), name, namespace, at, label
    raw_annotations, _ = _field(job, "annotations")
    annotations = tuple(sorted((str(k), str(v)) for k, v in raw_annotations.items())) if isinstance(raw_annotations, dict) else ()
    ref = WorkloadRef(kind=KIND, name=name, namespace=namespace, replicas=1, template=label, as_written=DEFAULTED if _defaulted(pod) else None)
    return Workload(ref=ref, pod=pod, pointer=at, annotations=annotations), (), name, namespace, at, label


def _pod_spec(job: dict[str, Any], at: Pointer, problems: Problems) -> tuple[dict[str, Any] | None, Pointer]:
    """The job's one PodSpec (validateHasPodSpec), or None with the reason the server refuses it."""
    single, single_key = _field(job, "podspec")
    many, many_key = _field(job, "podspecs")
    items = many if isinstance(many, list) else []
    if single is None and not items:
        problems.add(at, _REFUSED.format("validateHasPodSpec", "Job must contain at least one PodSpec"))
    elif single is not None and items:
        problems.add((*at, many_key or "podSpecs"), _REFUSED.format("validateHasPodSpec", "PodSpec must be nil if PodSpecs is provided"))
    elif len(items) > 1:
        problems.add((*at, many_key or "podSpecs"), _REFUSED.format("validateHasPodSpec", "Jobs with multiple pods are not supported"))
    elif single is not None:
        if isinstance(single, dict):
            return single, (*at, single_key or "podSpec")
        problems.add((*at, single_key or "podSpec"), "must be an object (a PodSpec)")
    elif isinstance(items[0], dict):
        return items[0], (*at, many_key or "podSpecs", 0)
    else:
        problems.add((*at, many_key or "podSpecs", 0), "must be an object (a PodSpec)")
    return None, at


def _refused_resources(container: Container) -> str | None:
    """validateResources' reason, apart from the configured oversubscription bound."""
    requests, limits = container.resources.req, container.resources.lim
    if not requests and not limits:
        return f"container {container.name} has no resources specified"
    if len(requests) != len(limits):
        return f"container {container.name} defines different resources for requests and limits"
    for resource, request in requests.items():
        limit = limits.get(resource)
        if limit is None:
            return f"container {container.name} defines {resource} for requests but not limits"
        if limit.milli_value() < request.milli_value():
            return f"container {container.name} defines {resource} with limits smaller than requests"
    return None


def _defaulted(pod: Pod) -> bool:
    """A container the server's defaultJobLimits change in cpu or memory."""
    return any(
        resource not in c.resources.req and resource not in c.resources.lim
        for c in (*pod.containers, *pod.init_containers)
        for resource in ("cpu", "memory")
    )  # fmt: skip
