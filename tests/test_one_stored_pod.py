"""explain and lint see the same stored pod (kube/stored_pod.py): every pod of
../shared/corpus and of the request and QoS conformance vectors gives the
same requests, limits, per-container values and QoS class through explain's
report and through lint's rule context -- `cpu: 100u` is `1m` in both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.analysis.explain import build_report
from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.input_policies import collect_policies
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.location import Location
from pod_resources_cli.model.workload import Workload, WorkloadRef
from pod_resources_cli.pipeline import WorkloadItem, iter_items
from pod_resources_cli.source.discover import expand_paths
from pod_resources_cli.source.limits import DEFAULT_LIMITS
from pod_resources_cli.source.node_file import load_default_node
from pod_resources_cli.why_words import words
from tests.support import case_params, case, gates_of, pod_of

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
NODE = load_default_node()


def _values(values: Any) -> dict[str, str]:
    return {name: q.canonical() for name, q in values.items()}


def _seen_by_both(workload: Workload, location: Location, gates: FeatureGates, limit_ranges: Any = (), classes: Any = None) -> None:
    report = build_report(workload, location, NODE, gates, limit_ranges, classes)
    ctx = RuleContext(workload, lambda pointer: location, gates, limit_ranges=limit_ranges, priority_classes=classes, location=location)
    assert _values(report.requests) == _values(ctx.requests)
    assert _values(report.limits) == _values(ctx.limits)
    assert report.qos.qos_class == ctx.qos.qos_class
    by_name = {c.name: c for c in ctx.pod.all_containers()}
    for c in report.containers:
        assert _values(c.requests) == _values(by_name[c.name].resources.req), c.name
        assert _values(c.limits) == _values(by_name[c.name].resources.lim), c.name


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not beside this checkout")
def test_every_corpus_pod() -> None:
    files = expand_paths([str(CORPUS)])
    policies = collect_policies(files, DEFAULT_LIMITS, None)
    gates = FeatureGates(LATEST)
    seen = 0
    for item in iter_items(files, limits=DEFAULT_LIMITS):
        if isinstance(item, WorkloadItem):
            ranges = policies.limit_ranges_for(item.workload.ref.namespace)
            _seen_by_both(item.workload, item.location, gates, ranges, policies.priority_classes)
            seen += 1
    assert seen >= 470  # 478 pods and templates when this test was written


@pytest.mark.parametrize(("suite", "index"), case_params("requests/upstream.json", "requests/oracle-curated.json", "qos/upstream.json", "qos/oracle-curated.json"))
def test_every_conformance_pod(suite: str, index: int) -> None:
    c = case(suite, index)
    pod = pod_of(c["pod"])
    workload = Workload(WorkloadRef("Pod", pod.name or "case"), pod, ())
    _seen_by_both(workload, Location("case.json", 1, 1, 0), gates_of(c))


def test_a_microcore_is_stored_as_a_millicore_in_both() -> None:
    from tests.support import pod_of as decode

    pod = decode({"metadata": {"name": "micro"}, "spec": {"containers": [{"name": "a", "resources": {
        "requests": {"cpu": "100u"}, "limits": {"cpu": "1000100u"}}}]}})  # fmt: skip
    workload = Workload(WorkloadRef("Pod", "micro"), pod, ())
    report = build_report(workload, Location("micro.yaml", 1, 1, 0), NODE, FeatureGates(LATEST))
    assert _values(report.requests) == {"cpu": "1m"} and _values(report.limits) == {"cpu": "1001m"}
    assert words(report.containers[0].why["requests.cpu"]) == "100u as written, rounded up to a milli-unit when stored (SetDefaults_ResourceList)"
    _seen_by_both(workload, Location("micro.yaml", 1, 1, 0), FeatureGates(LATEST))
