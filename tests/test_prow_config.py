"""Prow's own configuration beside its job configuration (source/prow_config.py), on kubernetes/test-infra
@9cd5798cbb4f: config/prow/plugins.yaml's config_updater maps name config/prow/config.yaml and config/jobs/**, and
plank merges its default_decoration_config_entries into each decorated job (kubernetes-sigs/prow @a61940897382
pkg/config/config.go mergeDefaultDecorationConfig)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from pod_resources_cli.source import prow_config
from pod_resources_cli.model.decode.prow_defaults import ProwDefaults, apply_default
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "kubernetes__test-infra"
FILES = (
    "config/prow/plugins.yaml",
    "config/prow/config.yaml",
    "config/jobs/kubernetes/cloud-provider-ibmcloud/kubernetes-ppc64le-presubmits.yaml",
    "config/jobs/image-pushing/k8s-staging-kind.yaml",
    "config/jobs/containerd/containerd/containerd-periodic-jobs.yaml",
)
UTILITY = {"cpu": "100m"}
JOB = "config/jobs/kubernetes/cloud-provider-ibmcloud/kubernetes-ppc64le-presubmits.yaml"


def _tree(tmp_path: Path, git: bool = True) -> Path:
    """The real files at their paths in the repository (a git work tree unless told)."""
    for name in FILES:
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REAL / name.replace("/", "__"), target)
    if git:
        (tmp_path / ".git").mkdir()
    _clear()
    return tmp_path


def _clear() -> None:
    prow_config._plugin_files.cache_clear()
    prow_config._documents.cache_clear()


def _pods(path: Path) -> list[tuple[str, str, bool, tuple[str, ...], list[tuple[str, str, Any, Any]]]]:
    out = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref, pod = item.workload.ref, item.workload.pod
            containers = [(c.name, c.type.value, requests, limits) for c, (requests, limits) in _sized(pod)]
            out.append((ref.kind, ref.name, ref.as_written is not None, ref.operator_notes, containers))
    return out


def _sized(pod: Any) -> list[tuple[Any, tuple[dict[str, str], dict[str, str]]]]:
    def canon(values: Any) -> dict[str, str]:
        return {str(k): str(v) for k, v in values.items()}

    return [(c, (canon(c.resources.req), canon(c.resources.lim))) for c in (*pod.init_containers, *pod.containers)]


def _explain(capsys: Any, path: Path) -> dict[str, Any]:
    from pod_resources_cli.cli import main

    capsys.readouterr()
    main(["explain", "-o", "json", str(path)])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def test_plank_defaults_of_the_repository_size_the_pod_utilities(tmp_path: Path, capsys: Any) -> None:
    """pull-kubernetes-integration-ppc64le (cluster k8s-infra-ppc64le-prow-build, decorated): the * entry of
    config/prow/config.yaml gives clonerefs, initupload, place-entrypoint and the sidecar cpu 100m requests and nothing
    else, and the cluster's own entry (gcs_credentials_secret only) matches too: the pod asks 4100m cpu (test 4 +
    sidecar 100m) and 20Gi, Burstable as fact."""
    root = _tree(tmp_path)
    path = root / JOB
    [(kind, name, as_written, notes, containers)] = _pods(path)
    assert (kind, name, as_written) == ("Presubmit", "pull-kubernetes-integration-ppc64le", False)
    assert containers == [
        ("clonerefs", "init", UTILITY, {}),
        ("initupload", "init", UTILITY, {}),
        ("place-entrypoint", "init", UTILITY, {}),
        ("test", "regular", {"cpu": "4", "memory": "20Gi"}, {"cpu": "4", "memory": "20Gi"}),
        ("sidecar", "regular", UTILITY, {}),
    ]
    assert len(notes) == 1 and "the 2 default_decoration_config_entries of config/prow/config.yaml" in notes[0]
    assert "repo 'kubernetes/kubernetes' and cluster 'k8s-infra-ppc64le-prow-build'" in notes[0]
    [pod] = _explain(capsys, path)["pods"]
    assert (pod["qosClass"], pod["requests"]) == ("Burstable", {"cpu": "4100m", "memory": "20Gi"})
    # cpu 4 == 4 gets no exclusive CPUs in a Burstable pod (PR401); no finding names a utility Prow's configuration sizes
    report = lint_report(capsys, str(path))
    assert [(f["rule"], f["line"], f["container"]) for f in report["findings"]] == [("PR401", 23, "test")]


def test_a_periodic_matches_entries_by_its_first_extra_ref_and_clones_it(tmp_path: Path, capsys: Any) -> None:
    """ci-containerd-build: a periodic whose extra_refs[0] is containerd/containerd (setPeriodicDecorationDefaults)
    clones it (clonerefs first); cpu 4 and 6Gi requests equal to limits on test, cpu 100m on each utility."""
    root = _tree(tmp_path)
    pods = _pods(root / "config/jobs/containerd/containerd/containerd-periodic-jobs.yaml")
    kind, name, as_written, notes, containers = pods[0]
    assert (kind, name, as_written) == ("Periodic", "ci-containerd-build", False)
    assert "repo 'containerd/containerd'" in notes[0]
    assert [c[0] for c in containers] == ["clonerefs", "initupload", "place-entrypoint", "test", "sidecar"]
    assert containers[3] == ("test", "regular", {"cpu": "4", "memory": "6Gi"}, {"cpu": "4", "memory": "6Gi"})
    assert all(c[2] == UTILITY and c[3] == {} for c in containers if c[0] != "test")
    rules = {(f["rule"], f["container"]) for f in lint_report(capsys, str(root / "config/jobs/containerd"))["findings"]}
    assert rules == {("PR401", "test")}


def test_a_job_without_resources_is_named_not_its_utilities(tmp_path: Path, capsys: Any) -> None:
    """post-kind-push-binaries (k8s-infra-prow-build-trusted): the lone container, named test, sets nothing (PR138 on
    it); the utilities have Prow's cpu 100m requests and no finding of their own."""
    root = _tree(tmp_path)
    path = root / "config/jobs/image-pushing/k8s-staging-kind.yaml"
    pods = _pods(path)
    assert pods and all(not a for _, _, a, _, _ in pods)
    assert pods[0][1] == "post-kind-push-binaries" and pods[0][4][3] == ("test", "regular", {}, {})
    findings = lint_report(capsys, str(path))["findings"]
    assert findings and {(f["rule"], f["container"]) for f in findings} == {("PR138", "test")}
    assert len(findings) == len(pods)


def test_without_prow_configuration_the_pod_stays_as_written(tmp_path: Path) -> None:
    """The same job outside config/jobs/** (no map of plugins.yaml matches it), or with no plugins.yaml: as before, as
    written (plank's defaults unknown), utilities without resources."""
    root = _tree(tmp_path)
    elsewhere = root / "examples" / "presubmits.yaml"
    elsewhere.parent.mkdir()
    shutil.copyfile(root / JOB, elsewhere)
    [(_, _, as_written, notes, containers)] = _pods(elsewhere)
    assert as_written and notes == () and containers[0] == ("clonerefs", "init", {}, {})
    (root / "config/prow/plugins.yaml").unlink()
    _clear()
    [(_, _, as_written, notes, _)] = _pods(root / JOB)
    assert as_written and notes == ()


def test_entries_merge_in_order_and_the_job_wins_per_utility(tmp_path: Path) -> None:
    """An entry for the job's cluster, after the * one, replaces the sidecar's resources whole; the job's own
    decoration_config.resources.clonerefs replaces plank's; default_memory_request from an entry fills test's memory
    request (DecorationConfig.ApplyDefault, Resources.ApplyDefault, podspec.go decorate)."""
    root = _tree(tmp_path)
    config = root / "config/prow/config.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "  - cluster: k8s-infra-aks-prow-build\n    config:\n      gcs_credentials_secret: \"\"\n",
        "  - cluster: k8s-infra-prow-build\n    config:\n      default_memory_request: 3Gi\n"
        "      resources:\n        sidecar: {requests: {cpu: 200m, memory: 64Mi}, limits: {memory: 64Mi}}\n", 1,
    ), encoding="utf-8")  # fmt: skip
    job = root / "config/jobs/containerd/containerd/containerd-periodic-jobs.yaml"
    job.write_text(job.read_text(encoding="utf-8").replace(
        "  decorate: true\n", "  decorate: true\n  decoration_config:\n    resources:\n      clonerefs: {requests: {cpu: 1}}\n", 1,
    ), encoding="utf-8")  # fmt: skip
    _clear()
    _, _, _, notes, containers = _pods(job)[0]
    assert "the 2 default_decoration_config_entries" in notes[0]
    by_name = {c[0]: (c[2], c[3]) for c in containers}
    assert by_name["clonerefs"] == ({"cpu": "1"}, {})
    assert by_name["initupload"] == (UTILITY, {})
    assert by_name["sidecar"] == ({"cpu": "200m", "memory": "64Mi"}, {"memory": "64Mi"})
    assert by_name["test"] == ({"cpu": "4", "memory": "6Gi"}, {"cpu": "4", "memory": "6Gi"})  # its own memory request
    stripped = job.read_text(encoding="utf-8").replace("          memory: 6Gi\n", "", 2)
    job.write_text(stripped, encoding="utf-8")
    _, _, _, _, containers = _pods(job)[0]
    assert containers[3] == ("test", "regular", {"cpu": "4", "memory": "3Gi"}, {"cpu": "4"})


def test_decorate_all_jobs_of_the_prow_configuration_decides_an_undecided_job(tmp_path: Path) -> None:
    """A job without ``decorate``: Prow's configuration decides (shouldDecorate: decorate_all_jobs, false unless
    written); test-infra's writes none, so the pod is the spec alone, final."""
    root = _tree(tmp_path)
    job = root / JOB
    job.write_text(job.read_text(encoding="utf-8").replace("    decorate: true\n", "", 1), encoding="utf-8")
    [(_, _, as_written, notes, containers)] = _pods(job)
    assert not as_written and notes == () and [c[0] for c in containers] == ["test"]
    config = root / "config/prow/config.yaml"
    config.write_text("decorate_all_jobs: true\n" + config.read_text(encoding="utf-8"), encoding="utf-8")
    _clear()
    [(_, _, as_written, _, containers)] = _pods(job)
    assert not as_written and [c[0] for c in containers] == ["clonerefs", "initupload", "place-entrypoint", "test", "sidecar"]


def test_a_directory_argument_without_git_is_the_repository(tmp_path: Path, capsys: Any) -> None:
    """An unpacked archive (no .git) linted from its root: the run's directory argument is the repository."""
    root = _tree(tmp_path, git=False)
    report = lint_report(capsys, str(root))
    assert not any(f["container"] in ("clonerefs", "initupload", "place-entrypoint", "sidecar") for f in report["findings"])
    assert {f["rule"] for f in report["findings"]} == {"PR138", "PR401"}


def test_zglob_and_entry_matching() -> None:
    """zglob: ``**/`` any directories, ``{a,b}`` alternatives; matches: an org alone matches its repositories."""
    assert prow_config._zglob("config/jobs/**/*.{yaml,yml}", "config/jobs/a/b/c.yml")
    assert prow_config._zglob("config/jobs/**/*.{yaml,yml}", "config/jobs/c.yaml")
    assert not prow_config._zglob("config/jobs/**/*.{yaml,yml}", "config/prow/config.yaml")
    assert not prow_config._zglob("config/jobs/**/*.{yaml,yml", "config/jobs/c.yaml")  # unbalanced: never matches
    assert prow_config._zglob("c/[!a-c]x.yaml", "c/dx.yaml") and not prow_config._zglob("c/[!a-c]x.yaml", "c/bx.yaml")
    # a repository's pattern can no longer cost exponential time (a regular expression of 14 `**` against 40 names
    # did not finish in a minute; 40 `*a` against 255 characters either): matched name by name with a table
    assert not prow_config._zglob("/".join(["**"] * 14) + "/z.yaml", "/".join(["a"] * 40) + "/y.yaml")
    assert not prow_config._zglob("*a" * 40 + "b", "a" * 255)
    assert not prow_config._zglob("{a,b}" * 7, "ab" * 7)  # 128 expansions: past the bound, nothing
    defaults = ProwDefaults("c.yaml", (("kubernetes", "", {"skip_cloning": True}), ("kubernetes/test-infra", "*", {})), None)
    assert defaults.matched("kubernetes/kubernetes", "default") == 1
    assert defaults.matched("kubernetes/test-infra", "x") == 2
    assert defaults.matched("", "default") == 0
    assert apply_default(None, None) is None
    assert apply_default({"resources": {"sidecar": None}}, {"resources": {"sidecar": {"requests": {"cpu": "1"}}}}) == {
        "resources": {"sidecar": {"requests": {"cpu": "1"}}}
    }


def test_a_prow_configuration_prow_would_refuse_is_not_applied(tmp_path: Path) -> None:
    """A default_memory_request that is no quantity, or a utility's resources that are no mapping: Prow does not load
    the configuration, so the job stays as written (no error on the job for another file's value)."""
    root = _tree(tmp_path)
    config = root / "config/prow/config.yaml"
    text = config.read_text(encoding="utf-8")
    sidecar = "        sidecar:\n          requests:\n            cpu: 100m\n"
    assert sidecar in text
    for bad in (text.replace("      blobless_fetch: true\n", "      default_memory_request: banana\n", 1), text.replace(sidecar, "        sidecar: [1]\n", 1)):
        config.write_text(bad, encoding="utf-8")
        _clear()
        [(_, _, as_written, notes, _)] = _pods(root / JOB)
        assert as_written and notes == ()
