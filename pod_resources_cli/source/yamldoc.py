"""Bytes -> documents with positions: the loader's public face.

A stream is cut into one piece per document (``split.py``), each piece is
parsed by libyaml's C parser and built into plain dicts and lists
(``builder.py``), and each field's line and column come from libyaml's marks
(``locator.py``). JSON is read the same way (it is YAML). Nothing is ever
constructed from a tag, aliases are bounded, nesting is bounded without
recursion, and a document larger than the limit is skipped as it streams by
(``limits.py``). Every problem is a ``ParseFailure`` located in the file;
nothing here raises for bad input.

- ``load_documents(path, data, limits)``: the documents of bytes in memory.
- ``load_stream(path, fileobj, limits)``: the same from a binary file object,
  read incrementally (standard input of any length, large files).
- ``iter_pieces`` + ``load_piece``: the two halves, for callers that spread
  pieces over processes (``run/parallel.py``); pieces are picklable.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, BinaryIO, Final, TypeGuard

import yaml
from yaml.reader import ReaderError

from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.records import dataclass, replace
from pod_resources_cli.source.builder import BuildError, iter_built
from pod_resources_cli.source.limits import DEFAULT_LIMITS, OPTION, Limits, depth_message
from pod_resources_cli.source.locator import DictLocator, GraftedLocator, LazyLocator, Locator, MarkLocator, NamedItemLocator, PatchedLocator
from pod_resources_cli.source.scalars import resolve_plain
from pod_resources_cli.source.split import Piece, iter_pieces

__all__ = [
    "DEFAULT_LIMITS", "DictLocator", "Document", "Limits", "MarkLocator", "ParseFailure", "Piece",
    "iter_pieces", "load_documents", "load_piece", "load_stream", "read_blocks",
]

BLOCK_SIZE: Final = 1 << 20
_Parser: Any = yaml.CSafeLoader  # libyaml's event parser; only its events are used


@dataclass(slots=True)
class Document:
    """One parsed document: plain data, and where each field is."""

    path: str
    index: int  # 0-based document number in the file
    data: Any
    locator: Locator
    line: int = 1  # where the document's root starts
    unit: str | None = None  # its deployment unit (split.Piece.unit); None: a plain file
    as_written: str | None = None  # why its pods are only as written (an unbuilt kustomization changes them), or None

    def location(self, pointer: Pointer = ()) -> Location:
        locator = self.locator
        if isinstance(locator, PatchedLocator) or (isinstance(locator, GraftedLocator) and isinstance(locator.inner, PatchedLocator)):
            # a field a kustomize patch wrote is in the patch's file
            path, index, (line, column) = locator.place(pointer)
            return Location(path, line, column, index)
        line, column = self.locator.position(pointer)
        return Location(self.path, line, column, self.index)


@dataclass(frozen=True, slots=True)
class ParseFailure:
    """A document that cannot be parsed, with where and why, and what its
    text looks like: a Kubernetes manifest (a top-level ``kind`` key), and an
    unrendered template (``{{ ... }}``, ``@NAME@``). Only a manifest is an error; the
    rest of a repository's YAML is not the linter's business."""

    location: Location
    message: str
    manifest: bool = True
    template: bool = False
    limit: bool = False  # stopped by a limit (size, depth, aliases): what the text is, is unknown
    # a repeated key: the document as ``kubectl apply -f`` reads it (the last value wins), still judged
    document: Document | None = None
    same: bool | None = None  # a repeated key: whether both its values are the same


def load_documents(path: str, data: bytes, limits: Limits = DEFAULT_LIMITS) -> Iterator[Document | ParseFailure]:
    """Every document of a YAML or JSON stream held in memory, in order."""
    for piece in iter_pieces(path, (data,), limits):
        yield from load_piece(piece, limits)


def load_stream(path: str, stream: BinaryIO, limits: Limits = DEFAULT_LIMITS) -> Iterator[Document | ParseFailure]:
    """Every document of a binary stream, parsed as it is read."""
    for piece in iter_pieces(path, read_blocks(stream), limits):
        yield from load_piece(piece, limits)


def read_blocks(stream: IO[bytes], size: int = BLOCK_SIZE) -> Iterable[bytes]:
    read = getattr(stream, "read1", stream.read)
    while block := read(size):
        yield block


def load_piece(piece: Piece, limits: Limits = DEFAULT_LIMITS) -> list[Document | ParseFailure]:
    """The documents of one piece (normally one), or where it fails."""
    path, offset = piece.path, piece.line - 1
    if piece.error is not None:
        return [ParseFailure(Location(path, piece.line, 1, piece.index), piece.error, limit=True)]
    if _JSON_START.match(piece.data) and (skimmed := _skim_json(piece, limits)) is not None:
        if piece.unit is not None:
            skimmed.unit = piece.unit
        return [skimmed]
    out: list[Document | ParseFailure] = []
    parser = _Parser(piece.data)
    index = piece.index
    try:
        for built in iter_built(parser, limits):
            if isinstance(built, BuildError):
                mark = built.mark
                location = Location(path, mark.line + 1 + offset, mark.column + 1, index)
                out.append(ParseFailure(location, built.text(offset), limit=built.limit))
            elif built.value is not None:
                line, column = built.start.line + 1 + offset, built.start.column + 1
                locator = MarkLocator(built.value, built.positions, line, column, offset)
                document = Document(path, index, built.value, locator, line)
                if built.repeated is None:
                    out.append(document)
                else:
                    mark = built.repeated.mark
                    location = Location(path, mark.line + 1 + offset, mark.column + 1, index)
                    out.append(ParseFailure(location, built.repeated.text(offset), document=document, same=built.repeated.same))
            index += 1
    except (yaml.MarkedYAMLError, ReaderError) as exc:
        if _parser_nesting_limit(exc):
            out.append(_nesting_failure(piece, exc, index, limits))
        elif not out and (as_json := _json_document(piece, index, limits)) is not None:
            out.append(as_json)
        elif isinstance(exc, ReaderError):
            out.append(_reader_failure(path, piece, exc, index))
        else:
            out.append(_syntax_failure(path, piece, exc, index))
    finally:
        parser.dispose()
    if len(out) == 1 and isinstance(out[0], Document) and _JSON_START.match(piece.data):
        out = [_as_json_reads_it(piece, out[0], limits)]
    if piece.unit is not None:
        for item in out:
            if isinstance(item, Document):
                item.unit = piece.unit
            elif isinstance(item, ParseFailure) and item.document is not None:
                item.document.unit = piece.unit
    if any(isinstance(item, ParseFailure) and not item.limit for item in out):
        if b"{%" in piece.data and (rendered := jinja_raw_rendered(piece.data)) is not None:
            again = load_piece(replace(piece, data=rendered), limits)
            if not any(isinstance(item, ParseFailure) and not item.limit for item in again):
                return again
        manifest = looks_like_manifest(piece.data) and not is_kustomize_file(piece.path, piece.data)
        template = looks_like_template(piece.data, json_text=piece.path.endswith(".json"))
        why = _placeholder_note(piece) if template else None
        out = [
            replace(i, manifest=manifest, template=template, message=f"{why} ({i.message})" if why else i.message)
            if isinstance(i, ParseFailure) and not i.limit else i for i in out
        ]  # fmt: skip
        if manifest and not template and b"..." in piece.data:
            out = [_as_excerpt(piece, i) if isinstance(i, ParseFailure) and not i.limit and i.document is None else i for i in out]
    return out


# ``...`` alone on an indented line: in a block mapping or sequence YAML reads a plain scalar where a key or an entry
# belongs and fails on the next line; at the margin it ends a document. Documentation writes it for lines left out
# (external-secrets/external-secrets @cc5bfbc2234a docs/snippets/1password-connect-server-deployment.yaml: a
# Deployment's containers, each ``env`` cut short with an indented ``...``).
_ELISION_LINE: Final = re.compile(rb"[ \t]+\.\.\.[ \t]*\r?")
# ``...`` at the margin ends a document, and libyaml then wants ``---`` before more content ("did not find expected
# <document start>"): documentation writes it after the one line it keeps (infinispan/infinispan-operator
# @16dba6cbde7e documentation/asciidoc/topics/yaml/priority_class_CR.yaml: ``kind: Infinispan`` / ``...`` / ``spec:``,
# an excerpt its .adoc pages include), never a stream of documents kubectl applies.
_MARGIN_ELISION_LINE: Final = re.compile(rb"\.\.\.[ \t]*\r?")


def _as_excerpt(piece: Piece, failure: ParseFailure) -> ParseFailure:
    """A failure at, or on the line after, an elision line (``_ELISION_LINE``): an excerpt, which no one applies as
    written, is no manifest (skipped as unparseable, saying so); any other failure as it is."""
    lines = piece.data.split(b"\n")
    at = failure.location.line - piece.line  # 0-based within the piece
    for number in (at, at - 1):
        if 0 <= number < len(lines) and (
            _ELISION_LINE.fullmatch(lines[number])
            or ("expected <document start>" in failure.message and _MARGIN_ELISION_LINE.fullmatch(lines[number]))
        ):
            line = number + piece.line
            return replace(failure, manifest=False, message=f"an excerpt: the '...' of line {line} stands for lines left out ({failure.message})")
    return failure


_TOP_KIND_VALUE: Final = re.compile(rb'^(?:kind|"kind"|\'kind\')[ \t]*:([^\n]*)$', re.M)
_TOP_API_VERSION: Final = re.compile(rb'^(?:apiVersion|"apiVersion"|\'apiVersion\')[ \t]*:', re.M)
# ``kind: operation``, ``kind: "job"  # a comment``: a lower-case word, quoted or not, and nothing else.
_LOWER_CASE_KIND: Final = re.compile(rb'[ \t]*(["\']?)[a-z][A-Za-z0-9_.-]*\1[ \t]*(?:#[^\n]*)?\r?')
_JSON_KIND: Final = re.compile(rb'"kind"\s*:')
_JSON_API_VERSION: Final = re.compile(rb'"apiVersion"\s*:')
# A Jinja, Liquid or Django statement tag (``{% if x %}``, ``{% raw %}``): ``%`` cannot start a YAML token there;
# what follows ``{%`` (template_scan.has_directive finds the ``%}`` on that line).
_JINJA_STATEMENT_HEAD: Final = re.compile(rb"-?\s*[A-Za-z_]\w*\b")
_KUSTOMIZE_API: Final = re.compile(rb'^(?:apiVersion|"apiVersion")[ \t]*:[ \t]*["\']?kustomize\.config\.k8s\.io/', re.M)
# A placeholder a script replaces (``@STS_NAME@``, as autoconf and sed-style templates
# write them): ``@`` cannot start a YAML plain scalar, so such a file is no YAML until then.
_PLACEHOLDER: Final = re.compile(rb"(?<![\w@.])@[A-Za-z_][A-Za-z0-9_]*@(?![\w@])")
# ``{SERVICE_IP_PREFIX}.16`` (a name in upper case between braces) that sed fills in: YAML reads a flow
# mapping there and fails on what follows (cert-manager's make/config). Not ``${NAME}``: CI files that
# fail to parse hold shell variables, and are no templates of manifests.
_BRACED: Final = re.compile(rb"(?<![\w{$])\{[A-Z][A-Z0-9_]+\}(?!\})")
# A Python ``str.format`` field alone on a line just under a block scalar's header (``locustfile.py: |``), any case:
# the program splices in text it has indented itself, so the line is less indented than the block and YAML fails
# there. ray-project/ray @f1b04821119c release/k8s_tests/ray_rayservice_template.yaml (``data:`` / ``  locustfile.py: |``
# / ``{locustfile}``), filled in by release/k8s_tests/run_gcs_ft_on_k8s.py start_rayservice: ``.read_text().format(
# cluster_id=..., ray_image=..., solution=..., locustfile=...)`` with every line of solution.py and locustfile.py
# indented four spaces, then ``kubectl create -f``. A ``{name}`` anywhere else (``a: {a}.16``) is a YAML flow
# mapping, and the failure an error as before.
_SPLICED_FIELD: Final = re.compile(rb"^[^\n#]*:[ \t]*[|>][-+0-9]*[ \t]*(?:#[^\n]*)?\r?\n[ \t]*\{[A-Za-z_][A-Za-z0-9_]*\}[ \t]*\r?$", re.M)
# ``name: %WDS%-apiserver`` (a name in upper case between percent signs) that sed fills in before kubectl apply:
# ``%`` is YAML's directive indicator and cannot start a plain scalar (kubestellar/kubestellar @1c28a8a1e3ae
# monitoring/configure-monitoring-wds.sh: ``sed s/%WDS%/$wds/g .../configuration/wds-apiserver-sm.yaml | kubectl
# apply -f -``). Upper case only: ``%d`` and ``100%`` are other programs' text.
_PERCENT: Final = re.compile(rb"(?<![\w%])%[A-Z][A-Z0-9_]*%(?![\w%])")
# A Terraform (HCL) template directive, ``%{ if var }`` ... ``%{ else }`` ... ``%{ endif }`` or ``%{ for x in xs }``
# ... ``%{ endfor }``, with the strip markers ``%{~`` and ``~}`` (hashicorp/hcl @0751c4dd53b4 hclsyntax/spec.md
# "Template If Directive", "Template For Directive"; ``%%{`` is the escaped text): Terraform's templatefile() fills
# the file in (aws-containers/retail-store-sample-app @1a28474f2461 terraform/eks/default/values/carts.yaml, Helm values
# that terraform/eks/default/kubernetes.tf renders with ``templatefile("${path.module}/values/carts.yaml", {...})``).
# On a line of its own ``%`` starts a YAML directive, and the file fails to parse there.
_HCL_DIRECTIVE_HEAD: Final = re.compile(rb"~?[ \t]*(?:if|else|endif|for|endfor)\b")  # after ``%{``, not ``%%{``; then ``}`` on that line


def looks_like_manifest(data: bytes) -> bool:
    """A Kubernetes manifest names its kind: a top-level ``kind:`` key in
    YAML; in JSON (whose layout says nothing of levels) a ``"kind":`` and an
    ``"apiVersion":`` key (an editor's launch.json names a ``"kind"`` deep
    in its settings, and no apiVersion).

    Other tools' formats name a ``kind`` too, in lower case and with no
    ``apiVersion``: a Polyaxonfile (``version: 1.1`` / ``kind: operation``,
    polyaxon/polyaxon-examples c2e0e7077cdc
    ``in_cluster/mxnet/mnist/polyaxonfile_hyperparams.yml``), an MLRun
    function (``kind: job``). A Kubernetes kind is a Go type name (``Pod``,
    ``List``), and an object without ``apiVersion`` is refused by
    ``kubectl apply`` ("apiVersion not set"): a text whose every top-level
    ``kind`` is a lower-case word and that has no top-level ``apiVersion`` is
    no manifest."""
    kinds = [match.group(1) for match in _TOP_KIND_VALUE.finditer(data)]
    if kinds:
        return _TOP_API_VERSION.search(data) is not None or not all(_LOWER_CASE_KIND.fullmatch(kind) for kind in kinds)
    return bool(_JSON_START.match(data)) and bool(_JSON_KIND.search(data)) and bool(_JSON_API_VERSION.search(data))


def is_kustomize_file(path: str, data: bytes) -> bool:
    """kustomize's own file (a Kustomization or Component), which no API
    server reads: kustomize reports its errors when it builds it (and reads
    what PyYAML refuses, a repeated key)."""
    name = path.replace("\\", "/").rpartition("/")[2]
    return name in ("kustomization.yaml", "kustomization.yml", "Kustomization") or _KUSTOMIZE_API.search(data) is not None


# A Jinja (or Liquid) ``{% raw %}`` / ``{% endraw %}`` tag alone on its line: what lies between is output as written.
# mkdocs-macros renders the snippets its pages ``{% include %}`` (external-secrets/external-secrets @cc5bfbc2234a
# hack/api-docs/mkdocs.yml: ``macros: include_dir: docs/snippets``; docs/snippets/bitwarden-cli-deployment.yaml is a
# Deployment between the two), Jekyll its pages' code. ``-%}`` (which strips the next line's indentation) is not one.
_JINJA_RAW_LINE: Final = re.compile(rb"^[ \t]*\{%-?[ \t]*(end)?raw[ \t]*%\}[ \t]*\r?$", re.M)
_JINJA_RAW_ANY: Final = re.compile(rb"\{%-?\s*(?:end)?raw\b")
# Any other Jinja syntax: a statement, an expression or a comment.
_JINJA_SYNTAX: Final = re.compile(rb"\{%|\{\{|\{#")


def jinja_raw_rendered(data: bytes) -> bytes | None:
    """The text a Jinja or Liquid engine renders from ``data`` (one document's bytes) whose only template syntax
    outside ``{% raw %}`` blocks is those blocks' tags, each alone on its line: the tags become spaces (every other
    byte, line and column as written; the text between is the engine's output as written, ``{{ .x }}`` of another
    template language kept). A document may start inside a block a document before it opened (its first tag an
    ``endraw``). None when there is other template syntax outside the blocks, or no such tag."""
    tags = list(_JINJA_RAW_LINE.finditer(data))
    if not tags or len(_JINJA_RAW_ANY.findall(data)) != len(tags):
        return None  # none, or one not alone on its line or with ``-%}``
    inside = tags[0].group(1) is not None  # the first tag closes a block opened above this document
    start, outside = 0, []
    for tag in tags:
        if (tag.group(1) is not None) != inside:
            return None  # a raw inside a raw, or an endraw outside one: Jinja's own error
        if not inside:
            outside.append(data[start : tag.start()])
        inside, start = not inside, tag.end()
    if not inside:
        outside.append(data[start:])
    if any(_JINJA_SYNTAX.search(text) for text in outside):
        return None
    out = bytearray(data)
    for tag in tags:
        line = tag.group(0).rstrip(b"\r")
        out[tag.start() : tag.start() + len(line)] = b" " * len(line)
    return bytes(out)


def _placeholder_note(piece: Piece) -> str | None:
    """Where a template that did not parse holds its first ``{{ ... }}`` action, to say why it is skipped rather
    than the parser's complaint alone: redhat-best-practices-for-k8s/certsuite-sample-workload @54967d0986cc
    test-target/cpu-exclusive-pool-rt-sched-policy-pod.yaml writes ``namespace: {{ CERTSUITE_EXAMPLE_NAMESPACE }}``,
    which its scripts/deploy-cpu-scheduling-test-pods.sh fills in with its ``mo`` (mustache) script before
    ``oc apply``; to YAML it is a mapping used as a key ("a mapping key must be a scalar")."""
    from pod_resources_cli.source.template_scan import blank_json_strings, first_between  # a file that did not parse

    data = blank_json_strings(piece.data) if piece.path.endswith(".json") else piece.data
    found = first_between(data, b"{{", b"}}")
    if found is None:
        return None
    line = piece.line + data.count(b"\n", 0, found[0])
    text = data[found[0] : found[1]].decode("utf-8", "replace")
    shown = text if len(text) <= 60 and "\n" not in text else text[:2] + " ... " + text[-2:]
    return f"an unrendered template: {shown} on line {line} is filled in before the file is applied"


def looks_like_template(data: bytes, json_text: bool = False) -> bool:
    """Template text: a Helm or Go ``{{ ... }}`` action, a Terraform ``%{ if ... }`` directive, or ``@NAME@``,
    ``%NAME%`` and ``{NAME}`` placeholders a script fills in (asked of text that did not parse).
    In a ``.json`` file (``json_text``) only outside its strings: a string that
    holds one is a value some other program expands (FairwindsOps/polaris
    c0e23a233b20 ``renovate.json``: ``"autoReplaceStringTemplate": "...
    {{{newValue}}}"``, a file that fails for its ``//`` comment line)."""
    from pod_resources_cli.source.template_scan import blank_json_strings, first_between, has_directive  # text that did not parse

    if json_text:
        data = blank_json_strings(data)
    if first_between(data, b"{{", b"}}") is not None:
        return True
    if b"{%" in data and has_directive(data, b"{%", _JINJA_STATEMENT_HEAD, b"%}"):
        return True
    if b"@" in data and _PLACEHOLDER.search(data) is not None:
        return True
    if b"%" in data and (_PERCENT.search(data) is not None or (b"%{" in data and has_directive(data, b"%{", _HCL_DIRECTIVE_HEAD, b"}", not_after=0x25))):
        return True
    return b"{" in data and (_BRACED.search(data) is not None or _SPLICED_FIELD.search(data) is not None)


def _parser_nesting_limit(exc: Exception) -> TypeGuard[yaml.MarkedYAMLError]:
    """libyaml 0.2.6 (in PyYAML 6.0.4's wheels) stops at its own nesting limit
    (1000 levels) while its scanner looks ahead, before the events that would
    reach the project's limit arrive."""
    return isinstance(exc, yaml.MarkedYAMLError) and exc.problem == "exceeded maximum nesting depth"


def _nesting_failure(piece: Piece, exc: yaml.MarkedYAMLError, index: int, limits: Limits) -> ParseFailure:
    """The project's depth limit, whatever libyaml's: parse again the text up
    to where libyaml gave up (no deeper than libyaml's limit, so it cannot
    stop there again) and let the builder count the levels. If the project's
    limit lies above libyaml's, libyaml's is the one that was hit: say so,
    where it was hit."""
    mark = exc.problem_mark
    assert mark is not None  # libyaml marks every scanner error
    start = _line_start(piece.data, mark.line)
    head = piece.data[start:].decode("utf-8", "replace")[: mark.column].encode("utf-8")
    prefix = Piece(piece.path, piece.data[:start] + head, piece.line, piece.index)
    ours = depth_message(limits.max_depth)
    for item in load_piece(prefix, limits):
        if isinstance(item, ParseFailure) and item.location.document == index and item.message == ours:
            return item
    line, column = _within_text(piece, mark.line, mark.column)
    message = f"nesting deeper than the YAML parser reads (libyaml {_libyaml_version()}'s own limit; {OPTION['max_depth']} cannot raise it)"
    return ParseFailure(Location(piece.path, line, column, index), message, limit=True)


def _libyaml_version() -> str:
    from yaml import _yaml  # the C extension, present since _Parser is

    return str(_yaml.get_version_string())


def _line_start(data: bytes, line0: int) -> int:
    start = 0
    for _ in range(line0):
        start = data.find(b"\n", start) + 1
        if start == 0:
            return len(data)
    return start


# NEL, LS and PS: line breaks to YAML 1.1 (folded to a space inside quotes),
# ordinary characters to JSON.
_YAML_ONLY_BREAKS: Final = re.compile(b"\xc2\x85|\xe2\x80[\xa8\xa9]")
_JSON_START: Final = re.compile(rb"\s*[{\[]")


def _skim_json(piece: Piece, limits: Limits) -> Document | None:
    """A JSON object with no ``kind``, read by json's C decoder: no Kubernetes
    object, so nothing in it is located unless asked (a schema catalogue holds
    thousands of large ones, and building each with positions cost most of a
    lint). The values are the builder's (numbers resolved as YAML resolves
    them, a lone surrogate as Go's decoder reads it); the positions are found
    when first asked (``LazyLocator``). None (the builder's path) for anything
    else: another value, a ``kind``, a repeated key, nesting past the limit,
    text that is not JSON."""
    import json
    from functools import partial

    if _bracket_depth(piece.data) > limits.max_depth:
        return None
    try:
        value = json.loads(piece.data, parse_int=resolve_plain, parse_float=resolve_plain, parse_constant=_no_constant,
                           object_pairs_hook=_unrepeated)  # fmt: skip
    except (ValueError, RecursionError, _Repeated):
        return None
    if not isinstance(value, dict) or "kind" in value:
        return None
    if _SURROGATE_ESCAPE.search(piece.data):  # json joins a pair: only a lone one is left to replace
        value = _without_lone_surrogates(value)
    line, column = _json_start(piece)
    return Document(piece.path, piece.index, value, LazyLocator(partial(_positions, piece, value, limits, line), (line, column)), line)


_SURROGATE_ESCAPE: Final = re.compile(rb"\\[uU][dD][89a-fA-F]")


class _Repeated(Exception):
    """A key written twice: the builder reports it (PR005)."""


def _unrepeated(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _Repeated
    return found


_NOT_BRACKETS: Final = bytes(range(256)).translate(None, b"{}[]")
_STEP: Final = {ord("{"): 1, ord("["): 1, ord("}"): -1, ord("]"): -1}


def _bracket_depth(data: bytes) -> int:
    """The deepest nesting of a JSON text's objects and arrays (the root: 1), its strings left out."""
    from itertools import accumulate

    from pod_resources_cli.source.template_scan import blank_json_strings

    marks = blank_json_strings(data).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_STEP.__getitem__, marks)), default=0)


def _positions(piece: Piece, value: Any, limits: Limits, line: int) -> MarkLocator | DictLocator:
    """The builder's positions of a skimmed JSON document (``_skim_json``), or its line where YAML reads it otherwise."""
    parser = _Parser(piece.data)
    try:
        for built in iter_built(parser, limits):
            if isinstance(built, BuildError) or built.value != value:
                break  # read differently as YAML (JSON kubectl reads its own way): the document's line
            offset = piece.line - 1
            return MarkLocator(built.value, built.positions, built.start.line + 1 + offset, built.start.column + 1, offset)
    except (yaml.MarkedYAMLError, ReaderError):
        pass
    finally:
        parser.dispose()
    return DictLocator(line)


def _as_json_reads_it(piece: Piece, document: Document, limits: Limits) -> Document:
    """A JSON document whose strings hold NEL, LS or PS: kubectl decodes JSON
    with a JSON decoder (apimachinery's YAMLOrJSONDecoder), which keeps those
    characters where YAML folds them. Keep YAML's positions when both agree."""
    if not _YAML_ONLY_BREAKS.search(piece.data):
        return document
    as_json = _json_document(piece, document.index, limits)
    if as_json is None or as_json.data == document.data:
        return document
    return as_json


def _json_document(piece: Piece, index: int, limits: Limits) -> Document | None:
    """JSON that is not YAML (control characters YAML forbids inside
    strings): read it as JSON, as kubectl does, with line-level positions."""
    if not _JSON_START.match(piece.data):
        return None
    import json

    try:
        value = json.loads(piece.data, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None
    if _depth(value) > limits.max_depth:
        return None  # the YAML failure stands
    if _SURROGATE_ESCAPE.search(piece.data):
        value = _without_lone_surrogates(value)
    line, _ = _json_start(piece)
    return Document(piece.path, index, value, DictLocator(line), line) if value is not None else None


def _json_start(piece: Piece) -> tuple[int, int]:
    """The line and (1-based) column of a JSON piece's first character, past its leading white space."""
    start = len(piece.data) - len(piece.data.lstrip())
    return piece.line + piece.data.count(b"\n", 0, start), start - piece.data.rfind(b"\n", 0, start)


_LONE_SURROGATE: Final = re.compile("[\ud800-\udfff]")


def _without_lone_surrogates(value: Any) -> Any:
    """A ``\\ud800`` escape with no partner: Go's JSON decoder reads it as
    U+FFFD; Python keeps a lone surrogate, which no output can encode."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_without_lone_surrogates(v) for v in value]
    if isinstance(value, dict):
        return {_without_lone_surrogates(k): _without_lone_surrogates(v) for k, v in value.items()}
    return value


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _syntax_failure(path: str, piece: Piece, exc: yaml.MarkedYAMLError, index: int) -> ParseFailure:
    offset = piece.line - 1
    mark = exc.problem_mark or exc.context_mark
    line, column = (mark.line + 1 + offset, mark.column + 1) if mark is not None else (piece.line, 1)
    if mark is not None:
        line, column = _within_text(piece, mark.line, mark.column)
    problem = exc.problem or "invalid YAML"
    if mark is not None and "cannot start any token" in problem and _char_at(piece.data, mark.line, mark.column) == "\t":
        problem = "a tab character cannot indent YAML (use spaces)"
    elif exc.context and exc.problem:
        problem = f"{exc.problem} ({exc.context})"
    return ParseFailure(Location(path, line, column, index), f"invalid YAML: {problem}")


def _within_text(piece: Piece, line0: int, column0: int) -> tuple[int, int]:
    """1-based (line, column) of a mark, kept inside the text: libyaml puts an
    error at the end of input on the empty line after the last newline, a
    line the file does not have; point just after the last character instead."""
    lines = piece.data.split(b"\n")
    if piece.data.endswith(b"\n"):
        lines.pop()
    if lines and line0 >= len(lines):
        last = len(lines) - 1
        return last + piece.line, len(lines[last].decode("utf-8", "replace")) + 1
    return line0 + piece.line, column0 + 1


def _char_at(data: bytes, line: int, column: int) -> str:
    start = _line_start(data, line)
    text = data[start : data.find(b"\n", start) if data.find(b"\n", start) >= 0 else len(data)]
    decoded = text.decode("utf-8", "replace")
    return decoded[column] if column < len(decoded) else ""


def _reader_failure(path: str, piece: Piece, exc: ReaderError, index: int) -> ParseFailure:
    """libyaml's reader refused a byte: say which, and where."""
    data = piece.data
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as bad:  # report the first byte that is not UTF-8
        at, message = bad.start, f"not valid UTF-8 text (byte 0x{data[bad.start]:02x})"
    else:
        at = max(0, min(exc.position, len(data)))
        shown = f" (byte 0x{data[at]:02x})" if at < len(data) else ""
        message = f"invalid YAML: {exc.reason}{shown}"
    line = piece.line + data.count(b"\n", 0, at)
    column = len(data[data.rfind(b"\n", 0, at) + 1 : at].decode("utf-8", "replace")) + 1
    return ParseFailure(Location(path, line, column, index), message)
