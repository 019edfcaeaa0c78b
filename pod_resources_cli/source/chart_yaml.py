"""A Helm chart's own YAML file (Chart.yaml, requirements.yaml) read as a mapping, safely.

The first document of ``path`` if it is a mapping; nothing is read outside the
chart's directory (a link out of it is refused, source/boundary.py), nor a file
over ``MAX_BYTES``; an unreadable or malformed file gives None.
"""

from __future__ import annotations

import os
from typing import Any, Final

MAX_BYTES: Final = 1 << 20


def chart_mapping(path: str, chart: str) -> dict[str, Any] | None:
    """The first YAML document of ``path`` if it is a mapping, read only inside ``chart``."""
    from pod_resources_cli.source.boundary import Boundary
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    if not os.path.isfile(path) or Boundary((os.path.realpath(chart),)).refusal(path) is not None:
        return None
    source = read_source(path, MAX_BYTES)
    if source.data is None or len(source.data) > MAX_BYTES:
        return None
    docs = [d for d in load_documents(path, source.data) if isinstance(d, Document)]
    data = docs[0].data if docs else None
    return data if isinstance(data, dict) else None
