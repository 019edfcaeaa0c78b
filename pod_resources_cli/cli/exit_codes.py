"""The exit codes of DESIGN.md."""

from __future__ import annotations

import enum


class ExitCode(enum.IntEnum):
    OK = 0
    FINDINGS = 1  # lint: findings at or above --fail-on
    ERROR = 2  # the command could not do its job
