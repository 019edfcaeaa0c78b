"""pod-resources: what Kubernetes will do with a pod's resources, without a cluster."""

import sys as _sys

__version__ = "0.1.0"

# Where the project lives; SARIF and the GitLab report link each rule to its page there.
HOMEPAGE = "https://github.com/pod-resources/pod-resources"


def rule_doc_url(code: str) -> str:
    """The rule's page (docs/rules/CODE.md) at this release's tag."""
    return f"{HOMEPAGE}/blob/v{__version__}/docs/rules/{code}.md"


def manual_url(page: str) -> str:
    """A page of the manual (docs/PAGE) at this release's tag."""
    return f"{HOMEPAGE}/blob/v{__version__}/docs/{page}"


def manual_epilog(page: str, *more: str) -> str:
    """The last lines of a command's --help: its page of the manual, and others.
    The \\b line keeps click from rewrapping them (it would break a URL at a hyphen)."""
    return "\n".join(["\b", f"Manual: {manual_url(page)}", *(f"See also: {manual_url(p)}" for p in more)])


def quiet_interrupt() -> None:
    """Ctrl-C ends the process at once with 130, as shells report SIGINT,
    without a traceback; forked workers inherit the handler and end alike.
    _signal, not signal: a built-in module, nothing to load."""
    import _signal  # type: ignore[import-not-found]  # built in, no stubs

    _signal.signal(_signal.SIGINT, _interrupted)


def _interrupted(signum: int, frame: object) -> None:
    import os

    os._exit(128 + signum)


def _run_as_program() -> bool:
    """The console scripts (pod-resources, kubectl-pod_resources; their
    wrapper imports this package before it calls main) or ``python -m
    pod_resources_cli`` (runpy imports it with argv[0] set to "-m")."""
    argv0 = _sys.argv[0] if _sys.argv else ""
    name = argv0.replace("\\", "/").rsplit("/", 1)[-1]
    if name.startswith(("pod-resources", "kubectl-pod_resources")):
        return True
    orig = getattr(_sys, "orig_argv", [])
    return argv0 == "-m" and any(a == "-m" and b == __name__ for a, b in zip(orig, orig[1:]))


# Ctrl-C while the program starts (its modules load for tens of milliseconds
# before main runs) would print a traceback: the handler goes in first.
if _run_as_program():
    quiet_interrupt()

# After the handler (loading it can be interrupted too), before any class of
# the package is defined: the records' methods come from the start-up cache.
from pod_resources_cli import _codecache  # noqa: E402

_codecache.install()
