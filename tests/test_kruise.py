"""OpenKruise (openkruise/kruise 07169cfac7b9): its workloads' pod templates
(model/decode/kinds_kruise.py), the SidecarSets whose containers its webhook
adds to the pods they select (model/decode/sidecarset.py, followed in
lint/namespace.py), and its kinds that act on other objects' pods
(describes.py). The files are the repository's own samples and tutorial."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items

KRUISE = Path(__file__).parent / "data" / "real" / "openkruise__kruise"
STS = "docs__tutorial__v1__guestbook-sts-for-sidecar-demo.yaml"
TUTORIAL_SIDECAR = "docs__tutorial__v1__guestbook-sidecar.yaml"
SAMPLE_SIDECAR = "config__samples__apps_v1alpha1_sidecarset.yaml"


def _workloads(*paths: Path) -> list[tuple[str, str | None, int | None, list[str], bool]]:
    return [
        (i.workload.ref.kind, i.workload.ref.template, i.workload.ref.replicas, [c.name for c in i.workload.pod.all_containers()],
         i.workload.ref.as_written is not None)
        for i in iter_items([str(p) for p in paths]) if isinstance(i, WorkloadItem)
    ]  # fmt: skip


def _explain(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[dict[str, Any]]:
    main(["explain", "-o", "json", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


def _lint(capsys: pytest.CaptureFixture[str], *paths: Path) -> dict[str, Any]:
    main(["lint", "--no-config", "-o", "json", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    report: dict[str, Any] = json.loads(out)
    return report


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # spec.replicas: 5 (SetDefaultsCloneSet: 1 unset)
        ("config__samples__apps_v1alpha1_cloneset.yaml", [("CloneSet", None, 5, ["main"], False)]),
        # one pod on each node that fits it: no count
        ("config__samples__apps_v1beta1_broadcastjob-ttl.yaml", [("BroadcastJob", None, None, ["pi"], False)]),
        ("docs__tutorial__v1__daemonset-guestbook.yaml", [("DaemonSet", None, None, ["daemon"], False)]),
        # the UnitedDeployment's replicas (10) in all, shared among its three subsets; no subset patch: final
        ("docs__tutorial__v1__uniteddeployment.yaml", [("UnitedDeployment", "statefulSetTemplate", 10, ["guestbook-kruise"], False)]),
        # apps.kruise.io/v1alpha1 StatefulSet alone (its SidecarSet not given): replicas 20, final
        (STS, [("StatefulSet", None, 20, ["guestbook"], False)]),
    ],
)  # fmt: skip
def test_kruise_workloads_are_their_templates_pods(name: str, expected: list[Any]) -> None:
    assert _workloads(KRUISE / name) == expected


def test_kruise_pods_are_final_and_judged_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    """No Kruise controller sets resources: a CloneSet whose container sets none is BestEffort as a fact (it was
    'as written, found by its shape' before); the Advanced DaemonSet's limits are its requests (API defaulting)."""
    report = _lint(capsys, KRUISE / "config__samples__apps_v1alpha1_cloneset.yaml", KRUISE / "docs__tutorial__v1__daemonset-guestbook.yaml")
    assert [(f["rule"], f["object"]["kind"]) for f in report["findings"]] == [("PR201", "CloneSet")]
    pods = _explain(capsys, KRUISE / "docs__tutorial__v1__daemonset-guestbook.yaml")
    assert [(p["qosClass"], p["requests"], p["limits"]) for p in pods] == [
        ("Guaranteed", {"cpu": "100m", "memory": "200Mi"}, {"cpu": "100m", "memory": "200Mi"})
    ]


def test_a_uniteddeployment_subset_patch_makes_its_pods_as_written(tmp_path: Path) -> None:
    """A subset's patch is merged into its workload's pod template (the adapters' StrategicMergePatch): the real
    UnitedDeployment with a patch added to one subset is as written; an empty patch changes nothing."""
    text = (KRUISE / "docs__tutorial__v1__uniteddeployment.yaml").read_text()
    anchor = "      - name: subset-b\n"
    assert anchor in text
    patched = text.replace(anchor, "      - name: subset-b\n        patch:\n          spec:\n            containers:\n"
                           "            - name: guestbook-kruise\n              resources: {requests: {cpu: 500m}}\n")  # fmt: skip
    (tmp_path / "patched.yaml").write_text(patched)
    (tmp_path / "empty.yaml").write_text(text.replace(anchor, "      - name: subset-b\n        patch: {}\n"))
    assert _workloads(tmp_path / "patched.yaml") == [("UnitedDeployment", "statefulSetTemplate", 10, ["guestbook-kruise"], True)]
    assert _workloads(tmp_path / "empty.yaml") == [("UnitedDeployment", "statefulSetTemplate", 10, ["guestbook-kruise"], False)]


def test_an_advancedcronjob_runs_a_job_or_a_broadcastjob(tmp_path: Path) -> None:
    """CronJobTemplate: jobTemplate (a batch/v1 Job: parallelism pods, 1 unset) or broadcastJobTemplate (one pod a
    node); an imageListPullJobTemplate makes no pod. The pod template is the real CloneSet sample's."""
    cloneset = (KRUISE / "config__samples__apps_v1alpha1_cloneset.yaml").read_text()
    template = cloneset[cloneset.index("  template:\n"):]
    nested = "".join(f"      {line}\n" if line else "\n" for line in template.splitlines())
    (tmp_path / "acj.yaml").write_text(
        "apiVersion: apps.kruise.io/v1beta1\nkind: AdvancedCronJob\nmetadata: {name: job}\nspec:\n  schedule: '*/5 * * * *'\n"
        "  template:\n    jobTemplate:\n      spec:\n        parallelism: 3\n" + nested
        + "---\napiVersion: apps.kruise.io/v1alpha1\nkind: AdvancedCronJob\nmetadata: {name: broadcast}\nspec:\n  schedule: '0 * * * *'\n"
        "  template:\n    broadcastJobTemplate:\n      spec:\n" + nested
        + "---\napiVersion: apps.kruise.io/v1beta1\nkind: AdvancedCronJob\nmetadata: {name: images}\nspec:\n  schedule: '0 * * * *'\n"
        "  template:\n    imageListPullJobTemplate:\n      spec: {images: [nginx]}\n"
    )  # fmt: skip
    assert _workloads(tmp_path / "acj.yaml") == [
        ("AdvancedCronJob", "jobTemplate", 3, ["main"], False), ("AdvancedCronJob", "broadcastJobTemplate", None, ["main"], False),
    ]  # fmt: skip
    skipped = [i.kind for i in iter_items([str(tmp_path / "acj.yaml")]) if isinstance(i, SkippedItem)]
    assert skipped == ["AdvancedCronJob"]


def test_a_sidecarset_makes_the_pods_it_selects_as_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The tutorial's SidecarSet selects app.kubernetes.io/name: guestbook-with-sidecar, the StatefulSet's pod label:
    Kruise's webhook adds guestbook-sidecar, so the pod (BestEffort as its template writes it) is only as written and
    PR201's claim gives way to PR138's; the SidecarSet itself describes other pods."""
    for name in (STS, TUTORIAL_SIDECAR):
        shutil.copy(KRUISE / name, tmp_path / name)
    report = _lint(capsys, tmp_path)
    assert [(f["rule"], f["object"]["name"]) for f in report["findings"]] == [("PR138", "guestbook-with-sidecar")]
    assert "the SidecarSet guestbook-sidecar" in report["findings"][0]["message"]
    assert report["summary"]["skipped"]["describes-objects"] == {"SidecarSet": 1}
    pods = _explain(capsys, tmp_path)
    assert [(p["workload"]["name"], p["qosClass"], [c["name"] for c in p["containers"]]) for p in pods] == [
        ("guestbook-with-sidecar", "BestEffort", ["guestbook"])
    ]
    assert "guestbook-sidecar" in pods[0]["workload"]["asWritten"]


def test_a_sidecarset_selects_by_labels_namespace_and_pause(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """PodMatchedSidecarSet: a selector over the pod's labels (matchExpressions too; empty selects nothing); v1alpha1
    spec.namespace (the kubernetes.io/metadata.name namespace selector) limits it to one namespace; paused injects
    nothing; another namespace selector reads the cluster's Namespaces: not followed. The real sample SidecarSet
    (an init container, two sidecars) beside the real StatefulSet, placed in namespace shop."""
    sts = (KRUISE / STS).read_text()
    sample = (KRUISE / SAMPLE_SIDECAR).read_text()
    by_name = "    matchLabels:\n      app.kubernetes.io/name: guestbook-with-sidecar\n"
    assert by_name in sample
    cases = {
        "sample": (sample, True),
        "namespace-other": (sample.replace("spec:\n", "spec:\n  namespace: other\n", 1), False),
        "namespace-ours": (sample.replace("spec:\n", "spec:\n  namespace: shop\n", 1), True),
        "namespace-selector-ours": (sample.replace("spec:\n", "spec:\n  namespaceSelector: {matchLabels: {kubernetes.io/metadata.name: shop}}\n", 1), True),
        "paused": (sample.replace("spec:\n", "spec:\n  injectionStrategy: {paused: true}\n", 1), False),
        "cluster-labels": (sample.replace("spec:\n", "spec:\n  namespaceSelector: {matchLabels: {team: a}}\n", 1), False),
        "expression-in": (sample.replace(by_name, "    matchExpressions:\n    - {key: version, operator: In, values: ['1.0', '2.0']}\n"), True),
        "expression-notin": (sample.replace(by_name, "    matchExpressions:\n    - {key: version, operator: NotIn, values: ['1.0']}\n"), False),
        "expression-absent": (sample.replace(by_name, "    matchExpressions:\n    - {key: track, operator: DoesNotExist}\n"), True),
        "empty-selector": (sample.replace(by_name, "    {}\n"), False),
    }  # fmt: skip
    placed = sts.replace("  name: guestbook-with-sidecar\n  labels:", "  name: guestbook-with-sidecar\n  namespace: shop\n  labels:", 1)
    assert placed != sts
    for case, (sidecarset, selected) in cases.items():
        folder = tmp_path / case
        folder.mkdir()
        (folder / "sts.yaml").write_text(placed)
        (folder / "sidecarset.yaml").write_text(sidecarset)
        rules = [f["rule"] for f in _lint(capsys, folder)["findings"]]
        assert rules == (["PR138"] if selected else ["PR201"]), case
        if selected:
            message = _lint(capsys, folder)["findings"][0]["message"]
            assert "the SidecarSet guestbook-sidecar" in message and "adds init-myservice, guestbook-sidecar, dynamic-resource-sidecar" in message


def test_a_kruise_rollout_describes_the_workload_it_releases() -> None:
    """Kruise Rollouts' Rollout names its workload (spec.objectRef.workloadRef, a Deployment): no pod of its own,
    counted as describing other objects, not as a custom object with no pod found (openkruise/rollouts 9dd6279dff35)."""
    path = Path(__file__).parent / "data" / "real" / "openkruise__rollouts" / "rollouts.rollouts.kruise.io-rollouts-demo.yaml"
    assert [(i.reason, i.kind) for i in iter_items([str(path)]) if isinstance(i, SkippedItem)] == [("describes-objects", "Rollout")]

