"""The Jaeger operator's Jaeger (jaegertracing.io/v1; jaegertracing/jaeger-operator
87d8ae049d91 apis/v1/jaeger_types.go), on Kubernetes (not OpenShift, where
the operator adds an oauth-proxy to the query pod and may provision
Elasticsearch through another operator).

Which pods follow from the strategy (pkg/strategy/controller.go
normalize): ``production`` and ``streaming`` hold only with a distributed
storage (``spec.storage.type`` cassandra, elasticsearch, kafka or
grpc-plugin; unset or unknown is memory); anything else is ``allInOne``:

- allInOne (pkg/deployment/all_in_one.go): one Deployment of one pod
  (no replicas field), container ``jaeger``;
- production (strategy/production.go): the collector Deployment
  (``spec.collector.replicas``, else one; collector.go, container
  ``jaeger-collector``) and the query Deployment (``spec.query.replicas``,
  query.go, ``jaeger-query``);
- streaming (strategy/streaming.go): the collector, the ingester
  (``spec.ingester.replicas``, ingester.go, ``jaeger-ingester``) and the
  query, into which the operator injects the agent sidecar ``jaeger-agent``
  (inject/sidecar.go) unless ``spec.query.tracingEnabled`` is false;
- in any strategy, the agent DaemonSet where ``spec.agent.strategy`` is
  ``DaemonSet`` in any case (agent.go, strings.EqualFold; container
  ``jaeger-agent-daemonset``; one pod a node);
- with Elasticsearch storage, in any strategy, the index cleaner CronJob
  (cronjob/es_index_cleaner.go; normalizeIndexCleaner enables it unless
  ``spec.storage.esIndexCleaner.enabled`` is false), one pod a run,
  container ``<name>-es-index-cleaner``;
- with Elasticsearch or Cassandra storage, the spark-dependencies CronJob
  (cronjob/spark_dependencies.go CreateSparkDependencies, one pod a run,
  container ``<name>-spark-dependencies``) where
  ``spec.storage.dependencies.enabled`` is true, or where it is unset and
  normalizeSparkDependencies enables it: no TLS among the storage options
  (``es.tls`` and ``es.tls.skip-host-verify`` not ``true`` in any case,
  ``es.tls.ca`` empty) and, for Elasticsearch, ``es.server-urls`` written
  (else ShouldInjectOpenShiftElasticsearchConfiguration holds); its
  resources are ``spec.storage.dependencies``'s;
- with Elasticsearch storage and the option ``es.use-aliases`` true in any
  case (storage/elasticsearch_dependencies.go EnableRollover): the
  ``<name>-es-rollover`` and ``<name>-es-lookback`` CronJobs
  (cronjob/es_rollover.go CreateRollover) and the
  ``<name>-es-rollover-create-mapping`` Job run before the other components
  (storage/dependency.go Dependencies), each one pod with
  ``spec.storage.esRollover``'s resources;
- with Cassandra storage, the ``<name>-cassandra-schema-job`` Job
  (storage/cassandra_dependencies.go cassandraDeps) unless
  ``spec.storage.cassandraCreateSchema.enabled`` is false, one pod with
  ``spec.collector``'s resources.

The storage options (``spec.storage.options``) are read as the operator
flattens them (apis/v1/options.go: nested keys joined by dots).

Each container's resources are util.Merge's: the component's
``resources`` (``spec.allInOne``, ``spec.collector``, ``spec.query``,
``spec.ingester``, ``spec.agent`` for both agents,
``spec.storage.esIndexCleaner``, ``spec.storage.dependencies``,
``spec.storage.esRollover``, ``spec.collector`` for the Cassandra schema
Job) with ``spec.resources`` under them, key by
key within requests and limits (util.MergeResources: the first value of a
resource name wins); no default when neither is written. The pods are final.

Not modelled: the truncation of the CronJobs' and Jobs' container names
(past 52 characters for the CronJobs, 63 for the Jobs).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, FieldMatch, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "jaegertracing/jaeger-operator"
_DISTRIBUTED: Final = FieldIn("spec.storage.type", ("cassandra", "elasticsearch", "kafka", "grpc-plugin"))
_SCALED: Final = ("production", "streaming")


def _container(name: str, source: str, resources: str, if_fields: tuple[FieldIn, ...] = ()) -> MainContainer:
    """``name`` with ``resources`` (a path from the root) merged over ``spec.resources``, key by key (util.Merge)."""
    shorthand = Shorthand(f"/{resources}.resources", "requirements", merged_over="/spec.resources")
    return MainContainer(name, f"{_REPO} {source}", shorthand=shorthand, if_fields=if_fields)


def _pod(path: str, label: str, main: tuple[MainContainer, ...], if_field: FieldIn | tuple[FieldIn, ...], count: tuple[str, ...] = ()) -> PodPath:
    return PodPath(path, "operator", count=count, label=label, main=main, empty_when_absent=True, always_made=True,
                   pod_fields=f"/{path}", if_field=if_field)  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    all_in_one = (_container("jaeger", "pkg/deployment/all_in_one.go", "spec.allInOne"),)
    collector = (_container("jaeger-collector", "pkg/deployment/collector.go", "spec.collector"),)
    query = _container("jaeger-query", "pkg/deployment/query.go", "spec.query")
    sidecar = _container("jaeger-agent", "pkg/inject/sidecar.go", "spec.agent", if_fields=(FieldIn("/spec.query.tracingEnabled", ("false",), negate=True),))
    ingester = (_container("jaeger-ingester", "pkg/deployment/ingester.go", "spec.ingester"),)
    agent = (_container("jaeger-agent-daemonset", "pkg/deployment/agent.go", "spec.agent"),)
    cleaner = (_container("{name}-es-index-cleaner", "pkg/cronjob/es_index_cleaner.go", "spec.storage.esIndexCleaner"),)
    scaled = (FieldIn("spec.strategy", _SCALED), _DISTRIBUTED)
    production = (FieldIn("spec.strategy", ("production",)), _DISTRIBUTED)
    streaming = (FieldIn("spec.strategy", ("streaming",)), _DISTRIBUTED)
    return (
        _pod("spec.allInOne", "all-in-one", all_in_one, FieldIn("spec.strategy", _SCALED, negate=True), ("1",)),
        _pod("spec.allInOne", "all-in-one", all_in_one, (FieldIn("spec.strategy", _SCALED), FieldIn(_DISTRIBUTED.path, _DISTRIBUTED.values, negate=True)), ("1",)),
        _pod("spec.collector", "collector", collector, scaled, ("/spec.collector.replicas=1",)),
        _pod("spec.query", "query", (query,), production, ("/spec.query.replicas=1",)),
        _pod("spec.query", "query", (query, sidecar), streaming, ("/spec.query.replicas=1",)),
        _pod("spec.ingester", "ingester", ingester, streaming, ("/spec.ingester.replicas=1",)),
        _pod("spec.agent", "agent", agent, FieldIn("spec.agent.strategy", ("daemonset",), match="fold")),
        _pod("spec.storage.esIndexCleaner", "es-index-cleaner", cleaner,
             (FieldIn("spec.storage.type", ("elasticsearch",)), FieldIn("spec.storage.esIndexCleaner.enabled", ("false",), negate=True)), ("1",)),
        *_storage_jobs(),
    )  # fmt: skip


def _option(name: str, values: tuple[str, ...], match: FieldMatch = "equal", negate: bool = False) -> FieldIn:
    """A test on the storage option ``name`` (apis/v1/options.go, flattened)."""
    return FieldIn("spec.storage.options", values, match=match, negate=negate, option=name)


def _storage_jobs() -> tuple[PodPath, ...]:
    """The CronJobs and Jobs made for the storage (see the module's words)."""
    spark = (_container("{name}-spark-dependencies", "pkg/cronjob/spark_dependencies.go", "spec.storage.dependencies"),)
    supported = FieldIn("spec.storage.type", ("elasticsearch", "cassandra"))
    unset = FieldIn("spec.storage.dependencies.enabled", (), match="written", negate=True)
    no_tls = (_option("es.tls", ("true",), "fold", negate=True), _option("es.tls.skip-host-verify", ("true",), "fold", negate=True),
              _option("es.tls.ca", ("",)))  # fmt: skip
    rollover = (FieldIn("spec.storage.type", ("elasticsearch",)), _option("es.use-aliases", ("true",), "fold"))
    cassandra = (FieldIn("spec.storage.type", ("cassandra",)), FieldIn("spec.storage.cassandraCreateSchema.enabled", ("false",), negate=True))

    def rollover_pod(suffix: str, source: str) -> PodPath:
        return _pod("spec.storage.esRollover", suffix, (_container(f"{{name}}-{suffix}", source, "spec.storage.esRollover"),), rollover, ("1",))

    return (
        _pod("spec.storage.dependencies", "spark-dependencies", spark, (supported, FieldIn("spec.storage.dependencies.enabled", ("true",))), ("1",)),
        _pod("spec.storage.dependencies", "spark-dependencies", spark, (FieldIn("spec.storage.type", ("cassandra",)), unset, *no_tls), ("1",)),
        _pod("spec.storage.dependencies", "spark-dependencies", spark,
             (FieldIn("spec.storage.type", ("elasticsearch",)), unset, _option("es.server-urls", (), "written"), *no_tls), ("1",)),
        rollover_pod("es-rollover", "pkg/cronjob/es_rollover.go rollover"),
        rollover_pod("es-lookback", "pkg/cronjob/es_rollover.go lookback"),
        rollover_pod("es-rollover-create-mapping", "pkg/storage/elasticsearch_dependencies.go elasticsearchDependencies"),
        _pod("spec.storage.cassandraCreateSchema", "cassandra-schema-job",
             (_container("{name}-cassandra-schema-job", "pkg/storage/cassandra_dependencies.go cassandraDeps", "spec.collector"),), cassandra, ("1",)),
    )  # fmt: skip


JAEGER_KINDS: Final = (WorkloadKind("jaegertracing.io", "Jaeger", _pods(), f"{_REPO} apis/v1/jaeger_types.go, pkg/strategy/*.go"),)
