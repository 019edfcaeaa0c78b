"""Resource-name predicates.

Mirrors pkg/apis/core/v1/helper/helpers.go (k/k a23d4fdd58ee:
IsHugePageResourceName, IsNativeResource, IsOvercommitAllowed,
IsExtendedResourceName without its IsQualifiedName check on
``requests.<name>``) and staging/src/k8s.io/component-helpers/resource/helpers.go
(k/k c4b5de207d1f: IsSupportedPodLevelResource, cpu, memory and hugepages-*), and
pkg/scheduler/util IsDRAExtendedResourceName's implicit DeviceClass name
(staging/src/k8s.io/api/resource/v1/types.go ResourceDeviceClassPrefix).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

CPU: Final = "cpu"
MEMORY: Final = "memory"
EPHEMERAL_STORAGE: Final = "ephemeral-storage"
PODS: Final = "pods"
HUGEPAGES_PREFIX: Final = "hugepages-"
COMPUTE: Final = frozenset({CPU, MEMORY})


def is_hugepages(name: str) -> bool:
    return name.startswith(HUGEPAGES_PREFIX)


def is_native(name: str) -> bool:
    """No domain, or the kubernetes.io domain."""
    return "/" not in name or "kubernetes.io/" in name


def is_overcommit_allowed(name: str) -> bool:
    return is_native(name) and not is_hugepages(name)


def is_extended(name: str) -> bool:
    """A fully-qualified name outside kubernetes.io, not requests.-prefixed."""
    return not is_native(name) and not name.startswith("requests.")


# the implicit extended resource name of a DeviceClass without spec.extendedResourceName (DRAExtendedResource)
DEVICE_CLASS_PREFIX = "deviceclass.resource.kubernetes.io/"


def is_device_class_name(name: str) -> bool:
    """A request of a DeviceClass by its implicit name: only DRA allocates it (no device plugin may advertise a
    kubernetes.io name: pkg/kubelet/cm/devicemanager/plugin/v1beta1/server.go Register refuses a name that is not
    IsExtendedResourceName)."""
    return name.startswith(DEVICE_CLASS_PREFIX) and len(name) > len(DEVICE_CLASS_PREFIX)


def is_supported_pod_level(name: str) -> bool:
    """cpu, memory and hugepages-* may be set in spec.resources (KEP-2837)."""
    return name in COMPUTE or is_hugepages(name)


@lru_cache(maxsize=256)  # every pod asks for the same few names
def hugepage_size_bytes(name: str) -> int | None:
    """``hugepages-2Mi`` -> 2097152; None when the size is not a quantity."""
    from pod_resources_cli.quantity import QuantityError, parse_quantity

    if not is_hugepages(name):
        return None
    try:
        size = parse_quantity(name[len(HUGEPAGES_PREFIX) :]).value()
    except QuantityError:
        return None
    return size if size > 0 else None
