"""Grafana's helm-chart-toolbox test plans: the files a ``test-plan.yaml``
deploys into its test's own cluster (grafana/helm-chart-toolbox
@7679e397c79f tools/helm-test/deploy-dependencies, tools/helm-test/TestPlan.md).

``helm-test <test-dir>`` reads ``<test-dir>/test-plan.yaml`` (apiVersion
helm-chart-toolbox.grafana.com/v1, kind TestPlan), creates a cluster for it
(``cluster.type``: kind, eks, gke...), and deploy-dependencies applies each
entry of ``dependencies`` there: ``file`` with ``kubectl apply -f
<test-dir>/<file>``, ``directory`` with ``kubectl apply -f <test-dir>/<dir>``
(the directory's ``.yaml``, ``.yml`` and ``.json`` files, not its
subdirectories), the verb ``verb`` (default ``apply``); deploy-subject then
applies ``subject.postInstall.files`` after the chart. ``preset``, ``url``
and inline ``manifest`` entries name no file of the repository.

So each plan is a test scenario: the Namespace, LimitRange or injection label
of one plan's dependencies is in that plan's cluster only, never in the
cluster of another example of the same repository (grafana/k8s-monitoring-helm
keeps 83 such plans, one a ``default`` Namespace labelled
``istio-injection: enabled``).
"""

from __future__ import annotations

import os
from typing import Any, Final

from pod_resources_cli.source.harness_files import APPLIED, Ref

TEST_PLAN_FILE: Final = "test-plan.yaml"
_GROUP: Final = "helm-chart-toolbox.grafana.com"
_KUBECTL_SUFFIXES: Final = (".yaml", ".yml", ".json")  # kubectl's -f on a directory (k8s.io/cli-runtime FileExtensions)


def toolbox_refs(data: dict[str, Any], base: str, shown: str) -> list[Ref]:
    """The repository files a TestPlan applies to its cluster (relative to the plan's directory)."""
    api = data.get("apiVersion")
    if data.get("kind") != "TestPlan" or not isinstance(api, str) or api.rpartition("/")[0] != _GROUP:
        return []
    why = f"applied by the helm-chart-toolbox test plan {shown}"
    out: list[Ref] = []
    dependencies = data.get("dependencies")
    for dep in dependencies if isinstance(dependencies, list) else ():
        if not isinstance(dep, dict):
            continue
        file, directory = dep.get("file"), dep.get("directory")
        if isinstance(file, str) and _plain(file):
            out.append(Ref(_join(base, file), APPLIED, why))
        if isinstance(directory, str) and _plain(directory):
            out.extend(Ref(os.path.join(_join(base, directory), "*" + suffix), APPLIED, why) for suffix in _KUBECTL_SUFFIXES)
    subject = data.get("subject")
    post = subject.get("postInstall") if isinstance(subject, dict) else None
    files = post.get("files") if isinstance(post, dict) else None
    for file in files if isinstance(files, list) else ():
        if isinstance(file, str) and _plain(file):
            out.append(Ref(_join(base, file), APPLIED, why))
    return out


def _plain(name: str) -> bool:
    """A path, not a URL or a glob (the script quotes it: ``realpath "${testDir}/${dependencyFile}"``)."""
    return bool(name) and "://" not in name and not any(c in name for c in "*?[")


def _join(base: str, name: str) -> str:
    return os.path.normpath(os.path.join(base, name))
