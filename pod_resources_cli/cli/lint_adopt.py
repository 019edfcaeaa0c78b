"""``lint``'s adoption options (--baseline, --write-baseline): checked
together, turned into the run's request, and applied to the run's result
(run/adopt.py)."""

from __future__ import annotations

from collections.abc import Sequence

from pod_resources_cli.errors import InputError, UsageError
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.run.adopt import AdoptRequest
from pod_resources_cli.source.discover import STDIN


def adopt_request(cfg: LintConfig, paths: Sequence[str], *, baseline: str | None, write_baseline: str | None) -> AdoptRequest:
    """The adoption request; UsageError (exit 2) for options that cannot be.
    ``--baseline`` on the command line is the user's path; the configuration's
    must stay inside the configuration's directory."""
    from pod_resources_cli.cli.options import require_value

    for option, value in (("--baseline", baseline), ("--write-baseline", write_baseline)):
        if value is not None:
            require_value(option, value)
            if value == STDIN:
                raise UsageError(f"{option} names a file; standard input (-) cannot be a baseline")
    if baseline is not None:
        return AdoptRequest(baseline, None, write_baseline)
    return AdoptRequest(cfg.baseline, cfg.base_dir if cfg.baseline else None, write_baseline)


def _cwd() -> str:
    """The run's directory: the baseline's paths are relative to it."""
    import os

    try:
        return os.getcwd()
    except OSError:
        raise InputError("the working directory is gone: the baseline's paths are relative to it") from None


def narrow(result: LintResult, adopt: AdoptRequest) -> LintResult:
    """The result narrowed by the baseline (run/adopt.py)."""
    from pod_resources_cli.run.adopt import adopt as adopted

    return adopted(result, adopt, _cwd())
