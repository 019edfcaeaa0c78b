"""A JavaScript mock server's data: files a Node.js mock backend reads to answer a web UI's API calls in
development, never applied to a cluster.

kubeflow/kfp-tekton @0b894195443c (as kubeflow/pipelines) runs ``npm run mock:api`` (frontend/package.json:
``ts-node-dev ... mock-backend/mock-api-server.ts``) for its UI's development and tests; its
``frontend/mock-backend/mock-api-middleware.ts`` answers the pipeline-template API with
``fs.readFileSync('./mock-backend/data/v1/template/mock-template.yaml')`` (and ``fixed-data.ts`` imports
``'./data/v1/template/mock-template-str.json'``): Argo Workflows shown in the UI, whose pods no one runs (20
PR138 warnings before).

A ``.ts``/``.js`` file (not ``.d.ts``; 50 a directory, 1 MiB each, regular files only) of a directory whose path in
the project has a test-like segment (``mock-backend``, ``mocks``, ``__mocks__``, ``fixtures``, ``test``: the Go
and Python tests' rule, harness_gotest.py, and not ``e2e``, ``integration`` or ``conformance``, whose tests
send what they name to a cluster) names a file by a string literal as Node resolves it: an ``import`` or
``require`` from the module's directory, an ``fs`` path from the process's working directory, which ``npm run``
makes the package's root (the nearest directories holding ``package.json`` at or above it, inside the project).
A named YAML or JSON file below that test-like directory is a test input. A script that runs ``kubectl`` or
imports a Kubernetes client (``@kubernetes/client-node``) may send what it names to a cluster: not taken.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_INPUT, Ref, Test, read_text, shown
from pod_resources_cli.source.test_paths import fixture_path
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
_MAX_BYTES: Final = 1 << 20
_LITERAL: Final = re.compile(r""""([\w./@+-]{1,300})"|'([\w./@+-]{1,300})'|`([\w./@+-]{1,300})`""")
_EXTENSIONS: Final = (".yaml", ".yml", ".json")
_CLUSTER_CLIENT: Final = re.compile(r"\bkubectl\b|@kubernetes/client-node|\bkubernetes-client\b")
_PACKAGE: Final = "package.json"
_MAX_UP: Final = 3  # package roots looked for above the directory (frontend/ above frontend/mock-backend/)


@lru_cache(maxsize=1024)
def mock_server_reads(directory: str, project: str | None) -> tuple[Test, ...]:
    """The JavaScript files of a test-like ``directory`` and the data files below it that they name."""
    if project is None or directory == project or not directory.startswith(project.rstrip(os.sep) + os.sep):
        return ()
    own = os.path.relpath(directory, project)
    if not fixture_path(own):
        return ()
    found = listing(directory)
    scripts = [n for n in (*found.ending(".ts"), *found.ending(".js")) if not n.endswith(".d.ts") and found.is_file(n)]
    if not scripts:
        return ()
    roots = [directory, *_package_roots(directory, project)]
    tests: list[Test] = []
    for name in sorted(scripts)[:_MAX_FILES]:
        path = os.path.join(directory, name)
        text = read_text(path, _MAX_BYTES)
        if text is None or _CLUSTER_CLIENT.search(text):  # it talks to a cluster: what it names may be applied there
            continue
        why = f"the mock server {shown(path)} reads it to answer a web UI's API calls (a fixture), never applies it"
        refs: dict[str, Ref] = {}
        for match in _LITERAL.finditer(text):
            literal = next(g for g in match.groups() if g is not None)
            if not literal.endswith(_EXTENSIONS) or literal.startswith("/"):
                continue
            for root in roots:
                candidate = os.path.normpath(os.path.join(root, literal))
                if _below(candidate, directory) and os.path.isfile(candidate) and not os.path.islink(candidate):
                    if os.path.realpath(candidate) == os.path.join(os.path.realpath(directory), os.path.relpath(candidate, directory)):
                        refs.setdefault(candidate, Ref(candidate, TEST_INPUT, why))
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)


def _package_roots(directory: str, project: str) -> list[str]:
    """The directories holding ``package.json`` at or above ``directory`` (up to _MAX_UP), inside the project."""
    out: list[str] = []
    current = directory
    for _ in range(_MAX_UP + 1):
        if listing(current).is_file(_PACKAGE):
            out.append(current)
        if current == project:
            break
        current = os.path.dirname(current)
    return out


def _below(path: str, directory: str) -> bool:
    return path.startswith(directory.rstrip(os.sep) + os.sep)
