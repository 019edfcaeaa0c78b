"""Bad input becomes located problems; the other documents still decode."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pod_resources_cli.model.items import ProblemItem, SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import items_of_source
from pod_resources_cli.source.discover import SourceFile

GOOD = """\
apiVersion: v1
kind: Pod
metadata: {name: good}
spec:
  containers:
  - name: app
    resources: {requests: {cpu: 100m}}
"""


def _items(text: str | bytes) -> list[WorkloadItem | ProblemItem]:
    data = text.encode() if isinstance(text, str) else text
    return [i for i in items_of_source(SourceFile("f.yaml", data)) if isinstance(i, (WorkloadItem, ProblemItem))]


def _skipped(text: str | bytes) -> list[tuple[str, str | None, int]]:
    data = text.encode() if isinstance(text, str) else text
    items = items_of_source(SourceFile("f.yaml", data))
    return [(i.reason, i.kind, i.location.line) for i in items if isinstance(i, SkippedItem)]


def _pod(resources: str) -> str:
    return f"""\
apiVersion: v1
kind: Pod
metadata: {{name: bad}}
spec:
  containers:
  - name: app
    resources: {resources}
---
{GOOD}"""


@pytest.mark.parametrize(
    ("resources", "line", "message"),
    [
        ('"abc"', 7, "must be an object, not a string"),
        ("{limits: [1]}", 7, "must be a map of resource names to quantities, not a list"),
        ("{limits: {memory: 1.5.5Gi}}", 7, "invalid quantity '1.5.5Gi'"),
        ("{limits: {memory: 12 Mi}}", 7, "invalid quantity '12 Mi'"),
        ('{limits: {cpu: "1e999999999"}}', 7, "too large"),
        ("{limits: {cpu: [1]}}", 7, "quantity must be a string or a number, not a list"),
        ("{requests: {cpu: true}}", 7, "not a boolean"),
    ],
)
def test_wrong_types_are_located_and_the_next_document_survives(resources: str, line: int, message: str) -> None:
    items = _items(_pod(resources))
    problems = [i for i in items if isinstance(i, ProblemItem)]
    assert len(problems) == 1
    assert message in problems[0].message
    assert problems[0].location.path == "f.yaml" and problems[0].location.line == line
    assert problems[0].object_name == "bad"
    assert [i.workload.ref.name for i in items if isinstance(i, WorkloadItem)] == ["good"]


def test_negative_quantities_decode_for_validation_to_reject() -> None:
    items = _items(_pod("{limits: {memory: -1}}"))
    assert [type(i).__name__ for i in items] == ["WorkloadItem", "WorkloadItem"]


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("kind: Pod\nspec: {containers: [\n", "invalid YAML", 2),
        (GOOD + "---\nkind: Pod\nmetadata: {name: x}\nspec:\n  containers:\n  - name: a\n    name: b\n", "already defined", 14),
        ("kind: Pod\nmetadata: !!python/object:os.system {name: x}\n", "unsupported YAML tag", 2),
        # a lower-case kind with its apiVersion is still a manifest: its parse error is reported
        ("apiVersion: v1\nkind: pod\nspec: {containers: [\n", "invalid YAML", 3),
    ],
)
def test_unparseable_documents(text: str | bytes, message: str, line: int) -> None:
    items = _items(text)
    problems = [i for i in items if isinstance(i, ProblemItem)]
    assert problems, items
    assert message in problems[0].message
    assert problems[0].location.line == line


@pytest.mark.parametrize(
    ("text", "skipped"),
    [
        ("- just\n- a list\n---\n" + GOOD, [("not-kubernetes", None, 1)]),
        ("plain scalar\n---\n" + GOOD, [("not-kubernetes", None, 1)]),
        ("site_name: docs\ntheme: !ENV THEME\n---\n" + GOOD, [("unparseable", None, 2)]),
        ('{\n  // a comment\n  "name": "dev"\n}\n', [("unparseable", None, 3)]),
        # another tool's format: a lower-case top-level kind and no apiVersion (an MLRun function, a Polyaxonfile)
        ("kind: job\nmetadata: {name: f\nspec: {image: mlrun/mlrun}\n", [("unparseable", None, 3)]),
        ("version: 1.1\nkind: 'operation'  # hyperparameter search\nmatrix:\n  kind: random\n    numRuns: 5\n", [("unparseable", None, 5)]),
        ("apiVersion: v1\nkind: Service\nmetadata: {name: s}\n---\n" + GOOD, [("no-pods", "Service", 1)]),
        ("kind: Deployment\nmetadata: {name: x}\nspec:\n  replicas: {{ .Values.replicas }}\n", [("template", None, 4)]),
        ("name: x\nkind: 3\n", [("not-kubernetes", None, 1)]),
        # A name or namespace the API server refuses as written, being a template action: text for a template engine.
        ('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: "{{ .Release.Namespace }}"\nspec:\n  replicas: "{{ .Values.n }}"\n', [("template", "Deployment", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: '{{ pod_name }}'}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: batch/v1\nkind: Job\nmetadata: {generateName: '{{ .Values.prefix }}-'}\nspec: {}\n", [("template", "Job", 1)]),
        # Placeholders a program or envsubst fills in: no DNS name holds `$`, `_`, `@`, `<` or upper case.
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: FILLED_BY_VALIDATOR}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        # Python's str.format fields (kubeflow/notebooks' notebook_template.yaml), unquoted (YAML's {name: null}) or quoted
        ("apiVersion: kubeflow.org/v1\nkind: Notebook\nmetadata:\n  name: {name}\n  namespace: {namespace}\nspec: {template: {spec: {containers: [{name: {name}}]}}}\n",
         [("template", "Notebook", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: '{name}'}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: '${NAMESPACE}'}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: 'web-$SUFFIX'}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: '@POD_NAME@'}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: __NAME__}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: <your-namespace>}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        ("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: <YOU APPLICATION NAMESPACE>}\nspec: {containers: [{name: a}]}\n", [("template", "Pod", 1)]),
        (b"\xff\xfe\x00garbage", [("not-kubernetes", None, 1)]),  # UTF-16: one scalar
    ],
)
def test_what_is_not_a_kubernetes_object_is_skipped_with_its_reason(text: str | bytes, skipped: list[tuple[str, str | None, int]]) -> None:
    assert _skipped(text) == skipped
    assert [type(i).__name__ for i in _items(text)] == (["WorkloadItem"] if isinstance(text, str) and GOOD in text else [])


@pytest.mark.parametrize(
    "text",
    [  # template actions elsewhere are a value like any other (Argo's parameters, a Prometheus rule's labels)
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {a: '{{ x }}'}}\nspec: {containers: [{name: a, args: ['{{inputs.parameters.m}}']}]}\n",
        "apiVersion: v1\nkind: Pod\nmetadata: {name: 'p{{', namespace: '}}x'}\nspec: {containers: [{name: a}]}\n",  # no action: braces only
        "apiVersion: v1\nkind: Pod\nmetadata: {name: MyApp, namespace: PROD}\nspec: {containers: [{name: a}]}\n",  # a mistake, no placeholder
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {a: '<b> <c>'}}\nspec: {containers: [{name: a}]}\n",  # a label
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {owner: TEAM_A}}\nspec: {containers: [{name: a}]}\n",  # a label, not a name
    ],
)
def test_only_a_templated_name_or_namespace_makes_a_template(text: str) -> None:
    assert _skipped(text) == []
    items = list(_items(text))
    if "p{{" in text or "MyApp" in text:  # no template, but a name the API server refuses (ValidatePodName): an error, no pod
        assert [(type(i).__name__, i.message.split(":")[0]) for i in items] == [("ProblemItem", "Invalid value")]
    else:
        assert [type(i).__name__ for i in items] == ["WorkloadItem"]


@pytest.mark.parametrize("text", ["", "\n\n", "---\n---\n", "# only a comment\n"])
def test_empty_input_yields_nothing(text: str) -> None:
    assert _items(text) == []


def test_every_workload_kind_and_lists() -> None:
    kinds = {
        "Deployment": "spec: {replicas: 2, template: {spec: {containers: [{name: a}]}}}",
        "StatefulSet": "spec: {template: {spec: {containers: [{name: a}]}}}",
        "DaemonSet": "spec: {template: {spec: {containers: [{name: a}]}}}",
        "ReplicaSet": "spec: {template: {spec: {containers: [{name: a}]}}}",
        "ReplicationController": "spec: {template: {spec: {containers: [{name: a}]}}}",
        "Job": "spec: {parallelism: 3, template: {spec: {containers: [{name: a}]}}}",
        "CronJob": "spec: {jobTemplate: {spec: {template: {spec: {containers: [{name: a}]}}}}}",
        "PodTemplate": "template: {spec: {containers: [{name: a}]}}",
        "Service": "spec: {ports: [{port: 80}]}",
    }
    text = "\n---\n".join(f"kind: {k}\nmetadata: {{name: {k.lower()}}}\n{body}" for k, body in kinds.items())
    text += "\n---\nkind: List\nitems:\n- kind: Pod\n  metadata: {name: in-list}\n  spec: {containers: [{name: a}]}\n"
    items = [i for i in _items(text) if isinstance(i, WorkloadItem)]
    got = [(i.workload.ref.kind, i.workload.ref.replicas) for i in items]
    assert got == [
        ("Deployment", 2), ("StatefulSet", 1), ("DaemonSet", None), ("ReplicaSet", 1),
        ("ReplicationController", 1), ("Job", 3), ("CronJob", None), ("PodTemplate", None), ("Pod", None),
    ]
    assert items[-1].location.line == text.splitlines().index("- kind: Pod") + 1


@pytest.mark.parametrize(
    ("doc", "found"),
    [
        ("apiVersion: batch.volcano.sh/v1alpha1\nkind: Job\nmetadata: {name: v}\nspec: {tasks: []}\n", False),
        ("apiVersion: batch/v1\nkind: Job\nmetadata: {name: j}\nspec: {template: {spec: {containers: [{name: a}]}}}\n", True),
        ("apiVersion: example.com/v1\nkind: Deployment\nmetadata: {name: crd}\nspec: {}\n", False),
        ("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: gone}\n$patch: delete\n", False),
        ("kind: Pod\nmetadata: {name: no-api-version}\nspec: {containers: [{name: a}]}\n", True),
    ],
)
def test_kinds_of_other_api_groups_and_patches_are_skipped(doc: str, found: bool) -> None:
    items = _items(doc)
    assert [type(i).__name__ for i in items] == (["WorkloadItem"] if found else [])
    assert len(_skipped(doc)) == (0 if found else 1)


@pytest.mark.parametrize("text", ["kind: Pod\nmetadata: {name: x\n", "kind: Pod\nmetadata: {name: x"])
def test_an_error_at_the_end_of_input_points_inside_the_file(text: str) -> None:
    (problem,) = [i for i in _items(text) if isinstance(i, ProblemItem)]
    assert (problem.location.line, problem.location.column) == (2, 19)


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_json_strings_keep_characters_yaml_reads_as_line_breaks(char: str) -> None:
    """kubectl decodes JSON as JSON: NEL/LS/PS stay in the value. YAML 1.1 folds
    NEL inside a quoted scalar to a space (and keeps LS/PS)."""
    from pod_resources_cli.source.yamldoc import Document, load_documents

    (as_json,) = load_documents("x.json", f'{{"metadata": {{"name": "a{char}b"}}}}'.encode())
    assert isinstance(as_json, Document) and as_json.data == {"metadata": {"name": f"a{char}b"}}
    (as_yaml,) = load_documents("x.yaml", f'metadata: {{name: "a{char}b"}}\n'.encode())
    folded = "a b" if char == "\x85" else f"a{char}b"
    assert isinstance(as_yaml, Document) and as_yaml.data == {"metadata": {"name": folded}}


def test_json_lone_surrogate_escapes_read_as_replacement_characters() -> None:
    """Go's JSON decoder turns an unpaired \\ud800 into U+FFFD; a lone surrogate
    would make every text output fail to encode."""
    from pod_resources_cli.source.yamldoc import Document, load_documents

    text = b'{"kind": "Pod", "metadata": {"name": "a\\ud800", "labels": {"\\udfff": "\\ud83d\\ude00"}}}'
    (doc,) = load_documents("x.json", text)
    assert isinstance(doc, Document)
    assert doc.data["metadata"] == {"name": "a\ufffd", "labels": {"\ufffd": "\U0001f600"}}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("-1", "must be greater than or equal to 0, not -1"),
        # beyond int64 YAML gives a float64 (sigs.k8s.io/yaml), so the API sees 1e+23
        ("99999999999999999999999", "99999999999999991611392 does not fit the API's int32 (at most 2147483647)"),
        ("1e12", "1000000000000 does not fit the API's int32 (at most 2147483647)"),
    ],
)
def test_replicas_the_api_server_cannot_take_are_located(value: str, message: str) -> None:
    text = f"apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web}}\nspec:\n  replicas: {value}\n  template:\n    spec:\n      containers: [{{name: a, image: x}}]\n"
    items = list(items_of_source(SourceFile("d.yaml", text.encode())))
    [problem] = [i for i in items if isinstance(i, ProblemItem)]
    assert (problem.location.line, problem.message, problem.field) == (5, message, "spec.replicas")
    assert not [i for i in items if isinstance(i, WorkloadItem)]


def test_a_million_character_quantity_is_quoted_cut_short() -> None:
    (problem,) = [i for i in _items(_pod("{limits: {memory: " + "9" * 1_000_000 + "x}}")) if isinstance(i, ProblemItem)]
    assert len(problem.message) < 400 and "(1000001 characters)" in problem.message


TERRASCAN_HOOK = Path(__file__).parent / "data" / "real" / "tenable__terrascan" / "integrations__argocd__examples__presynchook-webhook.yml"


def test_a_placeholder_of_words_in_angle_brackets_makes_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    """tenable/terrascan's Argo CD PreSync hook example: a Job in ``namespace: <YOU APPLICATION NAMESPACE>``
    (image ``<CUSTOM PRESYNC HOOK IMAGE>``) that its users fill in; it was explained as a Guaranteed pod of
    namespace '<YOU APPLICATION NAMESPACE>' (1 CPU, 256Mi), while ``<TERRASCAN_NAMESPACE>`` beside it made a template."""
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(TERRASCAN_HOOK)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    [skipped] = report["skipped"]
    assert skipped["reason"] == "template" and skipped["line"] == 1
    assert skipped["kind"] == "Job"
    assert skipped["note"] == "metadata.namespace holds '<YOU APPLICATION NAMESPACE>': a template to fill in, not an object applied as written"


CLUSTER_TOOLKIT = Path(__file__).parent / "data" / "real" / "GoogleCloudPlatform__cluster-toolkit"


def test_an_extended_resource_written_as_an_angle_bracket_placeholder_makes_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    """GoogleCloudPlatform/cluster-toolkit's TPU 7x test Pod asks ``google.com/tpu: <CHIPS_PER_NODE>`` and its
    COS NVIDIA bug-report Pod ``nvidia.com/gpu: "<number_of_gpus>"`` (``# TODO: Replace``): values for the reader
    to write in before applying, reported as 4 PR002 invalid quantities; each Pod is a template, skipped with the field."""
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", "--show-skipped", str(CLUSTER_TOOLKIT)])
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    skipped = {Path(s["path"]).name: (s["reason"], s["kind"], s["line"], s["note"]) for s in report["skipped"]}
    assert skipped == {
        "community__cos-nvidia-bug-report__bug-report-pod.yaml": (
            "template", "Pod", 15,
            "spec.containers[0].resources.requests[nvidia.com/gpu] holds '<number_of_gpus>': a template to fill in, not an object applied as written",
        ),
        "examples__gke-tpu-7x__gke-tpu-7x-job.yaml": (
            "template", "Pod", 19,
            "spec.containers[0].resources.requests[google.com/tpu] holds '<CHIPS_PER_NODE>': a template to fill in, not an object applied as written",
        ),
    }  # fmt: skip


@pytest.mark.parametrize("value", ["4<CHIPS>", "<CHIPS> 4", "<>"])
def test_a_quantity_with_angle_brackets_among_other_text_is_still_invalid(value: str) -> None:
    problems = [i for i in _items(_pod("{limits: {google.com/tpu: '" + value + "'}}")) if isinstance(i, ProblemItem)]
    assert [(p.kind, p.field) for p in problems] == [("decode", "spec.containers[0].resources.limits[google.com/tpu]")]
    assert "invalid quantity" in problems[0].message
