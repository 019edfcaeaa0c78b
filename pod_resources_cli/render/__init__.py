"""Reports and findings -> text. Renderers return strings (or rich
renderables) and never print or compute."""

from __future__ import annotations

import enum


class ExplainFormat(str, enum.Enum):
    TABLE = "table"
    WIDE = "wide"  # one row per pod
    JSON = "json"
    YAML = "yaml"


class AdmitFormat(str, enum.Enum):
    """``admit -o``: explain's formats, and ``svg`` (the node's picture after admission)."""

    TABLE = "table"
    WIDE = "wide"  # one row per pod, in admission order
    JSON = "json"
    YAML = "yaml"
    SVG = "svg"
