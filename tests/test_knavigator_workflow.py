"""NVIDIA/knavigator @06bab3726a14 workflows (source/knavigator.py, source/go_template.py): the objects their
SubmitObj tasks make from the RegisterObj tasks' Go templates and the tasks' params, on the real files laid
out as in the repository."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.source.go_template import NO_VALUE, TemplateError, go_print, parse, render
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "NVIDIA__knavigator"
GPU8 = {"cpu": "100m", "memory": "512M", "nvidia.com/gpu": "8"}


def _tree(tmp_path: Path) -> Path:
    """The copied files at their paths in the repository (file name: path with / as __)."""
    root = tmp_path / "knavigator"
    for f in REAL.iterdir():
        target = root / f.name.replace("__", "/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(f, target)
    return root


def _explain(capsys: Any, *paths: Path) -> list[dict[str, Any]]:
    capsys.readouterr()
    main(["explain", "-o", "json", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


def _summary(pods: list[dict[str, Any]], workflow: str) -> list[tuple[Any, ...]]:
    return [
        (p["source"]["line"], p["workload"]["kind"], p["workload"]["name"], p["workload"]["namespace"], p["workload"]["replicas"], p["qosClass"],
         [(c["name"], c["requests"], c["limits"]) for c in p["containers"]])
        for p in pods if p["source"]["path"].endswith(workflow)
    ]  # fmt: skip


def test_a_submitted_job_is_its_template_rendered_with_the_tasks_params(tmp_path: Path, capsys: Any) -> None:
    """resources/workflows/k8s/test-job.yml: SubmitObj ``job`` renders resources/templates/k8s/job.yml with
    parallelism 2, cpu 100m, memory 512M, gpu 8: one Job job1 (nameFormat job{{._ENUM_}}) of 2 Guaranteed pods with
    a GPU, located at the task's params; no finding contradicts those values."""
    root = _tree(tmp_path)
    pods = _explain(capsys, root)
    assert _summary(pods, "resources/workflows/k8s/test-job.yml") == [(36, "Job", "job1", "default", 2, "Guaranteed", [("test", GPU8, GPU8)])]
    findings = lint_report(capsys, str(root / "resources/workflows/k8s/test-job.yml"), str(root))["findings"]
    assert [f for f in findings if f["path"].endswith("k8s/test-job.yml")] == []


def test_the_ttl_branch_writes_the_kwok_annotations_only_where_the_task_passes_ttl(tmp_path: Path) -> None:
    """job.yml's ``{{- if .ttl }}`` block: the pod template's kwok delay annotations, trimmed away without ttl."""
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items

    root = _tree(tmp_path)
    workflow = root / "resources/workflows/k8s/test-job.yml"

    def annotations() -> dict[str, str]:
        [pod] = [i.workload.pod for i in iter_items([str(root)]) if isinstance(i, WorkloadItem) and i.location.path.endswith("k8s/test-job.yml")]
        return dict(pod.annotations)

    assert annotations() == {"pod-complete.stage.kwok.x-k8s.io/delay": "10s", "pod-complete.stage.kwok.x-k8s.io/jitter-delay": "10s"}
    workflow.write_text(workflow.read_text(encoding="utf-8").replace('      ttl: "10s"\n', ""), encoding="utf-8")
    assert annotations() == {}


def test_count_multiplies_the_pods_and_a_driver_without_resources_is_best_effort(tmp_path: Path, capsys: Any) -> None:
    """test-jobset-with-driver.yaml: count 2 JobSets of one driver and 1 worker: 2 pods each; the driver's
    container writes no resources in the template (BestEffort as fact, PR201 at the task), the workers 100m/512M/8 GPUs."""
    root = _tree(tmp_path)
    got = _summary(_explain(capsys, root), "jobset/test-jobset-with-driver.yaml")
    assert [(r[1], r[2], r[4], r[5], r[6]) for r in got] == [
        ("JobSet", "jobset1", 2, "BestEffort", [("driver", {}, {})]),
        ("JobSet", "jobset1", 2, "Guaranteed", [("test", GPU8, GPU8)]),
    ]
    findings = [f for f in lint_report(capsys, str(root))["findings"] if f["path"].endswith("test-jobset-with-driver.yaml")]
    assert [(f["rule"], f["line"], f["object"]["kind"]) for f in findings] == [("PR201", 36, "JobSet")]


def test_a_missing_param_prints_no_value_and_or_gives_the_default(tmp_path: Path, capsys: Any) -> None:
    """test-custom-resource.yml passes no ``gpu``: text/template prints ``<no value>`` into nvidia.com/gpu, a
    quantity no API server takes (PR002 at the task); given gpu, the MyObject's template is found by its shape,
    in ``{{or .namespace "default"}}``: test, and default once the task passes no namespace."""
    root = _tree(tmp_path)
    workflow = root / "resources/workflows/test-custom-resource.yml"
    [finding] = [f for f in lint_report(capsys, str(root))["findings"] if f["path"].endswith("test-custom-resource.yml")]
    assert finding["rule"] == "PR002" and finding["line"] == 36 and "'<no value>'" in finding["message"]
    text = workflow.read_text(encoding="utf-8")
    workflow.write_text(text.replace("      memory: 512M\n", "      memory: 512M\n      gpu: 1\n", 1), encoding="utf-8")
    one = {"cpu": "100m", "memory": "512M", "nvidia.com/gpu": "1"}
    got = _summary(_explain(capsys, root), "test-custom-resource.yml")
    assert [(r[1], r[2], r[3], r[6]) for r in got] == [("MyObject", "job1", "test", [("test", one, one)])]
    workflow.write_text(text.replace("      memory: 512M\n", "      memory: 512M\n      gpu: 1\n", 1).replace("      namespace: test\n", ""), encoding="utf-8")
    assert [r[3] for r in _summary(_explain(capsys, root), "test-custom-resource.yml")] == ["default"]


def test_kueue_queues_are_objects_without_pods_and_the_job_is_checked(tmp_path: Path, capsys: Any) -> None:
    """kueue/test-job.yaml: the ResourceFlavor (its nodeLabels by ``range``), ClusterQueue and LocalQueue it submits
    carry no pods; its Job has 3 pods of 100m, 512M and 8 GPUs."""
    root = _tree(tmp_path)
    report = lint_report(capsys, "--show-skipped", str(root))
    skipped = [(s["kind"], s["reason"]) for s in report["skipped"] if s["path"].endswith("kueue/test-job.yaml")]
    assert skipped == [("ResourceFlavor", "no-pods"), ("ClusterQueue", "no-pods"), ("LocalQueue", "no-pods")]
    got = _summary(_explain(capsys, root), "kueue/test-job.yaml")
    assert [(r[1], r[4], r[5], r[6]) for r in got] == [("Job", 3, "Guaranteed", [("test", GPU8, GPU8)])]
    flavor = (REAL / "resources__templates__kueue__resource-flavor.yaml").read_text(encoding="utf-8")
    out = render(parse(flavor), {"name": "gpu-node", "nodeLabels": {"nvidia.com/gpu.count": "8", "a": "b"}})
    assert out.endswith('spec:\n  nodeLabels:\n    a: "b"\n    nvidia.com/gpu.count: "8"\n')


def test_a_task_of_another_workflow_or_outside_the_root_renders_nothing(tmp_path: Path, capsys: Any) -> None:
    """run-test-single.yaml submits what config-*.yaml registers (another workflow of the run): skipped as a
    template, with why; a workflow linted alone whose template is above it (outside the root) reads nothing."""
    root = _tree(tmp_path)
    run = "resources/benchmarks/scaling/workflows/run-test-single.yaml"
    report = lint_report(capsys, "--show-skipped", str(root))
    notes = {s["note"] for s in report["skipped"] if s["path"].endswith(run)}
    assert notes == {"knavigator renders the template the RegisterObj task 'register' names, not in this workflow (another of the run)"}
    alone = lint_report(capsys, "--show-skipped", str(root / "resources/workflows/k8s"))
    assert alone["findings"] == [] and [s["reason"] for s in alone["skipped"] if s["path"].endswith("test-job.yml")] == ["template"]
    (root / "resources/workflows/k8s/test-job.yml").write_text(
        (REAL / "resources__workflows__k8s__test-job.yml").read_text(encoding="utf-8").replace(
            '"resources/templates/k8s/job.yml"', '"../../../../outside.yml"'), encoding="utf-8")  # fmt: skip
    shutil.copyfile(REAL / "resources__templates__k8s__job.yml", tmp_path / "outside.yml")
    assert _summary(_explain(capsys, root), "k8s/test-job.yml") == []


def test_go_template_prints_and_branches_as_text_template() -> None:
    """fmt.Sprint of yaml.v3 values (a float's shortest digits, %e from 1e6), a missing key's <no value>,
    {{else if}}, and what is not rendered here: a pipe, another function, an unclosed block."""
    assert [go_print(v) for v in (2, 0.5, 2.0, 123456.0, 1e6, 1234567.0, True, None)] == [
        "2", "0.5", "2", "123456", "1e+06", "1.234567e+06", "true", NO_VALUE]  # fmt: skip
    tpl = parse('{{if .a}}A{{else if .b}}B{{else}}C{{end}}|{{.x}}|{{or .y "d"}}|{{not .a}}')
    assert render(tpl, {"b": 0}) == f"C|{NO_VALUE}|d|true"
    assert render(tpl, {"b": 1, "y": "e"}) == f"B|{NO_VALUE}|e|true"
    for bad in ("{{.a | quote}}", "{{default 1 .a}}", "{{if .a}}x", "{{end}}", "{{template \"x\"}}"):
        with pytest.raises(TemplateError):
            parse(bad)
    with pytest.raises(TemplateError):
        render(parse("{{.a.b}}"), {})  # a field of the zero value: Go stops


def test_a_rendering_that_writes_nothing_still_stops() -> None:
    """Three nested ranges over 1,000 elements write nothing but would take 10^9 steps: the walk counts each
    node and each element, so a hostile workflow costs at most MAX_STEPS, not the job's time."""
    from pod_resources_cli.source.go_template import MAX_STEPS

    with pytest.raises(TemplateError, match=f"passes {MAX_STEPS} steps"):
        render(parse("{{range .a}}{{range $.a}}{{range $.a}}{{end}}{{end}}{{end}}"), {"a": list(range(1000))})
    assert render(parse("{{range .a}}{{.}}{{end}}"), {"a": [1, 2]}) == "12"


def test_kai_queues_carry_no_pods(tmp_path: Path, capsys: Any) -> None:
    """kai/test-job.yaml: the two scheduling.run.ai Queues it submits (QueueSpec: quotas, priority, parentQueue)
    are objects without pods, not custom objects searched in vain; its Job has 3 pods of 100m, 250M and 8 GPUs."""
    root = _tree(tmp_path)
    report = lint_report(capsys, "--show-skipped", str(root))
    assert [(s["kind"], s["reason"]) for s in report["skipped"] if s["path"].endswith("kai/test-job.yaml")] == [("Queue", "no-pods")] * 2
    sized = {"cpu": "100m", "memory": "250M", "nvidia.com/gpu": "8"}
    got = _summary(_explain(capsys, root), "kai/test-job.yaml")
    assert [(r[1], r[4], r[5], r[6]) for r in got] == [("Job", 3, "Guaranteed", [("test", sized, sized)])]
