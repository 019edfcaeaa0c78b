"""ytt templates and overlays (source/harness_ytt.py) on carvel-dev/ytt's own examples
(tests/data/real/carvel-dev__ytt, @4b40e30abbee): a template is no object, an overlay's neighbours are only as written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.source.harness_ytt import is_ytt_template, ytt_overlaid, ytt_template

YTT = Path(__file__).parent / "data" / "real" / "carvel-dev__ytt" / "examples"


def _lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict[str, Any]:
    main(["lint", "--no-config", "-o", "json", "--show-skipped", *map(str, paths)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def test_the_whole_examples_tree(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 2 BestEffort warnings on k8s-overlay-all-containers (whose overlay gives every container a cpu
    request and limit), one on k8s-relative-rolling-update's template, 2 PR006 errors on overlay-not-matcher's
    Deployments (apiVersion "...", which its overlay removes) and an unparseable if.yml. After: the templates skipped
    as templates, the overlaid input only as written, no error."""
    report = _lint(capsys, YTT)
    assert [f for f in report["findings"] if f["severity"] == "error"] == []
    assert not any(f["rule"] == "PR201" for f in report["findings"])  # no QoS class claimed of a template or an overlaid input
    skipped = {(Path(s["path"]).parent.name, Path(s["path"]).name): s for s in report["skipped"]}
    for key in (
        ("k8s-overlay-all-containers", "add-resources.yml"),
        ("overlay-not-matcher", "remove-non-crds.yml"),
        ("overlay-not-matcher", "resources.yml"),
        ("k8s-relative-rolling-update", "config.yml"),
        ("example-if", "if.yml"),
    ):
        assert skipped[key]["reason"] == "template", key
    assert skipped[("overlay-not-matcher", "resources.yml")]["note"].startswith("an input of ytt: the overlay ")
    assert "remove-non-crds.yml beside it removes the documents it matches" in skipped[("overlay-not-matcher", "resources.yml")]["note"]
    assert skipped[("k8s-relative-rolling-update", "config.yml")]["note"].startswith("a ytt template: its '#@' comments")
    assert report["summary"]["pods"] == 2 and report["summary"]["skipped"]["template"] == 5  # two-containers, another-two-containers


def test_a_plain_file_beside_an_overlay_is_only_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """add-resources.yml (#@overlay/match by=overlay.subset({"kind": "Deployment"})) sets cpu 100m on every container
    of config.yml's two Deployments: what they carry as written is no QoS class."""
    config = YTT / "k8s-overlay-all-containers" / "config.yml"
    report = _lint(capsys, config)
    assert {f["rule"] for f in report["findings"]} == {"PR138"}
    assert sorted((f["object"]["name"], f["message"].split("'")[1]) for f in report["findings"]) == [
        ("another-two-containers", "debian-container"), ("another-two-containers", "nginx-container"),
        ("two-containers", "debian-container"), ("two-containers", "nginx-container"),
    ]  # fmt: skip
    for finding in report["findings"]:
        assert "as written: ytt overlays it with " in finding["message"] and "add-resources.yml (#@overlay/match)" in finding["message"]
    assert ytt_overlaid(str(config.resolve())) is not None
    assert ytt_template(str(config.resolve())) is None


def test_explain_reads_the_inputs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    main(["explain", "-o", "json", str(YTT / "k8s-overlay-all-containers")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["name"], [c["name"] for c in p["containers"]]) for p in pods] == [
        ("two-containers", ["nginx-container", "debian-container"]),
        ("another-two-containers", ["nginx-container", "debian-container"]),
    ]
    assert all(p["requests"] == {} and p["limits"] == {} for p in pods)


@pytest.mark.parametrize(
    ("text", "template"),
    [
        ("spec:\n  replicas: #@ replicas\n", True),
        ("#@ load(\"@ytt:overlay\", \"overlay\")\n---\na: 1\n", True),
        ("items:\n- #@ data.values.x\n", True),
        ("#@overlay/match by=overlay.all\n---\nspec: {}\n", True),
        ("# @param not ytt\na: 1\n", False),
        ("url: \"http://x/#@y\"\n", False),
        ("a: b #! a ytt comment only\n", False),
    ],
)
def test_what_a_ytt_annotation_is(text: str, template: bool) -> None:
    assert is_ytt_template(text) is template


def test_unreadable_and_other_directories(tmp_path: Path) -> None:
    plain = tmp_path / "pod.yaml"
    plain.write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n")
    (tmp_path / "notes.txt").write_text("#@ not yaml\n")
    assert ytt_template(str(plain)) is None and ytt_overlaid(str(plain)) is None
    assert ytt_template(str(tmp_path / "missing" / "x.yaml")) is None
