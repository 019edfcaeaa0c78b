"""`pod-resources node discover|show` and the topology drawing."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pod_resources_cli.cli.node import node_app
from pod_resources_cli.errors import NodeError
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.render.node_topology import render_topology
from pod_resources_cli.render.topology_shape import owner_marks
from pod_resources_cli.render.topology_svg import topology_svg
from pod_resources_cli.source.node_file import load_node
from tests.test_sysfs import build_fake_sysfs

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "nodes"
runner = CliRunner()


def _text(renderable: object) -> str:
    console = Console(width=200, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_discover_writes_a_loadable_description(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path / "root")
    out = tmp_path / "me.yaml"
    result = runner.invoke(node_app, ["discover", "--root", str(root), "--output-file", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("# Node description of ")
    node = load_node(str(out))
    assert node.topology is not None and node.topology.num_cpus == 8 and node.topology.num_sockets == 2


def test_discover_json_to_stdout(tmp_path: Path) -> None:
    root = build_fake_sysfs(tmp_path, sockets=1, cores=4, threads=1)
    result = runner.invoke(node_app, ["discover", "--root", str(root), "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["num_cores"] == 4


def test_discover_rejects_an_unknown_format() -> None:
    assert runner.invoke(node_app, ["discover", "--format", "toml"]).exit_code == 2


def test_show_draws_the_topology_and_allocatable(tmp_path: Path) -> None:
    svg = tmp_path / "n.svg"
    result = runner.invoke(node_app, ["show", str(EXAMPLES / "dual-socket-ht.yaml"), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Socket 0" in out and "Socket 1" in out and "NUMA node 1 · 64Gi" in out
    assert re.search(r"\[\s+0\*\s+20\*\]", out)  # reservedSystemCPUs 0,10,20,30: whole cores
    assert re.search(r"\[\s+1\s+21 \]", out)
    assert re.search(r"cpu\s+│\s+40 │\s+- │\s+4 │\s+- │\s+- │\s+36", out)
    # hugepages (8Gi of 1Gi pages, 4Gi of 2Mi pages) are taken off allocatable memory, and shown
    assert re.search(r"memory\s+│\s+128Gi │\s+1Gi │\s+1Gi │\s+100Mi │\s+12Gi │\s+116636Mi", out)
    ET.fromstring(svg.read_text())


def test_show_without_a_file_uses_the_default_node() -> None:
    result = runner.invoke(node_app, ["show"])
    assert result.exit_code == 0
    assert "default (embedded: 16 CPUs, 32Gi, cgroup v2)" in result.stdout


def test_show_a_bad_file_raises_node_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: KubeletConfiguration\ncgroupDriver: upstart\n")
    result = runner.invoke(node_app, ["show", str(bad)])
    assert isinstance(result.exception, NodeError)
    assert str(result.exception) == f"{bad}:2:1: cgroupDriver: unknown cgroupDriver 'upstart' (the kubelet knows systemd and cgroupfs)"


def test_owners_get_marks_and_a_legend() -> None:
    node = load_node(str(EXAMPLES / "laptop.yaml"))
    text = _text(render_topology(node, {0, 4}, {1: "web/app", 5: "web/app", 2: "db/pg"}))
    assert "[  0*   4*]" in text and "[  1A   5A]" in text and "[  2B   6 ]" in text
    assert " A  web/app" in text and " B  db/pg" in text
    assert owner_marks({3: "x", 1: "y", 2: "x"}) == {"y": ("A", "#4e79a7"), "x": ("B", "#f28e2b")}


def test_l3_groups_are_drawn_when_a_numa_node_has_several() -> None:
    text = _text(render_topology(load_node(str(EXAMPLES / "amd-epyc-like.yaml")), set(), None))
    assert text.count("L3 cache") == 8


def test_a_node_without_topology() -> None:
    text = _text(render_topology(NodeDescription("bare"), set(), None))
    assert "no CPU topology" in text


@pytest.mark.parametrize("example", ["big-128.yaml", "amd-epyc-like.yaml", "mixed-sources.yaml"])
def test_svg_threads_lie_inside_their_numa_node_and_socket(example: str) -> None:
    node = load_node(str(EXAMPLES / example))
    root = ET.fromstring(topology_svg(node, {0}, {1: "a<b>&c"}))
    ns = "{http://www.w3.org/2000/svg}"
    rects = root.iter(f"{ns}rect")

    def box(r: ET.Element) -> tuple[float, float, float, float]:
        x, y = float(r.get("x", 0)), float(r.get("y", 0))
        return x, y, x + float(r.get("width", 0)), y + float(r.get("height", 0))

    all_rects = list(rects)
    numas = [box(r) for r in all_rects if r.get("class") == "numa"]
    sockets = [box(r) for r in all_rects if r.get("class") == "socket"]
    threads = [box(r) for r in all_rects if r.get("class") == "cpu"]
    assert node.topology is not None
    assert len(threads) == node.topology.num_cpus and len(numas) == len(node.topology.numa_nodes)

    def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]

    assert all(any(inside(t, n) for n in numas) for t in threads)
    assert all(any(inside(n, s) for s in sockets) for n in numas)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    assert all(s[2] <= width and s[3] <= height for s in sockets)
    titles = [t.text for t in root.iter(f"{ns}title")]
    assert "CPU 1: a<b>&c" in titles and "CPU 0: reserved" in titles
