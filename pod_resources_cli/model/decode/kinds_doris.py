"""The Doris operator (apache/doris-operator c418a18503aa): a DorisCluster's
and a DorisDisaggregatedCluster's components are StatefulSets whose pods the
operator builds from the object's fields alone (its defaulting webhooks set
nothing: api/doris/v1/doriscluster_webhook.go and api/disaggregated/v1/
disaggregatedcluster_webhook.go Default are empty).

DorisCluster (doris.selectdb.com, api/doris/v1/types.go): each of
``spec.feSpec``, ``beSpec``, ``cnSpec``, ``brokerSpec`` written is a
StatefulSet (pkg/common/utils/resource/statefulset.go NewStatefulSet) of the
section's ``replicas``, which nothing defaults: the StatefulSet's 1 where
unset. Its pod (pod.go NewPodTemplateSpec, NewBaseMainContainer) holds one
container named as the component, ``fe``, ``be``, ``cn`` or ``broker``,
whose ``Resources`` are the ResourceRequirements the section inlines
(BaseSpec) whole; its init containers (constructInitContainers) are, for
``be`` and ``cn`` unless ``skipDefaultSystemInit``, ``default-init``
(constructBeDefaultInitContainer: ``sysctl -w vm.max_map_count``, no
resources), then, with ``systemInitialization`` written, ``init`` with the
requirements that section inlines.

DorisDisaggregatedCluster (disaggregated.cluster.doris.com,
api/disaggregated/v1/types.go): ``spec.metaService`` and ``spec.feSpec`` are
structs, not pointers, so their StatefulSets are always made:
the meta service's ``metaservice`` container (metaservice/statefulset.go,
``replicas`` else DefaultMetaserviceNumber 2), the FE's ``fe``
(disaggregated_fe/controller.go Sync: ``replicas`` else
DefaultFeReplicaNumber 2, and never fewer than ``electionNumber``, default
DefaultDisFeElectionNumber 1); each ``spec.computeGroups[*]`` is a
StatefulSet of ``compute`` pods (computegroups/controller.go
computeGroupSync: ``replicas`` else 1). Each container takes its section's
inlined ResourceRequirements (pod.go NewContainerWithCommonSpec); the init
containers (constructDisaggregatedInitContainers) are a compute group's
``default-init`` unless its ``skipDefaultSystemInit``, then ``init`` with
``systemInitialization`` written.

An init container without resources keeps the pod from the Guaranteed class
(every container, init containers too, must set equal requests and limits).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "apache/doris-operator"
_POD: Final = f"{_REPO} pkg/common/utils/resource/pod.go"
_INT32_MAX: Final = 2**31 - 1


def _mains(section: str, name: str, main_code: str, init_code: str, default_init: bool) -> tuple[MainContainer, ...]:
    """The component's container with the section's inlined requirements, its init containers: ``default-init``
    (without resources, unless ``skipDefaultSystemInit``) where ``default_init``, then ``init`` with
    ``systemInitialization``'s."""
    system, skipped = (f"{section}.{field}" if section else field for field in ("systemInitialization", "skipDefaultSystemInit"))
    skip = FieldIn(skipped, ("true",), "false", negate=True)
    return (
        MainContainer(name, f"{_POD} {main_code}", shorthand=Shorthand(section, "requirements")),
        *((MainContainer("default-init", f"{_POD} {init_code}, constructBeDefaultInitContainer", if_fields=(skip,), init=True),) if default_init else ()),
        MainContainer("init", f"{_POD} {init_code}", shorthand=Shorthand(system, "requirements"), present=system, init=True),
    )  # fmt: skip


def _dcr(field: str, name: str, default_init: bool = False) -> PodPath:
    section = f"/spec.{field}"
    mains = _mains(section, name, "NewBaseMainContainer", "constructInitContainers", default_init)
    return PodPath(f"spec.{field}", "operator", count=(f"{section}.replicas=1",), label=name, main=mains)


_DDC_INIT: Final = "constructDisaggregatedInitContainers"
_DDC_MAIN: Final = "NewContainerWithCommonSpec"

DORIS_KINDS: Final = (
    WorkloadKind(
        "doris.selectdb.com", "DorisCluster",
        (_dcr("feSpec", "fe"), _dcr("beSpec", "be", default_init=True), _dcr("cnSpec", "cn", default_init=True), _dcr("brokerSpec", "broker")),
        f"{_REPO} api/doris/v1/types.go DorisClusterSpec",
    ),
    WorkloadKind(
        "disaggregated.cluster.doris.com", "DorisDisaggregatedCluster",
        (
            PodPath("spec.metaService", "operator", count=("/spec.metaService.replicas=2",), label="metaservice", empty_when_absent=True,
                    always_made=True, main=_mains("/spec.metaService", "metaservice", _DDC_MAIN, _DDC_INIT, False)),
            PodPath("spec.feSpec", "operator", count=("/spec.feSpec.replicas=2",), label="fe", empty_when_absent=True, always_made=True,
                    bounds=("spec.feSpec.electionNumber=1", f"spec.feSpec.replicas={_INT32_MAX}"),
                    main=_mains("/spec.feSpec", "fe", _DDC_MAIN, _DDC_INIT, False)),
            PodPath("spec.computeGroups[*]", "operator", name="uniqueId", count=("replicas=1",),
                    main=_mains("", "compute", _DDC_MAIN, _DDC_INIT, True)),
        ),
        f"{_REPO} api/disaggregated/v1/types.go DorisDisaggregatedClusterSpec",
    ),
)  # fmt: skip
