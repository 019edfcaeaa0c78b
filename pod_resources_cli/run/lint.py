"""The work of one ``lint`` run: inputs -> objects, policies, node -> the
engine -> findings, with the lines they point at (run/lint_outcome.py).

The CLI builds a ``LintRequest`` from its options and the configuration,
calls ``lint_run``, renders the outcome and picks the exit code; nothing here
prints. Helm charts and kustomizations are rendered once each (source/render.py),
documents are linted in order over ``jobs`` processes (run/parallel.py).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pod_resources_cli.records import dataclass
from typing import TYPE_CHECKING

from pod_resources_cli.features import FeatureGates, pre_release
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.result import LintResult, Needs
from pod_resources_cli.model.items import SkippedEntry
from pod_resources_cli.run.lint_outcome import Outcome
from pod_resources_cli.source.discover import STDIN_NAME, SourceFile
from pod_resources_cli.source.layout import NO_TOOLS, Sources, Tools
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.split import Piece

if TYPE_CHECKING:
    from pod_resources_cli.lint.context import Upgrade
    from pod_resources_cli.lint.result import Partial
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.model.items import Summary
    from pod_resources_cli.source.chunks import Unit
    from pod_resources_cli.source.yamldoc import Document, ParseFailure


@dataclass(slots=True, eq=False)  # a bundle of arguments: no comparison methods to generate at start-up
class LintRequest:
    """Everything one lint run needs, decided by the CLI from its options and
    the configuration file."""

    paths: Sequence[str]
    config: LintConfig
    gates: FeatureGates
    node_file: str | None = None
    upgrade_to: FeatureGates | None = None  # --upgrade-to: that version's gates
    namespace: str | None = None
    jobs: int | None = 1
    limits: Limits = DEFAULT_LIMITS
    tools: Tools | None = None
    stdin_name: str = STDIN_NAME
    timed: bool = False  # each rule timed on each object (JUnit reports it)
    digests: bool = False  # each object's computed values digested (--new-from-rev compares them)
    root: str | None = None  # the one root of the run (source/boundary.py), when the paths' own roots are not it
    show_skipped: bool = False  # every skipped document, object and file listed (--show-skipped)
    needs: Needs = Needs()  # what the report needs kept (render/lint_format.py needs_of)


def lint_run(request: LintRequest) -> Outcome:
    """One lint run: the node (if any) and the upgrade's two sides loaded and
    checked, then every input linted. The caller closes the outcome."""
    node = upgrade = None
    if request.node_file or request.upgrade_to:  # a plain lint loads no node code
        from pod_resources_cli.run.node import load_node_file, upgrade_between

        node = load_node_file(request.node_file, request.gates) if request.node_file else None
        upgrade = upgrade_between(request.node_file, request.gates, request.upgrade_to) if request.upgrade_to else None
    return lint_paths(
        request.paths, request.config, request.gates, node=node, namespace=request.namespace, limits=request.limits,
        jobs=request.jobs, tools=request.tools, upgrade=upgrade, stdin_name=request.stdin_name, timed=request.timed,
        digests=request.digests, root=request.root, show_skipped=request.show_skipped, needs=request.needs,
    )  # fmt: skip


def lint_paths(
    paths: Sequence[str],
    cfg: LintConfig,
    gates: FeatureGates,
    *,
    node: NodeDescription | None = None,
    namespace: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
    jobs: int | None = 1,
    tools: Tools | None = None,
    upgrade: Upgrade | None = None,
    stdin_name: str = STDIN_NAME,
    timed: bool = False,
    digests: bool = False,
    root: str | None = None,
    show_skipped: bool = False,
    needs: Needs = Needs(),
) -> Outcome:
    """Lints files and directories (streamed) or ``-`` (standard input, named
    ``stdin_name`` in findings and matched by that name against per-path settings).
    ``root``: the run's one root (the boundary: nothing outside it is read);
    by default each path's own (source/boundary.py).

    Helm charts and kustomizations inside directories are rendered once each
    by ``tools`` (none: read as they are, templates and patches skipped).

    Two passes: the namespace policies first, from the regular files that
    mention them, then every document in order, over ``jobs`` processes.
    Standard input, a pipe or a FIFO is read once, as a stream: there a
    LimitRange applies to the documents after it (rendered Helm and
    kustomize output lists them first; a ResourceQuota counts every
    workload wherever it is), and the input is linted in this process, so
    policies met on the way reach every later document and the result does
    not depend on ``jobs``."""
    from pod_resources_cli.run.reading import read_inputs

    reading = read_inputs(paths, tools or NO_TOOLS, cfg.helm_values, cfg.helm_set, root)
    try:
        streamed = reading.streamed
        jobs = 1 if streamed else jobs
        outcome = _lint(
            reading.units(limits, stdin_name), reading.policy_documents(limits, jobs), reading.files, cfg, gates, node, namespace,
            limits, jobs, streamed=streamed, upgrade=upgrade, timed=timed, needs=needs, sources=reading.sources, digests=digests,
            show_skipped=show_skipped, skipped_files=reading.skipped(),
        )  # fmt: skip
    finally:
        reading.close()
    outcome.stdin_name = stdin_name
    outcome.boundary = reading.plan.boundary
    outcome.result.summary.notes.extend(reading.notes)
    _mark_pre_release(outcome.result.summary, gates, upgrade)
    return outcome


def lint_sources(
    sources: Sequence[SourceFile],
    cfg: LintConfig,
    gates: FeatureGates,
    *,
    node: NodeDescription | None = None,
    namespace: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
    upgrade: Upgrade | None = None,
) -> LintResult:
    """Lints files already in memory (as ``lint_paths`` does files)."""
    from pod_resources_cli.lint.namespace import mentions_policies
    from pod_resources_cli.source.split import iter_pieces
    from pod_resources_cli.source.yamldoc import load_documents

    policy_docs = (
        doc for s in sources if s.data is not None and mentions_policies(s.data) for doc in load_documents(s.path, s.data, limits)
    )

    def pieces() -> Iterator[Unit]:
        for s in sources:
            if s.data is None:
                yield Piece(s.path, b"", 1, 0, f"cannot read file: {s.error}")
            else:
                yield from iter_pieces(s.path, (s.data,), limits)

    outcome = _lint(pieces(), policy_docs, len(sources), cfg, gates, node, namespace, limits, 1, upgrade=upgrade)
    outcome.lines.close()  # no excerpts asked for
    _mark_pre_release(outcome.result.summary, gates, upgrade)
    return outcome.result


def _mark_pre_release(summary: Summary, gates: FeatureGates, upgrade: Upgrade | None) -> None:
    """The run's version, or the one --upgrade-to compares with, without a tag yet."""
    summary.mark_pre_release(pre_release(gates.version))
    if upgrade is not None:
        summary.mark_pre_release(pre_release(upgrade.after.gates.version))


def _lint(
    units: Iterator[Unit],
    policy_docs: Iterable[Document | ParseFailure],
    files: int,
    cfg: LintConfig,
    gates: FeatureGates,
    node: NodeDescription | None,
    namespace: str | None,
    limits: Limits,
    jobs: int | None,
    *,
    streamed: bool = False,
    upgrade: Upgrade | None = None,
    timed: bool = False,
    sources: Sources | None = None,
    digests: bool = False,
    show_skipped: bool = False,
    skipped_files: list[SkippedEntry] | None = None,
    needs: Needs = Needs(),
) -> Outcome:
    """Lints ``units`` with the policies of ``policy_docs`` known from the
    start. ``streamed``: part of the input is read once, so policies may
    still be met on the way (one process, see lint_paths). ``sources``: what
    each kustomize build's objects may be mapped back to, and the files an
    unbuilt kustomization changes (their pods only as written). ``skipped_files``:
    the files the plan skipped, counted (and listed) first.

    Each worker lints a batch of input and hands back one Partial: its
    findings as records (with their text in the report, when the report
    words each finding alone), counts, and only what the report needs."""
    from pod_resources_cli.run.lint_outcome import lines_of
    from pod_resources_cli.lint.engine import LintEngine
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.model.items import Summary
    from pod_resources_cli.run.parallel import map_units
    from pod_resources_cli.run.pipeline import items_of_parsed
    from pod_resources_cli.source.chunks import unit_pieces
    from pod_resources_cli.source.render import load_plan_piece
    from pod_resources_cli.source.yamldoc import Document

    if node is not None:
        gates = gates.on_node(node.kubelet.feature_gates, node.name)
    from pod_resources_cli.run.policies import scenario_of, scope_notes

    policies = NamespacePolicies(cfg.policy_scope, scenario_of)
    policies.add_documents((d for d in policy_docs if isinstance(d, Document)), namespace)
    policies.settle()  # before the workers take a copy
    worker = LintEngine(
        cfg, gates, node=node, policies=policies, default_namespace=namespace, policies_may_follow=streamed, upgrade=upgrade,
        timed=timed, digests=digests, show_skipped=show_skipped, needs=needs,
    )  # fmt: skip
    collector = LintEngine(
        cfg, gates, node=node, policies=policies, default_namespace=namespace, show_skipped=show_skipped, needs=needs,
        build_readers=_build_readers(sources), read_alone=_read_alone(sources),
    )  # fmt: skip
    collector.add_skipped(skipped_files or [])

    def work(batch: list[Unit]) -> Partial:
        lines: dict[tuple[str, int], str] = {}
        for unit in batch:
            for piece in unit_pieces(unit, limits):
                start = len(worker.findings)
                for doc in load_plan_piece(piece, limits, sources):
                    worker.feed_all(items_of_parsed(doc, namespace, cfg.workload_kinds))
                worker.next_document()
                if needs.lines:
                    lines.update(lines_of(piece, worker.findings[start:]))
        partial = worker.take()
        partial.lines = lines
        return partial

    outcome = Outcome(LintResult([], [], Summary(), None))
    try:
        for partial in map_units(work, units, jobs):
            collector.absorb(partial)
            if partial.lines:
                outcome.add_lines(partial.lines)
        collector.set_context.quotas = list(policies.quotas)  # with stdin, also those met on the way (one process)
        outcome.result = collector.finish()
        outcome.result.summary.notes.extend(scope_notes(policies))
    except BaseException:
        collector.close()  # the temporary files go now, not when the engine is collected
        outcome.close()
        raise
    outcome.result.summary.files = files
    return outcome


def _read_alone(sources: Sources | None) -> Callable[[str], bool] | None:
    """Is a file (a finding's path) one a kustomize build reads and the run reads on its own too, when any is."""
    alone = frozenset(path for origins in sources.origins.values() for path in origins.alone) if sources is not None else frozenset()
    if not alone:
        return None
    return lambda path: os.path.realpath(path) in alone


def _build_readers(sources: Sources | None) -> Callable[[str], int] | None:
    """How many of the run's kustomize builds read a file (a finding's path), when two or more read any."""
    if sources is None or len(sources.origins) < 2:
        return None
    counts = Counter(path for origins in sources.origins.values() for path in origins.files)
    if max(counts.values(), default=0) < 2:
        return None
    return lambda path: counts.get(os.path.realpath(path), 0)
