"""``lint --add-ignore``: which findings an ignore annotation can silence, and
the annotation's value that silences them.

The ignore lint reads (lint/suppress.py) is the ``pod-resources.io/ignore``
annotation of an object or of its pod template, applied to the findings of
the workload rules. The one written goes on the object's own metadata (a
Deployment's, not its pod template's: changing a template's annotations
rolls the pods out; the object's does not) with the rule codes and a reason
to fill in. An annotation already there keeps its rules and its reason; the
new codes are added, with the placeholder as theirs.

Findings about a document (PR001, PR002, PR004, PR006), a policy (PR164 to PR166),
a namespace's quota (PR162) and unused ignores (PR003: remove the ignore
instead) have no inline ignore: a baseline records those.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from pod_resources_cli.lint.finding import Finding, ObjectRef
from pod_resources_cli.lint.registry import get_rule
from pod_resources_cli.lint.suppress import parse_ignore
from pod_resources_cli.records import dataclass, field

PLACEHOLDER: Final = "TODO say why this is accepted"
UNUSED_IGNORE: Final = "PR003"


@dataclass(frozen=True, slots=True)
class Written:
    path: str
    line: int
    object: ObjectRef
    value: str
    findings: int


@dataclass(slots=True)
class IgnoreReport:
    written: list[Written] = field(default_factory=list)
    left: list[tuple[Finding, str]] = field(default_factory=list)  # a finding not silenced, and why

    @property
    def files(self) -> int:
        return len({w.path for w in self.written})


def why_not_inline(rule_code: str, has_object: bool) -> str | None:
    """None when an ignore annotation can silence this finding; else why not."""
    rule = get_rule(rule_code)
    if rule_code == UNUSED_IGNORE:
        return "an unused ignore: remove it rather than ignore it"
    if rule is None or rule.check is None or not has_object:
        return "no inline ignore for this rule (it is not about one workload): a baseline records it"
    return None


def ignore_value(existing: object, codes: Iterable[str]) -> str:
    """The annotation's value once ``codes`` are added to ``existing`` (its value now, if any)."""
    wanted = sorted(set(codes))
    if not isinstance(existing, str) or not existing.strip():
        return f"{','.join(wanted)}: {PLACEHOLDER}"
    ignore = parse_ignore(existing)
    added = [c for c in wanted if c not in ignore.codes]
    if not added:
        return existing
    rules = ",".join([*(e.selector for e in ignore.entries), *added])
    reason = f"{ignore.reason}; {','.join(added)}: {PLACEHOLDER}" if ignore.reason else PLACEHOLDER
    return f"{rules}: {reason}"
