"""Karpenter's and kwok's kinds carry no pods (model/decode/no_pods.py
is_kubernetes_group): the repository's own NodePool, kwok Stage and DRA
driver configurations."""

from __future__ import annotations

from pathlib import Path

from pod_resources_cli.model.items import SkippedItem, WorkloadItem
from pod_resources_cli.run.pipeline import iter_items


def test_karpenter_and_kwok_objects_carry_no_pods() -> None:
    """Karpenter's NodePool (its spec.template a NodeClaimTemplate: nodes), its test DRA driver's DRAConfigs and a kwok
    Stage are objects without pods, not custom objects searched in vain (kubernetes-sigs/karpenter 2266468104f3)."""
    real = Path(__file__).parent / "data" / "real" / "kubernetes-sigs__karpenter"
    items = list(iter_items([str(real)]))
    assert not [i for i in items if isinstance(i, WorkloadItem)]
    assert sorted((i.reason, i.kind) for i in items if isinstance(i, SkippedItem)) == [
        *[("no-pods", "DRAConfig")] * 4, ("no-pods", "NodePool"), ("no-pods", "Stage"),
    ]
