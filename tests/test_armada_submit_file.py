"""Armada's job submission files (pod_resources_cli/model/decode/armada.py): recognised from the JobSubmitFile schema
(armadaproject/armada 207cc9e04ef0 pkg/client/domain/types.go, pkg/api/submit.proto), each job one pod, and the jobs
Armada's server refuses (internal/server/submit/validation/submit_request.go) reported so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report
from tests.support import requests_limits

REAL = Path(__file__).parent / "data" / "real" / "armadaproject__armada"
Resources = dict[str, str]


def pods(path: Path) -> list[tuple[str, str, str | None, str | None, int | None, list[tuple[str, Resources, Resources]], bool]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [(c.name, *requests_limits(c)) for c in item.workload.pod.containers]
            out.append((ref.kind, ref.name, ref.namespace, ref.template, ref.replicas, containers, ref.as_written is not None))
    return out


lint = lint_report  # lint --no-config -o json, parsed


def test_each_job_of_a_submit_file_is_one_pod() -> None:
    one = {"cpu": "200m", "memory": "128Mi"}
    assert pods(REAL / "example__example-job.yaml") == [("JobSubmitFile", "job-set-1", "default", "jobs[0]", 1, [("sleeper", one, one)], False)]
    big, small = {"cpu": "1", "memory": "512Mi"}, {"cpu": "500m", "memory": "256Mi"}
    assert pods(REAL / "example__example-gang-job.yaml") == [
        ("JobSubmitFile", "gang-job-set-1", "default", f"jobs[{i}]", 1, [("job", r, r)], False) for i, r in enumerate((big, small, small))
    ]


def test_the_jobs_annotations_are_the_pods(capsys: pytest.CaptureFixture[str]) -> None:
    items = [i for i in iter_items([str(REAL / "example__example-gang-job.yaml")]) if isinstance(i, WorkloadItem)]
    assert dict(items[0].workload.annotations)["armadaproject.io/gangCardinality"] == "3"
    main(["explain", "-o", "json", str(REAL / "example__example-gang-job.yaml")])
    report = json.loads(capsys.readouterr().out)
    assert [p["qosClass"] for p in report["pods"]] == ["Guaranteed"] * 3


def test_a_job_without_namespace_is_refused_by_the_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Armada's example/two-container-job.yaml writes no namespace: the server refuses it (validateHasNamespace)."""
    one = {"cpu": "150m", "memory": "64Mi"}
    assert pods(REAL / "example__jobs.yaml") == [("JobSubmitFile", "job-set-1", "personal-anonymous", "jobs[0]", 1, [("sleep", one, one)], False)]
    text = (REAL / "example__jobs.yaml").read_text(encoding="utf-8").replace("    namespace: personal-anonymous\n", "")
    (tmp_path / "two-container-job.yaml").write_text(text, encoding="utf-8")
    report = lint(capsys, str(tmp_path / "two-container-job.yaml"))
    assert [(f["rule"], f["severity"], f["line"]) for f in report["findings"]] == [("PR002", "error", 4)]
    assert "Armada's server refuses the job (validateHasNamespace): namespace is a required field" in report["findings"][0]["message"]
    assert report["summary"]["pods"] == 0 and report["summary"]["skipped"]["not-kubernetes"] == 0


JOB = "queue: q\njobSetId: s\njobs:\n- namespace: ns\n"
SLEEP = "    - {name: c, image: busybox, resources: %s}\n"


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("  priority: 1\n", "(validateHasPodSpec): Job must contain at least one PodSpec"),
        ("  podSpec: {containers: [{name: a, image: b, resources: {requests: {cpu: 1}, limits: {cpu: 1}}}]}\n  podSpecs: [{containers: []}]\n",
         "PodSpec must be nil if PodSpecs is provided"),
        ("  podSpecs: [{containers: []}, {containers: []}]\n", "Jobs with multiple pods are not supported"),
        ("  podSpecs:\n  - containers:\n" + SLEEP % "{}", "container c has no resources specified"),
        ("  podSpecs:\n  - containers:\n" + SLEEP % "{requests: {cpu: 1, memory: 1Gi}, limits: {cpu: 1}}",
         "container c defines different resources for requests and limits"),
        ("  podSpecs:\n  - containers:\n" + SLEEP % "{requests: {cpu: 1}, limits: {memory: 1Gi}}", "container c defines cpu for requests but not limits"),
        ("  podSpecs:\n  - containers:\n" + SLEEP % "{requests: {cpu: 2}, limits: {cpu: 1}}", "container c defines cpu with limits smaller than requests"),
    ],
)  # fmt: skip
def test_jobs_the_server_refuses(body: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "j.yaml").write_text(JOB + body, encoding="utf-8")
    report = lint(capsys, str(tmp_path / "j.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR002"]
    assert why in report["findings"][0]["message"]
    assert report["summary"]["pods"] == 0


def test_a_container_without_cpu_is_as_written_and_keys_fold_as_go_json(tmp_path: Path) -> None:
    """encoding/json matches JobSubmitFile's keys regardless of case; a container that neither requests nor limits
    cpu gets the server's configured defaultJobLimits: as written."""
    (tmp_path / "j.yaml").write_text(
        "Queue: q\nJobSetID: s\nJobs:\n- Namespace: ns\n  PodSpecs:\n  - containers:\n"
        + SLEEP % "{requests: {memory: 1Gi}, limits: {memory: 1Gi}}", encoding="utf-8")  # fmt: skip
    mem = {"memory": "1Gi"}
    assert pods(tmp_path / "j.yaml") == [("JobSubmitFile", "s", "ns", "jobs[0]", 1, [("c", mem, mem)], True)]


@pytest.mark.parametrize(
    "text",
    [
        # a key JobSubmitFile does not have (Armada's testsuite TestSpec), a job key JobSubmitRequestItem does not have,
        # a Kubernetes object, a values file with a jobs list: none is a submit file
        JOB.replace("queue: q\n", "queue: q\nnumBatches: 1\n") + "  podSpec: {containers: [{name: c, image: b}]}\n",
        JOB + "  podSpec: {containers: [{name: c, image: b}]}\n  replicas: 2\n",
        "jobs:\n- name: a\n  podSpec: {containers: [{name: c, image: b}]}\n",
        "queue: q\njobSetId: s\njobs: []\n",
        "queue: q\njobSetId: s\njobs: [1, 2]\n",
    ],
)
def test_what_is_no_submit_file_stays_no_kubernetes(text: str, tmp_path: Path) -> None:
    (tmp_path / "j.yaml").write_text(text, encoding="utf-8")
    items = list(iter_items([str(tmp_path / "j.yaml")]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert [i.reason for i in items if isinstance(i, SkippedItem)] == ["not-kubernetes"]


@pytest.mark.parametrize("spec", ["podSpec: 3", "podSpecs: [3]", "podSpecs: 3", "podSpec: {containers: 3}"])
def test_bad_input_is_a_finding_never_a_traceback(spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "j.yaml").write_text(JOB + "  " + spec + "\n", encoding="utf-8")
    report = lint(capsys, str(tmp_path / "j.yaml"))
    assert report["findings"] and report["summary"]["pods"] == 0


def test_unreadable_resources_are_said_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A quantity that cannot be read is the finding; no refusal is guessed from what is left of the resources."""
    (tmp_path / "j.yaml").write_text(JOB + "  podSpec:\n    containers:\n" + SLEEP % "{requests: {cpu: z}, limits: {cpu: z}}", encoding="utf-8")
    report = lint(capsys, str(tmp_path / "j.yaml"))
    assert [f["rule"] for f in report["findings"]] == ["PR002", "PR002"]
    assert all("invalid quantity 'z'" in f["message"] for f in report["findings"])
