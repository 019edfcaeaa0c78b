"""bentoml/yatai-image-builder @816fd1385bcc: a BentoRequest's pods (the image builder and model seeder Jobs) come of
the registry and the cluster's ConfigMap, so the kind is listed and not searched; a Bento makes no pod."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pod_resources_cli.model.items import SkippedItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
BUILDER = REAL / "bentoml__yatai-image-builder"


def _skipped(path: Path) -> list[tuple[str, str]]:
    return [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)]


def test_bentorequests_are_not_searched_and_a_bento_carries_no_pods() -> None:
    assert _skipped(BUILDER / "tests__e2e__example.yaml") == [("not-searched", "BentoRequest"), ("not-searched", "BentoRequest")]
    assert _skipped(BUILDER / "config__samples__resources_v1alpha1_bento.yaml") == [("no-pods", "Bento")]


def test_yatai_deployment_s_e2e_bento_is_no_workload(capsys: Any) -> None:
    """The BentoDeployment's e2e file: its Bento (image, runners, tag) is counted without pods, beside the Secret;
    the BentoDeployment's api server and runner are the pods."""
    path = REAL / "bentoml__yatai-deployment" / "tests__e2e__example.yaml"
    assert _skipped(path) == [("no-pods", "Bento"), ("no-pods", "Secret")]
    report = lint_report(capsys, str(path))
    assert report["summary"]["pods"] == 2
    assert report["summary"]["skipped"]["no-pods"] == {"Bento": 1, "Secret": 1}
    assert not report["summary"]["skipped"]["nothing-found"]


def test_the_image_builder_repository_s_objects_are_counted_by_reason(capsys: Any) -> None:
    report = lint_report(capsys, str(BUILDER))
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["not-searched"] == {"BentoRequest": 2}
    assert report["summary"]["skipped"]["no-pods"] == {"Bento": 1}
