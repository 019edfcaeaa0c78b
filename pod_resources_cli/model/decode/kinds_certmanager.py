"""cert-manager's ACME HTTP-01 solver pods: Issuer and ClusterIssuer
(cert-manager.io/v1; cert-manager/cert-manager @2d0d7f7f7424
pkg/apis/acme/v1/types_issuer.go). For each HTTP-01 challenge it solves, the
controller creates one pod from an ``http01`` solver of
``spec.acme.solvers`` (pkg/issuer/acme/http/pod.go buildPod), whether it
routes by ``ingress`` or by ``gatewayHTTPRoute``; a DNS-01 solver makes no
pod. How many pods run is the number of pending challenges (one a DNS name
of each Certificate that uses the solver, for the minutes it takes): not
known from the issuer, so unknown.

The pod (buildDefaultPod) has one container, ``acmesolver``, whose
requests are 10m of cpu and 64Mi of memory and limits 100m and 64Mi: the
controller's ``--acme-http01-solver-resource-{request,limits}-{cpu,memory}``
defaults (internal/apis/config/controller/v1alpha1/defaults.go
defaultACMEHTTP01Solver*; a cluster whose controller sets those flags has
others). The solver's ``podTemplate.spec.resources`` is merged over them
key by key, requests and limits apart (mergePodObjectMetaWithPodTemplate:
``maps.Copy``), and its ``podTemplate.spec.priorityClassName`` is the
pod's (not read here).

A Challenge (acme.cert-manager.io/v1, pkg/apis/acme/v1/types_challenge.go)
is one such challenge: one pod from its ``spec.solver`` where ``spec.type``
is ``HTTP-01`` (pkg/controller/acmechallenges/sync.go solverFor), none once
``status.state`` is final (valid, invalid, expired, errored: the controller
cleans the pod up, pkg/acme/util.go IsFinalState). Certificate,
CertificateRequest and Order make none (no_pods.py).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_mapping, resource_list
from pod_resources_cli.quantity import Quantity, parse_quantity

_REPO: Final = "cert-manager/cert-manager"
_POD_GO: Final = f"{_REPO} pkg/issuer/acme/http/pod.go"
_DEFAULTS_GO: Final = f"{_REPO} internal/apis/config/controller/v1alpha1/defaults.go"
_REQUESTS: Final = (("cpu", "10m"), ("memory", "64Mi"))
_LIMITS: Final = (("cpu", "100m"), ("memory", "64Mi"))


def _solver(route: Any, pointer: Pointer, problems: Problems) -> Derived:
    """buildDefaultPod's requests and limits, the podTemplate's merged over them key by key."""
    requests: dict[str, Quantity] = {k: parse_quantity(v) for k, v in _REQUESTS}
    limits: dict[str, Quantity] = {k: parse_quantity(v) for k, v in _LIMITS}
    default = f"the controller's --acme-http01-solver-resource-* defaults ({_DEFAULTS_GO}; {_POD_GO} buildDefaultPod)"
    notes = [f"requests 10m cpu, 64Mi memory and limits 100m, 64Mi: {default}"]
    template = route.get("podTemplate") if isinstance(route, dict) else None
    spec = template.get("spec") if isinstance(template, dict) else None
    written = spec.get("resources") if isinstance(spec, dict) else None
    at = ("podTemplate", "spec", "resources")
    if written is not None and as_mapping(written, (*pointer, *at), problems, "requests and limits") is not None:
        for key, into in (("requests", requests), ("limits", limits)):
            if written.get(key) is not None:
                found = resource_list(written.get(key), (*pointer, *at, key), problems)
                into.update(found or {})
        notes.append(f"podTemplate.spec.resources merged over them key by key ({_POD_GO} mergePodObjectMetaWithPodTemplate)")
    return Derived(requests, limits, tuple(notes), at)


def _pod(route: str) -> PodPath:
    # the matched element is the solver (the innermost list item): the route's fields are under http01.<route>
    main = (MainContainer("acmesolver", f"{_POD_GO} buildDefaultPod", derive=Derive(f"http01.{route}", _solver)),)
    # one pod a pending challenge: how many is not known here ("challenges" is no field: always unknown)
    return PodPath(f"spec.acme.solvers[*].http01.{route}", "operator", count=("challenges=?",), label=f"http01 {route} solver", main=main)


def _pods() -> tuple[PodPath, ...]:
    return (_pod("ingress"), _pod("gatewayHTTPRoute"))


def _challenge(route: str) -> PodPath:
    main = (MainContainer("acmesolver", f"{_POD_GO} buildDefaultPod", derive=Derive(f"/spec.solver.http01.{route}", _solver)),)
    tests = (FieldIn("spec.type", ("HTTP-01",)), FieldIn("status.state", ("valid", "invalid", "expired", "errored"), negate=True))
    return PodPath(f"spec.solver.http01.{route}", "operator", count=("1",), label=f"http01 {route} solver", main=main, if_field=tests)


CERT_MANAGER_KINDS: Final = (
    *(WorkloadKind("cert-manager.io", kind, _pods(), f"{_REPO} pkg/apis/acme/v1/types_issuer.go") for kind in ("Issuer", "ClusterIssuer")),
    WorkloadKind("acme.cert-manager.io", "Challenge", (_challenge("ingress"), _challenge("gatewayHTTPRoute")),
                 f"{_REPO} pkg/apis/acme/v1/types_challenge.go"),
)
