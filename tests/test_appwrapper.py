"""AppWrapper (project-codeflare/appwrapper b47a99ee8e28, workload.codeflare.dev/v1beta2): each component's
``template`` is the object the AppWrapper controller creates (resource_management.go createComponent), read as that
object; the ``podSets`` of a kind the table does not know name its pod templates (pkg/utils/utils.go)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report, lint_text
from pod_resources_cli.model.decode.kinds import parse_path, walk

REAL = Path(__file__).parent / "data" / "real" / "project-codeflare__appwrapper"
NOTE = "wrapped by AppWrapper {} (spec.components[0]): created as written when Kueue admits it"


def wrapped(path: Path) -> list[tuple[str, str, str | None, str | None, int | None, dict[str, tuple[dict[str, str], dict[str, str]]], bool, str]]:
    """(kind, name, namespace, template, pods, each container's (requests, limits), as written, first operator note)."""
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            w = item.workload
            res = {c.name: ({k: v.canonical() for k, v in c.resources.req.items()}, {k: v.canonical() for k, v in c.resources.lim.items()})
                   for c in (*w.pod.init_containers, *w.pod.containers)}  # fmt: skip
            out.append((w.ref.kind, w.ref.name, w.ref.namespace, w.ref.template, w.ref.replicas, res, w.ref.as_written is not None, w.ref.operator_notes[-1]))
    return out


def test_a_wrapped_pytorchjob_is_the_training_operator_s() -> None:
    got = wrapped(REAL / "samples__wrapped-pytorch-job.yaml")
    assert [g[:6] for g in got] == [
        ("PyTorchJob", "pytorch-simple", None, "pytorchReplicaSpecs[Master]", 1, {"pytorch": ({"cpu": "1"}, {})}),
        ("PyTorchJob", "pytorch-simple", None, "pytorchReplicaSpecs[Worker]", 2, {"pytorch": ({"cpu": "1"}, {})}),
    ]
    # the Master is final; the Worker as written, as any PyTorchJob's with a Master (the operator adds init-pytorch)
    assert [g[6] for g in got] == [False, True]
    assert all(g[7].startswith(NOTE.format("sample-pytorch-job")) for g in got)


def test_a_wrapped_leaderworkerset_counts_its_groups_not_the_podsets() -> None:
    """The sample's podSets say 3 workers, but the LWS controller makes replicas x (size - 1) = 2 x 2 workers."""
    got = wrapped(REAL / "samples__wrapped-leader-worker-set.yaml")
    assert [(g[0], g[1], g[3], g[4], g[5]) for g in got] == [
        ("LeaderWorkerSet", "nginx-leaderworkerset", "leaderWorkerTemplate.leaderTemplate", 2, {"nginx-leader": ({"cpu": "100m"}, {})}),
        ("LeaderWorkerSet", "nginx-leaderworkerset", "leaderWorkerTemplate.workerTemplate", 4, {"nginx-worker": ({"cpu": "200m"}, {})}),
    ]
    assert not any(g[6] for g in got)


def test_a_wrapped_jobset_and_gpu_job() -> None:
    jobset = wrapped(REAL / "samples__wrapped-jobset.yaml")
    assert [(g[0], g[3], g[4]) for g in jobset] == [("JobSet", "replicatedJobs[0] workers", 4), ("JobSet", "replicatedJobs[1] driver", 1)]
    [gpu] = wrapped(REAL / "samples__wrapped-gpu-job.yaml")
    assert gpu[:6] == ("Job", "sample-gpu-job", None, None, 1, {"busybox": ({"cpu": "1", "nvidia.com/gpu": "4"}, {"nvidia.com/gpu": "4"})})


def test_lint_of_the_samples_judges_the_wrapped_pods_as_final(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, str(REAL / "samples__wrapped-gpu-job.yaml"), str(REAL / "samples__wrapped-jobset.yaml"))
    got = sorted((f["rule"], f["object"]["kind"], f["line"]) for f in report["findings"])
    assert got == [("PR131", "Job", 25), ("PR131", "JobSet", 31), ("PR131", "JobSet", 47), ("PR132", "Job", 28), ("PR132", "JobSet", 30), ("PR132", "JobSet", 46)]
    assert not any("as written" in f["message"] for f in report["findings"])
    assert report["summary"]["errors"] == 0


UNKNOWN = """\
apiVersion: workload.codeflare.dev/v1beta2
kind: AppWrapper
metadata: {name: aw, namespace: team-a}
spec:
  components:
  - podSets:
    - path: template.spec.roles[1].template
      replicas: 3
    - path: template.spec.nowhere.template
    template:
      apiVersion: example.com/v1
      kind: Trainer
      metadata: {name: t}
      spec:
        roles:
        - template: {spec: {containers: [{name: a, image: x}]}}
        - template: {spec: {containers: [{name: b, image: x, resources: {requests: {cpu: "2", memory: 1Gi}, limits: {memory: 1Gi}}}]}}
  - template:
      apiVersion: example.com/v1
      kind: Other
      metadata: {name: o, namespace: team-a}
      spec:
        template: {spec: {containers: [{name: c, image: x}]}}
  - template:
      apiVersion: workload.codeflare.dev/v1beta2
      kind: AppWrapper
      metadata: {name: nested}
      spec: {components: [{template: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: d, image: x}]}}}]}
  - template: not an object
"""


def test_podsets_name_the_pods_of_a_kind_the_table_does_not_know(tmp_path: Path) -> None:
    (tmp_path / "aw.yaml").write_text(UNKNOWN)
    pods = {(w.ref.kind, w.ref.name, w.ref.namespace, w.ref.replicas, tuple(c.name for c in w.pod.containers), w.ref.by_shape)
            for w in (i.workload for i in iter_items([str(tmp_path / "aw.yaml")]) if isinstance(i, WorkloadItem))}  # fmt: skip
    assert pods == {
        ("Trainer", "t", "team-a", 3, ("b",), False),  # the podSet's template alone (roles[1]), its replicas; no pod where the path is absent
        ("Other", "o", "team-a", None, ("c",), True),  # no podSets: searched by shape
    }
    # both as written: their own controllers may add to them; the nested AppWrapper is refused by the webhook
    result = lint_text(UNKNOWN)
    assert all(f.message.endswith(")") and "as written" in f.message for f in result.findings)
    assert {f.object.name for f in result.findings} == {"o"}


def test_a_nested_appwrapper_is_not_opened(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "aw.yaml").write_text(UNKNOWN)
    report = lint_report(capsys, "--show-skipped", str(tmp_path / "aw.yaml"))
    assert report["summary"]["skipped"]["not-searched"] == {"AppWrapper": 1}
    assert [s["note"] for s in report["skipped"] if s["reason"] == "not-searched"] == ["an AppWrapper inside an AppWrapper, which its webhook refuses"]


@pytest.mark.parametrize(("path", "value"), [("spec.roles[1].template", "second"), ("spec.roles[2].template", None), ("spec.roles[*].template", "first")])
def test_a_path_may_name_one_item_of_a_list(path: str, value: Any) -> None:
    obj = {"spec": {"roles": [{"template": "first"}, {"template": "second"}]}}
    parse_path(path)
    assert next((m.value for m in walk(obj, path)), None) == value


MCAD = Path(__file__).parent / "data" / "real" / "project-codeflare__multi-cluster-app-dispatcher"
MCAD_NOTE = "wrapped by AppWrapper {} (spec.resources.GenericItems[0]): created as written in its namespace when MCAD dispatches it"


def test_mcad_generic_items_are_the_objects_mcad_creates() -> None:
    """v1beta1 (project-codeflare/multi-cluster-app-dispatcher @d47de4a43fae genericresource.go SyncQueueJob): each
    GenericItems[].generictemplate created as written in the AppWrapper's namespace; the item's own replicas are MCAD's."""
    deployment = wrapped(MCAD / "doc__usage__aw-01.yaml")
    one = ({"cpu": "100m", "memory": "256Mi"}, {"cpu": "100m", "memory": "256Mi"})
    assert [g[:7] for g in deployment] == [("Deployment", "0001-aw-generic-deployment-1", None, None, 2, {"0001-aw-generic-deployment-1": one}, False)]
    assert deployment[0][7].startswith(MCAD_NOTE.format("0001-aw-generic-deployment-1"))
    job = wrapped(MCAD / "test__yaml__0006-aw-init-containers.yaml")
    half = ({"cpu": "500m", "memory": "300Mi", "nvidia.com/gpu": "0"}, {"cpu": "500m", "memory": "300Mi", "nvidia.com/gpu": "0"})
    assert [g[:6] for g in job] == [("Job", "bronnze-init-job-0006", "test", None, 3, {"job-init-container": half, "job-container": half})]


def test_mcad_creates_without_strict_field_validation(capsys: pytest.CaptureFixture[str]) -> None:
    """The Job's spec writes terminationGracePeriodSeconds and restartPolicy (pod fields): MCAD's dynamic client
    sends no fieldValidation, the API server drops them with a warning and creates the Job; its pods are judged."""
    report = lint_report(capsys, "--show-skipped", str(MCAD))
    assert [(f["rule"], f["severity"], f["line"]) for f in report["findings"]] == [("PR004", "warning", 40), ("PR004", "warning", 41)]
    assert "MCAD (multi-cluster-app-dispatcher SyncQueueJob) creates the object without strict field validation" in report["findings"][0]["message"]
    assert report["summary"]["pods"] == 2 and report["summary"]["errors"] == 0
    assert report["summary"]["skipped"]["no-pods"] == {"QuotaSubtree": 4}


def test_mcad_refuses_a_template_of_another_namespace(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (MCAD / "test__yaml__0006-aw-init-containers.yaml").read_text(encoding="utf-8")
    moved = tmp_path / "aw.yaml"
    moved.write_text(text.replace("            namespace: test\n", "            namespace: other\n", 1), encoding="utf-8")
    report = lint_report(capsys, "--show-skipped", str(moved))
    assert report["summary"]["pods"] == 0 and report["findings"] == []
    [skip] = report["skipped"]
    assert (skip["reason"], skip["kind"], skip["line"]) == ("not-searched", "Job", 30)
    assert "MCAD never creates it: its namespace 'other' is not the AppWrapper's 'test'" in skip["note"]
