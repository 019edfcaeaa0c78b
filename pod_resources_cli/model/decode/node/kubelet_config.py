"""KubeletConfiguration (kubelet.config.k8s.io/v1beta1) -> KubeletConfig.

Only the fields this tool reads; unknown fields are ignored, as a real
kubelet config holds many more. Wrong types are problems with a pointer;
values the kubelet's validation refuses (a negative maxPods...) are kept
and refused by consistency.py, once the documents are merged.
Defaults are the kubelet's (pkg/kubelet/apis/config/v1beta1/defaults.go
SetDefaults_KubeletConfiguration, k/k 1c9cf914f2f9): maxPods 0 or unset is 110, podsPerCore 0,
evictionHard unset = the default thresholds.

Numbers are held as the kubelet's Go types hold them, and refused where those
cannot: maxPods and podsPerCore are int32, podPidsLimit int64, memoryThrottlingFactor
a float64 (a string is refused, as encoding/json refuses it), the
reservations' quantities must fit the int64 the kubelet reads them into
(values.py). Durations are read as time.ParseDuration reads them, ASCII
digits only.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.node.values import INT32_MAX, int_in_range, node_resource_list
from pod_resources_cli.model.decode.problems import (
    Problems,
    as_int,
    as_list,
    as_mapping,
    as_str,
    type_name,
)
from pod_resources_cli.model.node import KubeletConfig, ReservedMemory
from pod_resources_cli.quantity import MAX_INT64
from pod_resources_cli.shown import shown

# SetDefaults_KubeletConfiguration: `if obj.MaxPods == 0 { obj.MaxPods = 110 }`.
DEFAULT_MAX_PODS: Final = 110

# Field name -> KubeletConfig attribute, for every field decoded here: the
# set of attributes a document names is what a later document overrides.
FIELD_ATTRS: Final = {
    "cgroupDriver": "cgroup_driver",
    "cpuManagerPolicy": "cpu_manager_policy",
    "reservedSystemCPUs": "reserved_system_cpus",
    "topologyManagerPolicy": "topology_manager_policy",
    "topologyManagerScope": "topology_manager_scope",
    "memoryManagerPolicy": "memory_manager_policy",
    "memoryReservationPolicy": "memory_reservation_policy",
    "kubeReservedCgroup": "kube_reserved_cgroup",
    "systemReservedCgroup": "system_reserved_cgroup",
    "cpuManagerPolicyOptions": "cpu_manager_policy_options",
    "topologyManagerPolicyOptions": "topology_manager_policy_options",
    "kubeReserved": "kube_reserved",
    "systemReserved": "system_reserved",
    "evictionHard": "eviction_hard",
    "reservedMemory": "reserved_memory",
    "memoryThrottlingFactor": "memory_throttling_factor",
    "cpuCFSQuota": "cpu_cfs_quota",
    "singleProcessOOMKill": "single_process_oom_kill",
    "cpuCFSQuotaPeriod": "cpu_cfs_quota_period_us",
    "podPidsLimit": "pod_pids_limit",
    "maxPods": "max_pods",
    "podsPerCore": "pods_per_core",
    "mergeDefaultEvictionSettings": "merge_default_eviction_settings",
    "featureGates": "feature_gates",
    "failSwapOn": "fail_swap_on",
    "memorySwap": "swap_behavior",
    "cgroupVersion": "cgroup_version",  # a project extension
    "swapController": "swap_controller",  # a project extension
}

# Project settings, not KubeletConfiguration fields: a document that sets
# only these is not the kubelet's config file (merge.py).
PROJECT_FIELDS: Final = frozenset({"cgroup_version", "runtime_cpu_weight", "swap_controller"})

# The map fields: merged key by key with a later document's (model/decode/node/merge.py).
MAP_FIELDS: Final = frozenset(
    {"cpu_manager_policy_options", "topology_manager_policy_options", "kube_reserved", "system_reserved", "eviction_hard", "feature_gates"}
)

# time.ParseDuration: ASCII digits only (a \d would take any Unicode digit),
# "µs" with U+00B5 or U+03BC.
# Possessive, and matched at each position in turn: linear time on a long text.
_DURATION = re.compile(r"([0-9]++(?:\.[0-9]++)?)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)")
_UNIT_US = {
    "ns": Decimal("0.001"),
    "us": Decimal(1),
    "\u00b5s": Decimal(1),
    "\u03bcs": Decimal(1),
    "ms": Decimal(1000),
    "s": Decimal(10**6),
    "m": Decimal(6 * 10**7),
    "h": Decimal(36 * 10**8),
}


def parse_duration_us(text: str) -> int | None:
    """A Go duration string ("100ms", "1m30s") in whole microseconds."""
    text = text.strip()
    if not text:
        return None
    total = Decimal(0)
    pos = 0
    while pos < len(text):
        match = _DURATION.match(text, pos)
        if match is None:
            return None
        total += Decimal(match.group(1)) * _UNIT_US[match.group(2)]
        pos = match.end()
    return int(total)


def _str_map(value: Any, pointer: Pointer, problems: Problems) -> dict[str, str]:
    mapping = as_mapping(value, pointer, problems) or {}
    out: dict[str, str] = {}
    for k, v in mapping.items():
        if isinstance(v, bool):
            out[str(k)] = "true" if v else "false"
        elif isinstance(v, (str, int, float)):
            out[str(k)] = str(v)
        else:
            problems.add((*pointer, k), f"must be a string, not {type_name(v)}")
    return out


def _bool(value: Any, pointer: Pointer, problems: Problems, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    problems.add(pointer, f"must be true or false, not {type_name(value)}")
    return default


def decode_kubelet_config(doc: dict[str, Any], pointer: Pointer, problems: Problems) -> tuple[KubeletConfig, frozenset[str]]:
    """The config and the KubeletConfig attributes the document sets, null
    included (for merging: a later document patches exactly those). An empty
    map sets nothing: as a merge patch it changes no key."""
    d = doc
    p = pointer
    present = frozenset(
        FIELD_ATTRS[name] for name in d if name in FIELD_ATTRS and not (FIELD_ATTRS[name] in MAP_FIELDS and d[name] == {})
    )
    if isinstance(d.get("memorySwap"), dict) and "swapBehavior" not in d["memorySwap"]:
        present -= {"swap_behavior"}  # a struct patch without the field changes nothing
    kwargs: dict[str, Any] = {}
    for field_name, attr in (
        ("cgroupDriver", "cgroup_driver"),
        ("cpuManagerPolicy", "cpu_manager_policy"),
        ("reservedSystemCPUs", "reserved_system_cpus"),
        ("topologyManagerPolicy", "topology_manager_policy"),
        ("topologyManagerScope", "topology_manager_scope"),
        ("memoryManagerPolicy", "memory_manager_policy"),
        ("memoryReservationPolicy", "memory_reservation_policy"),
        ("kubeReservedCgroup", "kube_reserved_cgroup"),
        ("systemReservedCgroup", "system_reserved_cgroup"),
    ):
        if field_name in d:
            value = as_str(d[field_name], (*p, field_name), problems)
            if value is not None:
                kwargs[attr] = value
    for field_name, attr in (
        ("cpuManagerPolicyOptions", "cpu_manager_policy_options"),
        ("topologyManagerPolicyOptions", "topology_manager_policy_options"),
    ):
        if field_name in d:
            kwargs[attr] = _str_map(d[field_name], (*p, field_name), problems)
    for field_name, attr in (("kubeReserved", "kube_reserved"), ("systemReserved", "system_reserved")):
        if field_name in d:
            kwargs[attr] = node_resource_list(d[field_name], (*p, field_name), problems) or {}
    if d.get("evictionHard") is not None:  # null is unset: the default thresholds
        kwargs["eviction_hard"] = _str_map(d["evictionHard"], (*p, "evictionHard"), problems)
    if "reservedMemory" in d:
        reserved: list[ReservedMemory] = []
        for i, item in enumerate(as_list(d["reservedMemory"], (*p, "reservedMemory"), problems)):
            ip = (*p, "reservedMemory", i)
            m = as_mapping(item, ip, problems) or {}
            node = as_int(m.get("numaNode"), (*ip, "numaNode"), problems)
            if "numaNode" not in m:
                problems.add(ip, "a reservedMemory entry needs numaNode")
            limits = node_resource_list(m.get("limits"), (*ip, "limits"), problems) or {}
            if node is not None:
                reserved.append(ReservedMemory(node, limits))
        kwargs["reserved_memory"] = tuple(reserved)
    if "memoryThrottlingFactor" in d and d["memoryThrottlingFactor"] is not None:
        raw = d["memoryThrottlingFactor"]
        try:
            if isinstance(raw, bool) or not isinstance(raw, (int, float)):
                raise InvalidOperation  # a float64: a JSON string is refused (Decimal would take "٠.٥")
            kwargs["memory_throttling_factor"] = Decimal(repr(raw) if isinstance(raw, float) else str(raw))
        except (InvalidOperation, ValueError):
            problems.add((*p, "memoryThrottlingFactor"), f"must be a number, not {shown(raw)}")
    if "cpuCFSQuota" in d:
        kwargs["cpu_cfs_quota"] = _bool(d["cpuCFSQuota"], (*p, "cpuCFSQuota"), problems, True)
    if "singleProcessOOMKill" in d:
        kwargs["single_process_oom_kill"] = _bool(d["singleProcessOOMKill"], (*p, "singleProcessOOMKill"), problems, False)
    if "cpuCFSQuotaPeriod" in d:
        text = as_str(d["cpuCFSQuotaPeriod"], (*p, "cpuCFSQuotaPeriod"), problems)
        if text is not None:
            us = parse_duration_us(text)
            if us is None:
                problems.add((*p, "cpuCFSQuotaPeriod"), f"invalid duration {shown(text)}")
            else:
                kwargs["cpu_cfs_quota_period_us"] = us
    if "podPidsLimit" in d:
        kwargs["pod_pids_limit"] = int_in_range(
            d["podPidsLimit"], (*p, "podPidsLimit"), problems, -MAX_INT64 - 1, MAX_INT64, "the kubelet holds podPidsLimit as an int64"
        )
    for field_name, attr in (("maxPods", "max_pods"), ("podsPerCore", "pods_per_core")):
        if field_name in d and d[field_name] is not None:
            count = int_in_range(
                d[field_name], (*p, field_name), problems, -INT32_MAX - 1, INT32_MAX, f"the kubelet holds {field_name} as an int32"
            )
            if count is not None:
                kwargs[attr] = DEFAULT_MAX_PODS if attr == "max_pods" and count == 0 else count
    if "mergeDefaultEvictionSettings" in d:
        kwargs["merge_default_eviction_settings"] = _bool(
            d["mergeDefaultEvictionSettings"], (*p, "mergeDefaultEvictionSettings"), problems, False
        )
    if "featureGates" in d:
        gates = as_mapping(d["featureGates"], (*p, "featureGates"), problems) or {}
        kwargs["feature_gates"] = {str(k): v for k, v in gates.items() if isinstance(v, bool)}
    kwargs.update(_swap_fields(d, p, problems))
    # Project extensions, accepted in the same document for hand-written profiles.
    if "cgroupVersion" in d:
        version = as_int(d["cgroupVersion"], (*p, "cgroupVersion"), problems)
        if version is not None:
            kwargs["cgroup_version"] = version
    return KubeletConfig(**kwargs), present


def _swap_fields(d: dict[str, Any], p: Pointer, problems: Problems) -> dict[str, Any]:
    """failSwapOn (default true), memorySwap.swapBehavior (a string, "" by
    default; its values are checked at start, kube/swap.py) and the project's
    swapController. memorySwap is a struct: its only field is swapBehavior."""
    out: dict[str, Any] = {}
    if "failSwapOn" in d:
        out["fail_swap_on"] = _bool(d["failSwapOn"], (*p, "failSwapOn"), problems, True)
    if d.get("memorySwap") is not None:
        swap = as_mapping(d["memorySwap"], (*p, "memorySwap"), problems) or {}
        if swap.get("swapBehavior") is not None:
            behavior = as_str(swap["swapBehavior"], (*p, "memorySwap", "swapBehavior"), problems)
            if behavior is not None:
                out["swap_behavior"] = behavior
    if d.get("swapController") is not None:
        out["swap_controller"] = _bool(d["swapController"], (*p, "swapController"), problems, True)
    return out
