"""Time ordered admission of many pods on one large NUMA node.

    python benchmarks/bench_admission.py [--pods 1000] [--seed 5526]
        [--policy single-numa-node] [--scope container] [--memory] [--repeat 3]

Builds a 2-socket, 8-NUMA-node, 128-CPU machine (64 cores with 2 threads,
like the ``2s8n-128`` machine of the conformance vectors) with the static
CPU policy, then admits seeded, mixed pods in order (Guaranteed with integer
and fractional CPUs, Burstable, BestEffort, several containers, init
containers, sidecars) and prints the wall time. ``--memory`` adds the Static
memory manager as a second hint provider. No assertion: a measurement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pod_resources_cli.features import FeatureGates  # noqa: E402
from pod_resources_cli.kube.admission import admit_pods  # noqa: E402
from pod_resources_cli.kube.pod_create import create_pod  # noqa: E402
from pod_resources_cli.model.decode.node.merge import merge_node_documents  # noqa: E402
from pod_resources_cli.model.decode.pod import decode_pod  # noqa: E402
from pod_resources_cli.model.decode.problems import Problems  # noqa: E402
from pod_resources_cli.model.node import NodeDescription  # noqa: E402
from pod_resources_cli.model.pod import Pod  # noqa: E402

GIB = 1 << 30


def machine_info() -> dict[str, Any]:
    """2 sockets x 4 NUMA nodes x 8 cores x 2 threads; thread siblings are n and n+64."""
    topology = []
    for numa in range(8):
        cores = [
            {
                "core_id": core,
                "thread_ids": [core, core + 64],
                "socket_id": numa // 4,
                "uncore_caches": [{"id": core // 4, "size": 32 << 20, "type": "Unified", "level": 3}],
            }
            for core in range(numa * 8, numa * 8 + 8)
        ]
        distances = [10 if other == numa else 12 if other // 4 == numa // 4 else 32 for other in range(8)]
        topology.append(
            {
                "node_id": numa,
                "memory": 32 * GIB,
                "hugepages": [{"page_size": 1048576, "num_pages": 4}, {"page_size": 2048, "num_pages": 1024}],
                "cores": cores,
                "distances": distances,
            }
        )
    return {"num_cores": 128, "num_physical_cores": 64, "num_sockets": 2, "memory_capacity": 256 * GIB, "topology": topology}


def build_node(policy: str, scope: str, memory: bool) -> NodeDescription:
    kubelet: dict[str, Any] = {
        "kind": "KubeletConfiguration",
        "cpuManagerPolicy": "static",
        "reservedSystemCPUs": "0,64",
        "topologyManagerPolicy": policy,
        "topologyManagerScope": scope,
        "systemReserved": {"memory": "1Gi"},
    }
    if memory:
        kubelet.update(
            memoryManagerPolicy="Static",
            kubeReserved={"memory": "1Gi"},
            evictionHard={"memory.available": "100Mi"},
            reservedMemory=[{"numaNode": 0, "limits": {"memory": "2148Mi"}}],
        )
    problems = Problems()
    node = merge_node_documents([(kubelet, ("kubelet",)), (machine_info(), ("machine",))], problems, source="bench")
    if problems:
        raise SystemExit(f"bad benchmark node: {problems.items}")
    return node


def _container(name: str, rng: random.Random, kind: str) -> dict[str, Any]:
    c: dict[str, Any] = {"name": name, "image": "registry.k8s.io/pause:3.10"}
    if kind == "gint":
        cpu, mem = str(rng.choice([1, 2, 2, 4, 4, 6, 8])), f"{rng.choice([1, 2, 4])}Gi"
        c["resources"] = {"requests": {"cpu": cpu, "memory": mem}, "limits": {"cpu": cpu, "memory": mem}}
    elif kind == "gfrac":
        cpu = f"{rng.choice([100, 250, 500, 1500])}m"
        c["resources"] = {"requests": {"cpu": cpu, "memory": "512Mi"}, "limits": {"cpu": cpu, "memory": "512Mi"}}
    elif kind == "burstable":
        c["resources"] = {"requests": {"cpu": "250m", "memory": "256Mi"}, "limits": {"cpu": "2"}}
    return c


def make_pods(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    pods = []
    for i in range(count):
        shape = rng.choices(["gint", "multi", "init", "sidecar", "gfrac", "burstable", "besteffort"], [5, 2, 1, 1, 1, 1, 1])[0]
        spec: dict[str, Any] = {}
        if shape in ("gint", "gfrac", "burstable", "besteffort"):
            spec["containers"] = [_container("app", rng, shape)]
        elif shape == "multi":
            spec["containers"] = [_container(f"app-{j}", rng, rng.choice(["gint", "gfrac"])) for j in range(rng.randint(2, 3))]
        elif shape == "init":
            spec["initContainers"] = [_container("init", rng, "gint")]
            spec["containers"] = [_container("app", rng, "gint")]
        else:
            sidecar = _container("sidecar", rng, "gint")
            sidecar["restartPolicy"] = "Always"
            spec["initContainers"] = [sidecar]
            spec["containers"] = [_container("app", rng, "gint")]
        pods.append({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"pod-{i:04d}"}, "spec": spec})
    return pods


def decode(obj: dict[str, Any], gates: FeatureGates) -> Pod:
    problems = Problems()
    pod = decode_pod(obj, (), problems, name=obj["metadata"]["name"], namespace=None)
    return create_pod(pod, gates).pod


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pods", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=5526)
    parser.add_argument("--policy", default="single-numa-node")
    parser.add_argument("--scope", default="container")
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    gates = FeatureGates()
    node = build_node(args.policy, args.scope, args.memory)
    pods = [decode(p, gates) for p in make_pods(args.pods, args.seed)]
    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        result = admit_pods(node, pods, gates)
        best = min(best, time.perf_counter() - start)
    admitted = sum(p.admitted for p in result.pods)
    print(
        f"{len(pods)} pods on 128 CPUs / 8 NUMA nodes, topologyManagerPolicy={args.policy}, scope={args.scope}, "
        f"memory manager={'Static' if args.memory else 'None'}: {admitted} admitted, "
        f"shared pool after {result.shared_pool_after}; best of {args.repeat}: {best:.3f} s"
    )


if __name__ == "__main__":
    main()
