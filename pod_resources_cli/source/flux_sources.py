"""The chart a Flux HelmRelease's ``chartRef`` names, from the project's own files.

A HelmRelease may name its chart by a source object (``spec.chartRef: {kind:
OCIRepository, name: sonarr}``) whose ``spec.url`` says which chart it is
(``oci://ghcr.io/bjw-s-labs/helm/app-template``; fluxcd/source-controller @316edc33e867
api/v1 ocirepository_types.go). Home-lab repositories keep that object beside
the release, in the same directory and kustomization (bjw-s-labs/home-ops @e183e642922b
kubernetes/apps/*/*/app/ocirepository.yaml), so the release's own directory
is read for it: its YAML files only, each through the boundary of that
directory (no link out of it, no FIFO), at most ``MAX_FILES`` files of
``MAX_BYTES`` each. Nothing else is searched: a source kept elsewhere leaves
the chart unknown.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, Final

MAX_FILES: Final = 64
MAX_BYTES: Final = 1 << 20
_GROUP: Final = "source.toolkit.fluxcd.io/"


def chart_of_source(path: str, kind: str, name: str, namespace: str | None) -> str | None:
    """The chart name (the last part of ``spec.url``) of the source object ``kind``/``name`` in ``path``'s
    directory; ``namespace``: the release's (or its chartRef's), matched where both say one. None when not found."""
    if kind != "OCIRepository" or not name or not os.path.isfile(path):
        return None
    return _chart(os.path.dirname(os.path.abspath(path)), name, namespace)


@lru_cache(maxsize=256)
def _chart(directory: str, name: str, namespace: str | None) -> str | None:
    from pod_resources_cli.source.boundary import Boundary
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    boundary = Boundary((os.path.realpath(directory),))
    try:
        names = sorted(n for n in os.listdir(directory) if n.endswith((".yaml", ".yml")))[:MAX_FILES]
    except OSError:
        return None
    for entry in names:
        path = os.path.join(directory, entry)
        if boundary.refusal(path) is not None:
            continue
        source = read_source(path, MAX_BYTES)
        if source.data is None or len(source.data) > MAX_BYTES:
            continue
        for doc in load_documents(path, source.data):
            if isinstance(doc, Document) and (chart := _url_chart(doc.data, name, namespace)) is not None:
                return chart
    return None


def _url_chart(data: Any, name: str, namespace: str | None) -> str | None:
    if not isinstance(data, dict) or data.get("kind") != "OCIRepository" or not str(data.get("apiVersion", "")).startswith(_GROUP):
        return None
    metadata: dict[str, Any] = data["metadata"] if isinstance(data.get("metadata"), dict) else {}
    own = metadata.get("namespace")
    if metadata.get("name") != name or (isinstance(own, str) and own and namespace and own != namespace):
        return None
    spec: dict[str, Any] = data["spec"] if isinstance(data.get("spec"), dict) else {}
    url = spec.get("url")
    if not isinstance(url, str) or not url.startswith("oci://"):
        return None
    last = url.rstrip("/").rsplit("/", 1)[-1]
    return last or None
