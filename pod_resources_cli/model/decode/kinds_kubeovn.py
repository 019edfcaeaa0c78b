"""Kube-OVN's VpcNatGateway (kubeovn.io v1, cluster-scoped;
kubeovn/kube-ovn @1533681d7a6b pkg/apis/kubeovn/v1/vpc-nat-gateway.go).
For each object the controller (pkg/controller/vpc_nat_gateway.go) makes the
gateway's pods itself, from code, in ``spec.namespace`` or its own
namespace (natGwNamespace):

- ``spec.replicas`` pods (getNatGwReplicas: 1 where unset; the CRD's
  minimum is 1): a StatefulSet of one pod (genNatGwStatefulSet) where it is
  1 or unset, a Deployment (genNatGwDeployment) where it is more
  (util.IsNatGwHAMode: ``Replicas > 1``);
- the container ``vpc-nat-gw`` (both), with no resources: the controller
  writes none, and the object has no field for them;
- in HA mode with ``spec.bfd.enabled: true``, the container ``bfdd``
  (pkg/controller/vpc_gateway_common.go genGatewayBFDDContainer), no
  resources;
- with ``spec.bgpSpeaker.enabled: true``, the container
  ``vpc-nat-gw-speaker`` (pkg/util/vpc_nat_gateway.go
  GenNatGwBgpSpeakerContainer), no resources.

So the gateway's pods are BestEffort unless a LimitRange of their namespace
gives defaults. The pods are final. Kube-OVN's other kinds (Subnet, Vpc,
IP, Vlan, ProviderNetwork, IptablesEIP and the NAT rules...) make no pod.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, WorkloadKind

_REPO: Final = "kubeovn/kube-ovn"
_CONTROLLER: Final = f"{_REPO} pkg/controller/vpc_nat_gateway.go"
# util.IsNatGwHAMode: spec.replicas > 1 (the CRD refuses less than 1, so any written value but 1)
_HA: Final = FieldIn("/spec.replicas", ("1",), match="other")


def _gateway() -> PodPath:
    main = (
        MainContainer("vpc-nat-gw", f"{_CONTROLLER} genNatGwStatefulSet, genNatGwDeployment"),
        MainContainer("bfdd", f"{_REPO} pkg/controller/vpc_gateway_common.go genGatewayBFDDContainer (genNatGwDeployment)",
                      if_fields=(_HA, FieldIn("/spec.bfd.enabled", ("true",)))),
        MainContainer("vpc-nat-gw-speaker", f"{_REPO} pkg/util/vpc_nat_gateway.go GenNatGwBgpSpeakerContainer",
                      if_fields=(FieldIn("/spec.bgpSpeaker.enabled", ("true",)),)),
    )  # fmt: skip
    return PodPath("spec", "operator", count=("/spec.replicas=1",), label="vpc-nat-gw", main=main, empty_when_absent=True, always_made=True)


KUBEOVN_KINDS: Final = (WorkloadKind("kubeovn.io", "VpcNatGateway", (_gateway(),), f"{_REPO} pkg/apis/kubeovn/v1/vpc-nat-gateway.go"),)
