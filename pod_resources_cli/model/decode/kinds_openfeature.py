"""The OpenFeature operator's standalone flagd: a Flagd
(core.openfeature.dev/v1beta1, open-feature/open-feature-operator
@90d373fd1661 api/core/v1beta1/flagd_types.go) is one Deployment of
``spec.replicas`` pods (``+kubebuilder:default=1``) that the operator builds
from the object's fields (internal/controller/core/flagd/resources/
deployment.go ``GetResource``): no pod template is written, and the pod
has one container, ``flagd``, made by internal/common/flagdinjector/
flagdinjector.go ``InjectFlagd`` (a regular container, the pod having none:
``addFlagdContainer``). Its resources are the operator's ``--sidecar-*``
flags (``generateBasicFlagdContainer``; chart/open-feature-operator/
values.yaml ``sidecarConfiguration.resources``: requests 200m cpu and 32Mi
memory, limits 500m and 64Mi), whose requests or limits the
FeatureFlagSource named by ``spec.featureFlagSource`` replaces where it sets
them: another object, so the pod is only as written.

The sidecar the same operator's webhook adds to annotated pods is in
injection.py.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, WorkloadKind

_REPO: Final = "open-feature/open-feature-operator"
_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "200m"), ("memory", "32Mi")), limits=(("cpu", "500m"), ("memory", "64Mi")))
_AS_WRITTEN: Final = "the FeatureFlagSource named in spec.featureFlagSource replaces flagd's requests or limits where it sets them"

FLAGD: Final = WorkloadKind(
    "core.openfeature.dev", "Flagd",
    (PodPath("spec", "operator", count=("/spec.replicas=1",), label="flagd", as_written=_AS_WRITTEN, main=(
        MainContainer("flagd", f"{_REPO} internal/common/flagdinjector/flagdinjector.go generateBasicFlagdContainer "
                               "(chart/open-feature-operator/values.yaml sidecarConfiguration.resources)", defaults=(_DEFAULTS,)),
    )),),
    f"{_REPO} internal/controller/core/flagd/resources/deployment.go GetResource",
)  # fmt: skip

OPENFEATURE_KINDS: Final = (FLAGD,)
