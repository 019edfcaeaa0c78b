"""Files -> documents -> workloads, in input order.

The one place that strings the layers together for ``explain``, ``lint``
and ``admit``: it reads sources (source/), decodes workloads (model/) and
yields one item per pod template found, or per problem met, in the order of
the input. Reports are built by the caller (analysis/), so this module stays
small and each command decides what to compute.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.location import Location, Pointer, value_at
from pod_resources_cli.model.decode.airflow import airflow_pod_template
from pod_resources_cli.model.decode.kinds import WorkloadKind
from pod_resources_cli.model.decode.partial import KustomizeRole
from pod_resources_cli.model.decode.workloads import (
    NOT_KUBERNETES,
    TEMPLATE,
    Decoded,
    Skipped,
    decode_workloads,
    is_kubernetes_object,
    iter_objects,
)
from pod_resources_cli.model.items import (
    KUSTOMIZE_INPUT,
    TEST_ASSERTION,
    TEST_INPUT,
    UNPARSEABLE,
    VENDORED,
    DocumentItem,
    Item,
    ProblemItem,
    SkippedItem,
    WorkloadItem,
)
from pod_resources_cli.source.discover import STDIN_NAME, SourceFile, load_path
from pod_resources_cli.records import replace
from pod_resources_cli.source.yamldoc import DEFAULT_LIMITS, Document, Limits, ParseFailure, load_documents

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds_apptemplate import AppTemplateDependency
    from pod_resources_cli.model.decode.prow_defaults import ProwDefaults
    from pod_resources_cli.source.layout import Plan


def iter_items(
    paths: Sequence[str],
    *,
    limits: Limits = DEFAULT_LIMITS,
    default_namespace: str | None = None,
    kinds: tuple[WorkloadKind, ...] = (),
    stdin_name: str = STDIN_NAME,
) -> Iterator[Item]:
    """The items of ``paths`` as they are (nothing rendered): Helm templates
    and files kustomizations use as patches are skipped, with their reason.
    Standard input (``-``) is named ``stdin_name``."""
    from pod_resources_cli.source.layout import plan_inputs

    plan = plan_inputs(paths)
    yield from plan_skipped(plan)
    for path in plan.files:
        # Streamed: a document is parsed when it arrives, never the whole file at once.
        for doc in load_path(path, limits, stdin_name=stdin_name):
            yield from items_of_parsed(doc, default_namespace, kinds)


def plan_skipped(plan: Plan) -> Iterator[SkippedItem]:
    """The files a plan skips, with why where a test harness says so."""
    from pod_resources_cli.source.harness import skip_reason

    for path, reason in plan.skipped:
        # a chart's template needs no word (a Spark or Flink pod template is told by the worker reading it)
        harness = skip_reason(path, plan.boundary.root_of(os.path.abspath(path))) if reason in (TEST_ASSERTION, TEST_INPUT, VENDORED, KUSTOMIZE_INPUT) else None
        yield SkippedItem(Location(path, 1, 1), reason, note=harness[1] if harness is not None else None)


def items_of_source(
    source: SourceFile, *, limits: Limits = DEFAULT_LIMITS, default_namespace: str | None = None
) -> Iterator[Item]:
    if source.data is None:
        yield ProblemItem(Location(source.path, 1, 1), f"cannot read file: {source.error}", "parse")
        return
    for doc in load_documents(source.path, source.data, limits):
        yield from items_of_parsed(doc, default_namespace)


def items_of_parsed(
    doc: Document | ParseFailure, default_namespace: str | None = None, kinds: tuple[WorkloadKind, ...] = ()
) -> Iterator[Item]:
    """One parsed document (or parse failure) -> items. A document that cannot
    be parsed is an error only when it is a Kubernetes manifest; template
    text and other YAML are skipped with their reason."""
    if isinstance(doc, ParseFailure):
        if doc.template:
            yield SkippedItem(doc.location, TEMPLATE, note=doc.message)
        elif not doc.manifest:
            yield SkippedItem(doc.location, UNPARSEABLE, note=doc.message)
        elif doc.document is None:
            yield ProblemItem(doc.location, doc.message, "parse")
        else:  # a repeated key: judged as ``kubectl apply -f`` reads it, the last value
            built = _kustomize_role(doc.location.path) == "resource"  # kustomize refuses the build: PR001
            applied = (_REPEATED_SAME if doc.same else _REPEATED_APPLIED).format(doc.message)
            if built or _object_count(doc.document.data):
                yield ProblemItem(doc.location, doc.message if built else applied, "parse", rule=None if built else REPEATED_KEY_RULE)
            # else a document of another tool's (a `kind:` but no apiVersion: GoogleCloudPlatform/k8s-config-connector
            # @cdb85ecf1708 proto-list-final.yaml, a list of protos to generate), which kubectl never applies: skipped
            # as not Kubernetes like the same document without the repeated key, never a finding
            yield from items_of_parsed(doc.document, default_namespace, kinds)
        return
    if isinstance(doc.data, dict) and "tasks" in doc.data and "kind" not in doc.data and _is_knavigator_workflow(doc.data):
        yield from _knavigator_workflow(doc, default_namespace, kinds)
        return
    chart_values = _chart_values(doc)
    yield DocumentItem(doc, 1 if chart_values is not None else _object_count(doc.data))
    yield from items_of_document(doc, default_namespace, kinds, chart_values)


def _is_knavigator_workflow(data: dict[str, Any]) -> bool:
    from pod_resources_cli.source.knavigator import is_workflow  # here: only a run that meets a workflow loads it

    return is_workflow(data)


def _knavigator_workflow(doc: Document, default_namespace: str | None, kinds: tuple[WorkloadKind, ...]) -> Iterator[Item]:
    """The objects a knavigator workflow's SubmitObj tasks make (source/knavigator.py), each checked as an object
    of the workflow's file at its task; a task rendered nothing from is skipped as a template, with why."""
    from pod_resources_cli.source.knavigator import submissions
    from pod_resources_cli.source.locator import DictLocator

    made = list(submissions(doc.path, doc.data))
    yield DocumentItem(doc, sum(_object_count(obj) for s in made for obj in s.objects))
    if not made:
        yield SkippedItem(doc.location(), NOT_KUBERNETES, note="a knavigator workflow that submits no object")
    for submitted in made:
        where = doc.location(submitted.at)
        if submitted.skipped is not None:
            yield SkippedItem(where, TEMPLATE, note=submitted.skipped)
            continue
        for obj in submitted.objects:
            rendered = Document(doc.path, doc.index, obj, DictLocator(where.line), where.line, doc.unit)
            for item in items_of_document(rendered, default_namespace, kinds):
                if isinstance(item, WorkloadItem) and submitted.count > 1 and item.workload.ref.replicas is not None:
                    ref = replace(item.workload.ref, replicas=item.workload.ref.replicas * submitted.count)
                    item = item._replace(workload=replace(item.workload, ref=ref))
                yield item


def _chart_values(doc: Document) -> AppTemplateDependency | None:
    """The app-template dependency of the chart whose values.yaml the document is (source/chart_dependencies.py)."""
    if not isinstance(doc.data, dict) or "kind" in doc.data or not doc.path.endswith("values.yaml"):
        return None
    from pod_resources_cli.source.chart_dependencies import app_template_dependency

    return app_template_dependency(doc.path)


def _object_count(data: object) -> int:
    """The Kubernetes objects a document holds (an Armada job submission file, Prow's job configuration: each job an object)."""
    objects = sum(1 for obj, _ in iter_objects(data) if is_kubernetes_object(obj))
    if not objects and isinstance(data, dict) and "kind" not in data:
        from pod_resources_cli.model.decode.armada import submit_file_job_count

        objects = submit_file_job_count(data)
        if not objects and any(k in data for k in ("presubmits", "postsubmits", "periodics")):
            from pod_resources_cli.model.decode.prow import job_count

            objects = job_count(data)
        if not objects and "sonobuoy-config" in data:
            from pod_resources_cli.model.decode.sonobuoy import is_plugin

            objects = 1 if is_plugin(data) else 0
    return objects


REPEATED_KEY_RULE: Final = "PR005"  # a repeated key in a file no kustomization builds: applied, with the last value
_REPEATED_APPLIED: Final = "{}: kubectl apply -f keeps the last value and drops the first; kustomize would refuse the file"
_REPEATED_SAME: Final = "{}, with the same value: kubectl apply -f applies it; kustomize would refuse the file"


def items_of_document(
    doc: Document, default_namespace: str | None = None, kinds: tuple[WorkloadKind, ...] = (),
    chart_values: AppTemplateDependency | None = None,
) -> Iterator[WorkloadItem | ProblemItem | SkippedItem]:  # fmt: skip
    def chart_of(kind: str, name: str, namespace: str | None, pointer: Pointer) -> str | None:
        from pod_resources_cli.source.flux_sources import chart_of_source

        return chart_of_source(doc.location(pointer).path, kind, name, namespace)

    if _may_write_values_text(doc.data):  # an Argo CD Application's Helm values as text (source/values_text.py)
        from pod_resources_cli.source.values_text import graft_values_text

        doc, refused = graft_values_text(doc)
        for r in refused:
            where = doc.location(r.pointer)
            yield ProblemItem(where, r.message, "decode", document=doc, object_kind="Application", object_name=r.name or "",
                              object_namespace=r.namespace, field=".".join(str(p) for p in r.pointer[-3:]), rule="PR002")  # fmt: skip

    if _may_be_fleet_bundle(doc.data):  # a Fleet Bundle's files as text (source/fleet_bundle_text.py)
        from pod_resources_cli.source.fleet_bundle_text import graft_bundle

        doc = graft_bundle(doc)

    for decoded in decode_workloads(
        doc.data, default_namespace, kinds, _updates(doc.path), lambda: _kustomize_role(doc.path), chart_of, chart_values,
        lambda: _prow_defaults(doc.path),
    ):
        if isinstance(decoded, Skipped):
            where = doc.location(decoded.pointer)
            build = doc.unit if doc.unit is not None and where.path != doc.unit else None  # a built object found in its source
            yield SkippedItem(where, decoded.reason, decoded.kind, decoded.note, build)
        else:
            yield from _items_of_decoded(doc, decoded)


def _may_be_fleet_bundle(data: object) -> bool:
    """Cheap: the document is a Fleet Bundle (or a list, which may hold one) whose files may hold objects."""
    if not isinstance(data, dict):
        return False
    kind = data.get("kind")
    if kind == "Bundle":
        api = data.get("apiVersion")
        return isinstance(api, str) and api.startswith("fleet.cattle.io/")
    return isinstance(kind, str) and kind.endswith("List") and any(isinstance(i, dict) and i.get("kind") == "Bundle" for i in data.get("items") or ())


def _may_write_values_text(data: object) -> bool:
    """Cheap: the document is an Argo CD Application (or a list, which may hold one) whose text may hold Helm values."""
    if not isinstance(data, dict):
        return False
    kind = data.get("kind")
    return kind == "Application" or (isinstance(kind, str) and kind.endswith("List") and isinstance(data.get("items"), list))


@lru_cache(maxsize=1024)
def _updates(path: str) -> frozenset[tuple[str, str, str, str]]:
    """The objects of a file that a test harness merges into objects it created before."""
    import os

    if not os.path.isfile(path):  # standard input, a rendered chart
        return frozenset()
    from pod_resources_cli.source.harness import updated_objects

    return updated_objects(path)


@lru_cache(maxsize=1024)
def _client_applied(path: str) -> str | None:
    """Who applies the file without strict field validation (a test harness: source/harness.py client_applied)."""
    if not os.path.isfile(path):  # standard input, a render's output
        return None
    from pod_resources_cli.source.harness import client_applied

    return client_applied(path)


def _prow_defaults(path: str) -> ProwDefaults | None:
    """Prow's own configuration for a job configuration file, where its repository names it (source/prow_config.py)."""
    from pod_resources_cli.source.prow_config import prow_defaults

    return prow_defaults(path)


def _kustomize_role(path: str) -> KustomizeRole:
    """How the project's kustomizations see the file (model/decode/partial.py)."""
    import os

    if not os.path.isfile(path):  # standard input, a render's output: no kustomization of the project holds it
        return None
    from pod_resources_cli.source.project import kustomize_role

    return kustomize_role(path)


def _items_of_decoded(doc: Document, decoded: Decoded) -> Iterator[WorkloadItem | ProblemItem]:
    from pod_resources_cli.location import format_field_path
    from pod_resources_cli.model.decode.fields import STRICT_REJECTS, UNKNOWN_FIELD_RULE

    dropped = 0  # problems of fields the API server drops, creating the object (its pod is still judged)
    for problem in decoded.problems:
        message, lenient = problem.message, False
        if problem.rule == UNKNOWN_FIELD_RULE and message.endswith(STRICT_REJECTS) and (who := decoded.applied_by or _client_applied(doc.path)) is not None:
            message = message[: -len(STRICT_REJECTS)] + f"; {who} creates the object without strict field validation: the API server drops the field (with a warning) and runs the rest"
            lenient = True
            dropped += 1
        yield ProblemItem(
            doc.location(problem.pointer),
            message,
            "decode",
            document=doc,
            object_kind=decoded.kind,
            object_name=decoded.name,
            object_namespace=decoded.namespace,
            object_template=decoded.template,
            field=format_field_path(problem.pointer[len(decoded.pointer) :]) or None,
            rule=problem.rule,
            lenient=lenient,
        )
    if decoded.workload is not None and len(decoded.problems) == dropped:
        workload = decoded.workload
        if doc.as_written is not None and workload.ref.as_written is None:  # an unbuilt kustomization changes it
            workload = replace(workload, ref=replace(workload.ref, as_written=doc.as_written))
        elif decoded.kind == "Pod" and workload.ref.as_written is None and (why := airflow_pod_template(value_at(doc.data, decoded.pointer))) is not None:
            workload = replace(workload, ref=replace(workload.ref, as_written=why))  # Airflow merges each task's pod into it
        yield WorkloadItem(doc, workload, doc.location(decoded.pointer))
