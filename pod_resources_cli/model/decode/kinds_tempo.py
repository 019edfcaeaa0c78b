"""Grafana's Tempo Operator: TempoStack (tempo.grafana.com/v1alpha1;
grafana/tempo-operator @049c8f240415 api/tempo/v1alpha1/tempostack_types.go).
The operator builds every pod of a stack from the object's fields
(internal/manifests/manifests.go BuildAll), after its defaulting webhook
(internal/webhooks/tempostack_webhook.go Default):

- the components, each one Deployment (the ingester a StatefulSet) of
  container ``tempo``: distributor, ingester, querier, query-frontend,
  compactor; with ``spec.template.metricsGenerator.enabled`` the
  metrics-generator; with ``spec.template.gateway.enabled`` the gateway,
  whose container is ``tempo-gateway``, and with ``spec.tenants.mode:
  openshift`` also ``tempo-gateway-opa`` (gateway/openshift.go
  patchOCPOPAContainer);
- the query-frontend also runs, with ``jaegerQuery.enabled``,
  ``jaeger-query`` and ``tempo-query`` (queryfrontend/query_frontend.go),
  and, without the gateway, with ``jaegerQuery.ingress.type: route`` and
  ``jaegerQuery.authentication.enabled``, ``oauth-proxy``
  (oauthproxy/oauth_proxy.go). The webhook also enables that
  authentication under the operator's OpenShift ``oauthProxy.defaultEnabled``
  gate for a route that writes none: not known from the object, not shown;
- each container's resources are the ones written for it
  (``spec.template.<component>.resources``; for the distributor,
  query-frontend, gateway and metrics-generator under ``.component``, where
  their types embed TempoComponentSpec, the jaeger-query's
  ``jaegerQuery.resources``, the oauth-proxy's ``authentication.resources``;
  the tempo-query takes ``jaegerQuery.resources`` where ``tempoQuery.resources``
  is written: query_frontend.go tempoQueryResources), else
  manifestutils/resources.go Resources: with ``spec.size`` the size's
  requests, no limits (manifestutils/size.go sizeProfiles; ``1x.demo``
  none); else from ``spec.resources.total.limits`` by the component's share
  (``resourcesMapNoGateway``, ``resourcesMapWithGateway`` with the gateway,
  ``resourcesMapNoGatewayWithProxy`` with the jaeger authentication, which
  wins), computed in float32 as Go does: the limit is
  ``int64(float32(total) * share)``, divided by the replicas where more than
  one, the request ``int64(limit * 0.3)``, each product and quotient
  rounded to float32 before the truncation (mirrored here exactly with
  rationals: ``_f32``);
- each component's count is ``spec.template.<component>.replicas``
  (``.component.replicas`` likewise) where written, else the size's (manifestutils/size.go replicaProfiles), else 1;
  the ingester's, without a size 1, with one the quorum ``floor(RF/2)+1`` of
  ``spec.replicationFactor`` or the size's (replicationFactors). The share
  is divided by these replicas (the gateway's: never, Resources(..., nil)).
  A size outside the five is refused by the webhook (validateSize): no pods.

Not modelled: the zone-awareness init containers of ``spec.replicationZones``
(manifestutils ConfigureReplication).

TempoMonolithic (api/tempo/v1alpha1/tempomonolithic_types.go): one
StatefulSet of one pod (internal/manifests/monolithic/statefulset.go
BuildTempoStatefulset; no replicas field): ``tempo`` with ``spec.resources``;
with ``spec.jaegerui.enabled`` (JSON ``jaegerui``) also ``jaeger-query``
(``jaegerui.resources``) and ``tempo-query`` (``jaegerui.tempoQueryResources``;
configureJaegerUI);
with the gateway (``multitenancy.enabled`` and an ``authentication`` entry:
IsGatewayEnabled) ``tempo-gateway``, and in the ``openshift`` mode
``tempo-gateway-opa``, both with ``multitenancy.resources``
(configureGateway); without the gateway, with ``jaegerui.route.enabled`` and
``jaegerui.authentication.enabled``, ``oauth-proxy`` with
``authentication.resources`` (monolithic/build.go; the reconciler's Default,
tempomonolithic_defaults.go, enables that authentication under the
OpenShift ``oauthProxy.defaultEnabled`` gate where it is unset: not known
from the object, not shown). Nothing is defaulted: a container whose
resources are not written has none.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_mapping, as_quantity, resource_list
from pod_resources_cli.quantity import Quantity, parse_quantity
from pod_resources_cli.quantity_format import Format

_REPO: Final = "grafana/tempo-operator"
_RESOURCES_GO: Final = f"{_REPO} internal/manifests/manifestutils/resources.go Resources"
_SIZE_GO: Final = f"{_REPO} internal/manifests/manifestutils/size.go"
_SIZES: Final = ("1x.demo", "1x.pico", "1x.extra-small", "1x.small", "1x.medium")

# resources.go: (cpu, memory) shares of spec.resources.total.limits, float32 literals in Go
_NO_GATEWAY: Final = {
    "distributor": ("0.27", "0.12"), "ingester": ("0.38", "0.5"), "compactor": ("0.16", "0.18"), "querier": ("0.1", "0.15"),
    "query-frontend": ("0.045", "0.025"), "jaeger-frontend": ("0.045", "0.025"),
}  # fmt: skip
_WITH_PROXY: Final = {
    "distributor": ("0.27", "0.12"), "ingester": ("0.38", "0.5"), "compactor": ("0.16", "0.18"), "querier": ("0.1", "0.15"),
    "query-frontend": ("0.045", "0.025"), "query-frontend-proxy": ("0.01", "0.01"), "jaeger-frontend": ("0.035", "0.015"),
}  # fmt: skip
_WITH_GATEWAY: Final = {
    "distributor": ("0.26", "0.11"), "ingester": ("0.36", "0.49"), "compactor": ("0.15", "0.17"), "querier": ("0.09", "0.14"),
    "query-frontend": ("0.04", "0.02"), "jaeger-frontend": ("0.04", "0.02"), "gateway": ("0.04", "0.03"),
    "tempo-gateway-opa": ("0.02", "0.02"),
}  # fmt: skip
_REQUESTS_SHARE: Final = "0.3"  # requestsPercentage

# size.go sizeProfiles: (cpu, memory) requests by size and component (1x.demo: none)
_PROFILE_KEYS: Final = ("ingester", "compactor", "querier", "query-frontend", "distributor", "gateway", "jaeger-frontend",
                        "query-frontend-proxy", "tempo-gateway-opa", "metrics-generator")  # fmt: skip
_PROFILES: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "1x.pico": (("500m", "3Gi"), ("500m", "500Mi"), ("750m", "1536Mi"), ("500m", "500Mi"), ("500m", "500Mi"), ("100m", "64Mi"),
                ("100m", "64Mi"), ("50m", "64Mi"), ("50m", "64Mi"), ("500m", "512Mi")),
    "1x.extra-small": (("1500m", "8Gi"), ("200m", "4Gi"), ("1000m", "1Gi"), ("200m", "1Gi"), ("200m", "128Mi"), ("400m", "128Mi"),
                       ("400m", "128Mi"), ("100m", "64Mi"), ("100m", "64Mi"), ("500m", "512Mi")),
    "1x.small": (("2000m", "10Gi"), ("400m", "6Gi"), ("2500m", "3Gi"), ("400m", "1Gi"), ("600m", "128Mi"), ("800m", "192Mi"),
                 ("800m", "192Mi"), ("100m", "64Mi"), ("100m", "64Mi"), ("1000m", "1Gi")),
    "1x.medium": (("8000m", "16Gi"), ("600m", "10Gi"), ("5000m", "4Gi"), ("800m", "1Gi"), ("1500m", "128Mi"), ("4000m", "192Mi"),
                  ("4000m", "192Mi"), ("200m", "128Mi"), ("200m", "128Mi"), ("2000m", "2Gi")),
}  # fmt: skip
# size.go replicaProfiles (1x.demo: none) and replicationFactors
_REPLICA_KEYS: Final = ("distributor", "querier", "query-frontend", "compactor", "gateway", "metrics-generator")
_REPLICAS: Final[dict[str, tuple[int, ...]]] = {
    "1x.pico": (2, 2, 2, 2, 2, 2), "1x.extra-small": (2, 2, 2, 2, 2, 2), "1x.small": (3, 3, 2, 2, 2, 3), "1x.medium": (4, 5, 2, 3, 2, 3),
}  # fmt: skip
_REPLICATION_FACTORS: Final = {"1x.demo": 1, "1x.pico": 2, "1x.extra-small": 2, "1x.small": 2, "1x.medium": 2}


def _f32(x: Fraction) -> Fraction:
    """``x`` rounded to the nearest float32 (IEEE 754 binary32, ties to even), as Go rounds a float32 product or
    quotient and converts a constant; exact, for the normal range the operator's values stay in."""
    if x == 0:
        return x
    sign = -1 if x < 0 else 1
    x = abs(x)
    e = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** e > x:
        e -= 1
    elif Fraction(2) ** (e + 1) <= x:
        e += 1
    scale = Fraction(2) ** (e - 23)  # 24 significant bits
    return sign * round(x / scale) * scale


def _trunc(x: Fraction) -> int:
    """Go's int64(f): toward zero."""
    return int(x)


def share(total: int, ratio: str, replicas: int | None) -> tuple[int, int]:
    """Resources' arithmetic for one resource: (limit, request) from the total (milli-cpu or bytes), the
    component's share and its replicas (divided by where more than one)."""
    value = _f32(_f32(Fraction(total)) * _f32(Fraction(ratio)))
    if replicas is not None and replicas > 1:
        value = _f32(value / _f32(Fraction(replicas)))
    return _trunc(value), _trunc(_f32(value * _f32(Fraction(_REQUESTS_SHARE))))


def _get(value: Any, *keys: str) -> Any:
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _size(spec: Any) -> str:
    size = _get(spec, "size")
    return size if isinstance(size, str) else ""


# where each component's TempoComponentSpec (replicas, resources) sits under spec.template: embedded with the JSON
# name ``component`` in TempoDistributorSpec, TempoQueryFrontendSpec, TempoGatewaySpec and TempoMetricsGeneratorSpec
_FIELDS: Final = {
    "distributor": ("distributor", "component"), "ingester": ("ingester",), "querier": ("querier",), "compactor": ("compactor",),
    "query-frontend": ("queryFrontend", "component"), "gateway": ("gateway", "component"),
    "metrics-generator": ("metricsGenerator", "component"),
}  # fmt: skip


def replicas(spec: Any, component: str) -> int | None:
    """The component's replicas after the webhook's Default (None: left nil, the metrics-generator without a
    size)."""
    written = _get(spec, "template", *_FIELDS[component], "replicas")
    if isinstance(written, int) and not isinstance(written, bool):
        return written
    size = _size(spec)
    if component == "ingester":
        if not size:
            return 1
        rf = _get(spec, "replicationFactor")
        factor = rf if isinstance(rf, int) and not isinstance(rf, bool) and rf != 0 else _REPLICATION_FACTORS.get(size, 1)
        return factor // 2 + 1
    profile = _REPLICAS.get(size)
    if profile is not None:
        return profile[_REPLICA_KEYS.index(component)]
    return None if component == "metrics-generator" else 1


def _count(component: str) -> Any:
    def tally(obj: dict[str, Any], element: Any) -> int:
        del element
        found = replicas(obj.get("spec"), component)
        return 1 if found is None else max(found, 0)

    return tally


def _by_total(spec: Any, component: str, count: int | None, pointer: Pointer, problems: Problems) -> Derived:
    jaeger = _get(spec, "template", "queryFrontend", "jaegerQuery", "authentication")
    if isinstance(jaeger, dict) and jaeger.get("enabled") is True:
        table, name = _WITH_PROXY, "resourcesMapNoGatewayWithProxy"
    elif _get(spec, "template", "gateway", "enabled") is True:
        table, name = _WITH_GATEWAY, "resourcesMapWithGateway"
    else:
        table, name = _NO_GATEWAY, "resourcesMapNoGateway"
    shares = table.get(component)
    limits_at = (*pointer, "resources", "total", "limits")
    total_limits = _get(spec, "resources", "total", "limits")
    if shares is None or _get(spec, "resources", "total") is None:
        why = f"{component} has no share in {name}" if shares is None else "no size and no resources.total"
        return Derived({}, {}, (f"no resources: {why} ({_RESOURCES_GO})",), ("resources",))
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    per = f", divided by {count} replicas" if count is not None and count > 1 else ""
    notes: list[str] = []
    for resource, ratio in zip(("cpu", "memory"), shares, strict=True):
        raw = total_limits.get(resource) if isinstance(total_limits, dict) else None
        if raw is None:
            continue
        total = as_quantity(raw, (*limits_at, resource), problems)
        if total is None:
            continue
        if resource == "cpu":
            limit, request = share(total.milli_value(), ratio, count)
            limits["cpu"], requests["cpu"] = Quantity.from_milli(limit, Format.BINARY_SI), Quantity.from_milli(request, Format.BINARY_SI)
        else:
            limit, request = share(total.value(), ratio, count)
            limits["memory"], requests["memory"] = Quantity.from_int(limit, Format.BINARY_SI), Quantity.from_int(request, Format.BINARY_SI)
        notes.append(f"{resource}: {ratio} of resources.total's {total.canonical()}{per} ({name}), requests 0.3 of that, in float32 ({_RESOURCES_GO})")
    return Derived(requests, limits, tuple(notes), ("resources", "total", "limits"))


def _by_size(size: str, component: str) -> Derived:
    profile = _PROFILES.get(size)
    if profile is None or component not in _PROFILE_KEYS:
        return Derived({}, {}, (f"size {size} gives it no resources ({_SIZE_GO} sizeProfiles)",), ("size",))
    cpu, memory = profile[_PROFILE_KEYS.index(component)]
    requests = {"cpu": parse_quantity(cpu), "memory": parse_quantity(memory)}
    note = f"size {size}: requests of {cpu} of cpu and {memory} of memory, no limits ({_SIZE_GO} ResourcesForComponent)"
    return Derived(requests, {}, (note,), ("size",))


def _written(resources: Any, at: tuple[str, ...], pointer: Pointer, problems: Problems, why: str) -> Derived:
    here = (*pointer, *at)
    mapping = as_mapping(resources, here, problems, "a ResourceRequirements") or {}
    requests = resource_list(mapping.get("requests"), (*here, "requests"), problems) if mapping.get("requests") is not None else None
    limits = resource_list(mapping.get("limits"), (*here, "limits"), problems) if mapping.get("limits") is not None else None
    return Derived(requests or {}, limits or {}, (why,), at)


def _derive(component: str, own: tuple[str, ...] | None, source: str, *, taken: tuple[str, ...] | None = None, count_of: str | None = None,
            no_division: bool = False) -> Derive:  # fmt: skip
    """The container's resources: ``own`` (under spec; None: no such field, the OPA's) where written (``taken`` instead, where given: the
    tempo-query's), else Resources for ``component`` with the replicas of ``count_of``."""

    def compute(spec: Any, pointer: Pointer, problems: Problems) -> Derived:
        if own is not None and _get(spec, *own) is not None:
            at = taken if taken is not None else own
            return _written(_get(spec, *at), at, pointer, problems, f"spec.{'.'.join(at)} as written ({_REPO} {source})")
        size = _size(spec)
        if size:
            return _by_size(size, component)
        count = None if no_division else replicas(spec, count_of or component)
        return _by_total(spec, component, count, pointer, problems)

    return Derive("/spec", compute)


_BUILT: Final = "internal/manifests"
_JAEGER: Final = FieldIn("/spec.template.queryFrontend.jaegerQuery.enabled", ("true",))


def _component(label: str, file: str, mains: tuple[MainContainer, ...] = (), enabled: str | None = None) -> PodPath:
    own = ("template", *_FIELDS[label], "resources")
    tempo = MainContainer("tempo", f"{_REPO} {_BUILT}/{file}", derive=_derive(label, own, f"{_BUILT}/{file}"))
    return PodPath("spec", "operator", label=label, main=(tempo, *mains), empty_when_absent=True, always_made=True, tally=_count(label),
                   if_field=FieldIn("spec.size", ("", *_SIZES)), enabled=enabled)  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    qf = f"{_BUILT}/queryfrontend/query_frontend.go"
    jq = ("template", "queryFrontend", "jaegerQuery")
    frontend = (
        MainContainer("jaeger-query", f"{_REPO} {qf}", if_fields=(_JAEGER,),
                      derive=_derive("jaeger-frontend", (*jq, "resources"), f"{qf} jaegerQueryResources", count_of="query-frontend")),
        MainContainer("tempo-query", f"{_REPO} {qf}", if_fields=(_JAEGER,),
                      derive=_derive("query-frontend", (*jq, "tempoQuery", "resources"), f"{qf} tempoQueryResources",
                                     taken=(*jq, "resources"), count_of="query-frontend")),
        MainContainer("oauth-proxy", f"{_REPO} {_BUILT}/oauthproxy/oauth_proxy.go", if_fields=(
            FieldIn("/spec.template.gateway.enabled", ("true",), negate=True),
            FieldIn("/spec.template.queryFrontend.jaegerQuery.ingress.type", ("route",)),
            FieldIn("/spec.template.queryFrontend.jaegerQuery.authentication.enabled", ("true",))),
            derive=_derive("query-frontend-proxy", (*jq, "authentication", "resources"), f"{_BUILT}/oauthproxy/oauth_proxy.go",
                           count_of="query-frontend")),
    )  # fmt: skip
    gw = f"{_BUILT}/gateway/gateway.go"
    gateway = PodPath("spec", "operator", label="gateway", main=(
        MainContainer("tempo-gateway", f"{_REPO} {gw}", derive=_derive("gateway", ("template", "gateway", "component", "resources"), gw, no_division=True)),
        MainContainer("tempo-gateway-opa", f"{_REPO} {_BUILT}/gateway/openshift.go patchOCPOPAContainer",
                      if_fields=(FieldIn("/spec.tenants.mode", ("openshift",)),),
                      derive=_derive("tempo-gateway-opa", None, gw, count_of="gateway")),
    ), empty_when_absent=True, always_made=True, tally=_count("gateway"), if_field=FieldIn("spec.size", ("", *_SIZES)),
        enabled="/spec.template.gateway.enabled")  # fmt: skip
    return (
        _component("distributor", "distributor/distributor.go"),
        _component("ingester", "ingester/ingester.go"),
        _component("querier", "querier/querier.go"),
        _component("query-frontend", "queryfrontend/query_frontend.go", frontend),
        _component("compactor", "compactor/compactor.go"),
        _component("metrics-generator", "metricsgenerator/metricsgenerator.go",
                   enabled="/spec.template.metricsGenerator.enabled"),
        gateway,
    )  # fmt: skip


def _monolithic() -> tuple[PodPath, ...]:
    sts = f"{_BUILT}/monolithic/statefulset.go"

    def container(name: str, path: str, source: str, *tests: FieldIn) -> MainContainer:
        return MainContainer(name, f"{_REPO} {source}", shorthand=Shorthand(path, "requirements"), if_fields=tests)

    ui = FieldIn("/spec.jaegerui.enabled", ("true",))
    gateway = (FieldIn("/spec.multitenancy.enabled", ("true",)), FieldIn("/spec.multitenancy.authentication[*]", (), match="written"))
    no_gateway = FieldIn("/spec.multitenancy.authentication[*]", (), match="written", negate=True)
    no_tenancy = FieldIn("/spec.multitenancy.enabled", ("true",), negate=True)
    proxy = (ui, FieldIn("/spec.jaegerui.route.enabled", ("true",)), FieldIn("/spec.jaegerui.authentication.enabled", ("true",)))
    oauth = f"{_BUILT}/monolithic/build.go BuildAll (oauthproxy.PatchStatefulSetForOauthProxy)"
    main = (
        container("tempo", "/spec.resources", f"{sts} BuildTempoStatefulset"),
        container("jaeger-query", "/spec.jaegerui.resources", f"{sts} configureJaegerUI", ui),
        container("tempo-query", "/spec.jaegerui.tempoQueryResources", f"{sts} configureJaegerUI", ui),
        container("tempo-gateway", "/spec.multitenancy.resources", f"{sts} configureGateway", *gateway),
        container("tempo-gateway-opa", "/spec.multitenancy.resources", f"{sts} configureGateway (gateway.NewOpaContainer)", *gateway,
                  FieldIn("/spec.multitenancy.mode", ("openshift",))),
        # the proxy without the gateway: multitenancy off, or on without an authentication entry
        MainContainer("oauth-proxy", f"{_REPO} {oauth}", shorthand=Shorthand("/spec.jaegerui.authentication.resources", "requirements"),
                      if_fields=proxy, if_any=((no_tenancy,), (no_gateway,))),
    )  # fmt: skip
    return (PodPath("spec", "operator", count=("1",), label="tempo", main=main, empty_when_absent=True, always_made=True),)


TEMPO_KINDS: Final = (
    WorkloadKind("tempo.grafana.com", "TempoStack", _pods(), f"{_REPO} api/tempo/v1alpha1/tempostack_types.go"),
    WorkloadKind("tempo.grafana.com", "TempoMonolithic", _monolithic(), f"{_REPO} api/tempo/v1alpha1/tempomonolithic_types.go"),
)
