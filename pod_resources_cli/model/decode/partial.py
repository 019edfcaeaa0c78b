"""Parts of objects: apps/v1 workloads without ``spec.selector`` that
nothing completes.

The API server requires the selector of every apps/v1 Deployment,
ReplicaSet, StatefulSet and DaemonSet (pkg/apis/apps/validation/
validation.go at kubernetes/kubernetes@2dd1588c4907: ValidateDeploymentSpec,
ValidateReplicaSetSpec, ValidateStatefulSetSpec and ValidateDaemonSetSpec
answer ``spec.selector: Required value``); apps/v1 does not default it from
the template's labels as extensions/v1beta1 did. Hand-written snippets
often leave it out all the same (this project's own rule examples do), so a
missing selector alone decides nothing. It does with one more sign that the
object was never meant to be applied as it is:

- **beside a kustomization that does not name it**: a file in a directory
  kustomize builds (its own kustomization, or one elsewhere that names
  another of its files), which no kustomization of the project uses as a
  resource, a patch or an input, is not deployed; a workload in it without
  a selector is a strategic-merge patch left out of the build
  (kubebuilder's ``config/default/manager_config_patch.yaml`` once its line
  in the kustomization is commented out; flyte's devbox
  ``kustomize/minio-patch.yaml``, beside the files its ``complete`` and
  ``dev`` kustomizations name);
- **without a pod template either**, or a template without containers: the
  object describes no pod at all, only other fields (a fixture trimmed to
  what a test reads, ``spec: {replicas: 1}``; a replicas patch; a patch that
  sets the pod's ``serviceAccountName``, kubeflow/manifests' tensorboard
  controller's ``patches/add_service_account.yaml``, which no kustomization
  names).

- **beside a kustomization that does not name it, with a container
  without an image**: the API server requires every container's image, in a
  workload's pod template as in a Pod (pkg/apis/core/validation/
  validation.go at kubernetes/kubernetes@2dd1588c4907 validateContainerCommon:
  ``image: Required value``), so a workload with a selector whose container
  names no image is also a strategic-merge patch left out of the build
  (vmware-tanzu/velero's design/CLI/PoC/overlays/plugins/azure-plugin.yaml,
  its line in the kustomization's patchesStrategicMerge commented out).

A batch/v1 Job or CronJob has no selector to miss, but the API server
requires its pod template (``spec.template``, ``spec.jobTemplate``) and a
name (or ``generateName``) as well: one with neither is part of an object
too, what a test compares a live Job with (jaeger-operator's kuttl
``04-assert.yaml``, holding only ``status.succeeded``, which a script copies
beside steps it generates). So is a batch/v1beta1 CronJob without either
(served until Kubernetes 1.25 and validated by the same
pkg/apis/batch/validation ValidateCronJobCreate as batch/v1's):
datreeio/datree @0c3b63e6ce96 examples/prevent_deprecated_apis/fail.yaml lists bare
``apiVersion``/``kind`` pairs of removed APIs, one a document, for its
deprecation check, where the batch/v1 one of pass.yaml was already skipped
and this one called a workload without a pod template (PR002).

Either way no pod comes of it, and a finding on it (PR201 calling it
BestEffort, PR002 calling it refused for its missing template) would be about
an object nobody applies. A file a kustomization names as a resource is never
skipped here: kustomize's ``labels`` (``includeSelectors``) and
``commonLabels`` add the selector, so it is read as before when the build
does not run (``--no-render``, no kubectl).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

PARTIAL_OBJECT: Final = "partial-object"
_NEEDS_SELECTOR: Final = frozenset({"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet"})

# How the project's kustomizations see a file: a resource of one ("resource"), in a
# directory with a kustomization that names it nowhere ("unnamed"), or neither (None).
KustomizeRole = Literal["resource", "unnamed"] | None


def lacks_selector(obj: dict[str, Any]) -> bool:
    """An apps/v1 workload whose ``spec`` has no ``selector`` (or no ``spec``
    at all); a ``spec`` that is not a mapping is left to PR002."""
    if obj.get("apiVersion") != "apps/v1" or obj.get("kind") not in _NEEDS_SELECTOR:
        return False
    spec = obj.get("spec")
    return spec is None or (isinstance(spec, dict) and spec.get("selector") is None)


_TEMPLATE_OF: Final = {"Job": "template", "CronJob": "jobTemplate"}


def nameless_job_part(obj: dict[str, Any]) -> str | None:
    """Why a batch/v1 Job or CronJob (or batch/v1beta1 CronJob) with neither a
    name nor its template is part of an object, or None."""
    kind = obj.get("kind")
    version = obj.get("apiVersion")
    if kind not in _TEMPLATE_OF or not (version == "batch/v1" or (version == "batch/v1beta1" and kind == "CronJob")):
        return None
    metadata, spec = obj.get("metadata"), obj.get("spec")
    named = isinstance(metadata, dict) and (metadata.get("name") or metadata.get("generateName"))
    if named or (isinstance(spec, dict) and spec.get(_TEMPLATE_OF[kind]) is not None):
        return None
    return (
        f"a {version} {kind} with neither a name nor spec.{_TEMPLATE_OF[kind]}: part of an object (what a test compares a "
        "live one with), no pod (the API server refuses it as it is)"
    )


def why_partial(obj: dict[str, Any], role: KustomizeRole) -> str | None:
    """Why a workload without a selector (``lacks_selector``) is part of an
    object, or None when it may be a whole one."""
    kind = obj.get("kind")
    if role == "resource":
        return None
    if role == "unnamed":
        return (
            f"an apps/v1 {kind} without spec.selector, in a directory kustomize builds from, whose kustomizations name this file "
            "nowhere: a patch left out of the build (the API server refuses it as it is: spec.selector: Required value)"
        )
    spec = obj.get("spec")
    template = spec.get("template") if isinstance(spec, dict) else None
    if template is None:
        return (
            f"an apps/v1 {kind} with neither spec.selector nor spec.template: part of an object (a patch, a test fixture), "
            "no pod (the API server refuses it as it is: spec.selector: Required value)"
        )
    pod = template.get("spec") if isinstance(template, dict) else None
    if isinstance(template, dict) and (not isinstance(pod, dict) or not pod.get("containers")):
        return (
            f"an apps/v1 {kind} with neither spec.selector nor a container in its template: part of an object (a patch "
            "that sets a field of the pod), no pod (the API server refuses it as it is: spec.selector: Required value)"
        )
    return None


def imageless_part(obj: dict[str, Any], role: Callable[[], KustomizeRole]) -> str | None:
    """Why an apps/v1 workload beside a kustomization that names it nowhere
    (``role()`` "unnamed") is part of an object: a container of its pod
    template without an image; None otherwise. ``role`` is asked last, only
    of such a workload: it looks at the file system."""
    if obj.get("apiVersion") != "apps/v1" or obj.get("kind") not in _NEEDS_SELECTOR:
        return None
    spec = obj.get("spec")
    template = spec.get("template") if isinstance(spec, dict) else None
    pod = template.get("spec") if isinstance(template, dict) else None
    if not isinstance(pod, dict):
        return None
    for field in ("initContainers", "containers"):
        containers = pod.get(field)
        for i, container in enumerate(containers if isinstance(containers, list) else ()):
            if isinstance(container, dict) and not container.get("image"):
                if role() != "unnamed":
                    return None
                return (
                    f"an apps/v1 {obj.get('kind')} whose container {container.get('name')!r} names no image, in a directory kustomize "
                    "builds from, whose kustomizations name this file nowhere: a patch left out of the build (the API server "
                    f"refuses it as it is: spec.template.spec.{field}[{i}].image: Required value)"
                )
    return None
