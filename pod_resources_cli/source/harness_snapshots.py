"""Helm snapshot tests: files a test's shell script writes with ``helm template`` and its test compares, never
applies.

kubeflow/kfp-tekton @0b894195443c (as kubeflow/pipelines) keeps the GCP Marketplace chart's rendered output in
``manifests/gcp_marketplace/test``: ``snapshots.sh`` runs ``helm template "my-release" "${DIR}/../chart/
kubeflow-pipelines" --values "${DIR}/values-$case.yaml" > "${DIR}/snapshot-$case.yaml"`` for each case, and
``presubmit.sh`` fails when ``git diff --exit-code`` finds them changed: golden files of the chart, which is
what is deployed (60 warnings repeated from its templates before). As a golden ``NAME.out.yaml`` beside its
``NAME.in.yaml`` (source/test_data.py), such a file is a test assertion.

A ``.sh`` or ``.bash`` file (50 a directory, 1 MiB each, regular files only) of a directory whose path in the
project has a test-like segment (harness_gotest.py's rule; not ``e2e``, ``integration`` or ``conformance``), and
that runs no ``kubectl``, names the files one of its ``helm template`` lines redirects to (``> FILE`` on the
same line): the file name, each ``$var`` or ``${var}`` in it taken as any text, in the script's own directory
(the redirect's directory part being the script's: ``${DIR}``, ``$DIR``, ``.`` or none).
"""

from __future__ import annotations

import fnmatch
import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_ASSERTION, Ref, Test, read_text, shown
from pod_resources_cli.source.test_paths import fixture_path
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
_MAX_BYTES: Final = 1 << 20
_REDIRECT: Final = re.compile(r"""^[^#\n]*\bhelm\s+template\b(?:[^\n]*\\\n)*[^\n]*?>\s*(?!&)(["']?)([^\s"';|&]+)\1""", re.MULTILINE)
_OWN_DIRECTORY: Final = ("${DIR}", "$DIR", ".", "")
_VARIABLE: Final = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*")
_KUBECTL: Final = re.compile(r"\bkubectl\b|\boc\s+(?:apply|create)\b")
_EXTENSIONS: Final = (".yaml", ".yml", ".json")


@lru_cache(maxsize=1024)
def helm_snapshots(directory: str, project: str | None) -> tuple[Test, ...]:
    """The shell scripts of a test-like ``directory`` and the snapshot files of it they write with helm template."""
    if project is None or not directory.startswith(project.rstrip(os.sep) + os.sep) or not fixture_path(os.path.relpath(directory, project)):
        return ()
    found = listing(directory)
    scripts = [n for n in (*found.ending(".sh"), *found.ending(".bash")) if found.is_file(n)]
    tests: list[Test] = []
    for name in sorted(scripts)[:_MAX_FILES]:
        path = os.path.join(directory, name)
        text = read_text(path, _MAX_BYTES)
        if text is None or "helm" not in text or _KUBECTL.search(text):
            continue
        why = f"the script {shown(path)} writes it with helm template, a snapshot its test compares, never applied"
        refs: dict[str, Ref] = {}
        for match in _REDIRECT.finditer(text):
            head, _, tail = match[2].rpartition("/")
            if head not in _OWN_DIRECTORY or not tail:
                continue
            pattern = _VARIABLE.sub("*", tail)
            for candidate in found.names:
                if candidate.endswith(_EXTENSIONS) and fnmatch.fnmatchcase(candidate, pattern) and found.is_file(candidate):
                    full = os.path.join(directory, candidate)
                    refs.setdefault(full, Ref(full, TEST_ASSERTION, why))
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)
