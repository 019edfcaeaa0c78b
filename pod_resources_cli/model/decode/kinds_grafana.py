"""The Grafana operator (grafana/grafana-operator 60d3ebd2b21a,
grafana.integreatly.org): a Grafana is one Deployment the operator builds
(controllers/reconcilers/grafana/deployment_reconciler.go), of
``spec.deployment.spec.replicas`` pods (1 unset), also where the object
writes no ``spec.deployment``. Its ``grafana`` container asks 100m and
256Mi and is limited to 1024Mi (getResources), and ``spec.deployment`` is
merged over that Deployment as a strategic merge patch that removes nothing
(api/v1beta1/typeoverrides.go Merge): containers by name, so each request
and limit the template's ``grafana`` does not write stays the operator's.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, WorkloadKind

_SOURCE: Final = "grafana/grafana-operator controllers/reconcilers/grafana/deployment_reconciler.go getResources, api/v1beta1/typeoverrides.go Merge"
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "100m"), ("memory", "256Mi")), limits=(("memory", "1024Mi"),), merge=True)

GRAFANA_KINDS: Final = (
    WorkloadKind(
        "grafana.integreatly.org", "Grafana",
        (PodPath("spec.deployment.spec.template", count=("/spec.deployment.spec.replicas=1",), empty_when_absent=True, always_made=True,
                 main=(MainContainer("grafana", _SOURCE, defaults=(_DEFAULTS,)),)),),
        "grafana/grafana-operator api/v1beta1/grafana_types.go",
    ),
)  # fmt: skip
