"""Metal3's host kinds carry no pods (no_pods.py _METAL3_NO_POD_KINDS): metal3-io/baremetal-operator's real examples."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "metal3-io__baremetal-operator"


def test_demo_hosts_are_objects_without_pods(capsys: Any) -> None:
    report = lint_report(capsys, str(REAL / "examples__demo-hosts.yaml"))
    skipped = report["summary"]["skipped"]
    assert report["findings"] == []
    assert report["summary"]["pods"] == 0
    assert skipped["no-pods"] == {"BareMetalHost": 9, "Machine": 1, "Secret": 9}
    assert skipped["nothing-found"] == {}


def test_host_claim_is_an_object_without_pods(capsys: Any) -> None:
    report = lint_report(capsys, str(REAL / "config__samples__metal3.io_v1alpha1_hostclaim.yaml"))
    assert report["summary"]["skipped"]["no-pods"] == {"HostClaim": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}
