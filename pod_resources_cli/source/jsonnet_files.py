"""Jsonnet programs in a linted tree: their objects are not checked, and the report says so.

A ``*.jsonnet`` file is a program whose output is the manifests: Argo CD evaluates each ``*.jsonnet`` file
of a directory application (``.libsonnet`` files are only imported) and applies the array or the object it
yields (argoproj/argo-cd @37ee0097cf85 reposerver/repository/repository.go findManifests: ``vm.EvaluateFile``,
then "attempt to unmarshal either array or single object"); kubecfg and Tanka do the same. pod-resources
reads YAML and JSON and runs no program of the repository (../shared/DESIGN.md "Repositories and trust"), so
the pods those programs make are not seen: without a note, a directory of Jsonnet applications
(argoproj/argocd-example-apps' jsonnet-guestbook) would vanish from the report. One note names the
directories (a few, then how many more) and the command that lints their output: ``jsonnet -y`` prints an
array's elements as a YAML stream, each element one document.

A file under a Helm chart is the chart's (helm does not evaluate it) and one under a test tree (harness.py)
is a test's: neither is counted.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Final

__all__ = ["MAX_NAMED", "jsonnet_note"]

MAX_NAMED: Final = 3  # directories named in the note; the others are counted


def jsonnet_note(
    files: Sequence[str], show: Callable[[str], str], excluded: Callable[[str], bool] = lambda _path: False
) -> str | None:
    """The note for the Jsonnet ``files`` a walk met (absolute or as listed), or None when none is left once
    ``excluded`` ones (a chart's, a test's) are left out. ``show``: how a directory is named in the report."""
    kept = sorted((f for f in files if not excluded(f)), key=os.path.split)  # by directory, then name
    if not kept:
        return None
    directories = list(dict.fromkeys(os.path.dirname(path) for path in kept))  # in order, once each
    named = ", ".join(show(d) for d in directories[:MAX_NAMED])
    more = len(directories) - MAX_NAMED
    if more > 0:
        named += f" and {more} more director{'ies' if more != 1 else 'y'}"
    count = len(kept)
    example = show(kept[0])
    return (
        f"{named}: {count} Jsonnet file{'s' if count != 1 else ''} not evaluated (pod-resources reads YAML and JSON "
        f"and runs no program): the objects {'they make' if count != 1 else 'it makes'} are not checked. "
        f"Lint {'each' if count != 1 else 'it'} with `jsonnet -y {example} | pod-resources lint -`."
    )
