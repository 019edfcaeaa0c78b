"""Kinds that describe other objects, and whose kinds are Kubernetes' own.

A policy, a test, an admission review or a schema holds other objects'
fields (a Kyverno pattern ``memory: "?*"``, a chainsaw step's inline
resource, the object under review) that are no pods of its own: these kinds
are never searched for pods, by table or by shape, and are counted apart.
Whole API groups where every kind is of that sort are matched by group:

- Kyverno (kyverno/kyverno 111e07bbecc config/crds): kyverno.io (ClusterPolicy,
  Policy, PolicyException, CleanupPolicy, ClusterCleanupPolicy,
  GlobalContextEntry, UpdateRequest), policies.kyverno.io (ValidatingPolicy,
  MutatingPolicy, GeneratingPolicy, DeletingPolicy, ImageValidatingPolicy,
  their Namespaced forms, PolicyException), reports.kyverno.io and
  wgpolicyk8s.io (reports), cli.kyverno.io (the CLI's Test, Values, UserInfo,
  Context: cmd/cli/kubectl-kyverno/apis/v1alpha1), json.kyverno.io (kyverno-json);
- Gatekeeper (open-policy-agent/gatekeeper dd8507eb97f config/crd/bases):
  every ``*.gatekeeper.sh`` group (templates, constraints, mutations,
  expansion, externaldata, config, status, syncset, connection, gvkmanifest)
  and gator's test.gatekeeper.sh (pkg/gator/verify/read_suites.go), but
  not the Gatekeeper Operator's operator.gatekeeper.sh, whose Gatekeeper
  makes Gatekeeper's pods (kinds_gatekeeper.py);
- the test harnesses: chainsaw.kyverno.io (kyverno/chainsaw pkg/apis:
  Test, StepTemplate, Configuration), kuttl.dev (kudobuilder/kuttl
  pkg/apis/testharness/v1beta1: TestSuite, TestStep, TestAssert);
- policy reports: openreports.io (the Open Reports API that Kyverno writes, imported as openreportsv1alpha1 in its CLI types);
- kustomize's own files: kustomize.config.k8s.io (Kustomization, and Component, which
  describes patches and resources a kustomization adds only when it names it;
  kubernetes-sigs/kustomize api/types), read as they are when nothing builds them.

Single kinds of groups that also have workloads:

- Koordinator's Reservation (scheduling.koordinator.sh, koordinator-sh/koordinator
  a7a1b76bbf81 apis/scheduling/v1alpha1/reservation_types.go): its ``template``
  describes the pods it reserves resources for; the scheduler holds the
  template's requests on a node for its ``owners``, and no container of it
  ever runs (the owners' own pods do, with their own resources).

- KubeArmor's security policies (security.kubearmor.com, kubearmor/KubeArmor
  510cee310a16 deployments/CRD: KubeArmorPolicy, KubeArmorHostPolicy,
  KubeArmorClusterPolicy, KubeArmorNetworkPolicy): a selector of the pods,
  namespaces or nodes they apply to and the process, file, network and
  capability rules enforced there; the operator's KubeArmorConfig
  (operator.kubearmor.com) is another group.

- Kubewarden's policies (policies.kubewarden.io, kubewarden/kubewarden-controller
  3460bb719b38 api/policies/v1: ClusterAdmissionPolicy, AdmissionPolicy,
  ClusterAdmissionPolicyGroup, AdmissionPolicyGroup): a module, the rules it
  admits and its free-form ``settings``; the group's PolicyServer makes the
  policy server's pods (kinds_kubewarden.py).

- OpenKruise's kinds that act on other objects' pods (openkruise/kruise 07169cfac7b9
  apis/apps/v1alpha1, apis/policy/v1alpha1): SidecarSet (its containers are
  added to the pods it selects: lint/namespace.py follows it, sidecarset.py),
  WorkloadSpread (a patch per subset for another workload's pods),
  EphemeralJob (ephemeral containers, which take no resources, added to
  running pods), ContainerRecreateRequest (restarts a pod's containers),
  PodProbeMarker, NodePodProbe and PersistentPodState (probes and
  placements of other pods), ResourceDistribution (a Secret or ConfigMap
  copied into namespaces: pkg/webhook/resourcedistribution/validating/
  utils.go supportedGKList) and every policy.kruise.io kind
  (PodUnavailableBudget); and every kind of Kruise Rollouts' group
  rollouts.kruise.io (openkruise/rollouts 9dd6279dff35 api/v1alpha1,
  v1beta1: Rollout and BatchRelease name the workload they release,
  ``workloadRef``, whose pods are its own; TrafficRouting, RolloutHistory).

And the sizes other objects take: KubeVirt's instancetype.kubevirt.io
(VirtualMachineInstancetype, VirtualMachinePreference and their Cluster
forms, kubevirt/kubevirt d923fdb815cd staging/src/kubevirt.io/api/instancetype)
and kubevirt.io's VirtualMachineInstancePreset (api/core/v1/types.go: a
``spec.domain`` applied to the VMIs its selector matches); a VM names an
instancetype, and the VMI's virt-launcher pod is modelled there
(kinds_kubevirt.py). Fluid's ThinRuntimeProfile (data.fluid.io,
fluid-cloudnative/fluid a826600a4322 api/v1alpha1/thinruntimeprofile_types.go):
the worker and fuse settings, resources among them, under those of each
ThinRuntime that names it in ``profileName`` (kinds_fluid.py); it runs nothing.

And kinds of Kubernetes' own groups (k8s.io/api v1.36): admission.k8s.io
AdmissionReview (a request about an object), admissionregistration.k8s.io's
webhooks and admission policies, apiextensions.k8s.io
CustomResourceDefinition and apiregistration.k8s.io APIService (schemas and
registrations).
"""

from __future__ import annotations

from typing import Final

DESCRIBING_GROUPS: Final = frozenset(
    {
        "kyverno.io", "policies.kyverno.io", "reports.kyverno.io", "wgpolicyk8s.io", "cli.kyverno.io", "json.kyverno.io",
        "chainsaw.kyverno.io", "kuttl.dev", "openreports.io", "admission.k8s.io", "admissionregistration.k8s.io",
        "apiextensions.k8s.io", "apiregistration.k8s.io", "kustomize.config.k8s.io", "instancetype.kubevirt.io",
        "security.kubearmor.com", "policy.kruise.io", "rollouts.kruise.io",
    }
)  # fmt: skip
_DESCRIBING_SUFFIXES: Final = ("gatekeeper.sh",)
_NOT_DESCRIBING: Final = frozenset({"operator.gatekeeper.sh"})  # a group under those suffixes whose kinds make pods
_DESCRIBING_KINDS: Final = frozenset(
    {
        ("scheduling.koordinator.sh", "Reservation"), ("kubevirt.io", "VirtualMachineInstancePreset"),
        ("data.fluid.io", "ThinRuntimeProfile"),
        *(("policies.kubewarden.io", k) for k in ("ClusterAdmissionPolicy", "AdmissionPolicy", "ClusterAdmissionPolicyGroup", "AdmissionPolicyGroup")),
        *(("apps.kruise.io", k) for k in (
            "SidecarSet", "WorkloadSpread", "EphemeralJob", "ContainerRecreateRequest", "PodProbeMarker", "NodePodProbe", "PersistentPodState",
            "ResourceDistribution",
        )),
    }
)  # fmt: skip


def describes_objects(group: str | None, kind: object = None) -> bool:
    """A kind of this API group describes other objects (policies, tests, reviews, schemas)."""
    if group is None:
        return False
    if (group, kind) in _DESCRIBING_KINDS:
        return True
    if group in _NOT_DESCRIBING:
        return False
    return group in DESCRIBING_GROUPS or any(group == s or group.endswith("." + s) for s in _DESCRIBING_SUFFIXES)


# The ``*.k8s.io`` groups kube-apiserver serves, and the Kubernetes projects' own that carry
# no pods (Gateway API, volume snapshots, the metrics APIs, the vertical pod autoscaler).
# Other ``*.k8s.io`` groups are operators' custom resources: kubeflow's
# sparkoperator.k8s.io SparkConnect keeps a pod template, so they are searched.
_KUBERNETES_K8S_IO: Final = frozenset(
    {
        "admissionregistration", "apiextensions", "apiregistration", "authentication", "authorization", "certificates",
        "coordination", "discovery", "events", "flowcontrol.apiserver", "internal.apiserver", "networking", "node",
        "rbac.authorization", "resource", "scheduling", "storage", "storagemigration", "gateway.networking",
        "snapshot.storage", "groupsnapshot.storage", "metrics", "custom.metrics", "external.metrics", "autoscaling",
        "policy", "apps", "batch", "imagepolicy", "settings", "kustomize.config", "admission",
        # the components' configuration files (KubeletConfiguration, KubeSchedulerConfiguration...)
        "kubelet.config", "kubeproxy.config", "kubescheduler.config", "apiserver.config", "controllermanager.config",
        "cloudcontrollermanager.config", "apiserver", "audit", "credentialprovider.kubelet", "client.authentication",
        "kubeadm", "componentconfig", "config",
        # the Gateway API Inference Extension's InferencePool: a label selector over model-server pods, their ports and
        # the endpoint picker's Service (kubernetes-sigs/gateway-api-inference-extension 84436a96b9e6
        # api/v1/inferencepool_types.go InferencePoolSpec): it makes no pod
        "inference.networking",
    }
)  # fmt: skip

# The Kubernetes projects' ``*.x-k8s.io`` groups that carry no pods: the experimental channels of the Gateway API
# and of its Inference Extension (apix/v1alpha1 InferencePoolImport; earlier InferenceModel, InferenceObjective and the
# v1alpha2 InferencePool), and kind's configuration file (kind.x-k8s.io Cluster: the nodes of a local test cluster,
# kubernetes-sigs/kind pkg/apis/config/v1alpha4/types.go). Other ``x-k8s.io`` groups (JobSet, LeaderWorkerSet...) are searched.
# kwok (kubernetes-sigs/kwok pkg/apis: kwok.x-k8s.io Stage, Attach, Exec, Logs, PortForward, ResourceUsage, Metric and
# their Cluster forms, config.kwok.x-k8s.io's configuration files) fakes nodes and pods' status, and runs no container.
# Kueue (kubernetes-sigs/kueue apis/kueue/v1beta1 and v1beta2, e.g. workload_types.go at 57d3e218f3db) queues other
# objects' pods and makes none: kueue.x-k8s.io's ResourceFlavor, ClusterQueue, LocalQueue, Cohort, Topology,
# AdmissionCheck, ProvisioningRequestConfig, MultiKueueCluster, MultiKueueConfig, WorkloadPriorityClass and Workload
# (its ``spec.podSets[*].template`` is the admission record of the pods a Job or JobSet's own controller creates),
# config.kueue.x-k8s.io's Configuration file and visibility.kueue.x-k8s.io's PendingWorkloadsSummary.
_KUBERNETES_X_K8S_IO: Final = frozenset(
    {"gateway.networking", "inference.networking", "kind", "kwok", "config.kwok", "kueue", "config.kueue", "visibility.kueue"}
)

# Kubernetes SIG projects' groups outside those domains that carry no pods: Karpenter (kubernetes-sigs/karpenter
# 2266468104f3): karpenter.sh's NodePool and NodeClaim (pkg/apis/v1: a NodePool's ``spec.template`` is a
# NodeClaimTemplate, the nodes it launches, not pods) and NodeOverlay (pkg/apis/v1alpha1), its kwok provider's
# karpenter.kwok.sh KWOKNodeClass (kwok/apis/v1alpha1) and its test DRA driver's test.karpenter.sh DRAConfig
# (dra-kwok-driver/pkg/apis/v1alpha1: fake devices a node publishes).
_KUBERNETES_PROJECTS: Final = frozenset({"karpenter.sh", "karpenter.kwok.sh", "test.karpenter.sh"})

# Flux's toolkit groups that carry no pods (a CNCF project, as common in GitOps repositories as Kubernetes' own kinds):
# source.toolkit.fluxcd.io's artifact sources GitRepository, OCIRepository, HelmRepository, HelmChart, Bucket and
# ExternalArtifact (fluxcd/source-controller api/v1: ocirepository_types.go 316edc33e867, gitrepository_types.go
# 4dd5b2996bdc, helmrepository_types.go c8358d063c2c, helmchart_types.go c9a5e76d24d3, bucket_types.go 871c752125f1),
# source.extensions.fluxcd.io's ArtifactGenerator (an artifact made of other sources'), kustomize.toolkit.fluxcd.io's
# Kustomization (fluxcd/kustomize-controller ae00400d1269 api/v1/kustomization_types.go: a source's path to build and
# apply, its ``patches`` strings; the objects it applies are the repository's files, read as themselves),
# notification.toolkit.fluxcd.io's Alert, Provider and Receiver, and image.toolkit.fluxcd.io's ImageRepository,
# ImagePolicy and ImageUpdateAutomation. Not helm.toolkit.fluxcd.io: a HelmRelease's values hold its chart's pods
# (kinds_apptemplate.py), nor the Flux Operator's fluxcd.controlplane.io (a FluxInstance runs Flux's controllers).
_FLUX_NO_PODS: Final = frozenset(
    {"source.toolkit.fluxcd.io", "source.extensions.fluxcd.io", "kustomize.toolkit.fluxcd.io", "notification.toolkit.fluxcd.io", "image.toolkit.fluxcd.io"}
)


# The unqualified groups Kubernetes serves (k8s.io/api): any other group without a dot is another tool's
# (skaffold's ``skaffold/v4beta11`` Config), searched like a custom resource.
_UNQUALIFIED: Final = frozenset({"", "apps", "batch", "autoscaling", "policy", "extensions"})


def is_kubernetes_group(group: str) -> bool:
    """Kubernetes' own API groups: the core group, the unqualified ones
    (apps, batch, policy, autoscaling, extensions) and the ``*.k8s.io`` ones
    it serves or its projects keep without pods (``_KUBERNETES_K8S_IO``).
    Other ``x-k8s.io`` groups (``_KUBERNETES_X_K8S_IO`` aside) and ``*.k8s.io`` ones are custom resources;
    Karpenter's groups (``_KUBERNETES_PROJECTS``) and Flux's toolkit groups but its HelmRelease's
    (``_FLUX_NO_PODS``) carry no pods either."""
    return (
        group in _UNQUALIFIED
        or (group.endswith(".k8s.io") and group.removesuffix(".k8s.io") in _KUBERNETES_K8S_IO)
        or (group.endswith(".x-k8s.io") and group.removesuffix(".x-k8s.io") in _KUBERNETES_X_K8S_IO)
        or group in _KUBERNETES_PROJECTS
        or group in _FLUX_NO_PODS
    )
