"""JupyterHub's user pod from Zero to JupyterHub's values (kinds_jupyterhub.py): KubeSpawner's ``notebook`` container
with the chart's ``singleuser`` guarantees and limits (memory in units of 1024), its extra and init containers and
the hub's ``block-cloud-metadata``; one pod for each active user, a count no file says.

Real file: 2i2c-org/infrastructure @9ad7cd0fc350 helm-charts/basehub (Chart.yaml depends on jupyterhub 4.3.3 from
https://jupyterhub.github.io/helm-chart/, values.yaml keeps its values under ``jupyterhub``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.kinds_jupyterhub import cpu, memory
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "helm" / "2i2c-org__infrastructure" / "helm-charts" / "basehub"
WHY = (
    "KubeSpawner makes one such pod for each active user; singleuser.profileList (a user's choice), "
    "singleuser.extraPodConfig, hub.config.KubeSpawner or Spawner and hub.extraConfig can change its containers and resources"
)


def _explained(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[dict[str, Any]]:
    main(["explain", "--no-render", "-o", "json", *(str(p) for p in paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    pods: list[dict[str, Any]] = json.loads(out)["pods"]
    return pods


def _containers(pod: dict[str, Any]) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    return [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]]


def test_the_basehub_chart_values_are_its_user_pod(capsys: pytest.CaptureFixture[str]) -> None:
    """jupyterhub.singleuser: memory guarantee 256M and limit 1G (units of 1024: 256Mi and 1Gi, as the client writes
    them, a number of bytes), cpu guarantee 0.05; cloudMetadata not written: the chart's default blocks it with the
    init container block-cloud-metadata, without resources (networkTools.resources not written). hub.extraConfig is
    written: as written. The count is unknown (one pod per active user), never 1."""
    pod, hub, proxy = _explained(capsys, REAL / "values.yaml")
    workload = pod["workload"]
    assert (workload["kind"], workload["name"], workload["replicas"], workload["asWritten"]) == ("Chart", "basehub", None, WHY)
    assert _containers(pod) == [
        ("block-cloud-metadata", "init", {}, {}),
        ("notebook", "regular", {"cpu": "50m", "memory": "268435456"}, {"memory": "1073741824"}),
    ]
    assert (pod["requests"], pod["limits"], pod["qosClass"]) == ({"cpu": "50m", "memory": "268435456"}, {"memory": "1073741824"}, "Burstable")
    # the chart's hub and proxy Deployments (replicas: 1), final; scheduling.userScheduler.enabled is false: no scheduler
    assert [(p["workload"]["template"], p["workload"]["replicas"], p["workload"]["asWritten"]) for p in (hub, proxy)] == [
        ("hub", 1, None), ("proxy", 1, None)]
    assert _containers(hub) == [
        ("templates-clone", "init", {}, {}), ("hub", "regular", {"cpu": "10m", "memory": "128Mi"}, {"memory": "2Gi"}),
        ("templates-sync", "regular", {}, {}),
    ]
    assert _containers(proxy) == [("chp", "regular", {"cpu": "10m", "memory": "64Mi"}, {"memory": "1Gi"})]


def test_lint_of_the_basehub_chart(capsys: pytest.CaptureFixture[str]) -> None:
    """The user pod's memory above its request is told (info) at jupyterhub.singleuser; the proxy's and the hub's
    limits 16x their requests (PR134) and the hub's templates-sync sidecar without resources (PR138) where written."""
    report = lint_report(capsys, "--no-render", str(REAL))
    found = [(f["rule"], f["severity"], f["line"], f["object"]["name"], f["message"].split("'")[1]) for f in report["findings"]]
    assert found == [
        ("PR133", "info", 516, "basehub", "chp"), ("PR134", "warning", 518, "basehub", "chp"), ("PR133", "info", 531, "basehub", "notebook"),
        ("PR138", "warning", 1006, "basehub", "templates-sync"), ("PR133", "info", 1180, "basehub", "hub"), ("PR134", "warning", 1182, "basehub", "hub"),
    ]  # fmt: skip
    assert report["summary"]["pods"] == 3


def _release(tmp_path: Path, values: dict[str, Any] | None, source: str = "jupyterhub", **spec: Any) -> Path:
    chart = {"spec": {"chart": "jupyterhub", "version": "4.3.3", "sourceRef": {"kind": "HelmRepository", "name": source}}}
    body: dict[str, Any] = {"chart": chart, **spec}
    if values is not None:
        body["values"] = values
    obj = {"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease", "metadata": {"name": "hub", "namespace": "jh"}, "spec": body}
    path = tmp_path / "release.yaml"
    path.write_text(yaml.safe_dump(obj))
    return path


def test_a_release_without_values_has_the_charts_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """values.yaml: memory.guarantee 1G (1Gi), no cpu, blockWithIptables true: the pod is final (nothing changes it)."""
    pod, hub, proxy, scheduler = _explained(capsys, _release(tmp_path, None))
    assert (pod["workload"]["replicas"], pod["workload"]["asWritten"]) == (None, None)
    assert _containers(pod) == [("block-cloud-metadata", "init", {}, {}), ("notebook", "regular", {"memory": "1073741824"}, {})]
    # hub.resources, proxy.chp.resources and scheduling.userScheduler.resources are {}: BestEffort, as the chart renders
    # them; the user scheduler is enabled with 2 replicas by default
    assert [(p["workload"]["template"], p["workload"]["replicas"], _containers(p), p["qosClass"]) for p in (hub, proxy, scheduler)] == [
        ("hub", 1, [("hub", "regular", {}, {})], "BestEffort"), ("proxy", 1, [("chp", "regular", {}, {})], "BestEffort"),
        ("user-scheduler", 2, [("kube-scheduler", "regular", {}, {})], "BestEffort"),
    ]  # fmt: skip


def test_the_charts_components_from_their_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """userScheduler.replicas and resources; disabled: no scheduler pod; an extraPodSpec makes that pod as written."""
    values = {"scheduling": {"userScheduler": {"replicas": 3, "resources": {"requests": {"cpu": "50m", "memory": "256Mi"}}}},
              "hub": {"extraPodSpec": {"priorityClassName": "x"}}}  # fmt: skip
    _, hub, _, scheduler = _explained(capsys, _release(tmp_path, values))
    assert (scheduler["workload"]["replicas"], _containers(scheduler)) == (3, [("kube-scheduler", "regular", {"cpu": "50m", "memory": "256Mi"}, {})])
    assert "hub.extraPodSpec" in hub["workload"]["asWritten"]
    labels = [p["workload"]["template"] for p in _explained(capsys, _release(tmp_path, {"scheduling": {"userScheduler": {"enabled": False}}}))]
    assert labels == ["singleuser", "hub", "proxy"]


def test_each_singleuser_value_as_kubespawner_takes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """cpu numbers as JSON writes a float, memory texts in units of 1024 (1.5G: 1610612736 bytes), a null guarantee
    unset (Helm removes the key; the API server then defaults the request to the limit), extraResource over them, initContainers of a map in key order before
    block-cloud-metadata (with networkTools.resources), extraContainers after notebook."""
    values = {"singleuser": {
        "cpu": {"guarantee": 1, "limit": 2.5},
        "memory": {"guarantee": None, "limit": "1.5G"},
        "extraResource": {"guarantees": {"nvidia.com/gpu": "1"}, "limits": {"nvidia.com/gpu": "1"}},
        "initContainers": {"z": {"name": "zz", "image": "busybox"}, "a": {"name": "aa", "image": "busybox"}},
        "extraContainers": [{"name": "sidecar", "image": "busybox", "resources": {"requests": {"memory": "64Mi"}}}],
        "networkTools": {"resources": {"limits": {"cpu": "100m", "memory": "32Mi"}}},
    }}  # fmt: skip
    pod = _explained(capsys, _release(tmp_path, values))[0]
    assert _containers(pod) == [
        ("aa", "init", {}, {}), ("zz", "init", {}, {}),
        ("block-cloud-metadata", "init", {"cpu": "100m", "memory": "32Mi"}, {"cpu": "100m", "memory": "32Mi"}),
        ("notebook", "regular", {"cpu": "1", "memory": "1610612736", "nvidia.com/gpu": "1"}, {"cpu": "2500m", "memory": "1610612736", "nvidia.com/gpu": "1"}),
        ("sidecar", "regular", {"memory": "64Mi"}, {}),
    ]  # fmt: skip


def test_blocking_cloud_metadata_off_and_zero_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """blockWithIptables false (or any value but true: ``== True``): no init container; a zero guarantee or limit
    sets nothing (make_pod: ``if cpu_guarantee:``)."""
    for block in (False, "true"):
        values = {"singleuser": {"cloudMetadata": {"blockWithIptables": block}, "cpu": {"guarantee": 0, "limit": 0}, "memory": {"guarantee": "512M"}}}
        pod = _explained(capsys, _release(tmp_path, values))[0]
        assert _containers(pod) == [("notebook", "regular", {"memory": "536870912"}, {})]


def test_what_the_spawner_may_change_makes_it_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """profileList, hub.config.KubeSpawner, hub.extraConfig and Flux's valuesFrom each make the pod as written."""
    cases: list[tuple[dict[str, Any], dict[str, Any]]] = [
        ({"singleuser": {"profileList": [{"display_name": "big", "kubespawner_override": {"mem_limit": "8G"}}]}}, {}),
        ({"hub": {"config": {"KubeSpawner": {"mem_limit": "8G"}}}}, {}),
        ({"hub": {"extraConfig": {"x": "c.KubeSpawner.cpu_limit = 4"}}}, {}),
        ({}, {"valuesFrom": [{"kind": "ConfigMap", "name": "more"}]}),
    ]
    for values, spec in cases:
        pod = _explained(capsys, _release(tmp_path, values, **spec))[0]
        assert pod["workload"]["asWritten"] is not None and "active user" in pod["workload"]["asWritten"]


def test_bitnamis_chart_of_the_same_name_is_not_zero_to_jupyterhub(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """From a HelmRepository named bitnami: its values are searched by shape only (here: no pod template)."""
    assert _explained(capsys, _release(tmp_path, {"singleuser": {"memory": {"guarantee": "2G"}}}, source="bitnami")) == []


def test_a_chart_depending_on_jupyterhub_under_an_alias_and_a_condition(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The values are under the dependency's alias; a false condition installs nothing."""
    chart = yaml.safe_load((REAL / "Chart.yaml").read_text())
    chart["dependencies"][0]["alias"] = "hub"
    chart["dependencies"][0]["condition"] = "hub.enabled"
    directory = tmp_path / "c"
    directory.mkdir()
    (directory / "Chart.yaml").write_text(yaml.safe_dump(chart))
    (directory / "values.yaml").write_text(yaml.safe_dump({"hub": {"enabled": True, "singleuser": {"memory": {"limit": "2G"}}}}))
    pod = _explained(capsys, directory / "values.yaml")[0]
    assert _containers(pod) == [("block-cloud-metadata", "init", {}, {}), ("notebook", "regular", {"memory": "1073741824"}, {"memory": "2147483648"})]
    (directory / "values.yaml").write_text(yaml.safe_dump({"hub": {"enabled": False}}))
    assert _explained(capsys, directory / "values.yaml") == []
    shutil.rmtree(directory)


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1G", "1073741824"), ("256M", "268435456"), ("0.5K", "512"), ("1.5G", "1610612736"), (1024, "1024"), (2.7, "2"),
     (None, None), ("0G", None), ("1Gi", "1Gi"), ("1024", "1024"), ("G", "G"), ("1g", "1g")],
)  # fmt: skip
def test_memory_in_units_of_1024(value: Any, expected: str | None) -> None:
    """ByteSpecification.validate; a text it refuses (no K/M/G/T suffix: 1Gi, 1024 as a text, 1g) is kept as written."""
    assert memory(value) == expected


def test_cpu_as_the_client_writes_a_float() -> None:
    assert [cpu(v) for v in (0.05, 2, 0, None, "500m")] == ["0.05", "2.0", None, None, "500m"]


BAD = """\
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: b}
spec:
  chart: {spec: {chart: jupyterhub}}
  values:
    singleuser:
      memory: [1]
      cpu: {guarantee: "x", limit: .inf}
      extraResource: {limits: [1]}
      initContainers: "no"
      extraContainers: {b: 1, a: {name: a}}
      cloudMetadata: true
      networkTools: {resources: [1]}
    hub: {resources: "x", extraContainers: {a: 1}, initContainers: [1, "x"]}
    proxy: [1]
    scheduling: {userScheduler: {replicas: "x", enabled: "yes"}}
---
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: c}
spec:
  chart: {spec: {chart: jupyterhub}}
  values:
    singleuser: {memory: {guarantee: "infG", limit: "nanG"}, cpu: {limit: 1e400}}
---
apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata: {name: d}
spec:
  chart: {spec: {chart: jupyterhub}}
  values: [1]
"""


def test_values_of_the_wrong_shape_are_errors_at_their_place_never_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A cpu that is no number and a memory KubeSpawner refuses are kept as written: PR002 where Kubernetes refuses
    them too; containers that are no objects, a count that is no integer: PR002 at the field."""
    path = tmp_path / "bad.yaml"
    path.write_text(BAD)
    report = lint_report(capsys, "--no-render", str(path))
    errors = sorted((f["line"], f["object"]["name"]) for f in report["findings"] if f["rule"] == "PR002")
    assert errors == [(7, "b"), (7, "b"), (12, "b"), (15, "b"), (15, "b"), (17, "b"), (25, "c"), (25, "c"), (25, "c")]


def _application(tmp_path: Path, source: dict[str, Any]) -> Path:
    obj = {"apiVersion": "argoproj.io/v1alpha1", "kind": "Application", "metadata": {"name": "jupyterhub", "namespace": "argocd"},
           "spec": {"project": "default", "source": source, "destination": {"namespace": "jupyterhub"}}}  # fmt: skip
    path = tmp_path / "application.yaml"
    path.write_text(yaml.safe_dump(obj))
    return path


def test_an_argo_cd_application_of_the_chart_with_values_as_an_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """spec.source.helm.valuesObject of the jupyterhub chart from hub.jupyter.org: the same pods; values as text beside
    it are ignored (argo-cd values.go ValuesYAML: the object where set, else the text; never both), so the pods stay
    final; valueFiles merged with them: as written; another Application: searched by shape, as before (no pod)."""
    values = {"singleuser": {"memory": {"guarantee": "2G", "limit": "4G"}}, "hub": {"resources": {"requests": {"cpu": "100m"}}}}
    source = {"repoURL": "https://hub.jupyter.org/helm-chart/", "chart": "jupyterhub", "targetRevision": "4.3.2", "helm": {"valuesObject": values}}
    pods = _explained(capsys, _application(tmp_path, source))
    assert [(p["workload"]["kind"], p["workload"]["template"], p["workload"]["replicas"], p["workload"]["asWritten"]) for p in pods] == [
        ("Application", "singleuser", None, None), ("Application", "hub", 1, None), ("Application", "proxy", 1, None),
        ("Application", "user-scheduler", 2, None),
    ]  # fmt: skip
    assert _containers(pods[0])[1] == ("notebook", "regular", {"memory": "2147483648"}, {"memory": "4294967296"})
    assert _containers(pods[1]) == [("hub", "regular", {"cpu": "100m"}, {})]
    source["helm"] = {"valuesObject": values, "values": "singleuser:\n  memory:\n    limit: 8G\n"}
    ignored = _explained(capsys, _application(tmp_path, source))
    assert not any(p["workload"]["asWritten"] for p in ignored)
    assert _containers(ignored[0])[1] == ("notebook", "regular", {"memory": "2147483648"}, {"memory": "4294967296"})
    source["helm"] = {"valuesObject": values, "valueFiles": ["extra.yaml"]}
    assert all(p["workload"]["asWritten"] for p in _explained(capsys, _application(tmp_path, source)))
    other = {"repoURL": "https://charts.bitnami.com/bitnami", "chart": "jupyterhub", "helm": {"valuesObject": values}}
    assert _explained(capsys, _application(tmp_path, other)) == []
