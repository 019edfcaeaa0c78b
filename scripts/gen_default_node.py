#!/usr/bin/env python3
"""Write pod_resources_cli/model/default_node.py: the embedded default node
(pod_resources_cli/data/nodes/default.yaml) as the records its decoding
makes, so that a run without --node builds it from code instead of loading
the node decoder (a dozen modules) at every start. Run it after changing the
default node or how a node is decoded; tests/test_default_node.py fails
until the module matches the decoded file.

Usage: python scripts/gen_default_node.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pod_resources_cli" / "model" / "default_node.py"
HEAD = '''"""The embedded default node (data/nodes/default.yaml), as decoding it makes
it: scripts/gen_default_node.py writes this file, tests/test_default_node.py
keeps it equal to source/node_file.py's decoding of the YAML. A run without
--node builds it here (run/node.py): the node decoder is loaded only for
a --node file."""

from __future__ import annotations

from pod_resources_cli.model.node import CPUInfo, KubeletConfig, MachineTopology, NodeDescription, NUMANode
from pod_resources_cli.quantity import Quantity
from pod_resources_cli.quantity_format import Format

'''


def literal(value: Any, level: int = 0) -> str:
    """Python source that builds ``value``: records by keyword, one field a line, as ruff formats them."""
    pad, inner = "    " * level, "    " * (level + 1)
    if type(value).__name__ == "Quantity":  # its value and the format it is written in
        return f"Quantity({value.nanos}, Format.{value.format.name})"
    fields = getattr(type(value), "__record_fields__", None)
    if fields is not None:
        items = [f"{inner}{name}={literal(getattr(value, name), level + 1)},\n" for name in fields]
        return f"{type(value).__name__}(\n{''.join(items)}{pad})"
    if isinstance(value, tuple) and value:
        if all(_scalar(item) for item in value):
            return f"({', '.join(literal(item) for item in value)}{',' if len(value) == 1 else ''})"
        items = [f"{inner}{literal(item, level + 1)},\n" for item in value]
        return f"(\n{''.join(items)}{pad})"
    if isinstance(value, dict) and value:
        items = [f"{inner}{literal(k, level + 1)}: {literal(v, level + 1)},\n" for k, v in value.items()]
        return f"{{\n{''.join(items)}{pad}}}"
    if isinstance(value, str):
        return json.dumps(value)  # a double-quoted literal Python reads back the same (ASCII escapes)
    if value is None or isinstance(value, (bool, int, tuple, dict)):
        return repr(value)
    raise TypeError(f"no literal for {type(value).__name__}: add it to scripts/gen_default_node.py")


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, str))


def source() -> str:
    sys.path.insert(0, str(ROOT))  # this tree's decoder, not an installed copy's
    from pod_resources_cli.source.node_file import load_default_node

    body = literal(load_default_node(), 1)
    return HEAD + f"\ndef default_node() -> NodeDescription:\n    \"\"\"A new copy each call: its mappings are the caller's.\"\"\"\n    return {body}\n"


def main() -> None:
    OUT.write_text(source(), encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)} written")


if __name__ == "__main__":
    main()
