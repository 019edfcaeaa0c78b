"""`pod-resources node discover` and `pod-resources node show NODE`.

``discover`` writes this machine's description (cAdvisor MachineInfo, read
from /sys, and its PCI devices as a NodeDevices document: source/pci.py) for ``--node``; ``show`` draws a node's topology with its reserved
CPUs and prints its capacity and allocatable, once the node file passed the
kubelet's start-up checks, the same as ``--node`` of explain/admit/lint
(run/node.py load_node_file). Errors are PodResourcesError subclasses:
the application's boundary prints one line and exits 2.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Annotated

import typer

from pod_resources_cli import manual_epilog

if TYPE_CHECKING:
    from rich.console import Console

node_app = typer.Typer(
    help="Node descriptions: discover this machine, draw a node's topology.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    epilog=manual_epilog("admit-and-nodes.md#node-descriptions---node"),
)


class DiscoverFormat(str, enum.Enum):
    YAML = "yaml"
    JSON = "json"


class ShowFormat(str, enum.Enum):
    TABLE = "table"
    SVG = "svg"


def _console() -> Console:
    from pod_resources_cli.cli import console

    return console.stdout()


def _write(path: str, text: str) -> None:
    from pod_resources_cli.cli.console import write_file

    write_file(path, text)


@node_app.command("discover", epilog=manual_epilog("admit-and-nodes.md#node-descriptions---node"))
def discover_command(
    output: Annotated[str | None, typer.Option("--output-file", help="Write to FILE instead of standard output.", metavar="FILE")] = None,
    fmt: Annotated[DiscoverFormat, typer.Option("--output", "-o", "--format", help="yaml (with comments) or json.")] = DiscoverFormat.YAML,
    root: Annotated[str, typer.Option("--root", help="Read /sys and /proc under this directory.", hidden=True)] = "/",
) -> None:
    """Describe this machine (CPUs, cores, sockets, NUMA nodes, memory, hugepages, swap, PCI devices) as --node reads it."""
    from pod_resources_cli.cli import console
    from pod_resources_cli.run.discover import discover_node

    found = discover_node(root, fmt.value)
    if found.unnamed and fmt is DiscoverFormat.JSON:
        console.error(f"{found.unnamed} PCI device(s) without a well-known resource name left out; --format yaml lists them as comments")
    if output is None:
        console.write(found.text)
        return
    _write(output, found.text)
    console.error(f"wrote {output}: {found.cpus} CPUs, {found.numa_nodes} NUMA node(s), {found.devices} device(s)")


@node_app.command("show", epilog=manual_epilog("admit-and-nodes.md#node-descriptions---node"))
def show_command(
    node: Annotated[str | None, typer.Argument(help="Node description file (default: the embedded default node).")] = None,
    fmt: Annotated[ShowFormat, typer.Option("--output", "-o", help="table (the text drawing) or svg (a picture).")] = ShowFormat.TABLE,
    output_file: Annotated[str | None, typer.Option("--output-file", help="Write to FILE instead of standard output.", metavar="FILE")] = None,
    svg: Annotated[str | None, typer.Option("--svg", help="Also write the picture as an SVG file (and print the text).", metavar="FILE")] = None,
    feature_gates: Annotated[str | None, typer.Option("--feature-gates", help="Feature gates, kubelet syntax: A=true,B=false.")] = None,
    kubernetes_version: Annotated[
        str | None, typer.Option("--kubernetes-version", help="Kubernetes version whose defaults apply (default: 1.37).")
    ] = None,
) -> None:
    """Draw a node's topology (sockets, NUMA nodes, L3 groups, cores, threads; reserved CPUs marked)."""
    from rich.console import Group

    from pod_resources_cli.cli import console as consoles
    from pod_resources_cli.cli.options import build_gates
    from pod_resources_cli.render.node_topology import (
        allocatable_notes,
        managers_line,
        render_allocatable,
        render_node_header,
        render_topology,
    )
    from pod_resources_cli.render.topology_svg import topology_svg
    from pod_resources_cli.run.node import show_node

    from pod_resources_cli.cli.options import warn_pre_release

    gates = build_gates(feature_gates, kubernetes_version)
    warn_pre_release(gates.version)
    shown = show_node(node, gates)
    described, reserved, allocatable = shown.node, shown.reserved, shown.allocatable
    subtitle = managers_line(described)
    if fmt is ShowFormat.SVG:
        picture = topology_svg(described, reserved, None, subtitle)
        if output_file is None:
            consoles.write(picture)
        else:
            _write(output_file, picture)
    else:
        console = _console()
        width = console.size.width if output_file is None else consoles.PLAIN_WIDTH
        drawing = Group(
            render_node_header(described), render_topology(described, reserved, None, width), render_allocatable(allocatable),
            *allocatable_notes(allocatable),
        )  # fmt: skip
        if output_file is None:
            console.print(drawing)
        else:
            _write(output_file, consoles.plain(drawing))
    if svg is not None:
        _write(svg, topology_svg(described, reserved, None, subtitle))
        if fmt is ShowFormat.TABLE and output_file is None:
            _console().print(f"wrote {svg}", style="dim", markup=False, highlight=False, soft_wrap=True)  # a path may hold [brackets]
