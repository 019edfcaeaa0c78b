"""Prow's job configuration: the ``presubmits``, ``postsubmits`` and
``periodics`` a Prow instance reads from its job config files
(kubernetes-sigs/prow @a61940897382 pkg/config/jobs.go JobConfig), each job
run as a ProwJob whose pod plank builds (pkg/pod-utils/decorate/podspec.go
ProwJobToPod).

The document is no Kubernetes object: it is read as one where it has no
``kind`` and no ``apiVersion``, and a ``presubmits`` or ``postsubmits``
mapping of repositories to lists of jobs, or a ``periodics`` list of jobs,
each job a mapping with a ``name`` (JobBase): Prow's own schema, also in a
combined ``config.yaml`` beside Prow's other keys. A repository's in-repo
configuration (``.prow.yaml`` or ``.prow/*.yaml``; pkg/config/inrepoconfig.go
ProwYAML) writes its ``presubmits`` and ``postsubmits`` as lists of jobs.

A job's pod is its ``spec`` (a PodSpec), made where its ``agent`` is
``kubernetes``, the default (config.go defaultJobBase); a job without
``spec`` (Tekton's, Jenkins') makes none here. Each run is one pod
(ProwJobToPod: ``restartPolicy: Never``), in the job's ``namespace``, else
Prow's ``pod_namespace`` where the same document writes it (a combined
``config.yaml``), else none known here. A spec with one container has it
named ``test`` (kube.TestContainerName).

A decorated job (``decorate``, else the document's ``decorate_all_jobs``,
config.go shouldDecorate) gets the pod utilities (decorate): the init
container ``clonerefs`` first where the job clones a repository (a
presubmit's or postsubmit's own, a periodic's ``extra_refs``; not with
``decoration_config.skip_cloning``), ``initupload`` and
``place-entrypoint`` after the spec's init containers, and the container
``sidecar`` after its containers, each with
``decoration_config.resources.<clonerefs|initupload|place_entrypoint|sidecar>``
where the job writes it; a container without a memory request gets
``decoration_config.default_memory_request``, and with
``set_limit_equals_memory_request`` its memory limit is its memory request.
Those of the job are merged over plank's ``default_decoration_config_entries``
(Prow's configuration, another file): a decorated job's pod, and one whose
decoration is decided by ``decorate_all_jobs`` in another file, is as written,
unless the repository names that configuration (source/prow_config.py: its
plugins configuration's ``config_updater.maps``, kubernetes/test-infra
@9cd5798cbb4f config/prow/plugins.yaml): then the entries matching the job's
repository and cluster are merged under its own (config.go
mergeDefaultDecorationConfig), its ``decorate_all_jobs`` decides, and the pod
is final, the utilities it sizes named by no finding.
A ProwJob object (``prow.k8s.io/v1``, pkg/apis/prowjobs/v1/types.go) of the
``kubernetes`` agent is built the same way from its ``pod_spec``, in its
``spec.namespace``, cloning where ``refs`` or ``extra_refs`` are written; its
``decoration_config`` is already plank's merged with the job's, so its pod
is final. A ProwJob of another agent makes no pod of plank's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.pod import decode_containers, decode_pod
from pod_resources_cli.model.decode.problems import DecodeProblem, Problems
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.model.workload import Workload, WorkloadRef
from pod_resources_cli.quantity import Quantity, QuantityError
from pod_resources_cli.records import replace

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.prow_defaults import ProwDefaults

_SECTIONS: Final = {"presubmits": "Presubmit", "postsubmits": "Postsubmit", "periodics": "Periodic"}
DECORATED: Final = (
    "Prow decorates the job: plank's default_decoration_config_entries (Prow's configuration) give the pod utilities "
    "(clonerefs, initupload, place-entrypoint, sidecar) the resources the job does not, and may set "
    "default_memory_request (kubernetes-sigs/prow pkg/pod-utils/decorate/podspec.go decorate)"
)
UNDECIDED: Final = (
    "Prow decorates the job where its configuration's decorate_all_jobs says so (another file; pkg/config/config.go "
    "shouldDecorate): then plank adds the pod utilities (clonerefs, initupload, place-entrypoint, sidecar)"
)
_UTILITY_KEYS: Final = {"clonerefs": "clonerefs", "initupload": "initupload", "place-entrypoint": "place_entrypoint", "sidecar": "sidecar"}
Job = tuple[Workload | None, tuple[DecodeProblem, ...], str, str, str | None, Pointer, str]


def _job_lists(data: dict[str, Any]) -> Iterator[tuple[str, str, list[Any], Pointer, str]]:
    """(section, kind, its list of jobs, where, a label prefix) of each section written with Prow's shape."""
    for section, kind in _SECTIONS.items():
        value = data.get(section)
        # periodics: a list; presubmits and postsubmits: a list too in a repository's in-repo configuration
        # (``.prow.yaml`` or ``.prow/*.yaml``, pkg/config/inrepoconfig.go ProwYAML: the repository's own jobs)
        if isinstance(value, list):
            yield section, kind, value, (section,), section
        elif isinstance(value, dict):
            for repo, jobs in value.items():
                if isinstance(repo, str) and isinstance(jobs, list):
                    yield section, kind, jobs, (section, repo), f"{section}[{repo}]"


def is_job_config(data: Any) -> bool:
    """The document is Prow's job configuration (see the module's words)."""
    if not isinstance(data, dict) or "kind" in data or "apiVersion" in data or not any(s in data for s in _SECTIONS):
        return False
    lists = list(_job_lists(data))
    jobs = [job for _, _, items, _, _ in lists for job in items]
    return bool(jobs) and all(isinstance(j, dict) and isinstance(j.get("name"), str) for j in jobs)


def job_count(data: dict[str, Any]) -> int:
    """How many jobs with a pod spec Prow's job configuration holds (0 for any other document)."""
    return sum(1 for *_, job in _each(data)) if is_job_config(data) else 0


def _each(data: dict[str, Any]) -> Iterator[tuple[str, str, Pointer, str, dict[str, Any]]]:
    for section, kind, jobs, at, prefix in _job_lists(data):
        for i, job in enumerate(jobs):
            if isinstance(job, dict) and "spec" in job and job.get("agent", "kubernetes") in ("kubernetes", "", None):
                yield section, kind, (*at, i), f"{prefix}[{i}]", job


def jobs(data: dict[str, Any], defaults: Callable[[], ProwDefaults | None] | None = None) -> Iterator[Job]:
    """Each job's pod: (its pod or None, problems, kind, name, namespace, where, label). ``defaults``: Prow's own
    configuration for the file, where its repository names it (source/prow_config.py), asked once."""
    known: list[ProwDefaults | None] = []
    for section, kind, at, label, job in _each(data):
        if defaults is not None and not known:
            known.append(defaults())
        yield _job(data, section, kind, job, at, label, known[0] if known else None)


def _repo(section: str, at: Pointer, job: dict[str, Any]) -> str | None:
    """The repository plank matches default decoration entries against (config.go setPresubmitDecorationDefaults:
    the job's repository; setPeriodicDecorationDefaults: the first of ``extra_refs``, else none); None where the
    document does not say it (an in-repo configuration's list of jobs)."""
    if section == "periodics":
        refs = job.get("extra_refs")
        first = refs[0] if isinstance(refs, list) and refs and isinstance(refs[0], dict) else None
        return f"{first.get('org', '')}/{first.get('repo', '')}" if first is not None else ""
    return at[1] if len(at) == 3 and isinstance(at[1], str) else None


def _job(data: dict[str, Any], section: str, kind: str, job: dict[str, Any], at: Pointer, label: str, defaults: ProwDefaults | None = None) -> Job:
    problems = Problems()
    name = job["name"]
    # defaultJobBase: the job's namespace, else Prow's pod_namespace (where the same document writes it)
    namespace = next((v for v in (job.get("namespace"), data.get("pod_namespace")) if isinstance(v, str) and v), None)
    spec = job.get("spec")
    if not isinstance(spec, dict):
        problems.add((*at, "spec"), "must be an object (a PodSpec)")
        return None, tuple(problems.items), kind, name, namespace, at, label
    pod = decode_pod(spec, (*at, "spec"), problems, name=name, namespace=namespace, spec_only=True)
    if len(pod.containers) == 1:  # ProwJobToPod: kube.TestContainerName
        pod = replace(pod, containers=(replace(pod.containers[0], name="test"),))
    decorate = job.get("decorate")
    decided = decorate if isinstance(decorate, bool) else data.get("decorate_all_jobs")
    if not isinstance(decided, bool) and defaults is not None:  # Prow's configuration: decorate_all_jobs, else false
        decided = defaults.decorate_all_jobs is True
    as_written = UNDECIDED if not isinstance(decided, bool) else DECORATED if decided else None
    defaulted: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    fixed: tuple[str, ...] = ()  # utilities Prow's configuration sizes: counted in the pod, no finding names them
    if decided is True:
        raw_config = job.get("decoration_config")
        config: dict[str, Any] = raw_config if isinstance(raw_config, dict) else {}
        written = config
        clones = section != "periodics" or bool(job.get("extra_refs"))  # a presubmit or postsubmit clones its repository
        repo = _repo(section, at, job)
        if defaults is not None and repo is not None:
            written_cluster = job.get("cluster")
            cluster = written_cluster if isinstance(written_cluster, str) and written_cluster else "default"  # defaultJobBase
            config = defaults.decoration(repo, cluster, raw_config if isinstance(raw_config, dict) else None)
            notes = (_merged_note(defaults, repo, cluster),)
            as_written = None
        pod, defaulted = _decorated(pod, clones, config, (*at, "decoration_config"), (*at, "decorate"), problems, written)
        if notes:  # plank's entries are known: a utility sized by neither has no resources
            raw_own = written.get("resources")
            own: dict[str, Any] = raw_own if isinstance(raw_own, dict) else {}
            made = {c.name for c in (*pod.init_containers, *pod.containers)}
            fixed = tuple(name for name, key in _UTILITY_KEYS.items() if name in made and not isinstance(own.get(key), dict))
            defaulted = ()
    if problems.items:
        return None, tuple(problems.items), kind, name, namespace, at, label
    # a pod utility whose resources the job does not write takes plank's defaults (not known here): none said missing
    sets = tuple((utility, ("cpu", "memory")) for utility in defaulted)
    ref = WorkloadRef(kind=kind, name=name, namespace=namespace, replicas=1, template=label, as_written=as_written, operator_sets=sets,
                      operator_notes=notes, injected_fixed=fixed)  # fmt: skip
    return Workload(ref=ref, pod=pod, pointer=at), (), kind, name, namespace, at, label


def _merged_note(defaults: ProwDefaults, repo: str, cluster: str) -> str:
    count = defaults.matched(repo, cluster)
    return (
        f"plank merges the {count} default_decoration_config_entries of {defaults.path} that match repo {repo or '(none)'!r} "
        f"and cluster {cluster!r} under the job's decoration_config: the pod utilities it does not size take their resources "
        "(kubernetes-sigs/prow pkg/config/config.go mergeDefaultDecorationConfig)"
    )


def _decorated(
    pod: Pod, clones: bool, config: dict[str, Any], config_at: Pointer, fallback_at: Pointer, problems: Problems,
    written: dict[str, Any] | None = None,
) -> tuple[Pod, tuple[str, ...]]:  # fmt: skip
    """podspec.go decorate: the pod utilities, and the decoration config's memory defaults, of ``config``; and the
    utilities whose resources it does not write (for a job: DecorationConfig.ApplyDefault gives plank's, whole).
    ``written``: the job's own decoration config, where ``config`` is merged with Prow's (where each value is)."""
    raw_resources = config.get("resources")
    resources: dict[str, Any] = raw_resources if isinstance(raw_resources, dict) else {}
    own = written if written is not None else config
    raw_own = own.get("resources")
    own_resources: dict[str, Any] = raw_own if isinstance(raw_own, dict) else {}

    def utility(name: str, key: str, init: bool) -> Container:
        value = resources.get(key)
        where: Pointer = (*config_at, "resources", key) if key in own_resources else config_at if own else fallback_at
        raw = {"name": name, "resources": value} if isinstance(value, dict) else {"name": name}
        [made] = decode_containers([(raw, where)], init=init, problems=problems)
        return replace(made, pointer=where)

    clones = clones and config.get("skip_cloning") is not True  # CloneRefs
    init = (*((utility("clonerefs", "clonerefs", True),) if clones else ()), *pod.init_containers,
            utility("initupload", "initupload", True), utility("place-entrypoint", "place_entrypoint", True))  # fmt: skip
    containers = list(pod.containers)
    memory = _quantity(config.get("default_memory_request"), (*config_at, "default_memory_request"), problems)
    if memory is not None:
        containers = [c if "memory" in c.resources.req else replace(c, resources=_with(c.resources, req={"memory": memory})) for c in containers]
    if config.get("set_limit_equals_memory_request") is True:
        containers = [c if "memory" not in c.resources.req else replace(c, resources=_with(c.resources, lim={"memory": c.resources.req["memory"]})) for c in containers]  # fmt: skip
    containers.append(utility("sidecar", "sidecar", False))
    init = tuple(replace(c, index=i, type=ContainerType.INIT) for i, c in enumerate(init))
    made = {c.name for c in (*init, containers[-1])}
    defaulted = tuple(name for name, key in _UTILITY_KEYS.items() if name in made and not isinstance(resources.get(key), dict))
    return replace(pod, init_containers=init, containers=tuple(replace(c, index=i) for i, c in enumerate(containers))), defaulted


def _quantity(value: Any, at: Pointer, problems: Problems) -> Quantity | None:
    if value is None:
        return None
    try:
        return Quantity.parse(str(value))
    except QuantityError as e:
        problems.add(at, f"invalid quantity {value!r}: {e}")
        return None


def _with(resources: ResourceRequirements, req: dict[str, Quantity] | None = None, lim: dict[str, Quantity] | None = None) -> ResourceRequirements:
    return replace(resources, requests={**resources.req, **(req or {})}, limits={**resources.lim, **(lim or {})})


def is_prowjob(obj: dict[str, Any]) -> bool:
    return obj.get("kind") == "ProwJob" and isinstance(obj.get("apiVersion"), str) and obj["apiVersion"].startswith("prow.k8s.io/")


def prowjob(obj: dict[str, Any], pointer: Pointer) -> Job | None:
    """A ProwJob (pkg/apis/prowjobs/v1/types.go): its pod as plank builds it (ProwJobToPod) where ``spec.agent`` is
    ``kubernetes``; None for another agent (a Tekton PipelineRun, a Jenkins build: another object's or system's pods).
    Its ``decoration_config`` is already plank's merged with the job's (config.go setProwJobDefaults when the ProwJob
    is made): the pod is final."""
    spec = obj.get("spec")
    if not isinstance(spec, dict) or spec.get("agent") != "kubernetes":
        return None
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    name = str(metadata.get("name") or metadata.get("generateName") or "<unnamed>") if isinstance(metadata, dict) else "<unnamed>"
    namespace = spec.get("namespace") if isinstance(spec.get("namespace"), str) and spec.get("namespace") else None  # the pod's: pj.Spec.Namespace
    problems = Problems()
    pod_spec, at = spec.get("pod_spec"), (*pointer, "spec", "pod_spec")
    if not isinstance(pod_spec, dict):
        problems.add(at, f"prowjob {name!r} lacks a pod spec (ProwJobToPod)")
        return None, tuple(problems.items), "ProwJob", name, namespace, pointer, "pod_spec"
    pod = decode_pod(pod_spec, at, problems, name=name, namespace=namespace, spec_only=True)
    if len(pod.containers) == 1:
        pod = replace(pod, containers=(replace(pod.containers[0], name="test"),))
    config = spec.get("decoration_config")
    if isinstance(config, dict):
        clones = bool(spec.get("refs")) or bool(spec.get("extra_refs"))
        pod, _ = _decorated(pod, clones, config, (*pointer, "spec", "decoration_config"), (*pointer, "spec", "decoration_config"), problems)
    if problems.items:
        return None, tuple(problems.items), "ProwJob", name, namespace, pointer, "pod_spec"
    ref = WorkloadRef(kind="ProwJob", name=name, namespace=namespace, replicas=1, template="pod_spec")
    return Workload(ref=ref, pod=pod, pointer=pointer), (), "ProwJob", name, namespace, pointer, "pod_spec"
