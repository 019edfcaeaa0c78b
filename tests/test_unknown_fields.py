"""PR004: a key that names no field of its Kubernetes type is reported where
it is written, as strict field validation (``kubectl apply``'s default)
rejects it; the object is then not analysed further. Also: the field table
(``data/openapi_fields.json``) is in step with its generator, and no field
of the real manifests in ../shared/corpus is reported unless Kubernetes 1.37
really does not know it."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.model.decode import fields
from pod_resources_cli.model.decode.fields import parse_schema, schema, suggestion, unknown_fields, workload_unknown_fields
from pod_resources_cli.model.decode.pod import decode_pod
from pod_resources_cli.model.decode.problems import Problems
from tests.lint_support import lint_text

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "pod_resources_cli" / "data" / "openapi_fields.json"
CORPUS = ROOT.parent / "shared" / "corpus"
PR004_ONLY = LintConfig(select=frozenset({"PR004"}))

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 500m, memory: 256Mi}
          limits: {cpu: "1", memory: 256Mi}
"""
POD = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  initContainers:
  - name: init
    image: busybox
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 500m}
"""


def _replace(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


# name, manifest, expected (line, column, field, message start)
CASES: list[tuple[str, str, list[tuple[int, int, str, str]]]] = [
    (
        "request",
        _replace(DEPLOYMENT, "          requests:", "          request:"),
        [(15, 11, "spec.template.spec.containers[0].resources.request", 'unknown field "request" (did you mean "requests"?)')],
    ),
    (
        "limts",
        _replace(DEPLOYMENT, "          limits:", "          limts:"),
        [(16, 11, "spec.template.spec.containers[0].resources.limts", 'unknown field "limts" (did you mean "limits"?)')],
    ),
    (
        "resource",
        _replace(DEPLOYMENT, "        resources:", "        resource:"),
        [(14, 9, "spec.template.spec.containers[0].resource", 'unknown field "resource" (did you mean "resources"?)')],
    ),
    (
        "resourecs",
        _replace(POD, "    resources:", "    resourecs:"),
        [(11, 5, "spec.containers[0].resourecs", 'unknown field "resourecs" (did you mean "resources"?)')],
    ),
    (
        "containres",
        _replace(POD, "  containers:", "  containres:"),
        [(8, 3, "spec.containres", 'unknown field "containres" (did you mean "containers"?)')],
    ),
    (
        "initContainer",
        _replace(POD, "  initContainers:", "  initContainer:"),
        [(5, 3, "spec.initContainer", 'unknown field "initContainer" (did you mean "initContainers"?)')],
    ),
    (
        "case matters",
        _replace(POD, "    resources:", "    Resources:"),
        [(11, 5, "spec.containers[0].Resources", 'unknown field "Resources" (did you mean "resources"?)')],
    ),
    (
        "workload level",
        _replace(DEPLOYMENT, "  replicas: 2", "  replica: 2"),
        [(6, 3, "spec.replica", 'unknown field "replica" (did you mean "replicas"?)')],
    ),
    (
        "no suggestion",
        _replace(POD, "      requests: {cpu: 500m}", "      requests: {cpu: 500m}\n      cpu: 500m"),
        [(13, 7, "spec.containers[0].resources.cpu", 'unknown field "cpu"; kubectl apply')],
    ),
    (
        "two in one object, in a list",
        _replace(_replace(POD, "    image: busybox", "    image: busybox\n    resource: {}"), "    resources:", "    resorces:"),
        [
            (8, 5, "spec.initContainers[0].resource", 'unknown field "resource" (did you mean "resources"?)'),
            (12, 5, "spec.containers[0].resorces", 'unknown field "resorces" (did you mean "resources"?)'),
        ],
    ),
    (
        "a flow mapping",
        _replace(DEPLOYMENT, "requests: {cpu: 500m, memory: 256Mi}", "requests: {cpu: 500m, memroy: 256Mi}\n          claim: []"),
        [(16, 11, "spec.template.spec.containers[0].resources.claim", 'unknown field "claim" (did you mean "claims"?)')],
    ),
    ("valid deployment", DEPLOYMENT, []),
    ("valid pod", POD, []),
]


def _lint_json(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "manifest.yaml"
    path.write_text(text, encoding="utf-8")
    code = main(["lint", "--no-config", "--format", "json", *extra, str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    report: dict[str, Any] = json.loads(out)
    return code, report


@pytest.mark.parametrize(("name", "text", "expected"), CASES, ids=[c[0] for c in CASES])
def test_unknown_field_is_reported_where_it_is_written(
    name: str, text: str, expected: list[tuple[int, int, str, str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, report = _lint_json(tmp_path, text, capsys)
    found = [
        (f["line"], f["column"], f["field"], f["message"])
        for f in report["findings"]
        if f["rule"] == "PR004"
    ]
    assert [(line, column, field) for line, column, field, _ in found] == [(line, column, field) for line, column, field, _ in expected]
    for (_, _, _, message), (_, _, _, start) in zip(found, expected):
        assert message.startswith(start), message
        assert message.endswith("kubectl apply rejects the object (strict field validation)")
    if expected:
        assert code == 1
        assert all(f["rule"] == "PR004" and f["severity"] == "error" for f in report["findings"]), "the object is not analysed further"


@pytest.mark.parametrize(
    ("key", "type_name", "expected"),
    [
        ("request", "ResourceRequirements", "requests"),
        ("limts", "ResourceRequirements", "limits"),
        ("limit", "ResourceRequirements", "limits"),
        ("resource", "Container", "resources"),
        ("resourecs", "Container", "resources"),
        ("Resources", "Container", "resources"),
        ("ENV", "Container", "env"),  # case only: always offered, however short
        ("containres", "PodSpec", "containers"),
        ("initContainer", "PodSpec", "initContainers"),
        ("nodeselector", "PodSpec", "nodeSelector"),
        ("replica", "DeploymentSpec", "replicas"),
        # genuinely different names: no suggestion
        ("cpu", "ResourceRequirements", None),
        ("memory", "ResourceRequirements", None),
        ("labels", "PodSpec", None),
        ("annotations", "PodTemplateSpec", None),
        ("volumes", "Container", None),  # a PodSpec field one level too deep
        ("schedule", "JobSpec", None),  # a CronJobSpec field in the wrong place
        ("containers", "PodTemplateSpec", None),  # spec: forgotten
    ],
)
def test_did_you_mean(key: str, type_name: str, expected: str | None) -> None:
    assert suggestion(key, schema().types[type_name]) == expected
    (problem,) = unknown_fields({key: 1}, type_name, ("x",))
    assert problem.pointer == ("x", key) and problem.rule == "PR004"
    assert ("did you mean" in problem.message) == (expected is not None)


def _every_field(type_name: str) -> dict[str, Any]:
    """An object that writes every field of a type, kept types filled in recursively."""
    ftype = schema().types[type_name]
    value: dict[str, Any] = {name: "x" for name in ftype.names}
    for field, shape, target in ftype.children:
        inner = _every_field(target.name)
        value[field] = [inner, inner] if shape == fields._LIST else {"k": inner} if shape == fields._MAP else inner
    return value


@pytest.mark.parametrize("type_name", sorted(schema().types))
def test_every_known_field_is_accepted(type_name: str) -> None:
    assert list(unknown_fields(_every_field(type_name), type_name, ())) == []


def test_the_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A field missing from the table is reported: the accepting tests above could fail."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["types"]["ResourceRequirements"]["fields"].remove("requests")
    monkeypatch.setattr(fields, "schema", lambda: parse_schema(data))
    found = list(unknown_fields(_every_field("Deployment"), "Deployment", ()))
    spec = ("spec", "template", "spec")
    containers = [(*spec, key, i, "resources", "requests") for key in ("containers", "ephemeralContainers", "initContainers") for i in (0, 1)]
    assert [p.pointer for p in found] == [*containers, (*spec, "resources", "requests")]  # in document order


def test_not_walked_where_the_tool_does_not_look() -> None:
    """metadata, status and untracked parts of the spec are the API server's business."""
    obj = {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": "p", "lables": {}},
        "spec": {"containers": [{"name": "a", "livenessProbe": {"htpGet": {}}}], "affinity": {"nodeAfinity": {}}},
        "status": {"phaze": "Running"},
    }
    assert list(workload_unknown_fields(obj, ())) == []


def test_wrong_shapes_are_left_to_the_type_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _replace(POD, "  containers:\n  - name: app", "  containers:\n    name: app")
    _, report = _lint_json(tmp_path, text, capsys)
    assert [f["rule"] for f in report["findings"]] == ["PR002"]  # "must be a list", not unknown fields of a container


@pytest.mark.parametrize(
    ("api_version", "expected"),
    [
        ("apps/v1", ["spec.rollbackTo", "spec.template.spec.containers[0].resource"]),
        (None, ["spec.rollbackTo", "spec.template.spec.containers[0].resource"]),  # a snippet: today's type
        # no release serves these (PR006): kubectl apply refuses the object before any field is looked at
        ("extensions/v1beta1", []),
        ("apps/v1beta1", []),
    ],
)
def test_older_api_versions_are_not_served_so_no_field_is_checked(api_version: str | None, expected: list[str]) -> None:
    lines = [] if api_version is None else [f"apiVersion: {api_version}"]
    text = "\n".join([*lines, "kind: Deployment", "metadata: {name: old}", "spec:", "  rollbackTo: {revision: 1}", "  template:",
                      "    spec:", "      containers: [{name: a, image: b, resource: {}}]", ""])  # fmt: skip
    found = [f.field for f in lint_text(text, config=PR004_ONLY).findings]
    assert found == expected


def test_custom_resources_are_not_checked() -> None:
    """A custom resource's schema may keep unknown fields: only built-in kinds are checked."""
    text = """\
apiVersion: batch.volcano.sh/v1alpha1
kind: Job
metadata: {name: vc}
spec:
  tasks:
  - name: t
    replicas: 1
    template:
      spec:
        containers: [{name: a, image: b, resource: {}}]
"""
    assert lint_text(text, config=PR004_ONLY).findings == []


def test_reported_once_with_kubernetes_own_test_data() -> None:
    """kubernetes/hack/testdata/invalid-deployment-unknown-and-duplicate-fields.yaml
    (which ``kubectl apply --validate=strict`` rejects with ``unknown field
    "spec.baz"``, ``unknown field "spec.foo"``), without its duplicate key."""
    text = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: invalid-nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  foo: bar
  baz: baq
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
"""
    result = lint_text(text)
    assert [(f.rule, f.location.line, f.location.column, f.field) for f in result.findings] == [
        ("PR004", 9, 3, "spec.foo"),
        ("PR004", 10, 3, "spec.baz"),
    ]
    assert result.findings[0].object is not None and result.findings[0].object.kind == "Deployment"


def test_decode_pod_checks_the_schema_it_is_given() -> None:
    template = {"metadata": {}, "spec": {"containers": [{"name": "a", "resources": {"request": {}}}]}}
    for schema_name, pointer in (("PodTemplateSpec", ("spec", "template")), (None, ("spec", "template"))):
        problems = Problems()
        decode_pod(template, pointer, problems, name="x", namespace=None, schema=schema_name)
        expected = [("spec", "template", "spec", "containers", 0, "resources", "request")] if schema_name else []
        assert [p.pointer for p in problems.items] == expected
        assert all(p.rule == "PR004" for p in problems.items)
    problems = Problems()
    decode_pod({"kind": "Pod", "spec": {"containres": []}}, (), problems, name="x", namespace=None, schema="Pod")
    assert [(p.pointer, p.rule) for p in problems.items] == [(("spec", "containres"), "PR004")]


def test_ignoring_pr004_reports_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = _replace(DEPLOYMENT, "          requests:", "          request:")
    code, report = _lint_json(tmp_path, text, capsys, "--ignore", "PR004")
    assert code == 0 and report["findings"] == []
    code, report = _lint_json(tmp_path, text, capsys, "--select", "PR002")
    assert code == 0 and report["findings"] == []  # PR002 is not PR004


def test_explain_refuses_such_a_pod(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pod.yaml"
    path.write_text(_replace(POD, "      requests:", "      request:"), encoding="utf-8")
    good = tmp_path / "good.yaml"
    good.write_text(POD, encoding="utf-8")
    code = main(["explain", "-o", "json", str(path), str(good)])
    out, err = capsys.readouterr()
    assert code == 2
    report = json.loads(out)
    assert len(report["pods"]) == 1 and report["pods"][0]["source"]["path"] == str(good)
    (problem,) = report["problems"]
    assert (problem["path"], problem["line"], problem["column"]) == (str(path), 12, 7)
    assert problem["message"].startswith('unknown field "request" (did you mean "requests"?)')
    assert f'{path}:12:7: error: unknown field "request"' in err

    code = main(["explain", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and f"{path}:12:7: error: unknown field" in err and "QoS" not in out


# -- the field table and its generator ------------------------------------------------------
def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_openapi_fields", ROOT / "scripts" / "gen_openapi_fields.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_checked_in_table_is_the_generators_output() -> None:
    gen = _generator()
    text = DATA.read_text(encoding="utf-8")
    document = json.loads(text)
    assert gen.render(document) == text, "openapi_fields.json was edited by hand: rerun scripts/gen_openapi_fields.py"
    assert fields.load_data(DATA.read_bytes()) == document  # read without the json module, to the same value
    with pytest.raises(ValueError):
        fields.load_data(b'{"format": 1, "types": {}, "flag": true}')
    assert document["format"] == gen.FORMAT == fields.DATA_FORMAT
    assert (document["client"], document["kubernetes"]) == (gen.DEFAULT_VERSION, "1.37")
    assert sorted(document["types"]) == sorted(gen.KEPT)
    assert len(text) < 8000
    loaded = schema()
    assert (loaded.client, loaded.kubernetes) == ("37.0.2", "1.37")
    assert set(fields.BUILTIN_KINDS) <= set(loaded.types)
    for name, entry in document["types"].items():
        assert entry["fields"] == sorted(entry["fields"]) and set(entry["refs"]) <= set(entry["fields"]), name
    # what the tool reads is there
    assert {"requests", "limits", "claims"} == set(document["types"]["ResourceRequirements"]["fields"])
    assert document["types"]["PodSpec"]["refs"]["initContainers"] == "[]Container"
    assert document["types"]["CronJobSpec"]["refs"]["jobTemplate"] == "JobTemplateSpec"


def _fake_client(root: Path, *, new_style: bool) -> Path:
    """A kubernetes package as the client generator writes it (old: ``list[V1X]``
    and ``dict(str, V1X)`` in plain class attributes; new: ``List[...]`` and
    ``Dict[...]`` as ClassVars, and the container claim named CoreV1ResourceClaim)."""
    gen = _generator()
    package = root / "kubernetes"
    models = package / "client" / "models"
    models.mkdir(parents=True)
    (package / "__init__.py").write_text('__version__ = "99.1.0"\n')
    (package / "client" / "__init__.py").write_text('"""\n    The version of the OpenAPI document: release-1.99\n"""\n__version__ = "99.1.0"\n')
    lst, dct = ("List[{}]", "Dict[str, {}]") if new_style else ("list[{}]", "dict(str, {})")
    special: dict[str, dict[str, tuple[str, str]]] = {
        "PodSpec": {
            "containers": ("containers", lst.format("V1Container")),
            "init_containers": ("initContainers", lst.format("V1Container")),
            "node_selector": ("nodeSelector", dct.format("str")),
            "by_name": ("byName", dct.format("V1Container")),
            "affinity": ("affinity", "V1Affinity"),
        },
        "Container": {"resources": ("resources", "V1ResourceRequirements"), "name": ("name", "str")},
        "ResourceRequirements": {"claims": ("claims", lst.format(("CoreV1" if new_style else "V1") + "ResourceClaim"))},
    }
    lines = []
    for name in gen.KEPT:
        cls = ("CoreV1" if new_style and name == "ResourceClaim" else "V1") + name
        module = "core_v1_resource_claim" if cls == "CoreV1ResourceClaim" else "v1_" + "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")
        attrs = special.get(name, {"kind": ("kind", "str"), "api_version": ("apiVersion", "str")})
        types = {a: t for a, (_, t) in attrs.items()}
        names = {a: j for a, (j, _) in attrs.items()}
        if new_style:
            body = f"    openapi_types: ClassVar[Dict[str, str]] = {types!r}\n    attribute_map: ClassVar[Dict[str, str]] = {names!r}\n"
        else:
            body = f"    openapi_types = {types!r}\n\n    attribute_map = {names!r}\n"
        (models / f"{module}.py").write_text(f"class {cls}(object):\n    x = 1\n{body}")
        lines.append(f"from kubernetes.client.models.{module} import {cls}")
    if new_style:  # the DRA ResourceClaim must not be taken for the container's
        (models / "resource_v1_resource_claim.py").write_text("class ResourceV1ResourceClaim:\n    openapi_types = {}\n    attribute_map = {}\n")
        lines.append("from kubernetes.client.models.resource_v1_resource_claim import ResourceV1ResourceClaim")
    (models / "__init__.py").write_text("\n".join(lines) + "\n")
    return package


@pytest.mark.parametrize("new_style", [False, True], ids=["old-client", "new-client"])
def test_generator_reads_both_client_styles(new_style: bool, tmp_path: Path) -> None:
    gen = _generator()
    document = gen.generate(_fake_client(tmp_path, new_style=new_style))
    assert (document["client"], document["kubernetes"]) == ("99.1.0", "1.99")
    types = document["types"]
    assert types["PodSpec"] == {
        "fields": ["affinity", "byName", "containers", "initContainers", "nodeSelector"],
        "refs": {"byName": "map[string]Container", "containers": "[]Container", "initContainers": "[]Container"},
    }
    assert types["Container"]["refs"] == {"resources": "ResourceRequirements"}
    assert types["ResourceRequirements"]["refs"] == {"claims": "[]ResourceClaim"}
    parsed = parse_schema(document)  # what fields.py reads, map shape included
    assert parsed.types["PodSpec"].child_of["byName"][1].name == "Container"


def test_generator_command_writes_and_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The whole command on a wheel (no download): write, then --check."""
    gen = _generator()
    package = _fake_client(tmp_path / "src", new_style=True)
    wheel = tmp_path / "kubernetes-99.1.0-py2.py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path in sorted(package.rglob("*.py")):
            archive.write(path, str(path.relative_to(package.parent)))
    out = tmp_path / "openapi_fields.json"
    assert gen.main(["--wheel", str(wheel), "--output", str(out)]) == 0
    assert json.loads(out.read_text())["client"] == "99.1.0"
    assert gen.main(["--wheel", str(wheel), "--output", str(out), "--check"]) == 0
    out.write_text(out.read_text().replace('"byName", ', ""))
    assert gen.main(["--wheel", str(wheel), "--output", str(out), "--check"]) == 1
    capsys.readouterr()


# -- real manifests ---------------------------------------------------------------------------
# Every field of ../shared/corpus that Kubernetes 1.37 does not know, each
# checked by hand: Kubernetes' own test data for strict decoding (the file
# also repeats ``replicas``: a plain file, so lint reports its repeated key as
# PR005 and reads the document with the last value, as kubectl apply -f does).
KNOWN_UNKNOWN = {
    ("kubernetes__kubernetes/hack__testdata__invalid-deployment-unknown-and-duplicate-fields.yaml", "spec.baz"),
    ("kubernetes__kubernetes/hack__testdata__invalid-deployment-unknown-and-duplicate-fields.yaml", "spec.foo"),
}
needs_corpus = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS} (a fresh clone has no ../shared)")


def _corpus_objects() -> Iterator[tuple[str, dict[str, Any]]]:
    import yaml

    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml", ".json")):
        try:
            documents = list(yaml.load_all(path.read_bytes(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
        except yaml.YAMLError:
            continue  # templates: PR001's business
        for doc in documents:
            items = doc.get("items") if isinstance(doc, dict) and isinstance(doc.get("items"), list) else [doc]
            for obj in items:
                if isinstance(obj, dict) and "$patch" not in obj:  # kustomize patches are skipped
                    yield str(path.relative_to(CORPUS)), obj


@needs_corpus
def test_corpus_fields_are_known_to_kubernetes() -> None:
    from pod_resources_cli.location import format_field_path

    found = {(path, format_field_path(p.pointer)) for path, obj in _corpus_objects() for p in workload_unknown_fields(obj, ())}
    assert found == KNOWN_UNKNOWN


@needs_corpus
def test_lint_reports_no_unknown_field_in_the_corpus(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["lint", "--no-config", "--select", "PR001,PR004,PR005", "--format", "json", str(CORPUS)])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    report = json.loads(out)
    hits = {(str(Path(f["path"]).relative_to(CORPUS)), f["field"]) for f in report["findings"] if f["rule"] == "PR004"}
    assert hits <= KNOWN_UNKNOWN
    duplicate = {str(Path(f["path"]).relative_to(CORPUS)) for f in report["findings"] if f["rule"] == "PR005"}
    assert {path for path, _ in KNOWN_UNKNOWN} <= duplicate  # the repeated key, beside the two unknown fields
