"""The pods of the input judged by worker processes, in input order: what
explain, admit and diff share (lint has its engine, run/lint.py).

The parent cuts the input into chunks (source/chunks.py) and hands them
out in batches with the policies met on the way (run/policy_pass.py). A
worker reads, parses and decodes its batch, keeps the policies it meets,
and judges each pod with the command's ``judge`` (explain: the report
rendered as the output shows it), so what comes back is small. The parent
counts, tells each warning and problem, and yields the judgements in the
order of the input, whatever the number of processes: with one, or a small
input, the same functions run here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pod_resources_cli.records import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

from pod_resources_cli.lint.namespace import NamespacePolicies
from pod_resources_cli.model.items import Summary
from pod_resources_cli.run.events import OnProblem, Warn
from pod_resources_cli.run.policy_pass import Met
from pod_resources_cli.source.chunks import Unit
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.yamldoc import Document

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.source.split import Piece
    from pod_resources_cli.source.yamldoc import ParseFailure
    from pod_resources_cli.source.layout import Sources

T = TypeVar("T")

WARNING: Final = 0
PROBLEM: Final = 1
POD: Final = 2


@dataclass(slots=True)
class Part:
    """What a worker met in one batch: counts, and in input order the
    warnings (WARNING, line, None), problems (PROBLEM, location, message)
    and judged pods (POD, judgement, None)."""

    documents: int = 0
    objects: int = 0
    skipped: list[tuple[str, str | None]] = field(default_factory=list)
    events: list[tuple[int, Any, Any]] = field(default_factory=list)


Judge = Callable[[Any, NamespacePolicies], T]
"""A pod's judgement from its WorkloadItem and the policies that apply to it."""


def judge_pods(
    units: Iterable[Unit],
    judge: Judge[T],
    policies: NamespacePolicies,
    *,
    namespace: str | None,
    limits: Limits,
    jobs: int | None,
    summary: Summary,
    on_warning: Warn,
    on_problem: OnProblem,
    met: list[Document] | None = None,
    kinds: tuple[WorkloadKind, ...] = (),
    sources: Sources | None = None,
) -> Iterator[T]:
    """``judge`` of every pod of ``units``, in input order; ``summary``
    counted and warnings and problems told on the way; ``met``: where the
    policies met on the way are gathered; ``kinds``: the user's own workload
    kinds (--workload-kind); ``sources``: what each kustomize build's objects
    are mapped back to and the files an unbuilt kustomization changes
    (Reading.sources)."""
    from pod_resources_cli.run import parallel
    from pod_resources_cli.run.parallel import BATCH_BYTES, batch_size, batched, map_ordered
    from pod_resources_cli.run.policy_pass import carry_met
    from pod_resources_cli.source.chunks import unit_size

    tasks = carry_met(batched(units, unit_size, BATCH_BYTES), limits, met)
    work = _worker(judge, policies, namespace, limits, kinds, sources)
    for part in map_ordered(work, tasks, jobs, size=lambda task: batch_size(task[0]), small=parallel.SMALL):
        summary.documents += part.documents
        summary.objects += part.objects
        for reason, kind in part.skipped:
            summary.add_skipped(reason, kind)
        for event, a, b in part.events:
            if event == POD:
                summary.pods += 1
                yield a
            elif event == WARNING:
                on_warning(a)
            else:
                on_problem(a, b)


def _worker(
    judge: Judge[T], base: NamespacePolicies, namespace: str | None, limits: Limits, kinds: tuple[WorkloadKind, ...] = (),
    sources: Sources | None = None,
) -> Callable[[tuple[list[Unit], Met]], Part]:
    from pod_resources_cli.model.items import DocumentItem, ProblemItem, SkippedItem, WorkloadItem
    from pod_resources_cli.run.pipeline import REPEATED_KEY_RULE, items_of_parsed
    from pod_resources_cli.run.policies import add_if_policy, drain_warnings
    from pod_resources_cli.run.policy_pass import Policies, is_policy
    from pod_resources_cli.source.chunks import unit_pieces
    from pod_resources_cli.source.harness_ytt import load_file_piece

    state = Policies(base, namespace)
    load: Callable[[Piece, Limits], list[Document | ParseFailure]] = load_file_piece
    if sources:  # kustomize output: its objects pointed back at their sources
        from functools import partial

        from pod_resources_cli.source.render import load_plan_piece

        load = partial(load_plan_piece, sources=sources)

    def work(task: tuple[list[Unit], Met]) -> Part:
        batch, met = task
        policies = state.at(met, limits)
        part = Part()
        events = part.events
        for unit in batch:
            for piece in unit_pieces(unit, limits):
                for doc in load(piece, limits):
                    for item in items_of_parsed(doc, namespace, kinds):
                        if isinstance(item, WorkloadItem):
                            events.append((POD, judge(item, policies), None))
                        elif isinstance(item, DocumentItem):
                            part.documents += 1
                            part.objects += item.objects
                            if is_policy(item.document.data):  # on standard input: met on the way
                                add_if_policy(policies, item.document, namespace)
                                events.extend((WARNING, line, None) for line in drain_warnings(policies))
                                state.touch()
                        elif isinstance(item, SkippedItem):
                            part.skipped.append((item.reason, item.kind))
                        elif isinstance(item, ProblemItem) and (item.rule == REPEATED_KEY_RULE or item.lenient):
                            # kubectl apply -f applies it; what creates it drops the field (its pod is explained)
                            events.append((WARNING, f"{item.location}: warning: {item.message}", None))
                        elif isinstance(item, ProblemItem):
                            events.append((PROBLEM, item.location, item.message))
        return part

    return work
