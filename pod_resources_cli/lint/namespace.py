"""Namespace policies (LimitRange, ResourceQuota) and PriorityClasses found
in the linted set.

They apply to the workloads of their namespace that they meet as deployed
(lint/scope.py: within their deployment unit; from plain files, by the
namespace they state, or to their directory and below), wherever those
appear in the input, so the CLI collects them in a first, cheap pass over the
documents that mention them, before the workloads are linted. An object
without a namespace belongs to ``--namespace`` (or to the unnamed namespace,
shared by every object that states none, as ``kubectl apply`` without ``-n``
would do).

An object meets at most ``MAX_MET`` LimitRanges and ``MAX_MET`` ResourceQuotas, the first in input order: the
LimitRanger and the quota admission apply every one of its namespace, but a repository of thousands of files each
with its own LimitRange of one namespace would make the run cost files x policies (3,000 of each: 70 s). A
namespace with more says so in a note.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from pod_resources_cli.records import dataclass, field, replace
from typing import TYPE_CHECKING, Final, NamedTuple

from pod_resources_cli.model.decode.injection import NAMESPACE_MARKERS
from pod_resources_cli.lint.scope import EVERYWHERE, UNIT, Identity, Origin, Reach, Scenario, alternatives, narrowed, origin_of, plain, reach_of
from pod_resources_cli.model.items import PositionedDocument

if TYPE_CHECKING:
    from pod_resources_cli.kube.priority import ClassRefusal
    from pod_resources_cli.kube.validation import FieldError
    from pod_resources_cli.model.decode.problems import DecodeProblem
    from pod_resources_cli.model.policy import Autoscaler, LimitRange, PriorityClass, ResourceQuota
    from pod_resources_cli.location import Pointer
    from pod_resources_cli.model.decode.goldilocks import ManagedNamespace
    from pod_resources_cli.model.decode.sidecarset import SidecarSet
    from pod_resources_cli.model.workload import Workload

# what add_document reads: the policies, and a Namespace that asks a webhook to add containers to its pods
# (model/decode/injection.py namespace_injection), known by the label or annotation it writes
# (model/decode/injection.py namespace_injection), known by the label or annotation it writes, and OpenKruise's
# SidecarSet, whose webhook adds containers to the pods it selects (model/decode/sidecarset.py)
# ... and a Namespace labelled for Goldilocks, which makes a VerticalPodAutoscaler for each of its controllers
# the binaries of operators that create a PriorityClass when they start (model/decode/made_priority_classes.py MADE_CLASSES)
MAKER_MARKERS = (b"hyperconverged-cluster-operator",)
MAKER_KINDS = ("Deployment", "ClusterServiceVersion")  # made_priority_classes.MAKER_KINDS
POLICY_MARKERS = (b"LimitRange", b"ResourceQuota", b"PriorityClass", b"VerticalPodAutoscaler", b"SidecarSet", *NAMESPACE_MARKERS, b"goldilocks.fairwinds.com/", *MAKER_MARKERS)
POLICY_OBJECT_KINDS = ("LimitRange", "ResourceQuota", "PriorityClass", "VerticalPodAutoscaler", "Namespace", "SidecarSet")


def makes_priority_class(obj: dict[str, object]) -> bool:
    """A Deployment or ClusterServiceVersion that runs an operator which creates a PriorityClass at start."""
    if obj.get("kind") not in MAKER_KINDS:
        return False
    from pod_resources_cli.model.decode.made_priority_classes import runs_class_maker

    return runs_class_maker(obj)


def has_policy_kind(data: dict[str, object]) -> bool:
    """A LimitRange, ResourceQuota, PriorityClass or VerticalPodAutoscaler, an operator that
    makes a PriorityClass, or a ``*List`` holding one."""
    kind = data.get("kind")
    if kind in POLICY_OBJECT_KINDS:
        return True
    if kind in MAKER_KINDS:
        return makes_priority_class(data)
    items = data.get("items")
    return isinstance(kind, str) and kind.endswith("List") and isinstance(items, list) and any(
        isinstance(i, dict) and (i.get("kind") in POLICY_OBJECT_KINDS or makes_priority_class(i)) for i in items
    )


MAX_MET: Final = 32  # LimitRanges, and ResourceQuotas, one object meets (module docstring)
DEPLOYMENTS: Final = frozenset({("apps/v1", "Deployment")})  # the only objects Jaeger's webhook sees


def mentions_policies(data: bytes) -> bool:
    """A cheap test on the raw bytes: only such files need the first pass."""
    return any(marker in data for marker in POLICY_MARKERS)


def with_injection(workload: Workload, policies: NamespacePolicies, origin: Origin) -> Workload:
    """``workload`` only as written where its Namespace (met at ``origin``) asks a webhook to add containers, or a
    SidecarSet it meets selects its pods."""
    ref = workload.ref
    why = policies.injected(ref.pod_namespace, origin, (ref.api_version or "", ref.kind)) or policies.sidecar_injected(workload, origin)
    return workload if why is None else replace(workload, ref=replace(workload.ref, as_written=why))


def rejection_message(policy: LimitRange | ResourceQuota, error: FieldError) -> str:
    """Why the API server never creates ``policy``, and what that means here."""
    kind = type(policy).__name__
    effect = "it applies to nothing" if kind == "LimitRange" else "it counts and refuses nothing"
    return f'{kind} "{policy.name}" is invalid: {error} (the API server rejects it; {effect})'


@dataclass(slots=True)
class PolicyProblems:
    """Why a policy document is not (wholly) as written."""

    decode: list[tuple[LimitRange | ResourceQuota | PriorityClass, DecodeProblem]] = field(default_factory=list)
    invalid: list[tuple[LimitRange | ResourceQuota, FieldError]] = field(default_factory=list)  # the API server rejects it
    refused_classes: list[tuple[PriorityClass, ClassRefusal]] = field(default_factory=list)  # likewise


class Autoscaled(NamedTuple):
    """What a VerticalPodAutoscaler does to a workload: the requests it sets on each container (by name), in words."""

    sets: dict[str, tuple[str, ...]]
    words: str

    def as_written(self, written: str | None) -> str:
        """The workload's as-written reason with this one after it."""
        return self.words if written is None else f"{written}; {self.words}"


class ScopedQuota(NamedTuple):
    """A ResourceQuota and the objects it meets (lint/scope.py)."""

    quota: ResourceQuota
    reach: Reach = EVERYWHERE

    def counts(self, namespace: str | None, origin: Origin) -> bool:
        return self.quota.namespace == namespace and self.reach.meets(origin)


@dataclass(slots=True)
class NamespacePolicies:
    """The LimitRanges (by namespace), the ResourceQuotas and the
    PriorityClasses (by deployment unit, then name; the built-in system
    classes included) of the linted set, each with the objects it meets
    under ``scope`` (lint/scope.py)."""

    scope: str = UNIT
    scenario: Scenario | None = None  # a plain file's test scenario (run/ gives source/harness.py's)
    limit_ranges: dict[str | None, list[tuple[Reach, LimitRange]]] = field(default_factory=dict)
    quotas: list[ScopedQuota] = field(default_factory=list)
    _classes: dict[str | None, dict[str, PriorityClass]] = field(default_factory=dict)  # unit (None: plain files) -> registry
    _class_reach: dict[str, Reach] = field(default_factory=dict)  # a plain file's class: where its globalDefault applies
    _class_views: dict[Origin, tuple[int, dict[str, PriorityClass]]] = field(default_factory=dict)
    # (namespace, target kind, target name) -> the VerticalPodAutoscalers that set its pods' requests, each with its reach
    autoscalers: dict[tuple[str | None, str, str], list[tuple[Reach, Autoscaler]]] = field(default_factory=dict)
    # namespace -> why a webhook adds containers to its pods (a Namespace object's label or annotation), each with its reach
    injections: dict[str, list[tuple[Reach, str, frozenset[tuple[str, str]] | None]]] = field(default_factory=dict)  # (reach, why, only these (apiVersion, kind))
    # OpenKruise's SidecarSets (cluster-scoped), each with its reach and where it is written ("path:line")
    sidecar_sets: list[tuple[Reach, SidecarSet, str]] = field(default_factory=list)
    # namespace -> the Namespace objects that have Goldilocks make a VPA for each controller (model/decode/goldilocks.py)
    goldilocks: dict[str, list[tuple[Reach, ManagedNamespace]]] = field(default_factory=dict)
    _seen: set[tuple[str | None, str, int, str]] = field(default_factory=set)
    _class_outcomes: dict[tuple[str | None, str, int, str], ClassRefusal | None] = field(default_factory=dict)
    # directories whose namespace-less LimitRanges or ResourceQuotas, in several files, each meet their own file only
    # (lint/scope.py narrowed): (kind, directory); settled when first asked after a policy was added
    crowded: set[tuple[str, str]] = field(default_factory=set)
    # namespaced LimitRanges and ResourceQuotas of plain files whose object is written in several places, each narrowed
    # to its own directory (lint/scope.py alternatives): (kind, namespace, name) -> those directories
    alternates: dict[Identity, list[str]] = field(default_factory=dict)
    _settled: bool = True
    _places: dict[Identity, set[str]] = field(default_factory=dict)  # where each policy object is written (_changes_scopes)
    warned: set[str] = field(default_factory=set)  # rejections already queued (explain, admit)
    warnings: list[str] = field(default_factory=list)  # queued, not told yet

    def add_document(self, doc: PositionedDocument, default_namespace: str | None = None) -> PolicyProblems:
        """Adds the policies of one document, as the API server stores them;
        returns their decode problems and what makes the API server reject
        one (a rejected or undecodable LimitRange or ResourceQuota is not
        added: it never exists, so it neither defaults, limits, counts nor
        refuses)."""
        from pod_resources_cli.kube.limitranger import stored_limit_range
        from pod_resources_cli.kube.resourcequota import stored_quota
        from pod_resources_cli.kube.validation.limit_range import validate_limit_range
        from pod_resources_cli.kube.validation.resource_quota import validate_resource_quota
        from pod_resources_cli.model.decode.autoscaler import decode_autoscalers
        from pod_resources_cli.model.decode.policy import decode_policies
        from pod_resources_cli.model.decode.served import UNSERVED_RULE
        from pod_resources_cli.model.policy import LimitRange, PriorityClass

        problems = PolicyProblems()
        origin = self.origin(doc)
        for policy, found in decode_policies(doc.data, doc.location):  # namespaces as written: placed below
            if isinstance(policy, PriorityClass):
                problems.decode.extend((policy, p) for p in found.items)
                if not found:  # one the API server cannot decode is never applied
                    refusal = self._apply_class(doc, origin, policy)
                    if refusal is not None:
                        problems.refused_classes.append((policy, refusal))
                continue
            reach = reach_of(origin, policy.namespace is not None, self.scope)
            if policy.namespace is None and default_namespace is not None:
                policy = replace(policy, namespace=default_namespace)
            problems.decode.extend((policy, p) for p in found.items)
            stored: LimitRange | ResourceQuota
            if isinstance(policy, LimitRange):
                stored = stored_limit_range(policy)
                rejected = validate_limit_range(stored)
                problems.invalid.extend((policy, e) for e in rejected)
            else:
                stored = stored_quota(policy)
                rejected = validate_resource_quota(stored)
                problems.invalid.extend((policy, e) for e in rejected)
            key = (doc.unit, doc.path, doc.index, f"{type(policy).__name__}/{policy.namespace}/{policy.name}/{policy.location.line}")
            # a value the API server cannot even decode (a bad quantity, a
            # number for a string) rejects the object as surely as validation
            undecodable = any(p.rule is None or p.rule == UNSERVED_RULE for p in found.items)  # or not even served
            if key in self._seen or rejected or undecodable:
                continue
            self._seen.add(key)
            self._settled = self._settled and not self._changes_scopes(reach, (type(stored).__name__, stored.namespace, stored.name))
            if isinstance(stored, LimitRange):
                self.limit_ranges.setdefault(stored.namespace, []).append((reach, stored))
            else:
                self.quotas.append(ScopedQuota(stored, reach))
        for vpa in decode_autoscalers(doc.data, doc.location):
            reach = reach_of(origin, vpa.namespace is not None, self.scope)
            if vpa.namespace is None and default_namespace is not None:
                vpa = replace(vpa, namespace=default_namespace)
            key = (doc.unit, doc.path, doc.index, f"VerticalPodAutoscaler/{vpa.namespace}/{vpa.name}/{vpa.location.line}")
            if key not in self._seen:
                self._seen.add(key)
                self.autoscalers.setdefault((vpa.namespace, *vpa.target), []).append((reach, vpa))
        self._add_injections(doc, origin)
        return problems

    def _add_injections(self, doc: PositionedDocument, origin: Origin) -> None:
        from pod_resources_cli.model.decode.injection import namespace_deployment_injection, namespace_injection
        from pod_resources_cli.model.decode.workloads import iter_objects

        for obj, pointer in iter_objects(doc.data):
            if obj.get("kind") == "SidecarSet":
                self._add_sidecarset(doc, origin, obj, pointer)
                continue
            if obj.get("kind") == "Namespace":
                self._add_goldilocks(doc, origin, obj, pointer)
            asks = [(why, kinds) for why, kinds in ((namespace_injection(obj), None), (namespace_deployment_injection(obj), DEPLOYMENTS)) if why]
            name = obj.get("metadata", {}).get("name") if asks else None
            if not isinstance(name, str):
                continue
            where = doc.location(pointer)
            key = (doc.unit, doc.path, doc.index, f"Namespace/{name}/{where.line}")
            if key not in self._seen:
                self._seen.add(key)
                for why, kinds in asks:
                    said = f"{why}: the Namespace {name} asks for it ({where.path}:{where.line})"
                    self.injections.setdefault(name, []).append((reach_of(origin, True, self.scope), said, kinds))

    def _add_goldilocks(self, doc: PositionedDocument, origin: Origin, obj: dict[str, object], pointer: Pointer) -> None:
        from pod_resources_cli.model.decode.goldilocks import managed_namespace

        managed = managed_namespace(obj, doc.location(pointer))
        if managed is None:
            return
        key = (doc.unit, doc.path, doc.index, f"Namespace/goldilocks/{managed.name}/{managed.location.line}")
        if key not in self._seen:
            self._seen.add(key)
            self.goldilocks.setdefault(managed.name, []).append((reach_of(origin, True, self.scope), managed))

    def _add_sidecarset(self, doc: PositionedDocument, origin: Origin, obj: dict[str, object], pointer: Pointer) -> None:
        from pod_resources_cli.model.decode.sidecarset import decode_sidecarset

        found = decode_sidecarset(obj)
        if found is None:
            return
        where = doc.location(pointer)
        key = (doc.unit, doc.path, doc.index, f"SidecarSet/{found.name}/{where.line}")
        if key not in self._seen:
            self._seen.add(key)
            self.sidecar_sets.append((reach_of(origin, True, self.scope), found, f"{where.path}:{where.line}"))

    def _apply_class(self, doc: PositionedDocument, origin: Origin, pc: PriorityClass) -> ClassRefusal | None:
        """Applies a PriorityClass once (in input order: ``kubectl apply``) to
        its unit's classes (a plain file's: to those of every plain file);
        met again, the first answer stands."""
        from pod_resources_cli.kube.priority import apply_priority_class, system_classes

        unit = origin.unit if self.scope == UNIT else None
        where = pc.location.line if pc.location is not None else 0
        key = (doc.unit, doc.path, doc.index, f"PriorityClass/{pc.name}/{where}")
        if key not in self._class_outcomes:
            registry = self._classes.setdefault(unit, system_classes())
            refusal = apply_priority_class(registry, pc)
            if refusal is None and unit is None:
                self._class_reach[pc.name] = reach_of(origin, False, self.scope)
            self._class_outcomes[key] = refusal
        return self._class_outcomes[key]

    def origin(self, doc: PositionedDocument) -> Origin:
        """Where ``doc`` was read, as far as the scope tells policies apart."""
        return origin_of(doc, self.scenario if self.scope == UNIT else None)

    def add_documents(self, docs: Iterable[PositionedDocument], default_namespace: str | None = None) -> None:
        for doc in docs:
            self.add_document(doc, default_namespace)

    def limit_ranges_for(self, namespace: str | None, origin: Origin) -> tuple[LimitRange, ...]:
        """The LimitRanges an object of ``namespace`` read at ``origin`` meets (the first ``MAX_MET``)."""
        self.settle()
        return tuple(islice((lr for reach, lr in self.limit_ranges.get(namespace, ()) if reach.meets(origin)), MAX_MET))

    def quotas_for(self, namespace: str | None, origin: Origin) -> tuple[ResourceQuota, ...]:
        """The ResourceQuotas that count an object of ``namespace`` read at ``origin`` (the first ``MAX_MET``)."""
        self.settle()
        return tuple(islice((q.quota for q in self.quotas if q.counts(namespace, origin)), MAX_MET))

    def crowded_namespaces(self) -> list[tuple[str, str | None, int]]:
        """(kind, namespace, how many) where a namespace holds more LimitRanges or ResourceQuotas than an object
        meets here (``MAX_MET``)."""
        quotas: dict[str | None, int] = {}
        for q in self.quotas:
            quotas[q.quota.namespace] = quotas.get(q.quota.namespace, 0) + 1
        found = [("LimitRange", ns, len(entries)) for ns, entries in self.limit_ranges.items() if len(entries) > MAX_MET]
        found += [("ResourceQuota", ns, n) for ns, n in quotas.items() if n > MAX_MET]
        return sorted(found, key=lambda f: (f[0], f[1] or ""))

    def _changes_scopes(self, reach: Reach, identity: Identity) -> bool:
        """Whether a policy added at ``reach`` may narrow others' (lint/scope.py): a namespace-less one of a plain
        file's directory, or the object ``identity`` written at a second place. Else the policies stay settled: a
        stream that alternates policies and pods would otherwise settle them all again for every pod (3,000 of each
        on standard input: 42 s)."""
        place = reach.unit if reach.unit is not None else reach.file
        places = self._places.setdefault(identity, set())
        again = place is not None and bool(places) and place not in places
        if place is not None:
            places.add(place)
        return again or (reach.unit is None and reach.directory is not None and not reach.wide)

    def settle(self) -> None:
        """Narrows the reach of the namespace-less LimitRanges and
        ResourceQuotas of crowded directories to their own files (lint/scope.py),
        once all the policies added so far are known."""
        if self._settled:
            return
        self._settled = True
        for namespace, entries in self.limit_ranges.items():
            reaches, crowded = narrowed([reach for reach, _ in entries])
            self.limit_ranges[namespace] = [(reach, lr) for reach, (_, lr) in zip(reaches, entries, strict=True)]
            self.crowded.update(("LimitRange", d) for d in crowded)
        reaches, crowded = narrowed([q.reach for q in self.quotas])
        self.quotas = [ScopedQuota(q.quota, reach) for reach, q in zip(reaches, self.quotas, strict=True)]
        self.crowded.update(("ResourceQuota", d) for d in crowded)
        ranges = [(namespace, lr) for namespace, entries in self.limit_ranges.items() for _, lr in entries]
        reaches, found = alternatives([(reach, ("LimitRange", lr.namespace, lr.name)) for entries in self.limit_ranges.values() for reach, lr in entries])
        self.alternates.update(found)
        self.limit_ranges = {}
        for reach, (namespace, lr) in zip(reaches, ranges, strict=True):
            self.limit_ranges.setdefault(namespace, []).append((reach, lr))
        reaches, found = alternatives([(q.reach, ("ResourceQuota", q.quota.namespace, q.quota.name)) for q in self.quotas])
        self.alternates.update(found)
        self.quotas = [ScopedQuota(q.quota, reach) for reach, q in zip(reaches, self.quotas, strict=True)]

    def scope_notes(self, shown: Callable[[str], str] = str) -> list[str]:
        """One line for each crowded directory: why its policies meet their own files only."""
        self.settle()
        return [
            f"{shown(directory)}: {kind}s without a namespace in several files: which workloads each is applied with is not "
            f"written down, so each applies to the objects of its own file only (state their namespace, or see policy-scope "
            f"in docs/policies.md)."
            for kind, directory in sorted(self.crowded)
        ] + [
            f"{kind} {namespace}/{name} is written in several places, and a cluster holds one of them: which workloads each is "
            f"applied with is not written down, so each one of {', '.join(shown(d) for d in directories)} applies to the objects "
            f"of its own directory and below (of its own file, beside another of them) only (see docs/policies.md)."
            for (kind, namespace, name), directories in sorted(self.alternates.items(), key=lambda item: (item[0][0], item[0][1] or "", item[0][2]))
        ] + [
            f"{count} {kind}s of namespace {namespace or '(unnamed)'}: an object meets at most the first {MAX_MET} of them here "
            f"(in input order; the admission plugin applies all), a bound on a run's cost."
            for kind, namespace, count in self.crowded_namespaces()
        ]

    def autoscaler_for(self, namespace: str | None, kind: str, name: str, origin: Origin) -> Autoscaler | None:
        """The VerticalPodAutoscaler that sets the requests of the pods of ``kind``/``name`` read at ``origin``."""
        found = self.autoscalers.get((namespace, kind, name))
        return next((vpa for reach, vpa in found if reach.meets(origin)), None) if found else None

    def injected(self, namespace: str | None, origin: Origin, kind: tuple[str, str] | None = None) -> str | None:
        """Why a webhook adds containers to a pod of ``namespace`` read at ``origin`` (its Namespace asks), or None;
        ``kind``: the (apiVersion, kind) of the object holding the pod, for webhooks that see one kind only."""
        found = self.injections.get(namespace) if namespace is not None else None
        if not found:
            return None
        return next((why for reach, why, kinds in found if reach.meets(origin) and (kinds is None or kind in kinds)), None)

    def sidecar_injected(self, workload: Workload, origin: Origin) -> str | None:
        """Why Kruise's webhook adds containers to ``workload``'s pods read at ``origin`` (a SidecarSet met there
        selects their labels), or None."""
        labels = dict(workload.labels)
        chosen = [(s, where) for reach, s, where in self.sidecar_sets if reach.meets(origin) and s.selects(labels, workload.ref.pod_namespace)]
        if not chosen:
            return None
        said = "; ".join(f"the SidecarSet {s.name} ({where}) adds {', '.join(s.containers) or 'its containers'}" for s, where in chosen)
        return f"OpenKruise's pod webhook adds containers to the pods its SidecarSets select, with their resources: {said}"

    @property
    def may_inject(self) -> bool:
        """A Namespace asks a webhook for containers, or a SidecarSet selects pods."""
        return bool(self.injections or self.sidecar_sets)

    def autoscaled(self, workload: Workload, origin: Origin, data: object = None) -> Autoscaled | None:
        """The requests a VerticalPodAutoscaler sets on each container of ``workload`` read at ``origin`` (by
        name), and the words that say so; None when none sets any. ``data``: the document the workload is read
        from, whose object's own metadata may choose the VPA Goldilocks makes for it."""
        ref = workload.ref
        vpa = self.autoscaler_for(ref.namespace, ref.kind, ref.name, origin)
        words = None
        if vpa is None and ref.namespace is not None and ref.namespace in self.goldilocks and ref.template is None:
            vpa, words = self._goldilocks_vpa(workload, origin, data)
        if vpa is None:
            return None
        # the admission controller patches spec.containers only: init containers and sidecars keep what they write
        # (recommendation_provider.go GetContainersResources; the VPA documentation, sidecar-containers.md: "VPA does not support initContainers")
        sets = {c.name: vpa.sets_requests(c.name) for c in workload.pod.containers}
        if not any(sets.values()):
            return None
        return Autoscaled(sets, words or f"the VerticalPodAutoscaler {vpa.name} ({vpa.location.path}:{vpa.location.line}) sets its requests from its recommendation")

    def _goldilocks_vpa(self, workload: Workload, origin: Origin, data: object) -> tuple[Autoscaler | None, str | None]:
        """The VPA Goldilocks makes for ``workload`` (its Namespace, met at ``origin``, is labelled for it), and the
        words that say so."""
        from pod_resources_cli.model.decode.goldilocks import goldilocks_autoscaler

        ref = workload.ref
        assert ref.namespace is not None
        managed = next((m for reach, m in self.goldilocks[ref.namespace] if reach.meets(origin)), None)
        if managed is None:
            return None, None
        controller = _at(data, workload.pointer)
        vpa = goldilocks_autoscaler(managed, ref.kind, ref.name, controller)
        if vpa is None:
            return None, None
        where = f"{managed.location.path}:{managed.location.line}"
        return vpa, (
            f"Goldilocks makes the VerticalPodAutoscaler {vpa.name} for it, which sets its requests from its recommendation: "
            f"the Namespace {managed.name} is labelled goldilocks.fairwinds.com/enabled ({where})"
        )

    def priority_classes_for(self, origin: Origin) -> Mapping[str, PriorityClass] | None:
        """The PriorityClasses a pod read at ``origin`` finds by name (None:
        no class met, the built-in ones only): its unit's over every plain
        file's, a plain ``globalDefault`` only where it applies."""
        if not self._classes:
            return None
        origin = plain(origin)  # a class's reach is a unit or a directory, never a file
        version = len(self._class_outcomes)  # grows with every class applied
        cached = self._class_views.get(origin)
        if cached is not None and cached[0] == version:
            return cached[1]
        from pod_resources_cli.kube.priority import system_classes

        view = dict(self._classes.get(None) or system_classes())
        for name, pc in view.items():
            if pc.global_default and not self._class_reach.get(name, EVERYWHERE).meets(origin):
                view[name] = replace(pc, global_default=False)
        if origin.unit is not None and self.scope == UNIT:
            view.update(self._classes.get(origin.unit, {}))
        self._class_views[origin] = (version, view)
        return view

    def __bool__(self) -> bool:
        return bool(self.limit_ranges or self.quotas or self._classes or self.autoscalers or self.injections or self.sidecar_sets or self.goldilocks)

    def untouched(self) -> bool:
        """No document was added: the same as a new instance with this scope."""
        return not (self or self._seen or self.warned or self.warnings or self.crowded or self.alternates or self._class_outcomes)


def _at(data: object, pointer: Pointer) -> Mapping[str, object] | None:
    """The mapping at ``pointer`` in ``data`` (a workload's object), or None."""
    for part in pointer:
        if isinstance(part, int) and isinstance(data, list) and 0 <= part < len(data):
            data = data[part]
        elif isinstance(part, str) and isinstance(data, dict):
            data = data.get(part)
        else:
            return None
    return data if isinstance(data, dict) else None
