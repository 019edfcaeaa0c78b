"""`node discover` reads PCI devices' class, vendor, NUMA node and SR-IOV links from a fake /sys."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from pod_resources_cli.cli.node import node_app
from pod_resources_cli.source.node_file import load_node
from pod_resources_cli.source.pci import PCIGroup, discover_pci
from tests.test_sysfs import build_fake_sysfs

runner = CliRunner()


def _pci(root: Path, address: str, cls: str, vendor: str, numa: str | None, physfn: str | None = None) -> None:
    d = root / "sys/bus/pci/devices" / address
    d.mkdir(parents=True)
    (d / "class").write_text(cls + "\n")
    (d / "vendor").write_text(vendor + "\n")
    if numa is not None:
        (d / "numa_node").write_text(numa + "\n")
    if physfn is not None:
        os.symlink(f"../{physfn}", d / "physfn")


def _fake_machine(root: Path) -> Path:
    build_fake_sysfs(root)  # 2 sockets, one NUMA node each
    for n in range(4):
        _pci(root, f"0000:{0x3b + n:02x}:00.0", "0x030200", "0x10de", str(n // 2))  # 2 GPUs per NUMA node
    _pci(root, "0000:c1:00.0", "0x038000", "0x1002", "-1")  # an AMD Instinct without NUMA information
    _pci(root, "0000:02:00.0", "0x030000", "0x1a03", "0")  # the BMC's VGA
    _pci(root, "0000:5e:00.0", "0x020000", "0x8086", "1")  # a NIC's physical function: not a device
    for vf in range(3):
        _pci(root, f"0000:5e:02.{vf}", "0x020000", "0x8086", "1", physfn="0000:5e:00.0")
    _pci(root, "0000:00:1f.2", "0x010601", "0x8086", "0")  # SATA: not a device
    _pci(root, "0000:60:00.0", "0x030200", "0x10de", "7")  # a NUMA node the machine does not list
    return root


def test_discover_pci_groups_the_devices(tmp_path: Path) -> None:
    groups = discover_pci(str(_fake_machine(tmp_path)), [0, 1])
    assert groups == [
        PCIGroup("amd.com/gpu", None, ("0000:c1:00.0",), True),
        PCIGroup("nvidia.com/gpu", None, ("0000:60:00.0",), True),
        PCIGroup("nvidia.com/gpu", 0, ("0000:3b:00.0", "0000:3c:00.0"), True),
        PCIGroup("nvidia.com/gpu", 1, ("0000:3d:00.0", "0000:3e:00.0"), True),
        PCIGroup("SR-IOV VFs of 0000:5e:00.0, vendor 0x8086", 1, ("0000:5e:02.0", "0000:5e:02.1", "0000:5e:02.2"), False),
        PCIGroup("display controller, vendor 0x1a03", 0, ("0000:02:00.0",), False),
    ]


def test_no_pci_directory_no_devices(tmp_path: Path) -> None:
    assert discover_pci(str(build_fake_sysfs(tmp_path)), [0, 1]) == []


def test_discover_writes_the_devices_the_node_file_reads(tmp_path: Path) -> None:
    root = _fake_machine(tmp_path / "root")
    out = tmp_path / "node.yaml"
    result = runner.invoke(node_app, ["discover", "--root", str(root)])
    assert result.exit_code == 0, result.output
    out.write_text(result.stdout)
    text = out.read_text()
    assert "kind: NodeDevices" in text
    assert "# - {resource: <domain>/<name>, numaNode: 1, ids: ['0000:5e:02.0', '0000:5e:02.1', '0000:5e:02.2']}  # 3 SR-IOV VFs" in text
    node = load_node(str(out))
    assert Counter((d.resource, d.numa_nodes) for d in node.devices) == {
        ("nvidia.com/gpu", (0,)): 2,
        ("nvidia.com/gpu", (1,)): 2,
        ("nvidia.com/gpu", ()): 1,
        ("amd.com/gpu", ()): 1,
    }
    assert node.devices[0].device_id == "0000:c1:00.0"
    assert str(node.capacity["nvidia.com/gpu"]) == "5"


def test_discover_json_is_a_list_the_node_file_reads(tmp_path: Path) -> None:
    root = _fake_machine(tmp_path / "root")
    result = runner.invoke(node_app, ["discover", "--root", str(root), "--format", "json"])
    assert result.exit_code == 0
    assert "4 PCI device(s) without a well-known resource name left out" in result.stderr
    document = json.loads(result.stdout)
    assert document["kind"] == "List" and document["items"][1]["kind"] == "NodeDevices"
    path = tmp_path / "node.json"
    path.write_text(result.stdout)
    assert len(load_node(str(path)).devices) == 6
