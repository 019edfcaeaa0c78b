"""A kustomize build over a copy whose CRD schemas are empty
(source/lean_build.py): the same report as the build of the real files, and
the real files built whenever the copy cannot stand for them.

The CRDs are kserve's (tests/data/real, provenance in SOURCES.tsv); the
kustomizations around them are written here, each for one case."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

import pod_resources_cli.source.lean_build as lean_build
import pod_resources_cli.source.render as render
from pod_resources_cli.cli import main
from pod_resources_cli.source.lean_build import missing_here, trim_schemas

REAL = Path(__file__).parent / "data" / "real" / "kserve__kserve"
CRDS = sorted(REAL.glob("config__crd__full__localmodel__*.yaml"))
KUBECTL = shutil.which("kubectl")


def test_real_crds_lose_their_schemas_and_nothing_else() -> None:
    assert len(CRDS) == 2
    for path in CRDS:
        data = path.read_bytes()
        trimmed, cut = trim_schemas(data)
        assert cut == len(data) - len(trimmed) > 1000
        expected = yaml.safe_load(data)
        for version in expected["spec"]["versions"]:
            version["schema"] = {}
        assert yaml.safe_load(trimmed) == expected


CRD_HEAD = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: xs.example.com\nspec:\n"
# (what is written, what the copy holds): only a CRD's schemas go, and all of each.
FORMS = [
    (  # a version whose first key is its schema, and a comment at column 0 inside the schema
        CRD_HEAD + "  versions:\n  - schema:\n      openAPIV3Schema:\n# note\n        type: object\n    name: v1\n    served: true\n",
        CRD_HEAD + "  versions:\n  - schema: {}\n    name: v1\n    served: true\n",
    ),
    (  # v1beta1's one validation for every version, then the rest of the spec
        CRD_HEAD.replace("/v1", "/v1beta1") + "  validation:\n    openAPIV3Schema:\n      type: object\n\n      description: |\n        x\n  scope: Namespaced\n",
        CRD_HEAD.replace("/v1", "/v1beta1") + "  validation: {}\n  scope: Namespaced\n",
    ),
    (  # another document of the stream keeps every byte, whatever its keys are called
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  schema:\n    x\n---\n" + CRD_HEAD + "  versions:\n  - name: v1\n    schema:\n      x: 1\n",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  schema:\n    x\n---\n" + CRD_HEAD + "  versions:\n  - name: v1\n    schema: {}\n",
    ),
    (  # a CRD written in flow style has no schema key of its own line: left as it is
        '{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "spec": {"versions": [{"schema": {}}]}}\n',
        '{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition", "spec": {"versions": [{"schema": {}}]}}\n',
    ),
    (  # CRLF lines, a blank line, a comment after tabs and a line indented past the key stay in the schema; the schema at the end
        (CRD_HEAD + "  versions:\n  - name: v1\n    schema:\n      a:\r\n\r\n   \t# c\r\n        b: 1\r\n    served: true\n"
         "  - name: v2\n    schema:\n      c: 1"),
        CRD_HEAD + "  versions:\n  - name: v1\n    schema: {}\n    served: true\n  - name: v2\n    schema: {}\n",
    ),
    (  # a kind named like a CRD in another group is not one
        "apiVersion: example.com/v1\nkind: CustomResourceDefinition\nspec:\n  versions:\n  - schema:\n      a: 1\n",
        "apiVersion: example.com/v1\nkind: CustomResourceDefinition\nspec:\n  versions:\n  - schema:\n      a: 1\n",
    ),
]


@pytest.mark.parametrize(("written", "copied"), FORMS)
def test_trim_forms(written: str, copied: str) -> None:
    trimmed, cut = trim_schemas(written.encode())
    assert trimmed.decode() == copied and cut == len(written) - len(copied)


def test_a_file_missing_from_the_copy_is_missing_from_the_repository_too(tmp_path: Path) -> None:
    copy, top = "/w/lean", str(tmp_path)
    (tmp_path / "present").mkdir()
    (tmp_path / "present" / "p.yaml").write_text("x: 1\n")
    said = "evalsymlink failure on '{0}/{1}' : lstat {0}/{2}: no such file or directory"
    assert missing_here(said.format(copy, "absent/p.yaml", "absent"), copy, top)
    assert missing_here(said.format(copy, "present/q.yaml", "present"), copy, top)  # the directory is only missing from the copy
    assert not missing_here(said.format(copy, "present/p.yaml", "present"), copy, top)  # the copy lacks it: the real build may not
    assert not missing_here("accumulating resources: no such field", copy, top)
    assert not missing_here("lstat /elsewhere/x: no such file or directory", copy, top)


def test_a_schema_kustomize_reads_is_never_trimmed(tmp_path: Path) -> None:
    """A CRD a kustomization also names under ``crds`` (or ``openapi``) gives
    kustomize merge keys: it is copied as it is, only resources are trimmed."""
    from pod_resources_cli.source.layout import Render, Tools, plan_inputs

    for path in CRDS:
        shutil.copy(path, tmp_path / path.name.split("__")[-1])
    names = sorted(p.name for p in tmp_path.glob("*.yaml"))
    (tmp_path / "kustomization.yaml").write_text(json.dumps({"resources": names, "crds": names[:1]}))
    [render] = [e for e in plan_inputs([str(tmp_path)], Tools(kustomize=("kustomize", "build"))).entries if isinstance(e, Render)]
    assert sorted(Path(p).name for p in render.resources) == names[1:]


DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: agent
spec:
  template:
    spec:
      containers:
      - name: agent
        image: agent:1
        resources:
          requests:
            cpu: 100m
"""
MEMORY_PATCH = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: agent
spec:
  template:
    spec:
      containers:
      - name: agent
        resources:
          limits:
            memory: 1Gi
"""
SCHEMA_PATCH = """\
- op: replace
  path: /spec/versions/0/schema/openAPIV3Schema/description
  value: patched
"""


def repository(root: Path) -> None:
    """base: the two CRDs and a Deployment; three overlays: a patch of the
    Deployment (the copy stands for the real files), a JSON patch of a CRD's
    schema (the copy fails, the real files build) and a patch file that does
    not exist (both fail, for the same reason)."""
    base = root / "base"
    base.mkdir(parents=True)
    names = []
    for path in CRDS:
        name = path.name.split("__")[-1]
        shutil.copy(path, base / name)
        names.append(name)
    (base / "deployment.yaml").write_text(DEPLOYMENT)
    (base / "kustomization.yaml").write_text(json.dumps({"resources": [*names, "deployment.yaml"]}))
    overlays = {
        "memory": {"resources": ["../../base"], "patches": [{"path": "memory.yaml"}]},
        "schema": {"resources": ["../../base"], "patches": [{"path": "schema.yaml", "target": {"kind": "CustomResourceDefinition", "name": "localmodelnodes.serving.kserve.io"}}]},
        "missing": {"resources": ["../../base"], "patches": [{"path": "gone/memory.yaml"}]},
    }  # fmt: skip
    for name, kustomization in overlays.items():
        directory = root / "overlays" / name
        directory.mkdir(parents=True)
        (directory / "kustomization.yaml").write_text(json.dumps(kustomization))
    (root / "overlays" / "memory" / "memory.yaml").write_text(MEMORY_PATCH)
    (root / "overlays" / "schema" / "schema.yaml").write_text(SCHEMA_PATCH)
    (root / "overlays" / "missing" / "gone").mkdir()


def lint(capsys: pytest.CaptureFixture[str], root: Path) -> dict[str, Any]:
    main(["lint", "--no-config", "--format", "json", "--jobs", "1", str(root)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err, err
    report: dict[str, Any] = json.loads(out)
    return report


@pytest.mark.skipif(KUBECTL is None, reason="needs kubectl kustomize")
def test_a_lean_build_reports_what_the_real_build_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "repo"
    repository(root)
    built: list[str] = []
    real_build = render._build

    def spy(kustomize: Any, wrapper: str, target: str, limits: Any, *rest: Any) -> Any:
        built.append(("copy " if "/lean/" in wrapper else "real ") + Path(target).name)
        return real_build(kustomize, wrapper, target, limits, *rest)

    monkeypatch.setattr(render, "_build", spy)
    monkeypatch.setattr(lean_build, "WORTH_TRIMMING", 1 << 40)  # never worth it: every build over the real files
    every_file_built = lint(capsys, root)
    assert sorted(built) == ["real memory", "real missing", "real schema"]
    built.clear()
    monkeypatch.setattr(lean_build, "WORTH_TRIMMING", 0)
    lean = lint(capsys, root)
    # memory: the copy stands for the files; schema: the copy fails on the emptied schema, the real files build;
    # missing: the patch file is missing from the repository too, so its failure is said without building the real files.
    assert sorted(built) == ["copy memory", "copy missing", "copy schema", "real schema"]
    assert lean == every_file_built
    summary = lean["summary"]
    # Two builds; the one that failed names only the base they hold, so nothing more is read as it is.
    assert summary["pods"] == 2 and summary["skipped"]["describes-objects"] == {"CustomResourceDefinition": 4}
    [note] = summary["notes"]
    missing = root / "overlays" / "missing"
    assert note.startswith(f"{missing}: kustomization not rendered (") and f"{missing}/gone/memory.yaml: no such file or directory)" in note
    paths = {(f["path"], f["line"]) for f in lean["findings"]}
    assert (str(root / "base" / "deployment.yaml"), 11) in paths  # findings point at the real files and their lines
