"""Exceptions for "the command cannot do its job" (exit code 2).

Problems with one document are values on the data path (ParseFailure,
DecodeProblem, findings); only what stops the whole command raises.
"""

from __future__ import annotations

from pod_resources_cli.location import Location


class PodResourcesError(Exception):
    """Base class: the CLI maps every subclass to exit code 2."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        return f"{self.location}: {self.message}"

    def lines(self) -> list[str]:
        """What the CLI prints, one line each."""
        return [str(self)]


class InputError(PodResourcesError):
    """A path or stream that cannot be read at all."""


class ConfigError(PodResourcesError):
    """An invalid lint configuration file (``problems``: every one found, when several)."""

    problems: tuple[ConfigError, ...] = ()

    @classmethod
    def several(cls, problems: list[ConfigError]) -> ConfigError:
        error = cls("\n".join(str(p) for p in problems))
        error.problems = tuple(problems)
        return error

    def lines(self) -> list[str]:
        return [line for p in self.problems for line in p.lines()] if self.problems else [str(self)]


class NodeError(PodResourcesError):
    """An invalid node description, or a kubelet configuration the kubelet refuses."""


class UsageError(PodResourcesError):
    """Bad options (an unknown feature gate, an unknown version...)."""
