#!/usr/bin/env python3
"""Write pod_resources_cli/model/decode/kinds_index.py from the operator kind
tables (kinds_operators.OPERATOR_KINDS): the (API group, kind) keys that let
kinds.find_kind load those tables only when an object of one of their kinds
is met. Run it after adding an operator kind; tests/test_workload_kinds.py
fails until the index matches the tables.

Usage: python scripts/gen_kinds_index.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pod_resources_cli" / "model" / "decode" / "kinds_index.py"
HEAD = '''"""The (API group, kind) of every operator kind in kinds_operators.py, known
without building those tables: kinds.find_kind loads them when an object of
one of these kinds is met (scripts/gen_kinds_index.py writes this file;
test_workload_kinds keeps it equal to the tables' own)."""

from __future__ import annotations

from typing import Final

OPERATOR_KEYS: Final = frozenset({
'''


def main() -> None:
    sys.path.insert(0, str(ROOT))  # this tree's tables, not an installed copy's (an editable install of another work tree)
    from pod_resources_cli.model.decode.kinds_operators import OPERATOR_KINDS

    keys = sorted({(k.group, k.kind) for k in OPERATOR_KINDS})
    body = "".join(f'    ("{group}", "{kind}"),\n' for group, kind in keys)
    OUT.write_text(HEAD + body + "})  # fmt: skip\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(keys)} kinds")


if __name__ == "__main__":
    main()
