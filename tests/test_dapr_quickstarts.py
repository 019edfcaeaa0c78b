"""dapr/quickstarts linted whole: its apps are Deployments that ask for Dapr's sidecar (dapr.py), and its
dapr.io Components, Configurations, Resiliencies and Subscriptions are settings daprd loads, objects without pods
(no_pods.py ``_DAPR_NO_POD_KINDS``, dapr/dapr @d8450742ce32 pkg/apis/*/register.go), not custom kinds searched
in vain."""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "dapr__quickstarts"


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("tutorials__hello-kubernetes__deploy__redis.yaml", "Component"),
        ("tutorials__distributed-calculator__deploy__appconfig.yaml", "Configuration"),
        ("state_management__resources__resiliency.yaml", "Resiliency"),
        ("tutorials__workflow__python__combined-patterns__resources__subscription-shipping.yaml", "Subscription"),
    ],
)
def test_dapr_resources_carry_no_pods(name: str, kind: str) -> None:
    items = list(iter_items([str(REAL / name)]))
    assert [(i.reason, i.kind) for i in items if isinstance(i, SkippedItem)] == [("no-pods", kind)]
    assert not [i for i in items if isinstance(i, WorkloadItem)]


def test_only_dapr_s_own_kinds_are_listed() -> None:
    assert carries_no_pods("dapr.io", "HTTPEndpoint") and carries_no_pods("dapr.io", "WorkflowAccessPolicy")
    assert not carries_no_pods("dapr.io", "SomethingNew")  # a kind Dapr may add later is still searched


def test_the_hello_kubernetes_app_and_its_settings(capsys: pytest.CaptureFixture[str]) -> None:
    """The quickstart's node app gets daprd without resources (no dapr.io/sidecar-* annotation): BestEffort, and
    PR201 is true; the four Dapr resources are counted as objects without pods, nothing is left 'no pod found'."""
    [item] = [i for i in iter_items([str(REAL)]) if isinstance(i, WorkloadItem)]
    pod = item.workload.pod
    assert (item.workload.ref.kind, item.workload.ref.name) == ("Deployment", "nodeapp")
    assert [(c.name, dict(c.resources.req), dict(c.resources.lim)) for c in pod.containers] == [
        ("node", {}, {}), ("daprd", {}, {}),
    ]  # fmt: skip
    report = lint_report(capsys, str(REAL))
    assert [(f["rule"], f["severity"], f["object"]["name"]) for f in report["findings"]] == [("PR201", "warning", "nodeapp")]
    skipped = report["summary"]["skipped"]
    assert skipped["no-pods"] == {"Component": 1, "Configuration": 1, "Resiliency": 1, "Service": 1, "Subscription": 1}
    assert skipped["nothing-found"] == {} and skipped["not-searched"] == {}
