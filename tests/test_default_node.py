"""The embedded default node is loaded without a schema check at start-up,
so the schema check happens here; and a run builds it from code
(model/default_node.py), which must be what decoding the YAML makes and what
the generator writes (after changing the YAML or the decoder: python
scripts/gen_default_node.py)."""

from __future__ import annotations

import importlib.util
from importlib import resources
from pathlib import Path

from pod_resources_cli.model.default_node import default_node
from pod_resources_cli.run.node import load_node_file
from pod_resources_cli.source.node_file import DEFAULT_NODE_RESOURCE, load_default_node, load_node


def test_default_node_passes_the_schema_and_matches_the_trusted_load() -> None:
    path = resources.files("pod_resources_cli").joinpath(*DEFAULT_NODE_RESOURCE)
    checked = load_node(str(path))
    trusted = load_default_node()
    assert trusted.embedded and trusted.topology == checked.topology and trusted.kubelet == checked.kubelet
    assert trusted.topology is not None and trusted.topology.num_cpus == 16


ROOT = Path(__file__).resolve().parent.parent


def _generator() -> object:
    spec = importlib.util.spec_from_file_location("gen_default_node", ROOT / "scripts" / "gen_default_node.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_default_node_is_the_decoded_yaml() -> None:
    built, decoded = default_node(), load_default_node()
    assert built == decoded and repr(built) == repr(decoded)
    assert built.name == "default (embedded: 16 CPUs, 32Gi, cgroup v2)" and built.embedded
    assert built.capacity["ephemeral-storage"].format == decoded.capacity["ephemeral-storage"].format
    assert load_node_file(None) == decoded


def test_the_module_is_what_the_generator_writes() -> None:
    generator = _generator()
    assert (ROOT / "pod_resources_cli" / "model" / "default_node.py").read_text(encoding="utf-8") == generator.source()  # type: ignore[attr-defined]


def test_each_call_is_a_new_node() -> None:
    first, second = default_node(), default_node()
    assert first == second and first.kubelet.feature_gates is not second.kubelet.feature_gates
