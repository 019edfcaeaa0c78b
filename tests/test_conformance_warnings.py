"""warnings/: the API server's resource warnings (fractional byte values).

Each expected warning string must come out of kube.warnings in the same
order, and through ``lint`` as a warning finding of the API-warning rule
whose field and message make up that string.
"""

from __future__ import annotations

import pytest

from pod_resources_cli.kube.stored_pod import store_pod
from pod_resources_cli.kube.validation import validate_pod_create
from pod_resources_cli.kube.warnings import pod_resource_warnings
from tests.support import case, case_params, gates_of, pod_of

SUITE = "warnings/upstream.json"


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_warnings(suite: str, index: int) -> None:
    c = case(suite, index)
    pod = pod_of(c["pod"])
    gates = gates_of(c)
    assert (not validate_pod_create(pod, gates)) == c["expect"]["valid"]
    got = [str(w) for w in pod_resource_warnings(store_pod(pod, gates).pod)]
    assert got == c["expect"]["warnings"]


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_warning_findings(suite: str, index: int) -> None:
    from tests.lint_support import lint_object

    c = case(suite, index)
    findings = lint_object(c["pod"], gates=c.get("featureGates") or {})
    # a warning on a request defaulted from its limit says so after the API server's text
    note = " (the request is defaulted from the limit)"
    fractional = [f"{f.field}: {f.message.removesuffix(note)}" for f in findings if f.rule == "PR120"]
    assert all(f.severity.name == "WARNING" for f in findings if f.rule == "PR120")
    assert sorted(fractional) == sorted(c["expect"]["warnings"])  # findings come in text order
    assert not [f for f in findings if f.severity.name == "ERROR"]
