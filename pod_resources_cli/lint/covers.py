"""Findings of one cause said once: a rule that ``covers`` others replaces
their findings on the same workload (on the same container, or on every
container when its finding names none), so a container without resources
is one finding, not four."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.rule import Rule


def drop_covered(
    found: Sequence[Finding], rules: Mapping[str, Rule], repeated: Sequence[tuple[str | None, tuple[str, ...]]] = ()
) -> tuple[list[Finding], frozenset[str]]:
    """The findings left once covered ones are dropped, and the codes dropped
    (an ignore annotation naming them is not "unused": the cause is reported).
    ``repeated``: (container, codes) of covering findings not kept because the
    same one was already said at the same place (another pod written there)."""
    covering = [*((f.container, rules[f.rule].covers) for f in found if f.rule in rules and rules[f.rule].covers), *repeated]
    if not covering:
        return list(found), frozenset()
    kept: list[Finding] = []
    dropped: set[str] = set()
    for f in found:
        if any(f.rule in codes and (container is None or container == f.container) for container, codes in covering):
            dropped.add(f.rule)
        else:
            kept.append(f)
    return kept, frozenset(dropped)
