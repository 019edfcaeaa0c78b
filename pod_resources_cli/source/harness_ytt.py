"""ytt (Carvel's YAML templating tool): templates and overlays are not the objects applied.

ytt reads YAML files whose comments carry its language: a comment whose text
starts with ``@`` is an annotation or Starlark code (``#@ load(...)``,
``#@ if``/``#@ end``, ``#@overlay/match``, ``#@data/values``), and one on the
same line as its node sets that node's value (``replicas: #@ data.values.n``)
(carvel-dev/ytt @4b40e30abbee pkg/template/meta.go NewAnnotationFromComment:
``data[0] == '@'``; pkg/yamltemplate/metas.go NewTemplateAnnotationFromYAMLComment).
PyYAML reads such a file as the YAML without its comments: each value set by
``#@`` is null, both branches of an ``#@ if`` are present (a repeated key),
and a loop's body is there once. So a ``.yml``/``.yaml`` file holding a ytt
annotation is a template, skipped as one, never judged as the objects ytt
writes (``ytt -f DIR | pod-resources lint -`` lints those).

An overlay is a document annotated ``#@overlay/match`` at document level (the
comment lines just above its ``---``): ytt merges it into the matching
documents of every other file it is given (pkg/yttlibrary/overlay), so a
plain file beside one (``ytt -f DIR``, as ytt's examples are run: the
examples' README and examples/*/expected.txt) is read as written only, its
pods possibly changed (examples/k8s-overlay-all-containers/add-resources.yml
adds a cpu request and limit to every Deployment's containers of config.yml).
An overlay annotated ``#@overlay/remove`` at document level deletes the
documents it matches (examples/overlay-not-matcher/remove-non-crds.yml
removes every document of resources.yml but the CustomResourceDefinition): a
plain file beside one is skipped as a template, whose objects ytt may never
write.

Read: the ``.yml``/``.yaml`` files of the file's own directory (ytt's
yamlExts, pkg/files/file.go), never through a link, the first 64 KiB of each
(an annotation further in goes unseen), 200 a directory, by the worker that reads the file (``load_file_piece``), once a
directory and process: the plan reads no file's text. Nothing is run.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.location import Location
from pod_resources_cli.source.harness_ansible import ansible_template
from pod_resources_cli.source.harness_files import read_text, shown
from pod_resources_cli.source.limits import Limits
from pod_resources_cli.source.split import Piece
from pod_resources_cli.source.yamldoc import Document, ParseFailure, load_piece

TEMPLATE: Final = "template"  # the skip reason (model.decode.workloads.TEMPLATE)
_YAML: Final = (".yml", ".yaml")
# The head of each file read for annotations: ytt's files are small, and a directory of large manifests beside the
# one linted (pre-commit lints one file) must not cost their whole text; an annotation past it goes unseen.
_MAX_BYTES: Final = 64 << 10
_MAX_FILES: Final = 200
# A ytt annotation: a comment whose text starts with ``@``, alone on its line (``#@ load(...)``,
# ``#@overlay/match by=...``) or after a mapping key or sequence dash (``name: #@ data.values.name``, ``- #@ x``).
_ANNOTATION: Final = re.compile(r"^[ \t]*(?:-[ \t]+)*(?:[^\s#'\"][^#'\"\n]*:[ \t]+)?#@", re.M)
# The comment lines directly above a document start: what ytt attaches to the document node.
_DOCUMENT_ANNOTATIONS: Final = re.compile(r"((?:^[ \t]*#[^\n]*\n|^[ \t]*\n)+)---", re.M)


def is_ytt_template(text: str) -> bool:
    """``text`` holds a ytt annotation (module docstring)."""
    return "#@" in text and _ANNOTATION.search(text) is not None


def load_file_piece(piece: Piece, limits: Limits, why: str | None = None) -> list[Document | ParseFailure]:
    """``load_piece`` of a piece of a repository's file: a ytt template is skipped, once, at the file's first line,
    saying why; a file a ytt overlay changes (or ``why``: an unbuilt kustomization) is only as written. Standard
    input, a pipe and a tool's output (a piece with a ``unit``) are loaded as they are."""
    if piece.unit is None and piece.counted is None:
        template, overlaid = _verdict(piece.path)
        if template is None:
            from pod_resources_cli.source.project import run_roots

            template = _program_template(piece.path, run_roots())
        if template is not None:
            return [ParseFailure(Location(piece.path, piece.line, 1), template[1], manifest=False, template=True)] if piece.line == 1 else []
        why = why or overlaid
    docs = load_piece(piece, limits)
    if why is not None:
        for doc in docs:
            if isinstance(doc, Document):
                doc.as_written = why
            elif doc.document is not None:
                doc.document.as_written = why
    return docs


@lru_cache(maxsize=256)
def _verdict(path: str) -> tuple[tuple[str, str] | None, str | None]:
    """A file's ``ytt_template`` (or harness_ansible's ``ansible_template``) and ``ytt_overlaid``: asked once for
    all its documents."""
    full = os.path.abspath(path)
    # each reads the file's siblings (scripts, playbooks, ytt files): the worker's work, not the plan's
    template = ytt_template(full) or ansible_template(full)
    return template, ytt_overlaid(full) if template is None else None


@lru_cache(maxsize=256)
def _program_template(path: str, roots: tuple[str, ...]) -> tuple[str, str] | None:
    """A Pod manifest a script beside it hands to Spark or Flink as a pod template (harness_spark.py,
    harness_flink.py; Flink's may be named one directory up, inside the run's root: ``roots``, the run's, keys the
    answer, as one process may lint a directory and then its parent)."""
    from pod_resources_cli.source.harness_flink import flink_template
    from pod_resources_cli.source.harness_spark import spark_template
    from pod_resources_cli.source.project import run_root

    full = os.path.abspath(path)
    return spark_template(full) or flink_template(full, run_root(os.path.dirname(full))[0])


def ytt_template(full: str) -> tuple[str, str] | None:
    """(TEMPLATE, why) for a YAML file that is a ytt template, or a plain file beside a ytt overlay that removes
    documents; else None."""
    directory, _, name = full.rpartition(os.sep)
    if not name.endswith(_YAML):
        return None
    unit = _unit(directory or os.sep)
    role = unit.get(name)
    if role is not None:
        return TEMPLATE, f"a ytt template: its '#@' comments are code and annotations ytt evaluates ({role}), so its objects are not applied as written; lint ytt's output (ytt -f DIR | pod-resources lint -)"
    remover = next((other for other, what in unit.items() if what == _REMOVES), None)
    if remover is not None:
        return TEMPLATE, f"an input of ytt: the overlay {shown(os.path.join(directory, remover))} beside it removes the documents it matches, so ytt may never write these objects"
    return None


def ytt_overlaid(full: str) -> str | None:
    """Why a plain YAML file's pods are only as written: a ytt overlay beside it changes the documents it matches."""
    directory, _, name = full.rpartition(os.sep)
    if not name.endswith(_YAML):
        return None
    unit = _unit(directory or os.sep)
    if name in unit:
        return None
    overlay = next((other for other, what in unit.items() if what in (_OVERLAY, _REMOVES)), None)
    if overlay is None:
        return None
    return f"ytt overlays it with {shown(os.path.join(directory, overlay))} (#@overlay/match) before it is applied"


_CODE: Final = "Starlark code or annotations"
_OVERLAY: Final = "an overlay (#@overlay/match)"
_REMOVES: Final = "an overlay removing documents (#@overlay/remove)"


@lru_cache(maxsize=1024)
def _unit(directory: str) -> dict[str, str]:
    """The ytt templates of ``directory`` by file name, with what they are (_CODE, _OVERLAY or _REMOVES)."""
    try:
        entries = [e for e in os.scandir(directory) if e.name.endswith(_YAML) and e.is_file(follow_symlinks=False)]
    except OSError:
        return {}
    found: dict[str, str] = {}
    for entry in sorted(entries, key=lambda e: e.name)[:_MAX_FILES]:
        text = read_text(entry.path, _MAX_BYTES)
        if text is None or not is_ytt_template(text):
            continue
        role = _CODE
        for block in _DOCUMENT_ANNOTATIONS.finditer(text):
            lines = [line.strip() for line in block[1].splitlines()]
            if any(line.startswith("#@overlay/match") for line in lines):
                role = _REMOVES if any(line.startswith("#@overlay/remove") for line in lines) else _OVERLAY
                if role == _REMOVES:
                    break
        found[entry.name] = role
    return found
