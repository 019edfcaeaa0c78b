"""AWS's controllers and EKS' settings (issue 22: repositories never seen; aws-samples/eks-workshop-v2 @bb1b30007ba6).

ACK's ``*.services.k8s.aws`` kinds are AWS resources its controllers create through the AWS API; the AWS Load
Balancer Controller's, EKS Auto Mode's and the Gateway API Controller's kinds are load balancer and VPC Lattice
settings; nodeadm's NodeConfig, the Secrets Store CSI Driver's SecretProviderClass and Trident's
TridentBackendConfig configure nodes, mounts and storage (model/decode/no_pods.py ``_AWS_*``); the VPC resource
controller's SecurityGroupPolicy gives security groups to the pods it selects, and Crossplane's
CompositeResourceDefinition is the CRD of a composite (describes.py). None makes a pod: they were 11 of the
workshop's 17 'custom objects with no pod found'.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report


def _explain(capsys: Any, *args: str) -> str:
    from pod_resources_cli.cli import main

    main(["explain", "-o", "json", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return out

WORKSHOP = Path(__file__).parent / "data" / "real" / "aws-samples__eks-workshop-v2"
AWS_FILES = sorted(str(p) for p in WORKSHOP.glob("*.yaml") if "__kro__" not in p.name)


def test_the_workshops_aws_kinds_carry_no_pods(capsys: Any) -> None:
    items = list(iter_items(AWS_FILES))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert sorted((i.reason, i.kind) for i in items if isinstance(i, SkippedItem)) == [
        ("describes-objects", "CompositeResourceDefinition"), ("describes-objects", "SecurityGroupPolicy"),
        ("no-pods", "IngressClass"), ("no-pods", "IngressClassParams"), ("no-pods", "LoadBalancerConfiguration"),
        ("no-pods", "NodeConfig"), ("no-pods", "SecretProviderClass"), ("no-pods", "Table"),
        ("no-pods", "TargetGroupConfiguration"), ("no-pods", "TargetGroupPolicy"), ("no-pods", "TridentBackendConfig"),
    ]  # fmt: skip
    report = lint_report(capsys, *AWS_FILES)
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    skipped = report["summary"]["skipped"]
    assert skipped["nothing-found"] == {} and skipped["not-searched"] == {}
    assert skipped["describes-objects"] == {"CompositeResourceDefinition": 1, "SecurityGroupPolicy": 1}
    assert skipped["no-pods"] == {
        "IngressClass": 1, "IngressClassParams": 1, "LoadBalancerConfiguration": 1, "NodeConfig": 1, "SecretProviderClass": 1,
        "Table": 1, "TargetGroupConfiguration": 1, "TargetGroupPolicy": 1, "TridentBackendConfig": 1,
    }  # fmt: skip


def test_aws_groups_by_kind() -> None:
    """Every ACK service group; the named kinds only where the group has others (Trident's TridentOrchestrator installs
    Trident's pods, and is searched); a group that merely ends like an ACK one is not ACK's."""
    for group, kind in (("iam.services.k8s.aws", "Role"), ("eks.services.k8s.aws", "PodIdentityAssociation"),
                        ("rds.services.k8s.aws", "DBInstance"), ("elbv2.k8s.aws", "TargetGroupBinding"),
                        ("gateway.k8s.aws", "ListenerRuleConfiguration"), ("application-networking.k8s.aws", "ServiceExport"),
                        ("eks.amazonaws.com", "NodeClass"), ("vpcresources.k8s.aws", "CNINode"),
                        ("secrets-store.csi.x-k8s.io", "SecretProviderClassPodStatus")):  # fmt: skip
        assert carries_no_pods(group, kind), (group, kind)
    for group, kind in (("trident.netapp.io", "TridentOrchestrator"), ("services.k8s.aws.example.com", "Thing"),
                        ("elbv2.k8s.aws", "SomethingNew"), ("vpcresources.k8s.aws", "SecurityGroupPolicy")):  # fmt: skip
        assert not carries_no_pods(group, kind), (group, kind)
    assert describes_objects("vpcresources.k8s.aws", "SecurityGroupPolicy")
    assert not describes_objects("vpcresources.k8s.aws", "CNINode")
    assert describes_objects("apiextensions.crossplane.io", "CompositeResourceDefinition")
    assert not describes_objects("apiextensions.crossplane.io", "Composition")  # what a composite makes: searched


KRO_WEBAPP = WORKSHOP / "manifests__modules__automation__controlplanes__kro__rgds__webapp-rgd.yaml"
KRO_DDB = WORKSHOP / "manifests__modules__automation__controlplanes__kro__rgds__webapp-dynamodb-rgd.yaml"


def test_a_kro_definitions_templates_are_its_instances_pods_as_written(capsys: Any) -> None:
    """kinds_kro.py (kubernetes-sigs/kro @0302e659ede7): the workshop's WebApplication definition creates, for each
    instance, the Deployment of spec.resources[2] (id deployment): one container named ``${schema.spec.appName}``,
    requests 250m/1Gi, limit memory 1Gi, replicas ``${schema.spec.replicas}`` (no count); found by the kind's table,
    as written, where it was a template 'of a kind the tool does not know'. The DynamoDB definition creates a
    WebApplication instance, ACK resources and a Service: no pod template of its own."""
    items = [i for i in iter_items([str(KRO_WEBAPP), str(KRO_DDB)]) if isinstance(i, WorkloadItem)]
    assert len(items) == 1
    ref, pod = items[0].workload.ref, items[0].workload.pod
    assert (ref.kind, ref.name, ref.template, ref.replicas) == ("ResourceGraphDefinition", "web-application", "spec.resources[2].template.spec.template", None)
    assert ref.by_shape and ref.as_written is not None and "kro creates this template for each instance" in ref.as_written
    assert [c.name for c in pod.all_containers()] == ["${schema.spec.appName}"]
    report = json.loads(_explain(capsys, str(KRO_WEBAPP)))
    (found,) = report["pods"]
    assert (found["qosClass"], found["requests"], found["limits"]) == ("Burstable", {"cpu": "250m", "memory": "1Gi"}, {"memory": "1Gi"})
    lint = lint_report(capsys, str(KRO_WEBAPP), str(KRO_DDB))
    assert lint["findings"] == [] and lint["summary"]["pods"] == 1
    assert lint["summary"]["skipped"]["nothing-found"] == {"ResourceGraphDefinition": 1}


_RGD: Final = (
    "apiVersion: kro.run/v1alpha1\nkind: ResourceGraphDefinition\nmetadata: {name: app}\nspec:\n"
    "  schema: {apiVersion: v1alpha1, kind: App, spec: {name: string, cpu: string}}\n  resources:\n"
    "    - id: deployment\n      template:\n        apiVersion: apps/v1\n        kind: Deployment\n"
    "        metadata: {name: '${schema.spec.name}'}\n        spec:\n          replicas: 3\n"
    "          selector: {matchLabels: {app: x}}\n          template:\n            metadata: {labels: {app: x}}\n"
    "            spec:\n              containers:\n                - name: app\n                  image: nginx\n"
)


def test_a_kro_template_without_resources_is_no_besteffort_fact(tmp_path: Path, capsys: Any) -> None:
    """kro adds no resources, and how many instances there are is no field of the definition: a template that
    writes none is as written (no finding claims its QoS class, PR201, as fact; PR138 says what it writes), its
    count unknown (its replicas: 3 are each instance's)."""
    path = tmp_path / "rgd.yaml"
    path.write_text(_RGD, encoding="utf-8")
    items = [i for i in iter_items([str(path)]) if isinstance(i, WorkloadItem)]
    assert [(i.workload.ref.replicas, i.workload.ref.as_written is not None) for i in items] == [(None, True)]
    report = lint_report(capsys, str(path))
    assert report["summary"]["pods"] == 1
    assert sorted(f["rule"] for f in report["findings"]) == ["PR138"]


def test_a_kro_expression_for_a_quantity_is_no_invalid_quantity(tmp_path: Path, capsys: Any) -> None:
    """``cpu: ${schema.spec.cpu}`` is a CEL expression kro evaluates per instance (placeholders.py): the definition
    is a template to fill in, skipped with that reason, never a PR002 error."""
    path = tmp_path / "rgd.yaml"
    path.write_text(_RGD + "                  resources: {requests: {cpu: '${schema.spec.cpu}'}}\n", encoding="utf-8")
    report = lint_report(capsys, str(path), "--show-skipped")
    assert report["findings"] == [] and report["summary"]["pods"] == 0
    assert report["summary"]["skipped"]["template"] == 1
