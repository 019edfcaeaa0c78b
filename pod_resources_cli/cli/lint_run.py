"""`pod-resources lint` from its options to an exit code (no typer: pre-commit's
fast path calls it directly).

The options and the configuration file become a ``LintRequest``; the run
itself is run/lint.py's; its outcome is rendered in the chosen format and
mapped to an exit code.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.cli.lint_options import FailOn, PolicyScope
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.render.lint_format import LintFormat
from pod_resources_cli.source.discover import STDIN, STDIN_NAME
from pod_resources_cli.source.layout import Tools
from pod_resources_cli.source.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from pod_resources_cli.run.adopt import AdoptRequest


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
    policy_scope: PolicyScope | None = None,
    baseline: str | None = None,
    write_baseline: str | None = None,
    new_from_rev: str | None = None,
    add_ignore: bool = False,
    show_skipped: bool = False,
) -> ExitCode:
    """``lint`` with its options as keywords: config, options, run."""
    from pod_resources_cli.cli.lint_config import resolve_config
    from pod_resources_cli.cli.options import build_limits, build_tools, check_jobs, require_value, stdin_name, workload_kinds

    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    check_jobs(jobs)
    for option, value in (("--node", node), ("--output-file", output)):
        if value is not None:
            require_value(option, value)
    cfg = resolve_config(config, no_config).with_cli(
        select=_split(select), extend_select=_split(extend_select), ignore=_split(ignore),
        fail_on=fail_on.value if fail_on is not None else None,
        policy_scope=policy_scope.value if policy_scope is not None else None,
    )  # fmt: skip
    cfg = cfg.with_rendering(helm_values or (), helm_set or (), list(workload_kinds(workload_kind)))
    tools = build_tools(no_render)
    inputs = _default_paths(paths, stdin_filename)
    adopt = None
    if add_ignore or any(v is not None for v in (baseline, write_baseline, new_from_rev, cfg.baseline)):  # a plain run loads none of it
        from pod_resources_cli.cli.lint_adopt import adopt_request

        adopt = adopt_request(
            cfg, inputs, output_format, baseline=baseline, write_baseline=write_baseline, new_from_rev=new_from_rev, add_ignore=add_ignore,
        )  # fmt: skip
    return run(
        inputs, cfg, output_format, output,
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
        adopt=adopt,
        add_ignore=add_ignore,
        show_skipped=show_skipped,
    )  # fmt: skip




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
    adopt: AdoptRequest | None = None,
    add_ignore: bool = False,
    show_skipped: bool = False,
) -> ExitCode:
    """One lint run (run/lint.py), narrowed by the adoption options
    (run/adopt.py), rendered; ``quiet``: the text format prints the finding
    lines alone; ``add_ignore``: ignore annotations are written instead
    (run/add_ignore.py) and what was written is the report."""
    from pod_resources_cli.cli import console
    from pod_resources_cli.render.lint_format import iter_lint, needs_of
    from pod_resources_cli.run.lint import LintRequest, lint_run

    from pod_resources_cli.cli.options import warn_pre_release

    gates = build_gates(cfg, feature_gates, kubernetes_version)
    revision = None
    if adopt is not None and adopt.new_from_rev is not None:
        from pod_resources_cli.cli.lint_adopt import check_revision

        revision = check_revision(adopt.new_from_rev)  # before anything is linted
    target = build_gates(cfg, feature_gates, upgrade_to) if upgrade_to else None
    warn_pre_release(gates.version, *([target.version] if target is not None else []))
    request = LintRequest(
        paths, cfg, gates, node_file=node_file, upgrade_to=target,
        namespace=namespace, jobs=jobs, limits=limits, tools=tools, stdin_name=stdin_name,
        timed=output_format is LintFormat.JUNIT,  # JUnit reports each rule's time
        digests=revision is not None,  # --new-from-rev compares each object's values with REV's
        show_skipped=show_skipped,
        needs=needs_of(output_format, quiet=quiet),
    )  # fmt: skip
    outcome = lint_run(request)
    try:
        if adopt is not None and adopt.wanted:
            from pod_resources_cli.cli.lint_adopt import narrow

            outcome.result = narrow(outcome.result, adopt, request, revision)
        if add_ignore:  # the files are edited: the report says what was written, exit 0
            from pod_resources_cli.cli.lint_adopt import write_ignores

            _emit(write_ignores(outcome.result, request), output)
            return ExitCode.OK
        result = outcome.result
        excerpts = outcome.excerpts(result.findings) if output_format is LintFormat.TEXT and not quiet else None
        _emit(iter_lint(result, output_format, excerpts=excerpts, base_dir=_run_directory(), quiet=quiet), output)
        if output_format is LintFormat.GITLAB and not quiet:  # a bare list of issues: the summary has no place in it
            from pod_resources_cli.render.lint_text import summary_line
            from pod_resources_cli.render.summary_text import closing_lines

            for line in closing_lines(result.summary, summary_line(result.summary, len(result.findings))):
                console.error(line)
        return ExitCode.FINDINGS if result.failed else ExitCode.OK
    finally:
        outcome.close()


def _emit(chunks: Iterable[str], output: str | None) -> None:
    """To --output-file, else to standard output."""
    if output:
        _write(output, chunks)
        return
    from pod_resources_cli.cli import console

    for chunk in chunks:
        console.write(chunk)


def _run_directory() -> str | None:
    """The directory report paths are relative to (the repository, in CI)."""
    try:
        return os.getcwd()
    except OSError:  # removed while we ran
        return None


def _write(path: str, chunks: Iterable[str]) -> None:
    from pod_resources_cli.errors import InputError

    try:
        with open(path, "w", encoding="utf-8", errors="replace") as fh:
            for chunk in chunks:
                fh.write(chunk)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the report: {exc.strerror or exc}") from None


