"""How a run tells its caller what it meets on the way, without printing:
a warning line (a policy the API server rejects) and a problem at a
location (an input that cannot be explained). The CLI passes functions that
write to stderr; a test or a library caller may collect them."""

from __future__ import annotations

from collections.abc import Callable

from pod_resources_cli.location import Location

Warn = Callable[[str], None]
OnProblem = Callable[[Location, str], None]


def ignore_warning(_: str) -> None:
    return None


def ignore_problem(_: Location, __: str) -> None:
    return None
