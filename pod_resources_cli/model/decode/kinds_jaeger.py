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
  container ``<name>-es-index-cleaner``.

Each container's resources are util.Merge's: the component's
``resources`` (``spec.allInOne``, ``spec.collector``, ``spec.query``,
``spec.ingester``, ``spec.agent`` for both agents,
``spec.storage.esIndexCleaner``) with ``spec.resources`` under them, key by
key within requests and limits (util.MergeResources: the first value of a
resource name wins); no default when neither is written. The pods are final.

Not modelled: the spark-dependencies CronJob (enabled by default for
Elasticsearch and Cassandra storage without TLS options, normalizeSparkDependencies),
the Elasticsearch rollover and lookback CronJobs and the schema Jobs
(storage/dependency.go), and the truncation of the index cleaner's name
past 52 characters.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

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
    )  # fmt: skip


JAEGER_KINDS: Final = (WorkloadKind("jaegertracing.io", "Jaeger", _pods(), f"{_REPO} apis/v1/jaeger_types.go, pkg/strategy/*.go"),)
