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
    MAX_DEPTH_HELP as MAX_DEPTH_HELP, POLICY_SCOPE_HELP as POLICY_SCOPE_HELP, STDIN_FILENAME_HELP as STDIN_FILENAME_HELP,
    VERSION_HELP as VERSION_HELP, WORKLOAD_KIND_HELP as WORKLOAD_KIND_HELP, Kind as Kind, Option as Option,
    NO_RENDER_HELP as NO_RENDER_HELP, HELM_VALUES_HELP as HELM_VALUES_HELP, HELM_SET_HELP as HELM_SET_HELP,
    PolicyScope as PolicyScope,
)  # fmt: skip
from pod_resources_cli.render.lint_format import LintFormat


class FailOn(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    NONE = "none"


BASELINE_HELP: Final = (
    "Report only findings this baseline file does not record (also `baseline:` in the configuration); "
    "its entries that no longer match are listed."
)
WRITE_BASELINE_HELP: Final = (
    "Record the current findings in FILE (sorted JSON, schemas/baseline.schema.json). With a baseline read, "
    "keep only its entries that still match (prune)."
)
NEW_FROM_REV_HELP: Final = (
    "Report only findings on lines changed since the git revision REV, or on objects whose computed values "
    "changed (a base, a LimitRange, the node file): the files at REV are linted too."
)
ADD_IGNORE_HELP: Final = (
    "Write a pod-resources.io/ignore annotation (rule codes and a reason to fill in) on each object with "
    "findings, changing nothing else in the files."
)

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
    Option("policy_scope", ("--policy-scope",), POLICY_SCOPE_HELP + " Overrides the configuration's policy-scope.", Kind.CHOICE, PolicyScope),
    Option("jobs", ("--jobs", "-j"), JOBS_HELP, Kind.NUMBER, default=0, minimum=0),
    Option("max_document_bytes", ("--max-document-bytes",), MAX_BYTES_HELP, metavar="SIZE"),
    Option("max_depth", ("--max-depth",), MAX_DEPTH_HELP, Kind.NUMBER),
    Option("max_aliases", ("--max-aliases",), MAX_ALIASES_HELP, Kind.NUMBER),
    Option("no_render", ("--no-render",), NO_RENDER_HELP, Kind.FLAG, default=False),
    Option("helm_values", ("--helm-values",), HELM_VALUES_HELP, Kind.MANY),
    Option("helm_set", ("--helm-set",), HELM_SET_HELP, Kind.MANY),
    Option("workload_kind", ("--workload-kind",), WORKLOAD_KIND_HELP, Kind.MANY),
    Option("show_skipped", ("--show-skipped",), "List every document, object and file skipped, with its path, line and reason (text, JSON and SARIF).", Kind.FLAG, default=False),
    Option("stdin_filename", ("--stdin-filename",), STDIN_FILENAME_HELP, metavar="PATH"),
    Option("quiet", ("--quiet", "-q"), "Text format: the finding lines alone (no headings, quoted lines or summary).", Kind.FLAG, default=False),
    # Adoption on a repository that already has findings (run/adopt.py, docs/ci.md).
    Option("baseline", ("--baseline",), BASELINE_HELP, metavar="FILE"),
    Option("write_baseline", ("--write-baseline",), WRITE_BASELINE_HELP, metavar="FILE"),
    Option("new_from_rev", ("--new-from-rev",), NEW_FROM_REV_HELP, metavar="REV"),
    Option("add_ignore", ("--add-ignore",), ADD_IGNORE_HELP, Kind.FLAG, default=False),
)  # fmt: skip


BY_NAME: Final[dict[str, Option]] = {name: option for option in LINT_OPTIONS for name in option.names}
