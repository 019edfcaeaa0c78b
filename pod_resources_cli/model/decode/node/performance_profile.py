"""A PerformanceProfile (performance.openshift.io v1, v1alpha1, v2) -> the KubeletConfiguration it gives its nodes.

OpenShift's Node Tuning Operator renders each PerformanceProfile into a
KubeletConfig for the nodes of its machine config pool
(openshift/cluster-node-tuning-operator d2394aa81ffe
pkg/performanceprofile/controller/performanceprofile/components/kubeletconfig/kubeletconfig.go
New, setKubeletConfigForCPUAndMemoryManagers). Read as a node description
(``--node``), the profile contributes that KubeletConfiguration, built the
operator's way:

- the annotation ``kubeletconfig.experimental`` (a JSON KubeletConfiguration)
  is the starting point, when written;
- ``cpuManagerPolicy: static`` and ``topologyManagerPolicy: best-effort``,
  then ``spec.numa.topologyPolicy`` when written;
- evictionHard ``memory.available`` 100Mi, ``nodefs.available`` 10%,
  ``imagefs.available`` 15%, ``nodefs.inodesFree`` 5%, and kubeReserved and
  systemReserved ``memory`` 500Mi each, every one where the snippet does not
  set it;
- ``reservedSystemCPUs``: ``spec.cpu.reserved``, with ``spec.cpu.ovsDpdk``
  added. ``spec.cpu.shared`` joins them only for mixed CPUs
  (``workloadHints.mixedCpus``) under the cluster's MixedCPUsAllocation feature
  gate (profile/profile.go SetMissingOptions), which only the TechPreviewNoUpgrade
  and DevPreviewNoUpgrade feature sets enable (openshift/api features/features.go
  FeatureGateMixedCPUsAllocation): the default feature set is taken, without them;
- with topologyPolicy ``restricted`` or ``single-numa-node``:
  ``memoryManagerPolicy: Static`` and, unless the snippet sets reservedMemory,
  NUMA node 0 reserving kubeReserved + systemReserved memory + the
  ``memory.available`` threshold (1100Mi with the defaults: the operator's
  render test expects it, test/e2e/performanceprofile/testdata/
  render-expected-output/manual_kubeletconfig.yaml); with
  ``single-numa-node`` also the CPU manager option ``full-pcpus-only: "true"``
  unless the snippet sets it;
- with the annotation ``performance.openshift.io/dra-resource-management``
  true (strconv.ParseBool), none of that: the CPU, memory and topology
  managers are off (``none``, ``None``) and DRA drivers place the pods
  (setKubeletConfigForDRAManagement).

A value the operator cannot render (a snippet that is not a JSON object, a
cpulist it cannot parse, a memory reservation that is not a quantity) is a
problem here, as the operator renders no KubeletConfig then. The profile's
hugepages, offlined and isolated CPUs shape the machine (kernel arguments):
the machine description (MachineInfo, NodeProfile) of the tuned node says
what they became.
"""

from __future__ import annotations

import json
from typing import Any, Final

from pod_resources_cli.cpuset import CPUSet
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.quantity import Format, Quantity, QuantityError, parse_quantity
from pod_resources_cli.shown import shown

PERFORMANCE_GROUP: Final = "performance.openshift.io"
SNIPPET_ANNOTATION: Final = "kubeletconfig.experimental"
DRA_ANNOTATION: Final = "performance.openshift.io/dra-resource-management"

_EVICTION_DEFAULTS: Final = (
    ("memory.available", "100Mi"),
    ("nodefs.available", "10%"),
    ("imagefs.available", "15%"),
    ("nodefs.inodesFree", "5%"),
)
_RESERVED_MEMORY: Final = "500Mi"  # defaultKubeReservedMemory, defaultSystemReservedMemory
_MEMORY_MANAGED: Final = ("restricted", "single-numa-node")
# strconv.ParseBool
_TRUE: Final = frozenset({"1", "t", "T", "TRUE", "true", "True"})


def is_performance_profile(doc: dict[str, Any]) -> bool:
    api_version = doc.get("apiVersion")
    return (
        doc.get("kind") == "PerformanceProfile"
        and isinstance(api_version, str)
        and api_version.partition("/")[0] == PERFORMANCE_GROUP
    )


def rendered_kubelet_configuration(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> dict[str, Any] | None:
    """The KubeletConfiguration the operator renders from this profile, or None (with a problem) when it cannot."""
    metadata = doc.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    annotations = annotations if isinstance(annotations, dict) else {}
    annotations_ptr: Pointer = (*pointer, "metadata", "annotations")
    config: dict[str, Any] = {}
    snippet = annotations.get(SNIPPET_ANNOTATION)
    if snippet is not None:
        try:
            loaded = json.loads(snippet) if isinstance(snippet, str) else None
        except (ValueError, RecursionError):
            loaded = None
        if not isinstance(loaded, dict):
            problems.add((*annotations_ptr, SNIPPET_ANNOTATION),
                         f"the annotation {SNIPPET_ANNOTATION} must hold a JSON KubeletConfiguration object; "
                         "the Node Tuning Operator renders no KubeletConfig from this profile")  # fmt: skip
            return None
        config = loaded
    config = {**config, "kind": "KubeletConfiguration", "apiVersion": "kubelet.config.k8s.io/v1beta1"}
    if str(annotations.get(DRA_ANNOTATION)) in _TRUE:
        return {**config, "cpuManagerPolicy": "none", "cpuManagerPolicyOptions": {}, "topologyManagerPolicy": "none",
                "memoryManagerPolicy": "None"}  # fmt: skip
    spec = doc.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    spec_ptr: Pointer = (*pointer, "spec")
    config["cpuManagerPolicy"] = "static"
    config["topologyManagerPolicy"] = "best-effort"
    eviction = _map(config, "evictionHard")
    for signal, threshold in _EVICTION_DEFAULTS:
        eviction.setdefault(signal, threshold)
    _map(config, "kubeReserved").setdefault("memory", _RESERVED_MEMORY)
    _map(config, "systemReserved").setdefault("memory", _RESERVED_MEMORY)
    cpu = spec.get("cpu")
    if isinstance(cpu, dict) and cpu.get("reserved") is not None:
        reserved = _cpuset(cpu, "reserved", (*spec_ptr, "cpu"), problems)
        dpdk = _cpuset(cpu, "ovsDpdk", (*spec_ptr, "cpu"), problems) if cpu.get("ovsDpdk") not in (None, "") else CPUSet()
        if reserved is None or dpdk is None:
            return None
        config["reservedSystemCPUs"] = str(reserved.union(dpdk))
    numa = spec.get("numa")
    policy = numa.get("topologyPolicy") if isinstance(numa, dict) else None
    if policy is not None:
        config["topologyManagerPolicy"] = policy
        if policy in _MEMORY_MANAGED:
            config["memoryManagerPolicy"] = "Static"
            if config.get("reservedMemory") is None:
                total = _reserved_memory(config, (*spec_ptr, "numa", "topologyPolicy"), problems)
                if total is None:
                    return None
                config["reservedMemory"] = [{"numaNode": 0, "limits": {"memory": str(total)}}]
            if policy == "single-numa-node":
                _map(config, "cpuManagerPolicyOptions").setdefault("full-pcpus-only", "true")
    return config


def _map(config: dict[str, Any], key: str) -> dict[str, Any]:
    """``config[key]`` as a map the operator fills in (a fresh one when unset or null)."""
    value = config.get(key)
    if not isinstance(value, dict):
        value = {}
    else:
        value = dict(value)
    config[key] = value
    return value


def _cpuset(cpu: dict[str, Any], key: str, cpu_ptr: Pointer, problems: Problems) -> CPUSet | None:
    value = cpu.get(key)
    try:
        return CPUSet.parse(value) if isinstance(value, str) else CPUSet.parse(str(value))
    except ValueError as err:
        problems.add((*cpu_ptr, key), f"not a cpulist ({err}): the Node Tuning Operator renders no KubeletConfig")
        return None


def _reserved_memory(config: dict[str, Any], policy_ptr: Pointer, problems: Problems) -> Quantity | None:
    """kubeReserved + systemReserved memory + evictionHard memory.available, added as Quantity.Add adds
    (the sum takes the format of the first addend while it is zero)."""
    total = Quantity(0, Format.DECIMAL_SI)
    for key, sub in (("kubeReserved", "memory"), ("systemReserved", "memory"), ("evictionHard", "memory.available")):
        text = config[key].get(sub)
        try:
            value = parse_quantity(text) if isinstance(text, str) else None
        except QuantityError:
            value = None
        if value is None:
            problems.add(policy_ptr, f"{key} {sub} {shown(text)} is not a quantity, and the Node Tuning Operator adds it to NUMA "
                                     "node 0's reserved memory: it renders no KubeletConfig")  # fmt: skip
            return None
        total = Quantity(total.nanos + value.nanos, value.format if total.is_zero() else total.format)
    return total
