"""addon-resizer's ``pod_nanny`` (kubernetes/autoscaler @e3e4c9ff84bc addon-resizer/): a container of a Deployment's
pod that rewrites the resources of a container of that Deployment from the cluster's node count.

Its flags (main.go): ``--deployment`` (required) names the Deployment it updates, in ``--namespace`` (default the
nanny pod's own); ``--container`` (default ``pod-nanny``, the nanny itself) the container; ``--pod`` (default its own
pod) the pod whose container it reads. ``--cpu``, ``--memory`` and ``--storage`` are the base values of the resources
it watches (a resource without its base is not watched), ``--extra-cpu`` (default ``0``), ``--extra-memory``
(default ``0Mi``) what it adds per node (nanny/estimator.go ``calculateResources``; ``--extra-storage`` is read
from ``--extra-memory``). When the container's value of a watched resource, in its limits or its requests, leaves
the acceptable range around base + extra x nodes (``--acceptance-offset``, 20% by default; ``--threshold`` in the
1.8 releases) or is missing, the nanny replaces the container's whole ``resources`` with requests equal to limits
holding the watched resources only (nanny/nanny_lib.go ``shouldOverwriteResources``; nanny/kubernetes_client.go
``UpdateDeployment``: the Deployment's pod template, so its pods are recreated).

Read here: a pod template of an ``apps`` Deployment with a container running ``pod_nanny`` (its command or args)
whose ``--deployment`` is the Deployment itself, without ``--pod`` or another ``--namespace`` (the nanny reads its own
pod: the usual sidecar). The watched container's written values are the nanny's starting point, not what runs on a
cluster of some size: the pod is as written, and its watched resources are set by the nanny (no missing-request or
limit finding on them). A nanny watching another Deployment is not followed.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

SOURCE: Final = "kubernetes/autoscaler @e3e4c9ff84bc addon-resizer/nanny/nanny_lib.go"
_DEFAULTS: Final = {"container": "pod-nanny", "extra-cpu": "0", "extra-memory": "0Mi"}
_WATCHED: Final = (("cpu", "cpu", "extra-cpu"), ("memory", "memory", "extra-memory"), ("storage", "storage", "extra-memory"))


class Resized(NamedTuple):
    """What the nanny does to the pod: why it is only as written, and (container, resources) the nanny sets."""

    as_written: str
    sets: tuple[tuple[str, tuple[str, ...]], ...]


def runs_nanny(template: Any) -> bool:
    """Does a container of ``template`` (a pod or pod template) run ``pod_nanny``?"""
    return any(_nanny_words(c) is not None for c in _containers(template))


def resized(template: Any, kind: str, api_version: str | None, name: str) -> Resized | None:
    """The nanny's effect on the Deployment ``name`` whose pod template is ``template``, or None."""
    if kind != "Deployment" or not isinstance(api_version, str) or api_version.rpartition("/")[0] not in ("apps", "extensions"):
        return None
    containers = _containers(template)
    names = {c.get("name") for c in containers}
    for c in containers:
        words = _nanny_words(c)
        if words is None:
            continue
        flags = {**_DEFAULTS, **_flags(words)}
        if flags.get("deployment") != name or "pod" in flags or "namespace" in flags or flags["container"] not in names:
            continue  # another Deployment's, another pod's, or a container this pod does not have
        watched = [(resource, flags[base], flags[extra]) for resource, base, extra in _WATCHED if base in flags]
        if not watched:
            continue
        said = ", ".join(f"{r} {b} + {e} per node" for r, b, e in watched)
        nanny = str(c.get("name") or "<unnamed>")
        why = (f"addon-resizer's pod_nanny (container '{nanny}') rewrites container '{flags['container']}' to requests = "
               f"limits = {said} from the cluster's node count ({SOURCE} shouldOverwriteResources)")  # fmt: skip
        return Resized(why, ((flags["container"], tuple(r for r, _, _ in watched)),))
    return None


def _containers(template: Any) -> list[dict[str, Any]]:
    spec = template.get("spec") if isinstance(template, dict) else None
    containers = spec.get("containers") if isinstance(spec, dict) else None
    return [c for c in containers if isinstance(c, dict)] if isinstance(containers, list) else []


def _nanny_words(container: dict[str, Any]) -> list[str] | None:
    """The words after ``pod_nanny`` in the container's command and args, or None when it does not run it."""
    words = [w for key in ("command", "args") if isinstance(ws := container.get(key), list) for w in ws if isinstance(w, str)]
    for i, word in enumerate(words):
        if word == "pod_nanny" or word.endswith("/pod_nanny"):
            return words[i + 1 :]
    return None


def _flags(words: list[str]) -> dict[str, str]:
    """Go's flag syntax: ``-name=value``, ``--name=value``, ``-name value``."""
    found: dict[str, str] = {}
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if not word.startswith("-") or word in ("-", "--"):
            continue
        key, eq, value = word.lstrip("-").partition("=")
        if not eq:
            if i < len(words) and not words[i].startswith("-"):
                value, i = words[i], i + 1
            else:
                continue  # a boolean flag
        found[key] = value
    return found
