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

from pathlib import Path
from typing import Any

from pod_resources_cli.model.decode.describes import describes_objects
from pod_resources_cli.model.decode.no_pods import carries_no_pods
from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
from tests.lint_support import lint_report

WORKSHOP = Path(__file__).parent / "data" / "real" / "aws-samples__eks-workshop-v2"


def test_the_workshops_aws_kinds_carry_no_pods(capsys: Any) -> None:
    items = list(iter_items([str(WORKSHOP)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert sorted((i.reason, i.kind) for i in items if isinstance(i, SkippedItem)) == [
        ("describes-objects", "CompositeResourceDefinition"), ("describes-objects", "SecurityGroupPolicy"),
        ("no-pods", "IngressClass"), ("no-pods", "IngressClassParams"), ("no-pods", "LoadBalancerConfiguration"),
        ("no-pods", "NodeConfig"), ("no-pods", "SecretProviderClass"), ("no-pods", "Table"),
        ("no-pods", "TargetGroupConfiguration"), ("no-pods", "TargetGroupPolicy"), ("no-pods", "TridentBackendConfig"),
    ]  # fmt: skip
    report = lint_report(capsys, str(WORKSHOP))
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
