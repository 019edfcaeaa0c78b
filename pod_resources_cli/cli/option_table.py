"""A command's options as a table, with no typer: the typer command is built
from it (cli/table_command.py) and the start-up fast path reads the command
line with it (cli/fast.py), so the two cannot drift apart. Also the help
texts several commands share."""

from __future__ import annotations

import enum
from typing import Final, NamedTuple


class Kind(enum.Enum):
    TEXT = "text"  # one string
    MANY = "many"  # repeatable: a list of strings
    FLAG = "flag"  # present or not
    NUMBER = "number"  # an integer, at least ``minimum``
    CHOICE = "choice"  # one value of ``choices``


class Option(NamedTuple):  # a NamedTuple: cheaper to define than a dataclass on every pre-commit run
    keyword: str  # the keyword of the command's run_command (cli/lint_run.py, cli/explain_run.py)
    names: tuple[str, ...]  # the first is the long name
    help: str
    kind: Kind = Kind.TEXT
    choices: type[enum.Enum] | None = None
    default: object = None
    metavar: str | None = None
    minimum: int | None = None


class PolicyScope(str, enum.Enum):
    """Which objects the input's LimitRanges, ResourceQuotas and PriorityClasses meet (lint/scope.py)."""

    UNIT = "unit"
    NAMESPACE = "namespace"


POLICY_SCOPE_HELP: Final = (
    "Which objects the input's LimitRanges, ResourceQuotas and PriorityClasses meet: unit (default: those of their "
    "deployment unit; from plain files, of the namespace they state, or of their directory and below) or namespace "
    "(every object of their namespace). See docs/policies.md."
)
WORKLOAD_KIND_HELP: Final = (
    "A custom kind that carries pods: Kind.group=PATH[,PATH], each PATH a pod template, or HOLDS:PATH for another holder "
    "(pod, podspec, containers; e.g. Trainer.example.com=spec.template,spec.workers[*].template; repeatable)."
)
NO_RENDER_HELP: Final = "Do not run helm or kustomize: read charts' and kustomizations' files as they are (templates and patches skipped)."
HELM_VALUES_HELP: Final = "A values file for `helm template` (repeatable)."
HELM_SET_HELP: Final = "A --set for `helm template`, KEY=VALUE (repeatable)."
MAX_BYTES_HELP: Final = "Largest YAML document read (default 16Mi)."
MAX_DEPTH_HELP: Final = "Deepest nesting read (default 500)."
MAX_ALIASES_HELP: Final = "Values aliases may repeat per document (default 100000)."
JOBS_HELP: Final = "Processes for large inputs (0: one per CPU; never more than the CPUs; output is the same)."
GATES_HELP: Final = "Feature gates, kubelet syntax: A=true,B=false."
VERSION_HELP: Final = "Kubernetes version whose defaults apply (default: 1.37)."
STDIN_FILENAME_HELP: Final = (
    "Report standard input (-) as the file PATH (an editor's buffer): in every location and format, as that file "
    "would be. It need not exist and is never read. Unused when - is not read."
)
