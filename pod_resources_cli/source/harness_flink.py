"""Flink's pod template files: Pods a project hands to Flink, never applied.

apache/flink @689aafe09dd5 (flink-kubernetes/src/main/java/org/apache/flink/kubernetes/utils/KubernetesUtils.java)
reads these for the native Kubernetes deployment.

``kubernetes.pod-template-file.default`` (its deprecated key
``kubernetes.pod-template-file``), ``kubernetes.pod-template-file.jobmanager``
and ``kubernetes.pod-template-file.taskmanager`` name a Pod manifest the Flink
client reads to build the JobManager's and the TaskManagers' pods (Flink's
KubernetesConfigOptions). ``KubernetesUtils.loadPodFromTemplateFile`` takes the
container named ``flink-main-container`` out of the template as the main
container (an empty one when the template has none, also when it has no
``spec``) and keeps the others as sidecars as written; the JobManager's and
TaskManager's decorators then build the main container's resources with
``KubernetesUtils.getResourceRequirements`` over the template's: the cpu and
memory requests from ``kubernetes.{jobmanager,taskmanager}.cpu`` and the
process memory, the limits from those times their limit factors, the
template's other resources (``ephemeral-storage``) kept. So a template's main
container without resources is never BestEffort, and a template without a
container is no error: it is a template whatever it holds.
apache/flink @51a7fc3d1aba ``flink-end-to-end-tests/test-scripts/
test_kubernetes_application_ha.sh`` starts an application cluster with
``-Dkubernetes.pod-template-file=${CONTAINER_SCRIPTS}/kubernetes-pod-template.yaml``
(``-Dkubernetes.jobmanager.cpu=0.5``, ``-Djobmanager.memory.process.size=1088m``):
its ``container-scripts/kubernetes-pod-template.yaml``, a named Pod whose
``flink-main-container`` sets only ephemeral-storage, gave a false "BestEffort,
OOM score 1000" warning.

Read: the scripts and configuration files (``.sh``, ``.bash``, ``.py``,
``.conf``, ``.properties``, and Flink's own ``config.yaml`` and
``flink-conf.yaml``) of the file's own directory and of its parent directory
when that is inside the root linted, never through a link, 1 MiB each, 50 a
directory. A value naming the file is a path relative to the script's
directory, or a remote or variable path (``s3://``, ``${DIR}/``, ``local://``)
whose last component is the file's name.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import read_text, shown

TEMPLATE: Final = "template"  # the skip reason (model.decode.workloads.TEMPLATE)
_SUFFIXES: Final = (".sh", ".bash", ".py", ".conf", ".properties")
_CONFIG_FILES: Final = ("config.yaml", "flink-conf.yaml")  # Flink's configuration file (conf/), by its names
_MANIFESTS: Final = (".yaml", ".yml", ".json")
_MAX_BYTES: Final = 1 << 20
_MAX_FILES: Final = 50
_KEY: Final = "kubernetes.pod-template-file"
# the key (and its role), then its value: ``-Dkey=value``, ``key: value`` (config.yaml), ``"key": "value"`` (Python)
_PROPERTY: Final = re.compile(
    r"kubernetes\.pod-template-file(?:\.(default|jobmanager|taskmanager))?(?![\w.-])['\"]?\s*(?:[:=]\s*|\s+)['\"]?"
    r"((?:\$\{[^{}\s'\"]*\}|[^\s'\",{}])+)"
)
_PODS: Final = {
    "": "the JobManager's and TaskManagers' pods",
    "default": "the JobManager's and TaskManagers' pods",
    "jobmanager": "the JobManager's pod",
    "taskmanager": "the TaskManagers' pods",
}
_REMOTE: Final = ("$", "s3", "local:", "file:", "gs:", "hdfs:", "abfs", "oss:")

Ref = tuple[str, str, str, str]  # (file name, value, the key's suffix: "", default, jobmanager or taskmanager; script path)


def flink_template(full: str, top: str | None = None) -> tuple[str, str] | None:
    """(TEMPLATE, why) for a manifest a script or Flink configuration file beside it, or in its parent directory
    inside ``top``, hands to Flink as a pod template."""
    directory, _, name = full.rpartition(os.sep)
    if not name.endswith(_MANIFESTS):
        return None
    directory = directory or os.sep
    places = [directory]
    parent = os.path.dirname(directory)
    if top is not None and parent != directory and _inside(parent, top):
        places.append(parent)
    for place in places:
        for ref_name, value, suffix, script in _refs(place):
            if ref_name != name:
                continue
            local = not (value.startswith(_REMOTE) or "://" in value)
            if local and os.path.normpath(os.path.join(place, value)) != full:
                continue  # a relative path to another file of that name
            key = f"{_KEY}.{suffix}" if suffix else _KEY
            return TEMPLATE, (
                f"{shown(script)} hands it to Flink as {key}: a pod template Flink builds {_PODS[suffix]} from, "
                "setting its flink-main-container's cpu and memory itself"
            )
    return None


def _inside(path: str, top: str) -> bool:
    try:
        return os.path.commonpath([path, top]) == top
    except ValueError:
        return False


@lru_cache(maxsize=1024)
def _refs(directory: str) -> tuple[Ref, ...]:
    """The manifests ``directory``'s own scripts and Flink configuration name as Flink pod templates."""
    try:
        entries = [
            e
            for e in os.scandir(directory)
            if (e.name.endswith(_SUFFIXES) or e.name in _CONFIG_FILES) and e.is_file(follow_symlinks=False)
        ]
    except OSError:
        return ()
    found: list[Ref] = []
    for entry in sorted(entries, key=lambda e: e.name)[:_MAX_FILES]:
        text = read_text(entry.path, _MAX_BYTES)
        if text is None or _KEY not in text:
            continue
        for match in _PROPERTY.finditer(text):
            value = match[2]
            name = value.rstrip("/").rpartition("/")[2]
            if name.endswith(_MANIFESTS):
                found.append((name, value, match[1] or "", entry.path))
    return tuple(found)
