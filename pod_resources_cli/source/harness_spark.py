"""Spark's pod template files: Pods a project hands to Spark, never applied.

``spark.kubernetes.driver.podTemplateFile`` and
``spark.kubernetes.executor.podTemplateFile`` name a Pod manifest Spark
reads to build the driver's and the executors' pods. Spark keeps the
template's other fields and builds the main container over the template's
(the one named ``spark.kubernetes.{driver,executor}.podTemplateContainerName``,
else the first): it sets that container's cpu request from the cores,
its cpu limit from ``spark.kubernetes.*.limit.cores``, and its memory request
and limit to the memory plus the overhead, and renames the pod
(apache/spark 00012ecc0971 resource-managers/kubernetes/core/src/main/scala/
org/apache/spark/deploy/k8s/features/BasicDriverFeatureStep.scala
configurePod, BasicExecutorFeatureStep.scala). The file is a template
whatever it holds: a pod without resources there is never BestEffort.
awslabs/data-on-eks a546a1905d01 ``data-stacks/emr-on-eks/examples/*/
execute_emr_eks_job.sh`` copies its directory to S3 (``aws s3 sync
"$SCRIPT_DIR/" ${SCRIPTS_S3_PATH}``) and starts an EMR on EKS job with
``"spark.kubernetes.driver.podTemplateFile": "'"$SCRIPTS_S3_PATH"'/driver-
pod-template.yaml"``: its ``driver-pod-template.yaml``, a named Pod without
resources, gave a false "BestEffort, OOM score 1000" warning, and so did the
executor's.

Read: the scripts and configuration files (``.sh``, ``.bash``, ``.py``,
``.json``, ``.conf``, ``.properties``) of the file's own directory, never
through a link, 1 MiB each, 50 a directory. A value naming the file is a
path relative to that directory, or a remote or variable path (``s3://``,
``$DIR/``, ``local://``) whose last component is the file's name and which
the directory's own files are copied to.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import read_text, shown

TEMPLATE: Final = "template"  # the skip reason (model.decode.workloads.TEMPLATE)
_SUFFIXES: Final = (".sh", ".bash", ".py", ".json", ".conf", ".properties")
_MANIFESTS: Final = (".yaml", ".yml", ".json")
_MAX_BYTES: Final = 1 << 20
_MAX_FILES: Final = 50
# the property, then its value: ``"key": "value"`` (JSON, Python), ``key=value`` (--conf), ``key value`` (a .conf)
_PROPERTY: Final = re.compile(
    r"spark\.kubernetes\.(driver|executor)\.podTemplateFile['\"]?\s*(?:[:=]\s*|\s+)['\"]?((?:[^\s'\",}]|'\"[^'\"]*\"')+)"
)


def spark_template(full: str) -> tuple[str, str] | None:
    """(TEMPLATE, why) for a manifest a script or configuration file beside it hands to Spark as a pod template."""
    directory, _, name = full.rpartition(os.sep)
    if not name.endswith(_MANIFESTS):
        return None
    return _named(directory or os.sep).get(name)


@lru_cache(maxsize=1024)
def _named(directory: str) -> dict[str, tuple[str, str]]:
    """The manifests of ``directory`` its own scripts name as Spark pod templates, by file name."""
    try:
        entries = [e for e in os.scandir(directory) if e.name.endswith(_SUFFIXES) and e.is_file(follow_symlinks=False)]
    except OSError:
        return {}
    found: dict[str, tuple[str, str]] = {}
    for entry in sorted(entries, key=lambda e: e.name)[:_MAX_FILES]:
        text = read_text(entry.path, _MAX_BYTES)
        if text is None or "podTemplateFile" not in text:
            continue
        for match in _PROPERTY.finditer(text):
            role, value = match[1], re.sub(r"'\"([^'\"]*)\"'", r"\1", match[2])
            name = value.rstrip("/").rpartition("/")[2]
            if not name.endswith(_MANIFESTS) or name in found:
                continue
            local = "/" not in value or not (value.startswith(("$", "s3", "local:", "file:", "gs:", "hdfs:", "abfs")) or "://" in value)
            if local and os.path.normpath(os.path.join(directory, value)) != os.path.join(directory, name):
                continue  # a relative path to another directory: not this one's file
            why = (
                f"{shown(entry.path)} hands it to Spark as spark.kubernetes.{role}.podTemplateFile: a pod template Spark "
                f"builds the {role}'s pods from, setting its container's cpu and memory itself"
            )
            found[name] = (TEMPLATE, why)
    return found
