#!/usr/bin/env python3
"""Write pod_resources_cli/model/decode/kinds_index.py from the operator kind
tables (kinds_operators.OPERATOR_KINDS): each (API group, kind) with the
module that holds it, so that kinds.find_kind loads that module only, when
an object of the kind is met. Run it after adding an operator kind;
tests/test_workload_kinds.py fails until the index matches the tables.

Usage: python scripts/gen_kinds_index.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "pod_resources_cli" / "model" / "decode" / "kinds_index.py"
HEAD = '''"""The (API group, kind) of every operator kind in kinds_operators.py, with
the module of model/decode that holds it, known without building the tables:
kinds.find_kind loads that module when an object of the kind is met, not the
other operators' (scripts/gen_kinds_index.py writes this file;
test_workload_kinds keeps it equal to the tables' own)."""

from __future__ import annotations

from types import ModuleType
from typing import Final

OPERATOR_MODULES: Final[dict[tuple[str, str], str]] = {
'''
TAIL = "}  # fmt: skip\nOPERATOR_KEYS: Final = frozenset(OPERATOR_MODULES)\n"
LOADER = '''

def operator_module(name: str) -> ModuleType:
    """The module ``name`` of the index, imported by name here (each edge seen by the layer checks)."""
    match name:
'''


def main() -> None:
    sys.path.insert(0, str(ROOT))  # this tree's tables, not an installed copy's (an editable install of another work tree)
    import importlib

    from pod_resources_cli.model.decode.kind_types import WorkloadKind
    from pod_resources_cli.model.decode.kinds_operators import OPERATOR_KINDS

    def kinds_held(module: str) -> dict[tuple[str, str], WorkloadKind]:  # as kinds.kinds_held, before the index exists
        found: dict[tuple[str, str], WorkloadKind] = {}
        for value in vars(importlib.import_module(f"pod_resources_cli.model.decode.{module}")).values():
            for kind in value if isinstance(value, tuple) else (value,):
                if isinstance(kind, WorkloadKind):
                    found[(kind.group, kind.kind)] = kind
        return found

    package = ROOT / "pod_resources_cli" / "model" / "decode"
    # kinds_operators.py last: a kind its own module holds is loaded without all the others
    modules = sorted(p.stem for p in package.glob("kinds_*.py") if p.stem not in ("kinds_operators", "kinds_index"))
    holders = {m: kinds_held(m) for m in [*modules, "kinds_operators"]}
    index: dict[tuple[str, str], str] = {}
    for kind in OPERATOR_KINDS:
        key = (kind.group, kind.kind)
        index[key] = next(m for m, held in holders.items() if held.get(key) is kind)
    body = "".join(f'    ("{group}", "{kind}"): "{index[(group, kind)]}",\n' for group, kind in sorted(index))
    cases = "".join(f'        case "{m}":\n            from pod_resources_cli.model.decode import {m}\n\n            return {m}\n'
                    for m in sorted(set(index.values())))
    OUT.write_text(HEAD + body + TAIL + LOADER + cases + "        case _:\n            raise KeyError(name)\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(index)} kinds in {len(set(index.values()))} modules")


if __name__ == "__main__":
    main()
