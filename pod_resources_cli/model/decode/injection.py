"""Containers a mutating admission webhook adds to a pod whose own metadata
asks for them: such a pod is only as written, like an operator's template.

The webhook's resources for what it adds come from the cluster (a chart's
values, a custom resource), so they are not applied here; the pod is said
to be as written, and no rule claims its QoS class as fact
(lint/engine.py). Only the pod's own labels and annotations are read: a
namespace can ask for injection too, which one object cannot show.

- OpenTelemetry operator (open-telemetry/opentelemetry-operator@be8944414a87):
  ``instrumentation.opentelemetry.io/inject-<language>`` set to ``true``
  or an Instrumentation's name (internal/instrumentation/
  annotation.go ``annotationValue``; ``false`` disables it) adds an init
  container per language, Go a sidecar, with the Instrumentation's
  resources; internal/webhook/instrumentation_webhook.go ``defaulter``
  fills in any left empty (requests 50m cpu and 64Mi or 128Mi memory, or
  1m and 128Mi for Apache httpd and nginx; limits 500m and 256Mi).
  ``inject-sdk`` only sets environment variables and adds no container.
  ``sidecar.opentelemetry.io/inject`` (pkg/sidecar/annotation.go) adds the
  collector as a sidecar, with the OpenTelemetryCollector's resources.
- Istio (istio/istio@86c9f01fd735): the label ``sidecar.istio.io/inject``,
  else the annotation of that name, set to ``true`` adds ``istio-proxy``
  (and ``istio-init`` without the CNI plugin), and so does the label
  ``istio.io/rev`` naming a control plane's revision unless the inject label
  is ``false`` (the ``rev.object.`` webhook of manifests/charts/istio-control/
  istio-discovery/templates/mutatingwebhook.yaml), unless the pod uses the
  host's network (pkg/kube/inject/inject.go ``injectRequired``). Its
  resources are ``global.proxy.resources`` (manifests/charts/istio-control/
  istio-discovery/values.yaml: requests 100m and 128Mi, limits 2000m and
  1024Mi) or the pod's ``sidecar.istio.io/proxyCPU``-style annotations.
- Linkerd (linkerd/linkerd2@01d1e4646ce4): the annotation ``linkerd.io/inject``
  set to ``enabled`` or ``ingress`` (pkg/k8s/labels.go ProxyInjectEnabled,
  ProxyInjectIngress) adds ``linkerd-proxy``, without resources unless the
  control plane's ``proxy.resources`` or the pod's ``config.linkerd.io/proxy-cpu-request``-style
  annotations set them, and, without the CNI plugin, the init container
  ``linkerd-init`` (charts/linkerd-control-plane/values.yaml
  ``proxyInit.resources``: 100m cpu and 20Mi memory, requests and limits),
  whose requests alone make a BestEffort pod Burstable. The webhook adds
  nothing to a pod on the host's network or one that already has a proxy
  (pkg/inject/report.go ``Injectable``, pkg/healthcheck/sidecar.go
  ``HasExistingSidecars`` @b24cd4059841: a container named linkerd-proxy or
  istio-proxy or of image cr.l5d.io/linkerd/proxy: or
  gcr.io/istio-release/proxyv2:, an init container named linkerd-init or
  istio-init or of image cr.l5d.io/linkerd/proxy-init: or
  gcr.io/istio-release/proxy_init:).
- Kuma (kumahq/kuma@348b6528bc23): the label ``kuma.io/sidecar-injection``
  on the pod, else on its Namespace, set to ``enabled``, ``true`` or ``yes``
  (``disabled``, ``false``, ``no`` decline; pkg/plugins/runtime/k8s/webhooks/
  injector/precheck.go ``needToInject``, metadata/annotations.go
  ``GetEnabled``; as an annotation it is not supported: ``PodAnnotationDeprecations``)
  adds ``kuma-sidecar`` and, without the CNI plugin, the init container
  ``kuma-init`` (with it, ``kuma-validation`` when inbound traffic is
  redirected), unless the pod already has a ``kuma-sidecar`` container or
  carries a label of the injector's exceptions (``openshift.io/build.name``,
  ``openshift.io/deployer-pod-for.name`` by default). Their resources are the
  control plane's ``runtime.kubernetes.injector`` settings
  (pkg/config/plugins/runtime/k8s/config.go ``DefaultKubernetesRuntimeConfig``,
  the chart's ``dataPlane.*.resources``): kuma-sidecar requests 50m cpu and
  64Mi memory, limit 512Mi memory (cpu ``0``: none); kuma-init and
  kuma-validation request 20m and 20M, limit 50M; none for the sidecar when
  the pod sets pod-level ``resources`` (injector.go ``NewSidecarContainer``).
  Those requests alone make a BestEffort pod Burstable.
- Jaeger operator (jaegertracing/jaeger-operator@87d8ae049d91): the annotation
  ``sidecar.jaegertracing.io/inject`` on an apps/v1 Deployment itself (not
  on its pod template), or on its Namespace, set to anything but ``false``
  (any case) adds ``jaeger-agent`` to the Deployment's pod template with
  the Jaeger's ``spec.agent`` and ``spec`` resources merged (none by
  default): pkg/inject/sidecar.go ``desired``, ``Needed`` (never a
  Deployment labelled ``app: jaeger`` but for its query component) and
  ``container``, through the webhook of controllers/appsv1/
  deployment_webhook.go, which sees Deployments only.
- Cloud Storage FUSE CSI driver on GKE
  (GoogleCloudPlatform/gcs-fuse-csi-driver@06ceffdff9fd): the annotation
  ``gke-gcsfuse/volumes`` set to ``true`` or ``True`` (pkg/webhook/parsers.go ``ParseBool``
  @5fcdc04a02d2: ``false``/``False`` decline, any other value refuses the pod) adds the ``gke-gcsfuse-sidecar`` container, a native sidecar
  where the cluster has them (pkg/webhook/mutatingwebhook.go ``Handle``),
  requesting and limited to 250m cpu, 256Mi memory and 5Gi ephemeral
  storage by default (cmd/webhook/main.go @019e33175f87), or what the
  pod's ``gke-gcsfuse/cpu-request``-style annotations say.
- Parallelstore CSI driver on GKE (GKE's documentation, "About the Google
  Kubernetes Engine Parallelstore CSI driver", cloud.google.com/kubernetes-
  engine/docs/concepts/parallelstore-for-gke; the annotations as
  GoogleCloudPlatform/ai-on-gke @8676d66db221 writes them): the annotation
  ``gke-parallelstore/volumes`` set to ``true`` adds the driver's sidecar
  container, with the resources of the pod's ``gke-parallelstore/cpu-request``-
  style annotations or the driver's defaults (its source is not public: no
  default is applied here).
- OpenFeature operator (open-feature/open-feature-operator@90d373fd1661):
  the annotation ``openfeature.dev/enabled`` set to exactly ``true`` with
  the annotation ``openfeature.dev/featureflagsource`` present (any value)
  adds the ``flagd`` container as a native sidecar (an init container with
  restartPolicy Always): internal/webhook/pod_webhook.go ``Handle``,
  common.go ``checkOFEnabled``/``shouldUseSidecar``, internal/common/
  flagdinjector/flagdinjector.go ``InjectFlagd``. Its resources are the
  operator's ``--sidecar-*`` flags (chart/open-feature-operator/values.yaml
  ``sidecarConfiguration.resources``: requests 200m cpu and 32Mi memory,
  limits 500m and 64Mi; cmd/main.go's own defaults 0.2, 32M, 0.5, 64M),
  replaced by the named FeatureFlagSources' ``spec.resources``. With only
  ``openfeature.dev/inprocessconfiguration`` it sets environment variables
  and adds no container. A pod without ownerReferences (created directly,
  not by a controller) is refused ("static or orphaned pods cannot be
  mutated"), and so is an enabled pod naming neither: no container is
  added to either.
"""

from __future__ import annotations

from typing import Any, Final

_OTEL_LANGUAGES: Final = ("java", "nodejs", "python", "dotnet", "go", "apache-httpd", "nginx")
_OTEL_INSTRUMENTATION: Final = tuple(f"instrumentation.opentelemetry.io/inject-{lang}" for lang in _OTEL_LANGUAGES)
_OTEL_SIDECAR: Final = "sidecar.opentelemetry.io/inject"
_ISTIO: Final = "sidecar.istio.io/inject"
_ISTIO_REV: Final = "istio.io/rev"
_LINKERD: Final = "linkerd.io/inject"
_KUMA: Final = "kuma.io/sidecar-injection"
_KUMA_ENABLED: Final = frozenset({"enabled", "true", "yes"})  # metadata.Annotations.GetEnabled; anything else declines or is refused
_KUMA_SIDECAR: Final = "kuma-sidecar"  # k8s_util.KumaSidecarContainerName: a pod that has it is not injected again
_KUMA_EXCEPTIONS: Final = ("openshift.io/build.name", "openshift.io/deployer-pod-for.name")  # config.go Exceptions.Labels, value "*"
_JAEGER: Final = "sidecar.jaegertracing.io/inject"
_GCSFUSE: Final = "gke-gcsfuse/volumes"
_PARALLELSTORE: Final = "gke-parallelstore/volumes"
_OPENFEATURE: Final = "openfeature.dev/enabled"  # common.OpenFeatureAnnotationPrefix + EnabledAnnotation
_OPENFEATURE_SOURCE: Final = "openfeature.dev/featureflagsource"  # FeatureFlagSourceAnnotation: the flagd sidecar

OTEL_INSTRUMENTATION: Final = (
    "the OpenTelemetry operator adds an init container per injected language (Go: a sidecar), "
    "with the Instrumentation's resources (by default requests of 50m cpu and 64Mi to 128Mi memory)"
)
OTEL_COLLECTOR: Final = "the OpenTelemetry operator adds its collector as a sidecar, with the OpenTelemetryCollector's resources"
ISTIO_PROXY: Final = (
    "Istio adds its istio-proxy sidecar, with the mesh's proxy resources "
    "(by default requests of 100m cpu and 128Mi memory, limits of 2000m and 1024Mi)"
)
LINKERD_PROXY: Final = (
    "Linkerd adds its linkerd-proxy sidecar (no resources by default) and, without its CNI plugin, the init container "
    "linkerd-init (by default requests and limits of 100m cpu and 20Mi memory)"
)

KUMA_SIDECAR: Final = (
    "Kuma adds its kuma-sidecar container (by default requests of 50m cpu and 64Mi memory, a 512Mi memory limit) and, "
    "without its CNI plugin, the init container kuma-init (by default requests of 20m cpu and 20M memory, a 50M memory limit)"
)

JAEGER_AGENT: Final = "the Jaeger operator adds its jaeger-agent sidecar to the Deployment, with the Jaeger's agent resources (none by default)"

PARALLELSTORE_SIDECAR: Final = (
    "GKE's Parallelstore CSI driver adds its sidecar container, with the resources of the pod's gke-parallelstore/* "
    "annotations or the driver's defaults"
)

GCSFUSE_SIDECAR: Final = (
    "GKE's Cloud Storage FUSE webhook adds its gke-gcsfuse-sidecar container "
    "(by default requests and limits of 250m cpu, 256Mi memory and 5Gi ephemeral storage)"
)

OPENFEATURE_FLAGD: Final = (
    "the OpenFeature operator adds its flagd sidecar container, with the FeatureFlagSource's resources "
    "(by default requests of 200m cpu and 32Mi memory, limits of 500m and 64Mi)"
)


def annotations_of(template: Any) -> dict[str, str]:
    """The string annotations of a pod or pod template (what the injectors read)."""
    metadata = template.get("metadata") if isinstance(template, dict) else None
    raw = metadata.get("annotations") if isinstance(metadata, dict) else None
    return {str(k): v for k, v in raw.items() if isinstance(v, str)} if isinstance(raw, dict) else {}


def injected(template: Any) -> str | None:
    """Why a webhook adds containers to the pod or pod template ``template``
    (a mapping with ``metadata`` and ``spec``), or None when its metadata
    asks for none."""
    if not isinstance(template, dict):
        return None
    metadata = template.get("metadata")
    if not isinstance(metadata, dict):
        return None
    annotations = _strings(metadata.get("annotations"))
    labels = _strings(metadata.get("labels"))
    reasons = []
    if any(_otel_asks(annotations.get(key)) for key in _OTEL_INSTRUMENTATION):
        reasons.append(OTEL_INSTRUMENTATION)
    if _otel_asks(annotations.get(_OTEL_SIDECAR)):
        reasons.append(OTEL_COLLECTOR)
    istio = labels.get(_ISTIO, annotations.get(_ISTIO))  # the label wins over the annotation
    spec = template.get("spec")
    asks = istio == "true" or (bool(labels.get(_ISTIO_REV)) and labels.get(_ISTIO) != "false")
    if asks and not (isinstance(spec, dict) and spec.get("hostNetwork") is True):
        reasons.append(ISTIO_PROXY)
    if annotations.get(_LINKERD) in ("enabled", "ingress") and not _linkerd_declines(spec):
        reasons.append(LINKERD_PROXY)
    if labels.get(_KUMA) in _KUMA_ENABLED and not _kuma_declines(labels, spec):
        reasons.append(KUMA_SIDECAR)
    gcsfuse = annotations.get(_GCSFUSE)
    if gcsfuse in ("true", "True"):  # parsers.go ParseBool: any other value refuses the pod
        reasons.append(GCSFUSE_SIDECAR)
    parallelstore = annotations.get(_PARALLELSTORE)
    if parallelstore is not None and parallelstore.lower() == "true":
        reasons.append(PARALLELSTORE_SIDECAR)
    if annotations.get(_OPENFEATURE) == "true" and _OPENFEATURE_SOURCE in annotations and not _bare_pod(template, metadata):
        reasons.append(OPENFEATURE_FLAGD)
    return "; ".join(reasons) if reasons else None


def _bare_pod(template: dict[str, Any], metadata: dict[str, Any]) -> bool:
    """A Pod object with no ownerReferences: created directly, which OpenFeature's webhook refuses (pod_webhook.go)."""
    return template.get("kind") == "Pod" and not metadata.get("ownerReferences")


_LINKERD_PROXIES: Final = (("linkerd-proxy", "istio-proxy"), ("cr.l5d.io/linkerd/proxy:", "gcr.io/istio-release/proxyv2:"))
_LINKERD_INITS: Final = (("linkerd-init", "istio-init"), ("cr.l5d.io/linkerd/proxy-init:", "gcr.io/istio-release/proxy_init:"))


def _linkerd_declines(spec: Any) -> bool:
    """Linkerd's injector skips a pod on the host's network or with a proxy of its own (report.go Injectable)."""
    if not isinstance(spec, dict):
        return False
    if spec.get("hostNetwork") is True:
        return True

    def has(key: str, names: tuple[str, ...], images: tuple[str, ...]) -> bool:
        items = spec.get(key)
        return isinstance(items, list) and any(
            isinstance(c, dict) and (c.get("name") in names or (isinstance(c.get("image"), str) and c["image"].startswith(images)))
            for c in items
        )

    return any(has(key, *_LINKERD_PROXIES) for key in ("initContainers", "containers")) or has("initContainers", *_LINKERD_INITS)


def _kuma_declines(labels: dict[str, str], spec: Any) -> bool:
    """Kuma's injector skips a pod with an exception label or a kuma-sidecar container of its own (precheck.go)."""
    if any(key in labels for key in _KUMA_EXCEPTIONS):
        return True
    if not isinstance(spec, dict):
        return False
    containers = [c for key in ("containers", "initContainers") if isinstance(spec.get(key), list) for c in spec[key]]
    return any(isinstance(c, dict) and c.get("name") == _KUMA_SIDECAR for c in containers)


def deployment_injected(obj: Any) -> str | None:
    """Why a webhook adds containers to the pod template of the apps/v1
    Deployment ``obj``, from the Deployment's own metadata (Jaeger's
    annotation), or None."""
    if not isinstance(obj, dict) or obj.get("kind") != "Deployment" or obj.get("apiVersion") != "apps/v1":
        return None
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict):
        return None
    value = _strings(metadata.get("annotations")).get(_JAEGER)
    if value is None or value.lower() == "false" or _jaeger_itself(_strings(metadata.get("labels"))):
        return None
    return JAEGER_AGENT


def _jaeger_itself(labels: dict[str, str]) -> bool:
    """The operator's own Deployments, which it never injects (but for the query component)."""
    return labels.get("app") == "jaeger" and labels.get("app.kubernetes.io/component") != "query"


# A namespace asks too (the webhooks' namespaceSelector): Istio's label istio-injection=enabled
# (manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml, the namespace.
# webhooks) or a revision's istio.io/rev label (rev.namespace.), unless istio-injection is
# "disabled"; Linkerd's annotation linkerd.io/inject=enabled (pkg/inject: the namespace's
# annotation when the pod has none); Kuma's label kuma.io/sidecar-injection=enabled (precheck.go
# needToInject: the namespace's label when the pod has none). A pod can still decline (Istio's label
# sidecar.istio.io/inject=false, hostNetwork; Linkerd's annotation "disabled"; Kuma's label
# "disabled"), which is not followed here: such a pod is only said to be as written.
NAMESPACE_MARKERS: Final = (
    b"istio-injection", b"istio.io/rev", b"linkerd.io/inject", b"sidecar.jaegertracing.io/inject", b"kuma.io/sidecar-injection",
)


def namespace_injection(namespace: Any) -> str | None:
    """Why a webhook adds containers to every pod of the Namespace object
    ``namespace``, or None when its metadata asks for none."""
    metadata = _namespace_metadata(namespace)
    if metadata is None:
        return None
    labels, annotations = _strings(metadata.get("labels")), _strings(metadata.get("annotations"))
    reasons = []
    injection = labels.get("istio-injection")
    if injection == "enabled" or (bool(labels.get(_ISTIO_REV)) and injection != "disabled"):
        reasons.append(ISTIO_PROXY)
    if annotations.get(_LINKERD) == "enabled":
        reasons.append(LINKERD_PROXY)
    if labels.get(_KUMA) in _KUMA_ENABLED:
        reasons.append(KUMA_SIDECAR)
    return "; ".join(reasons) if reasons else None


def namespace_deployment_injection(namespace: Any) -> str | None:
    """Why a webhook adds containers to the pod template of every apps/v1
    Deployment of the Namespace object ``namespace`` (Jaeger's annotation;
    a Deployment's own ``false`` and the operator's own Deployments decline,
    which is not followed here: such a pod is only said to be as written), or None."""
    metadata = _namespace_metadata(namespace)
    value = _strings(metadata.get("annotations")).get(_JAEGER) if metadata is not None else None
    return JAEGER_AGENT if value is not None and value.lower() != "false" else None


def _namespace_metadata(namespace: Any) -> dict[str, Any] | None:
    if not isinstance(namespace, dict) or namespace.get("kind") != "Namespace":
        return None
    metadata = namespace.get("metadata")
    return metadata if isinstance(metadata, dict) else None


def _otel_asks(value: str | None) -> bool:
    """``true`` or an instance's name; empty or ``false`` (any case) asks for nothing."""
    return value is not None and value != "" and value.lower() != "false"


def _strings(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(v, str)}
