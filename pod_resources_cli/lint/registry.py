"""The rule catalog, and how ``--select``/``--ignore`` name rules.

A selector is a code (``PR101``), a code prefix (``PR1``, ``PR10``), a rule
name (``request-exceeds-limit``) or ``ALL``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from pod_resources_cli.lint.rule import Rule


@cache
def all_rules() -> tuple[Rule, ...]:
    from pod_resources_cli.lint.rules import RULES

    return tuple(sorted(RULES, key=lambda r: r.code))


@cache
def _index() -> dict[str, Rule]:
    out: dict[str, Rule] = {}
    for rule in all_rules():
        out[rule.code] = rule
        out[rule.name] = rule
    return out


def get_rule(code_or_name: str) -> Rule | None:
    key = code_or_name.strip()
    return _index().get(key.upper() if key[:2].lower() == "pr" else key.lower())


class UnknownSelector(ValueError):
    """A selector that names no rule."""


def resolve(selector: str) -> frozenset[str]:
    """The codes a selector names; UnknownSelector when it names none."""
    text = selector.strip()
    if text.upper() == "ALL":
        return frozenset(r.code for r in all_rules())
    rule = get_rule(text) if text else None
    if rule is not None:
        return frozenset({rule.code})
    upper = text.upper()
    if upper.startswith("PR") and upper[2:].isdigit() and len(upper) < 5:
        matched = frozenset(r.code for r in all_rules() if r.code.startswith(upper))
        if matched:
            return matched
    raise UnknownSelector(f"unknown rule {selector!r} (see `pod-resources rules`)")


def resolve_all(selectors: Iterable[str]) -> frozenset[str]:
    out: set[str] = set()
    for s in selectors:
        out |= resolve(s)
    return frozenset(out)


def split_selectors(values: Sequence[str] | None) -> list[str]:
    """``--select PR1,PR2 --select PR3`` -> ["PR1", "PR2", "PR3"]."""
    out: list[str] = []
    for value in values or ():
        out.extend(part.strip() for part in value.replace(" ", ",").split(",") if part.strip())
    return out


def default_codes() -> frozenset[str]:
    return frozenset(r.code for r in all_rules() if r.enabled_by_default)
