"""``lint``'s adoption options (--baseline, --write-baseline, --new-from-rev,
--add-ignore): checked together, turned into the run's requests, and applied
to the run's result (run/adopt.py, run/new_from_rev.py, run/add_ignore.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.errors import InputError, UsageError
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.render.lint_format import LintFormat
from pod_resources_cli.run.adopt import AdoptRequest
from pod_resources_cli.source.discover import STDIN

if TYPE_CHECKING:
    from pod_resources_cli.run.lint import LintRequest
    from pod_resources_cli.run.new_from_rev import Revision


def adopt_request(
    cfg: LintConfig, paths: Sequence[str], output_format: LintFormat, *, baseline: str | None, write_baseline: str | None,
    new_from_rev: str | None, add_ignore: bool,
) -> AdoptRequest:  # fmt: skip
    """The adoption request; UsageError (exit 2) for options that cannot go together.
    ``--baseline`` on the command line is the user's path; the configuration's
    must stay inside the configuration's directory."""
    from pod_resources_cli.cli.options import require_value

    for option, value in (("--baseline", baseline), ("--write-baseline", write_baseline), ("--new-from-rev", new_from_rev)):
        if value is not None:
            require_value(option, value)
            if value == STDIN and option != "--new-from-rev":
                raise UsageError(f"{option} names a file; standard input (-) cannot be a baseline")
    if write_baseline is not None and (new_from_rev is not None or add_ignore):
        other = "--new-from-rev" if new_from_rev is not None else "--add-ignore"
        raise UsageError(f"--write-baseline records every current finding: it does not go with {other}")
    if new_from_rev is not None and STDIN in paths:
        raise UsageError("--new-from-rev compares files with their text at a git revision: standard input (-) has none")
    if add_ignore and output_format is not LintFormat.TEXT:
        raise UsageError(f"--add-ignore edits the files and reports what it wrote as text, not {output_format.value}")
    if add_ignore and STDIN in paths:
        raise UsageError("--add-ignore edits the files it reads: standard input (-) is no file")
    if baseline is not None:
        return AdoptRequest(baseline, None, write_baseline, new_from_rev)
    return AdoptRequest(cfg.baseline, cfg.base_dir if cfg.baseline else None, write_baseline, new_from_rev)


def check_revision(rev: str) -> Revision:
    """--new-from-rev's commit, checked before anything is linted."""
    from pod_resources_cli.run.new_from_rev import check_revision as check

    return check(rev, _cwd())


def _cwd() -> str:
    """The run's directory: the baseline's and the revision's paths are relative to it."""
    import os

    try:
        return os.getcwd()
    except OSError:
        raise InputError("the working directory is gone: the baseline's and the revision's paths are relative to it") from None


def narrow(result: LintResult, adopt: AdoptRequest, request: LintRequest, revision: Revision | None) -> LintResult:
    """The result narrowed by the baseline and --new-from-rev (run/adopt.py)."""
    from pod_resources_cli.run.adopt import adopt as adopted

    cwd = _cwd()
    new_flags = None
    if revision is not None:
        from pod_resources_cli.run.new_from_rev import new_since

        new_flags = new_since(revision, request, cwd)
    return adopted(result, adopt, cwd, new_flags)


def write_ignores(result: LintResult, request: LintRequest) -> Iterator[str]:
    """Writes the ignore annotations (run/add_ignore.py); the report of what was written, in chunks."""
    from pod_resources_cli.render.chunks import lines
    from pod_resources_cli.render.lint_add_ignore import add_ignore_lines
    from pod_resources_cli.run.add_ignore import add_ignores
    from pod_resources_cli.source.discover import STDIN_NAME

    report = add_ignores(
        result, namespace=request.namespace, kinds=request.config.workload_kinds, limits=request.limits,
        unwritable=(STDIN_NAME, request.stdin_name),
    )  # fmt: skip
    return lines(add_ignore_lines(report))
