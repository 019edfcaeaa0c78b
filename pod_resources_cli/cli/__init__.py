"""The command line: the single place that prints and maps errors to exit codes."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from pod_resources_cli.cli.exit_codes import ExitCode


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code. Never lets a traceback out."""
    from pod_resources_cli.cli.console import ReaderGone
    from pod_resources_cli.errors import PodResourcesError

    if argv is None:
        _quiet_interrupt()
        _fewer_collections()
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    if debug:
        args.remove("--debug")
    _tolerate_unencodable_output()
    try:
        from pod_resources_cli.cli import fast

        code = fast.run(args)  # `lint` without typer: see fast.py
        code = code if code is not None else _run_app(args)
        if argv is None:
            # A one-shot process (the console script): what it allocated dies
            # with it, so spare the collector its passes over it at shutdown.
            import gc

            gc.freeze()
        return code
    except PodResourcesError as exc:
        for line in exc.lines():  # a configuration says all its problems at once
            _error(f"pod-resources: error: {line}")
        return int(ExitCode.ERROR)
    except KeyboardInterrupt:
        return 130
    except (BrokenPipeError, ReaderGone):  # `... | head`: the reader has all it wants
        _discard_stdout()
        return int(ExitCode.OK)
    except OSError as exc:
        # Inputs report their own errors, located; what gets here is the output
        # (a full disk, a closed descriptor) or a file named in the message.
        where = exc.filename if exc.filename is not None else "standard output"
        _discard_stdout()
        _error(f"pod-resources: error: cannot write {where}: {exc.strerror or exc}")
        return int(ExitCode.ERROR)
    except Exception as exc:  # the boundary: a bug must still not print a traceback
        if debug:
            raise
        _error(f"pod-resources: internal error: {type(exc).__name__}: {exc} (rerun with --debug for details)")
        return int(ExitCode.ERROR)


def _error(text: str) -> None:
    from pod_resources_cli.cli.console import error

    error(text)


def _fewer_collections() -> None:
    """A one-shot process (the console script) builds tens of thousands of
    objects while it imports (classes, dataclass methods, tables) and makes
    little cyclic garbage after: the collector's youngest generation runs
    every 700 allocations by default, which costs a pre-commit run a few
    milliseconds for nothing. Every 50,000 keeps what a cycle can hold back
    small while the collector still runs."""
    import gc

    gc.set_threshold(50_000, *gc.get_threshold()[1:])


def _quiet_interrupt() -> None:
    """Ctrl-C exits 130 without a traceback (pod_resources_cli.quiet_interrupt;
    already so when the package was imported by the console script)."""
    from pod_resources_cli import quiet_interrupt

    quiet_interrupt()


def _discard_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last
    flush of what is still buffered does not fail a second time at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test's StringIO)
        pass


def _tolerate_unencodable_output() -> None:
    """A file name that is not valid UTF-8 reaches Python as lone surrogates
    (surrogateescape); printing it must give a replacement character, not a
    UnicodeEncodeError that loses the whole report."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:
            continue
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", "strict") == "strict":
            reconfigure(errors="replace")


# The option parser's validation library words some messages for its own
# users ("Value error, ...", "Input should be..."): say them as this tool does.
_LIBRARY_WORDING = (
    ("Value error, ", ""),
    ("Input should be a valid integer, unable to parse string as an integer", "expected a whole number"),
    ("Input should be a valid integer", "expected a whole number"),
    ("Input should be a valid number, unable to parse string as a number", "expected a number"),
    ("Input should be a valid boolean, unable to interpret input", "expected true or false"),
)


def _own_words(message: str) -> str:
    for theirs, ours in _LIBRARY_WORDING:
        message = message.replace(theirs, ours)
    return message


def _run_app(args: list[str]) -> int:
    """The typer application, with typer's own exceptions mapped to exit codes."""
    from typer.exceptions import Abort, Exit, TyperException

    from pod_resources_cli.cli.app import COMPLETE_VAR, build_app

    if COMPLETE_VAR in os.environ:  # the shell asks for completions (see `pod-resources completion`)
        from typer import completion

        completion.completion_init()  # type: ignore[attr-defined]  # typer registers its shells here
    try:
        result = build_app()(args=args, prog_name="pod-resources", standalone_mode=False)
    except Exit as exc:
        return int(exc.exit_code)
    except TyperException as exc:  # usage errors: unknown option, bad value...
        _error(f"pod-resources: error: {_own_words(exc.format_message())}")
        return int(ExitCode.ERROR)
    except Abort:
        return 130
    return int(result) if isinstance(result, int) else int(ExitCode.OK)
