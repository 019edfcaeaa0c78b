"""The Security Profiles Operator's SecurityProfilesOperatorDaemon (SPOD;
security-profiles-operator.x-k8s.io v1 and v1alpha1, one schema;
kubernetes-sigs/security-profiles-operator a2e4c4bdf47d
api/spod/v1alpha1/spod_types.go). For the SPOD object the controller
(internal/pkg/manager/spod/spod_controller.go getConfiguredSPOd) makes one
DaemonSet named after it, one pod a node (no count), from its base
DaemonSet (internal/pkg/manager/spod/bindata/spod.go), keeping only the
containers the object's fields enable; every container's resources are the
base's, written in spod.go (requests cpu, memory, ephemeral-storage; limits
memory, ephemeral-storage, no cpu limit):

=================================  ========  ======  =======  ======  =======  =====================================
container                          cpu req   mem     eph      mem lim eph lim  made
=================================  ========  ======  =======  ======  =======  =====================================
non-root-enabler (init)            100m      32Mi    10Mi     64Mi    50Mi     always
selinux-shared-policies-copier     100m      32Mi    10Mi     1024Mi  50Mi     ``spec.selinux.enable: true``
(init)
security-profiles-operator         100m      64Mi    50Mi     128Mi   200Mi    always; ``spec.daemonResourceRequirements``
                                                                               replaces its resources whole where written
selinuxd                           100m      512Mi   200Mi    1024Mi  400Mi    ``spec.selinux.enable: true``
log-enricher                       50m       64Mi    10Mi     256Mi   128Mi    ``spec.enricher.enableLogEnricher: true``
bpf-recorder                       50m       64Mi    10Mi     128Mi   20Mi     ``spec.enricher.enableBpfRecorder: true``
json-enricher                      50m       64Mi    10Mi     256Mi   128Mi    ``spec.enricher.enableJsonEnricher: true``
=================================  ========  ======  =======  ======  =======  =====================================

Not visible in the object, so not followed: on OpenShift SELinux is on
where ``spec.selinux.enable`` is unset (``caInjectType ==
CAInjectTypeOpenShift``), and the operator's own environment
(``ENABLE_LOG_ENRICHER``, ``ENABLE_BPF_RECORDER``, ``ENABLE_JSON_ENRICHER``:
isLogEnricherEnabled...) turns the enrichers on for every SPOD. The older
flat fields (``enableSelinux``, ``enableLogEnricher`` under ``spec``) are
no longer in the CRD (the API server prunes them) and are not read.
The group's other kinds (SeccompProfile, SelinuxProfile, RawSelinuxProfile,
AppArmorProfile, ProfileBinding, ProfileRecording) make no pod: profiles
installed on nodes by the SPOD's pods, and bindings and recordings of other
pods (describes.py).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "kubernetes-sigs/security-profiles-operator"
_BASE: Final = f"{_REPO} internal/pkg/manager/spod/bindata/spod.go"
_CONFIGURED: Final = f"{_REPO} internal/pkg/manager/spod/spod_controller.go getConfiguredSPOd"


def _resources(cpu: str, memory: str, ephemeral: str, memory_limit: str, ephemeral_limit: str) -> OperatorDefaults:
    return OperatorDefaults(
        requests=(("memory", memory), ("cpu", cpu), ("ephemeral-storage", ephemeral)),
        limits=(("memory", memory_limit), ("ephemeral-storage", ephemeral_limit)),
    )


def _on(path: str) -> tuple[FieldIn, ...]:
    return (FieldIn(path, ("true",)),)


_SELINUX: Final = _on("/spec.selinux.enable")

_CONTAINERS: Final = (
    MainContainer("non-root-enabler", f"{_BASE}, {_CONFIGURED}", defaults=(_resources("100m", "32Mi", "10Mi", "64Mi", "50Mi"),), init=True),
    MainContainer("selinux-shared-policies-copier", f"{_BASE}, {_CONFIGURED} (enableSelinux)",
                  defaults=(_resources("100m", "32Mi", "10Mi", "1024Mi", "50Mi"),), init=True, if_fields=_SELINUX),
    MainContainer("security-profiles-operator", f"{_BASE}, {_CONFIGURED} (DaemonResourceRequirements)",
                  shorthand=Shorthand("/spec.daemonResourceRequirements", "requirements"),
                  defaults=(_resources("100m", "64Mi", "50Mi", "128Mi", "200Mi"),)),
    MainContainer("selinuxd", f"{_BASE}, {_CONFIGURED} (enableSelinux)",
                  defaults=(_resources("100m", "512Mi", "200Mi", "1024Mi", "400Mi"),), if_fields=_SELINUX),
    MainContainer("log-enricher", f"{_BASE}, {_CONFIGURED} (isLogEnricherEnabled)",
                  defaults=(_resources("50m", "64Mi", "10Mi", "256Mi", "128Mi"),), if_fields=_on("/spec.enricher.enableLogEnricher")),
    MainContainer("bpf-recorder", f"{_BASE}, {_CONFIGURED} (isBpfRecorderEnabled)",
                  defaults=(_resources("50m", "64Mi", "10Mi", "128Mi", "20Mi"),), if_fields=_on("/spec.enricher.enableBpfRecorder")),
    MainContainer("json-enricher", f"{_BASE}, {_CONFIGURED} (isJsonEnricherEnabled)",
                  defaults=(_resources("50m", "64Mi", "10Mi", "256Mi", "128Mi"),), if_fields=_on("/spec.enricher.enableJsonEnricher")),
)  # fmt: skip

SPO_KINDS: Final = (
    WorkloadKind(
        "security-profiles-operator.x-k8s.io", "SecurityProfilesOperatorDaemon",
        (PodPath("spec", "operator", main=_CONTAINERS, empty_when_absent=True, always_made=True),),
        f"{_REPO} api/spod/v1alpha1/spod_types.go, internal/pkg/manager/spod/spod_controller.go, bindata/spod.go",
    ),
)  # fmt: skip
