"""The Metrics Operator's MetricSet (flux-framework.org/v1alpha2;
converged-computing/metrics-operator @8f15755c2daa api/v1alpha2/metric_types.go). For each MetricSet the controller makes one JobSet
(pkg/metrics/jobset.go GetJobSet), each metric of ``spec.metrics`` adding its replicated jobs, whose
pods it builds from the metric's fields alone (no webhook, no default resources):

- the reconciler (controllers/metric/metric_controller.go Reconcile) makes nothing when the set does not
  validate (MetricSet.Validate: no metric, or ``spec.pods`` under 1; ``+kubebuilder:default=1``), or when
  one metric is not a registered name, one of its addons is not a registered addon or does not validate
  (pkg/addons/addons.go GetAddon: the ``application`` addon without an ``image`` or a ``command``
  option, containers.go Validate; ``perf-hpctoolkit`` without ``events``, hpctoolkit.go), or the metric
  does not validate (pkg/metrics/metrics.go GetMetric): the launcher/worker metrics but
  ``app-cabanapic``, ``app-custom``, ``app-lammps`` and ``network-osu-benchmark`` need 2 pods or more
  (pkg/metrics/launcher.go LauncherWorker.Validate; app/amg.go, app/kripke.go); a metric named twice
  counts once (set.go MetricSet.Add);
- launcher/worker metrics (pkg/metrics/launcher.go ReplicatedJobs): a launcher job of 1 pod (job ``l``,
  ``n`` for ``network-netmark``) with the container ``launcher``, and where ``spec.pods`` is 2 or more a
  worker job ``w`` of ``spec.pods - 1`` pods with the container ``workers``;
- the application metrics (pkg/metrics/application.go: ``app-ldms``, ``perf-sysstat``, ``sys-hwloc``)
  and the storage ones (storage.go: ``io-fio``, ``io-ior``, ``io-sysstat``): one job ``m`` of
  ``spec.pods`` pods with the container ``app``, or ``storage``;
- each container's resources are the metric's ``resources`` (``limits`` and ``requests``, maps of int or
  string: pkg/metrics/resources.go getResourceGroup, an int as its decimal text, every key a resource
  name), and nothing where it writes none; ``spec.resources`` is never read (getPodResources is not
  called);
- the metric's addons' containers come first in every pod of the metric (pkg/metrics/base.go AddAddons,
  containers.go getReplicatedJobContainers), none with resources (``Resources: &api.ContainerResources{}``):
  ``application``'s ``app-addon`` (pkg/addons/containers.go), ``workload-flux``'s ``flux-framework``
  (flux.go, a container that stays up), and the init containers ``hpctoolkit`` (``perf-hpctoolkit``,
  hpctoolkit.go) and ``mpitrace`` (``perf-mpitrace``, mpitrace.go); the other addons add volumes or
  change entrypoints only.

The pods are the operator's whole, so they are judged as final. A set whose metrics make jobs of the
same name (two application metrics, each a job ``m``) is not checked here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.model.decode.kind_types import Containers, FieldIn, PodPath, WorkloadKind

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "converged-computing/metrics-operator"
# launcher/worker metrics (pkg/metrics/app/*.go, network/*.go) and whether they need 2 pods or more
_LAUNCHER_WORKER: Final = {
    "app-amg": True, "app-bdas": True, "app-cabanapic": False, "app-custom": False, "app-hpl": True, "app-kripke": True,
    "app-laghos": True, "app-lammps": False, "app-nekbone": True, "app-pennant": True, "app-quicksilver": True,
    "network-chatterbug": True, "network-netmark": True, "network-osu-benchmark": False,
}  # fmt: skip
_APPLICATION: Final = ("app-ldms", "perf-sysstat", "sys-hwloc")
_STORAGE: Final = ("io-fio", "io-ior", "io-sysstat")
_METRICS: Final = frozenset((*_LAUNCHER_WORKER, *_APPLICATION, *_STORAGE))
# registered addons (pkg/addons/*.go init): the container each adds (name, an init container), or None
_ADDONS: Final[dict[str, tuple[str, bool] | None]] = {
    "application": ("app-addon", False), "workload-flux": ("flux-framework", False), "perf-hpctoolkit": ("hpctoolkit", True),
    "perf-mpitrace": ("mpitrace", True), "commands": None, "perf-commands": None, "volume-cm": None, "volume-secret": None,
    "volume-hostpath": None, "volume-pvc": None, "volume-empty": None,
}  # fmt: skip
_V1ALPHA2: Final = FieldIn("apiVersion", ("flux-framework.org/v1alpha2",))


def _pods(obj: dict[str, Any]) -> int | None:
    """``spec.pods`` (default 1), or None where the set does not validate or makes nothing."""
    spec = obj.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    pods = spec.get("pods", 1)
    pods = 1 if pods is None else pods
    metrics = spec.get("metrics")
    if not isinstance(pods, int) or isinstance(pods, bool) or pods < 1 or not isinstance(metrics, list) or not metrics:
        return None
    for metric in metrics:
        if not isinstance(metric, dict) or metric.get("name") not in _METRICS or not _addons_valid(metric.get("addons")):
            return None
        if _LAUNCHER_WORKER.get(metric["name"]) and pods < 2:
            return None
    return pods


def _option(addon: dict[str, Any], key: str) -> str:
    """An addon's string option (intstr's StrVal: empty for an int)."""
    options = addon.get("options")
    value = options.get(key) if isinstance(options, dict) else None
    return value if isinstance(value, str) else ""


def _addons_valid(addons: Any) -> bool:
    if addons is None:
        return True
    if not isinstance(addons, list):
        return False
    for addon in addons:
        if not isinstance(addon, dict) or addon.get("name") not in _ADDONS:
            return False
        if addon["name"] == "application" and not (_option(addon, "image") and _option(addon, "command")):
            return False
        if addon["name"] == "perf-hpctoolkit" and not _option(addon, "events"):
            return False
    return True


def _first(obj: dict[str, Any], element: Any) -> bool:
    """The metric is the first of its name (MetricSet.Add keeps that one)."""
    spec = obj.get("spec")
    metrics = spec.get("metrics") if isinstance(spec, dict) else None
    metrics = metrics if isinstance(metrics, list) else []
    name = element.get("name") if isinstance(element, dict) else None
    return next((m for m in metrics if isinstance(m, dict) and m.get("name") == name), None) is element


def _made(obj: dict[str, Any], element: Any) -> bool:
    """The set validates and this metric is the first of its name."""
    return _pods(obj) is not None and _first(obj, element)


def _made_workers(obj: dict[str, Any], element: Any) -> bool:
    """A worker job only where ``spec.pods`` is 2 or more (LauncherWorker.ReplicatedJobs: ``numWorkers > 0``)."""
    pods = _pods(obj)
    return pods is not None and pods >= 2 and _first(obj, element)


def _all(obj: dict[str, Any], element: Any) -> int:
    del element
    return _pods(obj) or 0


def _workers(obj: dict[str, Any], element: Any) -> int:
    del element
    return max((_pods(obj) or 0) - 1, 0)


def _group(value: Any) -> dict[str, Any]:
    """getResourceGroup: an int as its decimal text; a string as written (resource.MustParse)."""
    if not isinstance(value, dict):
        return {}
    return {str(k): str(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in value.items() if v is not None}


def _assemble(name: str) -> Any:
    def assemble(obj: dict[str, Any], metric: Any, pointer: Pointer) -> tuple[Containers, Containers]:
        del obj
        containers: list[tuple[Any, Pointer]] = []
        inits: list[tuple[Any, Pointer]] = []
        for i, addon in enumerate(metric.get("addons") or ()):
            made = _ADDONS.get(str(addon.get("name"))) if isinstance(addon, dict) else None
            if made is not None:
                (inits if made[1] else containers).append(({"name": made[0]}, (*pointer, "addons", i)))
        written = metric.get("resources")
        resources = {}
        if isinstance(written, dict):
            # an empty ResourceList is left out of the JSON the operator sends (omitempty): requests unset, not empty
            groups = (("requests", _group(written.get("requests"))), ("limits", _group(written.get("limits"))))
            resources = {key: group for key, group in groups if group}
        container: dict[str, Any] = {"name": name, "resources": resources}
        if isinstance(metric.get("image"), str) and metric["image"]:
            container["image"] = metric["image"]
        containers.append((container, (*pointer, "resources") if isinstance(written, dict) else pointer))
        return tuple(containers), tuple(inits)

    return assemble


def _metric_pods() -> tuple[PodPath, ...]:
    path = "spec.metrics[*]"
    launcher_worker = FieldIn("name", tuple(_LAUNCHER_WORKER))
    return (
        PodPath(path, "containers", name="name", label="launcher", assemble=_assemble("launcher"), count=("1",), made=_made,
                if_element=(launcher_worker,), if_field=_V1ALPHA2),
        PodPath(path, "containers", name="name", label="workers", assemble=_assemble("workers"), tally=_workers, made=_made_workers,
                if_element=(launcher_worker,), if_field=_V1ALPHA2),
        PodPath(path, "containers", name="name", label="app", assemble=_assemble("app"), tally=_all, made=_made,
                if_element=(FieldIn("name", _APPLICATION),), if_field=_V1ALPHA2),
        PodPath(path, "containers", name="name", label="storage", assemble=_assemble("storage"), tally=_all, made=_made,
                if_element=(FieldIn("name", _STORAGE),), if_field=_V1ALPHA2),
    )  # fmt: skip


METRICSET_KINDS: Final = (
    WorkloadKind(
        "flux-framework.org", "MetricSet", _metric_pods(),
        f"{_REPO} api/v1alpha2/metric_types.go, pkg/metrics/jobset.go GetJobSet, launcher.go, application.go, storage.go, containers.go",
    ),
)  # fmt: skip
