"""Kinds known to carry no pods: counted as objects without pods, never searched.

Kubernetes' own API groups outside the kinds table (Service, ConfigMap, RBAC,
the components' configuration files...), the Kubernetes projects' groups that
make no pods, and other projects' configuration, routing and cloud-resource
kinds whose other kinds may make pods (each cited where it is listed). A kind
that describes other objects (a policy, a test) is describes.py's instead.
"""

from __future__ import annotations

from typing import Final


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
        # ExternalDNS's DNSEndpoint and DNSRecord (kubernetes-sigs/external-dns 2bf1bf8af2b7 apis/v1alpha1/
        # dnsendpoint.go, dnsrecord.go): DNS records its own controller (a plain Deployment) publishes to a provider
        "externaldns",
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
# Cluster API (kubernetes-sigs/cluster-api ae7ff047db49 api/*/groupversion_info.go): cluster.x-k8s.io's Cluster,
# ClusterClass, Machine, MachineSet, MachineDeployment, MachinePool, MachineHealthCheck and MachineDrainRule (api/core)
# are a workload cluster's machines (its nodes) and the rules the controllers keep them by; addons.cluster.x-k8s.io's
# ClusterResourceSet and its Binding name ConfigMaps and Secrets whose manifests the controller applies to that other
# cluster; runtime.cluster.x-k8s.io's ExtensionConfig registers a runtime extension's webhook; ipam.cluster.x-k8s.io's
# IPAddress and IPAddressClaim are addresses; clusterctl.cluster.x-k8s.io's Metadata and Provider
# (cmd/clusterctl/api/v1alpha3) are a provider's release series and clusterctl's inventory; virtual.cluster.x-k8s.io's
# CloudMachine is the in-memory provider's fake machine (test/infrastructure/inmemory/pkg/cloud/api). None runs a pod
# in the cluster it is applied to. The kubeadm bootstrap and control plane kinds (kinds.py) and the infrastructure
# providers' kinds (infrastructure.cluster.x-k8s.io: KubeVirt's provider runs its machines as virtual machines,
# that is pods) are another matter; CAPD's own are below (_NO_POD_KINDS).
_KUBERNETES_X_K8S_IO: Final = frozenset(
    {"gateway.networking", "inference.networking", "kind", "kwok", "config.kwok", "kueue", "config.kueue", "visibility.kueue",
     "cluster", "addons.cluster", "runtime.cluster", "ipam.cluster", "clusterctl.cluster", "virtual.cluster",
     # the cluster autoscaler project's Balancer (kubernetes/autoscaler 55c37cd5eb55 balancer/pkg/apis/balancer.x-k8s.io/
     # v1alpha1/types.go BalancerSpec: replicas split among its targets' scaleTargetRef through their scale
     # subresource): the pods are its targets' (plain Deployments), it makes none
     "balancer"}
)  # fmt: skip

# Kubernetes SIG projects' groups outside those domains that carry no pods: Karpenter (kubernetes-sigs/karpenter
# 2266468104f3): karpenter.sh's NodePool and NodeClaim (pkg/apis/v1: a NodePool's ``spec.template`` is a
# NodeClaimTemplate, the nodes it launches, not pods) and NodeOverlay (pkg/apis/v1alpha1), its kwok provider's
# karpenter.kwok.sh KWOKNodeClass (kwok/apis/v1alpha1) and its test DRA driver's test.karpenter.sh DRAConfig
# (dra-kwok-driver/pkg/apis/v1alpha1: fake devices a node publishes).
_KUBERNETES_PROJECTS: Final = frozenset({"karpenter.sh", "karpenter.kwok.sh", "test.karpenter.sh"})
# k3d's configuration file (k3d-io/k3d @46f3480daa74 pkg/config/v1alpha5/types.go: k3d.io Simple, Cluster and
# ClusterList, the k3s servers and agents k3d runs as Docker containers, their ports, registries and k3s flags): as
# kind's, it makes a local cluster's nodes, not pods (khuedoan/homelab @cb046acfba61 metal/k3d-dev.yaml).
# ctlptl's configuration files (tilt-dev/ctlptl @37be3ed47786 pkg/api/types.go: ctlptl.dev Cluster, the product, kind
# config, Kubernetes version and registry of a local cluster `ctlptl apply` makes; Registry, a registry it runs as a
# Docker container) are of the same sort (akuity/kargo @1c764767ae03 hack/kind/cluster.yaml, hack/k3d/cluster.yaml).
_LOCAL_CLUSTERS: Final = frozenset({"k3d.io", "ctlptl.dev"})

# OpenShift's node and cluster configuration, which carries no pods (openshift/cluster-node-tuning-operator
# d2394aa81ffe, with its vendored openshift/api de86ee3bf481):
# - performance.openshift.io PerformanceProfile (v1, v1alpha1, v2): the operator renders a MachineConfig, a
#   KubeletConfig, a Tuned and a RuntimeClass from it (pkg/performanceprofile/controller/performanceprofile/components/
#   manifestset/manifestset.go ManifestResultSet), no pod; as a node description it is read by
#   model/decode/node/performance_profile.py;
# - tuned.openshift.io Tuned and Profile (pkg/apis/tuned/v1): the tuned profiles the operator's own DaemonSet
#   applies on the nodes (assets/tuned/manifests/ds-tuned.yaml, a plain manifest; the operator creates the
#   ``default`` Tuned itself and makes that DaemonSet whatever Tuned objects exist: pkg/operator/controller.go
#   syncTunedDefault, syncDaemonSet);
# - config.openshift.io (vendor/github.com/openshift/api/config/v1: Infrastructure, ClusterOperator,
#   ClusterVersion, FeatureGate, Network...): the cluster's configuration singletons and status;
# - machineconfiguration.openshift.io's MachineConfig, MachineConfigPool, KubeletConfig, ContainerRuntimeConfig and
#   ControllerConfig (machineconfiguration/v1/types.go): files, kernel arguments and kubelet settings the Machine
#   Config Operator writes on nodes (an OpenShift KubeletConfig is read as a node description, node/merge.py).
#   The group's on-cluster image builds (MachineOSConfig, MachineOSBuild) run build pods and are searched.
_OPENSHIFT_NO_PODS: Final = frozenset({"performance.openshift.io", "tuned.openshift.io", "config.openshift.io"})
# Ingress controllers' routing and configuration kinds (Traefik's too): hosts, routes, upstreams, TLS delegation, policies and the
# proxy's settings, which the controller's own pods (plain Deployments and DaemonSets of their installs) turn into
# proxy configuration; none makes a pod. Contour (projectcontour/contour @31c4bb38e0a5 apis/projectcontour: v1
# HTTPProxy and TLSCertificateDelegation; v1alpha1 ExtensionService, which names Services, and ContourConfiguration,
# the contour process's configuration); its ContourDeployment does make pods (kinds_gateways.py). NGINX Ingress
# Controller (nginx/kubernetes-ingress @0eb3072d14f0 config/crd/bases: k8s.nginx.org VirtualServer,
# VirtualServerRoute, TransportServer, Policy, GlobalConfiguration; appprotect.f5.com APPolicy, APLogConf, APUserSig;
# appprotectdos.f5.com APDosPolicy, APDosLogConf, DosProtectedResource; externaldns.nginx.org DNSEndpoint). HAProxy
# Kubernetes Ingress (haproxytech/kubernetes-ingress @fc1206761aa7 crs/definition: ingress.v1.haproxy.org and
# ingress.v3.haproxy.org Backend, Defaults, Frontend, Global, TCP, ValidationRules).
_INGRESS_ROUTING: Final = (
    *(("projectcontour.io", k) for k in ("HTTPProxy", "TLSCertificateDelegation", "ExtensionService", "ContourConfiguration")),
    *(("k8s.nginx.org", k) for k in ("VirtualServer", "VirtualServerRoute", "TransportServer", "Policy", "GlobalConfiguration")),
    *(("appprotect.f5.com", k) for k in ("APPolicy", "APLogConf", "APUserSig")),
    *(("appprotectdos.f5.com", k) for k in ("APDosPolicy", "APDosLogConf", "DosProtectedResource")),
    ("externaldns.nginx.org", "DNSEndpoint"),
    # Traefik (traefik/traefik @be702c2b6121 pkg/provider/kubernetes/crd/traefikio/v1alpha1: ingressroute.go,
    # ingressroutetcp.go, ingressrouteudp.go, middleware.go, middlewaretcp.go, service.go, serverstransport.go,
    # serverstransporttcp.go, tlsoption.go, tlsstore.go): routes, middlewares, weighted and mirrored services, upstream
    # transports and TLS settings its own proxy pods read; traefik.io since v2.10, traefik.containo.us before
    *((g, k) for g in ("traefik.io", "traefik.containo.us")
      for k in ("IngressRoute", "IngressRouteTCP", "IngressRouteUDP", "Middleware", "MiddlewareTCP", "TraefikService",
                "ServersTransport", "ServersTransportTCP", "TLSOption", "TLSStore")),
    *((g, k) for g in ("ingress.v1.haproxy.org", "ingress.v3.haproxy.org")
      for k in ("Backend", "Defaults", "Frontend", "Global", "TCP", "ValidationRules")),
)  # fmt: skip
# Istio's traffic, security, telemetry and extension configuration (istio/api @b8f8791d9653
# kubernetes/customresourcedefinitions.gen.yaml; networking/v1alpha3, networking/v1beta1, security/v1beta1,
# telemetry/v1alpha1, extensions/v1alpha1): routes, subsets, gateways' listeners, service and workload entries, proxy
# filters and settings, authorization and authentication policies, telemetry and Wasm plugins, which istiod turns
# into the configuration of proxies other pods run (a Gateway configures the gateway Deployments an install made, a
# WorkloadGroup is the template of VM WorkloadEntries); none makes a pod. install.istio.io's IstioOperator does.
_ISTIO_CONFIG: Final = (
    *(("networking.istio.io", k) for k in ("VirtualService", "DestinationRule", "Gateway", "ServiceEntry", "Sidecar",
                                           "EnvoyFilter", "WorkloadEntry", "WorkloadGroup", "ProxyConfig")),
    *(("security.istio.io", k) for k in ("AuthorizationPolicy", "PeerAuthentication", "RequestAuthentication")),
    ("telemetry.istio.io", "Telemetry"),
    *(("extensions.istio.io", k) for k in ("WasmPlugin", "TrafficExtension")),
)  # fmt: skip
# And the Prometheus Operator's configuration kinds (prometheus-operator/prometheus-operator pkg/apis/monitoring:
# v1 ServiceMonitor, PodMonitor, Probe, PrometheusRule; v1alpha1/v1beta1 AlertmanagerConfig, v1alpha1 ScrapeConfig
# and Silence): targets, rules and routes its servers select; the servers (Prometheus, PrometheusAgent,
# Alertmanager, ThanosRuler) make the pods (kinds_monitoring.py). And Koperator's KafkaTopic, KafkaUser and
# CruiseControlOperation (adobe/koperator f314540b9df1 controllers/kafkatopic_controller.go, kafkauser_controller.go,
# cruisecontroloperation_controller.go): topics and ACLs made through Kafka's admin API, operations posted to Cruise
# Control's REST API; its KafkaCluster makes the pods (kinds_koperator.py).
_NO_POD_KINDS: Final = frozenset(
    {
        *(("kafka.banzaicloud.io", k) for k in ("KafkaTopic", "KafkaUser", "CruiseControlOperation")),
        # kube-logging's Telemetry Controller (kube-logging/telemetry-controller 741b60a11308 api/telemetry/v1alpha1/
        # tenant_types.go, subscription_types.go, output_types.go, bridge_types.go): the sources, routes and
        # destinations a Collector renders into its OpenTelemetryCollector's configuration (kinds_telemetry.py)
        *(("telemetry.kube-logging.dev", k) for k in ("Tenant", "Subscription", "Output", "Bridge")),
        # Grafana Agent's operator (grafana/agent 372611b64f2c static/operator/apis/monitoring/v1alpha1/types_metrics.go,
        # types_logs.go, types_integrations.go; build_hierarchy.go): instances, log selectors and integrations a
        # GrafanaAgent selects and renders into its own pods' configuration (kinds_grafana_agent.py); none makes a pod
        *(("monitoring.grafana.com", k) for k in ("MetricsInstance", "LogsInstance", "PodLogs", "Integration")),
        # The Logging operator's routing kinds (kube-logging/logging-operator 51679aa50c20 pkg/sdk/logging/api/v1beta1
        # flow_types.go, clusterflow_types.go, output_types.go, clusteroutput_types.go, syslogng_*_types.go,
        # loggingroute_types.go): filters, matches and destinations rendered into the configuration of the fluentd,
        # syslog-ng and fluent-bit pods a Logging, FluentdConfig, SyslogNGConfig or FluentbitAgent makes
        # (kinds_logging.py); none makes a pod
        *(("logging.banzaicloud.io", k) for k in (
            "Flow", "ClusterFlow", "Output", "ClusterOutput", "SyslogNGFlow", "SyslogNGClusterFlow", "SyslogNGOutput",
            "SyslogNGClusterOutput", "LoggingRoute")),
        # Strimzi's KafkaTopic, KafkaUser and KafkaRebalance (strimzi/strimzi-kafka-operator 8541da1e336b
        # api/src/main/java/io/strimzi/api/kafka/model/topic/KafkaTopic.java, user/KafkaUser.java,
        # rebalance/KafkaRebalance.java): topics and users the entity operator's containers make through Kafka's admin
        # API, a rebalance the cluster operator posts to Cruise Control's REST API; its Kafka and KafkaNodePool make
        # the pods (kinds_strimzi.py)
        *(("kafka.strimzi.io", k) for k in ("KafkaTopic", "KafkaUser", "KafkaRebalance")),
        # Karpenter's AWS provider (aws/karpenter-provider-aws 7c0ee435d1c4 pkg/apis/v1/ec2nodeclass.go): the AMIs,
        # subnets, security groups and kubelet settings of the EC2 instances a karpenter.sh NodePool launches; no pod
        ("karpenter.k8s.aws", "EC2NodeClass"),
        # and its v1alpha1 AWSNodeTemplate before EC2NodeClass replaced it (aws/karpenter-provider-aws 028a7d3ad6d3
        # pkg/apis/v1alpha1/awsnodetemplate.go): user data, AMI, subnet and security group selectors of the instances
        # a karpenter.sh Provisioner launches; no pod
        ("karpenter.k8s.aws", "AWSNodeTemplate"),
        # eksctl's ClusterConfig (eksctl-io/eksctl e1b204275604 pkg/apis/eksctl.io/v1alpha5/types.go: "a simple config,
        # to be replaced with Cluster API"): the input file of `eksctl create cluster`, whose cluster, node groups,
        # IAM roles and EKS add-ons eksctl makes through CloudFormation and the EKS API; it is never applied to a
        # cluster (no CRD serves it) and holds no pod
        ("eksctl.io", "ClusterConfig"),
        # Volcano's scheduling.volcano.sh Queue and PodGroup (volcano-sh/apis 6bc01aaccdf3
        # pkg/apis/scheduling/v1beta1/register.go, types.go): a queue's weight, capability and reclaim settings, and
        # the gang-scheduling record of other objects' pods (minMember, minResources), which the scheduler reads;
        # neither makes a pod (its batch.volcano.sh Job does: kinds.py)
        ("scheduling.volcano.sh", "Queue"), ("scheduling.volcano.sh", "PodGroup"),
        *(("machineconfiguration.openshift.io", k) for k in (
            "MachineConfig", "MachineConfigPool", "KubeletConfig", "ContainerRuntimeConfig", "ControllerConfig")),
        *(("monitoring.coreos.com", k) for k in (
            "ServiceMonitor", "PodMonitor", "Probe", "PrometheusRule", "AlertmanagerConfig", "ScrapeConfig", "Silence")),
        ("core.cnrm.cloud.google.com", "ServiceMapping"),
        # Testkube (kubeshop/testkube 2b73b1310e9d api/testtriggers/v1/testtrigger_types.go, api/workflowtriggers/v1/
        # workflowtrigger_types.go, api/executor/v1/webhook_types.go): a TestTrigger or WorkflowTrigger watches other
        # objects' events (or probes an endpoint) and starts a TestWorkflow run, whose pod is that workflow's
        # (kinds_testkube.py); a Webhook or WebhookTemplate posts the runs' events to a URL. None makes a pod
        ("tests.testkube.io", "TestTrigger"), ("testworkflows.testkube.io", "WorkflowTrigger"),
        ("executor.testkube.io", "Webhook"), ("executor.testkube.io", "WebhookTemplate"),
        # the Mattermost operator's MattermostRestoreDB (mattermost/mattermost-operator 07a736bbb8d6
        # controllers/mattermost/mattermostrestoredb/controller.go): sets a ClusterInstallation's database
        # initBucketURL and restore Secret and scales its MySQL cluster down and up; the MySQL operator restores, and
        # the restore makes no pod of its own
        ("mattermost.com", "MattermostRestoreDB"),
        # cert-manager (cert-manager/cert-manager 2d0d7f7f7424 pkg/apis/certmanager/v1/types_certificate.go,
        # types_certificaterequest.go, pkg/apis/acme/v1/types_order.go): certificates, their requests and ACME orders
        # the controller's own pods handle; an Issuer's HTTP-01 solvers and a Challenge make pods (kinds_certmanager.py)
        ("cert-manager.io", "Certificate"), ("cert-manager.io", "CertificateRequest"), ("acme.cert-manager.io", "Order"),
        ("apps.kubeedge.io", "NodeGroup"),
        # Sigstore's policy-controller TrustRoot (sigstore/policy-controller f925c0c1a412 pkg/apis/policy/v1alpha1/
        # trustroot_types.go): TUF roots, repositories or keys and certificates the reconciler compiles into a ConfigMap
        # its webhook reads; its ClusterImagePolicy describes other pods' images (describes.py)
        ("policy.sigstore.dev", "TrustRoot"),
        # K8up (k8up-io/k8up 80a2ae8c4124 api/v1/snapshot_types.go; EffectiveSchedule, the randomised cron
        # schedules older releases kept as objects, now api/v1/schedule_types.go ScheduleStatus): the restic snapshots
        # the operator lists from a repository, and records of schedules; its Backup, Schedule, Check... make Jobs
        # (kinds_k8up.py)
        ("k8up.io", "Snapshot"), ("k8up.io", "EffectiveSchedule"),
        # Kanister (kanisterio/kanister 534f1523115c pkg/apis/cr/v1alpha1/types.go): an ActionSet asks the controller
        # to run a Blueprint's actions on objects (its podOverride is merged into the pods the Blueprint's functions
        # make, counted there: kinds_kanister.py), a Profile the location and credentials of the artifacts; neither
        # makes a pod of its own
        ("cr.kanister.io", "ActionSet"), ("cr.kanister.io", "Profile"),
        # The SeaweedFS operator (seaweedfs/seaweedfs-operator 34425582120980930a9256808c579e57f1fdb102 api/v1): buckets,
        # their lifecycle rules, S3 identities, credentials, policies and bindings (and OIDC providers) it makes through the
        # filer's and the S3 gateway's admin APIs (internal/controller/bucket_controller.go, s3*_controller.go, iam_*.go),
        # a ResourceReferenceGrant a permission to refer across namespaces (referencegrant.go): no pod; its Seaweed,
        # AdminScript, SeaweedCSIDriver, SeaweedBackup and SeaweedRestore make pods (kinds_seaweed.py)
        *(("seaweed.seaweedfs.com", k) for k in ("Bucket", "BucketLifecyclePolicy", "S3Credentials", "S3Identity", "S3Policy",
                                                 "S3PolicyBinding", "S3OIDCProvider", "ResourceReferenceGrant")),
        # Velero (vmware-tanzu/velero d30d389b5606 pkg/apis/velero/v1): a Backup, Restore or Schedule is done by the
        # velero server's own controllers (a Schedule makes Backups; a Backup the PodVolumeBackups and DataUploads
        # whose node-agent makes the data pods, which stay searched); a BackupStorageLocation and a
        # VolumeSnapshotLocation name where backups go, DeleteBackupRequest, DownloadRequest and ServerStatusRequest are
        # requests the server answers. None makes a pod; BackupRepository (its maintenance Jobs) stays searched.
        *(("velero.io", k) for k in ("Backup", "Restore", "Schedule", "BackupStorageLocation", "VolumeSnapshotLocation",
                                     "DeleteBackupRequest", "DownloadRequest", "ServerStatusRequest")),
        # k3s' helm-controller (k3s-io/helm-controller 21a911f86f91 pkg/apis/helm.cattle.io/v1/types.go): a
        # HelmChartConfig adds ``valuesContent`` to the HelmChart of its name, whose helm Job it re-runs (kinds_helmchart.py)
        ("helm.cattle.io", "HelmChartConfig"),
        *((g, k) for g in ("kops.k8s.io", "kops") for k in ("InstanceGroup", "Host", "Keyset", "SSHCredential")),
        *_INGRESS_ROUTING,
        # KEDA (kedacore/keda 8b4f083ca8c8 apis/keda/v1alpha1): a ScaledObject's scaleTargetRef names the workload
        # whose replicas it drives (scaledobject_types.go), a (Cluster)TriggerAuthentication the secrets its scalers
        # read (triggerauthentication_types.go); its ScaledJob makes Jobs (kinds.py)
        *(("keda.sh", k) for k in ("ScaledObject", "TriggerAuthentication", "ClusterTriggerAuthentication")),
        *_ISTIO_CONFIG,
        # KServe's ClusterStorageContainer (kserve/kserve 0dc983c1cca0 pkg/apis/serving/v1alpha1/storage_container_types.go):
        # a container spec and the storage URI formats it serves; KServe's webhook makes it the storage-initializer init
        # container of the InferenceService pods whose storageUri matches, and it makes no pod of its own
        ("serving.kserve.io", "ClusterStorageContainer"),
        # OLM's (operator-framework/operator-lifecycle-manager @992bb097749e vendor/github.com/operator-framework/api
        # pkg/operators: v1 OperatorGroup, the namespaces its operators watch; v1 OLMConfig, OLM's own settings; v2
        # OperatorCondition, the conditions an operator reports to OLM): none makes a pod; its ClusterServiceVersion
        # and CatalogSource do (kinds_olm.py), and a Subscription leads to a catalog's CSV (searched)
        *(("operators.coreos.com", k) for k in ("OperatorGroup", "OLMConfig", "OperatorCondition")),
        # OpenShift's SecurityContextConstraints (openshift/api de86ee3bf481 security/v1/types.go, vendored by
        # openshift/cluster-node-tuning-operator d2394aa81ffe): what the pods admitted under it may ask for (privileged
        # containers, host paths, user ranges), as policy/v1beta1's PodSecurityPolicy; it runs nothing
        ("security.openshift.io", "SecurityContextConstraints"),
        # NVIDIA's GPU DRA driver: resource.nvidia.com's ComputeDomainClique (NVIDIA/k8s-dra-driver-gpu @224071137855
        # api/nvidia.com/resource/v1beta1/computedomainclique.go) lists a domain's daemons (node names, addresses,
        # indexes) as they register; its ComputeDomain makes pods (kinds_computedomain.py). The driver's classic-DRA
        # parameters, gpu.resource.nvidia.com/v1alpha1 DeviceClassParameters, GpuClaimParameters,
        # MigDeviceClaimParameters and ComputeInstanceClaimParameters (@4294631cf7fc, the last commit before
        # 22c9e81039bf removed them: api/nvidia.com/resource/gpu/v1alpha1/register.go, gpuclaim.go, migclaim.go), are
        # what a claim asks for (a count, a selector, a sharing strategy): the plugin reads them when it prepares a
        # claim, and they make no pod of their own
        ("resource.nvidia.com", "ComputeDomainClique"),
        *(("gpu.resource.nvidia.com", k) for k in (
            "DeviceClassParameters", "GpuClaimParameters", "MigDeviceClaimParameters", "ComputeInstanceClaimParameters")),
        # CDI (kubevirt/containerized-data-importer c07cdb6fbd18 staging/src/kubevirt.io/containerized-data-importer-api/
        # pkg/apis/core/v1beta1/types.go): CDIConfig is the cluster's import settings (the importer pods' resources:
        # kinds_cdi.py), StorageProfile a storage class's clone and access settings, DataSource a name for a PVC or
        # snapshot, VolumeImportSource, VolumeUploadSource and VolumeCloneSource the populator sources a PVC's
        # dataSourceRef names (the PVC's import makes the pod); upload.cdi.kubevirt.io's UploadTokenRequest
        # (pkg/apis/upload/v1beta1) asks the API server for an upload token. DataVolume and DataImportCron make pods.
        *(("cdi.kubevirt.io", k) for k in (
            "CDIConfig", "StorageProfile", "DataSource", "VolumeImportSource", "VolumeUploadSource", "VolumeCloneSource")),
        ("upload.cdi.kubevirt.io", "UploadTokenRequest"),
        # the PTP Operator (openshift/ptp-operator 8b36d28fe346 api/v1): a PtpConfig is a ptp4l/phc2sys profile the
        # controller writes into the linuxptp daemon's ConfigMap (controllers/ptpconfig_controller.go), NodePtpDevice a
        # node's PTP-capable interfaces (status), HardwareConfig a NIC's clock settings; the daemon's pods are
        # PtpOperatorConfig's (kinds_ptp.py)
        *(("ptp.openshift.io", k) for k in ("PtpConfig", "NodePtpDevice", "HardwareConfig")),
        # Cluster API's Docker provider (CAPD, kubernetes-sigs/cluster-api ae7ff047db49 test/infrastructure/docker/api
        # v1beta2: DevCluster, DevMachine, DevMachinePool and their templates; the Docker* kinds of the same machines
        # before "Remove Docker resources", 2ba26dc3e9, still in its examples and the e2e data of older releases; the
        # in-memory provider's InMemory* kinds before they became DevMachine's inMemory backend, 300d88a1aa): a machine is a container of the host's Docker (the docker
        # backend) or a fake one in memory, never a pod of the cluster they are applied to
        *(("infrastructure.cluster.x-k8s.io", f"{prefix}{kind}") for prefix in ("Dev", "Docker", "InMemory")
          for kind in ("Cluster", "ClusterTemplate", "Machine", "MachineTemplate", "MachinePool", "MachinePoolTemplate")),
        # Google Cloud Managed Service for Prometheus (GoogleCloudPlatform/prometheus-engine @2ffde4ec7b7e
        # pkg/operator/apis/monitoring/v1: pod_types.go, node_types.go, rules_types.go): the targets its collectors
        # scrape and the rules its evaluator runs; its OperatorConfig, which sizes those components, stays searched.
        # GKE's load-balancer settings: ingress-gce's BackendConfig (cloud.google.com) and FrontendConfig
        # (kubernetes/ingress-gce @acbcf5d66dd9 pkg/apis/backendconfig/v1/types.go, frontendconfig/v1beta1/types.go)
        # and the Google-managed certificate of an Ingress (GoogleCloudPlatform/gke-managed-certs @3498c2a06d02
        # pkg/apis/networking.gke.io/v1/types.go ManagedCertificate): none runs a pod in the cluster
        *(("monitoring.googleapis.com", k) for k in (
            "PodMonitoring", "ClusterPodMonitoring", "ClusterNodeMonitoring", "Rules", "ClusterRules", "GlobalRules")),
        ("cloud.google.com", "BackendConfig"),
        ("networking.gke.io", "FrontendConfig"),
        ("networking.gke.io", "ManagedCertificate"),
        # MetalLB's configuration (metallb/metallb @999899bc555a api/v1beta1: ipaddresspool_types.go,
        # l2advertisement_types.go, bgpadvertisement_types.go, bfdprofile_types.go, community_types.go,
        # servicel2status_types.go, servicebgpstatus_types.go, configurationstate_types.go; api/v1beta2/bgppeer_types.go):
        # the addresses its controller assigns to LoadBalancer Services and how its speakers announce them; the
        # controller and speakers are a plain Deployment and DaemonSet. The MetalLB Operator's MetalLB of the same
        # group makes those pods and stays searched.
        *(("metallb.io", k) for k in (
            "IPAddressPool", "L2Advertisement", "BGPAdvertisement", "BGPPeer", "BFDProfile", "Community",
            "ServiceL2Status", "ServiceBGPStatus", "ConfigurationState")),
        # Rook's pool, namespace, subvolume group and client kinds (rook/rook d0c3b9ce6d64 pkg/operator/ceph/pool,
        # pool/radosnamespace, file/subvolumegroup, client: ceph commands run by the operator, no Deployment or Job):
        # its daemons' kinds are kinds_rook.py's
        *(("ceph.rook.io", k) for k in ("CephBlockPool", "CephBlockPoolRadosNamespace", "CephFilesystemSubVolumeGroup", "CephClient")),
        # kjob (kubernetes-sigs/kjob @f0b8e833491b apis/v1alpha1/application_profile_types.go, volumebundle_types.go):
        # an ApplicationProfile names the template each mode of the kubectl-kjob CLI builds from, and a VolumeBundle
        # the volumes, mounts and environment variables the CLI adds to those pods (pkg/builder/builder.go
        # buildPodSpecVolumesAndEnv); kjob runs no controller: the pods are its templates' (kinds_kjob.py)
        *(("kjobctl.x-k8s.io", k) for k in ("ApplicationProfile", "VolumeBundle")),
        # the NRI resource policies' configuration (containers/nri-plugins @0705acc824ee pkg/apis/config/v1alpha1/balloons-policy.go,
        # topology-aware-policy.go, template-policy.go): read by the plugin pods an
        # NriPluginDeployment or the plugin's chart runs (kinds_nriplugins.py); none makes a pod
        *(("config.nri", k) for k in ("BalloonsPolicy", "TopologyAwarePolicy", "TemplatePolicy")),
        # a node's NUMA zones and their resources, as an exporter publishes them (k8stopologyawareschedwg/
        # noderesourcetopology-api pkg/apis/topology/v1alpha2/types.go; node/nrt.py reads one as a node description)
        ("topology.node.k8s.io", "NodeResourceTopology"),
        # Multus' NetworkAttachmentDefinition (k8snetworkplumbingwg/network-attachment-definition-client
        # pkg/apis/k8s.cni.cncf.io/v1/types.go NetworkAttachmentDefinitionSpec: a CNI configuration, ``spec.config``)
        # that pods name in their ``k8s.v1.cni.cncf.io/networks`` annotation; it makes no pod
        ("k8s.cni.cncf.io", "NetworkAttachmentDefinition"),
        # OpenFaaS (openfaas/faas-netes @662ce9ce36ec pkg/apis/openfaas/v1/types.go ProfileSpec, pkg/apis/iam/v1/
        # types.go, artifacts/crds/openfaas.com_functioningresses.yaml): a Profile is a set of pod options merged into
        # the Deployments of the Functions that name it (its resources over the function container's), a
        # FunctionIngress the Ingress the ingress-operator makes for a function, and iam.openfaas.com's JwtIssuer,
        # Policy and Role the gateway's authentication and permissions; the Function makes the pods (kinds_openfaas.py)
        *(("openfaas.com", k) for k in ("Profile", "FunctionIngress")),
        *(("iam.openfaas.com", k) for k in ("JwtIssuer", "Policy", "Role")),
        # OpenShift's Route (openshift/api de86ee3bf481 route/v1/types.go RouteSpec, vendored by
        # openshift/cluster-node-tuning-operator d2394aa81ffe): a host and path the cluster's router pods send to a
        # Service; it makes no pod
        ("route.openshift.io", "Route"),
        # the Oracle Database Operator's OCI cloud resources and REST-managed databases (oracle/oracle-database-operator
        # @e24228685e5f controllers/database/autonomous*_controller.go, dbcssystem_controller.go, lrpdb_controller.go:
        # OCI API and REST calls, no Pod, Deployment or StatefulSet); its SingleInstanceDatabase makes pods (kinds_oracle.py)
        *(("database.oracle.com", k) for k in (
            "AutonomousDatabase", "AutonomousContainerDatabase", "AutonomousDatabaseBackup", "AutonomousDatabaseRestore", "DbcsSystem", "LRPDB",
        )),
        # RocketMQ's TopicTransfer (apache/rocketmq-operator @03741c8521a8 pkg/controller/topictransfer/
        # topictransfer_controller.go): mqadmin commands the operator runs in the broker and name service pods
        # (kinds_rocketmq.py), no pod of its own
        ("rocketmq.apache.org", "TopicTransfer"),
        # kube-arangodb's route of the ArangoDeployment gateway (arangodb/kube-arangodb @74c196ac0dfc
        # pkg/handlers/networking/route: the gateway's configuration) and the cluster synchronization record (no
        # controller of this repository makes a pod for it): the pods are the ArangoDeployment's (kinds_arango.py)
        ("networking.arangodb.com", "ArangoRoute"),
        ("database.arangodb.com", "ArangoClusterSynchronization"),
        # Config Sync's own configuration kinds (GoogleContainerTools/kpt-config-sync @bd5fadf7ec19
        # pkg/api/configmanagement/v1/register.go, types.go): a hierarchy repository's Repo (its format version,
        # ``system/repo.yaml``) and HierarchyConfig (which kinds namespace directories pass down), the NamespaceSelector
        # and ClusterSelector that other objects name in an annotation, and the NamespaceConfig, ClusterConfig and Sync
        # records of the legacy importer; none makes a pod (the RootSync and RepoSync do: kinds_configsync.py; the
        # ConfigManagement operator's kind is not modelled). clusterregistry.k8s.io's Cluster (manifests/
        # cluster-registry-crd.yaml) is a cluster's name and labels, which ClusterSelectors select
        *(("configmanagement.gke.io", k) for k in (
            "Repo", "HierarchyConfig", "NamespaceSelector", "ClusterSelector", "NamespaceConfig", "ClusterConfig", "Sync",
        )),
        ("clusterregistry.k8s.io", "Cluster"),
        # GKE's multi-cluster networking (cloud.google.com/kubernetes-engine/docs/concepts/multi-cluster-ingress):
        # a MultiClusterIngress is a Google Cloud load balancer the Multi Cluster Ingress controller (a Google-hosted
        # service, no pod of the cluster) programs, a MultiClusterService the derived Services it makes in the member
        # clusters over their own pods (the ACM samples' multi-cluster-ingress/ configs)
        *(("networking.gke.io", k) for k in ("MultiClusterIngress", "MultiClusterService")),
        # the OpenFeature operator's configuration kinds (open-feature/open-feature-operator @90d373fd1661 api/core/v1beta1):
        # a FeatureFlag's flags are written by internal/common/flagdinjector/flagdinjector.go into a ConfigMap that
        # the flagd sidecar mounts; an InProcessConfiguration is environment variables the pod webhook
        # (internal/webhook/pod_webhook.go) sets on the annotated pod's containers; a FeatureFlagSource configures the
        # flagd sidecar the webhook adds (injection.py) or a Flagd's container (kinds_openfeature.py). Only the
        # FeatureFlagSource has a controller (internal/controller/core/featureflagsource/controller.go Reconcile): it
        # restarts the Deployments that name it (``rolloutOnChange``) and, for a source of ``provider: flagd-proxy``,
        # makes sure the one flagd-proxy Deployment of the operator exists (internal/common/flagdproxy/flagdproxy.go
        # HandleFlagdProxy: in the operator's namespace, owned by the operator's Deployment, shared by every
        # FeatureFlagSource: part of the operator's installation, not the object's); none makes a pod of its own
        *(("core.openfeature.dev", k) for k in ("FeatureFlag", "FeatureFlagSource", "InProcessConfiguration")),
        # Azure Monitor managed Prometheus' copies of the Prometheus Operator's ServiceMonitor and PodMonitor, served
        # as azmonitoring.coreos.com/v1 so they do not clash with the operator's own CRDs (Azure/prometheus-collector
        # @1643b3b84e83 otelcollector/deploy/addon-chart/azure-monitor-metrics-addon/templates/
        # ama-metrics-servicemonitor-crd.yaml, ama-metrics-podmonitor-crd.yaml @07cb97561a57): the services and pods
        # the add-on's ama-metrics collectors scrape; neither makes a pod
        *(("azmonitoring.coreos.com", k) for k in ("ServiceMonitor", "PodMonitor")),
        # NVIDIA's KAI Scheduler Queue (NVIDIA/KAI-Scheduler @d6c52d12b1e1 pkg/apis/scheduling/v2/
        # zz_generated.deepcopy.go QueueSpec: resources quotas of gpu, cpu and memory, priority, parentQueue,
        # preempt/reclaim min runtimes): the scheduler's share of the cluster for the pods that name it; no pod
        ("scheduling.run.ai", "Queue"),
        # NACK, NATS' JetStream controller (nats-io/nack @f6dad096d5d4 pkg/jetstream/apis/jetstream/v1beta2/
        # streamtypes.go, consumertypes.go, keyvaluetypes.go, objectstoretypes.go, accounttypes.go, types.go;
        # deploy/crds.yml): streams, consumers, buckets and the accounts to reach them, which the controller creates in
        # a NATS server through its API (controllers/jetstream), never as pods; and the NATS operator's NatsServiceRole
        # (nats-io/nats-operator @5e702c59781f pkg/apis/nats/v1alpha2/service_role.go): the permissions of the
        # service accounts a NatsCluster's configuration grants (its pods: kinds_nats.py)
        *(("jetstream.nats.io", k) for k in ("Stream", "Consumer", "StreamTemplate", "KeyValue", "ObjectStore", "Account")),
        ("nats.io", "NatsServiceRole"),
        # The ArkMQ broker operator's configuration kinds (arkmq-org/activemq-artemis-operator @a5ce940f04cd
        # api/v1beta2/brokerapp_types.go, api/v1beta1/activemqartemisaddress_types.go, activemqartemissecurity_types.go):
        # an application's addresses and queues provisioned on a BrokerService, addresses, and security settings the
        # controllers write into the brokers' configuration (controllers/brokerapp_controller.go,
        # activemqartemisaddress_controller.go, activemqartemissecurity_controller.go make no workload); the brokers'
        # pods are the Broker's, ActiveMQArtemis' and BrokerService's (kinds_artemis.py)
        ("broker.arkmq.org", "BrokerApp"),
        *(("broker.amq.io", k) for k in ("ActiveMQArtemisAddress", "ActiveMQArtemisSecurity")),
        # The Hazelcast Platform Operator's data structures, jobs, backups and endpoints (hazelcast/
        # hazelcast-platform-operator @0f13b8d422af api/v1alpha1/*_types.go; internal/controller/hazelcast/*_controller.go
        # apply them through the Hazelcast client or REST API to a running Hazelcast's members and their sidecar-agent,
        # or make Services (HazelcastEndpoint)): only Hazelcast and ManagementCenter make pods (kinds_hazelcast.py)
        *(("hazelcast.com", k) for k in ("Map", "MultiMap", "Queue", "Topic", "ReplicatedMap", "Cache", "JetJob", "JetJobSnapshot",
                                         "HotBackup", "CronHotBackup", "WanReplication", "WanSync", "HazelcastEndpoint", "UserCodeNamespace")),
        # the Open Data Hub dashboard's AcceleratorProfile (opendatahub-io/odh-dashboard @f6c31cdf7360
        # manifests/common/crd/acceleratorprofiles.opendatahub.io.crd.yaml): a display name, an accelerator's resource
        # name (``identifier``) and the tolerations the dashboard writes into the workbenches and model servers it
        # creates for a user who picks it; it makes no pod of its own
        ("dashboard.opendatahub.io", "AcceleratorProfile"),
        # KEDA's eventing kinds (kedacore/keda @8b4f083ca8c8 apis/eventing/v1alpha1/cloudeventsource_types.go): a
        # (Cluster)CloudEventSource names the HTTP endpoint or Azure Event Grid topic to which the keda-operator's own
        # event emitter (pkg/eventemitter, controllers/eventing/*_controller.go) sends the CloudEvents of KEDA's
        # objects; it makes no pod
        *(("eventing.keda.sh", k) for k in ("CloudEventSource", "ClusterCloudEventSource")),
        # Node Feature Discovery (kubernetes-sigs/node-feature-discovery @76e6cc8cc0d5 api/nfd/v1alpha1/types.go): a
        # NodeFeature holds the features nfd-worker found on one node, a NodeFeatureRule the rules from which nfd-master
        # writes node labels, annotations, extended resources and taints, a NodeFeatureGroup the rules whose matching
        # nodes nfd-master lists in its status; the group's three kinds make no pod (its workers and master are
        # DaemonSets and Deployments, linted where they are written)
        *(("nfd.k8s-sigs.io", k) for k in ("NodeFeature", "NodeFeatureRule", "NodeFeatureGroup")),
        # MinIO's PolicyBinding (minio/operator @0ee2c254677e pkg/apis/sts.min.io/v1beta1/types.go PolicyBindingSpec, the
        # same in v1alpha1): an application's namespace and service account and the MinIO policies its STS requests
        # may assume; the operator's STS endpoint reads it (pkg/controller/sts_handlers.go), it makes no pod (the
        # Tenant's pods: kinds_stores.py)
        ("sts.min.io", "PolicyBinding"),
        # The scheduler-plugins' own kinds (kubernetes-sigs/scheduler-plugins @903da7df82cb apis/scheduling/v1alpha1/
        # types.go): a PodGroup is the coscheduling plugin's gang record of other objects' pods (``minMember``,
        # ``minResources``, ``scheduleTimeoutSeconds``; the pods name it in their ``scheduling.x-k8s.io/pod-group``
        # label), an ElasticQuota a namespace's ``min`` and ``max`` for the capacity scheduling plugin; their
        # controllers only write status (pkg/controllers/podgroup_controller.go, elasticquota_controller.go). The
        # network-aware plugins' NetworkTopology (manifests/crds/networktopology.diktyo.x-k8s.io_networktopologies.yaml:
        # the bandwidth and costs between regions and zones) is read by the scheduler. None makes a pod
        *(("scheduling.x-k8s.io", k) for k in ("PodGroup", "ElasticQuota")),
        ("networktopology.diktyo.x-k8s.io", "NetworkTopology"),
        # controller-runtime's ControllerManagerConfig (kubernetes-sigs/controller-runtime @5c2b42d0dfe2
        # pkg/config/v1alpha1/types.go ControllerManagerConfigurationSpec: sync period, leader election, metrics,
        # health and webhook addresses): the manager's own configuration file, which kubebuilder's scaffold puts in a
        # ConfigMap (kubernetes-sigs/scheduler-plugins @903da7df82cb config/manager/controller_manager_config.yaml);
        # it makes no pod
        ("controller-runtime.sigs.k8s.io", "ControllerManagerConfig"),
        # Kubeflow's Profile (kubeflow/dashboard @d84246482d86 components/profile-controller/controllers/
        # profile_controller.go Reconcile): the profile controller makes a namespace (labelled ``istio-injection:
        # enabled``), its owner's RoleBindings and ServiceAccounts, an Istio AuthorizationPolicy and, from
        # ``spec.resourceQuotaSpec``, a ResourceQuota; no pod (the group's Notebooks and training jobs make pods)
        ("kubeflow.org", "Profile"),
        # Open Data Hub's Auth (opendatahub-io/opendatahub-operator @0c0c9913c712 api/services/v1alpha1/auth_types.go
        # AuthSpec: ``adminGroups``, ``allowedGroups``): the groups the operator grants the platform's roles to
        # (RoleBindings, ClusterRoleBindings); it makes no pod
        ("services.platform.opendatahub.io", "Auth"),
        # the OpenShift NFD operator's NodeFeatureRule (openshift/cluster-nfd-operator api/v1alpha1, the same rules as
        # node-feature-discovery's nfd.k8s-sigs.io NodeFeatureRule above): labels nfd-master writes on nodes; no pod
        ("nfd.openshift.io", "NodeFeatureRule"),
    }
)  # fmt: skip


# Other projects' kinds that carry no pods, counted as objects without pods rather than custom objects searched in vain.
# Config Connector (GoogleCloudPlatform/k8s-config-connector @cdb85ecf1708): every ``*.cnrm.cloud.google.com`` group
# but its own core and customize groups is a Google Cloud resource (ComputeInstance, ContainerCluster, SQLInstance,
# RunService...: config/crds/resources) that the controller creates through Google Cloud's APIs, never as pods of the
# cluster; of core.cnrm.cloud.google.com, ServiceMapping (pkg/apis/core/v1alpha1/servicemapping_types.go) is the
# controller's own table of a service's resources. core's ConfigConnector and ConfigConnectorContext (the operator
# installs the controller's pods from them: operator/pkg/apis/core/v1beta1) and customize.core's ControllerResource
# kinds (the resources of those pods' containers) do make or change pods, and stay searched.
# kops (kubernetes/kops @268927e26409 pkg/apis/kops/v1alpha2, register.go): an InstanceGroup is a group of machines
# (machineType, minSize, maxSize, its nodes' kubelet settings), a Host a machine's key and pod CIDRs, a Keyset and
# an SSHCredential keys; none runs a pod. Its Cluster does (the control plane's static pods, with the
# ``kubeAPIServer.cpuRequest`` and others nodeup gives them, and the addons), not modelled, and stays searched.
# kops still reads its legacy ``kops/v1alpha2`` apiVersion (pkg/kopscodecs/codecs.go ``rewriteAPIGroup`` rewrites it
# to kops.k8s.io/v1alpha2), kept in its conversion tests' ``legacy-v1alpha2.yaml``: the group ``kops`` is the same.
_NO_POD_SUFFIXES: Final = ("cnrm.cloud.google.com",)
# KubeEdge (kubeedge/kubeedge 16cd8548eedb staging/src/github.com/kubeedge/api/apis, build/crds): operations.kubeedge.io's
# NodeUpgradeJob, ImagePrePullJob and ConfigUpdateJob are tasks cloudcore sends to the edge nodes, where edgecore runs
# them on the host (edge/pkg/taskmanager/actions: imageprepulljob.go pulls through the CRI, nodeupgradejob.go runs
# `keadm` with exec.Command, configupdatejob.go rewrites edgecore's configuration); rules.kubeedge.io's Rule and
# RuleEndpoint route messages between the edge's and the cloud's endpoints (rest, eventbus, servicebus);
# devices.kubeedge.io's Device, DeviceModel and DeviceStatus describe devices and their twins, which the mappers (their
# own Deployments) serve; policy.kubeedge.io's ServiceAccountAccess and reliablesyncs.kubeedge.io's ObjectSync and
# ClusterObjectSync are access and synchronisation records cloudcore keeps. None makes a pod. apps.kubeedge.io's
# NodeGroup groups nodes; its EdgeApplication deploys the workloads of its ``workloadTemplate.manifests`` per node group
# and stays searched.
_KUBEEDGE_NO_PODS: Final = frozenset(
    {"operations.kubeedge.io", "rules.kubeedge.io", "devices.kubeedge.io", "policy.kubeedge.io", "reliablesyncs.kubeedge.io"}
)
_POD_GROUPS: Final = frozenset({"core.cnrm.cloud.google.com", "customize.core.cnrm.cloud.google.com"})
# Open Cluster Management's cluster.open-cluster-management.io (open-cluster-management-io/api 1845fd8032e4 cluster/v1,
# v1alpha1, v1beta1, v1beta2: ManagedCluster, ManagedClusterSet, ManagedClusterSetBinding, Placement,
# PlacementDecision, ClusterClaim, AddOnPlacementScore; the cluster-backup-operator's BackupSchedule and Restore of the same
# group, which make Velero Backup and Restore objects): the hub's records of its managed clusters and the placement
# decisions over them, which the registration and placement controllers keep; none makes a pod. The klusterlet
# (operator.open-cluster-management.io) does, and is searched.
_OCM_NO_PODS: Final = frozenset({"cluster.open-cluster-management.io"})
# External Secrets Operator (external-secrets/external-secrets @cc5bfbc2234a apis/externalsecrets/v1, v1beta1, v1alpha1:
# ExternalSecret, ClusterExternalSecret, SecretStore, ClusterSecretStore, PushSecret, ClusterPushSecret;
# apis/generators/v1alpha1: Password, SSHKey, UUID, Fake, ACRAccessToken, ECRAuthorizationToken, GCRAccessToken,
# GithubAccessToken, GitlabDeployToken, QuayAccessToken, STSSessionToken, VaultDynamicSecret, Webhook, Grafana, MFA,
# CloudsmithAccessToken, BeyondtrustWorkloadCredentialsDynamicSecret, ClusterGenerator, GeneratorState): secrets the
# controller (its chart's Deployment) reads from a provider's API, or values a generator makes in process, written
# into Secrets or pushed out; no code of the operator builds a Pod, a pod template or a workload of its own.
_ESO_NO_PODS: Final = frozenset({"external-secrets.io", "generators.external-secrets.io"})
# Linkerd's policy.linkerd.io (linkerd/linkerd2 @a84dd4b0afa0 controller/gen/apis/policy/register.go GroupName, its
# v1alpha1, v1beta3 packages and charts/linkerd-crds/templates/policy: AuthorizationPolicy, Server,
# ServerAuthorization, MeshTLSAuthentication, NetworkAuthentication, HTTPRoute, EgressNetwork,
# HTTPLocalRateLimitPolicy...): servers, routes and authorizations the policy controller serves to the proxies of
# other pods (fluxcd/flagger @15bd6ad555e6 kustomize/linkerd/authorizationpolicy.yaml); none makes a pod.
_LINKERD_NO_PODS: Final = frozenset({"policy.linkerd.io"})

# Consul on Kubernetes (hashicorp/consul-k8s @a507b1d1e306 control-plane/api/v1alpha1, group consul.hashicorp.com):
# ServiceDefaults, ServiceIntentions, ServiceResolver, ServiceRouter, ServiceSplitter, ProxyDefaults, Mesh,
# ExportedServices, SamenessGroup, JWTProvider, IngressGateway, TerminatingGateway, ControlPlaneRequestLimit and
# RateLimit are config entries the configentries controllers write to Consul's servers (api/common/configentry.go
# ``ConfigEntryResource.ToConsul``);
# PeeringAcceptor and PeeringDialer exchange peering tokens through Consul's API and Secrets; Registration registers an
# external service in Consul's catalog; GatewayPolicy, RouteAuthFilter, RouteRetryFilter, RouteTimeoutFilter,
# RouteExtProc and MeshService are settings and backends of the API gateways' routes. None makes a pod.
# GatewayClassConfig (api_gateway_types.go ``DeploymentSpec``: instances and resources of the Deployment the gateway
# controller makes for each Gateway of its class) stays searched: its pods are the Gateways', not modelled here.
# auth.consul.hashicorp.com's TrafficPermissions (the v2 catalog's intentions, kept in its acceptance fixtures) is a
# rule too.
_CONSUL_POD_KINDS: Final = frozenset({"GatewayClassConfig"})
_CONSUL_NO_PODS: Final = frozenset({"consul.hashicorp.com", "auth.consul.hashicorp.com"})
# Calico's own resources (projectcalico/calico @87c15906f20c api/pkg/apis/projectcalico/v3: IPPool, IPReservation,
# BGPConfiguration, BGPPeer, BGPFilter, FelixConfiguration, KubeControllersConfiguration, ClusterInformation,
# GlobalNetworkPolicy, NetworkPolicy, StagedNetworkPolicy..., Tier, GlobalNetworkSet, NetworkSet, HostEndpoint, Node,
# CalicoNodeStatus, IPAMConfiguration, BlockAffinity; the same kinds as crd.projectcalico.org/v1 CRDs): the data
# calico-node, Felix, BIRD and calico-kube-controllers (the Tigera operator's Installation pods) read; none makes a pod.
_CALICO_NO_PODS: Final = frozenset({"projectcalico.org", "crd.projectcalico.org"})


# AWS's controllers and EKS' configuration (eks-workshop-v2's modules; aws-samples/eks-workshop-v2 @bb1b30007ba6):
# - AWS Controllers for Kubernetes, every ``<service>.services.k8s.aws`` group (dynamodb's Table, iam's Policy and Role,
#   eks' PodIdentityAssociation...): each kind is an AWS resource its service controller creates through the AWS API
#   (aws-controllers-k8s/runtime @00ef7134b822 pkg/runtime/reconciler.go resourceReconciler.createResource: rm.Create),
#   never a pod of the object (an eks Addon's pods are the add-on EKS installs, not written in it);
# - the AWS Load Balancer Controller's settings of the load balancers it makes (kubernetes-sigs/aws-load-balancer-controller
#   apis/elbv2/v1beta1/ingressclassparams_types.go @3c75edb829ee, targetgroupbinding_types.go @6a8bdd0b22fd;
#   apis/gateway/v1beta1/loadbalancerconfig_types.go @b7b38a7d1413, targetgroupconfig_types.go @4c5857e6fc0f,
#   listenerruleconfig_types.go @1655f712f8fd), and EKS Auto Mode's built-in controller's IngressClassParams and its
#   NodeClass (eks.amazonaws.com/v1: docs.aws.amazon.com/eks/latest/userguide/auto-configure-alb.html,
#   auto-networking.html: load balancer and node network settings, no pod);
# - the AWS Gateway API Controller's VPC Lattice policies and exports (aws/aws-application-networking-k8s
#   pkg/apis/applicationnetworking/v1alpha1 @06b631df5555 targetgrouppolicy_types.go: ``targetRef`` a Service, its
#   protocol and health check; vpcassociationpolicy, accesslogpolicy, authpolicy, serviceexport, serviceimport);
# - the VPC resource controller's CNINode (aws/amazon-vpc-resource-controller-k8s @60e94d4b5255
#   apis/vpcresources/v1alpha1/cninode_types.go: a node's ENI features); its SecurityGroupPolicy is describes.py's;
# - nodeadm's NodeConfig (awslabs/amazon-eks-ami @28af74fd195b nodeadm/api/v1alpha1/nodeconfig_types.go): the
#   configuration nodeadm reads on a node (hybrid nodes' user data) to join it to the cluster, never applied to one;
# - the Secrets Store CSI Driver's SecretProviderClass and SecretProviderClassPodStatus (kubernetes-sigs/
#   secrets-store-csi-driver @dca6d3fcc88b apis/v1/secretproviderclass_types.go): what the driver mounts into the pods
#   whose CSI volume names the class, and the record of such a mount;
# - NetApp Trident's TridentBackendConfig (NetApp/trident @3173b5fb35aa persistent_store/crd/apis/netapp/v1/
#   backendconfig.go): a storage backend's settings and credentials; its TridentOrchestrator stays searched.
_AWS_NO_PODS: Final = frozenset({"application-networking.k8s.aws", "node.eks.aws", "secrets-store.csi.x-k8s.io"})
_AWS_NO_POD_SUFFIXES: Final = ("services.k8s.aws",)
_AWS_NO_POD_KINDS: Final = frozenset(
    {
        ("elbv2.k8s.aws", "IngressClassParams"), ("elbv2.k8s.aws", "TargetGroupBinding"),
        *(("gateway.k8s.aws", k) for k in ("LoadBalancerConfiguration", "TargetGroupConfiguration", "ListenerRuleConfiguration")),
        ("eks.amazonaws.com", "IngressClassParams"), ("eks.amazonaws.com", "NodeClass"),
        ("vpcresources.k8s.aws", "CNINode"), ("trident.netapp.io", "TridentBackendConfig"),
    }
)  # fmt: skip

# Chaos Mesh's experiments (chaos-mesh/chaos-mesh @608b61e7c1b1 api/v1alpha1/*_types.go, config/crd/bases/): PodChaos
# kills or fails the pods it selects, NetworkChaos, StressChaos, IOChaos, TimeChaos, KernelChaos, HTTPChaos, JVMChaos,
# BlockChaos and DNSChaos are injected into the selected pods' containers by the chaos-daemon DaemonSet the chart runs
# (controllers/chaosimpl/stresschaos/impl.go Apply: ``pbClient.ExecStressors``), AWSChaos, GCPChaos and AzureChaos
# stop cloud instances through the cloud's API, PhysicalMachineChaos and PhysicalMachine reach chaosd on machines outside
# the cluster; PodNetworkChaos, PodIOChaos and PodHttpChaos are the per-pod records the daemon applies, StatusCheck an
# HTTP probe the controller runs. None makes a pod (cnti-testcatalog/testsuite @6370ad5d2cf7
# embedded_files/chaos_*.yml). Its Workflow (kinds.py), WorkflowNode and Schedule, which may hold a workflow's task
# pods, and RemoteCluster, which installs Chaos Mesh into another cluster, stay searched.
_CHAOS_MESH_NO_POD_KINDS: Final = frozenset(
    ("chaos-mesh.org", k)
    for k in (
        "PodChaos", "NetworkChaos", "StressChaos", "IOChaos", "TimeChaos", "KernelChaos", "HTTPChaos", "JVMChaos",
        "BlockChaos", "DNSChaos", "AWSChaos", "GCPChaos", "AzureChaos", "PhysicalMachineChaos", "PhysicalMachine",
        "PodNetworkChaos", "PodIOChaos", "PodHttpChaos", "StatusCheck",
    )
)  # fmt: skip

# Karmada's member-cluster records and multi-cluster networking (karmada-io/karmada @f8fdd02df376
# pkg/apis/cluster/v1alpha1/types.go Cluster: a member cluster's API endpoint, secrets, taints and resource models;
# pkg/apis/networking/v1alpha1: MultiClusterIngress, MultiClusterService, which expose other clusters' Services):
# the karmada-controller-manager and agents (plain Deployments) act on them, none makes a pod.
_KARMADA_NO_PODS: Final = frozenset({"cluster.karmada.io", "networking.karmada.io"})

# Kube-OVN's network objects (kubeovn/kube-ovn @1533681d7a6b pkg/apis/kubeovn/v1): the controller turns them into OVN
# logical switches, routers, ACLs, NAT and BGP settings; none makes a pod (pkg/controller creates workloads only for
# VpcNatGateway (kinds_kubeovn.py), VpcEgressGateway, VpcDns, a Vpc's vpc-lb and LoadBalancer Services).
# Intel's Kubernetes Power Manager's node tuning objects (intel/kubernetes-power-manager @e6bed6d30b6c api/v1): the
# node agent applies them to the node's CPUs; only PowerConfig makes a pod (kinds_powermanager.py).
_NETWORK_POWER_NO_POD_KINDS: Final = frozenset(
    {("kubeovn.io", kind) for kind in (
        "Subnet", "IP", "IPPool", "Vlan", "ProviderNetwork", "Vip", "SwitchLBRule", "RouterLBRule", "SecurityGroup",
        "QoSPolicy", "OvnEip", "OvnFip", "OvnSnatRule", "OvnDnatRule", "IptablesEIP", "IptablesFIPRule",
        "IptablesSnatRule", "IptablesDnatRule", "BgpConf", "EvpnConf", "DNSNameResolver")}
    | {("power.intel.com", kind) for kind in (
        "PowerProfile", "PowerWorkload", "PowerNode", "PowerPod", "CStates", "Uncore", "TimeOfDay", "TimeOfDayCronJob")}
)  # fmt: skip

# Yatai's Bento (bentoml/yatai-image-builder @816fd1385bcc apis/resources/v1alpha1/bento_types.go): the record of a
# Bento's built image, runners and models, which a BentoRequest's controller writes and a BentoDeployment reads its image
# from (kinds_yatai.py, kinds_yatai_image_builder.py); no controller makes a pod of it.
_YATAI_NO_POD_KINDS: Final = frozenset({("resources.yatai.ai", "Bento")})

# Nephio's and Porch's package and infrastructure records (nephio-project/nephio-example-packages @5ebaf4ba41ce: the
# CRDs of nephio-controllers/crd/bases, resource-backend/crd/bases and porch-dev/0-*.yaml; nephio-project/api
# infra/v1alpha1, nf_requirements/v1alpha1): Porch's config.porch.kpt.dev PackageVariant, PackageVariantSet and
# Repository clone and register kpt packages in git; infra.nephio.org's WorkloadCluster, Network, Repository and
# Token are a cluster's CNIs and interfaces, a network's bridges and prefixes, a gitea repository and its access
# token; req.nephio.org's Interface, Capacity, DataNetwork and DataNetworkName are a network function's requirements
# that the kpt functions turn into its NFDeployment (kinds_free5gc.py), which alone makes pods; the resource backend's
# ipam.resource.nephio.org IPClaim, IPPrefix, NetworkInstance and vlan.resource.nephio.org VLANIndex, VLANClaim, VLAN
# are address and VLAN allocations. kpt's function configurations (fn.kpt.dev ApplyReplacements, StarlarkRun:
# GoogleContainerTools/kpt-functions-catalog) are read by a function while a package renders, never applied.
# OpenShift's image.openshift.io ImageStream (openshift/api image/v1/types.go) is a list of image tags; the builds that
# push to it are a BuildConfig's (kinds_openshift.py).
_NEPHIO_NO_POD_KINDS: Final = frozenset(
    {("config.porch.kpt.dev", k) for k in ("PackageVariant", "PackageVariantSet", "Repository")}
    | {("infra.nephio.org", k) for k in ("WorkloadCluster", "Network", "Repository", "Token")}
    | {("req.nephio.org", k) for k in ("Interface", "Capacity", "DataNetwork", "DataNetworkName")}
    | {("ipam.resource.nephio.org", k) for k in ("IPClaim", "IPPrefix", "NetworkInstance")}
    | {("vlan.resource.nephio.org", k) for k in ("VLANIndex", "VLANClaim", "VLAN")}
    | {("fn.kpt.dev", k) for k in ("ApplyReplacements", "StarlarkRun")}
    | {("image.openshift.io", "ImageStream")}
)  # fmt: skip

# Dapr's resources (dapr/dapr @d8450742ce32 pkg/apis/*/register.go, GroupName "dapr.io"; charts/dapr/crds): Component,
# Configuration, HTTPEndpoint, MCPServer, Resiliency, Subscription (v1alpha1, v2alpha1) and WorkflowAccessPolicy are
# settings each app's daprd sidecar loads (pkg/runtime/hotreload/loader); the operator only serves them and makes a
# Service for each Dapr-enabled app (pkg/operator/handlers). A Component's ``dapr.io/component-container`` annotation
# names a container the injector adds to the pods that ask for it (pkg/injector/patcher/sidecar_components.go), never a
# pod of its own: those pods are only as written (dapr.py).
_DAPR_NO_POD_KINDS: Final = frozenset(
    {("dapr.io", k) for k in ("Component", "Configuration", "HTTPEndpoint", "MCPServer", "Resiliency", "Subscription",
                              "WorkflowAccessPolicy")}
)  # fmt: skip

# The Infinispan operator's Cache (infinispan/infinispan-operator @16dba6cbde7e api/v2alpha1/cache_types.go): a cache the
# controller creates on the Infinispan cluster's servers through their REST API (controllers/cache_controller.go:
# ``cache.Create(spec.Template, ...)``), never a pod; the kinds that make pods are kinds_infinispan.py's.
_INFINISPAN_NO_POD_KINDS: Final = frozenset({("infinispan.org", "Cache")})
# OceanBase's tenant-level kinds (oceanbase/ob-operator @9f1ab81d62fd api/v1alpha1/obtenant*_types.go,
# obparameter_types.go): OBTenantOperation, OBTenantBackupPolicy, OBTenantBackup, OBTenantRestore, OBTenantVariable and
# OBParameter act on a running cluster through SQL (internal/resource/<kind>/*_task.go: no Job, Pod or workload is
# created; a backup policy creates OBTenantBackup objects); the observer pods are the OBCluster's (kinds_oceanbase.py).
# OBTenant (which runs a Job to tune a tenant by scenario) and OBClusterOperation (Jobs too) are not listed.
_OCEANBASE_NO_POD_KINDS: Final = frozenset(
    {("oceanbase.oceanbase.com", k) for k in ("OBTenantOperation", "OBTenantBackupPolicy", "OBTenantBackup", "OBTenantRestore",
                                             "OBTenantVariable", "OBParameter")}
)  # fmt: skip
# Chaos Mesh before 1.0 served its experiments in the group ``pingcap.com`` (chaos-mesh/chaos-mesh @7f304752b234
# api/v1alpha1/groupversion_info.go ``Group: "pingcap.com"``, moved to chaos-mesh.org by 26ec8ddc5, 2020-07-16): PodChaos,
# NetworkChaos, IOChaos, TimeChaos, KernelChaos and StressChaos (api/v1alpha1/*_types.go there), which act on the pods
# they select as their chaos-mesh.org successors do; the group's other kinds are the TiDB operator's and make pods.
_CHAOS_MESH_PINGCAP_NO_POD_KINDS: Final = frozenset(
    ("pingcap.com", k) for k in ("PodChaos", "NetworkChaos", "IOChaos", "TimeChaos", "KernelChaos", "StressChaos")
)
# Sealed Secrets' SealedSecret (bitnami-labs/sealed-secrets @86671a8851be pkg/apis/sealedsecrets/v1alpha1/register.go
# ``GroupName = "bitnami.com"``): ``encryptedData`` and a Secret ``template`` the controller decrypts into a Secret of
# the same name (pkg/controller/controller.go unseal: ``Secrets(ns).Create``/``Update``); its pod is the controller's
# own Deployment (helm/sealed-secrets), never made from a SealedSecret.
_SEALED_SECRETS_NO_POD_KINDS: Final = frozenset({("bitnami.com", "SealedSecret")})

# Stackable's configuration objects that its operators read and that make no pod: a ZookeeperZnode is a znode and
# its discovery ConfigMap (stackabletech/zookeeper-operator @79a5f62efbcf rust/operator-binary/src/znode_controller.rs),
# an AuthenticationClass a provider description the product operators read (stackabletech/operator-rs @7b9f9ac9a76f
# crates/stackable-operator/src/crd/authentication/core/mod.rs), a SecretClass the backend the secret-operator's CSI
# driver provisions volumes from (stackabletech/secret-operator @6639bb8f2278 rust/operator-binary/src/crd/secret_class).
_STACKABLE_NO_POD_KINDS: Final = frozenset(
    {("zookeeper.stackable.tech", "ZookeeperZnode"), ("authentication.stackable.tech", "AuthenticationClass"), ("secrets.stackable.tech", "SecretClass")}
)

# Metal3's baremetal-operator (metal3-io/baremetal-operator @02aa5059e348 apis/metal3.io/v1alpha1/*_types.go):
# its kinds describe physical hosts and their provisioning, which the operator drives through Ironic's API (a
# BareMetalHost's image is written to the machine's disk, not run in a pod); no controller of internal/controllers
# creates a Pod, Deployment, DaemonSet or Job. OpenShift's Machine API Machine (machine.openshift.io, the host a
# BareMetalHost becomes in examples/demo-hosts.yaml) likewise provisions a node, not a pod.
_METAL3_NO_POD_KINDS: Final = frozenset(
    {("metal3.io", k) for k in ("BareMetalHost", "BareMetalSwitch", "BMCEventSubscription", "DataImage", "FirmwareSchema",
                               "HardwareData", "HostClaim", "HostDeployPolicy", "HostFirmwareComponents",
                               "HostFirmwareSettings", "HostNetworkAttachment", "HostUpdatePolicy", "PreprovisioningImage")}
    | {("machine.openshift.io", "Machine")}
)  # fmt: skip
# Meridio (Nordix/Meridio @8c5b7f451807 pkg/controllers/{vip,gateway,stream,flow}/*_controller.go): a Vip, a Gateway,
# a Stream and a Flow are configuration the operator writes into the Trench's ConfigMap for the NSP to serve (trench/
# configmap.go); no workload is created for them. The pods are the Trench's, Attractor's and Conduit's (kinds_meridio.py).
_MERIDIO_NO_POD_KINDS: Final = frozenset(("meridio.nordix.org", k) for k in ("Vip", "Gateway", "Stream", "Flow"))
# SPIRE's controller manager (spiffe/spire-controller-manager @738e9ee98045 api/v1alpha1/clusterspiffeid_types.go,
# clusterfederatedtrustdomain_types.go, clusterstaticentry_types.go): a ClusterSPIFFEID selects pods
# (namespaceSelector, podSelector) for which the controller writes registration entries through the SPIRE server's
# API; a ClusterFederatedTrustDomain and a ClusterStaticEntry are entries too. None creates a pod (seen in
# Nordix/Meridio @8c5b7f451807 docs/demo/deployments/spire/spire.yaml, the rendered SPIRE chart).
_SPIRE_NO_POD_KINDS: Final = frozenset(
    ("spire.spiffe.io", k) for k in ("ClusterSPIFFEID", "ClusterFederatedTrustDomain", "ClusterStaticEntry")
)
# MCAD's quota tree (project-codeflare/multi-cluster-app-dispatcher @d47de4a43fae
# pkg/apis/quotaplugins/quotasubtree/v1alpha1/types.go): a QuotaSubtree is the quota management plugin's tree of
# quotas, which its dispatcher reads to admit AppWrappers; it creates nothing.
_MCAD_NO_POD_KINDS: Final = frozenset({("quota.codeflare.dev", "QuotaSubtree")})
# The Druid operator's DruidIngestion (datainfrahq/druid-operator @8da631fa8709 controllers/ingestion/reconciler.go
# CreateOrUpdate): an ingestion spec the operator submits to the Druid router over HTTP; it creates nothing in the
# cluster (its Druid is kinds_druid.py's).
_DRUID_NO_POD_KINDS: Final = frozenset({("druid.apache.org", "DruidIngestion")})

# The unqualified groups Kubernetes serves (k8s.io/api): any other group without a dot is another tool's
# (skaffold's ``skaffold/v4beta11`` Config), searched like a custom resource.
_UNQUALIFIED: Final = frozenset({"", "apps", "batch", "autoscaling", "policy", "extensions"})


def carries_no_pods(group: str, kind: object) -> bool:
    """Kinds known to carry no pods, never searched: Kubernetes' own groups outside the kinds table
    (``is_kubernetes_group``), OpenShift's node and cluster configuration (``_OPENSHIFT_NO_PODS``), KubeEdge's
    edge tasks, routes, devices and records (``_KUBEEDGE_NO_PODS``), Open Cluster Management's cluster records
    (``_OCM_NO_PODS``), the External Secrets Operator's secrets and generators (``_ESO_NO_PODS``), Linkerd's
    policies (``_LINKERD_NO_PODS``), Calico's network data (``_CALICO_NO_PODS``), Consul's config entries and gateway settings (``_CONSUL_NO_PODS`` but
    ``_CONSUL_POD_KINDS``), k3d's and ctlptl's cluster files (``_LOCAL_CLUSTERS``), the configuration kinds of groups whose other
    kinds make pods (``_NO_POD_KINDS``), and Config Connector's Google Cloud resources (``_NO_POD_SUFFIXES`` but ``_POD_GROUPS``), AWS' controllers' and
    EKS' settings and cloud resources (``_AWS_NO_PODS``, ``_AWS_NO_POD_KINDS``, ``_AWS_NO_POD_SUFFIXES``), Chaos Mesh's
    experiments (``_CHAOS_MESH_NO_POD_KINDS``), Karmada's member clusters and multi-cluster networking
    (``_KARMADA_NO_PODS``), Kube-OVN's network objects and the Power Manager's node tuning objects
    (``_NETWORK_POWER_NO_POD_KINDS``), Yatai's Bento records (``_YATAI_NO_POD_KINDS``), Nephio's, Porch's and kpt's package, infrastructure and
    function records and OpenShift's ImageStream (``_NEPHIO_NO_POD_KINDS``), Dapr's component, configuration,
    resiliency and subscription resources (``_DAPR_NO_POD_KINDS``), the Infinispan operator's Cache
    (``_INFINISPAN_NO_POD_KINDS``), OceanBase's tenant operations, backups and parameters (``_OCEANBASE_NO_POD_KINDS``),
    Chaos Mesh's experiments of before 1.0 (``_CHAOS_MESH_PINGCAP_NO_POD_KINDS``), Sealed Secrets' SealedSecret
    (``_SEALED_SECRETS_NO_POD_KINDS``), Stackable's ZookeeperZnode, AuthenticationClass and SecretClass
    (``_STACKABLE_NO_POD_KINDS``), Metal3's host kinds (``_METAL3_NO_POD_KINDS``),
    Meridio's Vip, Gateway, Stream and Flow (``_MERIDIO_NO_POD_KINDS``), SPIRE's registration kinds (``_SPIRE_NO_POD_KINDS``),
    MCAD's QuotaSubtree (``_MCAD_NO_POD_KINDS``), the Druid operator's DruidIngestion (``_DRUID_NO_POD_KINDS``)."""
    return (
        is_kubernetes_group(group)
        or group in _OPENSHIFT_NO_PODS
        or group in _KUBEEDGE_NO_PODS
        or group in _OCM_NO_PODS
        or group in _ESO_NO_PODS
        or group in _LINKERD_NO_PODS
        or (group in _CONSUL_NO_PODS and kind not in _CONSUL_POD_KINDS)
        or group in _CALICO_NO_PODS
        or group in _LOCAL_CLUSTERS
        or (group, kind) in _NO_POD_KINDS
        or (group not in _POD_GROUPS and any(group == s or group.endswith("." + s) for s in _NO_POD_SUFFIXES))
        or group in _AWS_NO_PODS
        or (group, kind) in _AWS_NO_POD_KINDS
        or any(group.endswith("." + s) for s in _AWS_NO_POD_SUFFIXES)
        or (group, kind) in _CHAOS_MESH_NO_POD_KINDS
        or group in _KARMADA_NO_PODS
        or (group, kind) in _NETWORK_POWER_NO_POD_KINDS
        or (group, kind) in _YATAI_NO_POD_KINDS
        or (group, kind) in _NEPHIO_NO_POD_KINDS
        or (group, kind) in _DAPR_NO_POD_KINDS
        or (group, kind) in _INFINISPAN_NO_POD_KINDS
        or (group, kind) in _OCEANBASE_NO_POD_KINDS
        or (group, kind) in _CHAOS_MESH_PINGCAP_NO_POD_KINDS
        or (group, kind) in _SEALED_SECRETS_NO_POD_KINDS
        or (group, kind) in _STACKABLE_NO_POD_KINDS
        or (group, kind) in _METAL3_NO_POD_KINDS
        or (group, kind) in _MERIDIO_NO_POD_KINDS
        or (group, kind) in _SPIRE_NO_POD_KINDS
        or (group, kind) in _MCAD_NO_POD_KINDS
        or (group, kind) in _DRUID_NO_POD_KINDS
    )


def is_kubernetes_group(group: str) -> bool:
    """Kubernetes' own API groups: the core group, the unqualified ones
    (apps, batch, policy, autoscaling, extensions) and the ``*.k8s.io`` ones
    it serves or its projects keep without pods (``_KUBERNETES_K8S_IO``).
    Other ``x-k8s.io`` groups (``_KUBERNETES_X_K8S_IO`` aside) and ``*.k8s.io`` ones are custom resources;
    Karpenter's groups (``_KUBERNETES_PROJECTS``) carry no pods either."""
    return (
        group in _UNQUALIFIED
        or (group.endswith(".k8s.io") and group.removesuffix(".k8s.io") in _KUBERNETES_K8S_IO)
        or (group.endswith(".x-k8s.io") and group.removesuffix(".x-k8s.io") in _KUBERNETES_X_K8S_IO)
        or group in _KUBERNETES_PROJECTS
    )
