"""The work behind `pod-resources lint` (no typer: pre-commit's fast path calls it directly).

Wiring only: the config file, the options, two passes over the inputs (the
namespace policies first, from the files that mention them, then every
document in order), the chosen format, the exit code.
"""

from __future__ import annotations

import enum
import itertools
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.lint_outcome import Outcome
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.render.lint_format import LintFormat
from pod_resources_cli.source.discover import STDIN, STDIN_NAME, SourceFile
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits
from pod_resources_cli.source.layout import Tools
from pod_resources_cli.source.split import Piece

if TYPE_CHECKING:
    from pod_resources_cli.model.decode.kinds import WorkloadKind
    from pod_resources_cli.lint.context import Upgrade
    from pod_resources_cli.lint.result import Partial
    from pod_resources_cli.model.node import NodeDescription
    from pod_resources_cli.pipeline import Item
    from pod_resources_cli.source.yamldoc import Document, ParseFailure


class FailOn(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    NONE = "none"


RulesOpt = list[str] | None


def run_command(
    paths: list[str] | None = None,
    node: str | None = None,
    config: str | None = None,
    no_config: bool = False,
    select: RulesOpt = None,
    extend_select: RulesOpt = None,
    ignore: RulesOpt = None,
    fail_on: FailOn | None = None,
    output_format: LintFormat = LintFormat.TEXT,
    output: str | None = None,
    feature_gates: str | None = None,
    kubernetes_version: str | None = None,
    namespace: str | None = None,
    jobs: int = 0,
    max_document_bytes: str | None = None,
    max_depth: int | None = None,
    max_aliases: int | None = None,
    *,
    no_render: bool = False,
    helm_values: list[str] | None = None,
    helm_set: list[str] | None = None,
    workload_kind: list[str] | None = None,
    upgrade_to: str | None = None,
    stdin_filename: str | None = None,
    quiet: bool = False,
) -> ExitCode:
    """``lint`` with its options as keywords: config, options, run."""
    from pod_resources_cli.cli.lint_config import resolve_config
    from pod_resources_cli.cli.options import build_limits, require_value, stdin_name

    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    _check_jobs(jobs)
    for option, value in (("--node", node), ("--output-file", output)):
        if value is not None:
            require_value(option, value)
    cfg = resolve_config(config, no_config).with_cli(
        select=_split(select), extend_select=_split(extend_select), ignore=_split(ignore),
        fail_on=fail_on.value if fail_on is not None else None,
    )  # fmt: skip
    cfg = cfg.with_rendering(helm_values or (), helm_set or (), [_workload_kind(spec) for spec in workload_kind or ()])
    from pod_resources_cli.source.layout import NO_TOOLS

    tools = NO_TOOLS if no_render else Tools.from_path()
    return run(
        _default_paths(paths, stdin_filename), cfg, output_format, output,
        node_file=node or cfg.node,
        feature_gates=feature_gates,
        kubernetes_version=kubernetes_version or cfg.kubernetes_version,
        upgrade_to=upgrade_to or cfg.upgrade_to,
        namespace=namespace or cfg.namespace,
        jobs=jobs,
        limits=limits,
        tools=tools,
        stdin_name=stdin_name(stdin_filename),
        quiet=quiet,
    )  # fmt: skip


def _workload_kind(spec: str) -> WorkloadKind:
    """``--workload-kind Kind.group=PATH[,PATH]`` (``Kind=PATH`` for a core kind)."""
    from pod_resources_cli.errors import UsageError
    from pod_resources_cli.model.decode.kinds import declared_kind

    name, eq, paths = spec.partition("=")
    kind, _, group = name.strip().partition(".")
    try:
        if not eq:
            raise ValueError("expected Kind.group=PATH[,PATH]")
        return declared_kind(group, kind, [p.strip() for p in paths.split(",") if p.strip()])
    except ValueError as exc:
        raise UsageError(f"invalid --workload-kind {spec!r}: {exc}") from None


def _check_jobs(jobs: int) -> None:
    """--jobs beyond any process count is a usage error (it would reach the
    pool as a C int and overflow); a count above the CPUs is merely capped
    (parallel.resolve_jobs)."""
    from pod_resources_cli.errors import UsageError
    from pod_resources_cli.parallel import MAX_JOBS

    if not 0 <= jobs <= MAX_JOBS:
        raise UsageError(f"invalid --jobs {jobs}: expected 0 (one per CPU) to {MAX_JOBS}; no more processes than CPUs are started")


def _split(values: Sequence[str] | None) -> list[str]:
    from pod_resources_cli.lint.registry import split_selectors

    return split_selectors(values)


def _default_paths(paths: list[str] | None, stdin_filename: str | None = None) -> list[str]:
    """The PATHs given; else standard input when it is piped in or named
    (``--stdin-filename``: an editor sends its buffer), else the working directory."""
    if paths:
        return paths
    if stdin_filename is not None:
        return [STDIN]
    if sys.stdin is None or sys.stdin.closed or sys.stdin.isatty():
        return ["."]  # nothing is piped in: the working directory, as a person means it
    return [STDIN]


def build_gates(cfg: LintConfig, feature_gates: str | None, kubernetes_version: str | None) -> FeatureGates:
    from pod_resources_cli.cli.options import build_gates as from_options

    from pod_resources_cli.cli.options import check_gates

    gates = from_options(feature_gates, kubernetes_version)
    if cfg.feature_gates:
        where = cfg.source or "the lint configuration"
        gates = gates.with_overrides(cfg.feature_gates, where)
        check_gates(gates, f"{where} (feature-gates)")
    return gates


def run(
    paths: list[str],
    cfg: LintConfig,
    output_format: LintFormat,
    output: str | None,
    *,
    node_file: str | None = None,
    feature_gates: str | None = None,
    kubernetes_version: str | None = None,
    upgrade_to: str | None = None,
    namespace: str | None = None,
    jobs: int | None = 1,
    limits: Limits = DEFAULT_LIMITS,
    tools: Tools | None = None,
    stdin_name: str = STDIN_NAME,
    quiet: bool = False,
) -> ExitCode:
    """One lint run; ``quiet``: the text format prints the finding lines alone."""
    from pod_resources_cli.cli import console
    from pod_resources_cli.render.lint_format import iter_lint

    gates = build_gates(cfg, feature_gates, kubernetes_version)
    node = _load_node(node_file, gates)
    upgrade = build_upgrade(cfg, feature_gates, upgrade_to, gates, node_file) if upgrade_to else None
    outcome = lint_paths(
        paths, cfg, gates, node=node, namespace=namespace, limits=limits, jobs=jobs, tools=tools, upgrade=upgrade,
        stdin_name=stdin_name, timed=output_format is LintFormat.JUNIT,  # JUnit reports each rule's time
    )  # fmt: skip
    try:
        result = outcome.result
        excerpts = outcome.excerpts(result.findings) if output_format is LintFormat.TEXT and not quiet else None
        chunks = iter_lint(result, output_format, excerpts=excerpts, base_dir=_run_directory(), quiet=quiet)
        if output:
            _write(output, chunks)
        else:
            for chunk in chunks:
                console.write(chunk)
        if output_format is LintFormat.GITLAB and not quiet:  # a bare list of issues: the summary has no place in it
            from pod_resources_cli.render.lint_text import summary_line

            console.error(summary_line(result.summary, len(result.findings)))
        return ExitCode.FINDINGS if result.failed else ExitCode.OK
    finally:
        outcome.close()


def _run_directory() -> str | None:
    """The directory report paths are relative to (the repository, in CI)."""
    try:
        return os.getcwd()
    except OSError:  # removed while we ran
        return None


def build_upgrade(cfg: LintConfig, feature_gates: str | None, version: str, gates: FeatureGates, node_file: str | None) -> Upgrade:
    """``--upgrade-to VERSION``: the run's gates and node against the same
    flags at VERSION, on the same node (the embedded one without --node),
    whose configuration that version's kubelet must accept too."""
    from pod_resources_cli.analysis.diff import Side, setting_changes
    from pod_resources_cli.cli.options import load_node_option
    from pod_resources_cli.lint.context import Upgrade

    target = build_gates(cfg, feature_gates, version)
    before = Side(gates, load_node_option(node_file, gates))
    after = Side(target, load_node_option(node_file, target))
    return Upgrade(before, after, node_file is not None, setting_changes(before, after))


def _load_node(node_file: str | None, gates: FeatureGates) -> NodeDescription | None:
    if not node_file:
        return None
    from pod_resources_cli.cli.options import load_node_option

    return load_node_option(node_file, gates)


def _write(path: str, chunks: Iterable[str]) -> None:
    from pod_resources_cli.errors import InputError

    try:
        with open(path, "w", encoding="utf-8", errors="replace") as fh:
            for chunk in chunks:
                fh.write(chunk)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the report: {exc.strerror or exc}") from None


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
) -> Outcome:
    """Lints files and directories (streamed) or ``-`` (standard input, named
    ``stdin_name`` in findings and matched by that name against per-path settings).

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
    from pod_resources_cli.lint.namespace import POLICY_MARKERS, mentions_policies
    from pod_resources_cli.source.discover import file_mentions, is_stream, load_path
    from pod_resources_cli.source.layout import NO_TOOLS, Rendered, plan_inputs
    from pod_resources_cli.source.render import execute, plan_pieces
    from pod_resources_cli.source.yamldoc import load_documents

    tools = tools or NO_TOOLS
    plan = execute(plan_inputs(paths, tools), tools, cfg.helm_values, cfg.helm_set)
    files = plan.files
    rendered = [e for e in plan.entries if isinstance(e, Rendered)]
    policy_docs = itertools.chain(
        (doc for path in files if file_mentions(path, POLICY_MARKERS) for doc in load_path(path, limits)),
        (doc for r in rendered if mentions_policies(r.output) for doc in load_documents(r.render.root, r.output, limits)),
    )
    streamed = any(is_stream(path) for path in files)
    count = len(files) + sum(len(r.render.covers) for r in rendered) + len(plan.skipped)
    outcome = _lint(
        plan_pieces(plan, limits, stdin_name=stdin_name), policy_docs, count, cfg, gates, node, namespace, limits,
        1 if streamed else jobs, streamed=streamed, upgrade=upgrade, timed=timed,
    )  # fmt: skip
    outcome.stdin_name = stdin_name
    summary = outcome.result.summary
    for _, reason in plan.skipped:
        summary.add_skipped(reason)
    summary.notes.extend(plan.notes)
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

    def pieces() -> Iterator[Piece]:
        for s in sources:
            if s.data is None:
                yield Piece(s.path, b"", 1, 0, f"cannot read file: {s.error}")
            else:
                yield from iter_pieces(s.path, (s.data,), limits)

    outcome = _lint(pieces(), policy_docs, len(sources), cfg, gates, node, namespace, limits, 1, upgrade=upgrade)
    outcome.lines.close()  # no excerpts asked for
    return outcome.result


def _lint(
    pieces: Iterator[Piece],
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
) -> Outcome:
    """Lints ``pieces`` with the policies of ``policy_docs`` known from the
    start. ``streamed``: part of the input is read once, so policies may
    still be met on the way (one process, see lint_paths)."""
    from pod_resources_cli.cli.lint_outcome import lines_of
    from pod_resources_cli.lint.engine import LintEngine
    from pod_resources_cli.lint.namespace import NamespacePolicies
    from pod_resources_cli.lint.result import Summary
    from pod_resources_cli.parallel import BATCH_BYTES, START_AFTER, batched, map_ordered
    from pod_resources_cli.pipeline import items_of_parsed
    from pod_resources_cli.source.render import load_plan_piece
    from pod_resources_cli.source.yamldoc import Document

    if node is not None:
        from pod_resources_cli.analysis.explain import effective_gates

        gates = effective_gates(gates, node)
    policies = NamespacePolicies()
    policies.add_documents(d for d in policy_docs if isinstance(d, Document))
    worker = LintEngine(
        cfg, gates, node=node, policies=policies, default_namespace=namespace, policies_may_follow=streamed, upgrade=upgrade,
        timed=timed,
    )  # fmt: skip
    collector = LintEngine(cfg, gates, node=node, policies=policies, default_namespace=namespace)

    def work(batch: list[Piece]) -> list[Partial]:
        out: list[Partial] = []
        for piece in batch:
            for doc in load_plan_piece(piece, limits):
                worker.feed_all(items_of_parsed(doc, namespace, cfg.workload_kinds))
            partial = worker.take()
            partial.lines = lines_of(piece, partial.findings)
            out.append(partial)
        return out

    outcome = Outcome(LintResult([], [], Summary(), None))
    try:
        batches = batched(pieces, _piece_size, BATCH_BYTES)
        for partials in map_ordered(work, batches, jobs, size=_batch_size, start_after=START_AFTER):
            for partial in partials:
                collector.absorb(partial)
                outcome.add_lines(partial.lines)
        collector.set_context.quotas = list(policies.quotas)  # with stdin, also those met on the way (one process)
        outcome.result = collector.finish()
    except BaseException:
        collector.close()  # the temporary files go now, not when the engine is collected
        outcome.close()
        raise
    outcome.result.summary.files = files
    return outcome


def _piece_size(piece: Piece) -> int:
    return len(piece.data) + 64


def _batch_size(batch: list[Piece]) -> int:
    return sum(len(piece.data) for piece in batch)
