"""Build the benchmark corpora: seeded, byte-for-byte reproducible.

    python benchmarks/make_corpus.py [--out benchmarks/out/corpus] [--seed 2837]
                                     [--sizes 1000,10000,50000] [--files 20000]
                                     [--minimal 100] [--real ../shared/corpus]

Writes ``stream-<N>.yaml`` (one multi-document stream of N documents),
``files-<M>/`` (M small files of one to three documents each), with
``--minimal MB``, ``minimal-<MB>MB.yaml`` (that many MB of minimal pods) and,
with ``--real``, ``real/`` (a copy of the manifests found under that directory).
The documents mix every kind that carries a pod template (Pod, Deployment,
StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job, CronJob,
PodTemplate, ``kind: List``), multi-container pods, init containers, sidecars
(restartable init containers), pod-level ``spec.resources``, quantities in
every notation, and kinds the tool skips (Service, ConfigMap, Secret,
Ingress, CustomResourceDefinition and custom resources).

The same seed always gives the same bytes: only ``random.Random(seed)`` and
sorted iteration decide the content.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

_Dumper: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

WORKLOAD_KINDS = (
    "Pod", "Deployment", "StatefulSet", "DaemonSet", "ReplicaSet",
    "ReplicationController", "Job", "CronJob", "PodTemplate", "List",
)
OTHER_KINDS = ("Service", "ConfigMap", "Secret", "Ingress", "CustomResourceDefinition", "CustomResource")
# About two documents in three carry a pod template, as in real repositories.
KIND_WEIGHTS = {
    "Pod": 6, "Deployment": 14, "StatefulSet": 5, "DaemonSet": 3, "ReplicaSet": 2,
    "ReplicationController": 1, "Job": 3, "CronJob": 3, "PodTemplate": 1, "List": 2,
    "Service": 10, "ConfigMap": 8, "Secret": 2, "Ingress": 2, "CustomResourceDefinition": 1,
    "CustomResource": 3,
}

CPU = ("50m", "100m", "250m", "500m", "0.5", "1", "2", "1500m", 1, 2, 4, 0.25, "3", "8")
MEMORY = ("64Mi", "128Mi", "256Mi", "512Mi", "1Gi", "2Gi", "1G", "500M", "1536Mi", "4Gi", "1e9", 134217728)
EPHEMERAL = ("1Gi", "500Mi", "10Gi")
IMAGES = ("nginx:1.27", "registry.k8s.io/pause:3.10", "busybox:1.36", "envoyproxy/envoy:v1.31.0",
          "ghcr.io/example/api:2.4.1", "quay.io/prometheus/node-exporter:v1.8.2", "redis:7.4")
WORDS = ("api", "web", "worker", "cache", "db", "proxy", "metrics", "queue", "auth", "search", "batch", "edge")


def _name(rng: random.Random) -> str:
    return f"{rng.choice(WORDS)}-{rng.choice(WORDS)}-{rng.randrange(10**4):04d}"


def _resources(rng: random.Random) -> dict[str, Any]:
    shape = rng.random()
    out: dict[str, Any] = {}
    if shape < 0.1:
        return out  # BestEffort-style container
    cpu, mem = rng.choice(CPU), rng.choice(MEMORY)
    out["requests"] = {"cpu": cpu, "memory": mem}
    if shape < 0.35:
        out["limits"] = {"cpu": cpu, "memory": mem}  # Guaranteed-style
    elif shape < 0.7:
        out["limits"] = {"memory": rng.choice(MEMORY)}
    elif shape < 0.8:
        out = {"limits": {"cpu": rng.choice(CPU), "memory": mem}}
    if rng.random() < 0.15:
        out.setdefault("requests", {})["ephemeral-storage"] = rng.choice(EPHEMERAL)
    if rng.random() < 0.03:
        out.setdefault("limits", {})["hugepages-2Mi"] = "64Mi"
        out.setdefault("requests", {}).setdefault("memory", "64Mi")
    return out


def _container(rng: random.Random, name: str) -> dict[str, Any]:
    c: dict[str, Any] = {"name": name, "image": rng.choice(IMAGES)}
    if rng.random() < 0.6:
        c["ports"] = [{"containerPort": rng.choice((80, 443, 8080, 9090, 6379)), "protocol": "TCP"}]
    if rng.random() < 0.5:
        c["env"] = [{"name": f"VAR_{i}", "value": _name(rng)} for i in range(rng.randrange(1, 5))]
    if rng.random() < 0.4:
        c["readinessProbe"] = {"httpGet": {"path": "/healthz", "port": 8080}, "periodSeconds": 10}
    c["resources"] = _resources(rng)
    return c


def _pod_spec(rng: random.Random) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    n = rng.choices((1, 2, 3, 4), weights=(60, 25, 10, 5))[0]
    spec["containers"] = [_container(rng, f"c{i}") for i in range(n)]
    roll = rng.random()
    if roll < 0.2:
        spec["initContainers"] = [_container(rng, "init")]
    elif roll < 0.35:
        sidecar = _container(rng, "sidecar")
        sidecar["restartPolicy"] = "Always"
        spec["initContainers"] = [sidecar]
    if rng.random() < 0.12:  # KEP-2837 pod-level resources
        cpu, mem = rng.choice(("2", "4", "8")), rng.choice(("4Gi", "8Gi", "16Gi"))
        spec["resources"] = {"requests": {"cpu": cpu, "memory": mem}, "limits": {"cpu": cpu, "memory": mem}}
    if rng.random() < 0.05:
        spec["overhead"] = {"cpu": "250m", "memory": "120Mi"}
    if rng.random() < 0.3:
        spec["volumes"] = [{"name": "data", "emptyDir": {}}]
    if rng.random() < 0.2:
        spec["nodeSelector"] = {"kubernetes.io/os": "linux"}
    return spec


def _meta(rng: random.Random, namespaced: bool = True) -> dict[str, Any]:
    meta: dict[str, Any] = {"name": _name(rng)}
    if namespaced and rng.random() < 0.7:
        meta["namespace"] = rng.choice(("default", "prod", "staging", "monitoring"))
    meta["labels"] = {"app.kubernetes.io/name": rng.choice(WORDS), "tier": rng.choice(("frontend", "backend"))}
    if rng.random() < 0.2:
        meta["annotations"] = {"example.com/owner": rng.choice(WORDS)}
    return meta


def _template(rng: random.Random, meta: dict[str, Any]) -> dict[str, Any]:
    return {"metadata": {"labels": dict(meta["labels"])}, "spec": _pod_spec(rng)}


def _workload(rng: random.Random, kind: str) -> dict[str, Any]:
    meta = _meta(rng)
    api = {"Pod": "v1", "ReplicationController": "v1", "PodTemplate": "v1", "Job": "batch/v1",
           "CronJob": "batch/v1"}.get(kind, "apps/v1")
    obj: dict[str, Any] = {"apiVersion": api, "kind": kind, "metadata": meta}
    selector = {"matchLabels": dict(meta["labels"])}
    if kind == "Pod":
        obj["spec"] = _pod_spec(rng)
    elif kind == "PodTemplate":
        obj["template"] = _template(rng, meta)
    elif kind == "CronJob":
        obj["spec"] = {"schedule": "*/5 * * * *", "jobTemplate": {"spec": {"template": _template(rng, meta)}}}
        obj["spec"]["jobTemplate"]["spec"]["template"]["spec"]["restartPolicy"] = "OnFailure"
    elif kind == "Job":
        obj["spec"] = {"parallelism": rng.randrange(1, 4), "template": _template(rng, meta)}
        obj["spec"]["template"]["spec"]["restartPolicy"] = "Never"
    elif kind == "ReplicationController":
        obj["spec"] = {"replicas": rng.randrange(1, 6), "selector": dict(meta["labels"]), "template": _template(rng, meta)}
    elif kind == "DaemonSet":
        obj["spec"] = {"selector": selector, "template": _template(rng, meta)}
    else:
        obj["spec"] = {"replicas": rng.randrange(1, 6), "selector": selector, "template": _template(rng, meta)}
    return obj


def _other(rng: random.Random, kind: str) -> dict[str, Any]:
    if kind == "Service":
        return {"apiVersion": "v1", "kind": "Service", "metadata": _meta(rng),
                "spec": {"selector": {"app.kubernetes.io/name": rng.choice(WORDS)},
                         "ports": [{"port": 80, "targetPort": 8080, "protocol": "TCP"}]}}
    if kind == "ConfigMap":
        return {"apiVersion": "v1", "kind": "ConfigMap", "metadata": _meta(rng),
                "data": {f"key{i}": f"value-{rng.randrange(10**6)}" for i in range(rng.randrange(1, 8))}}
    if kind == "Secret":
        return {"apiVersion": "v1", "kind": "Secret", "metadata": _meta(rng), "type": "Opaque",
                "stringData": {"password": f"{rng.getrandbits(64):016x}"}}
    if kind == "Ingress":
        return {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "metadata": _meta(rng),
                "spec": {"rules": [{"host": f"{rng.choice(WORDS)}.example.com", "http": {"paths": [
                    {"path": "/", "pathType": "Prefix",
                     "backend": {"service": {"name": _name(rng), "port": {"number": 80}}}}]}}]}}
    if kind == "CustomResourceDefinition":
        plural = f"{rng.choice(WORDS)}s{rng.randrange(100)}"
        return {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
                "metadata": {"name": f"{plural}.example.com"},
                "spec": {"group": "example.com", "scope": "Namespaced",
                         "names": {"plural": plural, "kind": plural.capitalize()},
                         "versions": [{"name": "v1", "served": True, "storage": True, "schema": {"openAPIV3Schema": {
                             "type": "object", "properties": {"spec": {"type": "object", "properties": {
                                 "replicas": {"type": "integer"}, "image": {"type": "string"}}}}}}}]}}
    return {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": _meta(rng),
            "spec": {"replicas": rng.randrange(1, 4), "image": rng.choice(IMAGES),
                     "resources": {"requests": {"cpu": rng.choice(CPU)}}}}


def generate(rng: random.Random) -> Iterator[dict[str, Any]]:
    """An endless stream of manifests, all kinds mixed."""
    kinds = list(KIND_WEIGHTS)
    weights = [KIND_WEIGHTS[k] for k in kinds]
    while True:
        kind = rng.choices(kinds, weights=weights)[0]
        if kind == "List":
            items = [_workload(rng, rng.choice(("Pod", "Deployment"))) for _ in range(rng.randrange(2, 4))]
            yield {"apiVersion": "v1", "kind": "List", "items": items}
        elif kind in OTHER_KINDS:
            yield _other(rng, kind)
        else:
            yield _workload(rng, kind)


def dump(doc: dict[str, Any]) -> str:
    return str(yaml.dump(doc, Dumper=_Dumper, sort_keys=False, default_flow_style=False, width=120))


def write_stream(path: Path, count: int, seed: int) -> None:
    rng = random.Random(f"{seed}/stream/{count}")
    docs = generate(rng)
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(f"# pod-resources benchmark stream: {count} documents, seed {seed}\n")
        for _ in range(count):
            fh.write("---\n")
            fh.write(dump(next(docs)))


def write_files(root: Path, count: int, seed: int) -> None:
    rng = random.Random(f"{seed}/files/{count}")
    docs = generate(rng)
    for i in range(count):
        sub = root / f"team-{i % 20:02d}"
        sub.mkdir(parents=True, exist_ok=True)
        parts = [dump(next(docs)) for _ in range(rng.choice((1, 1, 2, 3)))]
        (sub / f"manifest-{i:05d}.yaml").write_text("---\n".join(parts), encoding="utf-8")


MINIMAL_POD = (
    "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-{i:07d}\n  namespace: default\n"
    "spec:\n  containers:\n  - name: app\n    image: nginx:1.27\n"
)


def write_minimal(path: Path, megabytes: int) -> int:
    """A stream of minimal pods (one container, no resources) of about ``megabytes`` MB: docs/security.md's bound."""
    count = 0
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        written = 0
        while written < megabytes * 1_000_000:
            written += fh.write(MINIMAL_POD.format(i=count))
            count += 1
    return count


def copy_real(src: Path, dest: Path) -> int:
    """Copy the manifests under ``src`` (sorted, symlinks not followed)."""
    copied = 0
    for directory, dirnames, filenames in os.walk(src):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith((".yaml", ".yml", ".json")):
                rel = Path(directory, name).relative_to(src)
                target = dest / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(Path(directory, name), target)
                copied += 1
    return copied


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    paths = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for p in paths:
        h.update(str(p.relative_to(path.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def build(
    out: Path, seed: int, sizes: list[int], files: int, real: Path | None, force: bool = False, minimal: int = 0
) -> dict[str, Any]:
    """Build what is missing (or everything with ``force``); return the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    manifest_path = out / "manifest.json"
    wanted = {"seed": seed, "sizes": sizes, "files": files, "real": str(real) if real else None, "minimal": minimal}
    if not force and manifest_path.exists():
        manifest: dict[str, Any] = json.loads(manifest_path.read_text())
        if manifest.get("request") == wanted and all((out / e["path"]).exists() for e in manifest["entries"]):
            return manifest
    entries: list[dict[str, Any]] = []
    for n in sizes:
        path = out / f"stream-{n}.yaml"
        write_stream(path, n, seed)
        entries.append({"name": f"stream-{n}", "path": path.name, "documents": n, "bytes": path.stat().st_size})
    if files:
        root = out / f"files-{files}"
        shutil.rmtree(root, ignore_errors=True)
        write_files(root, files, seed)
        size = sum(p.stat().st_size for p in root.rglob("*.yaml"))
        docs = sum(p.read_text().count("\n---\n") + 1 for p in root.rglob("*.yaml"))
        entries.append({"name": f"files-{files}", "path": root.name, "files": files, "documents": docs, "bytes": size})
    if minimal:
        path = out / f"minimal-{minimal}MB.yaml"
        pods = write_minimal(path, minimal)
        entries.append({"name": f"minimal-{minimal}MB", "path": path.name, "documents": pods, "bytes": path.stat().st_size})
    if real is not None:
        root = out / "real"
        shutil.rmtree(root, ignore_errors=True)
        n = copy_real(real, root)
        entries.append({"name": "real", "path": "real", "files": n, "bytes": sum(p.stat().st_size for p in root.rglob("*") if p.is_file())})
    for entry in entries:
        entry["sha256"] = _digest(out / entry["path"])
    manifest = {"request": wanted, "entries": entries}
    manifest_path.write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "out" / "corpus")
    parser.add_argument("--seed", type=int, default=2837)
    parser.add_argument("--sizes", default="1000,10000,50000", help="documents per stream, comma-separated")
    parser.add_argument("--files", type=int, default=20000, help="small files in the directory corpus (0: none)")
    parser.add_argument("--real", type=Path, default=None, help="also copy the manifests under this directory")
    parser.add_argument("--minimal", type=int, default=0, help="also a stream of minimal pods of this many MB (0: none)")
    parser.add_argument("--force", action="store_true", help="rebuild even when the corpus is up to date")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if args.real is not None and not args.real.is_dir():
        print(f"make_corpus: {args.real}: not a directory", file=sys.stderr)
        return 2
    manifest = build(args.out, args.seed, sizes, args.files, args.real, args.force, args.minimal)
    for entry in manifest["entries"]:
        print(f"{entry['name']:>14}  {entry.get('documents', '-'):>7} docs  {entry['bytes'] / 1e6:8.1f} MB  {entry['sha256'][:12]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
