"""A failed build's note is the renderer's innermost error, on one line,
without klog's prefix or the deprecation warnings printed before it. The
inputs are what `kubectl kustomize` (v1.32, kustomize v5.5.0) printed here
for small failing kustomizations, and what the kustomize binary and helm
print (their `Error: ` form)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pod_resources_cli.source.tool_errors import MAX_CHARS, innermost

CASES = [
    (  # deprecated fields, then a missing strategic-merge patch
        "# Warning: 'bases' is deprecated. Please use 'resources' instead. Run 'kustomize edit fix' to update your Kustomization automatically.\n"
        "# Warning: 'patchesStrategicMerge' is deprecated. Please use 'patches' instead. Run 'kustomize edit fix' to update your Kustomization automatically.\n"
        'E1127 17:24:54.260926   21511 run.go:72] "command failed" err=<\n'
        "\ttrouble configuring builtin PatchStrategicMergeTransformer with config: `\n"
        "\tpaths:\n\t- missing.yaml\n"
        "\t`: evalsymlink failure on '/tmp/kf/o1/missing.yaml' : lstat /tmp/kf/o1/missing.yaml: no such file or directory\n"
        " >\n",
        "/tmp/kf/o1/missing.yaml: no such file or directory",
    ),
    (  # a missing patch file
        'E1127 17:24:54.437605   21515 run.go:72] "command failed" err=<\n'
        "\ttrouble configuring builtin PatchTransformer with config: `\n\tpath: nope.yaml\n"
        "\t`: failed to get the patch file from path(nope.yaml): evalsymlink failure on '/tmp/kf/o2/nope.yaml' : lstat /tmp/kf/o2/nope.yaml: no such file or directory\n"
        " >\n",
        "failed to get the patch file from path(nope.yaml): /tmp/kf/o2/nope.yaml: no such file or directory",
    ),
    (  # a missing base, nested in the accumulation
        'E1127 17:24:54.723482   21519 run.go:72] "command failed" err="accumulating resources: accumulation err=\'accumulating resources from '
        "'../missingdir': evalsymlink failure on '/tmp/kf/missingdir' : lstat /tmp/kf/missingdir: no such file or directory': must build at "
        "directory: not a valid directory: evalsymlink failure on '/tmp/kf/missingdir' : lstat /tmp/kf/missingdir: no such file or directory\"\n",
        "accumulating resources from '../missingdir': /tmp/kf/missingdir: no such file or directory",
    ),
    (  # argoproj/argocd-example-apps 0d521c6e0498 plugins/kustomized-helm: a kustomization whose `patches` are bare
        # file names (Argo CD's plugin builds it), included by the wrapper: its load error is the cause, not the
        # "must resolve to a file" of reading the directory as a file (kubectl v1.32 here)
        'E1128 17:07:09.450069    9045 run.go:72] "command failed" err="accumulating resources: accumulation err=\'accumulating resources from '
        "'../../work/repos/argoproj+argocd-example-apps/plugins/kustomized-helm': '/work/repos/argoproj+argocd-example-apps/plugins/kustomized-helm' "
        "must resolve to a file': couldn't make target for path '/work/repos/argoproj+argocd-example-apps/plugins/kustomized-helm': invalid "
        'Kustomization: json: cannot unmarshal string into Go struct field Kustomization.patches of type types.Patch"\n',
        "invalid Kustomization: json: cannot unmarshal string into Go struct field Kustomization.patches of type types.Patch",
    ),
    (
        'E1127 17:24:55.073830   21524 run.go:72] "command failed" err="invalid Kustomization: yaml: line 2: did not find expected \',\' or \']\'"\n',
        "invalid Kustomization: yaml: line 2: did not find expected ',' or ']'",
    ),
    (
        'E1127 17:25:16.806568   22035 run.go:72] "command failed" err=<\n'
        "\ttrouble configuring builtin HelmChartInflationGenerator with config: `\n\tname: x\n\trepo: https://example.com\n"
        "\t`: must specify --enable-helm\n >\n",
        "must specify --enable-helm",
    ),
    (
        "E1127 17:25:17.105415   22067 run.go:72] \"command failed\" err=\"loading KV pairs: file sources: [../secret]: security; file '/tmp/kf/secret' is not in or below '/tmp/kf/o6'\"\n",
        "loading KV pairs: file sources: [../secret]: security; file '/tmp/kf/secret' is not in or below '/tmp/kf/o6'",
    ),
    (  # sourcegraph/deploy-sourcegraph-k8s 3adbbdd73c5d examples/k3s: a component within a component fails; kustomize's
        # accumulateComponents quotes each level's error with %q (kubernetes-sigs/kustomize d3d92157fa12
        # api/internal/target/kusttarget.go): the cause is the innermost, named by its component directory, without
        # the Go pointer kustomize prints for the generator
        'E1129 05:55:05.817642   11789 run.go:72] "command failed" err="accumulating components: accumulateDirectory: \\"recursed accumulation of path \'/work/repos/sourcegraph+deploy-sourcegraph-k8s/components/clusters/k3s\': accumulating components: accumulateDirectory: \\\\\\"recursed accumulation of path \'/work/repos/sourcegraph+deploy-sourcegraph-k8s/components/clusters/k3s/monitoring\': merging from generator &{0xc002c5d2b0 <nil>}: id resid.ResId{Gvk:resid.Gvk{Group:\\\\\\\\\\\\\\"\\\\\\\\\\\\\\", Version:\\\\\\\\\\\\\\"v1\\\\\\\\\\\\\\", Kind:\\\\\\\\\\\\\\"ConfigMap\\\\\\\\\\\\\\", isClusterScoped:false}, Name:\\\\\\\\\\\\\\"prometheus-rbac\\\\\\\\\\\\\\", Namespace:\\\\\\\\\\\\\\"\\\\\\\\\\\\\\"} does not exist; cannot merge or replace\\\\\\"\\""\n',
        "/work/repos/sourcegraph+deploy-sourcegraph-k8s/components/clusters/k3s/monitoring: merging from generator: id "
        'resid.ResId{Gvk:resid.Gvk{Group:"", Version:"v1", Kind:"ConfigMap", isClusterScoped:false}, Name:"prometheus-rbac", '
        'Namespace:""} does not exist; cannot merge or replace',
    ),
    (  # the kustomize binary
        "Error: accumulating resources: accumulation err='accumulating resources from 'x.yaml': open /r/x.yaml: no such file or directory': "
        "must build at directory: '/r/x.yaml': file is not directory\n",
        "accumulating resources from 'x.yaml': open /r/x.yaml: no such file or directory",
    ),
    (  # helm, after its walk warnings
        "walk.go:74: found symbolic link in path: /c/templates/l.yaml resolves to /c/l.yaml. Contents of linked file included and used\n"
        "Error: template: web/templates/pod.yaml:7:20: executing \"web/templates/pod.yaml\" at <.Values.x.y>: nil pointer evaluating interface {}.y\n",
        'template: web/templates/pod.yaml:7:20: executing "web/templates/pod.yaml" at <.Values.x.y>: nil pointer evaluating interface {}.y',
    ),
]


@pytest.mark.parametrize(("said", "expected"), CASES)
def test_the_innermost_error_on_one_line(said: str, expected: str) -> None:
    assert innermost(said) == expected


def test_paths_are_shown_as_reports_show_them() -> None:
    said = CASES[0][0]
    assert innermost(said, lambda p: os.path.relpath(p, "/tmp/kf")) == "o1/missing.yaml: no such file or directory"


def test_a_long_error_is_cut_with_an_ellipsis() -> None:
    said = "Error: " + "x" * 1000
    assert len(innermost(said)) == MAX_CHARS and innermost(said).endswith("...")


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="needs the real kubectl kustomize")
def test_a_real_failed_build_is_noted_by_its_cause(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from pod_resources_cli.cli import main

    (tmp_path / ".git").mkdir()
    base = tmp_path / "base"
    base.mkdir()
    (base / "kustomization.yaml").write_text("resources: [pod.yaml]\n")
    (base / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: x}]}\n")
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "kustomization.yaml").write_text("bases: [../base]\npatchesStrategicMerge: [missing.yaml]\n")
    monkeypatch.chdir(tmp_path)
    main(["lint", "--no-config", "-o", "json", "."])
    notes = json.loads(capsys.readouterr().out)["summary"]["notes"]
    # both named as the argument "." names the files
    assert notes == ["./overlay: kustomization not rendered (./overlay/missing.yaml: no such file or directory); its files are read as they are."]


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="needs the real kubectl kustomize")
def test_a_kustomization_that_does_not_load_is_noted_by_its_load_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """argoproj/argocd-example-apps plugins/kustomized-helm (that repository has no licence, so
    nothing of it is copied): `patches` given as bare file names, which kustomize v5 cannot load;
    the note said kustomize's "must resolve to a file" and was cut before the cause."""
    import json

    from pod_resources_cli.cli import main

    (tmp_path / ".git").mkdir()
    app = tmp_path / "app"
    (app / "overlays").mkdir(parents=True)
    (app / "kustomization.yaml").write_text("namePrefix: kustomize-\nresources:\n- ./pod.yaml\npatches:\n- overlays/pod.yaml\n")
    (app / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: x}]}\n")
    (app / "overlays" / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: y}]}\n")
    monkeypatch.chdir(tmp_path)
    main(["lint", "--no-config", "-o", "json", "."])
    notes = json.loads(capsys.readouterr().out)["summary"]["notes"]
    assert notes == [
        "./app: kustomization not rendered (invalid Kustomization: json: cannot unmarshal string into Go struct field"
        " Kustomization.patches of type types.Patch); its files are read as they are."
    ]
