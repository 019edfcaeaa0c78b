"""`pod-resources explain`: one report per pod or pod template.

The command's parameters are built from cli/explain_options.py, the table the
start-up fast path reads too; the work is run_command's (cli/explain_run.py)."""

from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from pod_resources_cli.cli.explain_options import (
    EXPLAIN_OPTIONS, FILENAME_HELP, NAMESPACE_HELP, NODE_HELP, PATHS_HELP,
)  # fmt: skip
from pod_resources_cli.cli.explain_run import run_command, run_explain  # noqa: F401  # run_explain: the tests' entry
from pod_resources_cli.cli.option_table import (
    GATES_HELP, HELM_SET_HELP, HELM_VALUES_HELP, JOBS_HELP, MAX_ALIASES_HELP, NO_RENDER_HELP, MAX_BYTES_HELP, MAX_DEPTH_HELP, POLICY_SCOPE_HELP, STDIN_FILENAME_HELP, VERSION_HELP,
    WORKLOAD_KIND_HELP, PolicyScope,
)  # fmt: skip
from pod_resources_cli.cli.table_command import signature

# The options admit and diff share with explain, as typer parameters.
PathsArg = Annotated[Optional[list[str]], typer.Argument(help=PATHS_HELP, show_default=False)]
FilenameOpt = Annotated[Optional[list[str]], typer.Option("--filename", "-f", help=FILENAME_HELP, show_default=False)]
NodeOpt = Annotated[Optional[str], typer.Option("--node", help=NODE_HELP)]
GatesOpt = Annotated[Optional[str], typer.Option("--feature-gates", help=GATES_HELP)]
VersionOpt = Annotated[Optional[str], typer.Option("--kubernetes-version", help=VERSION_HELP)]
MaxBytesOpt = Annotated[Optional[str], typer.Option("--max-document-bytes", help=MAX_BYTES_HELP, metavar="SIZE")]
MaxDepthOpt = Annotated[Optional[int], typer.Option("--max-depth", help=MAX_DEPTH_HELP)]
MaxAliasesOpt = Annotated[Optional[int], typer.Option("--max-aliases", help=MAX_ALIASES_HELP)]
StdinFilenameOpt = Annotated[Optional[str], typer.Option("--stdin-filename", metavar="PATH", help=STDIN_FILENAME_HELP)]
NamespaceOpt = Annotated[Optional[str], typer.Option("--namespace", "-n", help=NAMESPACE_HELP)]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", help=JOBS_HELP, min=0)]
PolicyScopeOpt = Annotated[PolicyScope, typer.Option("--policy-scope", help=POLICY_SCOPE_HELP)]
NoRenderOpt = Annotated[bool, typer.Option("--no-render", help=NO_RENDER_HELP)]
HelmValuesOpt = Annotated[Optional[list[str]], typer.Option("--helm-values", help=HELM_VALUES_HELP, show_default=False)]
HelmSetOpt = Annotated[Optional[list[str]], typer.Option("--helm-set", help=HELM_SET_HELP, show_default=False)]
WorkloadKindOpt = Annotated[Optional[list[str]], typer.Option("--workload-kind", help=WORKLOAD_KIND_HELP, show_default=False)]


def explain_command(**kwargs: Any) -> None:
    """Explain effective requests and limits, QoS, cgroups and OOM scores of every pod."""
    raise typer.Exit(int(run_command(**kwargs)))


explain_command.__signature__ = signature(PATHS_HELP, EXPLAIN_OPTIONS)  # type: ignore[attr-defined]
