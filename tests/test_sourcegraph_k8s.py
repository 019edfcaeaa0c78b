"""sourcegraph/deploy-sourcegraph-k8s (3adbbdd73c5d): GKE's load balancer settings make no pod.

Its ``components/ingress/gke`` component adds a ``cloud.google.com/v1`` BackendConfig (the frontend's health check
for the Google Cloud load balancer, kubernetes/ingress-gce pkg/apis/backendconfig): counted as an object without
pods, not as a custom object searched in vain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

SG = Path(__file__).parent / "data" / "real" / "sourcegraph__deploy-sourcegraph-k8s"


def test_a_gke_backendconfig_carries_no_pods(capsys: Any) -> None:
    path = SG / "components__ingress__gke__patches__frontend.BackendConfig.yaml"
    items = list(iter_items([str(path)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)] == [("no-pods", "BackendConfig")]
    report = lint_report(capsys, str(path))
    assert report["findings"] == []
    assert report["summary"]["skipped"]["no-pods"] == {"BackendConfig": 1}
    assert report["summary"]["skipped"]["nothing-found"] == {}
