#!/usr/bin/env python3
"""Regenerate ``pod_resources_cli/data/openapi_fields.json``: the JSON field
names of the Kubernetes API types the tool reads, from upstream.

    python3 scripts/gen_openapi_fields.py                    # kubernetes==37.0.2 (Kubernetes 1.37)
    python3 scripts/gen_openapi_fields.py --version 38.0.0   # another client release
    python3 scripts/gen_openapi_fields.py --version latest   # whatever pip resolves today
    python3 scripts/gen_openapi_fields.py --wheel kubernetes-37.0.2-py2.py3-none-any.whl
    python3 scripts/gen_openapi_fields.py --check            # exit 1 if the checked-in file differs

Source: the official Kubernetes Python client (PyPI ``kubernetes``), whose
models are generated from the Kubernetes OpenAPI spec: client ``X.Y.Z``
follows Kubernetes ``1.X`` (the models say ``The version of the OpenAPI
document: release-1.X``). The wheel is fetched with
``pip download kubernetes==VERSION --no-deps`` into a temporary directory
(or read from ``--wheel``) and never installed or imported: each model module
is parsed with ``ast`` and only its two class attributes are read:

- ``attribute_map``: Python attribute -> JSON field name (what the API server's
  decoder matches, case-sensitively);
- ``openapi_types``: Python attribute -> type, written ``list[V1Container]`` /
  ``dict(str, str)`` by older clients and ``List[V1Container]`` /
  ``Dict[str, str]`` by newer ones, or a model class name.

Only the types in ``KEPT`` are written (the pod, its template, the built-in
workloads along their template path, containers and their resources). For
each kept type the output lists its JSON field names and, for a field whose
type (or list / map element type) is another kept type, that type: ``Name``,
``[]Name`` (a list of it) or ``map[string]Name`` (a map of it). Everything
else (ObjectMeta, PodStatus, probes, volumes...) is not walked by the tool,
so it is not written: the file stays a few KB.

``pod_resources_cli/model/decode/fields.py`` reads the result to report
fields that strict field validation (``kubectl apply``'s default) rejects.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "pod_resources_cli" / "data" / "openapi_fields.json"
DEFAULT_VERSION = "37.0.2"  # the newest client at the time of writing: Kubernetes 1.37
FORMAT = 1  # bump when the layout of the JSON changes (fields.py checks it)

# The types the tool walks, by their Kubernetes name. The client names a
# model class after its group version: ``V1Container``; a name that exists
# in two groups is prefixed with the group (``CoreV1ResourceClaim`` is the
# container-level claim, ``ResourceV1ResourceClaim`` the DRA object; clients
# before resource.k8s.io/v1 called the former ``V1ResourceClaim``).
KEPT: tuple[str, ...] = (
    "Pod",
    "PodTemplate",
    "PodTemplateSpec",
    "PodSpec",
    "Container",
    "EphemeralContainer",
    "ResourceRequirements",
    "ResourceClaim",
    "Deployment",
    "DeploymentSpec",
    "StatefulSet",
    "StatefulSetSpec",
    "DaemonSet",
    "DaemonSetSpec",
    "ReplicaSet",
    "ReplicaSetSpec",
    "ReplicationController",
    "ReplicationControllerSpec",
    "Job",
    "JobSpec",
    "CronJob",
    "CronJobSpec",
    "JobTemplateSpec",
)
CLASS_PREFIXES = ("CoreV1", "V1")  # tried in this order

_LIST = re.compile(r"^(?:list|List)\[(.+)\]$")
_MAP = re.compile(r"^(?:dict\(\s*str\s*,\s*(.+)\)|(?:dict|Dict)\[\s*str\s*,\s*(.+)\])$")
_VERSION = re.compile(r"The version of the OpenAPI document: release-(\d+\.\d+)")
_PACKAGE_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.M)


class GenerateError(Exception):
    pass


# -- reading the client ----------------------------------------------------------------------
def module_index(models: Path) -> dict[str, Path]:
    """Model class name -> its module file, from ``kubernetes/client/models/__init__.py``
    (``from kubernetes.client.models.v1_pod import V1Pod`` in every client; newer
    ones also map ``"V1Pod": ".v1_pod"`` for lazy loading)."""
    text = (models / "__init__.py").read_text(encoding="utf-8")
    index: dict[str, Path] = {}
    for module, cls in re.findall(r"kubernetes\.client\.models\.(\w+) import (\w+)", text):
        index.setdefault(cls, models / f"{module}.py")
    for cls, module in re.findall(r"""["'](\w+)["']\s*:\s*["']\.(\w+)["']""", text):
        index.setdefault(cls, models / f"{module}.py")
    return index


def _literal_dict(node: ast.AST | None) -> dict[str, str] | None:
    if node is None:
        return None
    value = ast.literal_eval(node)
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return None
    return value


def class_attributes(path: Path, cls: str) -> tuple[dict[str, str], dict[str, str]]:
    """``(openapi_types, attribute_map)`` of class ``cls`` in ``path``, read with ast."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            found: dict[str, dict[str, str] | None] = {}
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                    found[stmt.targets[0].id] = _literal_dict(stmt.value) if stmt.targets[0].id in ("openapi_types", "attribute_map") else None
                elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    found[stmt.target.id] = _literal_dict(stmt.value) if stmt.target.id in ("openapi_types", "attribute_map") else None
            types, names = found.get("openapi_types"), found.get("attribute_map")
            if types is None or names is None:
                raise GenerateError(f"{path.name}: class {cls} has no literal openapi_types / attribute_map")
            if set(types) != set(names):
                raise GenerateError(f"{path.name}: openapi_types and attribute_map of {cls} name different attributes")
            return types, names
    raise GenerateError(f"{path.name}: no class {cls}")


def element(type_string: str) -> tuple[str, str]:
    """``(shape, class)``: shape ``""`` for a single value, ``"[]"`` for a list,
    ``"map[string]"`` for a map with string keys."""
    text = type_string.strip()
    if match := _LIST.match(text):
        return "[]", match.group(1).strip()
    if match := _MAP.match(text):
        return "map[string]", (match.group(1) or match.group(2)).strip()
    return "", text


def extract(models: Path) -> dict[str, dict[str, Any]]:
    """Kept type -> {"fields": [JSON names, sorted], "refs": {JSON name: "[]Type"...}}."""
    index = module_index(models)
    classes: dict[str, str] = {}  # client class -> kept name
    for name in KEPT:
        cls = next((p + name for p in CLASS_PREFIXES if p + name in index), None)
        if cls is None:
            raise GenerateError(f"no model class for {name} (tried {', '.join(p + name for p in CLASS_PREFIXES)})")
        classes[cls] = name
    out: dict[str, dict[str, Any]] = {}
    for cls, name in classes.items():
        types, names = class_attributes(index[cls], cls)
        refs: dict[str, str] = {}
        for attribute, type_string in types.items():
            shape, target = element(type_string)
            if target in classes:
                refs[names[attribute]] = shape + classes[target]
        out[name] = {"fields": sorted(names.values()), "refs": dict(sorted(refs.items()))}
    return {name: out[name] for name in sorted(out)}


def client_versions(package: Path) -> tuple[str, str]:
    """(client version, Kubernetes minor version) of an unpacked ``kubernetes`` package."""
    init = (package / "__init__.py").read_text(encoding="utf-8")
    client = _PACKAGE_VERSION.search(init)
    spec = _VERSION.search((package / "client" / "__init__.py").read_text(encoding="utf-8"))
    if client is None or spec is None:
        raise GenerateError(f"cannot read the client and OpenAPI versions under {package}")
    return client.group(1), spec.group(1)


def generate(package: Path) -> dict[str, Any]:
    """The whole document for an unpacked ``kubernetes`` package directory."""
    client, kubernetes = client_versions(package)
    return {
        "format": FORMAT,
        "source": f"kubernetes=={client} (PyPI), models generated from the Kubernetes release-{kubernetes} OpenAPI spec",
        "client": client,
        "kubernetes": kubernetes,
        "generator": "scripts/gen_openapi_fields.py",
        "types": extract(package / "client" / "models"),
    }


def render(document: dict[str, Any]) -> str:
    """The file's text: one line per type, so a diff shows which type changed.
    Only objects, lists, strings and integers: fields.py reads it without the
    json module (as a Python literal, which such JSON also is)."""
    head = {k: v for k, v in document.items() if k != "types"}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "types": {')
    types = document["types"]
    for i, (name, entry) in enumerate(types.items()):
        comma = "," if i < len(types) - 1 else ""
        lines.append(f"    {json.dumps(name)}: {json.dumps(entry, separators=(', ', ': '))}{comma}")
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


# -- fetching the wheel -----------------------------------------------------------------------
def download(version: str, into: Path) -> Path:
    requirement = "kubernetes" if version == "latest" else f"kubernetes=={version}"
    cmd = [sys.executable, "-m", "pip", "download", requirement, "--no-deps", "--only-binary", ":all:", "-d", str(into)]
    subprocess.run(cmd, check=True, stdout=sys.stderr)
    wheels = sorted(into.glob("kubernetes-*.whl"))
    if len(wheels) != 1:
        raise GenerateError(f"expected one kubernetes wheel in {into}, found {[w.name for w in wheels]}")
    return wheels[0]


def unpack(wheel: Path, into: Path) -> Path:
    """Only the files read here: the package's __init__ and the client models."""
    with zipfile.ZipFile(wheel) as archive:
        wanted = [
            n
            for n in archive.namelist()
            if n in ("kubernetes/__init__.py", "kubernetes/client/__init__.py") or n.startswith("kubernetes/client/models/")
        ]
        archive.extractall(into, members=wanted)
    return into / "kubernetes"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--version", default=DEFAULT_VERSION, help=f"kubernetes client release (default {DEFAULT_VERSION}; 'latest' lets pip choose)")
    parser.add_argument("--wheel", type=Path, help="a downloaded kubernetes wheel (no download)")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    parser.add_argument("--check", action="store_true", help="compare with --output instead of writing it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="openapi-fields-") as tmp:
        wheel = args.wheel if args.wheel is not None else download(args.version, Path(tmp))
        text = render(generate(unpack(wheel, Path(tmp) / "unpacked")))
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} differs from what {wheel.name} gives: rerun without --check", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date ({wheel.name})", file=sys.stderr)
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output} ({len(text)} bytes) from {wheel.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (GenerateError, subprocess.CalledProcessError) as exc:
        print(f"gen_openapi_fields: {exc}", file=sys.stderr)
        sys.exit(2)
