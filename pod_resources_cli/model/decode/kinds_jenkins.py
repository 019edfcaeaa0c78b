"""The Jenkins Operator's Jenkins (jenkins.io/v1alpha2;
jenkinsci/kubernetes-operator @ce17cbd36bde api/v1alpha2/jenkins_types.go).
The operator builds the pods itself:

- the master: one pod (pkg/configuration/base/resources/pod.go
  NewJenkinsMasterPod, or deployment.go NewJenkinsDeployment with
  ``Replicas: 1``) whose containers are ``spec.master.containers``
  (newContainers), the first always named ``jenkins-master``; the
  priorityClassName is ``spec.master.priorityClassName``. Before that,
  internal/controller/jenkins_controller.go setDefaults writes the
  defaults into the object: with no container, one ``jenkins-master``;
  a master container whose ``resources`` are Go's zero value
  (isResourceRequirementsNotSet: no requests, limits or claims written; an
  empty map is written) gets requests of 1 cpu and 500Mi, limits of 1500m
  and 3Gi; each other container so unset gets 50m and 50Mi, limits 100m and
  100Mi (setDefaultsForContainer; resources.go NewResourceRequirements). A
  first container of another name is refused (``first container in
  spec.master.containers must be Jenkins container with name
  'jenkins-master'``): no pod is made;
- the seed job agent: with ``spec.seedJobs`` written, one Deployment of one
  pod (pkg/configuration/user/seedjobs/seedjobs.go agentDeployment, no
  replicas) whose single container ``jnlp`` has no resources, and no
  priority class.

These are the operator's own defaults: the pods are final.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, MainContainer, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "jenkinsci/kubernetes-operator"
MASTER: Final = "jenkins-master"
# jenkins_controller.go setDefaults / setDefaultsForContainer (NewResourceRequirements(cpuReq, memReq, cpuLim, memLim))
MASTER_DEFAULTS: Final = {"requests": {"cpu": "1", "memory": "500Mi"}, "limits": {"cpu": "1500m", "memory": "3Gi"}}
OTHER_DEFAULTS: Final = {"requests": {"cpu": "50m", "memory": "50Mi"}, "limits": {"cpu": "100m", "memory": "100Mi"}}


def _unset(resources: Any) -> bool:
    """isResourceRequirementsNotSet: reflect.DeepEqual with the zero ResourceRequirements (null maps, no claims)."""
    if resources is None:
        return True
    return isinstance(resources, dict) and all(resources.get(k) is None for k in ("requests", "limits", "claims"))


def _defaulted(container: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    return {**container, "resources": defaults} if _unset(container.get("resources")) else container


def master_pod(obj: dict[str, Any], master: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    """The master pod's containers after setDefaults; none where the operator refuses the first container's name."""
    del obj
    listed = master.get("containers")
    if not isinstance(listed, list) or not listed:
        return ((dict(_defaulted({"name": MASTER}, MASTER_DEFAULTS)), pointer),), ()
    first = listed[0]
    if not isinstance(first, dict) or first.get("name") != MASTER:
        return (), ()
    out: list[tuple[Any, Pointer]] = [(_defaulted(first, MASTER_DEFAULTS), (*pointer, "containers", 0))]
    for i, container in enumerate(listed[1:], start=1):
        out.append((_defaulted(container, OTHER_DEFAULTS) if isinstance(container, dict) else container, (*pointer, "containers", i)))
    return tuple(out), ()


def _pods() -> tuple[PodPath, ...]:
    agent = MainContainer("jnlp", f"{_REPO} pkg/configuration/user/seedjobs/seedjobs.go agentDeployment")
    return (
        PodPath("spec.master", "containers", count=("1",), assemble=master_pod, label="master", empty_when_absent=True, always_made=True),
        PodPath("spec", "operator", count=("1",), label="seed-job-agent", main=(agent,), if_field=FieldIn("spec.seedJobs[*]", (), match="written")),
    )  # fmt: skip


JENKINS_KINDS: Final = (
    WorkloadKind(
        "jenkins.io", "Jenkins", _pods(),
        f"{_REPO} api/v1alpha2/jenkins_types.go, internal/controller/jenkins_controller.go setDefaults, "
        "pkg/configuration/base/resources/pod.go newContainers",
    ),
)  # fmt: skip
