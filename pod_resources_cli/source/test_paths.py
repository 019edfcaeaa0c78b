"""Test-like paths: where a project's tests keep the files they name.

A segment of a relative path is test-like when a word of it (split at ``_``,
``.``, ``-``) names tests, fixtures or fakes (``testdata``, ``testcases``,
``mocks``...), and names a test cluster when it says ``e2e``, ``integration``
or ``conformance``: end-to-end and integration tests send what they name to a
cluster (argo's test/e2e submits its workflows, istio's tests/integration
applies its testdata), so it is applied, and linted, as a chainsaw test's is.
Path predicates only: the harness readers (harness_gotest.py, harness_bats.py...)
load where a directory holds their files.
"""

from __future__ import annotations

import os
import re
from typing import Final

# ... "fake" too (linkerd2's controller/proxy-injector/webhook_test.go reads its pods through fake.NewFactory(filepath.Join("fake", "data")))
# ... "testcases" too (kubernetes-sigs/kubectl-validate's testcases/manifests, each case with its expected result)
TESTISH: Final = re.compile(r"(?:^|[_.-])(?:tests?|testing|testcases?|fixtures?|mocks?|fakes?|testdata\w*)(?:$|[_.-])", re.IGNORECASE)
CLUSTER_TESTS: Final = re.compile(r"(?:^|[_.-])(?:e2e|integration|conformance)(?:$|[_.-])", re.IGNORECASE)


def segments_match(pattern: re.Pattern[str], relative: str) -> bool:
    return any(pattern.search(segment) for segment in relative.split(os.sep) if segment not in (".", ""))


def testish_path(relative: str) -> bool:
    """A relative path with a test-like segment (``testcases/manifests``): where a test names fixtures through ``../``."""
    return segments_match(TESTISH, relative)


def fixture_path(relative: str) -> bool:
    """A relative path with a test-like segment and no end-to-end, integration or conformance one: where tests that
    talk to no cluster keep their fixtures (harness_bats.py's fixtures directories)."""
    return segments_match(TESTISH, relative) and not segments_match(CLUSTER_TESTS, relative)
