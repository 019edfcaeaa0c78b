"""validation/: the API server's resource validation on pod create.

Each case's pod is decoded as written, stored as the API server stores it
(disabled fields dropped, defaults, milli rounding) and validated; the
errors must be exactly the case's set of {field, type, detail, badValue}.
Through ``lint``, an invalid pod gives one error finding per expected field
path, and a valid pod gives no error finding.
"""

from __future__ import annotations

from typing import Any

import pytest

from pod_resources_cli.kube.validation import validate_pod_create
from tests.support import case, case_params, gates_of, pod_of

SUITE = "validation/upstream-a.json"


def _as_set(errors: list[dict[str, Any]]) -> list[tuple[str, str, str, str | None]]:
    return sorted((e["field"], e["type"], e["detail"], e.get("badValue")) for e in errors)


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_validation_errors(suite: str, index: int) -> None:
    c = case(suite, index)
    errors = validate_pod_create(pod_of(c["pod"]), gates_of(c))
    got = _as_set([{"field": e.field, "type": e.type, "detail": e.detail, "badValue": e.bad_value} for e in errors])
    assert got == _as_set(c["expect"]["errors"])
    assert (not errors) == c["expect"]["valid"]


@pytest.mark.parametrize(("suite", "index"), case_params(SUITE))
def test_validation_findings(suite: str, index: int) -> None:
    from tests.lint_support import lint_object

    c = case(suite, index)
    findings = lint_object(c["pod"], gates=c.get("featureGates") or {})
    error_fields = sorted(f.field or "" for f in findings if f.severity.name == "ERROR")
    expected = sorted(e["field"] for e in c["expect"]["errors"])
    assert error_fields == expected
