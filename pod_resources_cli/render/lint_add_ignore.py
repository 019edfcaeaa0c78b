"""What ``lint --add-ignore`` did, as text: one line per annotation written
(``file:line:column``, which editors link), the findings left as they are
with the reason, and a last line that counts them."""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.add_ignore import IgnoreReport
from pod_resources_cli.render.lint_text import finding_line
from pod_resources_cli.render.safe_text import printable


def add_ignore_lines(report: IgnoreReport) -> Iterator[str]:
    for w in report.written:
        n = f"{w.findings} finding{'' if w.findings == 1 else 's'}"
        yield printable(f'{w.path}:{w.line}:1: {w.object}: pod-resources.io/ignore "{w.value}" ({n})')
    if report.left:
        yield ""
        yield "Left as they are:"
        for finding, why in report.left:
            yield f"{finding_line(finding)}: {printable(why)}"
    yield summary(report)


def summary(report: IgnoreReport) -> str:
    silenced = sum(w.findings for w in report.written)
    left = len(report.left)
    tail = f"; {left} finding{'' if left == 1 else 's'} left as {'it is' if left == 1 else 'they are'}" if left else ""
    if not report.written:
        return f"No ignore annotation added{tail}." if left else "No findings: no ignore annotation to add."
    notes = len(report.written)
    head = f"Added {notes} ignore annotation{'' if notes == 1 else 's'} in {report.files} file{'' if report.files == 1 else 's'} for {silenced} finding{'' if silenced == 1 else 's'}"
    return f"{head}{tail}. Replace each TODO with the reason the finding is accepted."
