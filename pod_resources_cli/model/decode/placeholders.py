"""Objects named by a placeholder: templates for another tool, not objects.

The API server refuses an object whose name is not a DNS subdomain or whose
namespace is not a DNS label (ValidateObjectMetaAccessor,
staging/src/k8s.io/apimachinery/pkg/api/validation/objectmeta.go at
kubernetes/kubernetes v1.34.0): lower-case letters, digits, ``-`` and
``.``. A ``metadata.name``, ``generateName`` or ``namespace`` that holds a
template action or a placeholder in one of the shapes below can never be
applied as written; a template engine or a program fills it in first, as a
chart's templates are rendered:

- a Go, Helm or Jinja action: ``{{ .Release.Namespace }}`` (gatekeeper's
  cmd/build/helmify kustomization writes it to make its chart; kube-burner's
  ``curl-{{.Replica}}``);
- a shell or envsubst variable: ``$NAMESPACE``, ``${NAMESPACE}``, also with
  a POSIX parameter expansion's operator (``${NAMESPACE?}``,
  ``${NAMESPACE:-default}``): the Config Connector operator's channel
  manifests name the per-namespace controller ``cnrm-controller-manager-${NAMESPACE?}``
  and the operator replaces that literal text with the namespace's id before it
  applies them (GoogleCloudPlatform/k8s-config-connector @cdb85ecf1708
  operator/pkg/controllers/configconnectorcontext/namespaced.go,
  ``replaceNamespacePattern``: ``strings.ReplaceAll(str, "${NAMESPACE?}", ns)``);
- an upper-case identifier with an underscore: ``FILLED_BY_VALIDATOR``
  (NVIDIA/gpu-operator's validator fills its workload manifests in),
  ``HELMSUBST_NAMESPACE``;
- ``@NAME@`` (autoconf and sed), ``__NAME__``, ``<your-namespace>``, also of
  words a single space apart: tenable/terrascan @d0405c2d2aba32260b82419e1274e9c76ddf844b
  integrations/argocd/examples/presynchook-webhook.yml, an Argo CD PreSync hook
  Job in ``namespace: <YOU APPLICATION NAMESPACE>`` whose image is
  ``<CUSTOM PRESYNC HOOK IMAGE>``, for its users to fill in;
- a Python ``str.format`` field, ``{name}`` or ``{namespace}`` (kubeflow/notebooks
  @177b09865626 components/crud-web-apps/jupyter/backend/apps/common/yaml/
  notebook_template.yaml, which the backend fills in with ``str.format``
  before it creates the Notebook), also written unquoted, where YAML reads it
  as a mapping of one key without a value.

Any other invalid name (``MyApp``) is a mistake, not a template, and is
read as before.

A ``v1`` Pod with neither ``metadata.name`` nor ``generateName`` is a pod
template a program reads, not a Pod: kubectl and the API server refuse it
(``name or generateName is required``), and kustomize and Helm never write
one. Spark takes such files as ``spark.kubernetes.{driver,executor}.
podTemplateFile`` and builds its container in them (apache/yunikorn-k8shim's
deployments/examples/spark/driver.yaml, a Pod without name or containers).

So is an object with a value the decoder refuses (a quantity, a count)
that is wholly a template action or a variable: ``replicas: $NUM_WORKERS``
in kubernetes-engine-samples' hpc/mpi templates, which its README passes
through ``envsubst``, ``nvidia.com/gpu: ${ACCELERATOR_QUANTITY}``, or an
upper-case token a script replaces with ``sed`` (percona-server-mongodb-
operator's e2e ResourceQuota, ``requests.storage: QUOTA``), or a ``${...}``
expression: kro evaluates the CEL expressions of a ResourceGraphDefinition's
templates against each instance (kubernetes-sigs/kro @0302e659ede7
api/v1alpha1/resourcegraphdefinition_types.go Resource.Template: "It can
contain CEL expressions (using ${...} syntax)"), so ``cpu:
${schema.spec.cpu}`` is the instance's value, no invalid quantity; or a value
wholly in angle brackets, for the reader to write in before applying:
GoogleCloudPlatform/cluster-toolkit @1047080375af examples/gke-tpu-7x/gke-tpu-7x-job.yaml
asks ``google.com/tpu: <CHIPS_PER_NODE> # e.g., 4 for tpu7x-standard-4t`` and
community/cos-nvidia-bug-report/bug-report-pod.yaml ``nvidia.com/gpu:
"<number_of_gpus>" # TODO: Replace with number of GPUs on this machine type``
(no quantity, count or name can start with ``<``). A value that
only holds one among other text is a mistake like any other. A LimitRange or
ResourceQuota so filled in applies to nothing as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Final

from pod_resources_cli.location import value_at
from pod_resources_cli.model.decode.problems import DecodeProblem

_PLACEHOLDER: Final = re.compile(
    r"\{\{.*?\}\}"  # Go, Helm, Jinja
    r"|\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-=?+][^{}$]*)?\}|\$[A-Za-z_][A-Za-z0-9_]*"  # shell, envsubst
    r"|(?<![A-Za-z0-9])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![a-z0-9])"  # FILLED_BY_VALIDATOR
    r"|@[A-Za-z_][A-Za-z0-9_]*@|__[A-Za-z][A-Za-z0-9_]*__|<[^<>\s]+(?: [^<>\s]+)*>"  # <your-namespace>, <YOU APPLICATION NAMESPACE>
    r"|\{[A-Za-z_][A-Za-z0-9_]*\}",  # str.format
    re.S,
)
_FIELDS: Final = ("name", "generateName", "namespace")


def placeholder(obj: dict[str, Any]) -> tuple[str, str] | None:
    """The field (``metadata.name``, ``generateName`` or ``namespace``) that
    holds a template action or placeholder, and that text; None when none does."""
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict):
        return None
    for key in _FIELDS:
        value = metadata.get(key)
        if isinstance(value, str) and (found := _PLACEHOLDER.search(value)) is not None:
            return f"metadata.{key}", found[0]
        if isinstance(value, dict) and len(value) == 1 and None in value.values():  # `{name}` unquoted: YAML's {name: null}
            [field] = value
            if isinstance(field, str) and _IDENTIFIER.fullmatch(field):
                return f"metadata.{key}", f"{{{field}}}"
    return None


_IDENTIFIER: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


_WHOLE_VALUE: Final = re.compile(
    r"\{\{.*\}\}|\$\{[A-Za-z_][A-Za-z0-9_]*(?::?[-=?+][^{}$]*)?\}|\$[A-Za-z_][A-Za-z0-9_]*|@[A-Za-z_][A-Za-z0-9_]*@|__[A-Za-z][A-Za-z0-9_]*__"
    r"|[A-Z][A-Z0-9_]*[A-Z0-9]"  # a token sed replaces (QUOTA), which no quantity or count can be
    r"|\$\{[^{}]+\}"  # an expression: kro's CEL (``${schema.spec.cpu}``), evaluated per instance
    # a value for its users to write in (cluster-toolkit's ``google.com/tpu: <CHIPS_PER_NODE>``); not ``<no value>``,
    # what Go's text/template prints for a missing key: a rendered value the API server refuses (knavigator's tasks)
    r"|<(?!no value>)[^<>\s]+(?: [^<>\s]+)*>",
    re.S,
)


def nameless_pod(obj: dict[str, Any]) -> str | None:
    """Why a Pod without a name is a template (see the module docstring), or None."""
    if obj.get("apiVersion") != "v1" or obj.get("kind") != "Pod":
        return None
    metadata = obj.get("metadata")
    if isinstance(metadata, dict) and (metadata.get("name") or metadata.get("generateName")):
        return None
    if metadata is not None and not isinstance(metadata, dict):
        return None  # left to the decoder, which says what is wrong with it
    return (
        "a Pod with neither metadata.name nor generateName: a pod template a program fills in (Spark's podTemplateFile), "
        "not an object applied (the API server refuses it as it is: name or generateName is required)"
    )


def placeholder_value(value: Any) -> bool:
    """A refused value that is wholly a template action or a variable."""
    return isinstance(value, str) and _WHOLE_VALUE.fullmatch(value.strip()) is not None


def filled_in(data: Any, problems: Iterable[DecodeProblem]) -> DecodeProblem | None:
    """The first problem of an object in ``data`` whose value a program fills in: the object is a template."""
    return next((p for p in problems if placeholder_value(value_at(data, p.pointer))), None)
