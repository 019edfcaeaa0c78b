"""The loader: documents, positions, scalars as Kubernetes reads them, streaming pieces."""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.source.discover import expand_paths, load_path
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.scalars import resolve_plain
from pod_resources_cli.source.split import iter_pieces
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents, load_piece, load_stream


def docs(text: str | bytes, limits: Limits = Limits()) -> list[Document | ParseFailure]:
    data = text.encode() if isinstance(text, str) else text
    return list(load_documents("f.yaml", data, limits))


def only(text: str | bytes) -> Document:
    (doc,) = docs(text)
    assert isinstance(doc, Document), doc
    return doc


def failure(text: str | bytes, limits: Limits = Limits()) -> ParseFailure:
    out = [d for d in docs(text, limits) if isinstance(d, ParseFailure)]
    assert len(out) == 1, out
    return out[0]


POD = """\
# leading comment
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    resources:
      requests: {cpu: 100m, memory: 1Gi}
  - name: side
    image: x
"""


def test_positions_point_at_keys_and_items() -> None:
    doc = only(POD)
    assert doc.line == 2
    assert doc.location(("spec",)).line == 6
    # A list item's mapping starts at its first key.
    assert (doc.location(("spec", "containers", 0)).line, doc.location(("spec", "containers", 0)).column) == (8, 5)
    loc = doc.location(("spec", "containers", 0, "resources", "requests", "memory"))
    assert (loc.line, loc.column) == (10, 29)
    assert doc.location(("spec", "containers", 1, "image")).line == 12
    # A pointer past what exists resolves to the deepest existing part.
    assert doc.location(("spec", "containers", 1, "resources", "limits")).line == 11
    assert doc.location(("nope",)).line == 2


def test_multi_document_lines_indexes_and_empty_documents() -> None:
    out = docs("# c\n---\n---\na: 1\n---\n\n\nb: [1, 2]\n...\n")
    assert [(d.index, d.line, d.data) for d in out if isinstance(d, Document)] == [(1, 4, {"a": 1}), (2, 8, {"b": [1, 2]})]
    assert [d.location(("b", 1)).column for d in out if isinstance(d, Document)][1] == 8


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1e3", 1000.0), ("08", 8.0), ("0o17", 15), ("0x1F", 31), ("0b101", 5), ("-0b101", -5), ("017", 15),
        ("1_000", 1000), ("yes", True), ("Off", False), ("~", None), ("null", None), ("2024-01-01", "2024-01-01"),
        ("1:20", "1:20"), (".5", 0.5), ("1.", 1.0), ("100m", "100m"), ("1Gi", "1Gi"), ("1e400", "1e400"),
        ("18446744073709551615", 18446744073709551615), ("-9223372036854775809", -9.223372036854776e18),
        ("99999999999999999999", 1e20), ("nan", "nan"), (".inf", math.inf),
    ],
)
def test_plain_scalars_resolve_like_sigs_yaml(text: str, value: Any) -> None:
    got = resolve_plain(text)
    assert got == value and type(got) is type(value)


def test_merge_key_text_outside_a_key_is_a_string() -> None:
    assert only("a: <<\nb: [<<]\n").data == {"a": "<<", "b": ["<<"]}


def test_quoted_and_tagged_scalars() -> None:
    doc = only("a: '1'\nb: \"yes\"\nc: !!str 5\nd: !!int '7'\ne: !!float 2\nf: |\n  text\n")
    assert doc.data == {"a": "1", "b": "yes", "c": "5", "d": 7, "e": 2.0, "f": "text\n"}


def test_huge_integers_stay_text_or_int_without_error() -> None:
    digits = "9" * 5000
    doc = only(f"a: {digits}\nb: {'9' * 400}\n")
    assert doc.data["a"] == digits
    assert doc.data["b"] == int("9" * 400)


def test_non_string_keys_become_json_keys() -> None:
    assert only("1: a\ntrue: b\nnull: c\n1.5: d\n1e21: e\n").data == {"1": "a", "true": "b", "null": "c", "1.5": "d", "1e+21": "e"}
    assert only("on: push\n").data == {"true": "push"}


def test_anchors_aliases_and_merge_keys() -> None:
    doc = only("base: &b {cpu: 1, memory: 2}\nuse: *b\nmerged:\n  <<: *b\n  cpu: 3\nlist:\n  <<: [{x: 1}, {x: 2, z: 2}]\n")
    assert doc.data["use"] == {"cpu": 1, "memory": 2}
    assert doc.data["merged"] == {"cpu": 3, "memory": 2}
    assert doc.data["list"] == {"x": 1, "z": 2}
    # go-yaml v2 reads a plain y as a bool: so does the API server.
    assert only("y: 1\n").data == {"true": 1}
    assert doc.location(("merged", "memory")).line == 1  # where the merged value is written


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("a: 1\nb: 2\na: 3\n", 3, 1, 'mapping key "a" already defined at line 1'),
        ("x: !!python/object/apply:os.system [ls]\n", 1, 4, "unsupported YAML tag !!python/object/apply:os.system"),
        ("x: !Ref y\n", 1, 4, "unsupported YAML tag !Ref"),
        ("---\na: &x 1\n---\nb: *x\n", 4, 4, "found undefined alias *x"),
        ("a: &a [1, *a]\n", 1, 11, "recursive alias"),
        ("a:\n\tb: 1\n", 2, 1, "invalid YAML: a tab character cannot indent YAML (use spaces)"),
        ("a: [1, {b: ]\n", 1, 12, "invalid YAML: did not find expected node content (while parsing a flow node)"),
        ("? [a]\n: 1\n", 1, 3, "a mapping key must be a scalar"),
        ("a: !!int abc\n", 1, 4, "cannot decode `abc` as a !!int"),
        ("a: 1\n  b: 2\n", 2, 4, "invalid YAML: mapping values are not allowed in this context"),
    ],
)
def test_located_failures(text: str, line: int, column: int, message: str) -> None:
    fail = failure(text)
    assert (fail.location.line, fail.location.column) == (line, column)
    assert message in fail.message


def test_a_syntax_error_ends_only_its_own_document() -> None:
    out = docs("a: 1\n---\nb: [\n---\nc: 3\n")
    assert [type(d).__name__ for d in out] == ["Document", "ParseFailure", "Document"]
    assert isinstance(out[2], Document) and out[2].data == {"c": 3} and out[2].index == 2 and out[2].line == 5


def test_directives_stay_with_their_document() -> None:
    out = docs("%YAML 1.1\n---\na: 1\n...\n%YAML 1.1\n%TAG ! tag:example.com,2000:\n---\nb: 2\n")
    assert [(d.index, d.data, d.line) for d in out if isinstance(d, Document)] == [(0, {"a": 1}, 3), (1, {"b": 2}, 8)]


def test_encodings_and_boms() -> None:
    text = "a: é\n---\nb: 2\n"
    for data in (text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode(), text.encode("utf-16"), text.encode("utf-32")):
        out = docs(data)
        assert [d.data for d in out if isinstance(d, Document)] == [{"a": "é"}, {"b": 2}], data[:8]
        assert isinstance(out[1], Document) and out[1].line == 3


def test_bad_bytes_are_located() -> None:
    fail = failure(b"a: 1\nb: caf\xe9\n")
    assert (fail.location.line, fail.location.column, fail.message) == (2, 7, "not valid UTF-8 text (byte 0xe9)")
    fail = failure(b"a: \xc3\xa9t\xc3\n")  # a valid 2-byte character, then a truncated one
    assert (fail.location.column, fail.message) == (6, "not valid UTF-8 text (byte 0xc3)")
    ctrl = failure(b"a: b\x1b[0m\n")
    assert (ctrl.location.column, ctrl.message) == (5, "invalid YAML: control characters are not allowed (byte 0x1b)")
    nul = failure(b"a: 1\n---\nb: \x00\n---\nc: 3\n")
    assert (nul.location.line, nul.message) == (3, "contains a NUL byte: not a text file")
    utf16 = failure("a: 1\n".encode("utf-16-le"))
    assert "UTF-16 without a byte-order mark" in utf16.message
    bad16 = failure(b"\xff\xfea\x00\x00\xd8")  # a lone surrogate
    assert "not valid UTF-16 text" in bad16.message


def test_limits() -> None:
    deep = "a: " + "[" * 60 + "]" * 60 + "\n"
    assert "nesting deeper than 50 levels (raise --max-depth)" in failure(deep, Limits(max_depth=50)).message
    assert only(deep).data["a"]
    bomb = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
    fail = failure(bomb, Limits(max_aliases=500))
    assert fail.location.line == 3 and "aliases expand to more than 500 values (raise --max-aliases)" in fail.message
    assert only(bomb).data["c"][9][9] == [1] * 10
    big = "a: 1\n---\nb: '" + "x" * 5000 + "'\n---\nc: 3\n"
    out = docs(big, Limits(max_document_bytes=1000))
    assert [(type(d).__name__, d.location.line if isinstance(d, ParseFailure) else d.line) for d in out] == [
        ("Document", 1), ("ParseFailure", 2), ("Document", 5)
    ]
    assert isinstance(out[1], ParseFailure) and "larger than 1000 bytes (raise --max-document-bytes)" in out[1].message
    with pytest.raises(ValueError):
        Limits(max_depth=0)


def test_deep_flow_nesting_stops_at_the_limit_without_scanning_the_rest() -> None:
    # libyaml's scanner is quadratic in flow depth: the rest must not be read.
    fail = failure("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert (fail.location.line, fail.location.column) == (1, 503) and "nesting deeper than 500 levels" in fail.message


def _libyaml_limits_nesting() -> bool:
    """libyaml 0.2.6 (PyYAML 6.0.4's wheels) refuses nesting past its own
    limit; 0.2.5 (PyYAML up to 6.0.3) has none."""
    import yaml

    parser = yaml.CSafeLoader("[" * 1100 + "]" * 1100)
    try:
        while parser.get_event() is not None and parser.check_event():
            pass
    except yaml.MarkedYAMLError as exc:
        return exc.problem == "exceeded maximum nesting depth"
    finally:
        parser.dispose()
    return False


# (document, --max-depth, where the project's own limit stops it): the same
# answers whatever libyaml's own limit, flow and block, below it and near it.
DEPTHS = [
    ("a: " + "[" * 100_000 + "]" * 100_000, 500, (1, 503)),
    ("a: " + "[" * 1200 + "]" * 1200, 50, (1, 53)),
    ("a: " + "[" * 1200 + "]" * 1200, 999, (1, 1002)),
    ('{"a":' * 5000 + "1" + "}" * 5000, 500, (1, 2501)),
    ("a:\n" + "".join(" " * i + "- \n" for i in range(1100)), 500, (501, 500)),
    ("a:\n" + "".join(" " * i + "- \n" for i in range(1100)), 999, (1000, 999)),
    ("a: " + "[{b: " * 600 + "1" + "}]" * 600, 500, (1, 1250)),
    ("- " * 3000 + "x\n", 700, (1, 1401)),
]


@pytest.mark.parametrize(("text", "depth", "where"), DEPTHS)
def test_the_depth_limit_is_the_projects_own(text: str, depth: int, where: tuple[int, int]) -> None:
    fail = failure("x: 1\n---\n" + text, Limits(max_depth=depth))
    assert fail.message == f"nesting deeper than {depth} levels (raise --max-depth)"
    assert (fail.location.line - 2, fail.location.column, fail.location.document) == (*where, 1)


def test_a_depth_limit_above_libyamls_says_which_limit_was_hit() -> None:
    text = "a: " + "[" * 1200 + "]" * 1200 + "\n"
    out = docs(text, Limits(max_depth=1500))
    if _libyaml_limits_nesting():
        (fail,) = out
        assert isinstance(fail, ParseFailure) and (fail.location.line, fail.location.column) == (1, 1003)
        assert fail.message.startswith("nesting deeper than the YAML parser reads (libyaml 0.2.")
        assert fail.message.endswith("'s own limit; --max-depth cannot raise it)")
    else:
        (doc,) = out
        assert isinstance(doc, Document)
        value, levels = doc.data["a"], 1
        while value:
            value, levels = value[0], levels + 1
        assert levels == 1200


@pytest.mark.parametrize("block", [1, 2, 3, 5, 7, 64, 1 << 20])
def test_pieces_do_not_depend_on_block_boundaries(block: int) -> None:
    data = ("# head\n" + POD + "---\n" + POD + "--- \n" + "x: |\n  ---\n  ----\n---\nlast: [a, b]\n").encode()
    blocks = [data[i : i + block] for i in range(0, len(data), block)]
    pieces = list(iter_pieces("f.yaml", blocks, Limits()))
    assert b"".join(p.data for p in pieces) == data
    assert [(p.line, p.index) for p in pieces] == [(1, 0), (14, 1), (27, 2), (31, 3)]
    loaded = [d for p in pieces for d in load_piece(p)]
    expected = [(0, 3), (1, 16), (2, 28), (3, 32)]
    assert [(d.index, d.line) for d in loaded if isinstance(d, Document)] == expected
    streamed = list(load_stream("f.yaml", io.BytesIO(data)))
    assert [(d.index, d.line) for d in streamed if isinstance(d, Document)] == expected
    assert isinstance(streamed[2], Document) and streamed[2].data == {"x": "---\n----\n"}


def test_json_that_yaml_refuses_is_read_as_json_within_the_limits() -> None:
    doc = only('{"a": "del\x7f", "b": [1]}\n')
    assert doc.data == {"a": "del\x7f", "b": [1]}
    deep = '{"a": "\x7f", "b": ' + "[" * 60 + "]" * 60 + "}"
    assert "control characters are not allowed" in failure(deep, Limits(max_depth=50)).message


def test_json_documents() -> None:
    doc = only('{\n\t"kind": "Pod",\n\t"spec": {"containers": [{"name": "a", "x": "\\/"}]}\n}\n')
    assert doc.data == {"kind": "Pod", "spec": {"containers": [{"name": "a", "x": "/"}]}}
    assert doc.location(("spec", "containers", 0, "name")).line == 3


def test_discovery_is_sorted_follows_links_once_and_reports_bad_entries(tmp_path: Any) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.yaml").write_text("a: 1\n")
    (tmp_path / "a.yml").write_text("a: 2\n")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "b" / "loop").symlink_to(tmp_path)  # a directory loop
    (tmp_path / "self.yaml").symlink_to(tmp_path / "self.yaml")  # a symlink loop
    (tmp_path / "gone.json").symlink_to(tmp_path / "missing")
    found = expand_paths([str(tmp_path)])
    names = [p[len(str(tmp_path)) + 1 :] for p in found]
    assert names == ["a.yml", "b/z.yaml", "gone.json", "self.yaml"]
    problems = {n: next(iter(load_path(p))) for n, p in zip(names, found)}
    assert isinstance(problems["self.yaml"], ParseFailure) and "Too many levels of symbolic links" in problems["self.yaml"].message
    assert isinstance(problems["gone.json"], ParseFailure) and problems["gone.json"].message == f"cannot read: a symbolic link to {tmp_path / 'missing'}, which does not exist"
    assert isinstance(problems["a.yml"], Document)


def test_limits_from_options() -> None:
    from pod_resources_cli.source.limits import limits_from_options, parse_size

    assert parse_size("64Mi") == 64 * 1024 * 1024 and parse_size("100M") == 100_000_000 and parse_size("4096") == 4096
    assert limits_from_options("1Gi", 2000, 10**7) == Limits(1 << 30, 2000, 10**7)
    assert limits_from_options() == Limits()
    for bad, message in (("1.5", "not a whole, positive number of bytes"), ("lots", "is not a size"), ("-1Mi", "positive")):
        with pytest.raises(ValueError, match=f"--max-document-bytes: '{re.escape(bad)}' .*{message}"):
            limits_from_options(bad)
    with pytest.raises(ValueError, match="--max-depth: must be at least 1, not 0"):
        limits_from_options(max_depth=0)


LONGHORN_TEMPLATE = Path(__file__).parent / "data" / "real" / "longhorn__longhorn" / "dev__scale-test__statefulset.yaml"


def test_a_manifest_with_placeholders_a_script_fills_in_is_a_template() -> None:
    """longhorn's scale test writes ``name: @STS_NAME@`` and replaces it before
    applying (tests/data/real/SOURCES.tsv): no YAML until then, so it is
    skipped as an unrendered template, not reported as invalid YAML."""
    from pod_resources_cli.source.yamldoc import ParseFailure, load_documents

    [failure] = load_documents(str(LONGHORN_TEMPLATE), LONGHORN_TEMPLATE.read_bytes())
    assert isinstance(failure, ParseFailure) and failure.manifest and failure.template
    assert (failure.location.line, failure.location.column) == (4, 9)


KUBESTELLAR_TEMPLATE = Path(__file__).parent / "data" / "real" / "kubestellar__kubestellar" / "monitoring__configuration__wds-apiserver-sm.yaml"


def test_a_manifest_with_percent_placeholders_sed_fills_in_is_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    """kubestellar's monitoring/configure-monitoring-wds.sh runs ``sed s/%WDS%/$wds/g
    configuration/wds-apiserver-sm.yaml | kubectl apply -f -`` (tests/data/real/SOURCES.tsv): ``%`` cannot start a
    YAML scalar, so the file is no YAML until then. It was a PR001 error that alone failed the run (9 of them over the
    repository); it is an unrendered template."""
    from pod_resources_cli.cli import main
    from pod_resources_cli.source.yamldoc import ParseFailure, load_documents

    [failure] = load_documents(str(KUBESTELLAR_TEMPLATE), KUBESTELLAR_TEMPLATE.read_bytes())
    assert isinstance(failure, ParseFailure) and failure.manifest and failure.template
    assert (failure.location.line, failure.location.column) == (4, 9)
    assert main(["lint", "--no-config", "-o", "json", str(KUBESTELLAR_TEMPLATE)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["skipped"]["template"] == 1


RAY_FORMAT_TEMPLATE = Path(__file__).parent / "data" / "real" / "ray-project__ray" / "release__k8s_tests__ray_rayservice_template.yaml"


def test_a_str_format_field_spliced_under_a_block_scalar_is_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    """ray-project/ray's release/k8s_tests/run_gcs_ft_on_k8s.py fills this file in with ``str.format`` (its
    solution.py and locustfile.py indented four spaces first) before ``kubectl create -f`` (tests/data/real/SOURCES.tsv).
    ``{locustfile}`` alone at the margin under ``locustfile.py: |`` is no YAML until then: two PR001 errors that alone
    failed the run; they are unrendered templates, as the documents named ``...-{cluster_id}`` and the RayService
    with ``emptyDir: {{}}`` (str.format's escaped braces, a mapping key to YAML) are."""
    from pod_resources_cli.cli import main
    from pod_resources_cli.source.yamldoc import ParseFailure, load_documents

    failures = [d for d in load_documents(str(RAY_FORMAT_TEMPLATE), RAY_FORMAT_TEMPLATE.read_bytes()) if isinstance(d, ParseFailure)]
    assert [(f.location.line, f.manifest, f.template) for f in failures] == [(7, True, True), (15, True, True), (157, True, True)]
    assert main(["lint", "--no-config", "-o", "json", str(RAY_FORMAT_TEMPLATE)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["skipped"]["template"] == 6 and report["summary"]["pods"] == 0


@pytest.mark.parametrize(
    ("text", "template"),
    [
        (b"kind: Pod\nmetadata: {name: @NAME@}\n", True),
        # a str.format field alone under a block scalar's header: text the program splices in (ray's release template)
        (b"kind: ConfigMap\ndata:\n  a.py: |\n{source}\n", True),
        (b"kind: ConfigMap\ndata:\n  a.py: >- # folded\n  {source}\nb: [\n", True),
        (b"kind: ConfigMap\ndata:\n  a: b\n{source}\n", False),  # no block scalar above: a flow mapping, an error
        (b"kind: Pod\nmetadata:\n  name: @node_1@\n", True),
        (b"kind: Pod\nmetadata:\n  name: @user@example.com\n", False),  # no closing @ after a name: an error, as before
        (b"kind: Pod\nmetadata:\n  name: a@b@c\n  bad: [\n", False),  # inside a word
        (b"kind: Pod\nmetadata:\n  name: @@X@@\n", False),
        # cert-manager's make/config/bind/service.yaml, filled in by sed before kubectl apply
        (b"kind: Service\nspec:\n  clusterIP: {SERVICE_IP_PREFIX}.16\n", True),
        (b"kind: Pod\nspec:\n  image: ${IMAGE_TAG}x: [\n", False),  # a shell variable: CI files hold them
        (b"kind: Pod\nspec:\n  a: {a}.16\n", False),  # lower case: a mapping, then an error
        (b"kind: Service\nmetadata:\n  name: %WDS%-apiserver\n", True),  # kubestellar's monitoring, sed fills it in
        (b"kind: Service\nmetadata:\n  name: %wds%\n", False),  # lower case: a printf or a date format
        (b"kind: Service\nmetadata:\n  name: %%X%%\n", False),
        (b"kind: Service\nmetadata:\n  name: 50%A%\n  bad: [\n", False),  # inside a word
    ],
)
def test_placeholders_are_whole_tokens(text: bytes, template: bool) -> None:
    from pod_resources_cli.source.yamldoc import ParseFailure, load_documents

    [failure] = load_documents("t.yaml", text)
    assert isinstance(failure, ParseFailure) and failure.manifest and failure.template is template


def test_a_document_with_a_repeated_key_is_still_judged_with_the_last_value(tmp_path: Path) -> None:
    """kubectl apply -f keeps the last value of a repeated key (kustomize refuses the file): PR001 says so, and the
    object behind it is read as kubectl applies it (kubernetes/examples' openshift-origin etcd Deployment repeats
    `selector`; its BestEffort pod was never judged)."""
    from pod_resources_cli.model.items import ProblemItem, WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items

    path = tmp_path / "d.yaml"
    path.write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: etcd}\nspec:\n  replicas: 1\n  selector: {matchLabels: {a: b}}\n"
        "  replicas: 3\n  template:\n    metadata: {labels: {a: b}}\n    spec: {containers: [{name: c, image: x}]}\n",
        encoding="utf-8",
    )
    items = list(iter_items([str(path)]))
    problems = [(i.location.line, i.message) for i in items if isinstance(i, ProblemItem)]
    # a plain file, which kubectl apply -f applies: PR005 (a file a kustomization builds: PR001)
    assert problems == [(7, 'mapping key "replicas" already defined at line 5: kubectl apply -f keeps the last value and drops the first; kustomize would refuse the file')]
    [pod] = [i for i in items if isinstance(i, WorkloadItem)]
    assert pod.workload.ref.replicas == 3  # the last value


def test_json_that_names_a_kind_without_an_api_version_is_no_manifest(capsys: pytest.CaptureFixture[str]) -> None:
    """Azure-Samples/aks-store-demo's .vscode/launch.json (JSON with comments, which no YAML parser reads) names
    `"kind": "lib"` in a cargo filter: it gave a PR001 error that alone failed the run. A JSON manifest names its
    apiVersion too."""
    from pod_resources_cli.cli import main

    launch = Path(__file__).parent / "data" / "real" / "Azure-Samples__aks-store-demo" / "src__product-service__.vscode__launch.json"
    assert main(["lint", "--no-config", "-o", "json", str(launch)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["findings"] == [] and report["summary"]["skipped"]["unparseable"] == 1


def test_a_repeated_key_says_whether_it_drops_a_value(tmp_path: Path) -> None:
    """kubernetes-engine-samples' kafka-confluent repeats `requests` with other values (the first are dropped);
    eks-workshop-v2's configmaps-new.yaml repeats `apiVersion: v1` (nothing is lost)."""
    from pod_resources_cli.model.items import ProblemItem
    from pod_resources_cli.run.pipeline import iter_items

    (tmp_path / "same.yaml").write_text("apiVersion: v1\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n", encoding="utf-8")
    (tmp_path / "dropped.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    image: x\n    resources:\n"
        "      requests: {cpu: 1}\n      requests: {memory: 1Gi}\n", encoding="utf-8",
    )
    messages = {Path(i.location.path).name: i.message for i in iter_items([str(tmp_path)]) if isinstance(i, ProblemItem)}
    assert messages == {
        "same.yaml": 'mapping key "apiVersion" already defined at line 1, with the same value: kubectl apply -f applies it; kustomize would refuse the file',
        "dropped.yaml": 'mapping key "requests" already defined at line 9: kubectl apply -f keeps the last value and drops the first; kustomize would refuse the file',
    }


POLARIS_RENOVATE = Path(__file__).parent / "data" / "real" / "FairwindsOps__polaris" / "renovate.json"


def test_template_actions_inside_a_json_files_strings_make_no_template(capsys: pytest.CaptureFixture[str]) -> None:
    """FairwindsOps/polaris' renovate.json (a ``// DO NOT EDIT`` line, then JSON) holds
    ``"autoReplaceStringTemplate": "vault_{{{newValue}}}_linux_amd64.zip"``: values Renovate
    expands, not actions of an unrendered file. It fails to parse for its comment line: an
    unparseable non-Kubernetes document, not an unrendered template. An action outside a JSON
    file's strings (a templated count) still makes one."""
    from pod_resources_cli.cli import main
    from pod_resources_cli.source.yamldoc import ParseFailure, load_documents

    [failure] = load_documents(str(POLARIS_RENOVATE), POLARIS_RENOVATE.read_bytes())
    assert isinstance(failure, ParseFailure) and not failure.manifest and not failure.template
    assert main(["lint", "--no-config", "-o", "json", str(POLARIS_RENOVATE)]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert (summary["skipped"]["unparseable"], summary["skipped"]["template"], summary["findings"]) == (1, 0, 0)
    [templated] = load_documents("t.json", b'// x\n{"kind": "Deployment", "spec": {"replicas": {{ .Values.n }}, "a": "{{b}}"}}\n')
    assert isinstance(templated, ParseFailure) and templated.template


ESO_SNIPPETS = Path(__file__).parent / "data" / "real" / "external-secrets__external-secrets"


def test_jinja_raw_blocks_are_rendered_as_the_engine_outputs_them(capsys: pytest.CaptureFixture[str]) -> None:
    """external-secrets' docs/snippets are mkdocs-macros includes (hack/api-docs/mkdocs.yml ``include_dir``): a
    Deployment, a Service and a NetworkPolicy between a ``{% raw %}`` line and an ``{% endraw %}`` line, which the
    engine drops and outputs the rest as written: read at their own lines, the pod BestEffort as written (PR201), not
    18 PR001 errors over the repository as before."""
    from pod_resources_cli.cli import main

    name = str(ESO_SNIPPETS / "docs__snippets__bitwarden-cli-deployment.yaml")
    loaded = list(load_path(name, Limits()))
    assert [(d.data["kind"], d.location().line) for d in loaded if isinstance(d, Document)] == [
        ("Deployment", 2), ("Service", 74), ("NetworkPolicy", 94)]  # fmt: skip
    assert main(["lint", "--no-config", "-o", "json", name]) == 0  # a warning: fails only with --fail-on warning
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["line"]) for f in report["findings"]] == [("PR201", 24)]
    assert report["summary"]["pods"] == 1 and report["summary"]["errors"] == 0
    # ESO's own ``{{ .x }}`` templates inside the block, in quoted strings: kept as written
    templated = ESO_SNIPPETS / "docs__snippets__template-v2-from-secret.yaml"
    kept = [d for d in load_path(str(templated), Limits()) if isinstance(d, Document)]
    assert [d.data["kind"] for d in kept] == ["ConfigMap", "ExternalSecret"]
    assert 'url: "{{ .uri }}"' in kept[0].data["data"]["config.yaml"]  # the ConfigMap ESO's templateFrom reads
    # a block whose text is no YAML once rendered (a double-quoted string nesting double quotes): template text, no error
    [bad] = load_path(str(ESO_SNIPPETS / "docs__snippets__filterpem-template-v2-external-secret.yaml"), Limits())
    assert isinstance(bad, ParseFailure) and bad.manifest and bad.template


@pytest.mark.parametrize(
    ("text", "rendered"),
    [
        (b"{% raw %}\nkind: Pod\n{% endraw %}\n", b"         \nkind: Pod\n            \n"),
        (b"kind: Pod\n{%- endraw %}\r\n", b"kind: Pod\n             \r\n"),  # a document that starts inside a block
        (b"{% raw %}\na: '{{ x }}'\n{% endraw %}\n{% raw %}\nb: 1\n", b"         \na: '{{ x }}'\n            \n         \nb: 1\n"),
        (b"{% raw %}\nkind: Pod\n{% endraw %}\nname: {{ n }}\n", None),  # an expression outside a block
        (b"{% if x %}\n{% raw %}\nkind: Pod\n{% endraw %}\n{% endif %}\n", None),  # a statement outside
        (b"{% raw -%}\n  kind: Pod\n{% endraw %}\n", None),  # -%} strips the next line's indentation
        (b"{% raw %}\n{% raw %}\nkind: Pod\n", None),  # a block inside a block
        (b"kind: Pod\n", None),
    ],
)
def test_jinja_raw_rendering_branches(text: bytes, rendered: bytes | None) -> None:
    from pod_resources_cli.source.yamldoc import jinja_raw_rendered

    assert jinja_raw_rendered(text) == rendered


def test_jinja_statements_make_template_text() -> None:
    """A Jinja statement outside a raw block leaves no YAML until rendered: template text, not an invalid manifest."""
    [templated] = load_documents("t.yaml", b"{% if x %}\nkind: Pod\n{% endif %}\n")
    assert isinstance(templated, ParseFailure) and templated.manifest and templated.template


def test_an_excerpt_with_elided_lines_is_no_manifest(capsys: pytest.CaptureFixture[str]) -> None:
    """external-secrets' docs/snippets/1password-connect-server-deployment.yaml: a Deployment whose indented ``...``
    lines stand for lines left out. YAML fails on the line after one; no one applies it as written: skipped as
    unparseable, saying so, not PR001. A failure anywhere else in a manifest stays an error."""
    from pod_resources_cli.cli import main

    name = str(ESO_SNIPPETS / "docs__snippets__1password-connect-server-deployment.yaml")
    [excerpt] = load_path(name, Limits())
    assert isinstance(excerpt, ParseFailure) and not excerpt.manifest and excerpt.location.line == 19
    assert excerpt.message.startswith("an excerpt: the '...' of line 18 stands for lines left out (invalid YAML:")
    assert main(["lint", "--no-config", "-o", "json", name]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert (summary["skipped"]["unparseable"], summary["errors"]) == (1, 0)
    [error] = load_documents("t.yaml", b"kind: Pod\nspec:\n  x: |\n    ...\n  y: 1\n  bad: [\n")  # '...' in a block scalar
    assert isinstance(error, ParseFailure) and error.manifest


def test_an_excerpt_whose_elision_is_at_the_margin_is_no_manifest(capsys: pytest.CaptureFixture[str]) -> None:
    """infinispan-operator's documentation snippets: ``kind: Infinispan`` / ``...`` / ``spec:``: the ``...`` at the
    margin ends the document and libyaml wants ``---`` before ``spec:``; the .adoc pages include it as an excerpt:
    skipped as unparseable, saying so, not PR001 (was 2 false errors linting the repository)."""
    from pod_resources_cli.cli import main

    real = Path(__file__).parent / "data" / "real" / "infinispan__infinispan-operator"
    for name, line in (("priority_class_CR.yaml", 3), ("service_account_name.yaml", 3)):
        path = str(real / f"documentation__asciidoc__topics__yaml__{name}")
        failures = [i for i in load_path(path, Limits()) if isinstance(i, ParseFailure)]
        assert [(f.manifest, f.location.line) for f in failures] == [(False, line)]
        assert failures[0].message == "an excerpt: the '...' of line 2 stands for lines left out (invalid YAML: did not find expected <document start>)"
        assert main(["lint", "--no-config", "-o", "json", path]) == 0
        summary = json.loads(capsys.readouterr().out)["summary"]
        assert (summary["skipped"]["unparseable"], summary["errors"]) == (1, 0)
    # the same failure after a '...' that is not alone on its line stays an error
    [*_, error] = load_documents("t.yaml", b"kind: Pod\n... # x\nspec: {}\n")
    assert isinstance(error, ParseFailure) and error.manifest
