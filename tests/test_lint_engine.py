"""The engine: locations in streams, Lists and stdin, bad input, ignores,
namespace policies, order."""

from __future__ import annotations

import io
import sys

import pytest

from pod_resources_cli.run.lint import lint_paths
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.finding import Severity
from tests.lint_support import gates, lint_text

ONLY = LintConfig(select=frozenset({"PR101"}))

STREAM = """\
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {a: b}
---
apiVersion: v1
kind: Pod
metadata: {name: fine}
spec:
  containers:
  - name: app
    image: nginx
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
      - name: proxy
        image: envoy
        resources:
          requests: {cpu: "2"}
          limits: {cpu: "1"}
"""


def test_a_finding_in_a_stream_points_at_the_field() -> None:
    result = lint_text(STREAM, config=ONLY)
    [f] = result.findings
    assert (f.location.line, f.location.column, f.location.document) == (26, 22, 2)
    assert f.field == "spec.template.spec.containers[1].resources.requests"
    assert f.container == "proxy"
    assert f.object is not None and (f.object.kind, f.object.name, f.object.namespace) == ("Deployment", "web", "shop")
    assert 'Invalid value: "2": must be less than or equal to cpu limit of 1' in f.message
    assert (result.summary.documents, result.summary.objects, result.summary.pods) == (3, 3, 2)
    assert result.summary.skipped_kinds == {"ConfigMap": 1}


def test_list_items_are_located_and_their_fields_are_relative_to_the_item() -> None:
    text = """\
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: a}
  spec:
    containers:
    - name: app
      image: nginx
      resources:
        limits: {memory: 500m}
"""
    limit, request = lint_text(text, config=LintConfig(select=frozenset({"PR120"}))).findings
    assert limit.field == "spec.containers[0].resources.limits[memory]"
    assert (limit.location.line, limit.location.column) == (12, 18)
    # the request the API server defaults from the limit warns too, and points at that limit
    assert request.field == "spec.containers[0].resources.requests[memory]"
    assert request.location == limit.location


def test_stdin_is_read_once_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    data = STREAM.encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    outcome = lint_paths(["-"], ONLY, gates())
    [f] = outcome.result.findings
    assert f.location.path == "<stdin>" and f.location.line == 26
    assert outcome.line("<stdin>", 26) == '          requests: {cpu: "2"}'


def test_unparseable_document_is_a_finding_and_the_rest_is_linted() -> None:
    broken = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: indent\n"
    result = lint_text(broken, path="broken.yaml", extra=[("good.yaml", STREAM)], config=LintConfig(select=frozenset({"PR001", "PR101"})))
    by_path = {(f.location.path, f.rule): f for f in result.findings}
    assert ("broken.yaml", "PR001") in by_path and ("good.yaml", "PR101") in by_path
    parse = by_path[("broken.yaml", "PR001")]
    assert parse.severity is Severity.ERROR and parse.location.line == 5
    assert result.failed


def test_decode_problem_is_reported_with_its_field() -> None:
    text = "apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n  containers:\n  - name: a\n    resources:\n      requests: {memory: 1GB}\n"
    [f] = lint_text(text).findings
    assert f.rule == "PR002" and f.field == "spec.containers[0].resources.requests[memory]"
    assert (f.location.line, f.location.column) == (8, 18)


IGNORED = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: batch
  annotations:
    pod-resources.io/ignore: "PR201: best effort by design"
spec:
  template:
    metadata:
      annotations:
        pod-resources.io/ignore: "PR132, PR999"
    spec:
      containers:
      - name: app
        image: worker
"""


def test_ignore_annotations_suppress_and_report_stale_entries() -> None:
    result = lint_text(IGNORED)
    rules = {f.rule for f in result.findings}
    assert "PR201" not in rules
    assert [x.reason for x in result.suppressed if x.finding.rule == "PR201"] == ["best effort by design"]
    assert "PR132" not in rules  # the template's ignore silences the missing memory limit
    [stale] = [f for f in result.findings if f.rule == "PR003"]
    assert "'PR999', which is no rule" in stale.message
    assert stale.location.line == 11 and stale.field == "spec.template.metadata.annotations[pod-resources.io/ignore]"
    assert result.summary.suppressed == len(result.suppressed) >= 1


def test_config_per_path_ignores_are_counted_as_suppressed() -> None:
    cfg = LintConfig(select=frozenset({"PR101"}))
    from pod_resources_cli.lint.config import config_from_mapping

    cfg = config_from_mapping({"select": ["PR101"], "per-path": [{"paths": ["vendor/**"], "ignore": ["PR101"]}]})
    result = lint_text(STREAM, path="vendor/app.yaml", config=cfg)
    assert not result.findings and [x.by for x in result.suppressed] == ["config"]


LIMITRANGE = """\
apiVersion: v1
kind: LimitRange
metadata: {name: defaults, namespace: shop}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 512Mi}
    defaultRequest: {cpu: 250m, memory: 256Mi}
    max: {memory: 1Gi}
"""
WORKLOAD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  template:
    spec:
      containers:
      - name: app
        image: web
      - name: big
        image: cache
        resources:
          requests: {cpu: "1"}
          limits: {memory: 2Gi}
"""


def test_limitrange_defaults_apply_wherever_the_limitrange_is() -> None:
    # the LimitRange comes after the workload, in another file
    result = lint_text(WORKLOAD, path="a-deploy.yaml", extra=[("z-limits.yaml", LIMITRANGE)])
    rules = [(f.rule, f.container) for f in result.findings]
    assert ("PR130", "app") not in rules and ("PR131", "app") not in rules and ("PR132", "app") not in rules
    # the default cpu limit 500m is below big's request 1: the API server rejects the pods
    pr101 = [f for f in result.findings if f.rule == "PR101"]
    assert [f.container for f in pr101] == ["big"]
    assert "must be less than or equal to cpu limit of 500m" in pr101[0].message
    pr160 = [f for f in result.findings if f.rule == "PR160"]
    assert [f.container for f in pr160] == ["big"]
    assert "maximum memory usage per Container is 1Gi, but limit is 2Gi" in pr160[0].message
    assert pr160[0].location.path == "a-deploy.yaml" and pr160[0].location.line == 15


def test_limitrange_applies_only_to_its_namespace() -> None:
    other = WORKLOAD.replace("namespace: shop", "namespace: other")
    result = lint_text(other, extra=[("limits.yaml", LIMITRANGE)])
    # without the LimitRange's defaults, the container sets nothing: one finding says so
    assert ("PR138", "app") in [(f.rule, f.container) for f in result.findings]
    assert not [f for f in result.findings if f.rule == "PR160"]


def test_namespace_option_places_objects_without_one() -> None:
    bare = WORKLOAD.replace(", namespace: shop", "")
    result = lint_text(bare, extra=[("limits.yaml", LIMITRANGE)], namespace="shop")
    assert [f.container for f in result.findings if f.rule == "PR160"] == ["big"]
    assert all(f.object is None or f.object.namespace == "shop" for f in result.findings)


QUOTA = """\
apiVersion: v1
kind: ResourceQuota
metadata: {name: compute, namespace: shop}
spec:
  hard:
    requests.cpu: "3"
    pods: "10"
"""
DAEMON = """\
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: shop}
spec:
  template:
    spec:
      containers:
      - name: agent
        image: agent
        resources:
          requests: {cpu: 500m, memory: 64Mi}
          limits: {cpu: 500m, memory: 64Mi}
"""


def test_quota_sums_replicas_and_points_at_the_hard_limit() -> None:
    web = WORKLOAD.replace("      - name: big\n        image: cache\n        resources:\n          requests: {cpu: \"1\"}\n          limits: {memory: 2Gi}\n", "").replace(
        "        image: web\n", "        image: web\n        resources:\n          requests: {cpu: \"1\"}\n"
    )
    quota = QUOTA.replace('requests.cpu: "3"', 'requests.cpu: "2"')
    result = lint_text(quota, path="quota.yaml", extra=[("web.yaml", web), ("agent.yaml", DAEMON)])
    [f] = [f for f in result.findings if f.rule == "PR162"]
    assert f.location.path == "quota.yaml" and (f.location.line, f.location.column) == (6, 5)
    assert f.field == "spec.hard[requests.cpu]"
    assert f.message == (
        "namespace shop asks for requests.cpu=2500m but ResourceQuota compute allows 2: "
        "Deployment web 2 x 1; DaemonSet agent 500m (one per node, counted once)"
    )
    assert not [f for f in lint_text(QUOTA, extra=[("web.yaml", web), ("agent.yaml", DAEMON)]).findings if f.rule == "PR162"]
    assert f.object is not None and f.object.kind == "ResourceQuota"


def test_quota_scope_besteffort_counts_only_besteffort_pods() -> None:
    quota = QUOTA.replace("spec:\n", "spec:\n  scopes: [BestEffort]\n").replace('requests.cpu: "3"', "pods: \"1\"").replace('    pods: "10"\n', "")
    result = lint_text(quota, extra=[("agent.yaml", DAEMON)])
    assert not [f for f in result.findings if f.rule == "PR162"]


def test_findings_are_sorted_and_stable() -> None:
    first = lint_text(STREAM + "---\n" + IGNORED).findings
    second = lint_text(STREAM + "---\n" + IGNORED).findings
    assert first == second
    keys = [f.sort_key() for f in first]
    assert keys == sorted(keys)


def _quota_findings(text: str) -> list[tuple[str, str]]:
    return sorted((f.rule, f.message) for f in lint_text(text).findings if f.rule in ("PR162", "PR163"))


TERMINATING = """\
apiVersion: v1
kind: ResourceQuota
metadata: {name: term, namespace: ns}
spec:
  hard: {limits.cpu: "1", pods: "1"}
  scopes: [Terminating]
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: notterm, namespace: ns}
spec:
  hard: {requests.memory: "1Gi"}
  scopes: [NotTerminating]
---
apiVersion: batch/v1
kind: Job
metadata: {name: j, namespace: ns}
spec:
  parallelism: 3
  template:
    spec:
      activeDeadlineSeconds: 600
      restartPolicy: Never
      containers:
      - name: app
        image: x
        resources:
          requests: {cpu: 500m, memory: 1Gi}
"""


def test_quota_terminating_scopes_read_active_deadline_seconds() -> None:
    """pods.go IsTerminating: activeDeadlineSeconds >= 0 puts the pod under
    Terminating quotas and out of NotTerminating ones."""
    assert _quota_findings(TERMINATING) == [
        ("PR162", "namespace ns asks for pods=3 but ResourceQuota term allows 1: Job j 3 x 1"),
        ("PR163", "ResourceQuota term tracks limits.cpu: must specify limits.cpu for: app (its pods are refused when created)"),
    ]
    without_deadline = TERMINATING.replace("      activeDeadlineSeconds: 600\n", "")
    assert _quota_findings(without_deadline) == [
        ("PR162", "namespace ns asks for requests.memory=3Gi but ResourceQuota notterm allows 1Gi: Job j 3 x 1Gi"),
    ]


CROSS_NAMESPACE = """\
apiVersion: v1
kind: ResourceQuota
metadata: {name: xns, namespace: ns}
spec:
  hard: {pods: "0", limits.cpu: "10"}
  scopes: [CrossNamespacePodAffinity]
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  affinity:
    podAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 10
        podAffinityTerm:
          labelSelector: {matchLabels: {app: db}}
          namespaceSelector: {}
          topologyKey: kubernetes.io/hostname
  containers:
  - name: app
    image: x
    resources:
      requests: {cpu: 500m, memory: 1Gi}
      limits: {memory: 1Gi}
"""


def test_quota_cross_namespace_affinity_scope_is_judged_from_the_pod_spec() -> None:
    """usesCrossNamespacePodAffinity: a term with namespaces or a namespaceSelector (even {})."""
    assert _quota_findings(CROSS_NAMESPACE) == [
        ("PR162", "namespace ns asks for pods=1 but ResourceQuota xns allows 0: Pod p 1"),
        ("PR163", "ResourceQuota xns tracks limits.cpu: must specify limits.cpu for: app (the pod is refused)"),
    ]
    same_namespace = CROSS_NAMESPACE.replace("          namespaceSelector: {}\n", "")
    assert _quota_findings(same_namespace) == []


def test_quota_constraints_skip_pods_with_pod_level_resources() -> None:
    """pods.go Constraints returns before the containers when pod-level cpu or memory is set."""
    text = """\
apiVersion: v1
kind: ResourceQuota
metadata: {name: rq, namespace: ns}
spec:
  hard: {requests.cpu: "8", limits.memory: 16Gi}
---
apiVersion: v1
kind: Pod
metadata: {name: p, namespace: ns}
spec:
  RESOURCES
  containers:
  - name: app
    image: x
"""
    assert _quota_findings(text.replace("RESOURCES", "resources: {requests: {cpu: '1'}}")) == []
    assert _quota_findings(text.replace("  RESOURCES\n", "")) == [
        ("PR163", "ResourceQuota rq tracks limits.memory: must specify limits.memory for: app (the pod is refused)"),
        ("PR163", "ResourceQuota rq tracks requests.cpu: must specify requests.cpu for: app (the pod is refused)"),
    ]


RAY = """\
apiVersion: ray.io/v1
kind: RayCluster
metadata:
  name: train
  annotations:
    pod-resources.io/ignore: "PR133: the head may grow into its limit"
spec:
  headGroupSpec:
    template:
      spec:
        containers:
        - name: head
          image: ray
          resources:
            requests: {cpu: 500m, memory: 1Gi}
            limits: {cpu: 500m, memory: 2Gi}
  workerGroupSpecs:
  - groupName: workers
    template:
      spec:
        containers:
        - name: worker
          image: ray
          resources:
            requests: {cpu: 500m, memory: 1Gi}
            limits: {cpu: 500m, memory: 1Gi}
"""


def test_an_objects_own_ignore_is_used_if_any_of_its_templates_uses_it() -> None:
    """The object's annotation covers each pod template: the head's PR133 is
    silenced, and the workers (which have none) do not make it "unused"."""
    result = lint_text(RAY)
    assert [f.rule for f in result.findings] == []
    assert [(x.finding.rule, x.finding.container) for x in result.suppressed] == [("PR133", "head")]


def test_an_objects_own_ignore_that_no_template_uses_is_reported_once_about_the_object() -> None:
    result = lint_text(RAY.replace("memory: 2Gi", "memory: 1Gi"))
    [stale] = result.findings
    assert stale.rule == "PR003" and "'PR133' silences nothing" in stale.message
    assert stale.object is not None and (stale.object.kind, stale.object.name, stale.object.template) == ("RayCluster", "train", None)
    assert stale.location.line == 6 and stale.field == "metadata.annotations[pod-resources.io/ignore]"


def test_object_ignores_of_consecutive_documents_are_judged_apart() -> None:
    """Two Deployments at the same place of two documents: the first one's
    unused ignore is its own, whatever the second one uses."""
    deploy = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {name}
  annotations: {{pod-resources.io/ignore: "PR201"}}
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx{resources}
"""
    text = deploy.format(name="sized", resources="\n        resources: {requests: {cpu: 1, memory: 1Gi}, limits: {memory: 1Gi}}")
    text += "---\n" + deploy.format(name="empty", resources="")
    result = lint_text(text)
    assert [(f.rule, f.object.name if f.object else None) for f in result.findings] == [("PR003", "sized")]
    assert [(x.finding.rule, x.finding.object.name if x.finding.object else None) for x in result.suppressed] == [("PR201", "empty")]
