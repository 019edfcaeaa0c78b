"""The NRI plugins operator: NriPluginDeployment (config.nri/v1alpha1;
containers/nri-plugins 0705acc824ee @0705acc824ee3c98f66665a5879bbcafae160c9a
config/crd/bases/config.nri_nriplugindeployments.yaml). The operator is an
Ansible operator (deployment/operator/watches.yaml): for each object its role
(deployment/operator/roles/plugin-deployment/tasks/main.yml) installs one
Helm release of the plugin's chart, ``nri-plugins/nri-resource-policy-<name>``
for ``template``, ``topology-aware`` and ``balloons``, ``nri-plugins/nri-<name>``
for ``memory-qos``, ``memtierd`` and ``sgx-epc``, with ``spec.values`` as its
values, only where ``spec.state`` is ``present`` and ``spec.pluginName`` is
one of those six. Each chart (deployment/helm/<name>/templates/daemonset.yaml)
renders one DaemonSet, one pod a node:

- the plugin container (``nri-resource-policy-<name>``, ``nri-memory-qos``,
  ``nri-memtierd``, ``nri-sgx-epc``) with requests only, ``cpu:
  .Values.resources.cpu`` and ``memory: .Values.resources.memory``: the
  chart's values.yaml gives 500m and 512Mi (the three resource policies),
  10m and 100Mi (memory-qos), 250m and 100Mi (memtierd), 25m and 100Mi
  (sgx-epc); no limits, so the pod is Burstable;
- the init container ``patch-runtime`` (no resources) where
  ``.Values.nri.runtime.patchConfig`` is true (the charts' default: false);
- ``priorityClassName: system-node-critical`` where
  ``.Values.podPriorityClassNodeCritical`` (the charts' default: true).

The CRD's ``spec.values`` schema lists only nodeSelector, nri (plugin.index,
runtime.patchConfig, runtime.config), image, initContainerImage, affinity and
tolerations, without ``x-kubernetes-preserve-unknown-fields`` (that is on
``spec`` only, which does not reach a nested object that lists its
properties): the API server prunes any other value, ``resources`` and
``podPriorityClassNodeCritical`` among them, so the chart's defaults hold
whatever the object writes there. The chart is fetched at
``spec.pluginVersion``; its daemonset's resources and these defaults are the
same at v0.2.3 (topology-aware, balloons, memory-qos, memtierd), v0.5.0 (all
six; template and sgx-epc have no chart at v0.2.3) and 0705acc824ee.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list

_REPO: Final = "containers/nri-plugins"
_CRD: Final = "config/crd/bases/config.nri_nriplugindeployments.yaml"
_PRESENT: Final = FieldIn("spec.state", ("present",))
# (pluginName, the chart's directory, its container, the chart's default cpu and memory requests)
_PLUGINS: Final = (
    ("topology-aware", "nri-resource-policy-topology-aware", "500m", "512Mi"),
    ("balloons", "nri-resource-policy-balloons", "500m", "512Mi"),
    ("template", "nri-resource-policy-template", "500m", "512Mi"),
    ("memory-qos", "nri-memory-qos", "10m", "100Mi"),
    ("memtierd", "nri-memtierd", "250m", "100Mi"),
    ("sgx-epc", "nri-sgx-epc", "25m", "100Mi"),
)


def _chart_requests(plugin: str, cpu: str, memory: str) -> Callable[[Any, Pointer, Problems], Derived]:
    """The chart's default requests, and a note where the object writes values the API server prunes."""

    def compute(values: Any, pointer: Pointer, problems: Problems) -> Derived:
        requests = resource_list({"cpu": cpu, "memory": memory}, pointer, problems) or {}
        notes = [
            f"requests from the {plugin} chart's values.yaml (resources.cpu {cpu}, memory {memory}; {_REPO} deployment/helm/{plugin}/values.yaml)"
        ]
        if isinstance(values, dict) and "resources" in values:
            notes.append(
                f"spec.values.resources is pruned by the API server: the CRD's values schema does not list it ({_REPO} {_CRD})"
            )
        return Derived(
            requests, {}, tuple(notes), ("resources",) if isinstance(values, dict) and "resources" in values else ()
        )

    return compute


def _pod(plugin: str, container: str, cpu: str, memory: str) -> PodPath:
    daemonset = f"{_REPO} deployment/helm/{plugin}/templates/daemonset.yaml"
    patch = MainContainer("patch-runtime", daemonset, enabled="/spec.values.nri.runtime.patchConfig", init=True)
    main = MainContainer(container, daemonset, derive=Derive("/spec.values", _chart_requests(plugin, cpu, memory)))
    return PodPath("spec", "operator", label=container, main=(patch, main), empty_when_absent=True,
                   if_field=(_PRESENT, FieldIn("spec.pluginName", (plugin,))), priority_class="system-node-critical")  # fmt: skip


NRI_PLUGINS_KINDS: Final = (
    WorkloadKind(
        "config.nri",
        "NriPluginDeployment",
        tuple(_pod(*plugin) for plugin in _PLUGINS),
        f"{_REPO} {_CRD}, deployment/operator/roles/plugin-deployment/tasks/main.yml",
    ),
)
