"""explain, lint and admit see the same stored pod (kube/stored_pod.py): every
pod of ../shared/corpus and of every conformance suite gives the same
requests, limits, per-container values and QoS class through explain's
report, lint's rule context and admit's report -- `cpu: 100u` is `1m` in all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.analysis.explain import build_report
from pod_resources_cli.features import LATEST, FeatureGates
from pod_resources_cli.run.policies import collect_policies
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.location import Location
from pod_resources_cli.model.workload import Workload, WorkloadRef
from pod_resources_cli.model.items import WorkloadItem
from pod_resources_cli.run.pipeline import iter_items
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
            origin = policies.origin(item.document)
            ranges = policies.limit_ranges_for(item.workload.ref.namespace, origin)
            _seen_by_both(item.workload, item.location, gates, ranges, policies.priority_classes_for(origin))
            seen += 1
    assert seen >= 470  # 478 pods and templates when this test was written


CONFORMANCE = Path(__file__).resolve().parent / "conformance"
# every suite whose cases carry a pod (upstream-functions.json calls helpers with plain arguments)
POD_SUITES = sorted(
    str(p.relative_to(CONFORMANCE)) for p in CONFORMANCE.glob("*/*.json") if p.name != "upstream-functions.json"
)


def _pod_cases() -> list[Any]:
    return [p for p in case_params(*POD_SUITES) if "pod" in case(*p.values)]


def test_the_conformance_pods_are_all_taken() -> None:
    assert len(_pod_cases()) >= 2000  # 2,116 cases with a pod when this test was written


@pytest.mark.parametrize(("suite", "index"), _pod_cases())
def test_every_conformance_pod(suite: str, index: int) -> None:
    """explain, lint and admit (one pod on the default node) see the same stored pod."""
    from pod_resources_cli.analysis.admit import admit_workloads

    c = case(suite, index)
    pod = pod_of(c["pod"])
    workload = Workload(WorkloadRef("Pod", pod.name or "case"), pod, ())
    location = Location("case.json", 1, 1, 0)
    gates = gates_of(c)
    _seen_by_both(workload, location, gates)
    explained = build_report(workload, location, NODE, gates)
    admitted = admit_workloads([(workload, location)], NODE, gates).pods[0]
    assert _values(admitted.requests) == _values(explained.requests)
    assert _values(admitted.limits) == _values(explained.limits)
    assert [(c.name, _values(c.requests), _values(c.limits)) for c in admitted.containers] == [
        (c.name, _values(c.requests), _values(c.limits)) for c in explained.containers
    ]


def test_a_microcore_is_stored_as_a_millicore_in_both() -> None:
    from tests.support import pod_of as decode

    pod = decode({"metadata": {"name": "micro"}, "spec": {"containers": [{"name": "a", "resources": {
        "requests": {"cpu": "100u"}, "limits": {"cpu": "1000100u"}}}]}})  # fmt: skip
    workload = Workload(WorkloadRef("Pod", "micro"), pod, ())
    report = build_report(workload, Location("micro.yaml", 1, 1, 0), NODE, FeatureGates(LATEST))
    assert _values(report.requests) == {"cpu": "1m"} and _values(report.limits) == {"cpu": "1001m"}
    assert words(report.containers[0].why["requests.cpu"]) == "100u as written, rounded up to a milli-unit when stored (SetDefaults_ResourceList)"
    _seen_by_both(workload, Location("micro.yaml", 1, 1, 0), FeatureGates(LATEST))
