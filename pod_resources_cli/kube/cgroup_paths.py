"""Where a pod's cgroup lives: the QoS parent and the pod cgroup.

Mirrors, in pkg/kubelet/cm/, for the default cgroup root ``/``:
- qos_container_manager_linux.go Start (k/k aaa5bd53322c): Guaranteed pods
  sit directly under ``kubepods``, the others under ``kubepods/burstable``
  and ``kubepods/besteffort``;
- pod_container_manager_linux.go GetPodContainerName (k/k 00b39fcf8334) and
  GetPodCgroupNameSuffix: the pod cgroup ``pod<uid>`` under its QoS parent;
- cgroup_manager_linux.go CgroupName.ToCgroupfs / ToSystemd (k/k
  afd5df58bd7d): the systemd driver nests slices and writes ``-`` in a name
  as ``_``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pod_resources_cli.kube.qos import QOSClass
from pod_resources_cli.model.node import KubeletConfig

KUBEPODS: Final = "kubepods"
POD_PREFIX: Final = "pod"
_QOS_SEGMENT: Final = {QOSClass.GUARANTEED: None, QOSClass.BURSTABLE: "burstable", QOSClass.BEST_EFFORT: "besteffort"}


def to_cgroupfs(name: Sequence[str]) -> str:
    return "/" + "/".join(name)


def to_systemd(name: Sequence[str]) -> str:
    """ToSystemd: {"kubepods", "burstable", "pod1-2"} ->
    /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1_2.slice"""
    if not name:
        return "/"
    parts = [part.replace("-", "_") for part in name]
    return "".join("/" + "-".join(parts[: i + 1]) + ".slice" for i in range(len(parts)))


def _literal(name: Sequence[str], kubelet: KubeletConfig) -> str:
    return to_systemd(name) if kubelet.cgroup_driver == "systemd" else to_cgroupfs(name)


def qos_cgroup_name(qos: QOSClass) -> tuple[str, ...]:
    segment = _QOS_SEGMENT[qos]
    return (KUBEPODS,) if segment is None else (KUBEPODS, segment)


def cgroup_paths(pod_uid_or_name: str, qos: QOSClass, kubelet: KubeletConfig) -> tuple[str, str]:
    """(QoS parent, pod cgroup) as the kubelet names them on the host, for
    kubelet.cgroup_driver "systemd" or "cgroupfs"."""
    parent = qos_cgroup_name(qos)
    return _literal(parent, kubelet), _literal((*parent, POD_PREFIX + pod_uid_or_name), kubelet)
