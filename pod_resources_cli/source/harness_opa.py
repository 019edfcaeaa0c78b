"""OPA test suites a Makefile runs: a policy's test directory, and the fixtures kept in it.

``opa test`` runs Rego unit tests offline: given files, it loads them; given a
directory, it loads its ``.rego`` files and its JSON and YAML files as data
documents (open-policy-agent/opa's ``opa test`` help: "loads the files and
directories", data files under the directory become ``data``). A policy
library keeps one directory per policy with a Makefile whose ``test`` recipe
runs the suite: kubewarden/rego-policies-library @f4127f30a681 (policies
adapted from weaveworks/policy-library) ``policies/NamespaceLimitRangeMinMax/
Makefile`` runs ``opa test policy.rego tests/*.rego``, and each policy's
``tests/`` holds beside its Rego tests a ``test.yaml`` (or
``limitrange-default-values.yaml``) of the objects the policy judges, which
the Rego tests inline as their ``input.review.object`` and nothing applies
(its staging policies' ``tests/`` hold only that file: the glob matches no
test yet). Those objects gave 6 errors and 99 warnings (an apps/v1beta1
Deployment, a container named ``postgresAC``, a LimitRange whose default
exceeds its max) on what is never deployed.

So a directory an ``opa test`` command of a Makefile names (a path or a glob
below the Makefile's directory, with a test-like segment: ``tests/*.rego``,
``tests/``) holds that suite: its manifests (its own files, not its
subdirectories') are the suite's fixtures, ``test-input``. Not when the
Makefile sends anything to a cluster (``kubectl``/``oc`` ``apply`` or
``create``): its tests may apply them. A file a harness applies stays
applied (harness.py: APPLIED wins).

Read: a directory's ``Makefile`` (``GNUmakefile``, ``makefile``), 1 MiB,
never through a link; nothing is run.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_INPUT, Ref, Test, read_text, shown
from pod_resources_cli.source.test_paths import fixture_path

MAKEFILES: Final = ("GNUmakefile", "makefile", "Makefile")  # the names GNU make looks for, in its order
_MAX_BYTES: Final = 1 << 20
# a recipe's ``opa test`` and its arguments, to the end of the line (or a shell operator)
_OPA_TEST: Final = re.compile(r"(?<![\w./-])opa[ \t]+test\b([^\n;&|#]*)")
_APPLIES: Final = re.compile(r"(?:\bkubectl\b|(?<![\w./$-])oc(?=[ \t]))[^\n]*\b(?:apply|create)\b")


@lru_cache(maxsize=1024)
def opa_tests(directory: str, project: str | None) -> tuple[Test, ...]:
    """The OPA suite the Makefile of ``directory`` runs (inside ``project``, else the directory): a glob of each
    test-like directory its ``opa test`` commands name."""
    root = project or directory
    for name in MAKEFILES:
        path = os.path.join(directory, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        text = read_text(path, _MAX_BYTES)
        if text is None or "opa" not in text or _APPLIES.search(text):
            return ()
        refs: dict[str, Ref] = {}
        for command in _OPA_TEST.finditer(text):
            for word in command[1].split():
                if word.startswith("-") or "$" in word:
                    continue  # an option, or a path only known when make runs
                suite = _suite_directory(directory, root, word)
                if suite is not None:
                    pattern = os.path.join(suite, "*")
                    why = f"in {shown(suite)}, the directory of the OPA tests {shown(path)} runs offline ({shown(command[0].strip())}): a fixture of the policy's tests, never applied"
                    refs.setdefault(pattern, Ref(pattern, TEST_INPUT, why))
        return (Test(path, tuple(refs.values())),) if refs else ()
    return ()


def _suite_directory(directory: str, root: str, word: str) -> str | None:
    """The directory of the project an ``opa test`` argument names (``tests/*.rego``: ``tests``; ``tests/``), when
    it is test-like, below the Makefile's directory and not reached through a link."""
    word = word.strip("'\"")
    if any(c in word for c in "*?["):
        word = os.path.dirname(word)  # the glob's directory: its files are what the suite reads
        if any(c in word for c in "*?["):
            return None
    candidate = os.path.normpath(os.path.join(directory, word))
    if not word or candidate == directory or not candidate.startswith(directory + os.sep) or not candidate.startswith(root + os.sep):
        return None
    if not os.path.isdir(candidate) or os.path.realpath(candidate) != os.path.join(os.path.realpath(directory), os.path.relpath(candidate, directory)):
        return None
    return candidate if fixture_path(os.path.relpath(candidate, directory)) else None
