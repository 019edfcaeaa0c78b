"""HashiCorp's sidecar injectors: Vault's agent injector (model/decode/vault_agent.py, hashicorp/vault-k8s
@fbc5b1f0cd4d agent-inject/agent) adds ``vault-agent-init`` and ``vault-agent`` with the pod's
``vault.hashicorp.com/agent-*`` annotations' resources, else 250m/64Mi requests and 500m/128Mi limits; Consul's connect
injector (model/decode/consul_connect.py, hashicorp/consul-k8s @a507b1d1e306 control-plane/connect-inject/webhook)
adds ``consul-connect-inject-init`` (50m/25Mi, limits 50m/150Mi) and ``consul-dataplane`` (the pod's
``consul.hashicorp.com/sidecar-proxy-*`` annotations, else none) per service."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.cli import main
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real"
KATAKODA = REAL / "hashicorp__katakoda"
CONSUL = REAL / "hashicorp__consul-k8s"
AGENT = ({"cpu": "250m", "memory": "64Mi"}, {"cpu": "500m", "memory": "128Mi"})
INIT = ({"cpu": "50m", "memory": "25Mi"}, {"cpu": "50m", "memory": "150Mi"})


def _explain(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    main(["explain", "-o", "json", str(path)])
    pods: list[dict[str, Any]] = json.loads(capsys.readouterr().out)["pods"]
    return pods


def _containers(pod: dict[str, Any]) -> list[tuple[str, str, dict[str, str], dict[str, str]]]:
    return [(c["name"], c["type"], c["requests"], c["limits"]) for c in pod["containers"]]


@pytest.mark.parametrize(("file", "app"), [
    ("vault-kubernetes-sidecar__assets__pod-payroll.yml", "payroll"),
    ("vault-kubernetes-sidecar__assets__deployment-issues.yml", "issues"),
])  # fmt: skip
def test_vault_agent_defaults_on_hashicorps_tutorial_pods(capsys: pytest.CaptureFixture[str], file: str, app: str) -> None:
    """HashiCorp's tutorial pods ask for the agent and write no agent-* resource annotation: both injected containers
    get the injector's defaults, so the pod is Burstable, not BestEffort (PR201 was false on them)."""
    [pod] = _explain(capsys, KATAKODA / file)
    assert _containers(pod) == [
        ("vault-agent-init", "init", *AGENT), (app, "regular", {}, {}), ("vault-agent", "regular", *AGENT),
    ]  # fmt: skip
    assert (pod["qosClass"], pod["requests"], pod["workload"]["asWritten"]) == ("Burstable", AGENT[0], None)
    assert "Vault's injector adds init container 'vault-agent-init' and container 'vault-agent'" in pod["workload"]["operator"][0]
    report = lint_report(capsys, str(KATAKODA / file))
    assert sorted(f["rule"] for f in report["findings"]) == ["PR133", "PR138"]  # vault-agent's 64Mi below 128Mi; the app's none


def test_consul_dataplane_on_consul_k8s_fixture(capsys: pytest.CaptureFixture[str]) -> None:
    """consul-k8s's acceptance app asks for injection: the init container's chart resources make the pod Burstable;
    the proxy (no annotation, the chart's null sidecarProxy.resources) asks for nothing and, with proxy lifecycle on by
    the chart's default, comes before the app."""
    file = CONSUL / "acceptance__tests__fixtures__bases__static-server-tcp__deployment.yaml"
    [pod] = _explain(capsys, file)
    assert _containers(pod) == [
        ("consul-connect-inject-init", "init", *INIT), ("consul-dataplane", "regular", {}, {}),
        ("static-server", "regular", {}, {}),
    ]  # fmt: skip
    assert (pod["qosClass"], pod["requests"], pod["limits"]) == ("Burstable", *INIT)
    report = lint_report(capsys, str(file))
    # no PR201 (not BestEffort); nothing on the init container, whose resources only the injector's install sets
    assert sorted((f["rule"], f["message"].split("'")[1]) for f in report["findings"]) == [
        ("PR138", "consul-dataplane"), ("PR138", "static-server"),
    ]  # fmt: skip


def test_consul_multiport_fixture_gets_one_pair_per_service(capsys: pytest.CaptureFixture[str]) -> None:
    """``connect-service: multiport,multiport-admin``: an init container and a proxy per service, suffixed."""
    [pod] = _explain(capsys, CONSUL / "acceptance__tests__fixtures__bases__multiport-app__deployment.yaml")
    assert _containers(pod) == [
        ("consul-connect-inject-init-multiport", "init", *INIT), ("consul-connect-inject-init-multiport-admin", "init", *INIT),
        ("consul-dataplane-multiport", "regular", {}, {}), ("consul-dataplane-multiport-admin", "regular", {}, {}),
        ("multiport", "regular", {}, {}), ("multiport-admin", "regular", {}, {}),
    ]  # fmt: skip
    assert pod["requests"] == INIT[0]  # init containers run one at a time: the largest, not the sum


def _pod(tmp_path: Path, annotations: str, namespace: str = "apps", extra: str = "") -> Path:
    path = tmp_path / "p.yaml"
    path.write_text(
        f"apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: {namespace}\n  annotations: {{{annotations}}}\nspec:\n"
        "  containers:\n  - {name: app, image: x, resources: {limits: {cpu: 100m, memory: 64Mi}}}\n" + extra,
        encoding="utf-8",
    )
    return path


APP = ("app", "regular", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})
V = "vault.hashicorp.com/"
R = "vault.hashicorp.com/role: app, "  # the kubernetes auth method needs a role (agent.go Validate)
C = "consul.hashicorp.com/"


@pytest.mark.parametrize(
    ("annotations", "containers", "qos"),
    [
        # the annotations win; one left out takes the default (request cpu 250m here)
        (f"{R}{V}agent-inject: 'true', {V}agent-limits-cpu: 100m, {V}agent-limits-mem: 64Mi, {V}agent-requests-mem: 64Mi",
         [("vault-agent-init", "init", {"cpu": "250m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"}), APP,
          ("vault-agent", "regular", {"cpu": "250m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})], "Burstable"),
        # written empty: not asked for; equal requests and limits keep the pod Guaranteed
        (f"{R}{V}agent-inject: '1', {V}agent-limits-cpu: 100m, {V}agent-limits-mem: 64Mi, {V}agent-requests-cpu: '',"
         f" {V}agent-requests-mem: ''",
         [("vault-agent-init", "init", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"}), APP,
          ("vault-agent", "regular", {"cpu": "100m", "memory": "64Mi"}, {"cpu": "100m", "memory": "64Mi"})], "Guaranteed"),
        # init container only, first among the init containers; ephemeral storage from its annotation
        (f"{R}{V}agent-inject: 'True', {V}agent-pre-populate-only: 'true', {V}agent-init-first: 't',"
         f" {V}agent-requests-ephemeral: 1Gi",
         [("vault-agent-init", "init", {"cpu": "250m", "memory": "64Mi", "ephemeral-storage": "1Gi"}, AGENT[1]),
          ("setup", "init", {}, {}), APP], "Burstable"),
        # no init container
        (f"{R}{V}agent-inject: 'true', {V}agent-pre-populate: 'false'", [APP, ("vault-agent", "regular", *AGENT)], "Burstable"),
        # not asked for, or already injected
        (f"{R}{V}agent-inject: 'false'", [APP], "Guaranteed"),
        (f"{R}{V}agent-inject: ''", [APP], "Guaranteed"),
        (f"{R}{V}agent-inject: 'true', {V}agent-inject-status: injected", [APP], "Guaranteed"),
        # Consul: the proxy's annotations; the init container's chart values
        (f"{C}connect-inject: 'true', {C}sidecar-proxy-cpu-request: 100m, {C}sidecar-proxy-memory-limit: 64Mi",
         [("consul-connect-inject-init", "init", *INIT), ("consul-dataplane", "regular", {"cpu": "100m", "memory": "64Mi"},
          {"memory": "64Mi"}), APP], "Burstable"),
        # the proxy as a native sidecar, after the init container
        (f"{C}connect-inject: 'T', {C}enable-consul-dataplane-as-sidecar: 'true'",
         [("consul-connect-inject-init", "init", *INIT), ("consul-dataplane", "sidecar", {}, {}), APP], "Burstable"),
        # no proxy lifecycle: after the app
        (f"{C}connect-inject: 'true', {C}enable-sidecar-proxy-lifecycle: 'false'",
         [("consul-connect-inject-init", "init", *INIT), APP, ("consul-dataplane", "regular", {}, {})], "Burstable"),
        # not asked for (the chart's connectInject.default false), or already injected
        (f"{C}connect-service: web", [APP], "Guaranteed"),
        (f"{C}connect-inject: 'true', {C}connect-inject-status: injected", [APP], "Guaranteed"),
    ],
)  # fmt: skip
def test_injected_containers_follow_the_annotations(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], annotations: str, containers: list[Any], qos: str
) -> None:
    extra = "  initContainers:\n  - {name: setup, image: x}\n" if "pre-populate-only" in annotations else ""
    [pod] = _explain(capsys, _pod(tmp_path, annotations, extra=extra))
    got = sorted(_containers(pod), key=lambda c: c[1] not in ("init", "sidecar"))
    assert (got, pod["qosClass"]) == (containers, qos)


@pytest.mark.parametrize(
    ("annotations", "namespace", "refusal"),
    [
        (f"{R}{V}agent-inject: 'yes'", "apps", f"{V}agent-inject 'yes' is no bool"),
        (f"{R}{V}agent-inject: 'true', {V}agent-limits-mem: 64MB", "apps", f"{V}agent-limits-mem '64MB' is no quantity"),
        (f"{R}{V}agent-inject: 'true', {V}agent-pre-populate: 'no'", "apps", f"{V}agent-pre-populate 'no' is no bool"),
        (f"{R}{V}agent-inject: 'true'", "kube-system", "cannot inject into system namespaces: kube-system"),
        (f"{V}agent-inject: 'true', {V}auth-type: ''", "apps", "no Vault Auth Type found"),
        (f"{V}agent-inject: 'true', {V}service: ''", "apps", "no Vault address found"),
        (f"{C}connect-inject: 'yes'", "apps", f"{C}connect-inject 'yes' is no bool"),
        (f"{C}connect-inject: 'true', {C}sidecar-proxy-cpu-limit: ''", "apps", f"{C}sidecar-proxy-cpu-limit '' is no quantity"),
    ],
)  # fmt: skip
def test_a_pod_the_injector_refuses_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], annotations: str, namespace: str, refusal: str
) -> None:
    """The webhook answers with an admission error: the pod is never created, and lint says why, with no pod judged."""
    report = lint_report(capsys, str(_pod(tmp_path, annotations, namespace)))
    assert [(f["rule"], f["severity"]) for f in report["findings"]] == [("PR002", "error")]
    assert refusal in report["findings"][0]["message"] and "refuses the pod" in report["findings"][0]["message"]


def test_consul_skips_system_namespaces(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """shouldInject: kube-system is never injected (no refusal, unlike Vault's injector)."""
    [pod] = _explain(capsys, _pod(tmp_path, f"{C}connect-inject: 'true'", "kube-system"))
    assert _containers(pod) == [APP]


def test_vault_json_patch_makes_the_pod_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """agent-json-patch may rewrite the agent's resources: the pod is only as written, with no QoS claimed."""
    [pod] = _explain(capsys, _pod(tmp_path, f"{R}{V}agent-inject: 'true', {V}agent-json-patch: '[]'"))
    assert "agent-json-patch" in pod["workload"]["asWritten"]


@pytest.mark.parametrize(("mounts", "refused"), [
    ("", True),  # no token mounted anywhere: the agent has nothing to log in with
    ("    volumeMounts: [{name: t, mountPath: /var/run/secrets/kubernetes.io/serviceaccount}]\n", False),
])  # fmt: skip
def test_vault_needs_a_service_account_token_mount(tmp_path: Path, capsys: pytest.CaptureFixture[str], mounts: str, refused: bool) -> None:
    """agent.go serviceaccount: with automountServiceAccountToken false the admission plugin mounts no token; unless a
    container mounts one itself, the injector refuses the pod."""
    path = tmp_path / "p.yaml"
    path.write_text(
        f"apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  annotations: {{{R}{V}agent-inject: 'true'}}\nspec:\n"
        "  automountServiceAccountToken: false\n  containers:\n  - name: app\n    image: x\n" + mounts,
        encoding="utf-8",
    )
    report = lint_report(capsys, str(path))
    rules = [f["rule"] for f in report["findings"]]
    assert (rules == ["PR002"] and "failed to find service account volume mount" in report["findings"][0]["message"]) is refused
    if not refused:
        assert "PR201" not in rules and "PR138" in rules  # vault-agent's default requests: Burstable


def test_consul_config_entries_carry_no_pods(capsys: pytest.CaptureFixture[str]) -> None:
    """consul.hashicorp.com's config entries (ServiceIntentions) and auth.consul.hashicorp.com's TrafficPermissions are
    rules written to Consul (control-plane/api/v1alpha1, api/common/configentry.go ToConsul): objects without pods, not
    custom objects searched in vain; GatewayClassConfig, whose settings shape the Gateways' pods, stays searched."""
    files = [str(CONSUL / f"acceptance__tests__fixtures__bases__{name}.yaml")
             for name in ("intention__intention", "trafficpermissions__trafficpermissions", "api-gateway__gatewayclassconfig")]  # fmt: skip
    report = lint_report(capsys, *files)
    skipped = report["summary"]["skipped"]
    assert (report["findings"], report["summary"]["pods"]) == ([], 0)
    assert (skipped["no-pods"], skipped["nothing-found"]) == ({"ServiceIntentions": 1, "TrafficPermissions": 1}, {"GatewayClassConfig": 1})
