"""CPU-Pooler's pod webhook (nokia/CPU-Pooler @7e334f7f4fd4 cmd/webhook/webhook.go): the cpu request and limit of a
container that asks CPUs of a CPU pool.

CPU-Pooler's device plugin advertises each pool of a node as the extended resource ``nokia.k8s.io/<pool>``; a pool
whose name starts with ``exclusive`` gives whole cores, one whose name starts with ``shared`` gives millicores of a
shared set (pkg/types/pool.go ``DeterminePoolType``; README "Pod spec"). The scheduler counts them as devices, not
as cpu, and the pool's cores are the ones the kubelet is told to reserve (README "Kubelet": ``--system-reserved``
covers them); CPU-Pooler's cpusetter writes the container's ``cpuset.cpus``, and the kubelet's CPU manager must be
off on those nodes (README).

Its mutating webhook (deployment/webhook-conf.yaml: every pod's CREATE and UPDATE, ``failurePolicy: Fail``) reads each
regular container's ``limits`` (``getCPUPoolRequests``): every resource whose name starts with ``nokia.k8s.io`` must
be a whole number once Go's ``Quantity.String()`` has its ``k`` written as ``000`` (``strconv.Atoi``), else the
webhook refuses the pod; the ``nokia.k8s.io/shared*`` ones add to the container's shared request, the
``nokia.k8s.io/exclusive*`` ones to its exclusive request. ``setRequestLimit`` and ``patchCPULimit`` then, with the
webhook's default ``-cfs-quotas=all`` (the flag's default; deployment/webhook-svc-depl.yaml passes no other):

- exclusive E and no shared: cpu limit ``(1000*E + 100)m``;
- shared S (millicores) and no exclusive: cpu limit ``Sm``;
- both: cpu limit ``1000*E`` millicores plus the size of the largest shared pool of that name in the node's pool
  configuration (``getMaxSharedPoolLimit``), which the manifest cannot show: the pod is then only as written;

and in each case the cpu request ``0m``. Its JSON patch ``replace``s ``resources/limits/cpu`` and
``resources/requests/cpu``; the API server's JSON patch (gopkg.in/evanphx/json-patch.v4 patch.go ``replace``:
``partialDoc.get`` of a missing key is no error) adds a key the container does not write, and both maps exist
(the pool limit is there, and its request defaults to it). With ``-cfs-quotas=shared`` exclusive-only containers
are left alone. Init containers are never looked at. The ``nokia.k8s.io/cpus`` annotation's pinning checks
(``validateAnnotation``) are not modelled.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.pod import Container, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.records import replace

SOURCE: Final = "nokia/CPU-Pooler @7e334f7f4fd4 cmd/webhook/webhook.go"
PREFIX: Final = "nokia.k8s.io"
_SHARED: Final = PREFIX + "/shared"
_EXCLUSIVE: Final = PREFIX + "/exclusive"


def asks_pool(pod: Pod) -> bool:
    """Does a regular container of ``pod`` limit a ``nokia.k8s.io`` resource (what the webhook reads)?"""
    return any(any(key.startswith(PREFIX) for key in c.resources.lim) for c in pod.containers)


def _atoi(quantity: Quantity) -> int | None:
    """The webhook's ``strconv.Atoi(strings.Replace(value.String(), "k", "000", 1))``; None where Atoi fails."""
    text = quantity.canonical().replace("k", "000", 1)
    digits = text[1:] if text[:1] in "+-" else text
    return int(text) if digits.isascii() and digits.isdigit() else None


class Pooled(NamedTuple):
    """``pod`` as CPU-Pooler's webhook admits it."""

    pod: Pod
    notes: tuple[str, ...] = ()  # what the webhook did, one note per container
    as_written: str | None = None  # why the pod is only as written (None: final)
    sets: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (container, resources) the webhook sets from values not here
    refused: tuple[Pointer, str] | None = None  # where and why the webhook refuses the pod


def with_cpu_pooler(pod: Pod) -> Pooled:
    """``pod`` as CPU-Pooler's webhook admits it (or refuses it)."""
    containers: list[Container] = []
    notes: list[str] = []
    unknown: list[str] = []
    for c in pod.containers:
        shared = exclusive = 0
        pools: list[str] = []
        for key, value in sorted(c.resources.lim.items()):
            if not key.startswith(PREFIX):
                continue
            number = _atoi(value)
            if number is None:
                refusal = (f"CPU-Pooler's webhook ({SOURCE} getCPUPoolRequests) refuses the pod: the limit {key}: "
                       f"{value.canonical()} of container '{c.name}' is not a whole number to it")  # fmt: skip
                return Pooled(pod, refused=((*c.pointer, "resources", "limits", key), refusal))
            if key.startswith(_SHARED):
                shared += number
                pools.append(f"{number}m of {key}")
            if key.startswith(_EXCLUSIVE):
                exclusive += number
                pools.append(f"{number} CPU{'s' if number != 1 else ''} of {key}")
        if exclusive > 0 and shared > 0:
            limit = None
        elif exclusive > 0:
            limit = 1000 * exclusive + 100
        elif shared > 0:
            limit = shared
        else:
            containers.append(c)
            continue
        requests = {**c.resources.req, "cpu": Quantity.from_milli(0)}
        limits = dict(c.resources.lim)
        asks = " and ".join(pools)
        if limit is None:
            limits.pop("cpu", None)
            unknown.append(c.name)
            said = (f"sets its cpu request to 0 and its cpu limit to {1000 * exclusive}m plus the size of the shared pool "
                    "in the node's pool configuration (getMaxSharedPoolLimit)")  # fmt: skip
        else:
            limits["cpu"] = Quantity.from_milli(limit)
            said = f"sets its cpu request to 0 and its cpu limit to {limits['cpu'].canonical()} (-cfs-quotas=all, the webhook's default)"
        containers.append(replace(c, resources=ResourceRequirements(requests=requests, limits=limits, claims=c.resources.claims)))
        notes.append(
            f"container '{c.name}' asks {asks}: CPUs of a CPU-Pooler pool, a device plugin's resource the scheduler "
            f"counts apart from cpu, pinned by CPU-Pooler's cpusetter (not the kubelet's CPU manager, which CPU-Pooler "
            f"requires off); CPU-Pooler's webhook ({SOURCE} setRequestLimit) {said}"
        )
    if not notes:
        return Pooled(pod)
    why: str | None = None
    if unknown:
        names = ", ".join(f"'{n}'" for n in unknown)
        why = f"CPU-Pooler's webhook sets the cpu limit of {names} from the node's shared pool size ({SOURCE} getMaxSharedPoolLimit)"
    return Pooled(replace(pod, containers=tuple(containers)), tuple(notes), why, tuple((n, ("cpu",)) for n in unknown))
