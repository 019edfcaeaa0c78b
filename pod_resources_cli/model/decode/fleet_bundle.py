"""Fleet's Bundle (fleet.cattle.io): the files it carries, and which of them its agent applies as written.

rancher/fleet @3b2c622ce176 pkg/apis/fleet.cattle.io/v1alpha1/bundle_types.go: a Bundle's ``spec.resources`` are
the files read from the bundle's path (``name``, ``content`` and ``encoding``: empty, ``base64`` or ``base64+gz``,
internal/content Decode), its ``spec`` inlines the BundleDeploymentOptions (``helm``, ``kustomize``, ``yaml``,
``namespace``, ``defaultNamespace``), and ``spec.targets[*]`` the options each target's clusters get instead. On
each target's cluster the agent renders the files by their style (internal/bundlereader/style.go DetermineStyle):

- a Helm chart where a resource is named ``Chart.yaml`` under ``helm.chart`` (or ``helm.repo``), or
  ``.chart/<sha256 of chart:repo:version>/[<dir>/]Chart.yaml`` (a downloaded chart): rendered by Helm with the
  values of each target, not read here (its templates and values are no objects as written);
- a kustomization where one is named ``kustomization.yaml`` under ``kustomize.dir``: built by kustomize, not read;
- else raw YAML (internal/helmdeployer/render/helm.go manifests, rawyaml/resources.go ToObjects): each file named
  ``*.yaml``, ``*.yml`` or ``*.json`` (an unnamed one is ``manifests/fileNNN.yaml``,
  render/patch/patch.go Process) but ``fleet.yaml``, ``fleet.yml``, files under ``overlays/`` (dropped after the
  overlays are applied) and files under a directory that holds a ``fleet.yaml`` or a ``Chart.yaml``, is a file of
  the chart Fleet makes, whose objects are applied as written; a file under ``templates/`` is a template of that
  chart instead (Helm renders it: read as written only where it holds no ``{{``, which Helm would expand).
  The post-renderer (internal/helmdeployer/postrender.go) adds labels and annotations and, with ``namespace``,
  sets every object's namespace; ``defaultNamespace`` is the namespace of those that name none.

``yaml.overlays`` (the Bundle's or a target's) replace and patch files (render/patch/patch.go patchContent) and a
target that names ``helm`` or ``kustomize`` options may render the files in another style: the objects read are
then as written. The objects are read by source/fleet_bundle_text.py, which grafts each file's documents in place
of its ``content`` (a list where a text was), and opened here as the objects the agent applies
(model/decode/wrapped.py).
"""

from __future__ import annotations

import hashlib
from typing import Any, Final

from pod_resources_cli.location import Pointer

GROUP: Final = "fleet.cattle.io"
_AGENT: Final = "rancher/fleet internal/helmdeployer/render/helm.go manifests"
_FLEET_YAML: Final = ("fleet.yaml", "fleet.yml")
_SUFFIXES: Final = (".yaml", ".yml", ".json")
ENCODINGS: Final = frozenset({"", "base64", "base64+gz", "gz"})


def is_bundle(obj: dict[str, Any]) -> bool:
    api = obj.get("apiVersion")
    return obj.get("kind") == "Bundle" and isinstance(api, str) and api.partition("/")[0] == GROUP


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _join(path: str, file: str) -> str:
    """joinAndClean: filepath.Join without a leading slash."""
    parts = [p for p in f"{path}/{file}".split("/") if p not in ("", ".")]
    out: list[str] = []
    for p in parts:
        if p == ".." and out and out[-1] != "..":
            out.pop()
        else:
            out.append(p)
    return "/".join(out)


def style(spec: dict[str, Any], names: list[str]) -> str:
    """``helm``, ``kustomize`` or ``raw`` for the Bundle's own options, as DetermineStyle decides it."""
    helm = spec.get("helm")
    external = ""
    if isinstance(helm, dict):
        path = _str(helm.get("chart")) or _str(helm.get("repo"))
        chart_path = _join(path, "Chart.yaml")
        digest = hashlib.sha256(f"{_str(helm.get('chart'))}:{_str(helm.get('repo'))}:{_str(helm.get('version'))}".encode()).hexdigest()
        external = f".chart/{digest}/"
    else:
        chart_path = "Chart.yaml"
    kustomize = _dict(spec.get("kustomize"))
    kustomize_path = _join(_str(kustomize.get("dir")), "kustomization.yaml") if kustomize.get("dir") else "kustomization.yaml"
    helm_style = kustomize_style = False
    for name in names:
        if not name:
            continue
        if name == chart_path:
            helm_style = True
        elif external and name.startswith(external) and name[len(external) :].split("/")[-1] == "Chart.yaml" and name[len(external) :].count("/") <= 1:
            helm_style = True
        elif name == kustomize_path:
            kustomize_style = True
    return "helm" if helm_style else "kustomize" if kustomize_style else "raw"


def resource_names(spec: dict[str, Any]) -> list[str]:
    """Each resource's name, an unnamed one's as Process names it."""
    resources = spec.get("resources")
    out: list[str] = []
    for i, resource in enumerate(resources if isinstance(resources, list) else ()):
        name = _str(_dict(resource).get("name"))
        out.append(name or f"manifests/file{i:03d}.yaml")
    return out


def applied_files(spec: dict[str, Any]) -> tuple[list[int], str]:
    """The indexes of the raw-YAML files whose objects the agent applies, or why none (an empty list)."""
    resources = spec.get("resources")
    if not isinstance(resources, list) or not resources:
        return [], "no resources"
    names = resource_names(spec)
    raw_names = [_str(_dict(r).get("name")) for r in resources]
    found = style(spec, raw_names)
    if found != "raw":
        what = "a Helm chart, rendered with each target's values" if found == "helm" else "a kustomization, built by kustomize"
        return [], f"its files are {what} on each cluster: not read as written"
    ignored = [n.rpartition("/")[0] + "/" for n in names if any(n.endswith("/" + f) for f in _FLEET_YAML) or n.endswith("/Chart.yaml")]
    out: list[int] = []
    for i, name in enumerate(names):
        if name in _FLEET_YAML or not name.endswith(_SUFFIXES) or name.startswith("overlays/"):
            continue
        if any(name.startswith(prefix) for prefix in ignored):
            continue
        out.append(i)
    return out, "" if out else "no YAML or JSON file among its resources"


def customized(spec: dict[str, Any]) -> str | None:
    """Why the objects of some target differ from the files (as written), or None."""
    reasons: list[str] = []
    if _dict(spec.get("yaml")).get("overlays"):
        reasons.append("yaml.overlays patch its files")
    targets = spec.get("targets")
    for i, target in enumerate(targets if isinstance(targets, list) else ()):
        target = _dict(target)
        changed = [k for k in ("yaml", "helm", "kustomize") if target.get(k)]
        if changed:
            reasons.append(f"targets[{i}] sets {', '.join(changed)}")
    return "; ".join(reasons) if reasons else None


def note(obj: dict[str, Any], name: str) -> str:
    bundle = _str(_dict(obj.get("metadata")).get("name")) or "<unnamed>"
    return f"applied as written from {name} by the agent of each cluster the Fleet Bundle {bundle} targets ({_AGENT})"


def inner_objects(obj: dict[str, Any], pointer: Pointer) -> tuple[list[tuple[dict[str, Any], Pointer, str]], str]:
    """(each object with its pointer and its file's name, why none): the grafted documents of the applied files."""
    spec = _dict(obj.get("spec"))
    indexes, why = applied_files(spec)
    names = resource_names(spec)
    resources = spec.get("resources")
    out: list[tuple[dict[str, Any], Pointer, str]] = []
    for i in indexes:
        assert isinstance(resources, list)
        content = _dict(resources[i]).get("content")
        if not isinstance(content, list):
            continue  # not grafted: a text that is no YAML, or encoded otherwise
        for j, document in enumerate(content):
            # rawyaml ToObjects: an object without an apiVersion or a kind is left out
            if isinstance(document, dict) and _str(document.get("apiVersion")) and _str(document.get("kind")):
                out.append((document, (*pointer, "spec", "resources", i, "content", j), names[i]))
    if not out and not why:
        why = "no object in its files"
    return out, why


def namespaces(spec: dict[str, Any], default_namespace: str | None) -> tuple[str | None, str | None]:
    """(the namespace every object is put in, the namespace of those that name none)."""
    target = _str(spec.get("namespace")) or None
    default = _str(spec.get("defaultNamespace")) or default_namespace
    return target, default
