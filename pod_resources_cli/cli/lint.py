"""`pod-resources lint`: findings for pre-commit and CI.

Wiring only: the config file, the options, two passes over the inputs (the
namespace policies first, from the files that mention them, then every
document in order), the chosen format, the exit code.
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Iterator, Sequence
from typing import Annotated, Optional

import typer

from pod_resources_cli.cli.exit_codes import ExitCode
from pod_resources_cli.features import FeatureGates
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.render.lint_format import LintFormat
from pod_resources_cli.source.discover import STDIN, SourceFile
from pod_resources_cli.source.yamldoc import DEFAULT_LIMITS, Limits


class FailOn(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    NONE = "none"


PathsArg = Annotated[
    Optional[list[str]],
    typer.Argument(help="Files, directories (searched for *.yaml, *.yml, *.json) or - for stdin.", show_default=False),
]
RulesOpt = Optional[list[str]]


def lint_command(
    paths: PathsArg = None,
    node: Annotated[Optional[str], typer.Option("--node", help="Node description: adds the kubelet's admission rules.")] = None,
    config: Annotated[Optional[str], typer.Option("--config", help="Lint configuration file (default: .pod-resources.yaml or [tool.pod-resources] in pyproject.toml, searched upwards).")] = None,
    no_config: Annotated[bool, typer.Option("--no-config", help="Ignore configuration files.")] = False,
    select: Annotated[RulesOpt, typer.Option("--select", help="Rules to run instead of the configured ones: codes, names or prefixes, comma-separated.")] = None,
    extend_select: Annotated[RulesOpt, typer.Option("--extend-select", help="Rules to run in addition (e.g. opt-in rules).")] = None,
    ignore: Annotated[RulesOpt, typer.Option("--ignore", help="Rules not to run.")] = None,
    fail_on: Annotated[Optional[FailOn], typer.Option("--fail-on", help="Exit 1 when a finding has this severity or worse (default: error).")] = None,
    output_format: Annotated[LintFormat, typer.Option("--format", help="Output format.")] = LintFormat.TEXT,
    output: Annotated[Optional[str], typer.Option("--output", help="Write the report to FILE instead of standard output.")] = None,
    feature_gates: Annotated[Optional[str], typer.Option("--feature-gates", help="Feature gates, kubelet syntax: A=true,B=false.")] = None,
    kubernetes_version: Annotated[Optional[str], typer.Option("--kubernetes-version", help="Kubernetes version whose defaults apply (default: 1.37).")] = None,
    namespace: Annotated[Optional[str], typer.Option("--namespace", "-n", help="Namespace of objects that state none.")] = None,
) -> None:
    """Lint resources: what the API server rejects or warns about, what the kubelet refuses, and hygiene."""
    from pod_resources_cli.cli.lint_config import resolve_config

    cfg = resolve_config(config, no_config).with_cli(
        select=_split(select), extend_select=_split(extend_select), ignore=_split(ignore),
        fail_on=fail_on.value if fail_on is not None else None,
    )  # fmt: skip
    code = run(
        _default_paths(paths), cfg, output_format, output,
        node_file=node or cfg.node,
        feature_gates=feature_gates,
        kubernetes_version=kubernetes_version or cfg.kubernetes_version,
        namespace=namespace or cfg.namespace,
    )  # fmt: skip
    raise typer.Exit(int(code))


def register(app: typer.Typer) -> None:
    app.command("lint")(lint_command)


def _split(values: Sequence[str] | None) -> list[str]:
    from pod_resources_cli.lint.registry import split_selectors

    return split_selectors(values)


def _default_paths(paths: list[str] | None) -> list[str]:
    if paths:
        return paths
    return [STDIN] if not sys.stdin.isatty() else ["."]


def build_gates(cfg: LintConfig, feature_gates: str | None, kubernetes_version: str | None) -> FeatureGates:
    from pod_resources_cli.cli.options import build_gates as from_options

    gates = from_options(feature_gates, kubernetes_version)
    if cfg.feature_gates:
        gates = gates.with_overrides(cfg.feature_gates, cfg.source or "the lint configuration")
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
    namespace: str | None = None,
) -> ExitCode:
    from pod_resources_cli.cli import console
    from pod_resources_cli.render.lint_format import render_lint

    node = _load_node(node_file)
    gates = build_gates(cfg, feature_gates, kubernetes_version)
    sources = Sources(paths)
    result = lint_sources(sources, cfg, gates, node=node, namespace=namespace)
    text = render_lint(result, output_format, source_line=sources.line if output_format is LintFormat.TEXT else None)
    if output:
        _write(output, text)
    else:
        console.write(text)
    return ExitCode.FINDINGS if result.failed else ExitCode.OK


def _load_node(node_file: str | None) -> NodeDescription | None:
    if not node_file:
        return None
    from pod_resources_cli.source.node_file import load_node

    return load_node(node_file)


def _write(path: str, text: str) -> None:
    from pod_resources_cli.errors import InputError

    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the report: {exc.strerror or exc}") from None


class Sources:
    """The input files, read on demand; standard input is read once and kept."""

    def __init__(self, paths: Sequence[str], limits: Limits = DEFAULT_LIMITS) -> None:
        from pod_resources_cli.source.discover import expand_paths

        self.files = expand_paths(paths)
        self.limits = limits
        self._stdin: SourceFile | None = None
        self._lines: dict[str, list[str]] = {}

    def __iter__(self) -> Iterator[SourceFile]:
        from pod_resources_cli.source.discover import read_source

        for path in self.files:
            if path == STDIN:
                if self._stdin is None:
                    self._stdin = read_source(STDIN, self.limits.max_document_bytes)
                yield self._stdin
            else:
                yield read_source(path, self.limits.max_document_bytes)

    def line(self, path: str, number: int) -> str | None:
        """One line of an input, for the text format's excerpts."""
        if path not in self._lines:
            data: bytes | None
            if path == "<stdin>":
                data = self._stdin.data if self._stdin is not None else None
            else:
                try:
                    with open(path, "rb") as fh:
                        data = fh.read(self.limits.max_document_bytes)
                except OSError:
                    data = None
            self._lines[path] = data.decode("utf-8", "replace").splitlines() if data else []
        lines = self._lines[path]
        return lines[number - 1] if 0 < number <= len(lines) else None


def lint_sources(
    sources: Sources | Sequence[SourceFile],
    cfg: LintConfig,
    gates: FeatureGates,
    *,
    node: NodeDescription | None = None,
    namespace: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> LintResult:
    """Both passes over the inputs: namespace policies first, then the findings."""
    from pod_resources_cli.analysis.explain import effective_gates
    from pod_resources_cli.lint.engine import LintEngine
    from pod_resources_cli.lint.namespace import NamespacePolicies, mentions_policies
    from pod_resources_cli.pipeline import items_of_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    if node is not None:
        gates = effective_gates(gates, node)
    policies = NamespacePolicies()
    for source in sources:
        if source.data is not None and mentions_policies(source.data):
            for doc in load_documents(source.path, source.data, limits):
                if isinstance(doc, Document):
                    policies.add_document(doc, namespace)
    engine = LintEngine(cfg, gates, node=node, policies=policies, default_namespace=namespace)
    files = 0
    for source in sources:
        files += 1
        engine.feed_all(items_of_source(source, limits=limits, default_namespace=namespace))
    result = engine.finish()
    result.summary.files = files
    return result
