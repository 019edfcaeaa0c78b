"""How Go templates (text/template, with helm's values) see a value read from YAML.

Helm-based operators and charts render their objects from values with these
rules: kinds_apptemplate.py (bjw-s app-template) and kinds_openvino.py (the
OpenVINO operator's charts) both read them here.
"""

from __future__ import annotations

from typing import Any


def truthy(value: Any) -> bool:
    """text/template's truth (``if``, ``and``, ``or``, Sprig's ``empty`` negated): false, 0, nil and an empty
    string, map or list are false."""
    return value is not None and value is not False and value != 0 and value != "" and value != {} and value != []


def go_text(value: Any) -> str:
    """What ``{{ value }}`` writes (fmt's %v of what helm read: a number is a float64): a boolean as true or false,
    an integral number without a fraction."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
