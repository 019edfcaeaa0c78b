"""``lint``'s options, defined once: the typer command (cli/lint.py) builds its
parameters and help from this table, and the start-up fast path (cli/fast.py)
reads the command line with it, so the two cannot drift apart.

No typer here: pre-commit runs ``lint`` on every commit and the fast path
must not pay for importing the application.
"""

from __future__ import annotations

import enum
from typing import Final

from pod_resources_cli.cli.option_table import (  # the help texts explain, admit and diff share too
    GATES_HELP as GATES_HELP, JOBS_HELP as JOBS_HELP, MAX_ALIASES_HELP as MAX_ALIASES_HELP, MAX_BYTES_HELP as MAX_BYTES_HELP,
    MAX_DEPTH_HELP as MAX_DEPTH_HELP, STDIN_FILENAME_HELP as STDIN_FILENAME_HELP, VERSION_HELP as VERSION_HELP,
    Kind as Kind, Option as Option,
)  # fmt: skip
from pod_resources_cli.render.lint_format import LintFormat


class FailOn(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    NONE = "none"


LINT_OPTIONS: Final[tuple[Option, ...]] = (
    Option("node", ("--node",), "Node description: adds the kubelet's admission rules."),
    Option("config", ("--config",), "Lint configuration file (default: .pod-resources.yaml or [tool.pod-resources] in pyproject.toml, searched upwards)."),
    Option("no_config", ("--no-config",), "Ignore configuration files.", Kind.FLAG, default=False),
    Option("select", ("--select",), "Rules to run instead of the configured ones: codes, names or prefixes, comma-separated.", Kind.MANY),
    Option("extend_select", ("--extend-select",), "Rules to run in addition (e.g. opt-in rules).", Kind.MANY),
    Option("ignore", ("--ignore",), "Rules not to run.", Kind.MANY),
    Option("fail_on", ("--fail-on",), "Exit 1 when a finding has this severity or worse (default: error).", Kind.CHOICE, FailOn),
    Option("output_format", ("--output", "-o", "--format"), "Output format (gitlab: a GitLab Code Quality report).", Kind.CHOICE, LintFormat, LintFormat.TEXT),
    Option("output", ("--output-file",), "Write the report to FILE instead of standard output.", metavar="FILE"),
    Option("feature_gates", ("--feature-gates",), GATES_HELP),
    Option("kubernetes_version", ("--kubernetes-version",), VERSION_HELP),
    Option("upgrade_to", ("--upgrade-to",), "Also report what changes for each pod in this Kubernetes version (rule PR601), as `diff --to-version` would."),
    Option("namespace", ("--namespace", "-n"), "Namespace of objects that state none."),
    Option("jobs", ("--jobs", "-j"), JOBS_HELP, Kind.NUMBER, default=0, minimum=0),
    Option("max_document_bytes", ("--max-document-bytes",), MAX_BYTES_HELP, metavar="SIZE"),
    Option("max_depth", ("--max-depth",), MAX_DEPTH_HELP, Kind.NUMBER),
    Option("max_aliases", ("--max-aliases",), MAX_ALIASES_HELP, Kind.NUMBER),
    Option("no_render", ("--no-render",), "Do not run helm or kustomize: read charts' and kustomizations' files as they are (templates and patches skipped).", Kind.FLAG, default=False),
    Option("helm_values", ("--helm-values",), "A values file for `helm template` (repeatable).", Kind.MANY),
    Option("helm_set", ("--helm-set",), "A --set for `helm template`, KEY=VALUE (repeatable).", Kind.MANY),
    Option("workload_kind", ("--workload-kind",), "A custom kind that carries pods: Kind.group=PATH[,PATH] (e.g. Trainer.example.com=spec.template,spec.workers[*].template; repeatable).", Kind.MANY),
    Option("stdin_filename", ("--stdin-filename",), STDIN_FILENAME_HELP, metavar="PATH"),
    Option("quiet", ("--quiet", "-q"), "Text format: the finding lines alone (no headings, quoted lines or summary).", Kind.FLAG, default=False),
)  # fmt: skip


BY_NAME: Final[dict[str, Option]] = {name: option for option in LINT_OPTIONS for name in option.names}
