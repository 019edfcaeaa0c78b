"""``explain``'s options, defined once: the typer command (cli/explain.py) is
built from this table and the start-up fast path (cli/fast.py) reads the
command line with it. No typer here: explaining one pod must not pay for
importing the application."""

from __future__ import annotations

from typing import Final

from pod_resources_cli.cli.option_table import (
    GATES_HELP, HELM_SET_HELP, HELM_VALUES_HELP, JOBS_HELP, MAX_ALIASES_HELP, NO_RENDER_HELP, MAX_BYTES_HELP, MAX_DEPTH_HELP, POLICY_SCOPE_HELP, STDIN_FILENAME_HELP, VERSION_HELP,
    WORKLOAD_KIND_HELP, Kind, Option, PolicyScope,
)  # fmt: skip
from pod_resources_cli.render import ExplainFormat

PATHS_HELP: Final = (
    "Files, directories (searched for *.yaml, *.yml, *.json), - for stdin, or pod/NAME: a pod read with kubectl get "
    "(-n for its namespace)."
)
FILENAME_HELP: Final = "A file, directory or - to read, as kubectl's -f (repeatable; read after the PATHs)."
NODE_HELP: Final = "Node description file (KubeletConfiguration, MachineInfo, Node, NodeProfile)."
NAMESPACE_HELP: Final = "Namespace for objects that have none, and of pod/NAME."

EXPLAIN_OPTIONS: Final[tuple[Option, ...]] = (
    Option("filename", ("--filename", "-f"), FILENAME_HELP, Kind.MANY),
    Option("node", ("--node",), NODE_HELP),
    Option("output", ("--output", "-o"), "Output format.", Kind.CHOICE, ExplainFormat, ExplainFormat.TABLE),
    Option("feature_gates", ("--feature-gates",), GATES_HELP),
    Option("kubernetes_version", ("--kubernetes-version",), VERSION_HELP),
    Option("namespace", ("--namespace", "-n"), NAMESPACE_HELP),
    Option("policy_scope", ("--policy-scope",), POLICY_SCOPE_HELP, Kind.CHOICE, PolicyScope, PolicyScope.UNIT),
    Option("max_document_bytes", ("--max-document-bytes",), MAX_BYTES_HELP, metavar="SIZE"),
    Option("max_depth", ("--max-depth",), MAX_DEPTH_HELP, Kind.NUMBER),
    Option("max_aliases", ("--max-aliases",), MAX_ALIASES_HELP, Kind.NUMBER),
    Option("stdin_filename", ("--stdin-filename",), STDIN_FILENAME_HELP, metavar="PATH"),
    Option("workload_kind", ("--workload-kind",), WORKLOAD_KIND_HELP, Kind.MANY),
    Option("no_render", ("--no-render",), NO_RENDER_HELP, Kind.FLAG, default=False),
    Option("helm_values", ("--helm-values",), HELM_VALUES_HELP, Kind.MANY),
    Option("helm_set", ("--helm-set",), HELM_SET_HELP, Kind.MANY),
    Option("verbose", ("--verbose", "-v"), "Table: every cgroup file (also those nothing set) and every formula in full.", Kind.FLAG, default=False),
    Option("jobs", ("--jobs", "-j"), JOBS_HELP, Kind.NUMBER, default=0, minimum=0),
)  # fmt: skip

BY_NAME: Final[dict[str, Option]] = {name: option for option in EXPLAIN_OPTIONS for name in option.names}
