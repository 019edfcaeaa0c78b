"""OpenShift Templates (model/decode/openshift_template.py): the objects ``oc process`` creates, read as those
objects with the parameters' values substituted (openshift/library-go templateprocessing, vendored by
openshift/openshift-apiserver @56aa2d96edd7), on real files: OpenShift AI's ServingRuntime templates
(opendatahub-io/odh-model-controller @57b43aad41ae config/runtimes) and vLLM Semantic Router's OpenShift template
(vllm-project/semantic-router @3d48f8c9cc0d deploy/openshift/template.yaml); tests/data/real/SOURCES.tsv."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.model.decode.workloads import TEMPLATE, Decoded, Skipped, decode_workloads
from pod_resources_cli.source.yamldoc import Document, load_documents

REAL = Path(__file__).parent / "data" / "real"
ODH = REAL / "opendatahub-io__odh-model-controller"
ROUTER = REAL / "vllm-project__semantic-router" / "deploy__openshift__template.yaml"
PROCESS = "(oc process, oc new-app: openshift/library-go pkg/template/templateprocessing/template.go Process)"


def _run(capsys: pytest.CaptureFixture[str], command: str, *paths: Path) -> Any:
    from pod_resources_cli.cli import main

    main([command, *(["--no-config", "--show-skipped"] if command == "lint" else []), "-o", "json", *map(str, paths)])
    return json.loads(capsys.readouterr().out)


def _containers(pod: dict[str, Any]) -> list[tuple[str, dict[str, str], dict[str, str]]]:
    return [(c["name"], c["requests"], c["limits"]) for c in pod["containers"]]


def test_a_servingruntime_template_is_read_as_its_servingruntime(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 'Template vllm-multinode-runtime-template objects[0]' found by shape, 'its operator may add
    resources'; now KServe's ServingRuntime (runtime and workerSpec), as written since KServe merges each
    InferenceService's container into it, named as created by processing the template."""
    path = ODH / "config__runtimes__vllm__vllm-multinode-template.yaml"
    pods = _run(capsys, "explain", path)["pods"]
    assert [(p["workload"]["kind"], p["workload"]["name"], p["workload"]["template"], p["workload"]["namespace"]) for p in pods] == [
        ("ServingRuntime", "vllm-multinode-runtime", "runtime", None), ("ServingRuntime", "vllm-multinode-runtime", "workerSpec", None)]  # fmt: skip
    assert [_containers(p) for p in pods] == [
        [("kserve-container", {"cpu": "8", "memory": "24Gi"}, {"cpu": "16", "memory": "48Gi"})],
        [("worker-container", {"cpu": "8", "memory": "24Gi"}, {"cpu": "16", "memory": "48Gi"})],
    ]
    for pod in pods:
        assert pod["workload"]["asWritten"] == "a runtime: KServe merges each InferenceService's model container into it"
        assert pod["workload"]["operator"] == [f"created when the OpenShift Template vllm-multinode-runtime-template is processed {PROCESS}"]
    report = _run(capsys, "lint", path)
    assert [(f["rule"], f["line"], f["object"]["kind"]) for f in report["findings"]] == [("PR133", 80, "ServingRuntime"), ("PR133", 184, "ServingRuntime")]
    assert report["summary"]["pods"] == 2 and report["skipped"] == []


def test_a_runtime_without_resources_is_no_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """vllm-cuda-template.yaml: the runtime's container sets no resources (the InferenceService's come in); before,
    PR138 'sets no cpu or memory request or limit' on the Template found by shape."""
    path = ODH / "config__runtimes__vllm__vllm-cuda-template.yaml"
    report = _run(capsys, "lint", path)
    assert report["findings"] == [] and report["summary"]["pods"] == 1
    [pod] = _run(capsys, "explain", path)["pods"]
    assert (pod["workload"]["kind"], pod["workload"]["name"]) == ("ServingRuntime", "vllm-cuda-runtime")
    assert _containers(pod) == [("kserve-container", {}, {})]


def test_parameters_are_substituted(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the whole template skipped ('${MEMORY_REQUEST}: a template to fill in'), no pod. Processing puts
    each parameter's value in: the namespace ${NAMESPACE} (kept: it holds a parameter), replicas ${{REPLICAS}}
    read as the number 1, requests ${CPU_REQUEST}/${MEMORY_REQUEST} 1/3Gi, limits 2/6Gi."""
    [pod] = _run(capsys, "explain", ROUTER)["pods"]
    workload = pod["workload"]
    assert (workload["kind"], workload["namespace"], workload["name"], workload["replicas"]) == ("Deployment", "vllm-semantic-router-system", "semantic-router", 1)
    assert _containers(pod) == [("semantic-router", {"cpu": "1", "memory": "3Gi"}, {"cpu": "2", "memory": "6Gi"})]
    assert pod["qosClass"] == "Burstable" and workload["asWritten"] is None
    [note] = workload["operator"]
    assert note.startswith(f"created when the OpenShift Template semantic-router is processed {PROCESS}, with the values of its parameters ")
    assert "CPU_REQUEST" in note and "REPLICAS" in note and "LOG_LEVEL" not in note  # LOG_LEVEL: in the ConfigMap only
    report = _run(capsys, "lint", ROUTER)
    assert [(f["rule"], f["line"], f["object"]["namespace"]) for f in report["findings"]] == [("PR133", 111, "vllm-semantic-router-system")]
    assert sorted((s["reason"], s["kind"]) for s in report["skipped"]) == sorted([
        ("no-pods", "Namespace"), ("no-pods", "PersistentVolumeClaim"), ("no-pods", "Service"), ("no-pods", "Service"),
        ("no-pods", "Route"), ("no-pods", "Route"), ("no-pods", "Route"), ("no-pods", "ConfigMap")])  # fmt: skip


def _router_template() -> Document:
    [doc] = [d for d in load_documents(str(ROUTER), ROUTER.read_bytes()) if isinstance(d, Document)]
    return doc


def test_a_parameter_without_a_value_is_a_template_to_fill_in() -> None:
    """The real template with MEMORY_REQUEST's value taken out (a required parameter the user gives): the
    Deployment that uses it is a template to fill in; the others still come out, substituted."""
    doc = _router_template()
    for parameter in doc.data["parameters"]:
        if parameter["name"] == "MEMORY_REQUEST":
            del parameter["value"]
    got = list(decode_workloads(doc.data))
    deployment = [g for g in got if isinstance(g, Skipped) and g.kind == "Deployment"]
    assert [(g.reason, g.pointer) for g in deployment] == [(TEMPLATE, ("objects", 2))]
    assert deployment[0].note is not None and "'${MEMORY_REQUEST}'" in deployment[0].note
    assert not [g for g in got if isinstance(g, Decoded) and g.workload is not None]


def test_a_namespace_that_names_no_parameter_is_stripped() -> None:
    """stripNamespace: a written namespace without ${...} goes; the objects land in the processing namespace."""
    doc = _router_template()
    deployment = doc.data["objects"][2]
    assert deployment["kind"] == "Deployment"
    deployment["metadata"]["namespace"] = "written-here"
    [pod] = [g for g in decode_workloads(doc.data, default_namespace="mine") if isinstance(g, Decoded) and g.workload is not None]
    assert (pod.name, pod.namespace) == ("semantic-router", "mine")
