"""`node show` draws the devices inside their NUMA nodes, and those without topology apart (text and SVG)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from pod_resources_cli.cli.node import node_app
from pod_resources_cli.model.node import Device, NodeDescription
from pod_resources_cli.render.node_devices import apart_lines, device_lines, numa_device_lines
from pod_resources_cli.render.node_topology import render_topology
from pod_resources_cli.render.topology_svg import topology_svg
from pod_resources_cli.source.node_file import load_node

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "nodes"
runner = CliRunner()


def _text(node: NodeDescription) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(render_topology(node, set(), None))
    return console.export_text()


def test_device_lines_in_natural_order_cut_short() -> None:
    devices = [Device("example.com/x", f"x-{n}") for n in (10, 2, 1, 0, 3)] + [Device("a.io/y", "y")]
    assert device_lines(devices) == ["a.io/y ×1: y", "example.com/x ×5: x-0, x-1, x-2, x-3, … (+1)"]


def test_node_show_lists_each_numa_nodes_gpus() -> None:
    result = runner.invoke(node_app, ["show", str(EXAMPLES / "dgx-like-8gpu.yaml")], terminal_width=250)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "devices:" in line]
    assert len(lines) == 2
    assert "devices: nvidia.com/gpu ×4: gpu-0, gpu-1, gpu-2, gpu-3" in lines[0]
    assert "devices: nvidia.com/gpu ×4: gpu-4, gpu-5, gpu-6, gpu-7" in lines[1]
    assert "Devices without NUMA topology" not in result.output


def test_devices_without_topology_are_apart_and_escaped(tmp_path: Path) -> None:
    path = tmp_path / "node.yaml"
    path.write_text(
        "apiVersion: pod-resources/v1\nkind: NodeProfile\nsockets: 2\ncoresPerSocket: 1\nmemoryPerNumaNode: 1Gi\n"
        'devices:\n- {resource: nvidia.com/gpu, numaNode: 1, count: 1}\n- {resource: example.com/fpga, ids: ["f<1>&\\e[31m"]}\n'
    )
    node = load_node(str(path))
    assert numa_device_lines(node, 1) == ["nvidia.com/gpu ×1: gpu-0"] and numa_device_lines(node, 0) == []
    assert apart_lines(node) == ["example.com/fpga ×1: f<1>&\x1b[31m"]
    text = _text(node)
    assert "Devices without NUMA topology" in text
    assert "example.com/fpga ×1: f<1>&\\x1b[31m" in text and "\x1b" not in text
    svg = topology_svg(node, set(), None)
    root = ET.fromstring(svg)
    texts = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "nvidia.com/gpu ×1" in texts and "gpu-0" in texts  # a box per device, under its resource
    assert any(t.startswith("Devices without NUMA topology") for t in texts) and "example.com/fpga ×1: f<1>&\\x1b[31m" in texts


def test_a_node_without_cpu_topology_still_lists_its_devices(tmp_path: Path) -> None:
    path = tmp_path / "node.yaml"
    path.write_text("kind: Node\nmetadata: {name: n}\nstatus:\n  capacity: {cpu: '4', nvidia.com/gpu: '2'}\n")
    text = _text(load_node(str(path)))
    assert "no CPU topology" in text and "nvidia.com/gpu ×2: gpu-0, gpu-1" in text
