"""Reports and findings -> text. Renderers return strings (or rich
renderables) and never print or compute."""

from __future__ import annotations

import enum


class ExplainFormat(str, enum.Enum):
    TABLE = "table"
    JSON = "json"
    YAML = "yaml"
