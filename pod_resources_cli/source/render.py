"""Rendering charts and kustomizations, and mapping their output back.

- Helm: ``helm template <chart>`` (with the configured values files and
  ``--set``s). Each document of the output follows a ``# Source:
  <chart>/templates/x.yaml`` comment; its piece is renamed to that template
  file, numbered from the document's first line, so findings name the
  template (their lines are those of the rendered document). The same
  renaming applies to ``helm template ... | pod-resources lint -``.
- Kustomize: ``kustomize build`` (or ``kubectl kustomize``) of a wrapper
  kustomization that includes the target and asks for
  ``buildMetadata: [originAnnotations]``; each object of the output then
  says which file it came from (``config.kubernetes.io/origin``), and
  ``relocate`` points its fields at that file's lines (the closest field
  that exists there, for what a patch added).

Each tool runs once per chart or kustomization, with a time limit; a failure
is reported as a note and the files are read as plain files instead.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.source.discover import STDIN_NAME
from pod_resources_cli.source.layout import Plan, Render, Rendered, Tools, plan_inputs, shown
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.split import Piece, iter_pieces
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents

TIMEOUT_SECONDS: Final = 120
ORIGIN: Final = "config.kubernetes.io/origin"
_SOURCE: Final = re.compile(rb"\A(?:---[ \t]*\r?\n)?(?:[ \t]*\r?\n)*# Source: ([^\r\n]+)\r?\n")


class RenderError(Exception):
    """A tool that failed: the first lines of what it said."""


def run_render(render: Render, tools: Tools, helm_values: Sequence[str] = (), helm_set: Sequence[str] = ()) -> bytes:
    """The tool's output for one chart or kustomization. Raises RenderError."""
    if render.tool == "helm":
        assert tools.helm is not None
        argv = [tools.helm, "template", render.root]
        for values in helm_values:
            argv += ["--values", values]
        for assignment in helm_set:
            argv += ["--set", assignment]
        return _run(argv)
    assert tools.kustomize is not None
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pod-resources-kustomize-") as wrapper:
        target = os.path.relpath(render.root, wrapper)
        with open(os.path.join(wrapper, "kustomization.yaml"), "w", encoding="utf-8") as fh:
            fh.write(f"resources:\n- {target}\nbuildMetadata: [originAnnotations]\n")
        output = _run([*tools.kustomize, wrapper, "--load-restrictor", "LoadRestrictionsNone"])
        # Origins are relative to the wrapper: make them absolute while it is known.
        return _absolute_origins(output, wrapper)


def execute(plan: Plan, tools: Tools, helm_values: Sequence[str] = (), helm_set: Sequence[str] = ()) -> Plan:
    """The plan with every render run: its output, or (when the tool fails)
    its files read as plain files, with a note saying why."""
    out = Plan(skipped=list(plan.skipped), notes=list(plan.notes))
    outputs = _run_all([e for e in plan.entries if isinstance(e, Render)], tools, helm_values, helm_set)
    for entry in plan.entries:
        if not isinstance(entry, Render):
            out.entries.append(entry)
            continue
        output = outputs[entry.root]
        if isinstance(output, bytes):
            out.entries.append(Rendered(entry, output))
        else:
            what = "Helm chart" if entry.tool == "helm" else "kustomization"
            out.notes.append(f"{shown(entry.root)}: {what} not rendered ({output}); its files are read as they are.")
            fallback = plan_inputs(sorted(entry.covers))
            out.entries.extend(fallback.entries)
            out.skipped.extend(fallback.skipped)
            out.notes.extend(fallback.notes)
    return out


def _run_all(renders: list[Render], tools: Tools, helm_values: Sequence[str], helm_set: Sequence[str]) -> dict[str, bytes | RenderError]:
    """Every render's output (or failure), the tools running side by side:
    they spend their time in other processes (kubectl on a large CRD: seconds)."""
    def one(render: Render) -> bytes | RenderError:
        try:
            return run_render(render, tools, helm_values, helm_set)
        except RenderError as exc:
            return exc

    if len(renders) < 2:
        return {r.root: one(r) for r in renders}
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(len(renders), os.cpu_count() or 1, 8)) as pool:
        return dict(zip((r.root for r in renders), pool.map(one, renders), strict=True))


def plan_pieces(plan: Plan, limits: Limits, *, stdin_name: str = STDIN_NAME) -> Iterator[Piece]:
    """Every piece of an executed plan, in order (standard input named ``stdin_name``)."""
    from pod_resources_cli.source.discover import STDIN, source_pieces

    for entry in plan.entries:
        if isinstance(entry, str):
            pieces = source_pieces(entry, limits, stdin_name=stdin_name)
            yield from (helm_source(p) for p in pieces) if entry == STDIN else pieces
        elif isinstance(entry, Rendered):
            yield from rendered_pieces(entry, limits)


def load_plan_piece(piece: Piece, limits: Limits) -> list[Document | ParseFailure]:
    """``load_piece``, with kustomize output pointed back at its sources."""
    from pod_resources_cli.source.yamldoc import load_piece

    docs = load_piece(piece, limits)
    return [relocate(d) for d in docs] if piece.relocate else docs


def _run(argv: list[str]) -> bytes:
    import subprocess  # only when a tool runs: pre-commit's start-up stays short

    try:
        done = subprocess.run(argv, capture_output=True, timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired:
        raise RenderError(f"{argv[0]} did not finish in {TIMEOUT_SECONDS} s") from None
    except OSError as exc:
        raise RenderError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise RenderError(" ".join(said[:2])[:300] or f"exit status {done.returncode}")
    return done.stdout


_ORIGIN_PATH: Final = re.compile(rb"(config\.kubernetes\.io/origin: \|\n\s+path: )([^\n]+)")


def _absolute_origins(output: bytes, base: str) -> bytes:
    def absolute(match: re.Match[bytes]) -> bytes:
        path = os.path.normpath(os.path.join(base, match[2].decode("utf-8", "surrogateescape")))
        return match[1] + path.encode("utf-8", "surrogateescape")

    return _ORIGIN_PATH.sub(absolute, output)


def rendered_pieces(rendered: Rendered, limits: Limits) -> Iterator[Piece]:
    """The pieces of a render's output: Helm documents renamed to their
    templates, kustomize objects marked for relocation."""
    render = rendered.render
    name = f"{shown(render.root)} ({'helm template' if render.tool == 'helm' else 'kustomize build'})"
    for piece in iter_pieces(name, (rendered.output,), limits, unit=name):  # one deployment unit
        yield helm_source(piece, render.root) if render.tool == "helm" else replace(piece, relocate=True)


def helm_source(piece: Piece, chart_root: str | None = None) -> Piece:
    """A piece that starts with Helm's ``# Source:`` comment, renamed to that
    template (under ``chart_root`` when known: the path's first part is the
    chart's name) and numbered from its first line."""
    match = _SOURCE.match(piece.data) if piece.error is None else None
    if match is None:
        return piece
    source = match[1].decode("utf-8", "replace").strip()
    if chart_root is not None:
        source = os.path.join(shown(chart_root), *source.split("/")[1:])
    skipped = piece.data.count(b"\n", 0, match.end())  # the marker and the comment: line 0 and before
    return replace(piece, path=source, line=1 - skipped)


def relocate(doc: Document | ParseFailure) -> Document | ParseFailure:
    """A kustomize-built object pointed back at the file it came from: its
    origin annotation is dropped, its fields resolve to that file's lines."""
    if not isinstance(doc, Document) or not isinstance(doc.data, dict):
        return doc
    metadata = doc.data.get("metadata")
    annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
    origin = annotations.get(ORIGIN) if isinstance(annotations, dict) else None
    if not isinstance(origin, str):
        return doc
    assert isinstance(metadata, dict) and isinstance(annotations, dict)
    del annotations[ORIGIN]
    if not annotations:
        del metadata["annotations"]
    path = _origin_path(origin)
    source = _source_document(path, doc.data.get("kind"), metadata.get("name")) if path else None
    if path is None or source is None:
        return doc
    return Document(shown(path), source.index, doc.data, source.locator, source.line, doc.unit)


def _origin_path(origin: str) -> str | None:
    for line in origin.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "path" and value.strip():
            return value.strip()
    return None


def _source_document(path: str, kind: Any, name: Any) -> Document | None:
    """The document of ``path`` that became this object: same kind, and the
    name kustomize's prefixes and suffixes were added to."""
    candidates = [d for d in _documents(path) if isinstance(d.data, dict) and d.data.get("kind") == kind]
    if len(candidates) > 1 and isinstance(name, str):
        named = [d for d in candidates if _name(d) and _name(d) in name]
        candidates = sorted(named, key=lambda d: -len(_name(d))) or candidates
    return candidates[0] if candidates else None


def _name(doc: Document) -> str:
    metadata = doc.data.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) else ""


@lru_cache(maxsize=256)
def _documents(path: str) -> tuple[Document, ...]:
    from pod_resources_cli.source.discover import read_source

    source = read_source(path, 16 << 20)
    if source.data is None:
        return ()
    return tuple(d for d in load_documents(path, source.data) if isinstance(d, Document))
