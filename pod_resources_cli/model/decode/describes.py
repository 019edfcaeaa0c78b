"""Kinds that describe other objects (the kinds that carry no pods are no_pods.py's).

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
  pkg/apis/testharness/v1beta1: TestSuite, TestStep, TestAssert), and
  operator-sdk's scorecard.operatorframework.io (operator-framework/
  operator-sdk @60559f3e002e0a6eccd7260935ef3aa1d154c66e
  internal/scorecard: Configuration, the stages and tests of a bundle's
  ``tests/scorecard/config.yaml``; ``operator-sdk scorecard`` runs each test
  as a pod of its own making, testpod.go getPodDefinition, while it tests);
- Flux's GitOps toolkit, every ``*.toolkit.fluxcd.io`` group but helm's (source: GitRepository,
  OCIRepository, HelmRepository, HelmChart, Bucket, and source.extensions.fluxcd.io's
  ArtifactGenerator; kustomize: Kustomization; notification: Alert, Provider, Receiver; image:
  ImageRepository, ImagePolicy, ImageUpdateAutomation; fluxcd/flux2-multi-tenancy
  192da0594c0c clusters/*/infrastructure.yaml, tenants/base/dev-team/sync.yaml):
  where to fetch manifests and charts, which path or chart the controllers
  apply, and whom to notify (a HelmRelease's ``values`` hold its chart's pods:
  kinds_apptemplate.py). The pods are those of the objects
  they name, linted where those are in the tree; the controllers' own pods are
  the Deployments of ``gotk-components.yaml``. The Flux Operator's
  fluxcd.controlplane.io is another group;
- policy reports: openreports.io (the Open Reports API that Kyverno writes, imported as openreportsv1alpha1 in its CLI types);
- scanners' reports: aquasecurity.github.io (aquasecurity/trivy-operator @1006872c1463
  deploy/helm/crds: VulnerabilityReport, ConfigAuditReport, ExposedSecretReport,
  RbacAssessmentReport, InfraAssessmentReport, SbomReport, their Cluster forms, and
  ClusterComplianceReport, whose ``spec`` is a compliance standard's controls and a ``cron``
  the operator recomputes the report on, from the other reports): what Trivy found in another
  object (``report.artifact``, the workload's container images) or on a node; the scan Jobs
  are the operator's own (pkg/plugins/trivy), made for the workloads it watches, never from a
  report (tests/e2e's kuttl steps apply a ClusterSbomReport before the Pod it describes);
- image verification: Ratify's config.ratify.deislabs.io and config.ratify.dev
  (ratify-project/ratify @9db41980b0df config/crd/bases: Verifier, Store, CertificateStore,
  KeyManagementProvider, Policy, their Namespaced and Cluster forms, Executor): the
  certificates, registries and verifiers with which Ratify, Gatekeeper's external data
  provider, checks the signatures of the images of other objects' pods; Ratify runs in its own
  Deployment and makes no pod from them (Azure/azure-policy @f4a50bacae07
  samples/KubernetesService/image-integrity-notation-verification);
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

- The Security Profiles Operator's profiles and bindings (security-profiles-operator.x-k8s.io,
  kubernetes-sigs/security-profiles-operator a2e4c4bdf47d api/: SeccompProfile, SelinuxProfile,
  RawSelinuxProfile, AppArmorProfile, ProfileBinding, ProfileRecording): profiles the SPOD's
  pods install on the nodes, and the pods (by image or selector) they are bound to or recorded
  from; the group's SecurityProfilesOperatorDaemon makes the spod pods (kinds_spo.py).

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

- Cilium's and Tetragon's cilium.io (cilium/cilium 0978c6165546
  pkg/k8s/apis/cilium.io/client/crds v2, v2alpha1; cilium/tetragon
  4fbfe2d74ecb pkg/k8s/apis/cilium.io/client/crds/v1alpha1): network,
  egress, redirect, BGP, L2 announcement and QoS policies, Envoy and
  gateway class configurations, IP pools, endpoints, nodes and identities
  the agent keeps (CiliumNetworkPolicy, CiliumEndpoint, CiliumNode...),
  and Tetragon's TracingPolicy, TracingPolicyNamespaced and PodInfo: each
  selects or records other pods, nodes and traffic; no kind of the group
  holds a pod template or a container (Cilium's and Tetragon's own pods
  are their charts' DaemonSets and Deployments).

- Kuma's kuma.io (kumahq/kuma 348b6528bc23 deployments/charts/kuma/crds, pkg/plugins/policies,
  pkg/core/resources/apis): its policies (MeshTrafficPermission, MeshTimeout, MeshAccessLog,
  MeshRetry, MeshHTTPRoute... each a ``targetRef`` over other workloads' proxies and
  their traffic), its meshes, zones and services (Mesh, Zone, MeshService,
  MeshExternalService, MeshMultiZoneService, MeshIdentity, MeshTrust, Workload,
  HostnameGenerator...), the proxies' and zones' records the control plane keeps
  (Dataplane, DataplaneInsight, ZoneInsight...) and ContainerPatch (JSON patches
  to the containers its injector adds: model/decode/injection.py). But
  MeshGatewayInstance, which made a gateway Deployment with its ``spec.resources``
  in earlier releases (UPGRADE.md, "Built-in gateway Kubernetes controllers
  removed": now inert), is still searched.

- Kubescape's policy parameters (kubescape.io, kubescape/kubescape 8554683e2d97):
  ControlConfiguration, the ``paramKind`` of its ValidatingAdmissionPolicies
  (core/pkg/opaprocessor/cel/vapdata/kubescape-validating-admission-policies.yaml,
  its CRD policy-configuration-definition.yaml: ``settings`` such as
  ``cpuLimitMax``, bounds the policies check other pods against), and
  ControlInput (examples/controlinput-crd.yaml: configuration strings per
  control ID).

- Sigstore's policy-controller ClusterImagePolicy (policy.sigstore.dev v1alpha1 and
  v1beta1, sigstore/policy-controller f925c0c1a412 pkg/apis/policy/v1beta1/
  clusterimagepolicy_types.go): the image globs, the authorities (keys,
  keyless identities, attestations with CUE or Rego policies) and the
  resources (``match``) its admission webhook verifies other pods' images
  against; the reconciler compiles it into a ConfigMap the webhook reads,
  and it runs nothing. The group's TrustRoot (v1alpha1 trustroot_types.go),
  keys and TUF roots compiled the same way, is no_pods.py's.

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

Argo CD's AppProject (argoproj.io, argoproj/argo-cd @37ee0097cf85
pkg/apis/application/v1alpha1/app_project_types.go AppProjectSpec): the
source repositories, destinations, kinds and roles its Applications may
use, a policy over them; it deploys nothing (argoproj/argoproj-deployments
@2c6492fd7af3 argocd/base/projects). The group's Application and
ApplicationSet (a ``helm.values`` may hold a chart's pods) and its workflow
kinds stay searched.

Actions Runner Controller's HorizontalRunnerAutoscaler (actions.summerwind.dev,
actions/actions-runner-controller 2ee6b3b8e8d2 apis/actions.summerwind.net/
v1alpha1/horizontalrunnerautoscaler_types.go): the replica count of the
RunnerDeployment or RunnerSet its ``scaleTargetRef`` names, between
``minReplicas`` and ``maxReplicas`` (those make the runner pods:
kinds_arc.py); it runs nothing.

Open Cluster Management's governance, policy.open-cluster-management.io
(open-cluster-management-io/governance-policy-propagator 19b1b7ba0073
api/v1: Policy, PlacementBinding; api/v1beta1: PolicySet, PolicyAutomation;
and in the same group the config-policy-controller's ConfigurationPolicy and
OperatorPolicy, the policy generator plugin's PolicyGenerator): a Policy's
``policy-templates`` hold ConfigurationPolicies whose ``object-templates``
are whole objects (a Deployment among them) that the controllers check, or
create on the managed clusters a Placement picks. A policy that only informs
creates nothing and is counted here; the objects an enforced musthave or
mustonlyhave template creates are read as themselves (wrapped.py).

Progressive delivery and promotion, whose kinds name the workloads they roll out:
Flagger's flagger.app (fluxcd/flagger @15bd6ad555e6 pkg/apis/flagger/v1beta1/register.go:
Canary, MetricTemplate, AlertProvider). A Canary's ``targetRef`` names a Deployment,
DaemonSet or Service of its namespace; Flagger makes ``<target>-primary`` from the
target's pod spec as it is, only config map and secret names and label selectors
renamed (pkg/canary/deployment_controller.go createPrimaryDeployment,
getPrimaryDeploymentTemplateSpec), with the target's replicas, and scales the target to
zero (ScaleToZero) until the next analysis: its pods are the target's, linted there. A
MetricTemplate is a query Flagger sends a metrics provider, an AlertProvider where it
posts events. And Kargo's kargo.akuity.io (akuity/kargo @1c764767ae03
api/v1alpha1/groupversion_info.go: Stage, Warehouse, Freight, Promotion,
PromotionRequest, PromotionTask, ClusterPromotionTask, Project, ProjectConfig,
ClusterConfig, Target): the artifacts a Warehouse watches, the Freight it records, and the
promotion steps (git commits, Argo CD updates: ``promotionTemplate.spec.steps``) its
controller runs in process to move Freight through Stages; a Stage's verification names
Argo Rollouts AnalysisTemplates (argoproj.io, searched) and a Project makes a namespace.
None holds a pod template or makes a pod.

Weave Policy Agent's pac.weave.works (weaveworks/policy-agent @02b00fefabd9
api/v2beta2/policy_types.go, groupversion_info.go ``+groupName=pac.weave.works``;
policyset_types.go, policyconfig_types.go: Policy, PolicySet, PolicyConfig): a
Policy's Rego ``code``, its ``parameters`` and the ``targets`` (kinds, labels,
namespaces) of the objects evaluated against it; a PolicySet groups policies,
a PolicyConfig sets their parameters. The agent is a webhook and an auditor;
none makes a pod (kubewarden/rego-policies-library @f4127f30a681 keeps one
such Policy per policy, ``policy.yaml``: 223 were "custom objects with no pod
found").

And kinds of Kubernetes' own groups (k8s.io/api v1.36): admission.k8s.io
AdmissionReview (a request about an object), admissionregistration.k8s.io's
webhooks and admission policies, apiextensions.k8s.io
CustomResourceDefinition and apiregistration.k8s.io APIService (schemas and
registrations).

Karmada's multi-cluster policies (karmada-io/karmada @f8fdd02df376 pkg/apis): policy.karmada.io
(PropagationPolicy and ClusterPropagationPolicy pick resource templates by ``resourceSelectors`` and the member
clusters they go to; OverridePolicy and ClusterOverridePolicy rewrite them per cluster; FederatedResourceQuota,
ClusterTaintPolicy), config.karmada.io (ResourceInterpreterCustomization: Lua scripts that read other kinds' replicas
and resources; ResourceInterpreterWebhookConfiguration), search.karmada.io (ResourceRegistry: which resources of which
clusters the search component caches), autoscaling.karmada.io (FederatedHPA, CronFederatedHPA: replicas of a
``scaleTargetRef``), apps.karmada.io (WorkloadRebalancer: workloads to reschedule) and remedy.karmada.io (Remedy),
and work.karmada.io's ResourceBinding and ClusterResourceBinding (the scheduler's record of one resource template,
its ``replicaRequirements`` a summary of that template's pod, and the clusters it goes to). The pods are those of the
resource templates they name (a Deployment in the tree, linted as written). An OverridePolicy's
``imageOverrider``, ``commandOverrider``, ``argsOverrider``, ``labelsOverrider`` and ``annotationsOverrider`` leave a
template's resources as they are; its ``plaintext`` JSON patches and ``fieldOverrider`` can rewrite any field of the
copy sent to a member cluster (pkg/util/overridemanager/overridemanager.go applyPolicyOverriders), resources among
them: those per-cluster copies are not modelled. work.karmada.io's Work (``spec.workload.manifests``, applied by the
execution controller on its member cluster) stays searched.

Multi-cluster GitOps, whose kinds say where manifests come from and which clusters get them:

- Fleet's fleet.cattle.io (rancher/fleet @3b2c622ce176 pkg/apis/fleet.cattle.io/v1alpha1): a GitRepo names a
  repository, its paths and targets (gitrepo_types.go); the gitjob controller runs ``fleet apply`` on each
  commit in a Job of its own making (internal/cmd/controller/gitops/reconciler/gitjob.go newJobSpec: containers
  ``fleet`` and ``gitcloner-initializer`` with no resources, none of them set from the GitRepo), the
  installation's pod as Flux's controllers are; a BundleDeployment is one target's options and the id of the
  Content that holds the Bundle's files, compressed (content_types.go), which it never runs as written;
  GitRepoRestriction, Cluster, ClusterGroup, ClusterRegistration(Token), BundleNamespaceMapping, ImageScan and
  Schedule are policies and records. The group's Bundle creates the objects of its files (model/decode/wrapped.py,
  fleet_bundle.py) and its HelmOp installs a chart with its ``helm.values``: both searched.
- KubeStellar's control.kubestellar.io (kubestellar/kubestellar @1c28a8a1e3ae api/control/v1alpha1/types.go):
  a BindingPolicy selects workload objects of a WDS by labels and the WECs they go to, a Binding is its
  resolution, StatusCollector, CombinedStatus and CustomTransform collect and rewrite status; the workloads are
  the WDS's own objects (a Deployment in the tree, linted as written).

The Application of kubernetes-sigs/application (app.k8s.io, @e5329b1b083e api/v1beta1/application_types.go,
controllers/application_controller.go): the kinds (``componentKinds``) and labels (``selector``) of the objects of
its namespace that make one application, and a ``descriptor`` (type, version, links, icons) for consoles such as
GKE's; its controller lists those objects, may add the Application to their owner references and sums their
readiness into its status, and makes nothing. The pods are its components', linted as written.

Kubevious' rules, kubevious.io (kubevious/cli @880eca26397f src/types/kubevious.ts ``KUBEVIOUS_API_NAME``,
``KubeviousKinds``; crds/: ClusterRule, Rule, RuleApplicator, Library): a rule's ``target`` selects other objects
(``ApiVersion('cert-manager.io/v1').Kind('Certificate')``, ``Shortcut("ContainerSpec")``) and its ``rule`` is a
script the CLI runs over them to report errors and warnings (src/rules-engine/registry/rule-registry.ts,
execution/rules-runtime.ts); a RuleApplicator applies a ClusterRule with its ``values`` in one namespace, a
Library holds rules to import. The CLI validates manifests and makes no object; none of the kinds holds a pod.
"""

from __future__ import annotations

from typing import Final

DESCRIBING_GROUPS: Final = frozenset(
    {
        "kyverno.io", "policies.kyverno.io", "reports.kyverno.io", "wgpolicyk8s.io", "cli.kyverno.io", "json.kyverno.io",
        "chainsaw.kyverno.io", "kuttl.dev", "openreports.io", "admission.k8s.io", "admissionregistration.k8s.io",
        "apiextensions.k8s.io", "apiregistration.k8s.io", "kustomize.config.k8s.io", "instancetype.kubevirt.io",
        "security.kubearmor.com", "policy.kruise.io", "rollouts.kruise.io", "cilium.io", "kuma.io",
        "source.extensions.fluxcd.io", "scorecard.operatorframework.io", "policy.open-cluster-management.io",
        "flagger.app", "kargo.akuity.io",
        # Karmada's policies, interpreter customizations, search registries, federated autoscalers, rebalancers, remedies
        "policy.karmada.io", "config.karmada.io", "search.karmada.io", "autoscaling.karmada.io", "apps.karmada.io",
        "remedy.karmada.io",
        "pac.weave.works",
        # Fleet's GitRepos, BundleDeployments, Contents, clusters and restrictions; KubeStellar's binding policies
        "fleet.cattle.io", "control.kubestellar.io",
        # Trivy Operator's and Starboard's reports; Ratify's verification configuration
        "aquasecurity.github.io", "config.ratify.deislabs.io", "config.ratify.dev",
        # Kubevious' validation rules (ClusterRule, Rule, RuleApplicator, Library)
        "kubevious.io",
    }
)  # fmt: skip
_DESCRIBING_SUFFIXES: Final = ("gatekeeper.sh", "toolkit.fluxcd.io")
# a group under those suffixes whose kinds make pods: the Gatekeeper Operator's, and Flux's HelmRelease, whose values
# hold its chart's pods (kinds_apptemplate.py reads bjw-s' app-template; another chart's are searched by shape)
_NOT_DESCRIBING: Final = frozenset({"operator.gatekeeper.sh", "helm.toolkit.fluxcd.io"})
_SEARCHED_KINDS: Final = frozenset({("kuma.io", "MeshGatewayInstance"), ("fleet.cattle.io", "Bundle"), ("fleet.cattle.io", "HelmOp")})  # a kind of a describing group that made pods
_DESCRIBING_KINDS: Final = frozenset(
    {
        ("scheduling.koordinator.sh", "Reservation"), ("kubevirt.io", "VirtualMachineInstancePreset"),
        ("data.fluid.io", "ThinRuntimeProfile"), ("kubescape.io", "ControlConfiguration"), ("kubescape.io", "ControlInput"),
        ("actions.summerwind.dev", "HorizontalRunnerAutoscaler"), ("policy.sigstore.dev", "ClusterImagePolicy"),
        ("argoproj.io", "AppProject"),
        *(("security-profiles-operator.x-k8s.io", k) for k in (
            "SeccompProfile", "SelinuxProfile", "RawSelinuxProfile", "AppArmorProfile", "ProfileBinding", "ProfileRecording",
        )),
        *(("policies.kubewarden.io", k) for k in ("ClusterAdmissionPolicy", "AdmissionPolicy", "ClusterAdmissionPolicyGroup", "AdmissionPolicyGroup")),
        *(("apps.kruise.io", k) for k in (
            "SidecarSet", "WorkloadSpread", "EphemeralJob", "ContainerRecreateRequest", "PodProbeMarker", "NodePodProbe", "PersistentPodState",
            "ResourceDistribution",
        )),
        # the VPC resource controller's SecurityGroupPolicy (aws/amazon-vpc-resource-controller-k8s @43636fa14628
        # apis/vpcresources/v1beta1/securitygrouppolicy_types.go): the security groups given to the branch ENIs of the
        # pods its podSelector or serviceAccountSelector picks; it makes none
        ("vpcresources.k8s.aws", "SecurityGroupPolicy"),
        # Crossplane's CompositeResourceDefinition (crossplane/crossplane @0309dfca1411 apis/apiextensions/v1/xrd_types.go:
        # "defines a new kind of composite infrastructure resource", its group, names, versions and schema): the CRDs of a
        # composite resource and its claim, as apiextensions.k8s.io's CustomResourceDefinition; what a composite makes is
        # its Composition's (searched)
        ("apiextensions.crossplane.io", "CompositeResourceDefinition"),
        # the OpenTelemetry operator's Instrumentation (open-telemetry/opentelemetry-operator @be8944414a87
        # apis/v1alpha1/instrumentation_types.go): the auto-instrumentation (image, env, resourceRequirements per
        # language) the pod webhook adds to the pods annotated ``instrumentation.opentelemetry.io/inject-<language>``
        # (internal/instrumentation/podmutator.go Mutate, getInstrumentationInstance: injection.py); no controller
        # makes a pod from it (internal/webhook/instrumentation_webhook.go only defaults and validates it)
        ("opentelemetry.io", "Instrumentation"),
        # the Datadog operator's DatadogAgentProfile (DataDog/datadog-operator @55db53165d17 api/datadoghq/v1alpha1/
        # datadogagentprofile_types.go, datadogagentprofile_validation.go): for every DatadogAgent, each valid profile
        # that conflicts with no earlier one becomes a DatadogAgentInternal of that DatadogAgent's spec merged with the
        # profile's ``config`` (internal/controller/datadogagent/profile.go reconcileProfiles, applyProfilesToDDAISpec,
        # computeProfileMerge), so one more node-agent DaemonSet on the nodes its ``profileNodeAffinity`` selects:
        # that DatadogAgent's node-agent pods (kinds_datadog.py) with the nodeAgent containers' resources, env and
        # volumeMounts, priorityClassName, runtimeClassName, labels and volumes it overrides (the validation's
        # allow-lists). The pods are the DatadogAgent's, which the profile does not name: a patch of another object's pods
        ("datadoghq.com", "DatadogAgentProfile"),
        # Karmada's bindings: the scheduler's record of one resource template and its member clusters (karmada-io/karmada
        # @f8fdd02df376 pkg/apis/work/v1alpha2/binding_types.go); the group's Work holds manifests applied as written
        ("work.karmada.io", "ResourceBinding"), ("work.karmada.io", "ClusterResourceBinding"),
        # Open Cluster Management's add-on registrations and configurations (open-cluster-management-io/ocm @00f84c32b03b
        # vendor/open-cluster-management.io/api/addon/v1alpha1: ClusterManagementAddOn "the registration of an add-on to
        # the cluster manager", ManagedClusterAddOn its installation on one cluster, AddOnDeploymentConfig "a
        # configuration to customize the deployments of an add-on"); the group's AddOnTemplate, whose manifests the
        # add-on manager deploys, stays searched
        *(("addon.open-cluster-management.io", k) for k in ("ClusterManagementAddOn", "ManagedClusterAddOn", "AddOnDeploymentConfig")),
        # RisingWave's scale views (risingwavelabs/risingwave-operator @bd4b41a53dd1 apis/risingwave/v1alpha1/
        # risingwave_scale_view_types.go): ``targetRef`` names a RisingWave's component and ``scalePolicy`` the replicas of
        # its node groups, which the scale view's controller writes into that RisingWave (kinds_risingwave.py's pods)
        ("risingwave.risingwavelabs.com", "RisingWaveScaleView"),
        # Tanka's Environment (grafana/tanka @12f771628078 pkg/spec/v1alpha1/environment.go: ``spec.apiServer``,
        # ``namespace``, ``resourceDefaults``; an environment's ``spec.json``): the cluster and namespace the objects
        # of the jsonnet beside it go to. Tanka evaluates that jsonnet into the environment's ``data``
        # (pkg/tanka/static.go StaticLoader.Load: ``config.Data = data``, whatever the file held), which is not run
        # here: as Flux's Kustomization, it names where other objects go
        ("tanka.dev", "Environment"),
        # the k8sgpt operator's Result and Mutation (k8sgpt-ai/k8sgpt-operator @47b9b88db3d2 api/v1alpha1/result_types.go,
        # mutation_types.go): a Result is one analysis finding about another object (``kind``, ``name``, ``error``,
        # ``details``); a Mutation the AI's remediation of the object its ``resource`` names, whose
        # ``targetConfiguration`` the controller applies to that object (internal/controller/mutation/
        # mutation_controller.go util.FromConfig); neither makes a pod of its own (the group's K8sGPT does: kinds_k8sgpt.py)
        ("core.k8sgpt.ai", "Result"), ("core.k8sgpt.ai", "Mutation"),
        # Kubeflow's PodDefault (kubeflow/dashboard @d84246482d86 components/poddefaults-webhooks/pkg/apis/settings/
        # v1alpha1/poddefault_types.go PodDefaultSpec; main.go filterPodDefaults, applyPodDefaultsOnPod): a mutating
        # webhook merges its env, volumes, tolerations, labels, annotations, ``initContainers`` and ``sidecars``
        # into the pods of its namespace that its ``selector`` matches: a patch of other objects' pods (their
        # Notebooks' and jobs'), none of its own
        ("kubeflow.org", "PodDefault"),
        # the network-aware plugins' AppGroup (kubernetes-sigs/scheduler-plugins @903da7df82cb manifests/crds/
        # appgroup.diktyo.x-k8s.io_appgroups.yaml): the workloads of an application (each a ``kind``, ``name`` and
        # ``selector`` of pods written elsewhere) and the bandwidth and cost between them, which the scheduler's
        # TopologicalSort and NetworkOverhead plugins read; it makes no pod
        ("appgroup.diktyo.x-k8s.io", "AppGroup"),
        # Grafana's helm-chart-toolbox TestPlan (grafana/helm-chart-toolbox @7679e397c79f tools/helm-test/TestPlan.md,
        # deploy-dependencies): a test's cluster, the chart under test, the files and presets deployed before it and
        # the queries run after; the helm-test scripts read it (yq), it is never applied (source/harness_toolbox.py)
        ("helm-chart-toolbox.grafana.com", "TestPlan"),
        # the Application of kubernetes-sigs/application (@e5329b1b083e api/v1beta1/application_types.go ApplicationSpec:
        # ``componentKinds``, ``selector``, ``descriptor``, ``addOwnerRef``, ``info``): a list of the objects of its
        # namespace with those kinds and labels; the kube-app-manager lists them, may add itself to their owner
        # references and sums their readiness into its status (controllers/application_controller.go
        # updateComponents, fetchComponentListResources, setOwnerRefForResources), and makes no object. GKE
        # Marketplace charts render one beside their Deployments (triton-inference-server/server @e1db8a603d86
        # deploy/gke-marketplace-app/server-deployer/chart/triton/templates/application.yaml)
        ("app.k8s.io", "Application"),
        # Open Data Hub's HardwareProfile (opendatahub-io/opendatahub-operator @0c0c9913c712 api/infrastructure/v1/
        # hardwareprofile_types.go HardwareProfileSpec: ``identifiers`` with min/default/max counts, ``scheduling``;
        # the v1alpha1 form, and the dashboard's older dashboard.opendatahub.io one): the operator's mutating webhook
        # writes a profile's default counts as requests and limits into the Notebooks, InferenceServices and
        # LLMInferenceServices annotated with its name (internal/webhook/hardwareprofile/mutating.go): a patch of
        # other objects' pods, none of its own
        ("infrastructure.opendatahub.io", "HardwareProfile"),
        ("dashboard.opendatahub.io", "HardwareProfile"),
    }
)  # fmt: skip


def describes_objects(group: str | None, kind: object = None) -> bool:
    """A kind of this API group describes other objects (policies, tests, reviews, schemas)."""
    if group is None:
        return False
    if (group, kind) in _DESCRIBING_KINDS:
        return True
    if group in _NOT_DESCRIBING or (group, kind) in _SEARCHED_KINDS:
        return False
    return group in DESCRIBING_GROUPS or any(group == s or group.endswith("." + s) for s in _DESCRIBING_SUFFIXES)
