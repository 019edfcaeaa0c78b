"""PriorityClasses an operator creates itself when it starts, read from the workload that runs it.

kubevirt/hyperconverged-cluster-operator @03da3cff7325 cmd/hyperconverged-cluster-operator/main.go
createPriorityClass: the HyperConverged Cluster Operator creates the PriorityClass
``kubevirt-cluster-critical`` "ASAP" at start, before any HyperConverged object
exists ("KubeVirtPriorityClass is needed by virt-operator but OLM is not able to
create it"), and never deletes it; its value is 1000000000, globalDefault false
(controllers/handlers/kubevirt.go NewKubeVirtPriorityClass). virt-operator,
cdi-operator, hostpath-provisioner-operator, aaq-operator and
kubevirt-migration-operator, shipped beside it (deploy/operator.yaml, the OLM
bundles' ClusterServiceVersions), name that class: their pods wait for it, they
are not refused for good. The operator is recognised by its binary, the first
word of a container's ``command`` (``hyperconverged-cluster-operator``; the
webhook runs ``hyperconverged-cluster-webhook`` and creates none), in a
Deployment or in a ClusterServiceVersion's ``spec.install.spec.deployments``
(which OLM creates as written). The class is cluster-scoped: it reaches what a
PriorityClass written in the same file would reach (docs/policies.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.location import Location, Pointer

if TYPE_CHECKING:  # made only for an operator that creates one: lint asks runs_class_maker of every Deployment
    from pod_resources_cli.model.policy import PriorityClass

# the first word of a container's command -> the classes that binary creates at start: (name, value)
MADE_CLASSES: Final[dict[str, tuple[tuple[str, int], ...]]] = {
    "hyperconverged-cluster-operator": (("kubevirt-cluster-critical", 1000000000),),
}
MAKER_KINDS: Final = frozenset({"Deployment", "ClusterServiceVersion"})


def _pod_specs(obj: dict[str, Any], pointer: Pointer) -> Iterator[tuple[Any, Pointer]]:
    """The pod specs of a Deployment, or of each deployment of a ClusterServiceVersion."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return
    if obj.get("kind") == "Deployment":
        template = spec.get("template")
        if isinstance(template, dict):
            yield template.get("spec"), (*pointer, "spec", "template", "spec")
        return
    install = spec.get("install")
    inner = install.get("spec") if isinstance(install, dict) else None
    deployments = inner.get("deployments") if isinstance(inner, dict) else None
    if not isinstance(deployments, list):
        return
    for i, deployment in enumerate(deployments):
        dspec = deployment.get("spec") if isinstance(deployment, dict) else None
        template = dspec.get("template") if isinstance(dspec, dict) else None
        if isinstance(template, dict):
            yield template.get("spec"), (*pointer, "spec", "install", "spec", "deployments", i, "spec", "template", "spec")


def runs_class_maker(obj: dict[str, Any]) -> bool:
    """``obj`` runs an operator of MADE_CLASSES (a cheap test before the policy pass reads it)."""
    return next(_made(obj, ()), None) is not None


def made_priority_classes(obj: dict[str, Any], pointer: Pointer, locate: Callable[[Pointer], Location]) -> Iterator[PriorityClass]:
    """The PriorityClasses the operators that ``obj`` runs create at start, located at the
    command that runs each operator."""
    from pod_resources_cli.model.policy import PriorityClass

    for name, value, where in _made(obj, pointer):
        yield PriorityClass(name=name, value=value, location=locate(where), pointer=where, api_version="scheduling.k8s.io/v1")


def _made(obj: dict[str, Any], pointer: Pointer) -> Iterator[tuple[str, int, Pointer]]:
    """(class name, value, the command that runs the operator) for each class an operator ``obj`` runs creates."""
    for pod_spec, at in _pod_specs(obj, pointer):
        containers = pod_spec.get("containers") if isinstance(pod_spec, dict) else None
        if not isinstance(containers, list):
            continue
        for c, container in enumerate(containers):
            command = container.get("command") if isinstance(container, dict) else None
            first = command[0] if isinstance(command, list) and command else None
            made = MADE_CLASSES.get(first) if isinstance(first, str) else None
            for name, value in made or ():
                yield name, value, (*at, "containers", c, "command", 0)
