"""Pipeline items -> findings: runs the selected rules, applies ignores,
keeps the summary.

``feed`` takes the pipeline's items in input order (parse failures, decode
problems, documents, workloads); ``finish`` adds the findings about the
whole set (namespace quotas) and returns the sorted, de-duplicated result.
Only small facts are kept per workload, and what is kept (findings,
suppressed findings, the objects checked, quota usages) goes to stores that
spill to a temporary file (lint/store.py), so long streams stay cheap.
De-duplication is per document: ``take``, after each piece of input (one
document), forgets the keys seen; the same text in another document (a Helm
template rendered twice) is another finding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from time import perf_counter_ns
from typing import TYPE_CHECKING, Any

from pod_resources_cli.features import FeatureGates
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.context import RuleContext, SetContext, Upgrade, WorkloadUsage
from pod_resources_cli.lint.covers import drop_covered
from pod_resources_cli.lint.finding import Finding, ObjectRef, Related, Severity, Suppressed, merged_builds
from pod_resources_cli.lint.namespace import NamespacePolicies, has_policy_kind, rejection_message, with_injection
from pod_resources_cli.lint.registry import all_rules
from pod_resources_cli.lint.result import Checked, Digest, FindingStore, LintResult, Needs, Partial, RuleTimes
from pod_resources_cli.lint.runs import RecordRun
from pod_resources_cli.lint.scope import NOWHERE, Origin
from pod_resources_cli.model.items import Summary
from pod_resources_cli.lint.rule import Hit, Rule
from pod_resources_cli.lint.store import SpillList
from pod_resources_cli.lint.suppress import Ignore, workload_ignores
from pod_resources_cli.model.items import PositionedDocument, SkippedEntry
from pod_resources_cli.location import Location, Pointer, format_field_path

if TYPE_CHECKING:
    from pod_resources_cli.model.items import Item
    from pod_resources_cli.model.node import NodeDescription

PARSE_RULE = "PR001"
DECODE_RULE = "PR002"
UNKNOWN_FIELD_RULE = "PR004"  # decode problems that carry it (model/decode/fields.py)
UNSERVED_RULE = "PR006"  # and that (model/decode/served.py)
INVALID_POLICY_RULE = "PR164"
INVALID_QUOTA_RULE = "PR165"
INVALID_PRIORITY_CLASS_RULE = "PR166"
UNUSED_IGNORE_RULE = "PR003"


class LintEngine:
    def __init__(
        self,
        config: LintConfig,
        gates: FeatureGates,
        *,
        node: NodeDescription | None = None,
        policies: NamespacePolicies | None = None,
        default_namespace: str | None = None,
        policies_may_follow: bool = False,
        upgrade: Upgrade | None = None,
        threshold: int | None = None,
        timed: bool = False,
        digests: bool = False,
        show_skipped: bool = False,
        needs: Needs = Needs(),
        build_readers: Callable[[str], int] | None = None,
        read_alone: Callable[[str], bool] | None = None,
    ) -> None:
        """``policies_may_follow``: the input is (partly) a stream, so a
        ResourceQuota may come after workloads of its namespace; every
        workload's usage is then kept for it. ``threshold``: the records
        of each kind held in memory before they go to a temporary file
        (lint/store.py's default). ``needs``: what the report needs kept
        (each finding's text, the objects checked). ``build_readers``: how
        many of the run's builds read a file (a finding's path), so that a
        finding some of them did not give names those that did. ``read_alone``:
        is a file a build reads also read on its own (lint/finding.py merged_builds)."""
        self.config = config
        self.gates = gates
        self.node = node
        self.policies = policies if policies is not None else NamespacePolicies()
        self.default_namespace = default_namespace
        self.policies_may_follow = policies_may_follow
        self.upgrade = upgrade
        self.timed = timed  # each rule's time on each object is kept (the JUnit report's time attributes)
        self.digests = digests  # each object's computed values are digested (lint --new-from-rev, lint/object_values.py)
        self.show_skipped = show_skipped  # every skipped document and object is listed in the report
        self.needs = needs
        self.build_readers = build_readers
        self.read_alone = read_alone
        active = config.active_codes()
        self.rules = {r.code: r for r in all_rules() if r.code in active}
        self.workload_rules = [
            r for r in self.rules.values()
            if r.check is not None and (node is not None or not r.needs_node) and (upgrade is not None or not r.needs_upgrade)
        ]  # fmt: skip
        self.set_rules = [r for r in self.rules.values() if r.check_set is not None]
        self.options = {code: config.rule_options(rule) for code, rule in self.rules.items()}
        # What was found since the last take (a worker hands it over per piece of input) ...
        self.findings: list[Finding] = []
        self.suppressed: list[Suppressed] = []
        self.summary = Summary()
        self.objects: list[Checked] = []
        self.object_digests: list[Digest] = []
        # ... and what absorb and finish keep, in bounded memory (lint/store.py).
        self._kept = FindingStore(needs.text, threshold=threshold)
        self._kept_suppressed = SpillList[Suppressed](threshold=threshold, pack=Suppressed.pack, unpack=Suppressed.unpack)
        self._kept_objects = SpillList[Checked](threshold=threshold, pack=_pack_object, unpack=_unpack_object)
        self._kept_digests = SpillList[Digest](threshold=threshold)
        self.set_context = SetContext(quotas=list(self.policies.quotas), usages=SpillList(threshold=threshold))
        self._seen: set[tuple[str, str, int, int, str | None, str]] = set()
        self._skipped: Counter[tuple[str, str | None]] = Counter()  # (reason, kind): counted in the summary when absorbed (see take)
        self._unit: str | None = None  # the deployment unit of the item being fed (a render, a stream)
        self._built = False  # some kept finding came from a unit: finish merges each place's builds
        # An object's own ignore annotation and what its templates so far used (see _apply_ignores).
        self._object_ignore: tuple[tuple[int, Pointer], RuleContext, Ignore, set[str]] | None = None
        self._entries: list[SkippedEntry] = []  # listed (show_skipped), handed over with them
        self._kept_skipped = SpillList[SkippedEntry](threshold=threshold, pack=tuple, unpack=_unpack_entry)

    # -- emitting ----------------------------------------------------------------
    def _emit(
        self, rule: Rule, message: str, location: Location, obj: ObjectRef | None, fieldpath: str | None, container: str | None,
        related: tuple[Related, ...] = (), *, lenient: bool = False,
    ) -> Finding | None:  # fmt: skip
        """``lenient``: what applies the object drops the field rather than refusing it: an error is a warning."""
        key = _key(rule, message, location, fieldpath)
        if key in self._seen:
            return None
        self._seen.add(key)
        severity = self.config.severity_for(rule, location.path)
        if lenient and severity is Severity.ERROR:
            severity = Severity.WARNING
        builds = ((self._unit, obj),) if self._unit is not None else ()
        finding = Finding(rule.code, rule.name, severity, message, location, obj, fieldpath, container, related, builds)
        if self.config.ignored_at(rule.code, location.path):
            self.suppressed.append(Suppressed(finding, "config"))
            return None
        return finding

    def _add(self, finding: Finding | None) -> None:
        if finding is not None:
            self.findings.append(finding)

    # -- items ---------------------------------------------------------------------
    def feed(self, item: Item) -> None:
        from pod_resources_cli.model.items import DocumentItem, ProblemItem, SkippedItem, WorkloadItem

        document = getattr(item, "document", None)
        self._unit = document.unit if document is not None else None
        if isinstance(item, WorkloadItem):
            self.summary.pods += 1
            ref = item.workload.ref
            times = self._workload(item.workload, item.document, item.location)
            if self.needs.objects:
                self.objects.append((ObjectRef(ref.kind, ref.name, ref.namespace, ref.template), item.location, times))
        elif isinstance(item, DocumentItem):
            self.summary.documents += 1
            self.summary.objects += item.objects
            self._policies(item.document)
        elif isinstance(item, SkippedItem):
            self._skipped[item.reason, item.kind] += 1
            if self.show_skipped:
                self._entries.append(SkippedEntry.of(item))
        elif isinstance(item, ProblemItem):
            self._problem(item)

    def feed_all(self, items: Iterable[Item]) -> None:
        for item in items:
            self.feed(item)

    def next_document(self) -> None:
        """A piece of input (one document) is done: duplicates only arise within
        one, and its objects (an object's own ignore annotation) end with it."""
        self._flush_object_ignore()
        self._seen.clear()

    # -- several processes ------------------------------------------------------------
    def take(self) -> Partial:
        """Hands over (and forgets) what was found since the last call: the
        findings as records (with their text in the report, if it has one)."""
        self._flush_object_ignore()  # a piece is one document: its objects end with it
        partial = Partial(
            RecordRun(map(self._kept.record, self.findings)), self.suppressed, list(self.set_context.usages), self.objects,
            self.summary.documents, self.summary.objects, self._skipped, self._entries, digests=self.object_digests,
            pods=self.summary.pods, severities=Counter(f.severity.label for f in self.findings),
            rules=Counter(f.rule for f in self.findings), built=any(f.builds for f in self.findings),
        )  # fmt: skip
        self.findings, self.suppressed, self.objects, self._entries, self.object_digests = [], [], [], [], []
        self._skipped = Counter()
        self.set_context.usages.close()
        self.summary.documents = 0
        self.summary.objects = 0
        self.summary.pods = 0
        self._seen.clear()  # duplicates only arise within a document
        return partial

    def absorb(self, partial: Partial) -> None:
        """Adds a worker's part to this engine's result."""
        self._kept.add_records(partial.findings)
        self.summary.by_severity.update(partial.severities)
        self.summary.by_rule.update(partial.rules)
        self._kept_suppressed.extend(partial.suppressed)
        self._kept_objects.extend(partial.objects)
        self.set_context.usages.extend(u for u in partial.usages if isinstance(u, WorkloadUsage))
        self.summary.documents += partial.documents
        self.summary.objects += partial.kubernetes_objects
        self.summary.pods += partial.pods
        self._kept_digests.extend(partial.digests)
        self._built = self._built or partial.built
        for (reason, kind), count in partial.skipped.items():
            self.summary.add_skipped(reason, kind, count)
        self._kept_skipped.extend(partial.skipped_entries)

    def _keep(self, findings: list[Finding], suppressed: list[Suppressed], objects: list[Checked]) -> None:
        """Into the stores, counted for the summary on the way."""
        for f in findings:
            self.summary.by_severity[f.severity.label] += 1
            self.summary.by_rule[f.rule] += 1
            self._built = self._built or bool(f.builds)
        self._kept.extend(findings)
        self._kept_suppressed.extend(suppressed)
        self._kept_objects.extend(objects)

    def _problem(self, item: object) -> None:
        from pod_resources_cli.model.items import ProblemItem

        assert isinstance(item, ProblemItem)
        code = item.rule or (PARSE_RULE if item.kind == "parse" else DECODE_RULE)
        rule = self.rules.get(code)
        if rule is None:
            return
        obj = ObjectRef(item.object_kind, item.object_name, item.object_namespace, item.object_template) if item.object_kind else None
        self._add(self._emit(rule, item.message, item.location, obj, item.field, None, lenient=item.lenient))

    def _policies(self, doc: PositionedDocument) -> None:
        data = doc.data
        if not isinstance(data, dict) or not has_policy_kind(data):
            return
        problems = self.policies.add_document(doc, self.default_namespace)
        self.set_context.quotas = list(self.policies.quotas)
        for policy, problem in problems.decode:
            if (decode_rule := self.rules.get(problem.rule or DECODE_RULE)) is None:  # PR002, or PR006: not served
                continue
            namespace = getattr(policy, "namespace", None)  # a PriorityClass has none
            obj = ObjectRef(type(policy).__name__, policy.name, namespace)
            where = doc.location(problem.pointer)
            self._add(self._emit(decode_rule, problem.message, where, obj, format_field_path(problem.pointer) or None, None))
        for policy, error in problems.invalid:
            kind = type(policy).__name__
            invalid_rule = self.rules.get(INVALID_POLICY_RULE if kind == "LimitRange" else INVALID_QUOTA_RULE)
            if invalid_rule is not None:
                obj = ObjectRef(kind, policy.name, policy.namespace)
                message = rejection_message(policy, error)
                self._add(self._emit(invalid_rule, message, doc.location(error.pointer), obj, error.field, None))
        if (class_rule := self.rules.get(INVALID_PRIORITY_CLASS_RULE)) is not None:
            for pc, refusal in problems.refused_classes:
                obj = ObjectRef("PriorityClass", pc.name, None)
                message = f"{refusal.message} (the API server refuses it; no pod can use it)"
                self._add(self._emit(class_rule, message, doc.location(refusal.pointer), obj, refusal.field, None))

    def _workload(self, workload: object, doc: PositionedDocument, location: Location) -> RuleTimes:
        """Runs the workload rules; with ``timed``, the microseconds each took
        (the first rule to need a computed fact pays for it, as it did)."""
        from pod_resources_cli.model.workload import Workload

        assert isinstance(workload, Workload)
        namespace = workload.ref.pod_namespace
        origin = self.policies.origin(doc) if self.policies or self.policies_may_follow else NOWHERE
        if workload.ref.as_written is None and self.policies.may_inject:
            workload = with_injection(workload, self.policies, origin)
        ctx = RuleContext(
            workload,
            doc.location,
            self.gates,
            node=self.node,
            limit_ranges=self.policies.limit_ranges_for(namespace, origin),
            quotas=self.policies.quotas_for(namespace, origin),
            priority_classes=self.policies.priority_classes_for(origin),
            location=location,
            upgrade=self.upgrade,
        )
        found: list[Finding] = []
        repeated: list[tuple[str | None, tuple[str, ...]]] = []  # covering findings another pod at the same place said
        times: list[tuple[str, int]] = []
        as_written = workload.ref.as_written  # its operator adds to it: no QoS claim, and the others say so
        sized = self.policies.autoscaled(workload, origin, doc.data) if self.policies else None  # requests a VerticalPodAutoscaler sets
        if sized is not None:
            as_written = sized.as_written(as_written)
        for rule in self.workload_rules:
            assert rule.check is not None
            if as_written is not None and (rule.claims_qos or (rule.missing_resources and workload.ref.preset)):
                continue
            if rule.compares_containers and workload.ref.operator_sets:
                continue  # a container's requests are the operator's, not the manifest's
            start = perf_counter_ns() if self.timed else 0
            for hit in rule.check(ctx, self.options[rule.code]):
                if hit.container is not None and hit.container in workload.ref.injected_fixed:
                    continue  # a webhook's container whose resources its install sets, not this manifest
                if rule.missing_resources and _operator_sets(workload.ref.operator_sets, hit.container, rule.missing_resources):
                    continue  # the operator sets them, from values not computed here: not missing
                if sized is not None and set(rule.missing_requests) & set(sized.sets.get(hit.container or "", ())):
                    continue  # the autoscaler sets them
                where = doc.location(_written_pointer(doc.data, hit.pointer))
                related = hit.related or (_filled_by_limit_range(ctx, hit, doc.data) if ctx.limit_ranges else ())
                why = workload.ref.as_written if sized is not None and hit.container is not None and not sized.sets.get(hit.container) else as_written
                message = hit.message if why is None else f"{hit.message} (as written: {why})"
                field = _field(ctx, hit)
                said = rule.covers and _key(rule, message, where, field) in self._seen
                finding = self._emit(rule, message, where, ctx.object, field, hit.container, related)
                if finding is not None:
                    found.append(finding)
                elif said:  # two pods written at one place (a MiniCluster's Job and services pods): one finding, both covered
                    repeated.append((hit.container, rule.covers))
            if self.timed:
                times.append((rule.code, (perf_counter_ns() - start) // 1000))
        found, covered = drop_covered(found, self.rules, repeated)
        self._apply_ignores(ctx, found, _object_annotations(doc.data, workload.pointer), covered, id(doc))
        if self.digests:
            from pod_resources_cli.lint.object_values import object_digest

            self.object_digests.append((ctx.object, location.path, object_digest(ctx)))
        if self.set_rules and (self.policies_may_follow or self.policies.quotas_for(namespace, origin)):
            self._record_usage(ctx, origin)  # without a quota (known or still to come), nothing counts it
        return tuple(times)

    def _apply_ignores(
        self, ctx: RuleContext, found: list[Finding], annotations: dict[str, object], covered: frozenset[str], document: int
    ) -> None:
        ignores = workload_ignores(ctx.workload, annotations)
        used: set[str] = set(covered)
        for finding in found:
            for ignore in ignores:
                if finding.rule in ignore.codes:
                    self.suppressed.append(Suppressed(finding, "annotation", ignore.reason))
                    used.add(finding.rule)
                    break
            else:
                self.findings.append(finding)
        if UNUSED_IGNORE_RULE not in self.rules:
            return
        for ignore in ignores:
            if ignore.pointer[: len(ctx.workload.pointer) + 1] == (*ctx.workload.pointer, "metadata"):
                # The object's own annotation covers each of its pod templates (a RayCluster's
                # head and workers): unused only if no template used it, known after the last one.
                key = (document, ctx.workload.pointer)
                if self._object_ignore is None or self._object_ignore[0] != key:
                    self._flush_object_ignore()
                    self._object_ignore = (key, ctx, ignore, set())
                self._object_ignore[3].update(used)
            else:
                self._unused(ctx, ignore, used, ctx.object)

    def _flush_object_ignore(self) -> None:
        """The unused entries of the last object's own ignore annotation (PR003, about the object)."""
        pending, self._object_ignore = self._object_ignore, None
        if pending is not None:
            _, ctx, ignore, used = pending
            obj = ctx.object if ctx.workload.ref.template is None else ObjectRef(ctx.object.kind, ctx.object.name, ctx.object.namespace)
            self._unused(ctx, ignore, used, obj)

    def _unused(self, ctx: RuleContext, ignore: Ignore, used: set[str], obj: ObjectRef) -> None:
        unused_rule = self.rules[UNUSED_IGNORE_RULE]
        for entry in ignore.entries:
            if not entry.codes:
                message = f"ignore annotation names {entry.selector!r}, which is no rule (see `pod-resources rules`)"
            elif entry.codes & used:
                continue
            else:
                message = f"ignore annotation for {entry.selector!r} silences nothing here: remove it"
            where = ctx.locate(ignore.pointer)
            self._add(self._emit(unused_rule, message, where, obj, ctx.field(ignore.pointer), None))

    def _record_usage(self, ctx: RuleContext, origin: Origin) -> None:
        if not ctx.valid or ctx.workload.ref.kind == "PodTemplate":
            return  # a rejected object creates no pods; a PodTemplate creates none by itself
        from pod_resources_cli.kube.resourcequota import pod_usage, scope_facts

        replicas = ctx.workload.ref.replicas
        self.set_context.usages.append(
            WorkloadUsage(
                object=ctx.object,
                location=ctx.location,
                replicas=1 if replicas is None else replicas,
                usage=pod_usage(ctx.pod),
                scope=scope_facts(ctx.pod, ctx.qos.qos_class),
                origin=origin,
                runs_in=ctx.workload.ref.runs_in,
            )
        )

    # -- the end ---------------------------------------------------------------------
    def _merge_builds(self) -> None:
        """One finding per place: a base built by several overlays gave one
        finding per build, now one naming the builds (lint/finding.merged_builds),
        counted once. A second pass over the kept findings, in bounded memory."""
        merged = FindingStore(self._kept.text, threshold=self._kept.records.threshold)
        try:
            merged.extend(merged_builds(self._kept, self.build_readers, self.read_alone))  # each merged finding's text made again (it names the builds)
        except BaseException:
            merged.close()
            raise
        self._kept.close()
        self._kept = merged
        self.summary.by_severity.clear()
        self.summary.by_rule.clear()
        for f in merged:
            self.summary.by_severity[f.severity.label] += 1
            self.summary.by_rule[f.rule] += 1

    def close(self) -> None:
        """Gives back the temporary files of a run that will not finish."""
        for store in (self._kept, self._kept_suppressed, self._kept_objects, self._kept_digests, self.set_context.usages, self._kept_skipped):
            store.close()

    def finish(self) -> LintResult:
        self._flush_object_ignore()
        for (reason, kind), count in self._skipped.items():
            self.summary.add_skipped(reason, kind, count)
        self._kept_skipped.extend(self._entries)
        self._skipped, self._entries = Counter(), []
        for rule in self.set_rules:
            assert rule.check_set is not None
            for hit in rule.check_set(self.set_context, self.options[rule.code]):
                where = Location(hit.path, hit.line, hit.column, hit.document)
                self._add(self._emit(rule, hit.message, where, ObjectRef(hit.kind, hit.name, hit.namespace), hit.field, None))
        self._keep(self.findings, self.suppressed, self.objects)
        self.findings, self.suppressed, self.objects = [], [], []
        self.set_context.usages.close()
        if self._built:
            self._merge_builds()
        self.summary.suppressed = len(self._kept_suppressed)
        ran = tuple(sorted({r.code for r in (*self.workload_rules, *self.set_rules)} | ({PARSE_RULE, DECODE_RULE, UNKNOWN_FIELD_RULE, UNSERVED_RULE, INVALID_POLICY_RULE, INVALID_QUOTA_RULE, INVALID_PRIORITY_CLASS_RULE, UNUSED_IGNORE_RULE} & set(self.rules))))
        self._kept_digests.extend(self.object_digests)
        self.object_digests = []
        skipped = self._kept_skipped if self.show_skipped else None
        return LintResult(
            self._kept, self._kept_suppressed, self.summary, self.config.fail_on, ran, self._kept_objects, skipped=skipped,
            digests=self._kept_digests,
        )  # fmt: skip

    def add_skipped(self, entries: list[SkippedEntry]) -> None:
        """Files skipped before any was read (a template, a patch, a harness's check), counted and listed first."""
        for entry in entries:
            self.summary.add_skipped(entry.reason, entry.kind)
        if self.show_skipped:
            self._kept_skipped.extend(entries)


def _pack_object(kept: Checked) -> tuple[object, ...]:
    ref, loc, times = kept
    return (ref.kind, ref.name, ref.namespace, ref.template, loc.path, loc.line, loc.column, loc.document, times)


def _unpack_entry(record: tuple[Any, ...]) -> SkippedEntry:
    return SkippedEntry(*record)


def _unpack_object(record: tuple[Any, ...]) -> Checked:
    kind, name, namespace, template, path, line, column, document, times = record
    return ObjectRef(kind, name, namespace, template), Location(path, line, column, document), times


def _filled_by_limit_range(ctx: RuleContext, hit: Hit, data: object) -> tuple[Related, ...]:
    """A finding about a request or limit the manifest does not write, which
    a LimitRange filled in: that LimitRange caused it."""
    pointer = hit.pointer
    if len(pointer) < 3 or pointer[-3] != "resources" or pointer[-2] not in ("requests", "limits") or _exists(data, pointer):
        return ()
    container = next((c.name for c in ctx.written.all_containers() if pointer[: len(c.pointer)] == c.pointer), None)
    from pod_resources_cli.lint import related

    return tuple(
        related.limit_default(lr, d)
        for lr, d in ctx.limit_defaults
        if d.container == container and (d.kind, d.resource) == pointer[-2:]
    )[:1]


def _key(rule: Rule, message: str, location: Location, fieldpath: str | None) -> tuple[str, str, int, int, str | None, str]:
    """What makes a finding the same one said twice within a document."""
    return (rule.code, location.path, location.line, location.column, fieldpath, message)


def _field(ctx: RuleContext, hit: Hit) -> str | None:
    return hit.field if hit.field is not None else (ctx.field(hit.pointer) or None)


_MISSING = object()


def _step(data: object, part: str | int) -> object:
    """One pointer step into plain data, or _MISSING."""
    if isinstance(data, dict) and isinstance(part, str):
        return data.get(part, _MISSING)
    if isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
        return data[part]
    return _MISSING


def _exists(data: object, pointer: Pointer) -> bool:
    for part in pointer:
        data = _step(data, part)
        if data is _MISSING:
            return False
    return True


def _object_annotations(data: object, pointer: Pointer) -> dict[str, object]:
    for part in (*pointer, "metadata", "annotations"):
        data = _step(data, part)
    return data if isinstance(data, dict) else {}


def _operator_sets(sets: tuple[tuple[str, tuple[str, ...]], ...], container: str | None, resources: tuple[str, ...]) -> bool:
    """Does the operator set one of ``resources`` on ``container``? A finding that says they are all missing is then
    not what runs; the narrower rules (PR131, PR132 under PR138) speak for the others, as for a VerticalPodAutoscaler."""
    return container is not None and any(name == container and set(resources) & set(given) for name, given in sets)


def _written_pointer(data: object, pointer: Pointer) -> Pointer:
    """A request the API server defaulted from a limit is not in the text: point at that limit."""
    if len(pointer) >= 2 and pointer[-2] == "requests" and not _exists(data, pointer):
        from_limit = (*pointer[:-2], "limits", pointer[-1])
        if _exists(data, from_limit):
            return from_limit
    return pointer
