"""Grafana's k6 operator: TestRun (and the older K6 of the same spec;
k6.io/v1alpha1, grafana/k6-operator e2c9571ac480 api/v1alpha1/
testrun_types.go). For each TestRun the controller makes Jobs of one pod
each, from the object's fields alone (no webhook, no resource default but
the starter's):

- the runners (internal/controller/k6_create.go: ``for i := 1; i <=
  Parallelism``, none when ``spec.parallelism`` is unset or 0;
  pkg/resources/jobs/runner.go NewRunnerJob): the container ``k6`` with
  ``spec.runner.resources`` whole, after ``spec.runner.initContainers``,
  each with its own resources and named ``k6-init-<i>`` when it has no name
  (helpers.go getInitContainers); the pod's priorityClassName is
  ``spec.runner``'s;
- the initializer (initializer.go NewInitializerJob, made by
  k6_initialize.go): one pod like a runner's, from ``spec.initializer``,
  or a copy of ``spec.runner`` where that is unset; none with
  ``spec.initializer.disabled: true`` (internal/controller/
  testrun_controller.go; but for a test whose arguments write to k6 Cloud,
  not followed here);
- the starter (starter.go NewStarterJob, made once the runners are up):
  one pod whose container ``k6-curl`` (pkg/resources/containers/
  curl_start.go) takes ``spec.starter.resources`` where they write a request
  or a limit, else requests of 50m cpu and 2Mi of memory and limits of
  100m and 200Mi (``resource.NewQuantity(2097152, BinarySI)``,
  ``209715200``).

The initializer and the starter run briefly before the test, the runners
for its length; all three are reported, each with its own count.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "grafana/k6-operator"
_STARTER_DEFAULTS: Final = OperatorDefaults(requests=(("cpu", "50m"), ("memory", "2Mi")), limits=(("cpu", "100m"), ("memory", "200Mi")))
_ENABLED: Final = FieldIn("spec.initializer.disabled", ("true",), negate=True)
_NO_INITIALIZER: Final = FieldIn("spec.initializer", (), match="written", negate=True)


def _k6_pod(path: str, label: str, source: str, count: str, made: bool = True, if_field: FieldIn | None = None) -> PodPath:
    """A runner-like pod: ``k6`` with the path's resources, after the path's init containers; ``made``: also
    where the path is not written."""
    main = MainContainer("k6", f"{_REPO} {source}", shorthand=Shorthand(f"/{path}.resources", "requirements"))
    return PodPath(path, "containers", count=(count,), init_containers=("initContainers[*]",), label=label, main=(main,),
                   empty_when_absent=made, always_made=made, pod_fields=f"/{path}", default_names=("", "k6-init-{i}"), if_field=if_field)  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    starter = MainContainer(
        "k6-curl", f"{_REPO} pkg/resources/jobs/starter.go NewStarterJob", shorthand=Shorthand("/spec.starter.resources", "requirements"),
        defaults=(_STARTER_DEFAULTS,),
    )  # fmt: skip
    return (
        _k6_pod("spec.runner", "runner", "pkg/resources/jobs/runner.go NewRunnerJob", "/spec.parallelism=0"),
        _k6_pod("spec.initializer", "initializer", "pkg/resources/jobs/initializer.go NewInitializerJob", "1", made=False, if_field=_ENABLED),
        _k6_pod("spec.runner", "initializer", "pkg/resources/jobs/initializer.go NewInitializerJob (spec.runner's copy)", "1", if_field=_NO_INITIALIZER),
        PodPath("spec.starter", "operator", count=("1",), label="starter", main=(starter,), empty_when_absent=True, always_made=True,
                pod_fields="/spec.starter"),
    )  # fmt: skip


K6_KINDS: Final = tuple(WorkloadKind("k6.io", kind, _pods(), f"{_REPO} api/v1alpha1/testrun_types.go") for kind in ("TestRun", "K6"))
