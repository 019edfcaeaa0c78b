"""The embedded default node is loaded without a schema check at start-up,
so the schema check happens here."""

from __future__ import annotations

from importlib import resources

from pod_resources_cli.source.node_file import DEFAULT_NODE_RESOURCE, load_default_node, load_node


def test_default_node_passes_the_schema_and_matches_the_trusted_load() -> None:
    path = resources.files("pod_resources_cli").joinpath(*DEFAULT_NODE_RESOURCE)
    checked = load_node(str(path))
    trusted = load_default_node()
    assert trusted.embedded and trusted.topology == checked.topology and trusted.kubelet == checked.kubelet
    assert trusted.topology is not None and trusted.topology.num_cpus == 16
