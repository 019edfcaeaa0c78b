"""``lint --add-ignore``: an ignore annotation (the syntax lint reads:
``pod-resources.io/ignore: "CODES: reason"``) written on each object with
findings, every other byte of the file kept; on the real files of
tests/data/real and on every way YAML can be written around the edit:
comments, anchors, flow style, CRLF, several documents, JSON, a BOM."""

from __future__ import annotations

import difflib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.source.annotate import AnnotationEdit, set_annotations
from pod_resources_cli.source.yamldoc import Document, load_documents

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
CORPUS = ROOT.parent / "shared" / "corpus"
KEY = "pod-resources.io/ignore"
TODO = "TODO say why this is accepted"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", "--no-config", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def manifests(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and p.suffix in (".yaml", ".yml", ".json")}


def documents(path: Path, data: bytes) -> list[Any]:
    return [(d.index, d.data) if isinstance(d, Document) else ("failure", d.location.document) for d in load_documents(str(path), data)]


def _without_added(after: Any, before: Any) -> Any:
    """``after`` with each ignore annotation put back as it was in ``before``
    (absent: removed, with an ``annotations`` mapping made for it)."""
    if isinstance(after, dict):
        was = before if isinstance(before, dict) else {}
        out: dict[Any, Any] = {}
        for k, v in after.items():
            if k == KEY:
                if k in was:
                    out[k] = was[k]
                continue
            out[k] = _without_added(v, was.get(k))
        if out.get("annotations") == {} and "annotations" not in was:
            del out["annotations"]
        return out
    if isinstance(after, list) and isinstance(before, list) and len(after) == len(before):
        return [_without_added(a, b) for a, b in zip(after, before, strict=True)]
    return after


def check_edit(path: Path, before: bytes, after: bytes) -> None:
    """Only lines that carry the annotation are inserted, or the one line
    that held it changes; the documents read back the same but for it."""
    if before == after:
        return
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        assert tag in ("insert", "replace"), (path, tag, old[i1:i2])
        if tag == "insert":
            for line in new[j1:j2]:
                stripped = line.strip()
                assert stripped == b"annotations:" or stripped.startswith((f"{KEY}:".encode(), f'"{KEY}":'.encode(), b'"annotations": {')), (path, line)
                ending = b"\r\n" if before.count(b"\r\n") == before.count(b"\n") and b"\r\n" in before else b"\n"
                assert line.endswith(ending), (path, line)
            continue
        assert i2 - i1 == j2 - j1 == 1, (path, old[i1:i2], new[j1:j2])
        was, now = old[i1], new[j1]
        if KEY.encode() in was:  # an annotation there before: its value changed
            continue
        prefix = len(os.path.commonprefix([was, now]))
        suffix = len(os.path.commonprefix([was[prefix:][::-1], now[prefix:][::-1]]))
        assert prefix + suffix == len(was), (path, was, now)  # one stretch inserted in the line
        assert KEY.encode() in now[prefix : len(now) - suffix], (path, now)
    was_docs, now_docs = documents(path, before), documents(path, after)
    assert len(was_docs) == len(now_docs), path
    for a, b in zip(was_docs, now_docs, strict=True):
        assert b == a or (a[0] == b[0] and _without_added(b[1], a[1]) == a[1]), path


def edited(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[str, dict[Path, bytes], dict[Path, bytes]]:
    before = manifests(root)
    code, out, err = run(capsys, str(root), "--add-ignore", *extra)
    assert code == 0 and err == "", err
    after = manifests(root)
    return out, before, after


@pytest.fixture()
def real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(REAL, tmp_path / "real")
    return tmp_path / "real"


# Documents with no metadata to annotate: Prow's job configurations (nephio's in-repo .prow.yaml too), skaffold's
# Config and sonobuoy's plugin definitions, whose pods the tool models; their findings are left with the reason (a
# baseline keeps them, docs/adoption.md).
NO_METADATA = ("kubernetes-sigs__prow/", "kubernetes__test-infra/", "GoogleContainerTools__skaffold/", "nephio-project__nephio/", "vmware-tanzu__sonobuoy/")
# A template read as its {% raw %} blocks render: its one finding is left too.
RAW_TEMPLATE = "external-secrets__external-secrets/docs__snippets__bitwarden-cli-deployment.yaml"
# An object written as text inside another (a Fleet Bundle's `content: |`): not in the file as a YAML object.
EMBEDDED_TEXT = "rancher__fleet/integrationtests__cli__assets__bundle__bundle.yaml"
# A field the controller that creates the object drops (PR004, a warning: MCAD's AppWrapper): that rule is not about
# one workload, so no inline ignore; a baseline keeps it.
DROPPED_FIELDS = "project-codeflare__multi-cluster-app-dispatcher/test__yaml__0006-aw-init-containers.yaml"
UNANNOTATABLE = (*NO_METADATA, RAW_TEMPLATE, EMBEDDED_TEXT, DROPPED_FIELDS)
# Files a harness knows by their .yaml name (a PolicyGenerator's inputs, kuttl's NN-assert.yaml steps): as .json they
# are no longer its input or its assertion, and are linted.
NAMED_AS_YAML = ("open-cluster-management-io__policy-collection/policygenerator/", "percona__percona-server-mysql-operator/tree/",
                 "percona__percona-postgresql-operator/tree/", "cloudnative-pg__charts/tree/")  # fmt: skip


def test_the_real_files_get_an_annotation_per_object_and_nothing_else_changes(real: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, str(real), "-q", "--no-render")
    reported = len(out.splitlines())
    # a chart's values.yaml (app-template's pods, tests/test_chart_dependencies.py; jupyterhub's, 6 findings:
    # tests/test_jupyterhub.py) holds no object to annotate either
    values = [line for line in out.splitlines() if "values.yaml:" in line and "(Chart " in line]
    assert len(values) == 9
    unannotatable = len([line for line in out.splitlines() if any(f"/{d}" in line for d in UNANNOTATABLE)]) + len(values)
    assert unannotatable == 61  # with test-infra's Prow jobs (their Prow config's decoration: tests/test_prow_config.py), MCAD's 2 dropped fields
    out, before, after = edited(real, capsys, "--no-render")
    changed = [p for p in before if before[p] != after[p]]
    assert len(changed) >= 30
    for path in before:
        check_edit(path, before[path], after[path])
    left = out.split("Left as they are:\n", 1)[1].splitlines()[:-1]
    assert len(left) == unannotatable, left
    assert all(line.endswith(": the object has no metadata here") for line in left if any(f"/{d}" in line for d in NO_METADATA)), left
    assert [line for line in left if line.endswith("read as its {% raw %} blocks render (yamldoc.jinja_raw_rendered): edit it by hand")]
    assert len([line for line in left if "a chart's values.yaml, no object" in line]) == 9, left
    annotated = reported - unannotatable  # every other one on an object of a file
    assert f"for {annotated} findings; {unannotatable} findings left as they are" in out.splitlines()[-1]
    lines = [line for line in out.splitlines() if KEY in line]
    assert out.splitlines()[-1].startswith(f"Added {len(lines)} ignore annotations in {len(changed)} files")
    first = lines[0]
    where, _, rest = first.partition(": ")
    path, line, _ = where.rsplit(":", 2)
    assert KEY in Path(path).read_text(encoding="utf-8").splitlines()[int(line) - 1]  # the line named holds the annotation
    # A second run has nothing to add, changes nothing, and the findings are gone, not just hidden: only those left.
    code, out, _ = run(capsys, str(real), "--add-ignore", "--no-render")
    assert out.splitlines()[-1] == f"No ignore annotation added; {unannotatable} findings left as they are."
    assert manifests(real) == after
    code, out, _ = run(capsys, str(real), "--no-render", "-o", "json")
    doc = json.loads(out)
    assert len(doc["findings"]) == unannotatable and doc["summary"]["suppressed"] == annotated
    assert [f["object"]["kind"] for f in doc["findings"]].count("Chart") == 9
    assert {s["reason"] for s in doc["suppressed"]} == {TODO}


@pytest.mark.parametrize("form", ["crlf", "json"])
def test_the_real_files_written_otherwise(real: Path, capsys: pytest.CaptureFixture[str], form: str) -> None:
    """The same real manifests with CRLF line ends, and as pretty-printed JSON
    (no comments there, but annotations: the member goes after the ``{``)."""
    import yaml

    for directory in NO_METADATA:  # their findings stay (the test above): here every finding gets its annotation
        shutil.rmtree(real / directory)
    (real / RAW_TEMPLATE).unlink()
    (real / EMBEDDED_TEXT).unlink()
    (real / DROPPED_FIELDS).unlink()
    for path in list(real.rglob("*.yaml")):
        data = path.read_bytes()
        if form == "crlf":
            path.write_bytes(data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
            continue
        if any(part in path.as_posix() for part in NAMED_AS_YAML):
            continue
        try:
            docs = [d for d in yaml.safe_load_all(data) if d is not None]
        except yaml.YAMLError:
            continue
        if len(docs) == 1 and isinstance(docs[0], dict) and "kind" in docs[0]:
            path.with_suffix(".json").write_text(json.dumps(docs[0], indent=2, default=str, ensure_ascii=False) + "\n")  # as kubectl writes JSON
            path.unlink()
    _, out, _ = run(capsys, str(real), "-q", "--no-render")
    reported = len(out.splitlines()) - 9  # but the nine on a chart's values.yaml, no object
    out, before, after = edited(real, capsys, "--no-render")
    assert sum(before[p] != after[p] for p in before) >= 25
    for path in before:
        check_edit(path, before[path], after[path])
    if form == "json":
        assert any(p.suffix == ".json" and before[p] != after[p] for p in before)
    assert f"for {reported} findings; 9 findings left as they are" in out.splitlines()[-1]
    assert run(capsys, str(real), "--add-ignore", "--no-render")[1].splitlines()[-1] == "No ignore annotation added; 9 findings left as they are."


def test_rendered_objects_are_left_with_the_reason(real: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if shutil.which("kustomize") is None and shutil.which("kubectl") is None:
        pytest.skip("neither kustomize nor kubectl on PATH")
    base = real / "kustomize" / "kubernetes-sigs__kustomize" / "examples" / "springboot"
    out, before, after = edited(base, capsys)
    assert before == after
    staging = base / "overlays" / "staging"
    assert f"Deployment staging-sbdemo; in 1 of 2 builds: {staging} (kustomize build)): the object is not in the file as written (rendered by helm or kustomize?)" in out
    assert out.splitlines()[-1].startswith("No ignore annotation added; 2 findings left as they are.")


BURSTABLE = b"{requests: {memory: 1Gi}, limits: {memory: 2Gi}}"  # PR130 (no cpu request), PR133 (request below limit)
CASES: dict[str, tuple[bytes, str]] = {
    "comments.yaml": (
        b"# the web tier\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  # who owns it\n  name: web   # the name\n"
        b"  labels: {app: web}\nspec:\n  template:\n    spec:\n      containers:\n      - name: app\n        image: nginx\n",
        "metadata:\n  annotations:\n    pod-resources.io/ignore: \"PR201: TODO say why this is accepted\"\n  # who owns it\n  name: web",
    ),
    "existing.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  annotations:\n    owner: 'team-a'  # keep\n"
        b"    pod-resources.io/ignore: PR133 # old\nspec:\n  containers:\n  - {name: app, image: nginx, resources: " + BURSTABLE + b"}\n",
        "    owner: 'team-a'  # keep\n    pod-resources.io/ignore: \"PR133,PR130: TODO say why this is accepted\" # old\n",
    ),
    "reason.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  annotations:\n    pod-resources.io/ignore: 'PR133: batch'\n"
        b"spec:\n  containers:\n  - {name: app, image: nginx, resources: " + BURSTABLE + b"}\n",
        'pod-resources.io/ignore: "PR133,PR130: batch; PR130: TODO say why this is accepted"\n',
    ),
    "flow.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata: {name: a, labels: {app: a}}\nspec: {containers: [{name: app, image: nginx}]}\n",
        'metadata: {"annotations": {"pod-resources.io/ignore": "PR201: TODO say why this is accepted"}, name: a, labels: {app: a}}\n',
    ),
    "flow-annotations.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  annotations: {a: b}\nspec: {containers: [{name: app, image: nginx}]}\n",
        '  annotations: {"pod-resources.io/ignore": "PR201: TODO say why this is accepted", a: b}\n',
    ),
    "anchor.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata: &meta\n  name: a\nspec:\n  containers:\n  - &c {name: app, image: nginx}\n",
        "metadata: &meta\n  annotations:\n    pod-resources.io/ignore:",
    ),
    "crlf.yaml": (
        b"apiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: a\r\nspec:\r\n  containers:\r\n  - name: app\r\n    image: nginx\r\n",
        "metadata:\r\n  annotations:\r\n    pod-resources.io/ignore: \"PR201: TODO say why this is accepted\"\r\n  name: a\r\n",
    ),
    "bom.yaml": (
        b"\xef\xbb\xbfapiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - name: app\n    image: nginx\n",
        "\ufeffapiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n",
    ),
    "stream.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nspec:\n  containers:\n  - {name: app, image: nginx, resources: {requests: {cpu: 1, memory: 1Gi}, limits: {memory: 1Gi}}}\n"
        b"---\n# the second\napiVersion: v1\nkind: Pod\nmetadata:\n    name: b\nspec:\n  containers:\n  - {name: app, image: nginx}\n",
        "---\n# the second\napiVersion: v1\nkind: Pod\nmetadata:\n    annotations:\n      pod-resources.io/ignore: \"PR201: TODO say why this is accepted\"\n    name: b\n",
    ),
    "list.yaml": (
        b"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: a\n  spec:\n    containers:\n    - {name: app, image: nginx}\n",
        "- apiVersion: v1\n  kind: Pod\n  metadata:\n    annotations:\n      pod-resources.io/ignore: \"PR201: TODO say why this is accepted\"\n    name: a\n",
    ),
    "pretty.json": (
        b'{\n  "apiVersion": "v1",\n  "kind": "Pod",\n  "metadata": {\n    "name": "a"\n  },\n  "spec": {"containers": [{"name": "app", "image": "nginx"}]}\n}\n',
        '  "metadata": {\n    "annotations": {"pod-resources.io/ignore": "PR201: TODO say why this is accepted"},\n    "name": "a"\n  },\n',
    ),
    "minified.json": (
        b'{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","annotations":{"x":"y"}},"spec":{"containers":[{"name":"app","image":"nginx"}]}}',
        '"annotations":{"pod-resources.io/ignore": "PR201: TODO say why this is accepted", "x":"y"}',
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_way_of_writing_yaml_keeps_its_bytes(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    data, expected = CASES[name]
    path = tmp_path / "k8s" / name
    path.parent.mkdir()
    path.write_bytes(data)
    out, before, after = edited(path.parent, capsys)
    assert expected in after[path].decode("utf-8"), after[path].decode("utf-8")
    check_edit(path, before[path], after[path])
    assert out.splitlines()[-1].startswith("Added 1 ignore annotation in 1 file for ")
    code, out, _ = run(capsys, str(path.parent))
    assert code == 0 and out.startswith("No findings:")
    assert run(capsys, str(path.parent), "--add-ignore")[1] == "No findings: no ignore annotation to add.\n"
    assert path.read_bytes() == after[path]


REFUSED = {
    "shared.yaml": (
        b"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: &m\n    name: a\n  spec: {containers: [{name: app, image: nginx}]}\n"
        b"- apiVersion: v1\n  kind: Pod\n  metadata: *m\n  spec: {containers: [{name: app, image: nginx}]}\n",
        "its metadata is shared with other objects through a YAML alias: edit it by hand",
    ),
    "merged.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  <<: {labels: {a: b}}\n  name: a\nspec: {containers: [{name: app, image: nginx}]}\n",
        "a << merge key fills this mapping: edit it by hand",
    ),
    "block.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  annotations:\n    pod-resources.io/ignore: |\n      PR133\nspec: {containers: [{name: app, image: nginx}]}\n",
        "the annotation's value is a block or spans lines: edit it by hand",
    ),
    "null.yaml": (
        b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\n  annotations:\nspec: {containers: [{name: app, image: nginx}]}\n",
        "annotations is not a mapping (null or a scalar): edit it by hand",
    ),
    "escaped.json": (
        b'{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "a", "annotations": {"note": "\\ud83d\\udd53"}}, '
        b'"spec": {"containers": [{"name": "app", "image": "nginx"}]}}',
        "the document cannot be parsed as YAML (JSON that escapes a character beyond U+FFFF as two \\u escapes?): edit it by hand",
    ),
    "mac.yaml": (
        b"apiVersion: v1\rkind: Pod\rmetadata:\r  name: a\rspec: {containers: [{name: app, image: nginx}]}\r",
        "a line break other than LF or CRLF: edit it by hand",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_where_no_exact_edit_exists_the_object_is_left_with_the_reason(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    data, why = REFUSED[name]
    (tmp_path / name).write_bytes(data)
    code, out, _ = run(capsys, name, "--add-ignore")
    assert code == 0 and why in out, out
    assert "No ignore annotation added" in out.splitlines()[-1]
    assert (tmp_path / name).read_bytes() == data


def test_a_symlink_and_findings_without_an_inline_ignore_are_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".git").mkdir()  # the repository: a link inside it is read (one out of it never is, source/boundary.py)
    (tmp_path / "real.yaml").write_text(CASES["flow.yaml"][0].decode())
    (tmp_path / "k8s").mkdir()
    os.symlink(tmp_path / "real.yaml", tmp_path / "k8s" / "link.yaml")
    (tmp_path / "k8s" / "broken.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: [\n")
    code, out, _ = run(capsys, "k8s", "--add-ignore")
    assert code == 0
    assert "k8s/link.yaml:4:8: PR201 [warning]" in out and "a symlink: edit the file it points to" in out
    assert "k8s/broken.yaml" in out and "PR001 [error]" in out and "no inline ignore for this rule" in out
    assert (tmp_path / "real.yaml").read_bytes() == CASES["flow.yaml"][0]


def test_add_ignore_goes_with_text_and_files_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for args, why in [(["-o", "json"], "not json"), (["-"], "standard input (-) is no file")]:
        code, _, err = run(capsys, "--add-ignore", *args)
        assert code == 2 and why in err and len(err.strip().splitlines()) == 1


def test_the_edit_refuses_a_text_that_would_read_back_otherwise() -> None:
    """The last guard: the edited text is parsed again; here a duplicate key
    makes the object's metadata ambiguous, so nothing is written."""
    data = b"apiVersion: v1\nkind: Pod\nmetadata:\n  name: a\nmetadata:\n  name: b\n"
    new, [outcome] = set_annotations("dup.yaml", data, KEY, [AnnotationEdit(0, (), "PR201: x")])
    assert new == data and outcome.line is None and outcome.problem == "the key 'metadata' is written twice: edit it by hand"


def _corpus_files() -> Iterator[Path]:
    yield from sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in (".yaml", ".yml", ".json") and "_node" not in p.parts)


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no corpus at {CORPUS} (a fresh clone has no ../shared)")
def test_the_corpus_of_real_manifests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A thousand real manifests: every edit is an exact insertion and reads
    back the same; afterwards only the findings no annotation can silence remain."""
    monkeypatch.chdir(tmp_path)
    copy = tmp_path / "corpus"
    for src in _corpus_files():
        target = copy / src.relative_to(CORPUS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, target)
    out, before, after = edited(copy, capsys, "--no-render")
    assert sum(before[p] != after[p] for p in before) >= 300
    for path in before:
        check_edit(path, before[path], after[path])
    reported = [line for line in out.splitlines() if " [error] " in line or " [warning] " in line or " [info] " in line]
    repeating = {line.split(":")[0] for line in reported if (" PR001 " in line or " PR005 " in line) and "already defined" in line}
    left = {line.split(": ")[1].split()[0] for line in reported}
    # a document that repeats a key is judged as kubectl applies it, but never edited: fix the key first
    assert {line.split(": ")[1].split()[0] for line in reported if line.split(":")[0] not in repeating} <= {
        "PR001", "PR002", "PR004", "PR006", "PR162", "PR164", "PR165", "PR166"}, left
    code, out, _ = run(capsys, str(copy), "--no-render", "-q")
    assert {line.split(": ")[1].split()[0] for line in out.splitlines()} <= left


def test_the_byte_check_catches_other_changes(tmp_path: Path) -> None:
    data, _ = CASES["comments.yaml"]
    good, [outcome] = set_annotations("c.yaml", data, KEY, [AnnotationEdit(0, (), "PR201: x")])
    assert outcome.line == 6
    check_edit(tmp_path / "c.yaml", data, good)
    for bad in (
        good.replace(b"  # who owns it\n", b""),  # a comment lost
        good.replace(b"name: web   # the name", b"name: web # the name"),  # spacing changed
        good.replace(b"labels: {app: web}", b"labels: {app: api}"),  # a value changed
        good.replace(b"pod-resources.io/ignore", b"pod-resources.io/other"),  # another annotation
    ):
        with pytest.raises(AssertionError):
            check_edit(tmp_path / "c.yaml", data, bad)


def test_a_document_that_repeats_a_key_is_left_for_its_key_to_be_fixed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.yaml"
    text = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: x}]\n  containers: [{name: c, image: y}]\n"
    path.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, str(path), "--add-ignore")
    assert path.read_text(encoding="utf-8") == text  # never edited
    assert "PR201" in out and "the document repeats a key (PR001 or PR005): kustomize refuses it" in out + err
