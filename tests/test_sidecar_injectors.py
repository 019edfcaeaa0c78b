"""Sidecar injectors read from their webhooks' Go code: OpenFeature's flagd
(open-feature/open-feature-operator@90d373fd1661), Linkerd's declines
(linkerd/linkerd2@b24cd4059841) and the exact values GKE's Cloud Storage
FUSE webhook accepts (GoogleCloudPlatform/gcs-fuse-csi-driver@5fcdc04a02d2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from pod_resources_cli.cli import main
from pod_resources_cli.model.decode.injection import OPENFEATURE_FLAGD, injected

OFO = Path(__file__).parent / "data" / "real" / "open-feature__open-feature-operator"


def test_openfeature_adds_flagd_to_the_pods_its_controllers_make(capsys: pytest.CaptureFixture[str]) -> None:
    """open-feature-operator's samples: two Deployments annotated openfeature.dev/enabled: "true" with a
    featureflagsource get the flagd native sidecar (pod_webhook.go Handle -> flagdinjector.go InjectFlagd, 200m/32Mi
    requested by default), so they are not the BestEffort pods their manifests alone make (2 false PR201 before);
    the bare Pod is refused by the webhook (no ownerReferences), the in-process pod only gets environment variables
    and the disabled one nothing: those three stay BestEffort."""
    main(["lint", "--no-config", "-o", "json", str(OFO)])
    report = json.loads(capsys.readouterr().out)
    got = [(Path(f["path"]).name, f["line"], f["rule"], f["object"]["name"], f["message"].partition("(as written: ")[2][:-1])
           for f in report["findings"]]  # fmt: skip
    assert got == [
        ("config__samples__core_v1beta1_flagd.yaml", 11, "PR133", "flagd-sample", got[0][4]),
        ("config__samples__deployment.yaml", 19, "PR138", "nginx-deployment", OPENFEATURE_FLAGD),
        ("config__samples__deployment.yaml", 42, "PR138", "nginx-deployment-2", OPENFEATURE_FLAGD),
        ("config__samples__pod.yaml", 11, "PR201", "nginx", ""),
        ("test__e2e__chainsaw__flagd-disabled__00-install.yaml", 66, "PR201", "open-feature-e2e-test-deployment", ""),
        ("test__e2e__chainsaw__in-process__00-install.yaml", 22, "PR201", "open-feature-e2e-test-deployment", ""),
    ]
    assert got[0][4].startswith("the FeatureFlagSource named") and report["summary"]["pods"] == 6
    main(["explain", "-o", "json", str(OFO / "config__samples__deployment.yaml")])
    pods = json.loads(capsys.readouterr().out)["pods"]
    assert [(p["workload"]["name"], p["workload"]["replicas"], [c["name"] for c in p["containers"]], p["workload"]["asWritten"]) for p in pods] == [
        ("nginx-deployment", 5, ["nginx"], OPENFEATURE_FLAGD), ("nginx-deployment-2", 5, ["nginx"], OPENFEATURE_FLAGD)]  # fmt: skip


def _template(name: str) -> dict[str, Any]:
    """The first Pod or Deployment of a real file (its pod template)."""
    docs = [d for d in yaml.safe_load_all((OFO / name).read_text(encoding="utf-8")) if isinstance(d, dict)]
    obj = next(d for d in docs if d.get("kind") in ("Pod", "Deployment"))
    return obj if obj["kind"] == "Pod" else obj["spec"]["template"]  # type: ignore[no-any-return]


def test_which_openfeature_pods_get_flagd() -> None:
    """Each branch of pod_webhook.go Handle on the real manifests: enabled must be exactly "true"
    (checkOFEnabled), featureflagsource must be present (shouldUseSidecar), a bare Pod is refused."""
    deployment = _template("config__samples__deployment.yaml")
    assert injected(deployment) == OPENFEATURE_FLAGD
    annotations = deployment["metadata"]["annotations"]
    for value in ("True", "false", ""):  # checkOFEnabled: val == "true"
        assert injected({**deployment, "metadata": {"annotations": {**annotations, "openfeature.dev/enabled": value}}}) is None
    only_enabled = {"annotations": {"openfeature.dev/enabled": "true"}}  # neither annotation: refused
    assert injected({**deployment, "metadata": only_enabled}) is None
    empty_source = {"annotations": {**annotations, "openfeature.dev/featureflagsource": ""}}  # present: the defaults alone
    assert injected({**deployment, "metadata": empty_source}) == OPENFEATURE_FLAGD
    pod = _template("config__samples__pod.yaml")
    assert pod["kind"] == "Pod" and injected(pod) is None  # "static or orphaned pods cannot be mutated"
    owned = {**pod["metadata"], "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "nginx-1", "uid": "u"}]}
    assert injected({**pod, "metadata": owned}) == OPENFEATURE_FLAGD
    assert injected(_template("test__e2e__chainsaw__in-process__00-install.yaml")) is None  # environment variables only
    assert injected(_template("test__e2e__chainsaw__flagd-disabled__00-install.yaml")) is None


@pytest.mark.parametrize(
    ("spec", "injects"),
    [
        ({"containers": [{"name": "web", "image": "nginx"}]}, True),
        ({"hostNetwork": True, "containers": [{"name": "web", "image": "nginx"}]}, False),  # hostNetworkEnabled
        ({"containers": [{"name": "web"}, {"name": "linkerd-proxy", "image": "x"}]}, False),  # sidecarExists
        ({"containers": [{"name": "web"}, {"name": "istio-proxy"}]}, False),
        ({"containers": [{"name": "web"}, {"name": "p", "image": "cr.l5d.io/linkerd/proxy:edge-25.8.1"}]}, False),
        ({"initContainers": [{"name": "linkerd-proxy", "restartPolicy": "Always"}], "containers": [{"name": "web"}]}, False),
        ({"initContainers": [{"name": "linkerd-init"}], "containers": [{"name": "web"}]}, False),
        ({"initContainers": [{"name": "i", "image": "gcr.io/istio-release/proxy_init:1.0"}], "containers": [{"name": "web"}]}, False),
        ({"initContainers": [{"name": "i", "image": "cr.l5d.io/linkerd/proxy-init"}], "containers": [{"name": "web"}]}, True),  # no tag: no prefix match
        ({"containers": [{"name": "linkerd-init"}]}, True),  # an init container's name, only among init containers
    ],
)
def test_linkerd_declines_host_network_pods_and_pods_with_a_proxy(spec: dict[str, Any], injects: bool) -> None:
    """pkg/inject/report.go Injectable and pkg/healthcheck/sidecar.go HasExistingSidecars."""
    why = injected({"metadata": {"annotations": {"linkerd.io/inject": "enabled"}}, "spec": spec})
    assert (why is not None and why.startswith("Linkerd adds its linkerd-proxy")) is injects


@pytest.mark.parametrize(("value", "injects"), [("true", True), ("True", True), ("TRUE", False), ("false", False), ("yes", False)])
def test_gcsfuse_accepts_true_and_True_only(value: str, injects: bool) -> None:
    """pkg/webhook/parsers.go ParseBool: any other value refuses the pod (an admission error), no sidecar."""
    assert (injected({"metadata": {"annotations": {"gke-gcsfuse/volumes": value}}, "spec": {}}) is not None) is injects


def test_a_flagd_is_the_operators_deployment_of_flagd_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """open-feature-operator's Flagd sample (counted "custom object with no pod found" before): the operator's
    Deployment of spec.replicas (2) pods, one regular container flagd with the operator's --sidecar-* resources
    (deployment.go GetResource -> flagdinjector.go InjectFlagd, generateBasicFlagdContainer); the FeatureFlagSource
    end-to-end may replace them, so the pod is as written and no QoS finding is claimed."""
    flagd = OFO / "config__samples__core_v1beta1_flagd.yaml"
    main(["explain", "-o", "json", str(flagd)])
    [pod] = json.loads(capsys.readouterr().out)["pods"]
    assert (pod["workload"]["kind"], pod["workload"]["name"], pod["workload"]["replicas"]) == ("Flagd", "flagd-sample", 2)
    assert [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]] == [
        ("flagd", "regular", {"cpu": "200m", "memory": "32Mi"}, {"cpu": "500m", "memory": "64Mi"})]
    assert pod["qosClass"] == "Burstable" and pod["workload"]["asWritten"].startswith("the FeatureFlagSource named in spec.featureFlagSource")
    main(["lint", "--no-config", "-o", "json", str(flagd)])
    report = json.loads(capsys.readouterr().out)
    assert [(f["rule"], f["line"], f["message"].split(" (as written")[0]) for f in report["findings"]] == [
        ("PR133", 11, "container 'flagd' requests 32Mi of memory but may use up to 64Mi: the 32Mi above the request is not reserved on the node")]
    assert report["summary"]["pods"] == 1
