"""Stackable's data-platform operators (Rust; resources merged by
stackabletech/operator-rs @7b9f9ac9a76f, tag stackable-operator-0.116.0).

A Stackable cluster object has roles (``spec.coordinators``, ``spec.workers``),
each with ``config`` and a map ``roleGroups`` of groups, each with its own
``replicas`` and ``config``. The operator makes one StatefulSet per role
group. Its main container's resources are the group's ``config.resources``
merged over the role's, merged over the operator's defaults for that role
(crates/stackable-operator/src/role_utils.rs RoleGroup::validate_config:
``role_config.merge(default_config); rolegroup_config.merge(&role_config)``),
field by field: each of ``cpu.min``, ``cpu.max`` and ``memory.limit`` is the
first one written (an ``Option<Quantity>`` merges as "mine if set, else
theirs"). The merged Resources become the container's requirements
(commons/resources.rs ``impl Into<ResourceRequirements> for Resources``):
``cpu.min`` is the cpu request, ``cpu.max`` the cpu limit, ``memory.limit``
both the memory request and the memory limit.

The role's and the group's ``podOverrides`` are merged into the pod template
the operator built (a strategic merge: ``pod_template.merge_from``), so a pod
where either is written is reported as written, its missing resources no
finding.

TrinoCluster (trino.stackable.tech; stackabletech/trino-operator @c8d88913ebb3
rust/operator-binary/src): ``spec.coordinators`` and
``spec.workers``, each group a StatefulSet of ``replicas`` pods (the field
left unset when the group sets none, so Kubernetes' default of 1;
controller/build/resource/statefulset.rs build_rolegroup_statefulset):

- container ``trino`` first, with the merged resources; defaults
  (crd/mod.rs TrinoConfig::default_config): coordinator cpu 500m..2,
  memory 4Gi; worker cpu 1..4, memory 4Gi;
- init container ``prepare`` with requests cpu 500m, memory 4Gi and limits
  cpu 2000m, memory 4Gi, whatever the object says (so no Trino pod is ever
  Guaranteed);
- container ``vector`` (cpu 250m..500m, memory 128Mi; stackable-operator
  v2/product_logging/framework.rs vector_container) where the merged
  ``config.logging.enableVectorAgent`` is true (default false:
  product_logging/spec.rs default_logging);
- not modelled: a coordinator's ``password-file-updater`` (cpu 100m..200m,
  memory 32Mi; authentication/password/file.rs), made only for an
  AuthenticationClass of the static provider, an object the cluster names
  but does not hold.

SparkApplication (spark.stackable.tech; stackabletech/spark-k8s-operator @405d55143e7d
rust/operator-binary/src): the operator makes the spark-submit Job, whose
spark-submit makes the driver pod, which makes the executors, both from pod
templates the operator writes (spark_k8s_controller.rs spark_job,
pod_template, init_containers):

- the submit Job (one pod): container ``spark-submit`` with
  ``spec.job.config.resources`` merged over SubmitConfig::default_config
  (crd/roles.rs: cpu 100m..400m, memory 512Mi; crd/mod.rs submit_config);
- the driver (one pod) and the executors (``spec.executor.replicas`` pods,
  passed as ``spark.executor.instances``; unset: Spark's or ``sparkConf``'s
  number, unknown here): container ``spark``, whose cpu and memory Spark
  sets from the properties the operator derives from the merged resources
  (crd/mod.rs resources_to_driver_props: ``cpu.min`` the request cores,
  ``cpu.max`` the limit cores, ``spark.driver.memory`` the limit less an
  overhead Spark adds back by its own arithmetic), not computed here: left
  out, the pod as written (no QoS class claimed), no finding says they
  are missing; init container ``job`` (250m..500m,
  128Mi) where ``spec.image`` is written, ``requirements`` (250m..1000m,
  1024Mi) where ``spec.deps.requirements`` is; ``vector`` (250m..500m,
  128Mi) where the role's ``config.logging.enableVectorAgent`` is true and
  ``spec.vectorAggregatorConfigMapName`` is written. Not modelled: the
  ``tls`` init container made for TLS-secured S3 connections or log
  directories (other objects).

Each of ``spec.job``, ``spec.driver``, ``spec.executor`` may write
``podOverrides`` (merged last): that pod is then as written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, OperatorDefaults, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, as_quantity
from pod_resources_cli.quantity import Quantity

_RS: Final = "stackabletech/operator-rs crates/stackable-operator/src"
_MERGE: Final = f"{_RS}/role_utils.rs validate_config, commons/resources.rs Into<ResourceRequirements>"
_TRINO: Final = "stackabletech/trino-operator rust/operator-binary/src"
_OVERRIDES: Final = "the operator merges the role's and the role group's podOverrides into the pod it builds (a strategic merge)"
_VECTOR: Final = OperatorDefaults(requests=(("cpu", "250m"), ("memory", "128Mi")), limits=(("cpu", "500m"), ("memory", "128Mi")))
# (field of Resources, where the merged value goes)
_FIELDS: Final = (("cpu", "min", "requests"), ("cpu", "max", "limits"), ("memory", "limit", "requests"), ("memory", "limit", "limits"))


def _field(config: Any, resource: str, name: str) -> Any:
    resources = config.get("resources") if isinstance(config, dict) else None
    section = resources.get(resource) if isinstance(resources, dict) else None
    return section.get(name) if isinstance(section, dict) else None


def merged_resources(defaults: dict[tuple[str, str], str], source: str) -> Callable[[Any, Pointer, Problems], Derived]:
    """The main container's resources: the group's ``config.resources`` over the role's over ``defaults``
    ((resource, field) -> quantity), as validate_config merges them and Resources::into converts them."""

    def compute(value: Any, pointer: Pointer, problems: Problems) -> Derived:
        group, role, role_pointer = value if isinstance(value, tuple) else (value, None, ())
        out: dict[str, dict[str, Quantity]] = {"requests": {}, "limits": {}}
        notes: list[str] = []
        for resource, name, target in _FIELDS:
            quantity: Quantity | None = None
            for config, at in ((group, pointer), (role, role_pointer)):
                raw = _field(config, resource, name)
                if raw is not None:
                    quantity = as_quantity(raw, (*at, "resources", resource, name), problems)
                    break
            else:
                default = defaults.get((resource, name))
                if default is not None:
                    quantity = as_quantity(default, (), problems)
                    if target == "requests" or resource == "cpu":
                        notes.append(f"{resource}.{name} {default}: the operator's default, neither the role group nor the role sets it ({source})")
            if quantity is not None:
                out[target][resource] = quantity
        return Derived(out["requests"], out["limits"], tuple(notes), at=("resources",))

    return compute


def _enabled(role: str) -> tuple[tuple[FieldIn, ...], ...]:
    """The merged ``config.logging.enableVectorAgent`` is true: the group's where written, else the role's."""
    path = "config.logging.enableVectorAgent"
    return ((FieldIn(path, ("true",)),), (FieldIn(path, (), match="written", negate=True), FieldIn(f"/{role}.{path}", ("true",))))


def role_groups(role: str, label: str, main: MainContainer, init: tuple[MainContainer, ...] = (), vector: str | None = None) -> PodPath:
    """The pods of one role (``spec.<role>``): a StatefulSet of ``replicas`` (1 unset) per role group, ``main``
    first, the operator's ``init`` containers, and ``vector`` where the merged logging enables it."""
    extra = () if vector is None else (MainContainer("vector", vector, defaults=(_VECTOR,), if_any=_enabled(role)),)
    return PodPath(
        f"{role}.roleGroups{{*}}", "operator", name="{key}", count=("replicas=1",), label=label, main=(main, *extra, *init),
        patched_by=(("podOverrides", f"/{role}.podOverrides"), _OVERRIDES),
    )  # fmt: skip


def _trino(role: str, label: str, cpu_min: str, cpu_max: str, memory: str) -> PodPath:
    defaults = {("cpu", "min"): cpu_min, ("cpu", "max"): cpu_max, ("memory", "limit"): memory}
    source = f"{_TRINO}/crd/mod.rs TrinoConfig::default_config"
    derive = Derive("config", merged_resources(defaults, source), also=f"/{role}.config")
    main = MainContainer("trino", f"{_TRINO}/controller/build/resource/statefulset.rs build_rolegroup_statefulset; {_MERGE}", first=True, derive=derive)
    prepare = MainContainer(
        "prepare", f"{_TRINO}/controller/build/resource/statefulset.rs build_rolegroup_statefulset (ResourceRequirementsBuilder)", init=True,
        defaults=(OperatorDefaults(requests=(("cpu", "500m"), ("memory", "4Gi")), limits=(("cpu", "2000m"), ("memory", "4Gi"))),),
    )  # fmt: skip
    return role_groups(role, label, main, (prepare,), vector=f"{_RS}/v2/product_logging/framework.rs vector_container")


TRINO_KINDS: Final = (
    WorkloadKind(
        "trino.stackable.tech", "TrinoCluster",
        (_trino("spec.coordinators", "coordinator", "500m", "2", "4Gi"), _trino("spec.workers", "worker", "1", "4", "4Gi")),
        f"{_TRINO}/crd/mod.rs",
    ),
)  # fmt: skip


_SPARK: Final = "stackabletech/spark-k8s-operator rust/operator-binary/src"
_SPARK_SETS: Final = "Spark's spark-submit sets the container's cpu and memory from the properties the operator derives from the merged resources"


def _spark_init(name: str, requests: tuple[tuple[str, str], ...], limits: tuple[tuple[str, str], ...], when: str) -> MainContainer:
    return MainContainer(
        name, f"{_SPARK}/spark_k8s_controller.rs init_containers", init=True, defaults=(OperatorDefaults(requests=requests, limits=limits),),
        if_fields=(FieldIn(when, (), match="written"),),
    )  # fmt: skip


def _spark_role(role: str, count: str) -> PodPath:
    path = f"spec.{role}"
    vector = MainContainer(
        "vector", f"{_SPARK}/spark_k8s_controller.rs pod_template (vector_container)", defaults=(_VECTOR,),
        if_fields=(FieldIn(f"/{path}.config.logging.enableVectorAgent", ("true",)), FieldIn("/spec.vectorAggregatorConfigMapName", (), match="written")),
    )  # fmt: skip
    spark = MainContainer("spark", f"{_SPARK}/spark_k8s_controller.rs pod_template; crd/mod.rs resources_to_{role}_props", first=True, sets=("cpu", "memory"))
    job = _spark_init("job", (("cpu", "250m"), ("memory", "128Mi")), (("cpu", "500m"), ("memory", "128Mi")), "/spec.image")
    requirements = _spark_init("requirements", (("cpu", "250m"), ("memory", "1024Mi")), (("cpu", "1000m"), ("memory", "1024Mi")), "/spec.deps.requirements")
    return PodPath(
        path, "operator", count=(count,), label=role, main=(spark, vector, job, requirements), empty_when_absent=True, always_made=True, as_written=_SPARK_SETS,
        patched_by=((f"/{path}.podOverrides",), _OVERRIDES.replace("the role's and the role group's", f"{path}'s")),
    )  # fmt: skip


def _spark_submit() -> PodPath:
    defaults = {("cpu", "min"): "100m", ("cpu", "max"): "400m", ("memory", "limit"): "512Mi"}
    derive = Derive("/spec.job.config", merged_resources(defaults, f"{_SPARK}/crd/roles.rs SubmitConfig::default_config"))
    main = MainContainer("spark-submit", f"{_SPARK}/spark_k8s_controller.rs spark_job; crd/mod.rs submit_config", derive=derive)
    return PodPath(
        "spec.job", "operator", count=("1",), label="spark-submit", main=(main,), empty_when_absent=True, always_made=True,
        patched_by=(("/spec.job.podOverrides",), _OVERRIDES.replace("the role's and the role group's", "spec.job's")),
    )  # fmt: skip


SPARK_KINDS: Final = (
    WorkloadKind(
        "spark.stackable.tech", "SparkApplication", (_spark_submit(), _spark_role("driver", "1"), _spark_role("executor", "/spec.executor.replicas=?")),
        f"{_SPARK}/crd/mod.rs",
    ),
)  # fmt: skip
