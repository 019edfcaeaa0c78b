"""The Redpanda operator's v1 Cluster (redpanda.vectorized.io; redpanda-data/redpanda-operator @0ab80199c987
operator/api/vectorized/v1alpha1/cluster_types.go). The operator makes one
StatefulSet a node pool (operator/pkg/resources/statefulset.go
StatefulSetResource.obj), from the object's fields alone. The pools are
those of Cluster.GetNodePoolsFromSpec: the pool ``default`` from the
object's own ``spec.replicas`` and ``spec.resources`` (only where
``spec.replicas`` is written), then each of ``spec.nodePools`` (its
``replicas``, 0 unset: GetReplicas ``ptr.Deref(Replicas, 0)``, and its
``resources``). Each pod of a pool is:

- the init container ``redpanda-configurator`` and the container
  ``redpanda``, each with the pool's ``resources`` requests and limits
  (``rpResources``: its ``redpanda`` key, the share passed to Redpanda as
  ``--smp`` and ``--memory``, is no container resource), none when unset;
- ``rpk-status`` (rpkStatusContainer) where
  ``spec.sidecars.rpkStatus.enabled`` is true, with
  ``spec.sidecars.rpkStatus.resources`` as written;
- ``rpk-profile-updater`` (rpkProfileUpdaterContainer) unless
  ``spec.sidecars.rpkProfileUpdater`` is written without ``enabled: true``
  (the defaulting webhook, cluster_webhook.go Default, sets ``{enabled:
  true}`` where it is unset), always requesting 10m cpu and 32Mi, limited
  to 200m and 256Mi (its ``resources`` field is not read);
- the pod's priorityClassName is ``spec.priorityClassName``.

The pods are final.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "redpanda-data/redpanda-operator"
_STS: Final = f"{_REPO} operator/pkg/resources/statefulset.go"
_UPDATER_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "10m"), ("memory", "32Mi")), limits=(("cpu", "200m"), ("memory", "256Mi")))
_UPDATER: Final = "/spec.sidecars.rpkProfileUpdater"


def _main(resources: str) -> tuple[MainContainer, ...]:
    """A pool's containers, ``resources`` its ResourceRequirements (a path as Shorthand's)."""
    pool = Shorthand(resources, "requirements")
    return (
        MainContainer("redpanda-configurator", f"{_STS} StatefulSetResource.obj (rpResources)", shorthand=pool, init=True),
        MainContainer("redpanda", f"{_STS} StatefulSetResource.obj (rpResources)", shorthand=pool),
        MainContainer("rpk-status", f"{_STS} rpkStatusContainer", shorthand=Shorthand("/spec.sidecars.rpkStatus.resources", "requirements"),
                      if_fields=(FieldIn("/spec.sidecars.rpkStatus.enabled", ("true",)),)),
        MainContainer("rpk-profile-updater", f"{_STS} rpkProfileUpdaterContainer", defaults=(_UPDATER_DEFAULTS,),
                      if_any=((FieldIn(_UPDATER, (), match="written", negate=True),), (FieldIn(f"{_UPDATER}.enabled", ("true",)),))),
    )  # fmt: skip


REDPANDA_KINDS: Final = (
    WorkloadKind(
        "redpanda.vectorized.io", "Cluster",
        (
            PodPath("spec", "operator", count=("/spec.replicas=0",), label="default", pod_fields="/spec", main=_main("/spec.resources"),
                    if_field=FieldIn("spec.replicas", (), match="written")),
            PodPath("spec.nodePools[*]", "operator", name="name", count=("replicas=0",), pod_fields="/spec", main=_main("resources")),
        ),
        f"{_REPO} operator/api/vectorized/v1alpha1/cluster_types.go",
    ),
)  # fmt: skip
