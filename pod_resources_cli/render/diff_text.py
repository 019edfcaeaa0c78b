"""``diff`` for a person: the settings that differ, then every change grouped
by its reason ("feature gate MemoryQoS: false -> true: containers[*].cgroup.v2.memory.high
changed on 412 containers in 200 pods"), a few examples each; ``-o wide``
lists every change of every pod. Plain lines (nothing wider than the value
it shows); every text from the input passes ``printable``."""

from __future__ import annotations

from collections.abc import Sequence

from pod_resources_cli.analysis.diff import Change, DiffResult, Group, PodDiff, SettingChange, group_changes
from pod_resources_cli.analysis.outcome import Observed
from pod_resources_cli.features import KubernetesVersion
from pod_resources_cli.render.safe_text import printable
from pod_resources_cli.render.summary_text import closing_lines, scope_line
from pod_resources_cli.render.wrap import fit
from pod_resources_cli.why_words import maybe_words

EXAMPLES = 3  # pods shown under each group


def _value(o: Observed | None) -> str:
    return "(none)" if o is None else printable(o.value)


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _reasons(reasons: Sequence[SettingChange]) -> str:
    return "; ".join(printable(str(r)) for r in reasons) or "the evaluation itself"


def _where(d: PodDiff, c: Change) -> str:
    text = printable(d.workload.display)
    if c.field.startswith("containers["):
        text += ", container " + printable(c.field[len("containers[") : c.field.index("]")])
    return text


def _group_lines(group: Group) -> list[str]:
    pods = len({id(d) for d, _ in group.changes})
    scope = _plural(len(group.changes), "container") + f" in {_plural(pods, 'pod')}" if group.containers else _plural(pods, "pod")
    first = group.changes[0][1]
    verb = "set" if first.before is None else "removed" if first.after is None else "changed"
    if any((c.before is None, c.after is None) != (first.before is None, first.after is None) for _, c in group.changes):
        verb = "changed"
    lines = [f"  {printable(group.field)}: {verb} on {scope}"]
    for d, c in group.changes[:EXAMPLES]:
        lines.append(f"    {_where(d, c)}: {_value(c.before)} -> {_value(c.after)}")
    if len(group.changes) > EXAMPLES:
        lines.append(f"    ... and {len(group.changes) - EXAMPLES} more (-o wide lists them)")
    return lines


def header_lines(result: DiffResult) -> list[str]:
    b, a = result.before, result.after
    lines = [
        f"From: Kubernetes {_version(b.gates.version)}, node {printable(b.node.name)}",
        f"To:   Kubernetes {_version(a.gates.version)}, node {printable(a.node.name)}",
    ]
    if result.settings:
        lines.append("Settings that differ:")
        lines += [f"  {printable(str(s))}" for s in result.settings]
    else:
        lines.append("The two settings are the same.")
    return lines


def _version(version: KubernetesVersion) -> str:
    return f"{version} (pre-release)" if version.prerelease else str(version)


def footer_line(result: DiffResult) -> str:
    changed = len(result.pods)
    counts = f"{_plural(changed, 'pod')} changed, {result.unchanged} unchanged"
    return f"{counts}: {scope_line(result.summary, 'compared')}"


def render_diff_text(result: DiffResult, width: int | None = None) -> str:
    """Grouped by reason; with ``width`` (a terminal's), long lines continue indented."""
    lines = header_lines(result)
    current: tuple[SettingChange, ...] | None = None
    for group in group_changes(result.pods):
        if group.reasons != current:
            current = group.reasons
            lines += ["", f"Because of {_reasons(group.reasons)}:"]
        lines += _group_lines(group)
    lines += ["", *closing_lines(result.summary, footer_line(result))]
    return "\n".join(fit(lines, width)) + "\n"


def render_diff_wide(result: DiffResult, width: int | None = None) -> str:
    lines = header_lines(result)
    for d in result.pods:
        lines += ["", f"{printable(d.workload.display)} ({printable(str(d.source))})"]
        for c in d.changes:
            lines.append(f"  {printable(c.field)}: {_value(c.before)} -> {_value(c.after)}")
            why = maybe_words(c.after.why if c.after and c.after.why else (c.before.why if c.before else None))
            if why:
                lines.append(f"    why: {printable(why)}")
            lines.append(f"    because of {_reasons(c.reasons)}")
    lines += ["", *closing_lines(result.summary, footer_line(result))]
    return "\n".join(fit(lines, width)) + "\n"
