"""The Flux Operator's MiniCluster (flux-framework/flux-operator
0d75cef855de, flux-framework.org; api/v1alpha2/minicluster_types.go): the
operator builds an Indexed Job of ``spec.size`` pods (CRD default 1) and,
where ``spec.services`` lists any, one more Pod, from the object's fields
alone (no webhook, no resource default in the types or the CRD):

- the Job's pod (controllers/flux/job.go NewMiniClusterJob): the
  ``spec.containers`` as written, each its own ``resources``
  (containers.go getContainers), and always the init container
  ``flux-view`` (``spec.flux.container.name``) with
  ``spec.flux.container.resources`` whole (getFluxContainer; it is added
  even with ``flux.container.disable``, which only changes the scripts).
  The ``runFlux`` container takes the MiniCluster's name, and a lone
  container is the ``runFlux`` one (MiniCluster.Validate);
- the services pod ``<name>-services`` (controllers/flux/pods.go
  newServicePod): the ``spec.services`` as written, a ``runFlux`` one named
  ``<name>-services``.

``spec.pod.resources`` becomes the Job pod's ``overhead``, which this tool
does not add (and the RuntimeClass admission refuses a pod whose overhead
its runtime class does not declare): that pod is then as written.
v1alpha1, before 27799d10afed ("flux provisioned from sidecar container"),
ran flux in the application container: no ``flux-view`` init container.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Rename, Shorthand, WorkloadKind

_REPO: Final = "flux-framework/flux-operator"
_OVERHEAD: Final = "the operator sets spec.pod.resources as the pod's overhead, not added here (the RuntimeClass admission refuses it unless the runtime class declares it)"

_FLUX_VIEW: Final = MainContainer(
    "flux-view", f"{_REPO} controllers/flux/containers.go getFluxContainer, job.go NewMiniClusterJob", name_field="/spec.flux.container.name",
    shorthand=Shorthand("/spec.flux.container.resources", "requirements"), init=True,
    if_fields=(FieldIn("/apiVersion", ("flux-framework.org/v1alpha1",), negate=True),),
)  # fmt: skip

FLUX_KINDS: Final = (
    WorkloadKind(
        "flux-framework.org", "MiniCluster",
        (
            PodPath("spec", "containers", count=("/spec.size=1",), containers=("containers[*]",), label="job", main=(_FLUX_VIEW,),
                    as_written=_OVERHEAD, as_written_with="spec.pod.resources", rename=Rename("{name}", "runFlux", only=True)),
            PodPath("spec", "containers", count=("1",), containers=("services[*]",), label="services", rename=Rename("{name}-services", "runFlux")),
        ),
        f"{_REPO} api/v1alpha2/minicluster_types.go, controllers/flux/job.go, pods.go",
    ),
)  # fmt: skip
