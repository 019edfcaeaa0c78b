"""The rule catalog as text: `pod-resources rules`, one rule's page, and the
rule table of docs/lint.md (generated from the catalog, kept in agreement by a test)."""

from __future__ import annotations

from collections.abc import Sequence

from pod_resources_cli.lint.rule import Rule, area_of

TABLE_START = "<!-- rules:start -->"
TABLE_END = "<!-- rules:end -->"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def rules_table(rules: Sequence[Rule]) -> str:
    """The Markdown table between the rules markers of docs/lint.md."""
    lines = [
        "| Code | Name | Severity | Needs `--node` | What it flags |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in rules:
        severity = r.severity.label + ("" if r.enabled_by_default else " (opt-in)")
        node = "yes" if r.needs_node else ""
        lines.append(f"| {r.code} | `{r.name}` | {severity} | {node} | {_md_cell(r.summary)} |")
    intro = (
        "The rules `pod-resources lint` applies (`pod-resources rules CODE` prints one rule's documentation). "
        "Codes are grouped by area: 0xx input, 1xx requests and limits, 2xx QoS, 3xx memory and OOM, "
        "4xx CPU and the CPU manager, 5xx NUMA and topology, 6xx upgrades."
    )
    return intro + "\n\n" + "\n".join(lines)


def replace_rules_block(page: str, rules: Sequence[Rule]) -> str:
    """The page (docs/lint.md) with its rules block regenerated."""
    start = page.index(TABLE_START) + len(TABLE_START)
    end = page.index(TABLE_END)
    return page[:start] + "\n" + rules_table(rules) + "\n" + page[end:]


def render_catalog(rules: Sequence[Rule], active: frozenset[str] | None = None, width: int | None = None) -> str:
    """`pod-resources rules`: one line per rule; with ``width`` (a terminal's),
    a long summary continues under itself."""
    from pod_resources_cli.render.wrap import fit

    names = max((len(r.name) for r in rules), default=0)
    lines = []
    for r in rules:
        flags = []
        if not r.enabled_by_default:
            flags.append("opt-in")
        if r.needs_node:
            flags.append("--node")
        if r.needs_upgrade:
            flags.append("--upgrade-to")
        if active is not None and r.code not in active:
            flags.append("off")
        extra = f"  [{', '.join(flags)}]" if flags else ""
        lines.append(f"{r.code}  {r.name:<{names}}  {r.severity.label:<7}  {r.summary}{extra}")
    summary_column = len("PR000") + 2 + names + 2 + 7 + 2
    return "\n".join(fit(lines, width, hang=summary_column)) + "\n"


def render_rule(rule: Rule) -> str:
    """One rule's page, Markdown: heading, facts, then its module docstring."""
    head = f"# {rule.code} {rule.name}\n\n"
    facts = [
        f"- Severity: {rule.severity.label}" + ("" if rule.enabled_by_default else " (opt-in: select it to run it)"),
        f"- Area: {area_of(rule.code)}",
    ]
    if rule.needs_node:
        facts.append("- Runs with `--node` (a node description)")
    if rule.covers:
        facts.append(f"- Replaces {', '.join(rule.covers)} where it reports the same cause (one finding, not several)")
    if rule.needs_upgrade:
        facts.append("- Runs with `--upgrade-to VERSION` (or `upgrade-to:` in the configuration)")
    if rule.missing_resources:
        facts.append(
            "- Not run on a runtime or preset merged into other objects' pods (a KServe ServingRuntime, a Kubeflow TrainingRuntime, an "
            "LLMInferenceServiceConfig): their values win; not reported on a container whose operator sets what it "
            "reports missing (Flink's `flink-main-container`, see [workload kinds](../workload-kinds.md))"
        )
    if rule.claims_qos:
        facts.append(
            "- Not run on a pod that is only as written (a template found by its shape, or one its operator merges or completes, "
            "see [workload kinds](../workload-kinds.md)): its QoS class is not known from the manifest"
        )
    for o in rule.options:
        default = str(o.default).lower() if isinstance(o.default, bool) else str(o.default)
        facts.append(f"- Option `{o.name}` ({o.kind.value}, default {default}): {o.help}")
    body = rule.doc.strip()
    first, _, rest = body.partition("\n")
    return head + f"{first}\n\n" + "\n".join(facts) + "\n" + rest.rstrip() + "\n"
