"""Directories a language's build tool keeps for its tests' data: a manifest
there is read by the project's tests (a fixture, a golden file, an input
the code under test renders or rejects), never applied to a cluster.

- Go: the go tool ignores directories named ``testdata``, "making them
  available to hold ancillary data needed by the tests" (``go help
  packages``; cmd/go/internal/search). A file below a ``testdata``
  directory of a Go module (``go.mod`` in an ancestor) is test data.
- Maven and Gradle: ``src/test`` holds a project's test sources and
  resources (Maven's standard directory layout, which Gradle's Java plugin
  follows). A file below ``src/test`` of a directory holding ``pom.xml``,
  ``build.gradle`` or ``build.gradle.kts`` is test data.

Only the project's own files are looked at (a ``stat`` each, never read),
in the directories the caller gives: the file's and its ancestors up to the
run's root.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Final

from pod_resources_cli.source.boundary import shown

_GO_MODULE: Final = "go.mod"
_JVM_BUILDS: Final = ("pom.xml", "build.gradle", "build.gradle.kts")


def test_data_reason(ancestors: Sequence[str]) -> str | None:
    """Why files in ``ancestors[0]`` are a build tool's test data, or None.
    ``ancestors``: a directory, then its parents, nearest first."""
    for i, directory in enumerate(ancestors):
        name = os.path.basename(directory)
        above = ancestors[i + 1 :]
        if name == "testdata":
            module = next((a for a in above if os.path.isfile(os.path.join(a, _GO_MODULE))), None)
            if module is not None:
                return f"Go test data: below {shown(directory)}, in the module of {shown(os.path.join(module, _GO_MODULE))} (the go tool leaves testdata to tests)"
        elif name == "test" and above and os.path.basename(above[0]) == "src" and len(above) > 1:
            project = above[1]
            build = next((b for b in _JVM_BUILDS if os.path.isfile(os.path.join(project, b))), None)
            if build is not None:
                return f"test data: below {shown(directory)}, the test tree of {shown(os.path.join(project, build))}"
    return None
