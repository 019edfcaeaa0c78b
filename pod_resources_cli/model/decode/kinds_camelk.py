"""Apache Camel K's Integration and Pipe (camel.apache.org; apache/camel-k
@4782ebd227bf pkg/apis/camel/v1/integration_types.go, pipe_types.go). The
operator runs an Integration as one workload (a Deployment by default; a
Knative Service or a CronJob where its traits and the cluster choose them)
of ``spec.replicas`` pods (unset: the workload's 1); a Pipe becomes an
Integration of its name with its ``replicas`` and traits
(pkg/controller/pipe/integration.go CreateIntegrationFor).

The pod's container is the container trait's (pkg/trait/container.go
configureContainer): named ``traits.container.name``, else
``integration``, with requests ``requestCPU`` and ``requestMemory`` and
limits ``limitCPU`` and ``limitMemory``, each, where not written (or empty),
the trait's default: 125m and 128Mi requested, 500m and 512Mi limits
(``defaultContainerResourceCPU``..., configureResources); a value that
resource.ParseQuantity refuses is logged and that resource left unset
(pkg/util/kubernetes/factory.go ConfigureResource). The deprecated trait
annotations ``trait.camel.apache.org/container.<property>`` (``request-cpu``,
``limit-memory``...) replace the written container trait whole
(pkg/trait/util.go newTraitsOptions: maps.Copy by trait). An
IntegrationPlatform's or IntegrationProfile's container trait, which the
cluster holds, fills in what the Integration leaves out
(NewSpecTraitsOptionsForIntegrationAndPlatform) and is not known here.

A written ``spec.template`` (a PodSpecTemplate merged into the pod) or
``init-containers`` trait makes the pod as written.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity

_REPO: Final = "apache/camel-k @4782ebd227bf"
_SOURCE: Final = f"{_REPO} pkg/trait/container.go configureResources"
_PREFIX: Final = "trait.camel.apache.org/container."
# (the trait's field, its annotation property, requests or limits, resource, the trait's default)
_FIELDS: Final = (
    ("requestCPU", "request-cpu", "requests", "cpu", "125m"),
    ("requestMemory", "request-memory", "requests", "memory", "128Mi"),
    ("limitCPU", "limit-cpu", "limits", "cpu", "500m"),
    ("limitMemory", "limit-memory", "limits", "memory", "512Mi"),
)
_TEMPLATE: Final = "the Integration's pod template (spec.template) is merged into the pod"
_INIT: Final = "the init-containers trait adds init containers"


def _container_trait(obj: dict[str, Any]) -> tuple[dict[str, str], str]:
    """The container trait's resource fields as the operator reads them, and where they come from."""
    metadata = obj.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    by_annotation = {k[len(_PREFIX) :]: v for k, v in annotations.items() if isinstance(k, str) and k.startswith(_PREFIX)} if isinstance(annotations, dict) else {}
    if by_annotation:
        return {field: str(by_annotation[prop]) for field, prop, *_ in _FIELDS if by_annotation.get(prop) not in (None, "")}, "its trait.camel.apache.org/container.* annotations"
    spec = obj.get("spec")
    traits = spec.get("traits") if isinstance(spec, dict) else None
    container = traits.get("container") if isinstance(traits, dict) else None
    written = container if isinstance(container, dict) else {}
    return {field: str(written[field]) for field, *_ in _FIELDS if written.get(field) not in (None, "")}, "spec.traits.container"


def _resources(obj: Any, pointer: Pointer, problems: Problems) -> Derived:
    del pointer, problems  # the operator logs a value it cannot parse and goes on
    written, where = _container_trait(obj if isinstance(obj, dict) else {})
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    notes: list[str] = []
    for field, _, kind, resource, default in _FIELDS:
        text = written.get(field, default)
        said = f"{field} from {where}" if field in written else "the container trait's default"
        try:
            value = parse_quantity(text)
        except QuantityError:
            notes.append(f"{kind[:-1]} {resource} unset: {field} {text!r} is no quantity, the operator logs it and goes on ({_SOURCE})")
            continue
        (requests if kind == "requests" else limits)[resource] = value
        notes.append(f"{kind[:-1]} {resource} {value.canonical()}: {said} ({_SOURCE})")
    return Derived(requests, limits, tuple(notes), ("spec",))


def _kind(kind: str, template: str) -> WorkloadKind:
    main = MainContainer("integration", f"{_REPO} pkg/trait/container.go configureContainer", name_field="spec.traits.container.name", derive=Derive("", _resources))
    pod = PodPath(
        "spec", "operator", count=("spec.replicas=1",), label="integration", main=(main,),
        patched_by=((template,), _TEMPLATE), added_by=(("spec.traits.init-containers",), _INIT),
    )  # fmt: skip
    return WorkloadKind("camel.apache.org", kind, (pod,), f"{_REPO} pkg/apis/camel/v1/{kind.lower()}_types.go")


CAMELK_KINDS: Final = (_kind("Integration", "spec.template"), _kind("Pipe", "spec.integration.template"))
