"""Every SVG the tool draws (node show -o svg, admit -o svg) is well-formed XML with the
structure a reader relies on: one box per hardware thread, one legend entry per container,
devices in their container's colour, refusals listed, and a viewBox that holds it all."""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.render.svg_canvas import CHAR
from pod_resources_cli.source.node_file import load_node

ROOT = Path(__file__).resolve().parent.parent
NODES = sorted((ROOT / "examples" / "nodes").glob("*.yaml"))
PODS = ROOT / "examples" / "pods"
NS = "{http://www.w3.org/2000/svg}"


def _svg(args: list[str], capsys: pytest.CaptureFixture[str]) -> ET.Element:
    assert main(args) == 0
    return ET.fromstring(capsys.readouterr().out)


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def _text(element: ET.Element) -> str:
    return "".join(element.itertext())


def _check_fits(root: ET.Element) -> None:
    """Every rect and every text (its width estimated as the renderer does) lies in the viewBox."""
    x0, y0, width, height = map(float, root.get("viewBox", "").split())
    assert (x0, y0) == (0, 0) and (float(root.get("width", 0)), float(root.get("height", 0))) == (width, height)
    for rect in root.iter(f"{NS}rect"):
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        assert x >= 0 and y >= 0 and x + float(rect.get("width", 0)) <= width and y + float(rect.get("height", 0)) <= height
    for text in root.iter(f"{NS}text"):
        x, y, size = float(text.get("x", 0)), float(text.get("y", 0)), float(text.get("font-size", 12))
        reach = len(_text(text)) * size * CHAR
        left = {"middle": x - reach / 2, "end": x - reach}.get(text.get("text-anchor", ""), x)
        assert left >= 0 and left + reach <= width and 0 < y <= height, _text(text)


def _threads(root: ET.Element) -> dict[int, ET.Element]:
    out: dict[int, ET.Element] = {}
    for rect in root.iter(f"{NS}rect"):
        if "cpu" in _classes(rect):
            title = rect.find(f"{NS}title")
            assert title is not None and title.text is not None
            cpu = int(title.text.split(":")[0].removeprefix("CPU "))
            assert cpu not in out
            out[cpu] = rect
    return out


def _legend(root: ET.Element) -> dict[str, str]:
    """Legend line -> its swatch's colour."""
    out: dict[str, str] = {}
    for group in root.iter(f"{NS}g"):
        if "entry" in _classes(group):
            swatch = group.find(f"{NS}rect")
            assert swatch is not None
            lines = [_text(t) for t in group.iter(f"{NS}text") if "legend" in _classes(t)]
            out[" ".join(lines)] = swatch.get("fill", "")
    return out


@pytest.mark.parametrize("path", NODES, ids=lambda p: p.stem)
def test_node_show_svg_draws_every_thread_inside_the_picture(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _svg(["node", "show", str(path), "-o", "svg"], capsys)
    node = load_node(str(path))
    assert node.topology is not None
    assert sorted(_threads(root)) == [c.cpu_id for c in node.topology.cpus]
    numas = [r for r in root.iter(f"{NS}rect") if "numa" in _classes(r)]
    sockets = [r for r in root.iter(f"{NS}rect") if "socket" in _classes(r)]
    assert len(numas) == len(node.topology.numa_nodes) and len(sockets) == node.topology.num_sockets
    legend = _legend(root)
    assert any(line.startswith("shared pool") for line in legend)
    _check_fits(root)


def _admit(node: str, pods: Path, capsys: pytest.CaptureFixture[str]) -> ET.Element:
    return _svg(["admit", "--node", str(ROOT / "examples" / "nodes" / node), str(pods), "-o", "svg"], capsys)


@pytest.mark.parametrize("node", ["dual-socket-ht.yaml", "dgx-like-8gpu.yaml"])
def test_admit_svg_names_every_container_that_holds_something(node: str, capsys: pytest.CaptureFixture[str]) -> None:
    root = _admit(node, PODS, capsys)
    assert main(["admit", "--node", str(ROOT / "examples" / "nodes" / node), str(PODS), "-o", "json"]) == 0
    import json

    report = json.loads(capsys.readouterr().out)
    holders = [
        f"{p['workload']['name']}/{c['name']}"
        for p in report["pods"] if p["admission"]["admitted"]
        for c in p["containers"] if c["isolation"] == "container"
    ]  # fmt: skip
    legend = _legend(root)
    for label in holders:
        assert sum(1 for line in legend if line.startswith(label + " · ")) == 1, label
    threads = _threads(root)
    for rect in threads.values():
        title = rect.find(f"{NS}title")
        assert title is not None and title.text is not None
        who = title.text.split(": ", 1)[1]
        if who not in ("reserved", "shared pool"):
            assert [colour for line, colour in legend.items() if line.startswith(who + " · ")] == [rect.get("fill")]
    refused = [p for p in report["pods"] if not p["admission"]["admitted"]]
    assert len([g for g in root.iter(f"{NS}g") if "refusal" in _classes(g)]) == len(refused)
    _check_fits(root)


def test_admit_svg_colours_gpus_like_their_container(capsys: pytest.CaptureFixture[str]) -> None:
    root = _admit("dgx-like-8gpu.yaml", PODS / "gpu-training.yaml", capsys)
    legend = _legend(root)
    colour = {line.split(" · ")[0]: fill for line, fill in legend.items()}
    devices = {}
    for rect in root.iter(f"{NS}rect"):
        title = rect.find(f"{NS}title")
        if "dev" in _classes(rect) and title is not None and title.text is not None:
            device, who = title.text.removeprefix("nvidia.com/gpu ").split(": ")
            devices[device] = (who, rect.get("fill"))
    assert devices["gpu-0"] == ("llm-pretrain/trainer", colour["llm-pretrain/trainer"])
    assert devices["gpu-5"] == ("vision-finetune/trainer", colour["vision-finetune/trainer"])
    assert devices["gpu-6"] == ("notebook/jupyter", colour["notebook/jupyter"])
    assert devices["gpu-7"] == ("free", "#ffffff")
    assert "notebook/jupyter · CPUs of the shared pool · nvidia.com/gpu gpu-6" in legend
    refusals = [_text(g) for g in root.iter(f"{NS}g") if "refusal" in _classes(g)]
    assert len(refusals) == 1 and "full-node-sweep: TopologyAffinityError" in refusals[0]


def test_admit_svg_draws_the_static_memory_managers_blocks(capsys: pytest.CaptureFixture[str]) -> None:
    root = _admit("dual-socket-ht.yaml", PODS / "postgres-guaranteed.yaml", capsys)
    tips = [t.text for t in root.iter(f"{NS}title")]
    assert "postgres/postgres: memory 8Gi" in tips and "reservedMemory on NUMA node 0: 1124Mi" in tips
    texts = [_text(t) for t in root.iter(f"{NS}text")]
    assert "memory 64Gi · reservedMemory 1124Mi · pinned by containers 8Gi" in texts
    assert any("memory 8Gi on NUMA 0 · hugepages-2Mi 1Gi on NUMA 0" in t for t in texts)


HOSTILE = 'name: "a<b>&c\\x1b[2J\\u202e"'


def test_names_from_the_input_stay_well_formed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pod = (
        "apiVersion: v1\nkind: Pod\nmetadata:\n  " + HOSTILE + "\nspec:\n  containers:\n  - " + HOSTILE.replace("name", "name", 1)
        + "\n    resources: {limits: {cpu: '2', memory: 1Gi}}\n"
    )  # fmt: skip
    (tmp_path / "pod.yaml").write_text(pod, encoding="utf-8")
    node = (ROOT / "examples" / "nodes" / "laptop.yaml").read_text(encoding="utf-8")
    import re

    (tmp_path / "node.yaml").write_text(re.sub(r"(?m)^name: .*$", lambda _: HOSTILE, node, count=1), encoding="utf-8")
    for args in (["node", "show", str(tmp_path / "node.yaml"), "-o", "svg"], ["admit", "--node", str(tmp_path / "node.yaml"), str(tmp_path / "pod.yaml"), "-o", "svg"]):
        assert main(args) == 0
        out = capsys.readouterr().out
        root = ET.fromstring(out)  # well-formed
        assert "\x1b" not in out and "\u202e" not in out and "a<b>&c\\x1b[2J\\u202e" in "".join(root.itertext())


def test_output_file_and_the_svg_alias(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = str(ROOT / "examples" / "nodes" / "laptop.yaml")
    assert main(["node", "show", node, "-o", "svg", "--output-file", str(tmp_path / "a.svg")]) == 0
    assert capsys.readouterr().out == ""
    ET.parse(tmp_path / "a.svg")
    assert main(["node", "show", node, "--svg", str(tmp_path / "b.svg")]) == 0
    out = capsys.readouterr().out
    assert "Socket 0" in out and f"wrote {tmp_path / 'b.svg'}" in out
    assert (tmp_path / "b.svg").read_text(encoding="utf-8") == (tmp_path / "a.svg").read_text(encoding="utf-8")
    assert main(["node", "show", node, "--output-file", str(tmp_path / "c.txt")]) == 0
    text = (tmp_path / "c.txt").read_text(encoding="utf-8")
    assert "Socket 0" in text and "\x1b" not in text
    pods = str(PODS / "postgres-guaranteed.yaml")
    assert main(["admit", "--node", node, pods, "-o", "svg", "--output-file", str(tmp_path / "d.svg")]) == 0
    ET.parse(tmp_path / "d.svg")
    assert main(["admit", "--node", node, pods, "-o", "json", "--output-file", str(tmp_path / "e.json")]) == 0
    assert (tmp_path / "e.json").read_text(encoding="utf-8").startswith("{")
    assert main(["admit", "--node", node, pods, "--output-file", str(tmp_path / "f.txt")]) == 0
    assert "Admission, in order" in (tmp_path / "f.txt").read_text(encoding="utf-8")
    assert main(["admit", "--node", node, pods, "-o", "svg", "--output-file", str(tmp_path / "no" / "g.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


@pytest.mark.skipif(not os.access("/usr/bin/chromium", os.X_OK) or shutil.which("bash") is None, reason="needs Debian's chromium")
def test_the_render_script_makes_a_png_of_the_svgs_size(tmp_path: Path) -> None:
    svg = tmp_path / "laptop.svg"
    assert main(["node", "show", str(ROOT / "examples" / "nodes" / "laptop.yaml"), "-o", "svg", "--output-file", str(svg)]) == 0
    png = tmp_path / "laptop.png"
    subprocess.run(["bash", str(ROOT / "scripts" / "render_svg.sh"), str(svg), str(png)], check=True, capture_output=True, timeout=120)
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    root = ET.parse(svg).getroot()
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (int(root.get("width", 0)), int(root.get("height", 0)))
