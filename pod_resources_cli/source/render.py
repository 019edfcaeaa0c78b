"""Rendering charts and kustomizations, and mapping their output back.

- Helm: ``helm template <chart>`` (with the configured values files and
  ``--set``s). Each document of the output follows a ``# Source:
  <chart>/templates/x.yaml`` comment; its piece is renamed to that template
  file, numbered from the document's first line, so findings name the
  template (their lines are those of the rendered document). The same
  renaming applies to ``helm template ... | pod-resources lint -``.
- Kustomize: ``kustomize build`` (or ``kubectl kustomize``) of a wrapper
  kustomization that includes the target and asks for
  ``buildMetadata: [originAnnotations]`` (written as JSON, so a directory
  name is always a quoted string), with kustomize's default load
  restrictor (a kustomization reads files in its own tree only); each
  object of the output then says which file it came from
  (``config.kubernetes.io/origin``), and ``relocate`` points its fields at
  that file's lines (the closest field that exists there, for what a patch
  added). The output is data, not instructions: an origin is believed only
  when it names a file the build reads (``Render.covers``, all inside the
  repository); an object whose origin is anything else (``commonAnnotations``
  can forge it) is mapped to the kustomization file itself.

Each tool runs once per chart or kustomization, offline and bounded in time,
output and memory (source/tool_process.py); its output is spooled to an
anonymous temporary file and read back as a stream. A failure is reported as
a note and the files are read as plain files instead.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pod_resources_cli.records import dataclass, replace
from functools import lru_cache
from typing import IO, Any, Final

from pod_resources_cli.model.decode.kinds import group_of
from pod_resources_cli.model.items import KUSTOMIZE_INPUT
from pod_resources_cli.source.boundary import shown_as
from pod_resources_cli.source.layout import Origins, Plan, Render, Rendered, Sources, Tools, mark_unbuilt, plan_inputs, shown
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.locator import DictLocator, NamedItemLocator, PatchedLocator
from pod_resources_cli.source.split import Piece, iter_pieces
from pod_resources_cli.source.tool_process import DEFAULT_TOOL_LIMITS, ToolLimits
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_documents, read_blocks

TIMEOUT_SECONDS: Final = int(DEFAULT_TOOL_LIMITS.seconds)
ORIGIN: Final = "config.kubernetes.io/origin"
MAX_SOURCE_BYTES: Final = 1 << 20  # a source file kustomize read, parsed again to point findings at its lines
_SOURCE: Final = re.compile(rb"\A(?:---[ \t]*\r?\n)?(?:[ \t]*\r?\n)*# Source: ([^\r\n]+)\r?\n")


class RenderError(Exception):
    """A tool that failed: the first lines of what it said. ``by_tool``: it
    ended on its own and said why (not a time or size limit)."""

    def __init__(self, message: str, *, by_tool: bool = False, said: str = "") -> None:
        super().__init__(message)
        self.by_tool = by_tool
        self.said = said


def run_render(
    render: Render, tools: Tools, helm_values: Sequence[str] = (), helm_set: Sequence[str] = (), limits: ToolLimits = DEFAULT_TOOL_LIMITS
) -> Rendered:
    """The tool's output for one chart or kustomization, spooled to an
    anonymous temporary file. Raises RenderError."""
    if render.tool == "helm":
        assert tools.helm is not None
        argv = [tools.helm, "template", render.root]
        for values in helm_values:
            argv += ["--values", values]
        for assignment in helm_set:
            argv += ["--set", assignment]
        return Rendered(render, _run(argv, limits, _namer(render)))
    assert tools.kustomize is not None
    import tempfile

    from pod_resources_cli.source.lean_build import lean_copy, missing_here

    with tempfile.TemporaryDirectory(prefix="pod-resources-kustomize-") as work:
        # First over a copy with the CRD schemas emptied (source/lean_build.py), when that saves anything.
        # The copy's top is above the kustomization: a wrapper inside the directory it builds is a cycle to kustomize.
        top = os.path.dirname(os.path.commonpath([render.root, *render.covers]))
        copy = os.path.join(work, "lean")
        lean = lean_copy(render.covers, render.resources, top, copy, limits.output_bytes)
        if lean is not None:
            try:
                # Origins name the copy relative to the wrapper, as they would name the files from its place in the repository.
                built = _build(tools.kustomize, lean, os.path.join(copy, os.path.relpath(render.root, top)), limits, _namer(render))
                return Rendered(render, built, os.path.join(top, os.path.basename(lean)))
            except RenderError as exc:
                if not exc.by_tool:
                    raise  # a time or size limit: the real files would take longer still
                if missing_here(exc.said, copy, top):  # a file the repository lacks too: the same failure, said of its files
                    from pod_resources_cli.source.tool_errors import innermost

                    raise RenderError(innermost(exc.said.replace(copy, top), _namer(render)), by_tool=True) from None
        # Origins are written relative to the wrapper: resolved against its name later.
        return Rendered(render, _build(tools.kustomize, work, render.root, limits, _namer(render)), work)


def _namer(render: Render) -> Callable[[str], str]:
    """How a tool's message names the repository's files: as the run's arguments do."""
    return lambda path: shown_as(path, render.given)


def _build(kustomize: Sequence[str], wrapper: str, root: str, limits: ToolLimits, show: Callable[[str], str] = shown) -> IO[bytes]:
    """``kustomize build`` of a kustomization written in ``wrapper`` that
    includes ``root`` and asks for origin annotations."""
    import json  # only when a tool runs: a plain lint loads no JSON code

    with open(os.path.join(wrapper, "kustomization.yaml"), "w", encoding="utf-8") as fh:
        # JSON is YAML: every name is a quoted string, whatever characters it holds.
        json.dump({"resources": [os.path.relpath(root, wrapper)], "buildMetadata": ["originAnnotations"]}, fh)
    return _run([*kustomize, wrapper], limits, show)


def execute(
    plan: Plan, tools: Tools, helm_values: Sequence[str] = (), helm_set: Sequence[str] = (), limits: ToolLimits = DEFAULT_TOOL_LIMITS
) -> Plan:
    """The plan with every render run: its output, or (when the tool fails)
    its files read as plain files, with a note saying why. The outputs are
    temporary files: ``close_plan`` removes them."""
    out = Plan(skipped=list(plan.skipped), notes=list(plan.notes), boundary=plan.boundary, unbuilt=dict(plan.unbuilt))
    outputs = _run_all([e for e in plan.entries if isinstance(e, Render)], tools, helm_values, helm_set, limits)
    # a failed build that only gathers its bases: each base built on its own (and so on down, where one fails too)
    failed = [e for e in plan.entries if isinstance(e, Render) and isinstance(outputs[e.root], RenderError)]
    # not one a build that worked holds: its objects are reported once, from that build
    held = {f for e in plan.entries if isinstance(e, Render) and isinstance(outputs[e.root], Rendered) for f in e.covers}
    while bases := [b for f in failed for b in f.bases if b.root not in outputs and b.file not in held]:
        outputs.update(_run_all(list({b.root: b for b in bases}.values()), tools, helm_values, helm_set, limits))
        failed = [b for b in bases if isinstance(outputs[b.root], RenderError)]
    fallen_back: set[str] = set()  # a base of several failed builds is read once, not once per build
    # ... and not at all where a build that worked holds it: its objects are reported once, from that build
    built = {f for e in _with_bases(plan.entries) if isinstance(outputs.get(e.root), Rendered) for f in e.covers}
    # a base built on its own for several failed builds: its output once (and not again where it is a build of the plan)
    appended = {e.root for e in plan.entries if isinstance(e, Render) and isinstance(outputs[e.root], Rendered)}
    for entry in plan.entries:
        if not isinstance(entry, Render):
            out.entries.append(entry)
            continue
        output = outputs[entry.root]
        if not isinstance(output, RenderError):
            out.entries.append(output)
        else:
            what = "Helm chart" if entry.tool == "helm" else "kustomization"
            instead = list(_built_instead(entry, outputs))
            shown_bases = ", ".join(shown_as(b.render.root, b.render.given) for b in instead)
            rest = f"its bases {shown_bases} are built on their own, its other files read as they are" if instead else "its files are read as they are"
            out.notes.append(f"{shown_as(entry.root, entry.given)}: {what} not rendered ({output}); {rest}.")
            out.entries.extend(b for b in instead if b.render.root not in appended)
            appended.update(b.render.root for b in instead)
            # its resources, patches and kustomization files, named as the run's arguments name them; never a
            # generator's data (a zip a configMapGenerator reads is no manifest)
            fallback = plan_inputs([shown_as(f, entry.given) for f in sorted(entry.covers - fallen_back - built - entry.data)], boundary=plan.boundary)
            fallen_back.update(entry.covers)
            if entry.tool == "kustomize":
                # not a file a base built on its own holds: that build made its objects as kustomize would here
                mark_unbuilt(out.unbuilt, shown_as(entry.root, entry.given), entry.resources - (built - held), entry.changes)
                # a generator's sources and a transformer's configuration: read by the build alone, listed as such
                out.skipped.extend((shown_as(f, entry.given), KUSTOMIZE_INPUT) for f in sorted(entry.data - built) if os.path.isfile(f))
            out.entries.extend(fallback.entries)
            out.skipped.extend(fallback.skipped)
            out.notes.extend(fallback.notes)
    return out


def _with_bases(entries: Iterable[object]) -> Iterator[Render]:
    """The renders among ``entries`` and the bases each may fall back to, all the way down."""
    pending = [e for e in entries if isinstance(e, Render)]
    while pending:
        render = pending.pop()
        yield render
        pending.extend(render.bases)


def _built_instead(render: Render, outputs: dict[str, Rendered | RenderError]) -> Iterator[Rendered]:
    """The outputs of the bases of a failed build that built on their own (of a failed base, its bases'), in order."""
    for base in render.bases:
        output = outputs.get(base.root)
        if isinstance(output, Rendered):
            yield output
        elif output is not None:
            yield from _built_instead(base, outputs)


def close_plan(plan: Plan) -> None:
    """Removes the plan's render outputs (anonymous temporary files)."""
    for entry in plan.entries:
        if isinstance(entry, Rendered):
            entry.output.close()


def _run_all(
    renders: list[Render], tools: Tools, helm_values: Sequence[str], helm_set: Sequence[str], limits: ToolLimits
) -> dict[str, Rendered | RenderError]:
    """Every render's output (or failure), the tools running side by side:
    they spend their time in other processes (kubectl on a large CRD: seconds)."""
    def one(render: Render) -> Rendered | RenderError:
        try:
            return run_render(render, tools, helm_values, helm_set, limits)
        except RenderError as exc:
            return exc

    if len(renders) < 2:
        return {r.root: one(r) for r in renders}
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=min(len(renders), os.cpu_count() or 1, 8)) as pool:
        return dict(zip((r.root for r in renders), pool.map(one, renders), strict=True))


def plan_origins(plan: Plan) -> dict[str, Origins]:
    """The Origins of each kustomize build of an executed plan, by the name its pieces carry."""
    return {
        rendered_name(e.render): Origins(
            e.origin_base, frozenset(os.path.realpath(c) for c in e.render.covers), e.render.file, e.render.given, e.render.patches,
            frozenset(os.path.realpath(c) for c in e.render.alone),
        )
        for e in plan.entries
        if isinstance(e, Rendered) and e.render.tool == "kustomize"
    }


def load_plan_piece(piece: Piece, limits: Limits, sources: Sources | None = None) -> list[Document | ParseFailure]:
    """``load_piece``, with kustomize output pointed back at its sources
    (``sources.origins``: ``plan_origins`` of the plan the piece comes from),
    and the documents of a file an unbuilt kustomization changes marked only
    as written (``sources.unbuilt``: the plan's)."""
    from pod_resources_cli.source.yamldoc import load_piece

    origins, unbuilt = (sources.origins, sources.unbuilt) if sources is not None else ({}, {})
    if piece.unit is None and piece.counted is None:  # a file of the repository, read as it is (and as ytt has it)
        from pod_resources_cli.source.harness_ytt import load_file_piece

        return load_file_piece(piece, limits, unbuilt.get(os.path.abspath(piece.path)) if unbuilt else None)

    if piece.counted is not None:  # kustomize output of a kind without pods: counted as what it is, never built
        api_version, kind, name, origin = piece.counted
        metadata: dict[str, Any] = {} if name is None else {"name": name}
        if origin is not None:
            metadata["annotations"] = {ORIGIN: f"path: {origin}\n"}
        stub = Document(piece.path, piece.index, {"apiVersion": api_version, "kind": kind, "metadata": metadata}, DictLocator(piece.line), piece.line, piece.unit)
        known = origins.get(piece.path) if origins else None
        return [relocate(stub, known) if known is not None else stub]
    docs = load_piece(piece, limits)
    known = origins.get(piece.path) if piece.relocate and origins else None
    return [relocate(d, known) for d in docs] if known is not None else docs


def _run(argv: list[str], limits: ToolLimits, show: Callable[[str], str] = shown) -> IO[bytes]:
    from pod_resources_cli.source.tool_errors import innermost
    from pod_resources_cli.source.tool_process import ToolFailed, run_tool

    try:
        return run_tool(argv, limits)
    except ToolFailed as exc:
        if exc.exited and exc.said.strip():  # it failed on its own: what it said is the reason
            raise RenderError(innermost(exc.said, show) or exc.message, by_tool=True, said=exc.said) from None
        raise RenderError(exc.message) from None


# Kinds that carry no pods and are no policy, as kustomize prints them: in its
# output (generated YAML, top-level keys at column 0) such an object is known
# from its apiVersion and kind lines and counted without being built. A build's
# output is mostly these (an operator's CRDs are megabytes each); parsing them
# for nothing once per overlay made rendering cost several times plain reading.
COUNTED_ONLY: Final = frozenset({
    ("apiextensions.k8s.io/v1", "CustomResourceDefinition"), ("apiextensions.k8s.io/v1beta1", "CustomResourceDefinition"),
    ("v1", "ConfigMap"), ("v1", "Secret"), ("v1", "Service"), ("v1", "ServiceAccount"), ("v1", "Namespace"),
    ("v1", "PersistentVolumeClaim"), ("v1", "Endpoints"),
    ("rbac.authorization.k8s.io/v1", "Role"), ("rbac.authorization.k8s.io/v1", "ClusterRole"),
    ("rbac.authorization.k8s.io/v1", "RoleBinding"), ("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"),
    ("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration"),
    ("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration"),
    ("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicy"),
    ("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicyBinding"),
    ("networking.k8s.io/v1", "NetworkPolicy"), ("networking.k8s.io/v1", "Ingress"), ("networking.k8s.io/v1", "IngressClass"),
    ("policy/v1", "PodDisruptionBudget"), ("storage.k8s.io/v1", "StorageClass"), ("apiregistration.k8s.io/v1", "APIService"),
    ("coordination.k8s.io/v1", "Lease"), ("autoscaling/v2", "HorizontalPodAutoscaler"),
})  # fmt: skip
_TOP_KIND: Final = re.compile(rb"^kind: ([A-Za-z0-9]+)[ \t]*\r?$", re.M)
_TOP_API: Final = re.compile(rb"^apiVersion: ([A-Za-z0-9./-]+)[ \t]*\r?$", re.M)
_METADATA: Final = re.compile(rb"^metadata:[ \t]*\r?\n((?:[ \t]+[^\n]*\n|[ \t]*\r?\n)*)", re.M)
# the rest of the line whole, its trailing blanks dropped after (name_line): ``([^\s'"#][^\n]*?)[ \t]*\r?$`` tried
# the end of the line after each character, quadratic in a name of spaces
_NAME: Final = re.compile(rb"^  name: ([^\s'\"#][^\n]*)", re.M)
# (``path: ([^\n]+?)[ \t]*\r?$`` tried the end of the line after each character: origin_path drops the blanks after)
_ORIGIN_PATH: Final = re.compile(rb"^    config\.kubernetes\.io/origin: \|\r?\n(?:      [^\n]*\n)*?      path: ([^\n]+)", re.M)


def counted_only(piece: Piece) -> Piece:
    """A piece of kustomize output whose object is of a COUNTED_ONLY kind,
    emptied and marked with its apiVersion, kind, name and origin (enough to
    count it and say where it came from); any other piece as it is."""
    if piece.error is not None:
        return piece
    kind, api = _TOP_KIND.search(piece.data), _TOP_API.search(piece.data)
    if kind is None or api is None or (api[1].decode("ascii"), kind[1].decode("ascii")) not in COUNTED_ONLY:
        return piece
    metadata = _METADATA.search(piece.data)
    block = metadata[1] if metadata else b""
    name, origin = name_line(block), origin_path(block)
    return replace(
        piece, data=b"", counted=(api[1].decode("ascii"), kind[1].decode("ascii"), None if name is None else name.decode("utf-8", "replace"),
                                         None if origin is None else origin.decode("utf-8", "replace"))
    )


def origin_path(block: bytes) -> bytes | None:
    """The ``path:`` of the first ``config.kubernetes.io/origin`` annotation of a metadata block, as
    ``...      path: ([^\n]+?)[ \t]*\r?$`` captured it: its first character kept, then without one ``\r`` and blanks."""
    match = _ORIGIN_PATH.search(block)
    if match is None:
        return None
    value: bytes = match[1]
    return value[: max(1, len((value[:-1] if value.endswith(b"\r") else value).rstrip(b" \t")))]


def name_line(block: bytes) -> bytes | None:
    r"""The plain value of the first ``  name:`` line of a metadata block, without its trailing blanks and ``\r``:
    what ``^  name: ([^\s'"#][^\n]*?)[ \t]*\r?$`` captured."""
    match = _NAME.search(block)
    if match is None:
        return None
    value: bytes = match[1]
    return (value[:-1] if value.endswith(b"\r") else value).rstrip(b" \t")


def rendered_name(render: Render) -> str:
    return f"{shown_as(render.root, render.given)} ({'helm template' if render.tool == 'helm' else 'kustomize build'})"


def rendered_pieces(rendered: Rendered, limits: Limits) -> Iterator[Piece]:
    """The pieces of a render's output, read as a stream: Helm documents
    renamed to their templates, kustomize objects marked for relocation."""
    render = rendered.render
    name = rendered_name(render)
    rendered.output.seek(0)
    for piece in iter_pieces(name, read_blocks(rendered.output), limits, unit=name):  # one deployment unit
        yield helm_source(piece, render.root, render.covers, render.given) if render.tool == "helm" else counted_only(replace(piece, relocate=True))


def rendered_mentions(rendered: Rendered, markers: Sequence[bytes]) -> bool:
    """A cheap scan of a render's output for any of ``markers`` (as discover.file_mentions)."""
    keep = max(len(m) for m in markers)
    tail = b""
    rendered.output.seek(0)
    for block in read_blocks(rendered.output):
        window = tail + block
        if any(m in window for m in markers):
            return True
        tail = window[-keep:]
    return False


def helm_source(
    piece: Piece, chart_root: str | None = None, chart_files: frozenset[str] | None = None, given: tuple[tuple[str, str], ...] = ()
) -> Piece:
    """A piece that starts with Helm's ``# Source:`` comment, renamed to that
    template (under ``chart_root`` when known: the path's first part is the
    chart's name) and numbered from its first line. A template can print a
    ``# Source:`` line of its own: with ``chart_files`` (the chart's files),
    a name that is not one of them is not believed."""
    match = _SOURCE.match(piece.data) if piece.error is None else None
    if match is None:
        return piece
    source = match[1].decode("utf-8", "replace").strip()
    if chart_root is not None:
        full = os.path.normpath(os.path.join(chart_root, *source.split("/")[1:]))
        if chart_files is not None and full not in chart_files:
            return piece
        source = shown_as(full, given)
    skipped = piece.data.count(b"\n", 0, match.end())  # the marker and the comment: line 0 and before
    return replace(piece, path=source, line=1 - skipped)


def relocate(doc: Document | ParseFailure, origins: Origins) -> Document | ParseFailure:
    """A kustomize-built object pointed back at the file it came from: its
    origin annotation is dropped, its fields resolve to that file's lines.
    An origin that names no file the build reads (a forged annotation, a
    generated object) maps the object to the kustomization file."""
    if isinstance(doc, ParseFailure) and doc.document is not None:  # the object behind a repeated key
        found = relocate(doc.document, origins)
        return replace(doc, document=found) if isinstance(found, Document) else doc
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
    written = _origin_path(origin)
    path = os.path.normpath(os.path.join(origins.base, written)) if written else None
    if path is None or os.path.realpath(path) not in origins.files:
        return Document(shown_as(origins.kustomization, origins.given), doc.index, doc.data, DictLocator(1), 1, doc.unit)
    source = _source_document(path, doc.data.get("apiVersion"), doc.data.get("kind"), metadata.get("name"))
    if source is None:
        return Document(shown_as(path, origins.given), doc.index, doc.data, DictLocator(1), 1, doc.unit)
    shown = shown_as(path, origins.given)
    own = NamedItemLocator(doc.data, source.data, source.locator)
    patches = tuple(
        (shown_as(patch, origins.given), p.index, NamedItemLocator(doc.data, p.data, p.locator, renames=False))
        for patch in origins.patches
        for p in _documents(patch)
        if _patches(p, doc.data.get("apiVersion"), doc.data.get("kind"), metadata.get("name"))
    )
    locator = PatchedLocator(doc.data, ((shown, source.index, own), *patches)) if patches else own
    return Document(shown, source.index, doc.data, locator, source.line, doc.unit)


def _patches(patch: Document, api_version: Any, kind: Any, name: Any) -> bool:
    """A strategic-merge patch document that may have been applied to the
    object ``kind``/``name``: the same API group and kind, and a name
    kustomize's prefixes and suffixes were added to (a JSON patch is a list: never)."""
    data = patch.data
    return (
        isinstance(data, dict) and data.get("kind") == kind and group_of(data.get("apiVersion")) == group_of(api_version)
        and isinstance(name, str) and bool(_name(patch)) and _name(patch) in name
    )  # fmt: skip


def _origin_path(origin: str) -> str | None:
    for line in origin.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "path" and value.strip():
            return value.strip()
    return None


def _source_document(path: str, api_version: Any, kind: Any, name: Any) -> Document | None:
    """The document of ``path`` that became this object: same API group and
    kind (a core ServiceAccount and talos.dev's of one name can share a file),
    and the name kustomize's prefixes and suffixes were added to."""
    group = group_of(api_version)
    candidates = [d for d in _documents(path) if isinstance(d.data, dict) and d.data.get("kind") == kind and group_of(d.data.get("apiVersion")) == group]
    if len(candidates) > 1 and isinstance(name, str):
        named = [d for d in candidates if _name(d) and _name(d) in name]
        candidates = sorted(named, key=lambda d: -len(_name(d))) or candidates
    return candidates[0] if candidates else None


def _name(doc: Document) -> str:
    metadata = doc.data.get("metadata")
    name = metadata.get("name") if isinstance(metadata, dict) else None
    return name if isinstance(name, str) else ""


@lru_cache(maxsize=64)
def _documents(path: str) -> tuple[Document, ...]:
    """The documents of a source file the build read (at most MAX_SOURCE_BYTES:
    the cache holds 64 of them; a larger file is mapped by name only)."""
    from pod_resources_cli.source.discover import read_source

    source = read_source(path, MAX_SOURCE_BYTES)
    if source.data is None or len(source.data) > MAX_SOURCE_BYTES:
        return ()
    return tuple(d for d in load_documents(path, source.data) if isinstance(d, Document))
