"""Sonobuoy's plugin definitions: the file ``sonobuoy run --plugin FILE`` (and
``sonobuoy gen plugin``) reads (vmware-tanzu/sonobuoy @307560188828
pkg/plugin/manifest/manifest.go Manifest, loaded by pkg/plugin/loader/
loader.go LoadDefinition).

The document is no Kubernetes object: it is read as one where it has no
``kind`` and no ``apiVersion``, a ``sonobuoy-config`` mapping (SonobuoyConfig:
``driver``, ``plugin-name``...) and a ``spec`` mapping (the plugin's
container, a corev1.Container): the manifest's own schema. Its optional
``podSpec`` is a corev1.PodSpec.

The aggregator makes one pod of it (pkg/plugin/driver/job/job.go
createPodDefinition) for the driver ``Job``, or a DaemonSet of it, one pod
per node (pkg/plugin/driver/daemonset/daemonset.go
createDaemonSetDefinition), the driver matched regardless of case; any
other driver is refused (loader.go loadPlugin: ``unknown driver``). Both
drivers build the pod the same way: the plugin's ``podSpec``, else the
driver's default (pkg/plugin/driver/base.go DefaultPodSpec: no container,
a Job's ``restartPolicy: Never`` and ``kubernetes.io/os: linux`` node
selector), whose containers are followed by the plugin's ``spec`` and the
worker ``sonobuoy-worker`` (base.go CreateWorkerContainerDefintion: no
resources, whatever the plugin writes). The pod's namespace is the run's
(``sonobuoy run --namespace``, by default ``sonobuoy``, pkg/config/config.go
DefaultNamespace): not in the file, so none here.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.pod import decode_containers, decode_pod
from pod_resources_cli.model.decode.problems import DecodeProblem, Problems
from pod_resources_cli.model.workload import Workload, WorkloadRef
from pod_resources_cli.records import replace

KIND: Final = "SonobuoyPlugin"
CONFIG_KEY: Final = "sonobuoy-config"
WORKER: Final = "sonobuoy-worker"
# base.go defaultJobPodSpec / defaultDaemonSetPodSpec: the fields read here (containers: none)
_DEFAULT_POD_SPECS: Final[dict[str, dict[str, Any]]] = {
    "job": {"restartPolicy": "Never", "nodeSelector": {"kubernetes.io/os": "linux"}},
    "daemonset": {"hostNetwork": True, "hostPID": True, "hostIPC": True},
}
Plugin = tuple[Workload | None, tuple[DecodeProblem, ...], str, None, Pointer, str]


def is_plugin(data: Any) -> bool:
    """The document is a Sonobuoy plugin definition (see the module's words)."""
    return (
        isinstance(data, dict)
        and "kind" not in data
        and "apiVersion" not in data
        and isinstance(data.get(CONFIG_KEY), dict)
        and isinstance(data.get("spec"), dict)
    )


def plugin(data: dict[str, Any]) -> Plugin:
    """The plugin's pod (or None where Sonobuoy refuses it), its problems, name, namespace (none), where, label."""
    problems = Problems()
    config: dict[str, Any] = data[CONFIG_KEY]
    raw_name = config.get("plugin-name")
    name = raw_name if isinstance(raw_name, str) and raw_name else "<unnamed>"
    raw_driver = config.get("driver")
    driver = raw_driver if isinstance(raw_driver, str) else ""
    label = f"driver {driver}" if driver else "driver"
    if driver.lower() not in _DEFAULT_POD_SPECS:
        problems.add((CONFIG_KEY, "driver"), f'unknown driver "{driver}" for plugin {name}: Sonobuoy refuses the plugin '
                     "(vmware-tanzu/sonobuoy pkg/plugin/loader/loader.go loadPlugin: Job or DaemonSet)")  # fmt: skip
        return None, tuple(problems.items), name, None, (), label
    pod_spec = data.get("podSpec")
    if pod_spec is not None and not isinstance(pod_spec, dict):
        problems.add(("podSpec",), "must be an object (a PodSpec)")
        return None, tuple(problems.items), name, None, (), label
    if isinstance(pod_spec, dict):
        pod = decode_pod(pod_spec, ("podSpec",), problems, name=name, namespace=None, spec_only=True)
    else:  # the driver's default pod spec (base.go DefaultPodSpec), nowhere in the file
        pod = decode_pod(_DEFAULT_POD_SPECS[driver.lower()], (CONFIG_KEY,), problems, name=name, namespace=None, spec_only=True)
    added = decode_containers([(data["spec"], ("spec",)), ({"name": WORKER}, (CONFIG_KEY,))], init=False, problems=problems)
    containers = tuple(replace(c, index=i) for i, c in enumerate((*pod.containers, *added)))
    if problems.items:
        return None, tuple(problems.items), name, None, (), label
    pod = replace(pod, containers=containers)
    replicas = 1 if driver.lower() == "job" else None  # a DaemonSet's: one per node
    ref = WorkloadRef(kind=KIND, name=name, replicas=replicas, template=label)
    return Workload(ref=ref, pod=pod, pointer=()), (), name, None, (), label
