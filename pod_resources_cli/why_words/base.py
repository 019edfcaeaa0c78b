"""The wording machinery: the table every area fills, and how a rule's inputs become text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from pod_resources_cli.kube.provenance import VERBATIM, Why

Wording = Callable[[Why], str]

# rule -> its words; the package's modules fill it (why_words/__init__.py).
TABLE: Final[dict[str, Wording]] = {VERBATIM: lambda w: str(w.get("text", ""))}


def words(w: Why) -> str:
    """The sentence for ``w`` (KeyError for a rule without words: a test keeps
    every rule kube/ uses in TABLE)."""
    return TABLE[w.rule](w)


def maybe_words(w: Why | None) -> str | None:
    return None if w is None else words(w)


def inputs_of(w: Why) -> Mapping[str, object]:
    """A rule's inputs for str.format, a nested Why worded."""
    return {k: words(v) if isinstance(v, Why) else v for k, v in w.inputs}


def template(text: str) -> Wording:
    """Words from a str.format template over the rule's inputs."""
    if "{" not in text:
        return lambda w: text
    return lambda w: text.format_map(inputs_of(w))


def joined_parts(w: Why, sep: str = "; ") -> str:
    return sep.join(words(p) for p in w.parts)


def first_part(w: Why) -> str:
    return words(w.parts[0])
