"""Which devices a container gets.

Mirrors devicesToAllocate and filterByAffinity of
pkg/kubelet/cm/devicemanager/manager.go (kubernetes/kubernetes commit
7510f32987feb7efbaced9aec1ca15303dea252b). Devices freed by init containers
are taken first; then, under the merged hint, the devices on its NUMA nodes
("aligned"), then those on other NUMA nodes, then those without topology.
A device plugin that implements GetPreferredAllocation is asked to choose
among the aligned devices (when they are more than needed) or among all the
free ones; ``preferred`` stands for it (None: the plugin does not offer it,
this tool's default, since a node description cannot say what a plugin
would answer).

Upstream keeps each group in a Go set, so which devices of a group are taken
is arbitrary; here a group is taken in filterByAffinity's node order (the
hint's NUMA nodes, fewest free devices first, then the others, then devices
without topology) and, within a node, in the node description's order. The
NUMA nodes the devices come from are upstream's; the IDs may differ
(docs/semantics.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from pod_resources_cli.kube.devicemanager.state import Inventory

NODE_WITHOUT_TOPOLOGY = -1

# GetPreferredAllocation(available, mustInclude, size) -> the device IDs the plugin prefers
Preferred = Callable[[list[str], list[str], int], Sequence[str]]


def filter_by_affinity(
    inventory: Inventory, resource: str, hint: int | None, available: Sequence[str]
) -> tuple[list[str], list[str], list[str]]:
    """filterByAffinity: (aligned, unaligned, without topology), each in node order."""
    if not inventory.has_topology(resource) or hint is None:
        return [], [], list(available)
    per_node: dict[int, list[str]] = {}
    for d in available:
        for n in inventory.numa_nodes(resource, d) or (NODE_WITHOUT_TOPOLOGY,):
            per_node.setdefault(n, []).append(d)

    def rank(n: int) -> tuple[int, int, int]:
        if n != NODE_WITHOUT_TOPOLOGY and hint >> n & 1:
            return 0, len(per_node[n]), n
        if n == NODE_WITHOUT_TOPOLOGY:
            return 2, 0, 0
        return 1, len(per_node[n]), n

    nodes = sorted(per_node, key=rank)
    groups: tuple[list[str], list[str], list[str]] = ([], [], [])
    placed: set[str] = set()
    for n in nodes:
        group = groups[rank(n)[0]]
        for d in per_node[n]:
            if d not in placed:  # a device on several NUMA nodes goes with the first
                placed.add(d)
                group.append(d)
    return groups


class AllocationError(Exception):
    """devicesToAllocate's error; the kubelet reports it as UnexpectedAdmissionError."""


def devices_to_allocate(
    inventory: Inventory,
    resource: str,
    required: int,
    in_use: set[str],
    already: Collection[str] | None,
    reusable: Sequence[str],
    hint: int | None,
    preferred: Preferred | None = None,
    names: tuple[str, str] = ("", ""),
) -> list[str]:
    """devicesToAllocate: the devices to give (and mark in ``in_use``); [] when the
    container already has them. ``already``: the container's recorded devices;
    ``names``: (pod UID, container) for the error texts. Raises AllocationError."""
    needed = required
    if already is not None:
        needed -= len(already)
        if needed != 0:
            uid, container = names
            raise AllocationError(
                f'pod "{uid}" container "{container}" changed request for resource "{resource}" from {len(already)} to {required}'
            )
    healthy = inventory.ids(resource)
    if resource not in inventory.devices:
        raise AllocationError(f"cannot allocate unregistered device {resource}")
    if not healthy:
        raise AllocationError(f"no healthy devices present; cannot allocate unhealthy devices {resource}")
    if already is not None and not set(already) <= set(healthy):
        raise AllocationError(f"previously allocated devices are no longer healthy; cannot allocate unhealthy devices {resource}")
    if needed == 0:
        return []
    allocated: list[str] = []
    taken: set[str] = set()

    def take(devices: Sequence[str]) -> bool:
        nonlocal needed
        for d in devices:
            if d in taken:
                continue
            in_use.add(d)
            taken.add(d)
            allocated.append(d)
            needed -= 1
            if needed == 0:
                return True
        return False

    if take(reusable):
        return allocated
    available = [d for d in healthy if d not in in_use]
    if len(available) < needed:
        raise AllocationError(
            f"requested number of devices unavailable for {resource}. Requested: {needed}, Available: {len(available)}"
        )
    aligned, unaligned, no_affinity = filter_by_affinity(inventory, resource, hint, available)
    if needed < len(aligned):
        chosen = _ask(preferred, aligned, allocated, required)
        aligned_set = set(aligned)
        if take([d for d in chosen if d in aligned_set]) or take(aligned):
            return allocated
        raise AllocationError(f"unexpectedly allocated less resources than required. Requested: {required}, Got: {required - needed}")
    if take(aligned):
        return allocated
    chosen = _ask(preferred, available, allocated, required)
    available_set = set(available)
    if take([d for d in chosen if d in available_set]) or take(unaligned) or take(no_affinity):
        return allocated
    raise AllocationError(f"unexpectedly allocated less resources than required. Requested: {required}, Got: {required - needed}")


def _ask(preferred: Preferred | None, pool: Sequence[str], allocated: list[str], size: int) -> Sequence[str]:
    """callGetPreferredAllocationIfAvailable: the plugin sees the pool plus what it already got."""
    if preferred is None:
        return ()
    return preferred([*pool, *(d for d in allocated if d not in pool)], list(allocated), size)
