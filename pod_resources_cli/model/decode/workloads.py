"""Objects -> the pods they carry, and what is skipped.

Every kind that carries pods is read through the kind table (``kinds.py``):
the built-in workloads, the well-known custom workloads (Ray, JobSet,
LeaderWorkerSet, Kubeflow, Argo, Knative, Volcano...) and the kinds users
declare; any other object is searched for pod templates by shape
(``templates.py``). A document that is not a Kubernetes object (no ``kind``,
or no ``apiVersion`` for a kind that is not a built-in workload) is skipped,
and so is an object that carries no pods; each skip is reported with its
reason so that a run can count them. LimitRange and ResourceQuota are read
as namespace policies elsewhere (``policy.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pod_resources_cli.records import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.location import Pointer, format_field_path, value_at
from pod_resources_cli.model.decode.controller_made import CONTROLLER_MADE, made_by
from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.decode.served import UNSERVED_RULE, unserved
from pod_resources_cli.model.decode.fields import workload_unknown_fields
from pod_resources_cli.model.decode.dapr import with_daprd
from pod_resources_cli.model.decode.injection import annotations_of
from pod_resources_cli.model.decode.injection import deployment_injected, injected
from pod_resources_cli.model.decode.kind_types import CORE_GROUPS, ChartOf
from pod_resources_cli.model.decode.kinds import WorkloadKind, find_kind, group_of, walk
from pod_resources_cli.model.decode.main_container import apply_main, default_names, renamed
from pod_resources_cli.model.decode.object_names import dns1123_label_errors, dns1123_subdomain_errors
from pod_resources_cli.model.decode.partial import PARTIAL_OBJECT, KustomizeRole, imageless_part, lacks_selector, nameless_job_part, why_partial
from pod_resources_cli.model.decode.placeholders import filled_in, nameless_pod, placeholder
from pod_resources_cli.model.decode.pod import decode_container_pod, decode_pod
from pod_resources_cli.model.decode.problems import DecodeProblem, Problems, as_mapping, type_name
from pod_resources_cli.model.decode.relative import Base
from pod_resources_cli.model.decode.templates import PodSite, pod_sites
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.model.workload import Workload, WorkloadRef
from pod_resources_cli.shown import quoted

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds_apptemplate import AppTemplateDependency
    from pod_resources_cli.model.decode.prow_defaults import ProwDefaults

# Why a document or object yields no pod (the summary counts them by reason).
NOT_KUBERNETES: Final = "not-kubernetes"
NO_PODS: Final = "no-pods"  # a kind of Kubernetes' own groups that carries no pods (Service, ConfigMap...)
DESCRIBES_OBJECTS: Final = "describes-objects"  # a policy, test, review or schema: never searched (describes.py)
NOT_SEARCHED: Final = "not-searched"  # a custom kind whose pods the tool does not model (Spark)
NOTHING_FOUND: Final = "nothing-found"  # a custom kind searched (table or shape) where no pod was found
KUSTOMIZE_PATCH: Final = "kustomize-patch"
TEST_UPDATE: Final = "test-update"  # a test step merges it into an object an earlier step created (source/harness.py)
TEMPLATE: Final = "template"  # unrendered template text, or an object named by a placeholder (placeholders.py)
ObjectKey = tuple[str, str, str, str]  # (API group, kind, namespace or "", name)
# Found by shape in a kind nobody has read the operator of: reports say so, and no rule states its QoS as fact.
BY_SHAPE: Final = "found by its shape in a kind the tool does not know; its operator may add resources"


# The top-level fields of the built-in workloads' Go types besides TypeMeta: ObjectMeta's ``metadata``, ``spec`` and
# ``status`` (k8s.io/api apps/v1, batch/v1, core/v1 types.go), and PodTemplate's ``template``.
_OBJECT_FIELDS: Final = ("metadata", "spec", "status", "template")


def is_kubernetes_object(obj: Any) -> bool:
    """A mapping with a ``kind`` and an ``apiVersion`` (or a built-in
    workload's ``kind`` alone: hand-written snippets are still read, when
    they hold one of the object's own fields; a ``kind: Deployment`` beside
    ``replicaCount``, ``env`` and ``config`` only is a Helm chart's values
    choosing the kind it renders, as fluent/helm-charts' fluent-bit values)."""
    if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str) or not obj["kind"]:
        return False
    if isinstance(obj.get("apiVersion"), str):
        return True
    return any(key in obj for key in _OBJECT_FIELDS) and find_kind(obj) is not None


_LIST_KINDS: Final = frozenset({"List"})


@dataclass(frozen=True, slots=True)
class Decoded:
    """One pod (or pod template) found in a document, with the problems met decoding it."""

    workload: Workload | None
    problems: tuple[DecodeProblem, ...]
    kind: str
    name: str
    namespace: str | None
    pointer: Pointer
    template: str | None = None
    applied_by: str | None = None  # the controller that creates it without strict field validation (an AppWrapper's)


@dataclass(frozen=True, slots=True)
class Skipped:
    """A document or object that carries no pod to check, and why."""

    reason: str  # NOT_KUBERNETES | NO_PODS | DESCRIBES_OBJECTS | NOT_SEARCHED | NOTHING_FOUND | KUSTOMIZE_PATCH | PARTIAL_OBJECT | CONTROLLER_MADE
    kind: str | None
    pointer: Pointer
    note: str | None = None  # why, where the reason alone does not say it


def iter_objects(data: Any, pointer: Pointer = ()) -> Iterator[tuple[dict[str, Any], Pointer]]:
    """The objects of a document, ``kind: List`` (and *List kinds) unrolled."""
    if not isinstance(data, dict):
        return
    kind = data.get("kind")
    if isinstance(kind, str) and (kind in _LIST_KINDS or kind.endswith("List")) and isinstance(data.get("items"), list):
        for i, item in enumerate(data["items"]):
            yield from iter_objects(item, (*pointer, "items", i))
        return
    yield data, pointer


def decode_workloads(
    data: Any,
    default_namespace: str | None = None,
    kinds: tuple[WorkloadKind, ...] = (),
    updates: frozenset[ObjectKey] = frozenset(),
    kustomize_role: Callable[[], KustomizeRole] | None = None,
    chart_of: ChartOf | None = None,
    chart_values: AppTemplateDependency | None = None,
    prow_defaults: Callable[[], ProwDefaults | None] | None = None,
) -> Iterator[Decoded | Skipped]:
    """Every pod of one document, and every object skipped. ``kinds``: the
    user's own workload kinds, read before the table's; ``updates``: the
    objects a test merges into ones it created before (partial objects);
    ``kustomize_role``: how the project's kustomizations see the file, asked
    only for a workload without a selector (partial.py); ``chart_of``: the
    chart a Flux source object beside the file holds, asked only for a
    HelmRelease whose chartRef names one (kinds_apptemplate.by_source);
    ``chart_values``: the document is the values.yaml of a chart whose
    dependency is app-template (source/chart_dependencies.py);
    ``prow_defaults``: Prow's own configuration for the file, asked only
    for Prow's job configuration (source/prow_config.py)."""
    if not isinstance(data, dict):
        yield Skipped(NOT_KUBERNETES, None, ())
        return
    if chart_values is not None and "kind" not in data:
        yield from _chart_values(data, chart_values, default_namespace)
        return
    if "kind" not in data and any(isinstance(k, str) and k.lower() == "jobs" for k in data):  # cheap: an Armada submit file's key
        from pod_resources_cli.model.decode.armada import is_submit_file, submit_file_jobs

        if is_submit_file(data):
            for workload, problems, name, namespace, pointer, label in submit_file_jobs(data):
                yield Decoded(workload, problems, "JobSubmitFile", name, namespace, pointer, label)
            return
    if "kind" not in data and any(k in data for k in ("presubmits", "postsubmits", "periodics")):  # cheap: Prow's job config keys
        from pod_resources_cli.model.decode.prow import is_job_config, jobs

        if is_job_config(data):
            for workload, problems, kind, name, namespace, pointer, label in jobs(data, prow_defaults):
                yield Decoded(workload, problems, kind, name, namespace, pointer, label)
            return
    if "kind" not in data and "sonobuoy-config" in data:  # cheap: a Sonobuoy plugin definition's key
        from pod_resources_cli.model.decode.sonobuoy import KIND, is_plugin, plugin

        if is_plugin(data):
            workload, problems, name, namespace, pointer, label = plugin(data)
            yield Decoded(workload, problems, KIND, name, namespace, pointer, label)
            return
    for obj, pointer in iter_objects(data):
        yield from _object(data, obj, pointer, default_namespace, kinds, updates, kustomize_role, chart_of=chart_of)


def _object(
    data: dict[str, Any], obj: Any, pointer: Pointer, default_namespace: str | None, kinds: tuple[WorkloadKind, ...],
    updates: frozenset[ObjectKey], kustomize_role: Callable[[], KustomizeRole] | None, *, wrapped: bool = False,
    declared: WorkloadKind | None = None, chart_of: ChartOf | None = None,
) -> Iterator[Decoded | Skipped]:  # fmt: skip
    """The pods of one object of the document, or why it has none; ``wrapped``: an object an AppWrapper wraps,
    ``declared`` the kind its podSets declare, where the table has none."""
    if not is_kubernetes_object(obj):
        yield Skipped(NOT_KUBERNETES, None, pointer)
    elif "$patch" in obj:
        yield Skipped(KUSTOMIZE_PATCH, obj["kind"], pointer)
    elif (found := placeholder(obj)) is not None:
        yield Skipped(TEMPLATE, obj["kind"], pointer, f"{found[0]} holds {found[1]!r}: a template to fill in, not an object applied as written")
    elif (why := nameless_pod(obj)) is not None:
        yield Skipped(TEMPLATE, obj["kind"], pointer, why)
    elif updates and _key(obj) in updates:
        yield Skipped(TEST_UPDATE, obj["kind"], pointer)
    elif (owner := made_by(obj)) is not None:
        yield Skipped(CONTROLLER_MADE, obj["kind"], pointer, f"made by its controller {owner} (ownerReferences): a copy of a live object, never applied")
    elif lacks_selector(obj) and (why := why_partial(obj, kustomize_role() if kustomize_role is not None else None)) is not None:
        yield Skipped(PARTIAL_OBJECT, obj["kind"], pointer, why)
    elif (why := nameless_job_part(obj)) is not None:
        yield Skipped(PARTIAL_OBJECT, obj["kind"], pointer, why)
    elif obj["kind"] == "ProwJob" and find_kind(obj, kinds) is None and _is_prowjob(obj):  # plank builds its pod (prow.py)
        yield from _prowjob(obj, pointer)
    elif kustomize_role is not None and (why := imageless_part(obj, kustomize_role)) is not None:
        yield Skipped(PARTIAL_OBJECT, obj["kind"], pointer, why)
    elif obj["kind"] == "AppWrapper" and _is_appwrapper(obj) and find_kind(obj, kinds) is None:  # its components are objects of their own
        yield from _appwrapper(data, obj, pointer, default_namespace, kinds, updates, kustomize_role, nested=wrapped)
    elif obj["kind"] in _WRAPPER_KINDS and find_kind(obj, kinds) is None and _is_wrapper(obj):  # creates the objects it embeds
        yield from _wrapper(data, obj, pointer, default_namespace, kinds, updates, kustomize_role)
    else:
        kind = find_kind(obj, kinds) or declared
        if chart_of is not None and kind is not None and kind not in kinds and obj["kind"] == "HelmRelease" and kind.group == "helm.toolkit.fluxcd.io":
            from pod_resources_cli.model.decode.kinds_apptemplate import by_source

            kind = by_source(obj, pointer, chart_of) or kind  # a chartRef to an OCIRepository of the app-template chart
        if (kind is None or kind not in kinds) and describes_objects(group_of(obj.get("apiVersion")), obj.get("kind")):
            yield Skipped(DESCRIBES_OBJECTS, obj["kind"], pointer)  # a user's own declaration still wins
        else:
            decoded = list(_decode_object(obj, pointer, kind, default_namespace))
            filled = filled_in(data, (p for d in decoded if isinstance(d, Decoded) for p in d.problems))
            if filled is None:
                yield from decoded
            else:  # a value a program fills in: the whole object is a template (placeholders.py)
                where = format_field_path(filled.pointer[len(pointer) :])
                note = f"{where} holds {value_at(data, filled.pointer)!r}: a template to fill in, not an object applied as written"
                yield Skipped(TEMPLATE, obj["kind"], pointer, note)


def _is_prowjob(obj: dict[str, Any]) -> bool:
    from pod_resources_cli.model.decode.prow import is_prowjob  # here: only a run that meets one loads it

    return is_prowjob(obj)


def _prowjob(obj: dict[str, Any], pointer: Pointer) -> Iterator[Decoded | Skipped]:
    from pod_resources_cli.model.decode.prow import prowjob

    job = prowjob(obj, pointer)
    if job is None:  # another agent's: Prow's Tekton controller or Jenkins runs it
        yield Skipped(NOT_SEARCHED, obj["kind"], pointer, "a ProwJob of another agent than kubernetes: plank makes no pod of it")
        return
    workload, problems, kind, name, namespace, at, label = job
    yield Decoded(workload, problems, kind, name, namespace, at, label)
def _chart_values(data: dict[str, Any], dependency: AppTemplateDependency, default_namespace: str | None) -> Iterator[Decoded | Skipped]:
    """The pods app-template renders from a parent chart's values (its values under the dependency's key), as one
    object of kind Chart named after the parent chart; nothing where the dependency's condition is false."""
    from pod_resources_cli.model.decode.kinds_apptemplate import CHART_KIND, chart_values_kind, installed

    if not installed(dependency, data):
        yield Skipped(NOT_SEARCHED, CHART_KIND, (), f"the dependency {dependency.key} is not installed: its condition {dependency.condition} is false")
        return
    if dependency.dependency == "jupyterhub":
        from pod_resources_cli.model.decode import kinds_jupyterhub

        kind = kinds_jupyterhub.chart_values_kind(dependency.key)
    else:
        kind = chart_values_kind(dependency.key, dependency.major, dependency.minor)
    obj = {**data, "kind": CHART_KIND, "metadata": {"name": dependency.chart}}  # the values, their pointers unchanged
    yield from _decode_object(obj, (), kind, default_namespace)


# OCM's Policy and ConfigurationPolicy, provider-kubernetes' Object, OpenShift's Template, Fleet's Bundle, KubeFlex's
# PostCreateHook: the objects they create are read (wrapped.py)
_WRAPPER_KINDS: Final = frozenset({"Policy", "ConfigurationPolicy", "Object", "Template", "Bundle", "PostCreateHook"})


def _is_wrapper(obj: dict[str, Any]) -> bool:
    from pod_resources_cli.model.decode.wrapped import is_wrapper  # here: only a run that meets one loads it

    return is_wrapper(obj)


def _wrapper(
    data: dict[str, Any], obj: dict[str, Any], pointer: Pointer, default_namespace: str | None, kinds: tuple[WorkloadKind, ...],
    updates: frozenset[ObjectKey], kustomize_role: Callable[[], KustomizeRole] | None,
) -> Iterator[Decoded | Skipped]:  # fmt: skip
    """Each object a policy or a provider-kubernetes Object creates, read as that object, its pods naming the
    creator; where it creates none, the object describes others (or holds no manifest)."""
    from pod_resources_cli.model.decode.wrapped import opened

    found = opened(obj, pointer, default_namespace)
    if not found.inner:
        if found.not_searched:
            yield Skipped(NOT_SEARCHED, obj["kind"], pointer, found.why_none)
            return
        reason = NOTHING_FOUND if found.why_none == "no manifest" else DESCRIBES_OBJECTS
        yield Skipped(reason, obj["kind"], pointer, found.why_none if reason == DESCRIBES_OBJECTS else None)
        return
    for inner in found.inner:
        for item in _object(data, inner.obj, inner.pointer, inner.namespace, kinds, updates, kustomize_role):
            if isinstance(item, Decoded) and item.workload is not None:
                ref = item.workload.ref
                ref = replace(ref, operator_notes=(*ref.operator_notes, inner.note), as_written=ref.as_written or inner.as_written)
                item = replace(item, workload=replace(item.workload, ref=ref))
            yield item


def _is_appwrapper(obj: dict[str, Any]) -> bool:
    from pod_resources_cli.model.decode import appwrapper  # here: only a run that meets one loads it

    return appwrapper.is_appwrapper(obj)


def _appwrapper(
    data: dict[str, Any], obj: dict[str, Any], pointer: Pointer, default_namespace: str | None, kinds: tuple[WorkloadKind, ...],
    updates: frozenset[ObjectKey], kustomize_role: Callable[[], KustomizeRole] | None, *, nested: bool,
) -> Iterator[Decoded | Skipped]:  # fmt: skip
    """Each object an AppWrapper wraps, read as that object in the AppWrapper's namespace, its pods noting the wrapper."""
    if nested:  # the webhook refuses a nested AppWrapper: nothing of it is created
        yield Skipped(NOT_SEARCHED, obj["kind"], pointer, "an AppWrapper inside an AppWrapper, which its webhook refuses")
        return
    from pod_resources_cli.model.decode import appwrapper

    namespace = appwrapper.namespace_of(obj) or default_namespace
    found = False
    for index, wrapped, at, component in appwrapper.components(obj, pointer):
        if (refused := appwrapper.refusal(obj, wrapped)) is not None:
            found = True
            yield Skipped(NOT_SEARCHED, str(wrapped.get("kind") or obj["kind"]), at, refused)
            continue
        declared = appwrapper.declared_kind(wrapped, component) if find_kind(wrapped, kinds) is None else None
        note = appwrapper.note(obj, index)
        for item in _object(data, wrapped, at, namespace, kinds, updates, kustomize_role, wrapped=True, declared=declared):
            found = True
            if isinstance(item, Decoded):
                item = replace(item, applied_by=appwrapper.creator(obj))
                if item.workload is not None:
                    ref = item.workload.ref
                    item = replace(item, workload=replace(item.workload, ref=replace(ref, operator_notes=(*ref.operator_notes, note))))
            yield item
    if not found:
        yield Skipped(NOTHING_FOUND, obj["kind"], pointer)


def _decode_object(obj: dict[str, Any], pointer: Pointer, kind: WorkloadKind | None, default_namespace: str | None) -> Iterator[Decoded | Skipped]:
    problems = Problems()
    metadata = as_mapping(obj.get("metadata"), (*pointer, "metadata"), problems) or {}
    name = str(metadata.get("name") or metadata.get("generateName") or "<unnamed>")
    ns_value = metadata.get("namespace")
    namespace = str(ns_value) if isinstance(ns_value, str) and ns_value else default_namespace
    kind_name: str = obj["kind"]
    if (why := unserved(obj)) is not None:  # PR006: kubectl apply refuses it, nothing of it runs
        problems.items.append(DecodeProblem((*pointer, "apiVersion"), why, UNSERVED_RULE))
        yield Decoded(None, tuple(problems.items), kind_name, name, namespace, pointer)
        return
    problems.items.extend(workload_unknown_fields(obj, pointer, kind))  # PR004, built-in kinds only: checked whole, once
    group = group_of(obj.get("apiVersion")) or ""
    if group == "kubeflow.org":  # a custom resource: stored without the nulls its CRD's schema does not allow
        from pod_resources_cli.model.decode.crd_nulls import prunes_nulls, pruned

        if prunes_nulls(obj.get("apiVersion"), kind_name):
            obj = pruned(obj)
    searched = kind is not None or not carries_no_pods(group, kind_name)  # Kubernetes' own kinds outside the table carry no pods
    # a container-holding site without containers is no pod (an Argo steps template), unless the operator adds its
    # own, or it is a user's declared path that holds none (an error naming it)
    candidates = pod_sites(obj, kind) if searched else iter(())
    sites = [s for s in candidates if s.holds != "containers" or s.containers or s.problem or (s.pod_path is not None and s.pod_path.main)]
    if not sites:
        if kind is not None and kind.builtin and kind.pods[0].holds == "template":
            _missing_template(obj, pointer, kind.pods[0].path, problems)  # a Deployment must have one
            yield Decoded(None, tuple(problems.items), kind_name, name, namespace, pointer)
        else:
            yield Skipped(_why_no_pod(obj, kind, searched), kind_name, pointer)
        return
    raw_annotations = metadata.get("annotations")
    object_annotations: dict[str, Any] = raw_annotations if isinstance(raw_annotations, dict) else {}
    found = [d for site in sites if (d := _decoded(obj, pointer, site, problems, name, namespace, object_annotations)) is not None]
    if not found:
        yield Skipped(NOTHING_FOUND, kind_name, pointer)  # a spec the operator builds pods from, with no container in it
    yield from found


_VAULT_INJECT: Final = "vault.hashicorp.com/agent-inject"  # model/decode/vault_agent.py
_CONSUL_INJECT: Final = "consul.hashicorp.com/connect-inject"  # model/decode/consul_connect.py
_CPU_POOLER: Final = "nokia.k8s.io"  # model/decode/cpu_pooler.py


def _decoded(
    obj: dict[str, Any], pointer: Pointer, site: PodSite, problems: Problems, name: str, namespace: str | None,
    object_annotations: dict[str, Any],
) -> Decoded | None:  # fmt: skip
    """One site's pod; None for a PodSpec-like or operator site that ends up with no container."""
    kind_name: str = obj["kind"]
    site_problems = Problems([*problems.items, *(DecodeProblem((*pointer, *p.pointer), p.message) for p in site.count_problems)])
    if site.problem is not None:  # a declared path that holds no pod: said where, no pod made up
        site_problems.add((*pointer, *site.pointer), site.problem)
        return Decoded(None, tuple(site_problems.items), kind_name, name, namespace, pointer, site.label)
    runs_in = site.pod_path.runs_in if site.pod_path is not None else None
    pod = _decode_site(obj, pointer, site, site_problems, name, runs_in or namespace)
    if not pod.containers and site.holds in ("template", "pod") and group_of(obj.get("apiVersion")) in CORE_GROUPS:
        # validateContainers (pkg/apis/core/validation/validation.go): `field.Required` for an empty list: no pod at all
        if not site_problems.items:  # else what is wrong already says why (a misspelt `containres`)
            site_problems.add((*pointer, *site.pointer, "spec", "containers"), "missing: the pod has no container, and the API server refuses it (Required value)")
        return Decoded(None, tuple(site_problems.items), kind_name, name, namespace, pointer, site.label)
    if site.holds in ("template", "pod") and group_of(obj.get("apiVersion")) in CORE_GROUPS:
        before = len(site_problems.items)
        _refused_names(obj, pointer, pod, site_problems)
        if len(site_problems.items) > before:  # never created: no pod to judge
            return Decoded(None, tuple(site_problems.items), kind_name, name, namespace, pointer, site.label)
    if site.pod_path is not None and site.pod_path.default_names is not None:
        pod = default_names(pod, site.value, site.pod_path.default_names, name)
    if site.pod_path is not None and site.pod_path.rename is not None:
        pod = renamed(pod, obj, pointer, site.pod_path.rename)
    annotations = dict(pod.annotations)
    for key, value in object_annotations.items():
        annotations.setdefault(str(key), str(value))
    notes: tuple[str, ...] = ()
    fixed: tuple[str, ...] = ()
    pool_sets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    if site.pod_path is not None and site.pod_path.main:
        base = Base(obj, pointer, site.element, (*pointer, *site.element_pointer))
        pod, notes = apply_main(pod, site.pod_path.main, base, site_problems, builds=site.holds in ("operator", "containers"))
    if site.holds in ("podspec", "operator") and not pod.containers and not pod.init_containers:
        return None
    if runs_in is not None and runs_in != namespace:
        notes = (*notes, f"the operator makes the pods in namespace {runs_in}, whose policies apply to them")
    as_written, preset = _as_written(obj, pointer, site)
    if site.holds in ("template", "pod"):  # Dapr's injector: daprd with the pod's own annotations' resources
        pod, dapr_notes, dapr_why = with_daprd(pod, site.value, (*pointer, *site.pointer))
        notes = (*notes, *dapr_notes)
        as_written = "; ".join(filter(None, (as_written, dapr_why))) or None
        # Vault's agent injector and Consul's connect injector: their containers with the pod's annotations' resources,
        # else the injectors' defaults; a pod they refuse is never created. Neither acts without its annotation: their
        # modules load only for a pod that writes one
        asked = annotations_of(site.value)
        if _VAULT_INJECT in asked or _CONSUL_INJECT in asked:
            from pod_resources_cli.model.decode.consul_connect import with_consul_dataplane
            from pod_resources_cli.model.decode.vault_agent import with_vault_agent

            pod, vault_notes, vault_why, vault_refused = with_vault_agent(pod, site.value, (*pointer, *site.pointer), namespace)
            consul_refused = None
            if vault_refused is None:
                pod, consul_notes, consul_refused, fixed = with_consul_dataplane(pod, site.value, (*pointer, *site.pointer), namespace)
                notes = (*notes, *vault_notes, *consul_notes)
            if (refused := vault_refused or consul_refused) is not None:
                site_problems.add((*pointer, *site.pointer, "metadata", "annotations"), refused)
                return Decoded(None, tuple(site_problems.items), kind_name, name, namespace, pointer, site.label)
            as_written = "; ".join(filter(None, (as_written, vault_why))) or None
        # CPU-Pooler's webhook: the cpu request and limit of a container asking CPUs of a pool (nokia.k8s.io/...);
        # its module loads only for a pod that limits such a resource
        if any(key.startswith(_CPU_POOLER) for c in pod.containers for key in c.resources.lim):
            from pod_resources_cli.model.decode.cpu_pooler import with_cpu_pooler

            pooled = with_cpu_pooler(pod)
            if pooled.refused is not None:
                site_problems.add(*pooled.refused)
                return Decoded(None, tuple(site_problems.items), kind_name, name, namespace, pointer, site.label)
            pod, notes, pool_sets = pooled.pod, (*notes, *pooled.notes), pooled.sets
            as_written = "; ".join(filter(None, (as_written, pooled.as_written))) or None
        # addon-resizer's pod_nanny rewrites a container of its own Deployment from the node count; its module loads
        # only for a Deployment's template with a container that runs it
        if kind_name == "Deployment" and _runs_nanny(site.value):
            from pod_resources_cli.model.decode.addon_resizer import resized

            nanny = resized(site.value, kind_name, _str(obj.get("apiVersion")), name)
            if nanny is not None:
                pool_sets = (*pool_sets, *nanny.sets)
                as_written = "; ".join(filter(None, (as_written, nanny.as_written))) or None
    ref = WorkloadRef(
        kind=kind_name, name=name, namespace=namespace, replicas=site.count, api_version=_str(obj.get("apiVersion")),
        template=site.label, by_shape=site.by_shape, as_written=as_written, operator_notes=notes,
        preset=preset, injected_fixed=fixed, runs_in=runs_in,
        operator_sets=(*(tuple((m.name, m.sets) for m in site.pod_path.main if m.sets) if site.pod_path is not None else ()), *pool_sets),
    )  # fmt: skip
    workload = Workload(ref=ref, pod=pod, pointer=pointer, annotations=tuple(sorted(annotations.items())), labels=_labels(site))
    return Decoded(workload, tuple(site_problems.items), kind_name, name, namespace, pointer, site.label)


def _runs_nanny(template: Any) -> bool:
    """Does a container of ``template`` run addon-resizer's ``pod_nanny`` (model/decode/addon_resizer.py)?"""
    spec = template.get("spec") if isinstance(template, dict) else None
    containers = spec.get("containers") if isinstance(spec, dict) else None
    for c in containers if isinstance(containers, list) else ():
        for key in ("command", "args"):
            words = c.get(key) if isinstance(c, dict) else None
            if isinstance(words, list) and any(isinstance(w, str) and w.endswith("pod_nanny") for w in words):
                return True
    return False


def _labels(site: PodSite) -> tuple[tuple[str, str], ...]:
    """A template's or pod's own ``metadata.labels`` (the strings among them), what label selectors match."""
    if site.holds not in ("template", "pod") or not isinstance(site.value, dict):
        return ()
    meta = site.value.get("metadata")
    labels = meta.get("labels") if isinstance(meta, dict) else None
    return tuple(sorted((k, v) for k, v in labels.items() if isinstance(k, str) and isinstance(v, str))) if isinstance(labels, dict) else ()


def _refused_names(obj: dict[str, Any], pointer: Pointer, pod: Pod, problems: Problems) -> None:
    """Names the API server refuses in a built-in workload: the object's (NameIsDNSSubdomain; ValidatePodName for a
    Pod) and each container's (validateContainerCommon: ValidateDNS1123Label). Such an object is never created."""
    metadata = obj.get("metadata")
    written = metadata.get("name") if isinstance(metadata, dict) else None
    if isinstance(written, str) and written and (errs := dns1123_subdomain_errors(written)):
        problems.add((*pointer, "metadata", "name"), f"Invalid value: {quoted(written)}: {'; '.join(errs)}")
    for container in (*pod.init_containers, *pod.containers):
        raw = value_at(obj, container.pointer[len(pointer) :])
        given = raw.get("name") if isinstance(raw, dict) else None
        if isinstance(given, str) and given and (errs := dns1123_label_errors(given)):
            problems.add((*container.pointer, "name"), f"Invalid value: {quoted(given)}: {'; '.join(errs)}")


def _as_written(obj: dict[str, Any], pointer: Pointer, site: PodSite) -> tuple[str | None, bool]:
    """Why the pod is only as written (None: it is final), and whether it is a
    preset whose missing resources are no finding: the kind table's word for
    the site, as narrowed by the element, a patch, an unset field or a webhook."""
    path = site.pod_path
    reasons: list[str] = []
    preset = path is not None and path.preset
    if site.by_shape:  # the table's reason where it asked for the search (PodPath.by_shape)
        reasons.append(path.as_written if path is not None and path.as_written is not None else BY_SHAPE)
    elif path is not None:
        if path.as_written_if and not any(value_at(site.element, parts) == value for parts, value in path.as_written_if):
            preset = False  # the operator sets nothing on this element's pod (Trainer's initializers)
        elif path.as_written is not None and (path.as_written_with is None or value_at(obj, tuple(path.as_written_with.split("."))) is not None):
            reasons.append(path.as_written)
    if path is not None and (path.patched_by is not None or path.as_written_unset is not None or path.added_by is not None):
        base = Base(obj, pointer, site.element, (*pointer, *site.element_pointer))
        if path.patched_by is not None and _any_written(base, path.patched_by[0]):
            reasons.append(path.patched_by[1])
            preset = True
        if path.added_by is not None and _any_written(base, path.added_by[0]):
            reasons.append(path.added_by[1])
        unset = path.as_written_unset
        if unset is not None and obj.get("apiVersion") != unset[2] and base.at(unset[0])[0] is None:
            reasons.append(unset[1])
    if site.holds in ("template", "pod") and (webhook := injected(site.value)) is not None:
        reasons.append(webhook)
    if site.holds == "template" and site.pointer == ("spec", "template") and (webhook := deployment_injected(obj)) is not None:
        reasons.append(webhook)  # Jaeger: asked on the Deployment itself, not on its template
    return ("; ".join(reasons) or None), preset


def _any_written(base: Base, fields: tuple[str, ...]) -> bool:
    """One of these fields holds something (an empty patch changes nothing); ``[*]``: in any item of that list
    (a UnitedDeployment's ``/spec.topology.subsets[*].patch``)."""
    return any(_written(base, field) for field in fields)


def _written(base: Base, field: str) -> bool:
    if "[*]" not in field:
        return base.at(field)[0] not in (None, "", {}, [])
    head, _, rest = field.partition("[*]")
    items = base.at(head)[0]
    rest = rest.removeprefix(".")
    return isinstance(items, list) and any(
        (item not in (None, "", {}, [])) if not rest else (_written(Base(item, (), item, ()), rest) if isinstance(item, dict) else False)
        for item in items
    )


def _decode_site(obj: dict[str, Any], pointer: Pointer, site: PodSite, problems: Problems, name: str, namespace: str | None) -> Any:
    where = (*pointer, *site.pointer)
    value = site.value
    if site.holds == "containers":
        containers = [(raw, (*pointer, *at)) for raw, at in site.containers]
        init = [(raw, (*pointer, *at)) for raw, at in site.init_containers]
        resources = (site.pod_resources[0], (*pointer, *site.pod_resources[1])) if site.pod_resources else None
        claims = (site.resource_claims[0], (*pointer, *site.resource_claims[1])) if site.resource_claims else None
        fields = _pod_fields(obj, pointer, site.pod_path.pod_fields, site) if site.pod_path is not None and site.pod_path.pod_fields else None
        if site.pod_path is not None and site.pod_path.priority_class is not None:  # the operator's manifest's, unless the pod fields name one
            own, at = fields if fields is not None else (value if isinstance(value, dict) else {}, where)
            if own.get("priorityClassName") is None:
                fields = ({**own, "priorityClassName": site.pod_path.priority_class}, at)
        return decode_container_pod(
            value, where, containers, init, resources, problems, name=name, namespace=namespace, resource_claims=claims, fields=fields
        )  # fmt: skip
    if site.holds == "operator":  # the operator's own fields: the containers come from the kind's ``main``
        priority = site.pod_path.priority_class if site.pod_path is not None else None
        own = {"priorityClassName": priority} if priority is not None else {}
        copied = _pod_fields(obj, pointer, site.pod_path.pod_fields, site) if site.pod_path is not None and site.pod_path.pod_fields else None
        return decode_container_pod(own, where, [], [], None, problems, name=name, namespace=namespace, fields=copied)
    return decode_pod(value, where, problems, name=name, namespace=namespace, spec_only=site.holds == "podspec")


def _pod_fields(obj: dict[str, Any], pointer: Pointer, path: str, site: PodSite) -> tuple[dict[str, Any], Pointer]:
    """The value at ``path`` (from the object's root; with ``./``, from the element the pod came through: a
    RisingWave node group's ``template.spec``) whose pod fields the pod takes, and where it is ({} unwritten)."""
    if path.startswith("./"):
        rel = tuple(path[2:].split("."))
        found = value_at(site.element, rel) if isinstance(site.element, dict) else None
        return (found if isinstance(found, dict) else {}), (*pointer, *site.element_pointer, *rel)
    at = tuple(path.lstrip("/").split("."))
    value = value_at(obj, at)
    return (value if isinstance(value, dict) else {}), (*pointer, *at)


def _why_no_pod(obj: dict[str, Any], kind: WorkloadKind | None, searched: bool) -> str:
    if not searched:
        return NO_PODS
    if kind is not None and carries_no_pods(kind.group, kind.kind):
        return NO_PODS  # a Kubernetes kind a table knows for one driver's objects (a JuiceFS StorageClass): another's has none
    if kind is not None and (not kind.pods or any(m.value not in (None, "", {}) for f in kind.refers for m in walk(obj, f))):
        return NOT_SEARCHED  # not modelled, or its pods are another object's (a TaskRun's taskRef)
    return NOTHING_FOUND


def _missing_template(obj: dict[str, Any], pointer: Pointer, path: str, problems: Problems) -> None:
    """Say where a built-in workload's pod template should be, and what stands there instead."""
    current: Any = obj
    current_ptr = pointer
    for part in path.split("."):
        current_ptr = (*current_ptr, part)
        nxt = current.get(part) if isinstance(current, dict) else None
        if nxt is None:
            problems.add(current_ptr, "missing: the workload has no pod template")
            return
        if not isinstance(nxt, dict):
            problems.add(current_ptr, f"must be an object, not {type_name(nxt)}")
            return
        current = nxt


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _key(obj: dict[str, Any]) -> ObjectKey | None:
    metadata = obj.get("metadata")
    metadata = metadata if isinstance(metadata, dict) else {}
    namespace = metadata.get("namespace")
    name = metadata.get("name")
    if not isinstance(name, str):
        return None
    return group_of(obj.get("apiVersion")) or "", obj["kind"], namespace if isinstance(namespace, str) else "", name


