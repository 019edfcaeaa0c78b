"""Which devices a container gets: upstream's tables as vectors.

Ported from pkg/kubelet/cm/devicemanager/topology_hints_test.go (kubernetes
>= v1.27): TestTopologyAlignedAllocation (the NUMA nodes the devices come
from, and the devices a plugin's GetPreferredAllocation answer imposes) and
TestGetPreferredAllocationParameters (what the plugin is asked: available,
mustInclude, size). Upstream's test compares ``available`` twice (its
mustInclude check reads ``actualAvailable``); mustInclude is checked here.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pod_resources_cli.kube.devicemanager.allocate import AllocationError, devices_to_allocate, filter_by_affinity
from pod_resources_cli.kube.devicemanager.state import Inventory
from pod_resources_cli.kube.topologymanager.hints import mask_of
from pod_resources_cli.model.node import Device

R = "resource"


def inventory(*devices: tuple[str, int | None]) -> Inventory:
    return Inventory(Device(R, i, () if n is None else (n,)) for i, n in devices)


def on(node: int, *ids: str) -> list[tuple[str, int | None]]:
    return [(i, node) for i in ids]


def many(node: int, start: int, stop: int) -> list[tuple[str, int | None]]:
    return [(f"Dev{i}", node) for i in range(start, stop)]


INTERLEAVED = [("Dev1", 0), ("Dev2", 1), ("Dev3", 0), ("Dev4", 1)]
SIX = [*INTERLEAVED, ("Dev5", 0), ("Dev6", 1)]
EIGHT = [(f"Dev{i}", (i - 1) % 4) for i in range(1, 9)]

# (description, request, devices, hint NUMA nodes, plugin answer, expected preferred subset, expected alignment)
ALIGNED = [
    ("Single Request, no alignment", 1, [("Dev1", None), ("Dev2", None)], (0, 1), None, [], {}),
    ("Request for 1, partial alignment", 1, [("Dev1", None), ("Dev2", 1)], (1,), None, [], {1: 1}),
    ("Single Request, socket 0", 1, [("Dev1", 0), ("Dev2", 1)], (0,), None, [], {0: 1}),
    ("Single Request, socket 1", 1, [("Dev1", 0), ("Dev2", 1)], (1,), None, [], {1: 1}),
    ("Request for 2, socket 0", 2, INTERLEAVED, (0,), None, [], {0: 2}),
    ("Request for 2, socket 1", 2, INTERLEAVED, (1,), None, [], {1: 2}),
    ("Request for 4, unsatisfiable, prefer socket 0", 4, SIX, (0,), None, [], {0: 3, 1: 1}),
    ("Request for 4, unsatisfiable, prefer socket 1", 4, SIX, (1,), None, [], {0: 1, 1: 3}),
    ("Request for 4, multisocket", 4, EIGHT, (1, 3), None, [], {1: 2, 3: 2}),
    ("Request for 5, socket 0, preferred aligned accepted", 5, many(0, 0, 100) + many(1, 100, 200), (0,),
     ("Dev0", "Dev19", "Dev83", "Dev42", "Dev77"), ["Dev0", "Dev19", "Dev83", "Dev42", "Dev77"], {0: 5}),
    ("Request for 5, socket 0, preferred aligned accepted, unaligned ignored", 5, many(0, 0, 100) + many(1, 100, 200), (0,),
     ("Dev0", "Dev19", "Dev83", "Dev150", "Dev186"), ["Dev0", "Dev19", "Dev83"], {0: 5}),
    ("Request for 5, socket 1, preferred aligned accepted, bogus ignored", 5, many(1, 0, 100), (1,),
     ("Dev0", "Dev19", "Dev83", "bogus0", "bogus1"), ["Dev0", "Dev19", "Dev83"], {1: 5}),
    ("Request for 5, multisocket, preferred accepted", 5, many(0, 0, 3) + many(1, 3, 100), (0,),
     ("Dev0", "Dev1", "Dev2", "Dev42", "Dev83"), ["Dev0", "Dev1", "Dev2", "Dev42", "Dev83"], {0: 3, 1: 2}),
    ("Request for 5, multisocket, preferred unaligned accepted, bogus ignored", 5, many(0, 0, 3) + many(1, 3, 100), (0,),
     ("Dev0", "Dev1", "Dev2", "Dev42", "bogus0"), ["Dev0", "Dev1", "Dev2", "Dev42"], {0: 3, 1: 2}),
]  # fmt: skip


@pytest.mark.parametrize(("description", "request_", "devices", "hint", "plugin", "preferred", "alignment"), ALIGNED, ids=[a[0] for a in ALIGNED])
def test_topology_aligned_allocation(
    description: str,
    request_: int,
    devices: list[tuple[str, int | None]],
    hint: tuple[int, ...],
    plugin: tuple[str, ...] | None,
    preferred: list[str],
    alignment: dict[int, int],
) -> None:
    inv = inventory(*devices)
    ask = None if plugin is None else (lambda available, must, size: list(plugin))
    allocated = devices_to_allocate(inv, R, request_, set(), None, [], mask_of(hint), ask)
    assert len(allocated) == request_ and len(set(allocated)) == request_
    assert set(preferred) <= set(allocated)
    got: dict[int, int] = {}
    if inv.has_topology(R):
        for d in allocated:
            nodes = inv.numa_nodes(R, d)
            if nodes:
                got[nodes[0]] = got.get(nodes[0], 0) + 1
    assert got == alignment


FOUR_ON_0 = on(0, *(f"Dev{i}" for i in range(8)))
SPLIT = on(0, "Dev0", "Dev1", "Dev2", "Dev3") + on(1, "Dev4", "Dev5", "Dev6", "Dev7")

# (description, request, devices, allocated, reusable, available, mustInclude, size)
PARAMETERS = [
    ("Request for 1, socket 0, 0 already allocated, 0 reusable", 1, on(0, "Dev0", "Dev1", "Dev2", "Dev3"), [], [],
     ["Dev0", "Dev1", "Dev2", "Dev3"], [], 1),
    ("Request for 4, socket 0, 2 already allocated, 2 reusable", 4, FOUR_ON_0, ["Dev0", "Dev5"], ["Dev0", "Dev5"],
     [f"Dev{i}" for i in range(8)], ["Dev0", "Dev5"], 4),
    ("Request for 4, socket 0, 4 already allocated, 2 reusable", 4, FOUR_ON_0, ["Dev0", "Dev5", "Dev4", "Dev1"], ["Dev0", "Dev5"],
     ["Dev0", "Dev2", "Dev3", "Dev5", "Dev6", "Dev7"], ["Dev0", "Dev5"], 4),
    ("Request for 6, multisocket, 2 already allocated, 2 reusable", 6, SPLIT, ["Dev1", "Dev6"], ["Dev1", "Dev6"],
     [f"Dev{i}" for i in range(8)], ["Dev0", "Dev1", "Dev2", "Dev3", "Dev6"], 6),
    ("Request for 6, multisocket, 4 already allocated, 2 reusable", 6, SPLIT, ["Dev0", "Dev1", "Dev6", "Dev7"], ["Dev1", "Dev6"],
     ["Dev1", "Dev2", "Dev3", "Dev4", "Dev5", "Dev6"], ["Dev1", "Dev2", "Dev3", "Dev6"], 6),
]  # fmt: skip


@pytest.mark.parametrize(
    ("description", "request_", "devices", "in_use", "reusable", "available", "must_include", "size"),
    PARAMETERS,
    ids=[p[0] for p in PARAMETERS],
)
def test_get_preferred_allocation_parameters(
    description: str,
    request_: int,
    devices: list[tuple[str, int | None]],
    in_use: list[str],
    reusable: list[str],
    available: list[str],
    must_include: list[str],
    size: int,
) -> None:
    asked: list[tuple[list[str], list[str], int]] = []

    def plugin(avail: list[str], must: list[str], n: int) -> Sequence[str]:
        asked.append((avail, must, n))
        return ()

    devices_to_allocate(inventory(*devices), R, request_, set(in_use), None, reusable, mask_of((0,)), plugin)
    assert len(asked) == 1
    got_available, got_must, got_size = asked[0]
    assert sorted(got_available) == sorted(available)
    assert sorted(got_must) == sorted(must_include)
    assert got_size == size


def test_filter_by_affinity_orders_the_hint_nodes_by_free_devices() -> None:
    inv = inventory(("a", 0), ("b", 0), ("c", 1), ("d", 2), ("e", None))
    assert filter_by_affinity(inv, R, mask_of((0, 1)), ["a", "b", "c", "d", "e"]) == (["c", "a", "b"], ["d"], ["e"])
    assert filter_by_affinity(inv, R, None, ["a", "e"]) == ([], [], ["a", "e"])  # no hint: no preference


@pytest.mark.parametrize(
    ("devices", "in_use", "already", "error"),
    [
        (on(0, "Dev0", "Dev1"), {"Dev0", "Dev1"}, None, "requested number of devices unavailable for resource. Requested: 2, Available: 0"),
        (on(0, "Dev0"), set(), ["Dev0"], 'pod "p" container "c" changed request for resource "resource" from 1 to 2'),
    ],
)
def test_allocation_errors_are_the_kubelets(
    devices: list[tuple[str, int | None]], in_use: set[str], already: list[str] | None, error: str
) -> None:
    with pytest.raises(AllocationError) as exc:
        devices_to_allocate(inventory(*devices), R, 2, in_use, already, [], None, names=("p", "c"))
    assert str(exc.value) == error
    with pytest.raises(AllocationError, match="^cannot allocate unregistered device other$"):
        devices_to_allocate(inventory(*devices), "other", 1, set(), None, [], None)
