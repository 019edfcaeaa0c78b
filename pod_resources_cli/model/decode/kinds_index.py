"""The (API group, kind) of every operator kind in kinds_operators.py, with
the module of model/decode that holds it, known without building the tables:
kinds.find_kind loads that module when an object of the kind is met, not the
other operators' (scripts/gen_kinds_index.py writes this file;
test_workload_kinds keeps it equal to the tables' own)."""

from __future__ import annotations

from types import ModuleType
from typing import Final

OPERATOR_MODULES: Final[dict[tuple[str, str], str]] = {
    ("", "PersistentVolume"): "kinds_juicefs",
    ("acid.zalan.do", "postgresql"): "kinds_zalando",
    ("acme.cert-manager.io", "Challenge"): "kinds_certmanager",
    ("actions.github.com", "AutoscalingRunnerSet"): "kinds_arc",
    ("actions.github.com", "EphemeralRunner"): "kinds_arc",
    ("actions.github.com", "EphemeralRunnerSet"): "kinds_arc",
    ("actions.summerwind.dev", "Runner"): "kinds_arc",
    ("actions.summerwind.dev", "RunnerDeployment"): "kinds_arc",
    ("actions.summerwind.dev", "RunnerReplicaSet"): "kinds_arc",
    ("actions.summerwind.dev", "RunnerSet"): "kinds_arc",
    ("agent.k8s.elastic.co", "Agent"): "kinds_operators",
    ("amd.com", "DeviceConfig"): "kinds_amdgpu",
    ("apm.k8s.elastic.co", "ApmServer"): "kinds_operators",
    ("apps.emqx.io", "EMQX"): "kinds_emqx",
    ("apps.emqx.io", "EmqxBroker"): "kinds_emqx",
    ("apps.emqx.io", "EmqxEnterprise"): "kinds_emqx",
    ("apps.foundationdb.org", "FoundationDBBackup"): "kinds_foundationdb",
    ("apps.foundationdb.org", "FoundationDBCluster"): "kinds_foundationdb",
    ("apps.kruise.io", "AdvancedCronJob"): "kinds_kruise",
    ("apps.kruise.io", "BroadcastJob"): "kinds_kruise",
    ("apps.kruise.io", "CloneSet"): "kinds_kruise",
    ("apps.kruise.io", "DaemonSet"): "kinds_kruise",
    ("apps.kruise.io", "StatefulSet"): "kinds_kruise",
    ("apps.kruise.io", "UnitedDeployment"): "kinds_kruise",
    ("apps.kubeblocks.io", "Cluster"): "kinds_kubeblocks",
    ("apps.kubeblocks.io", "ComponentDefinition"): "kinds_kubeblocks",
    ("apps.nvidia.com", "NIMCache"): "kinds_nim",
    ("apps.nvidia.com", "NIMService"): "kinds_nim",
    ("apps.openshift.io", "DeploymentConfig"): "kinds_deploymentconfig",
    ("argoproj.io", "Application"): "kinds_apptemplate_argo",
    ("argoproj.io", "ArgoCD"): "kinds_argocd",
    ("argoproj.io", "ArgoCDExport"): "kinds_argocd",
    ("argoproj.io", "EventBus"): "kinds_argoevents",
    ("argoproj.io", "EventSource"): "kinds_argoevents",
    ("argoproj.io", "Sensor"): "kinds_argoevents",
    ("autoops.k8s.elastic.co", "AutoOpsAgentPolicy"): "kinds_operators",
    ("beat.k8s.elastic.co", "Beat"): "kinds_operators",
    ("broker.amq.io", "ActiveMQArtemis"): "kinds_artemis",
    ("broker.arkmq.org", "Broker"): "kinds_artemis",
    ("broker.arkmq.org", "BrokerService"): "kinds_artemis",
    ("build.openshift.io", "Build"): "kinds_openshift",
    ("build.openshift.io", "BuildConfig"): "kinds_openshift",
    ("camel.apache.org", "Integration"): "kinds_camelk",
    ("camel.apache.org", "Pipe"): "kinds_camelk",
    ("cassandra.datastax.com", "CassandraDatacenter"): "kinds_k8ssandra",
    ("cdi.kubevirt.io", "DataImportCron"): "kinds_cdi",
    ("cdi.kubevirt.io", "DataVolume"): "kinds_cdi",
    ("ceph.rook.io", "CephCluster"): "kinds_rook",
    ("ceph.rook.io", "CephFilesystem"): "kinds_rook",
    ("ceph.rook.io", "CephNFS"): "kinds_rook",
    ("cert-manager.io", "ClusterIssuer"): "kinds_certmanager",
    ("cert-manager.io", "Issuer"): "kinds_certmanager",
    ("clickhouse-keeper.altinity.com", "ClickHouseKeeperInstallation"): "kinds_clickhouse",
    ("clickhouse.altinity.com", "ClickHouseInstallation"): "kinds_clickhouse",
    ("clickhouse.altinity.com", "ClickHouseInstallationTemplate"): "kinds_clickhouse",
    ("clickhouse.com", "ClickHouseCluster"): "kinds_clickhouse_com",
    ("clickhouse.com", "KeeperCluster"): "kinds_clickhouse_com",
    ("collectors.grafana.com", "Alloy"): "kinds_alloy",
    ("components.platform.opendatahub.io", "AIGateway"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "AIPipelines"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "CodeFlare"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "Dashboard"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "DataSciencePipelines"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "FeastOperator"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "Kserve"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "Kueue"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "MCPLifecycleOperator"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "MLflowOperator"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "ModelMeshServing"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "ModelRegistry"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "ModelsAsService"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "OGX"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "Ray"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "SparkOperator"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "Trainer"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "TrainingOperator"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "TrustyAI"): "kinds_opendatahub",
    ("components.platform.opendatahub.io", "Workbenches"): "kinds_opendatahub",
    ("config.nri", "NriPluginDeployment"): "kinds_nriplugins",
    ("configmanagement.gke.io", "ConfigManagement"): "kinds_configsync",
    ("configsync.gke.io", "RepoSync"): "kinds_configsync",
    ("configsync.gke.io", "RootSync"): "kinds_configsync",
    ("core.k8sgpt.ai", "K8sGPT"): "kinds_k8sgpt",
    ("core.oam.dev", "Application"): "kinds_kubevela",
    ("core.openfeature.dev", "Flagd"): "kinds_openfeature",
    ("core.pingcap.com", "DM"): "kinds_tidb",
    ("core.pingcap.com", "DMGroup"): "kinds_tidb",
    ("core.pingcap.com", "DMWorker"): "kinds_tidb",
    ("core.pingcap.com", "DMWorkerGroup"): "kinds_tidb",
    ("core.pingcap.com", "PD"): "kinds_tidb",
    ("core.pingcap.com", "PDGroup"): "kinds_tidb",
    ("core.pingcap.com", "ResourceManager"): "kinds_tidb",
    ("core.pingcap.com", "ResourceManagerGroup"): "kinds_tidb",
    ("core.pingcap.com", "Router"): "kinds_tidb",
    ("core.pingcap.com", "RouterGroup"): "kinds_tidb",
    ("core.pingcap.com", "Scheduler"): "kinds_tidb",
    ("core.pingcap.com", "SchedulerGroup"): "kinds_tidb",
    ("core.pingcap.com", "Scheduling"): "kinds_tidb",
    ("core.pingcap.com", "SchedulingGroup"): "kinds_tidb",
    ("core.pingcap.com", "TSO"): "kinds_tidb",
    ("core.pingcap.com", "TSOGroup"): "kinds_tidb",
    ("core.pingcap.com", "TiCDC"): "kinds_tidb",
    ("core.pingcap.com", "TiCDCGroup"): "kinds_tidb",
    ("core.pingcap.com", "TiDB"): "kinds_tidb",
    ("core.pingcap.com", "TiDBGroup"): "kinds_tidb",
    ("core.pingcap.com", "TiFlash"): "kinds_tidb",
    ("core.pingcap.com", "TiFlashGroup"): "kinds_tidb",
    ("core.pingcap.com", "TiKV"): "kinds_tidb",
    ("core.pingcap.com", "TiKVGroup"): "kinds_tidb",
    ("core.pingcap.com", "TiKVWorker"): "kinds_tidb",
    ("core.pingcap.com", "TiKVWorkerGroup"): "kinds_tidb",
    ("core.pingcap.com", "TiProxy"): "kinds_tidb",
    ("core.pingcap.com", "TiProxyGroup"): "kinds_tidb",
    ("cr.kanister.io", "Blueprint"): "kinds_kanister",
    ("crdb.cockroachlabs.com", "CrdbCluster"): "kinds_cockroach",
    ("data.fluid.io", "AlluxioRuntime"): "kinds_fluid",
    ("data.fluid.io", "DataLoad"): "kinds_fluid",
    ("data.fluid.io", "EFCRuntime"): "kinds_fluid",
    ("data.fluid.io", "JindoRuntime"): "kinds_fluid",
    ("data.fluid.io", "JuiceFSRuntime"): "kinds_fluid",
    ("data.fluid.io", "ThinRuntime"): "kinds_fluid",
    ("data.fluid.io", "VineyardRuntime"): "kinds_fluid",
    ("database.arangodb.com", "ArangoDeployment"): "kinds_arango",
    ("database.oracle.com", "DataguardBroker"): "kinds_oracle",
    ("database.oracle.com", "SingleInstanceDatabase"): "kinds_oracle",
    ("databases.spotahome.com", "RedisFailover"): "kinds_redisfailover",
    ("datadoghq.com", "DatadogAgent"): "kinds_datadog",
    ("datasciencecluster.opendatahub.io", "DataScienceCluster"): "kinds_opendatahub",
    ("deviceplugin.intel.com", "DlbDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "DsaDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "FpgaDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "GpuDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "IaaDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "NpuDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "QatDevicePlugin"): "kinds_intel",
    ("deviceplugin.intel.com", "SgxDevicePlugin"): "kinds_intel",
    ("disaggregated.cluster.doris.com", "DorisDisaggregatedCluster"): "kinds_doris",
    ("doris.selectdb.com", "DorisCluster"): "kinds_doris",
    ("dragonflydb.io", "Dragonfly"): "kinds_dragonfly",
    ("druid.apache.org", "Druid"): "kinds_druid",
    ("dscinitialization.opendatahub.io", "DSCInitialization"): "kinds_opendatahub",
    ("elastic.pytorch.org", "ElasticJob"): "kinds_torchelastic",
    ("elasticsearch.k8s.elastic.co", "Elasticsearch"): "kinds_operators",
    ("enterprisesearch.k8s.elastic.co", "EnterpriseSearch"): "kinds_operators",
    ("feast.dev", "FeatureStore"): "kinds_feast",
    ("fission.io", "Environment"): "kinds_fission",
    ("flink.apache.org", "FlinkBlueGreenDeployment"): "kinds_operators",
    ("flink.apache.org", "FlinkDeployment"): "kinds_operators",
    ("fluentbit.fluent.io", "Collector"): "kinds_fluent",
    ("fluentbit.fluent.io", "FluentBit"): "kinds_fluent",
    ("fluentd.fluent.io", "Fluentd"): "kinds_fluent",
    ("flux-framework.org", "MetricSet"): "kinds_metricset",
    ("flux-framework.org", "MiniCluster"): "kinds_flux",
    ("gateway.envoyproxy.io", "EnvoyProxy"): "kinds_gateways",
    ("grafana.integreatly.org", "Grafana"): "kinds_grafana",
    ("greptime.io", "GreptimeDBCluster"): "kinds_greptime",
    ("greptime.io", "GreptimeDBStandalone"): "kinds_greptime",
    ("hazelcast.com", "Hazelcast"): "kinds_hazelcast",
    ("hazelcast.com", "ManagementCenter"): "kinds_hazelcast",
    ("hdfs.stackable.tech", "HdfsCluster"): "kinds_stackable_roles",
    ("helm.cattle.io", "HelmChart"): "kinds_helmchart",
    ("helm.toolkit.fluxcd.io", "HelmRelease"): "kinds_operators",
    ("hostpathprovisioner.kubevirt.io", "HostPathProvisioner"): "kinds_hpp",
    ("inference.llmaz.io", "BackendRuntime"): "kinds_llmaz",
    ("inference.llmaz.io", "Playground"): "kinds_llmaz",
    ("inference.llmkube.dev", "InferenceService"): "kinds_llmkube",
    ("infinispan.org", "Backup"): "kinds_infinispan",
    ("infinispan.org", "Batch"): "kinds_infinispan",
    ("infinispan.org", "Infinispan"): "kinds_infinispan",
    ("infinispan.org", "Restore"): "kinds_infinispan",
    ("infrastructure.opendatahub.io", "AWSKubernetesEngine"): "kinds_opendatahub",
    ("infrastructure.opendatahub.io", "AzureKubernetesEngine"): "kinds_opendatahub",
    ("infrastructure.opendatahub.io", "CoreWeaveKubernetesEngine"): "kinds_opendatahub",
    ("installation.mattermost.com", "Mattermost"): "kinds_mattermost",
    ("intel.com", "ModelServer"): "kinds_openvino",
    ("intel.com", "Notebook"): "kinds_openvino",
    ("jaegertracing.io", "Jaeger"): "kinds_jaeger",
    ("jenkins.io", "Jenkins"): "kinds_jenkins",
    ("k6.io", "K6"): "kinds_k6",
    ("k6.io", "TestRun"): "kinds_k6",
    ("k8s.mariadb.com", "MariaDB"): "kinds_stores",
    ("k8s.mariadb.com", "MaxScale"): "kinds_stores",
    ("k8ssandra.io", "K8ssandraCluster"): "kinds_k8ssandra",
    ("k8up.io", "Archive"): "kinds_k8up",
    ("k8up.io", "Backup"): "kinds_k8up",
    ("k8up.io", "Check"): "kinds_k8up",
    ("k8up.io", "PodConfig"): "kinds_k8up",
    ("k8up.io", "PreBackupPod"): "kinds_k8up",
    ("k8up.io", "Prune"): "kinds_k8up",
    ("k8up.io", "Restore"): "kinds_k8up",
    ("k8up.io", "Schedule"): "kinds_k8up",
    ("kafka.banzaicloud.io", "KafkaCluster"): "kinds_koperator",
    ("kafka.stackable.tech", "KafkaCluster"): "kinds_stackable_roles",
    ("kafka.strimzi.io", "Kafka"): "kinds_strimzi",
    ("kafka.strimzi.io", "KafkaBridge"): "kinds_strimzi",
    ("kafka.strimzi.io", "KafkaConnect"): "kinds_strimzi",
    ("kafka.strimzi.io", "KafkaMirrorMaker2"): "kinds_strimzi",
    ("kafka.strimzi.io", "KafkaNodePool"): "kinds_strimzi",
    ("kai.scheduler", "SchedulingShard"): "kinds_kai",
    ("kiali.io", "Kiali"): "kinds_kiali",
    ("kibana.k8s.elastic.co", "Kibana"): "kinds_operators",
    ("kmm.sigs.x-k8s.io", "Module"): "kinds_kmm",
    ("kro.run", "ResourceGraphDefinition"): "kinds_kro",
    ("kubeovn.io", "VpcNatGateway"): "kinds_kubeovn",
    ("kubernetes.dask.org", "DaskCluster"): "kinds_dask",
    ("kubernetes.dask.org", "DaskJob"): "kinds_dask",
    ("kubernetes.dask.org", "DaskWorkerGroup"): "kinds_dask",
    ("kubevirt.io", "VirtualMachine"): "kinds_kubevirt",
    ("kubevirt.io", "VirtualMachineInstance"): "kinds_kubevirt",
    ("kubevirt.io", "VirtualMachineInstanceReplicaSet"): "kinds_kubevirt",
    ("logging-extensions.banzaicloud.io", "EventTailer"): "kinds_logging",
    ("logging-extensions.banzaicloud.io", "HostTailer"): "kinds_logging",
    ("logging.banzaicloud.io", "FluentbitAgent"): "kinds_logging",
    ("logging.banzaicloud.io", "FluentdConfig"): "kinds_logging",
    ("logging.banzaicloud.io", "Logging"): "kinds_logging",
    ("logging.banzaicloud.io", "SyslogNGConfig"): "kinds_logging",
    ("logstash.k8s.elastic.co", "Logstash"): "kinds_operators",
    ("loki.grafana.com", "LokiStack"): "kinds_loki",
    ("maps.k8s.elastic.co", "ElasticMapsServer"): "kinds_operators",
    ("mattermost.com", "ClusterInstallation"): "kinds_mattermost",
    ("mellanox.com", "NicClusterPolicy"): "kinds_nicclusterpolicy",
    ("meridio.nordix.org", "Attractor"): "kinds_meridio",
    ("meridio.nordix.org", "Conduit"): "kinds_meridio",
    ("meridio.nordix.org", "Trench"): "kinds_meridio",
    ("milvus.io", "Milvus"): "kinds_milvus",
    ("milvus.io", "MilvusCluster"): "kinds_milvus",
    ("milvus.io", "MilvusUpgrade"): "kinds_milvus",
    ("minio.min.io", "Tenant"): "kinds_stores",
    ("mlops.seldon.io", "SeldonConfig"): "kinds_seldon",
    ("mlops.seldon.io", "SeldonRuntime"): "kinds_seldon",
    ("mlops.seldon.io", "Server"): "kinds_seldon",
    ("mlops.seldon.io", "ServerConfig"): "kinds_seldon",
    ("modelregistry.opendatahub.io", "ModelRegistry"): "kinds_modelregistry",
    ("mongodbcommunity.mongodb.com", "MongoDBCommunity"): "kinds_mongodb",
    ("monitoring.coreos.com", "Alertmanager"): "kinds_monitoring",
    ("monitoring.coreos.com", "Prometheus"): "kinds_monitoring",
    ("monitoring.coreos.com", "PrometheusAgent"): "kinds_monitoring",
    ("monitoring.coreos.com", "ThanosRuler"): "kinds_monitoring",
    ("monitoring.grafana.com", "GrafanaAgent"): "kinds_grafana_agent",
    ("mysql.oracle.com", "InnoDBCluster"): "kinds_mysql",
    ("nats.io", "NatsCluster"): "kinds_nats",
    ("nfd.openshift.io", "NodeFeatureDiscovery"): "kinds_nfd_openshift",
    ("nodetopology.openshift.io", "NUMAResourcesOperator"): "kinds_numaresources",
    ("nodetopology.openshift.io", "NUMAResourcesScheduler"): "kinds_numaresources",
    ("nvidia.com", "DynamoGraphDeployment"): "kinds_dynamo",
    ("observability.oracle.com", "DatabaseObserver"): "kinds_oracle",
    ("oceanbase.oceanbase.com", "OBCluster"): "kinds_oceanbase",
    ("ocs.openshift.io", "StorageCluster"): "kinds_ocs",
    ("ollama.ayaka.io", "Model"): "kinds_ollama",
    ("ome.io", "BenchmarkJob"): "kinds_ome",
    ("ome.io", "ClusterServingRuntime"): "kinds_ome",
    ("ome.io", "InferenceService"): "kinds_ome",
    ("ome.io", "ServingRuntime"): "kinds_ome",
    ("openfaas.com", "Function"): "kinds_openfaas",
    ("opensearch.opster.io", "OpenSearchCluster"): "kinds_opensearch",
    ("opensearch.org", "OpenSearchCluster"): "kinds_opensearch",
    ("opentelemetry.io", "OpAMPBridge"): "kinds_opentelemetry",
    ("opentelemetry.io", "OpenTelemetryCollector"): "kinds_opentelemetry",
    ("operator.gatekeeper.sh", "Gatekeeper"): "kinds_gatekeeper",
    ("operator.karmada.io", "Karmada"): "kinds_karmada",
    ("operator.tigera.io", "Installation"): "kinds_tigera",
    ("operator.victoriametrics.com", "VMAgent"): "kinds_victoriametrics",
    ("operator.victoriametrics.com", "VMAlert"): "kinds_victoriametrics",
    ("operator.victoriametrics.com", "VMAlertmanager"): "kinds_victoriametrics",
    ("operator.victoriametrics.com", "VMAuth"): "kinds_victoriametrics",
    ("operator.victoriametrics.com", "VMCluster"): "kinds_victoriametrics",
    ("operator.victoriametrics.com", "VMSingle"): "kinds_victoriametrics",
    ("operators.coreos.com", "CatalogSource"): "kinds_olm",
    ("operators.coreos.com", "ClusterServiceVersion"): "kinds_olm",
    ("orchestration.aibrix.ai", "KVCache"): "kinds_aibrix",
    ("org.eclipse.che", "CheCluster"): "kinds_che",
    ("packageregistry.k8s.elastic.co", "PackageRegistry"): "kinds_operators",
    ("pathways-job.pathways.domain", "PathwaysJob"): "kinds_pathways",
    ("pgv2.percona.com", "PerconaPGCluster"): "kinds_perconapg",
    ("pingcap.com", "TidbCluster"): "kinds_tidbcluster",
    ("piraeus.io", "LinstorCluster"): "kinds_piraeus",
    ("piraeus.io", "LinstorSatellite"): "kinds_piraeus",
    ("piraeus.io", "LinstorSatelliteConfiguration"): "kinds_piraeus",
    ("pkg.crossplane.io", "DeploymentRuntimeConfig"): "kinds_crossplane",
    ("planetscale.com", "EtcdLockserver"): "kinds_vitess",
    ("planetscale.com", "VitessCell"): "kinds_vitess",
    ("planetscale.com", "VitessCluster"): "kinds_vitess",
    ("planetscale.com", "VitessKeyspace"): "kinds_vitess",
    ("planetscale.com", "VitessShard"): "kinds_vitess",
    ("platform.confluent.io", "Connect"): "kinds_confluent",
    ("platform.confluent.io", "KRaftController"): "kinds_confluent",
    ("platform.confluent.io", "Kafka"): "kinds_confluent",
    ("platform.confluent.io", "Zookeeper"): "kinds_confluent",
    ("pmem-csi.intel.com", "PmemCSIDeployment"): "kinds_pmemcsi",
    ("policies.kubewarden.io", "PolicyServer"): "kinds_kubewarden",
    ("pool.kubevirt.io", "VirtualMachinePool"): "kinds_kubevirt",
    ("postgres-operator.crunchydata.com", "PGAdmin"): "kinds_crunchy",
    ("postgres-operator.crunchydata.com", "PGUpgrade"): "kinds_crunchy",
    ("postgres-operator.crunchydata.com", "PostgresCluster"): "kinds_crunchy",
    ("postgresql.cnpg.io", "Cluster"): "kinds_cloudnativepg",
    ("postgresql.cnpg.io", "Pooler"): "kinds_cloudnativepg",
    ("power.intel.com", "PowerConfig"): "kinds_powermanager",
    ("production-stack.vllm.ai", "CacheServer"): "kinds_operators",
    ("production-stack.vllm.ai", "VLLMRouter"): "kinds_operators",
    ("production-stack.vllm.ai", "VLLMRuntime"): "kinds_operators",
    ("projectcontour.io", "ContourDeployment"): "kinds_gateways",
    ("ps.percona.com", "PerconaServerMySQL"): "kinds_psmysql",
    ("psmdb.percona.com", "PerconaServerMongoDB"): "kinds_stores",
    ("psmdb.percona.com", "PerconaServerMongoDBClusterSync"): "kinds_stores",
    ("ptp.openshift.io", "PtpOperatorConfig"): "kinds_ptp",
    ("pxc.percona.com", "PerconaXtraDBCluster"): "kinds_pxc",
    ("pxc.percona.com", "PerconaXtraDBClusterRestore"): "kinds_pxc",
    ("rabbitmq.com", "RabbitmqCluster"): "kinds_rabbitmq",
    ("reaper.k8ssandra.io", "Reaper"): "kinds_k8ssandra",
    ("redis.redis.opstreelabs.in", "Redis"): "kinds_redis",
    ("redis.redis.opstreelabs.in", "RedisCluster"): "kinds_redis",
    ("redis.redis.opstreelabs.in", "RedisReplication"): "kinds_redis",
    ("redis.redis.opstreelabs.in", "RedisSentinel"): "kinds_redis",
    ("redpanda.vectorized.io", "Cluster"): "kinds_redpanda",
    ("resource.nvidia.com", "ComputeDomain"): "kinds_computedomain",
    ("resources.yatai.ai", "BentoRequest"): "kinds_yatai_image_builder",
    ("risingwave.risingwavelabs.com", "RisingWave"): "kinds_risingwave",
    ("rocketmq.apache.org", "Broker"): "kinds_rocketmq",
    ("rocketmq.apache.org", "Console"): "kinds_rocketmq",
    ("rocketmq.apache.org", "Controller"): "kinds_rocketmq",
    ("rocketmq.apache.org", "NameService"): "kinds_rocketmq",
    ("scylla.scylladb.com", "NodeConfig"): "kinds_scylla",
    ("scylla.scylladb.com", "ScyllaCluster"): "kinds_scylla",
    ("scylla.scylladb.com", "ScyllaDBDatacenter"): "kinds_scylla",
    ("scylla.scylladb.com", "ScyllaDBMonitoring"): "kinds_scylla",
    ("seaweed.seaweedfs.com", "AdminScript"): "kinds_seaweed",
    ("seaweed.seaweedfs.com", "Seaweed"): "kinds_seaweed",
    ("seaweed.seaweedfs.com", "SeaweedBackup"): "kinds_seaweed",
    ("seaweed.seaweedfs.com", "SeaweedCSIDriver"): "kinds_seaweed",
    ("seaweed.seaweedfs.com", "SeaweedRestore"): "kinds_seaweed",
    ("security-profiles-operator.x-k8s.io", "SecurityProfilesOperatorDaemon"): "kinds_spo",
    ("services.platform.opendatahub.io", "Monitoring"): "kinds_opendatahub",
    ("serving.kserve.io", "ClusterServingRuntime"): "kinds_operators",
    ("serving.kserve.io", "InferenceService"): "kinds_operators",
    ("serving.kserve.io", "LLMInferenceService"): "kinds_operators",
    ("serving.kserve.io", "LLMInferenceServiceConfig"): "kinds_operators",
    ("serving.kserve.io", "ServingRuntime"): "kinds_operators",
    ("serving.kubeflow.org", "InferenceService"): "kinds_kfserving",
    ("serving.yatai.ai", "BentoDeployment"): "kinds_yatai",
    ("skaffold", "Config"): "kinds_skaffold",
    ("slinky.slurm.net", "Accounting"): "kinds_slurm",
    ("slinky.slurm.net", "Controller"): "kinds_slurm",
    ("slinky.slurm.net", "LoginSet"): "kinds_slurm",
    ("slinky.slurm.net", "NodeSet"): "kinds_slurm",
    ("slinky.slurm.net", "RestApi"): "kinds_slurm",
    ("solr.apache.org", "SolrCloud"): "kinds_solr",
    ("solr.apache.org", "SolrPrometheusExporter"): "kinds_solr",
    ("spark.stackable.tech", "SparkApplication"): "kinds_stackable",
    ("sriovnetwork.openshift.io", "SriovOperatorConfig"): "kinds_sriov",
    ("starrocks.com", "StarRocksCluster"): "kinds_starrocks",
    ("starrocks.com", "StarRocksWarehouse"): "kinds_starrocks",
    ("storage.arangodb.com", "ArangoLocalStorage"): "kinds_arango",
    ("storage.k8s.io", "StorageClass"): "kinds_juicefs",
    ("tekton.dev", "Pipeline"): "kinds_tekton",
    ("tekton.dev", "PipelineRun"): "kinds_tekton",
    ("tekton.dev", "Task"): "kinds_tekton",
    ("tekton.dev", "TaskRun"): "kinds_tekton",
    ("telemetry.kube-logging.dev", "Collector"): "kinds_telemetry",
    ("tempo.grafana.com", "TempoMonolithic"): "kinds_tempo",
    ("tempo.grafana.com", "TempoStack"): "kinds_tempo",
    ("testworkflows.testkube.io", "TestWorkflow"): "kinds_testkube",
    ("testworkflows.testkube.io", "TestWorkflowTemplate"): "kinds_testkube",
    ("training.kubedl.io", "ElasticDLJob"): "kinds_kubedl",
    ("training.kubedl.io", "MPIJob"): "kinds_kubedl",
    ("training.kubedl.io", "MarsJob"): "kinds_kubedl",
    ("training.kubedl.io", "PyTorchJob"): "kinds_kubedl",
    ("training.kubedl.io", "TFJob"): "kinds_kubedl",
    ("training.kubedl.io", "XDLJob"): "kinds_kubedl",
    ("training.kubedl.io", "XGBoostJob"): "kinds_kubedl",
    ("trino.stackable.tech", "TrinoCluster"): "kinds_stackable",
    ("upgrade.cattle.io", "Plan"): "kinds_upgrade",
    ("virtualservers.coreweave.com", "VirtualServer"): "kinds_coreweave",
    ("vllm.ai", "SemanticRouter"): "kinds_semanticrouter",
    ("volsync.backube", "ReplicationDestination"): "kinds_volsync",
    ("volsync.backube", "ReplicationSource"): "kinds_volsync",
    ("workload.nephio.org", "NFDeployment"): "kinds_free5gc",
    ("workloads.kubeblocks.io", "InstanceSet"): "kinds_kubeblocks",
    ("workloads.x-k8s.io", "RoleBasedGroup"): "kinds_rbg",
    ("workspace.devfile.io", "DevWorkspace"): "kinds_devworkspace",
    ("yugabyte.com", "YBCluster"): "kinds_yugabyte",
    ("zookeeper.pravega.io", "ZookeeperCluster"): "kinds_zookeeper",
    ("zookeeper.stackable.tech", "ZookeeperCluster"): "kinds_stackable_roles",
}  # fmt: skip
OPERATOR_KEYS: Final = frozenset(OPERATOR_MODULES)


def operator_module(name: str) -> ModuleType:
    """The module ``name`` of the index, imported by name here (each edge seen by the layer checks)."""
    match name:
        case "kinds_aibrix":
            from pod_resources_cli.model.decode import kinds_aibrix

            return kinds_aibrix
        case "kinds_alloy":
            from pod_resources_cli.model.decode import kinds_alloy

            return kinds_alloy
        case "kinds_amdgpu":
            from pod_resources_cli.model.decode import kinds_amdgpu

            return kinds_amdgpu
        case "kinds_apptemplate_argo":
            from pod_resources_cli.model.decode import kinds_apptemplate_argo

            return kinds_apptemplate_argo
        case "kinds_arango":
            from pod_resources_cli.model.decode import kinds_arango

            return kinds_arango
        case "kinds_arc":
            from pod_resources_cli.model.decode import kinds_arc

            return kinds_arc
        case "kinds_argocd":
            from pod_resources_cli.model.decode import kinds_argocd

            return kinds_argocd
        case "kinds_argoevents":
            from pod_resources_cli.model.decode import kinds_argoevents

            return kinds_argoevents
        case "kinds_artemis":
            from pod_resources_cli.model.decode import kinds_artemis

            return kinds_artemis
        case "kinds_camelk":
            from pod_resources_cli.model.decode import kinds_camelk

            return kinds_camelk
        case "kinds_cdi":
            from pod_resources_cli.model.decode import kinds_cdi

            return kinds_cdi
        case "kinds_certmanager":
            from pod_resources_cli.model.decode import kinds_certmanager

            return kinds_certmanager
        case "kinds_che":
            from pod_resources_cli.model.decode import kinds_che

            return kinds_che
        case "kinds_clickhouse":
            from pod_resources_cli.model.decode import kinds_clickhouse

            return kinds_clickhouse
        case "kinds_clickhouse_com":
            from pod_resources_cli.model.decode import kinds_clickhouse_com

            return kinds_clickhouse_com
        case "kinds_cloudnativepg":
            from pod_resources_cli.model.decode import kinds_cloudnativepg

            return kinds_cloudnativepg
        case "kinds_cockroach":
            from pod_resources_cli.model.decode import kinds_cockroach

            return kinds_cockroach
        case "kinds_computedomain":
            from pod_resources_cli.model.decode import kinds_computedomain

            return kinds_computedomain
        case "kinds_configsync":
            from pod_resources_cli.model.decode import kinds_configsync

            return kinds_configsync
        case "kinds_confluent":
            from pod_resources_cli.model.decode import kinds_confluent

            return kinds_confluent
        case "kinds_coreweave":
            from pod_resources_cli.model.decode import kinds_coreweave

            return kinds_coreweave
        case "kinds_crossplane":
            from pod_resources_cli.model.decode import kinds_crossplane

            return kinds_crossplane
        case "kinds_crunchy":
            from pod_resources_cli.model.decode import kinds_crunchy

            return kinds_crunchy
        case "kinds_dask":
            from pod_resources_cli.model.decode import kinds_dask

            return kinds_dask
        case "kinds_datadog":
            from pod_resources_cli.model.decode import kinds_datadog

            return kinds_datadog
        case "kinds_deploymentconfig":
            from pod_resources_cli.model.decode import kinds_deploymentconfig

            return kinds_deploymentconfig
        case "kinds_devworkspace":
            from pod_resources_cli.model.decode import kinds_devworkspace

            return kinds_devworkspace
        case "kinds_doris":
            from pod_resources_cli.model.decode import kinds_doris

            return kinds_doris
        case "kinds_dragonfly":
            from pod_resources_cli.model.decode import kinds_dragonfly

            return kinds_dragonfly
        case "kinds_druid":
            from pod_resources_cli.model.decode import kinds_druid

            return kinds_druid
        case "kinds_dynamo":
            from pod_resources_cli.model.decode import kinds_dynamo

            return kinds_dynamo
        case "kinds_emqx":
            from pod_resources_cli.model.decode import kinds_emqx

            return kinds_emqx
        case "kinds_feast":
            from pod_resources_cli.model.decode import kinds_feast

            return kinds_feast
        case "kinds_fission":
            from pod_resources_cli.model.decode import kinds_fission

            return kinds_fission
        case "kinds_fluent":
            from pod_resources_cli.model.decode import kinds_fluent

            return kinds_fluent
        case "kinds_fluid":
            from pod_resources_cli.model.decode import kinds_fluid

            return kinds_fluid
        case "kinds_flux":
            from pod_resources_cli.model.decode import kinds_flux

            return kinds_flux
        case "kinds_foundationdb":
            from pod_resources_cli.model.decode import kinds_foundationdb

            return kinds_foundationdb
        case "kinds_free5gc":
            from pod_resources_cli.model.decode import kinds_free5gc

            return kinds_free5gc
        case "kinds_gatekeeper":
            from pod_resources_cli.model.decode import kinds_gatekeeper

            return kinds_gatekeeper
        case "kinds_gateways":
            from pod_resources_cli.model.decode import kinds_gateways

            return kinds_gateways
        case "kinds_grafana":
            from pod_resources_cli.model.decode import kinds_grafana

            return kinds_grafana
        case "kinds_grafana_agent":
            from pod_resources_cli.model.decode import kinds_grafana_agent

            return kinds_grafana_agent
        case "kinds_greptime":
            from pod_resources_cli.model.decode import kinds_greptime

            return kinds_greptime
        case "kinds_hazelcast":
            from pod_resources_cli.model.decode import kinds_hazelcast

            return kinds_hazelcast
        case "kinds_helmchart":
            from pod_resources_cli.model.decode import kinds_helmchart

            return kinds_helmchart
        case "kinds_hpp":
            from pod_resources_cli.model.decode import kinds_hpp

            return kinds_hpp
        case "kinds_infinispan":
            from pod_resources_cli.model.decode import kinds_infinispan

            return kinds_infinispan
        case "kinds_intel":
            from pod_resources_cli.model.decode import kinds_intel

            return kinds_intel
        case "kinds_jaeger":
            from pod_resources_cli.model.decode import kinds_jaeger

            return kinds_jaeger
        case "kinds_jenkins":
            from pod_resources_cli.model.decode import kinds_jenkins

            return kinds_jenkins
        case "kinds_juicefs":
            from pod_resources_cli.model.decode import kinds_juicefs

            return kinds_juicefs
        case "kinds_k6":
            from pod_resources_cli.model.decode import kinds_k6

            return kinds_k6
        case "kinds_k8sgpt":
            from pod_resources_cli.model.decode import kinds_k8sgpt

            return kinds_k8sgpt
        case "kinds_k8ssandra":
            from pod_resources_cli.model.decode import kinds_k8ssandra

            return kinds_k8ssandra
        case "kinds_k8up":
            from pod_resources_cli.model.decode import kinds_k8up

            return kinds_k8up
        case "kinds_kai":
            from pod_resources_cli.model.decode import kinds_kai

            return kinds_kai
        case "kinds_kanister":
            from pod_resources_cli.model.decode import kinds_kanister

            return kinds_kanister
        case "kinds_karmada":
            from pod_resources_cli.model.decode import kinds_karmada

            return kinds_karmada
        case "kinds_kfserving":
            from pod_resources_cli.model.decode import kinds_kfserving

            return kinds_kfserving
        case "kinds_kiali":
            from pod_resources_cli.model.decode import kinds_kiali

            return kinds_kiali
        case "kinds_kmm":
            from pod_resources_cli.model.decode import kinds_kmm

            return kinds_kmm
        case "kinds_koperator":
            from pod_resources_cli.model.decode import kinds_koperator

            return kinds_koperator
        case "kinds_kro":
            from pod_resources_cli.model.decode import kinds_kro

            return kinds_kro
        case "kinds_kruise":
            from pod_resources_cli.model.decode import kinds_kruise

            return kinds_kruise
        case "kinds_kubeblocks":
            from pod_resources_cli.model.decode import kinds_kubeblocks

            return kinds_kubeblocks
        case "kinds_kubedl":
            from pod_resources_cli.model.decode import kinds_kubedl

            return kinds_kubedl
        case "kinds_kubeovn":
            from pod_resources_cli.model.decode import kinds_kubeovn

            return kinds_kubeovn
        case "kinds_kubevela":
            from pod_resources_cli.model.decode import kinds_kubevela

            return kinds_kubevela
        case "kinds_kubevirt":
            from pod_resources_cli.model.decode import kinds_kubevirt

            return kinds_kubevirt
        case "kinds_kubewarden":
            from pod_resources_cli.model.decode import kinds_kubewarden

            return kinds_kubewarden
        case "kinds_llmaz":
            from pod_resources_cli.model.decode import kinds_llmaz

            return kinds_llmaz
        case "kinds_llmkube":
            from pod_resources_cli.model.decode import kinds_llmkube

            return kinds_llmkube
        case "kinds_logging":
            from pod_resources_cli.model.decode import kinds_logging

            return kinds_logging
        case "kinds_loki":
            from pod_resources_cli.model.decode import kinds_loki

            return kinds_loki
        case "kinds_mattermost":
            from pod_resources_cli.model.decode import kinds_mattermost

            return kinds_mattermost
        case "kinds_meridio":
            from pod_resources_cli.model.decode import kinds_meridio

            return kinds_meridio
        case "kinds_metricset":
            from pod_resources_cli.model.decode import kinds_metricset

            return kinds_metricset
        case "kinds_milvus":
            from pod_resources_cli.model.decode import kinds_milvus

            return kinds_milvus
        case "kinds_modelregistry":
            from pod_resources_cli.model.decode import kinds_modelregistry

            return kinds_modelregistry
        case "kinds_mongodb":
            from pod_resources_cli.model.decode import kinds_mongodb

            return kinds_mongodb
        case "kinds_monitoring":
            from pod_resources_cli.model.decode import kinds_monitoring

            return kinds_monitoring
        case "kinds_mysql":
            from pod_resources_cli.model.decode import kinds_mysql

            return kinds_mysql
        case "kinds_nats":
            from pod_resources_cli.model.decode import kinds_nats

            return kinds_nats
        case "kinds_nfd_openshift":
            from pod_resources_cli.model.decode import kinds_nfd_openshift

            return kinds_nfd_openshift
        case "kinds_nicclusterpolicy":
            from pod_resources_cli.model.decode import kinds_nicclusterpolicy

            return kinds_nicclusterpolicy
        case "kinds_nim":
            from pod_resources_cli.model.decode import kinds_nim

            return kinds_nim
        case "kinds_nriplugins":
            from pod_resources_cli.model.decode import kinds_nriplugins

            return kinds_nriplugins
        case "kinds_numaresources":
            from pod_resources_cli.model.decode import kinds_numaresources

            return kinds_numaresources
        case "kinds_oceanbase":
            from pod_resources_cli.model.decode import kinds_oceanbase

            return kinds_oceanbase
        case "kinds_ocs":
            from pod_resources_cli.model.decode import kinds_ocs

            return kinds_ocs
        case "kinds_ollama":
            from pod_resources_cli.model.decode import kinds_ollama

            return kinds_ollama
        case "kinds_olm":
            from pod_resources_cli.model.decode import kinds_olm

            return kinds_olm
        case "kinds_ome":
            from pod_resources_cli.model.decode import kinds_ome

            return kinds_ome
        case "kinds_opendatahub":
            from pod_resources_cli.model.decode import kinds_opendatahub

            return kinds_opendatahub
        case "kinds_openfaas":
            from pod_resources_cli.model.decode import kinds_openfaas

            return kinds_openfaas
        case "kinds_openfeature":
            from pod_resources_cli.model.decode import kinds_openfeature

            return kinds_openfeature
        case "kinds_opensearch":
            from pod_resources_cli.model.decode import kinds_opensearch

            return kinds_opensearch
        case "kinds_openshift":
            from pod_resources_cli.model.decode import kinds_openshift

            return kinds_openshift
        case "kinds_opentelemetry":
            from pod_resources_cli.model.decode import kinds_opentelemetry

            return kinds_opentelemetry
        case "kinds_openvino":
            from pod_resources_cli.model.decode import kinds_openvino

            return kinds_openvino
        case "kinds_operators":
            from pod_resources_cli.model.decode import kinds_operators

            return kinds_operators
        case "kinds_oracle":
            from pod_resources_cli.model.decode import kinds_oracle

            return kinds_oracle
        case "kinds_pathways":
            from pod_resources_cli.model.decode import kinds_pathways

            return kinds_pathways
        case "kinds_perconapg":
            from pod_resources_cli.model.decode import kinds_perconapg

            return kinds_perconapg
        case "kinds_piraeus":
            from pod_resources_cli.model.decode import kinds_piraeus

            return kinds_piraeus
        case "kinds_pmemcsi":
            from pod_resources_cli.model.decode import kinds_pmemcsi

            return kinds_pmemcsi
        case "kinds_powermanager":
            from pod_resources_cli.model.decode import kinds_powermanager

            return kinds_powermanager
        case "kinds_psmysql":
            from pod_resources_cli.model.decode import kinds_psmysql

            return kinds_psmysql
        case "kinds_ptp":
            from pod_resources_cli.model.decode import kinds_ptp

            return kinds_ptp
        case "kinds_pxc":
            from pod_resources_cli.model.decode import kinds_pxc

            return kinds_pxc
        case "kinds_rabbitmq":
            from pod_resources_cli.model.decode import kinds_rabbitmq

            return kinds_rabbitmq
        case "kinds_rbg":
            from pod_resources_cli.model.decode import kinds_rbg

            return kinds_rbg
        case "kinds_redis":
            from pod_resources_cli.model.decode import kinds_redis

            return kinds_redis
        case "kinds_redisfailover":
            from pod_resources_cli.model.decode import kinds_redisfailover

            return kinds_redisfailover
        case "kinds_redpanda":
            from pod_resources_cli.model.decode import kinds_redpanda

            return kinds_redpanda
        case "kinds_risingwave":
            from pod_resources_cli.model.decode import kinds_risingwave

            return kinds_risingwave
        case "kinds_rocketmq":
            from pod_resources_cli.model.decode import kinds_rocketmq

            return kinds_rocketmq
        case "kinds_rook":
            from pod_resources_cli.model.decode import kinds_rook

            return kinds_rook
        case "kinds_scylla":
            from pod_resources_cli.model.decode import kinds_scylla

            return kinds_scylla
        case "kinds_seaweed":
            from pod_resources_cli.model.decode import kinds_seaweed

            return kinds_seaweed
        case "kinds_seldon":
            from pod_resources_cli.model.decode import kinds_seldon

            return kinds_seldon
        case "kinds_semanticrouter":
            from pod_resources_cli.model.decode import kinds_semanticrouter

            return kinds_semanticrouter
        case "kinds_skaffold":
            from pod_resources_cli.model.decode import kinds_skaffold

            return kinds_skaffold
        case "kinds_slurm":
            from pod_resources_cli.model.decode import kinds_slurm

            return kinds_slurm
        case "kinds_solr":
            from pod_resources_cli.model.decode import kinds_solr

            return kinds_solr
        case "kinds_spo":
            from pod_resources_cli.model.decode import kinds_spo

            return kinds_spo
        case "kinds_sriov":
            from pod_resources_cli.model.decode import kinds_sriov

            return kinds_sriov
        case "kinds_stackable":
            from pod_resources_cli.model.decode import kinds_stackable

            return kinds_stackable
        case "kinds_stackable_roles":
            from pod_resources_cli.model.decode import kinds_stackable_roles

            return kinds_stackable_roles
        case "kinds_starrocks":
            from pod_resources_cli.model.decode import kinds_starrocks

            return kinds_starrocks
        case "kinds_stores":
            from pod_resources_cli.model.decode import kinds_stores

            return kinds_stores
        case "kinds_strimzi":
            from pod_resources_cli.model.decode import kinds_strimzi

            return kinds_strimzi
        case "kinds_tekton":
            from pod_resources_cli.model.decode import kinds_tekton

            return kinds_tekton
        case "kinds_telemetry":
            from pod_resources_cli.model.decode import kinds_telemetry

            return kinds_telemetry
        case "kinds_tempo":
            from pod_resources_cli.model.decode import kinds_tempo

            return kinds_tempo
        case "kinds_testkube":
            from pod_resources_cli.model.decode import kinds_testkube

            return kinds_testkube
        case "kinds_tidb":
            from pod_resources_cli.model.decode import kinds_tidb

            return kinds_tidb
        case "kinds_tidbcluster":
            from pod_resources_cli.model.decode import kinds_tidbcluster

            return kinds_tidbcluster
        case "kinds_tigera":
            from pod_resources_cli.model.decode import kinds_tigera

            return kinds_tigera
        case "kinds_torchelastic":
            from pod_resources_cli.model.decode import kinds_torchelastic

            return kinds_torchelastic
        case "kinds_upgrade":
            from pod_resources_cli.model.decode import kinds_upgrade

            return kinds_upgrade
        case "kinds_victoriametrics":
            from pod_resources_cli.model.decode import kinds_victoriametrics

            return kinds_victoriametrics
        case "kinds_vitess":
            from pod_resources_cli.model.decode import kinds_vitess

            return kinds_vitess
        case "kinds_volsync":
            from pod_resources_cli.model.decode import kinds_volsync

            return kinds_volsync
        case "kinds_yatai":
            from pod_resources_cli.model.decode import kinds_yatai

            return kinds_yatai
        case "kinds_yatai_image_builder":
            from pod_resources_cli.model.decode import kinds_yatai_image_builder

            return kinds_yatai_image_builder
        case "kinds_yugabyte":
            from pod_resources_cli.model.decode import kinds_yugabyte

            return kinds_yugabyte
        case "kinds_zalando":
            from pod_resources_cli.model.decode import kinds_zalando

            return kinds_zalando
        case "kinds_zookeeper":
            from pod_resources_cli.model.decode import kinds_zookeeper

            return kinds_zookeeper
        case _:
            raise KeyError(name)
