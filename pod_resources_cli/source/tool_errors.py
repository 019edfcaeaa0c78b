"""A renderer's failure, as one line a person can act on.

kubectl's built-in kustomize reports through klog: deprecation warnings
(``# Warning: 'bases' is deprecated...``) come first, then
``E1127 17:24:54.26 21511 run.go:72] "command failed" err="..."`` with the
error as a Go-quoted string, or ``err=<`` followed by its lines, tab-indented,
up to `` >``. The kustomize binary and helm print ``Error: ...``. The error
itself nests the context kustomize went through::

    accumulating resources: accumulation err='accumulating resources from
    '../missing': evalsymlink failure on '/r/missing' : lstat /r/missing: no
    such file or directory': must build at directory: ...

    trouble configuring builtin PatchTransformer with config: `
    path: nope.yaml
    `: failed to get the patch file from path(nope.yaml): evalsymlink failure
    on '/r/o2/nope.yaml' : lstat /r/o2/nope.yaml: no such file or directory

``innermost`` keeps the innermost cause (within ``accumulation err='...'``,
the file's error, or the directory's when that directory was a
kustomization that failed to load or failed inside; what follows a transformer's
configuration dump) and says a missing file as
``PATH: no such file or directory``, on one line. Messages as kubectl v1.32
(kustomize v5.5.0) prints them; the tests hold real ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

MAX_CHARS: Final = 300
_KLOG: Final = re.compile(r"^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ [\w.-]+:\d+\] ")
_WARNING: Final = re.compile(r"^(#\s*)?(Warning|WARNING)\b|^[IW]\d{4} \d\d:\d\d:\d\d|^walk\.go:\d+: ")
# kustomize's accumulateResources: "accumulation err='<as a file>': <as a directory>"; the
# directory's error is the cause when the directory holds a kustomization. It is wrapped by accumulateDirectory (kubernetes-sigs/kustomize d3d92157fa12
# api/internal/target/kusttarget.go): "couldn't make target for path '<dir>': <why its kustomization
# did not load>" (an invalid kustomization file, none in the directory) or "recursed accumulation of
# path '<dir>': <what failed inside>".
_ACCUMULATION: Final = re.compile(
    r"accumulation err='(.*?)': (?:must build at directory|(?:recursed accumulation|couldn't make target) (?:of|for) path '[^']*': (.*))", re.S
)
# accumulateComponents (the same file) quotes the component directory's error whole: 'accumulateDirectory: %q', its
# error Go-quoted, which starts with the accumulateDirectory wrap above ("recursed accumulation of path '<dir>': ...")
_COMPONENT: Final = re.compile(r'accumulateDirectory: "((?:[^"\\]|\\.)*)"', re.S)
_DIRECTORY: Final = re.compile(r"^(?:recursed accumulation|couldn't make target) (?:of|for) path '([^']*)': ", re.S)
_CONFIG_DUMP: Final = re.compile(r"^trouble configuring builtin \w+ with config: `.*?`: ", re.S)
# a Go pointer printed with %v (kustomize's "merging from generator &{0xc0003f0340 <nil>}"): an address that differs
# from run to run and says nothing
_POINTER: Final = re.compile(r" &\{0x[0-9a-f]+(?: [^{}]*)?\}")
_MISSING: Final = re.compile(r"evalsymlink failure on '([^']+)' : lstat [^:]+: no such file or directory")


def innermost(stderr: str, shown: Callable[[str], str] = str) -> str:
    """The cause of a renderer's failure from what it printed on stderr, on
    one line (at most MAX_CHARS characters); ``shown`` makes a path relative
    for reports (source/boundary.shown)."""
    text = _error_text(stderr)
    component_dir = None  # the innermost component directory the error was met in: the note names it
    while True:
        nested = _ACCUMULATION.search(text)
        if nested is not None:
            text = nested[2] if nested[2] is not None else nested[1]
            continue
        component = _COMPONENT.search(text)
        if component is None:
            break
        text = _unquote(component[1])
        directory = _DIRECTORY.match(text)
        if directory is not None:
            component_dir, text = directory[1], text[directory.end() :]
    text = _CONFIG_DUMP.sub("", text)
    text = text.removeprefix("Error: ").strip()
    text = _POINTER.sub("", text)
    text = _MISSING.sub(lambda m: f"{shown(m[1])}: no such file or directory", text)
    if component_dir is not None and component_dir not in text and shown(component_dir) not in text:
        text = f"{shown(component_dir)}: {text}"
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= MAX_CHARS else one_line[: MAX_CHARS - 3] + "..."


def _error_text(stderr: str) -> str:
    """The error, past the warnings and klog's wrapping."""
    lines = [line for line in stderr.splitlines() if line.strip() and not _WARNING.match(line.strip())]
    for i, line in enumerate(lines):
        head = _KLOG.sub("", line)
        if head is line:
            continue
        quoted = re.search(r'\berr="((?:[^"\\]|\\.)*)"', head)
        if quoted is not None:
            return _unquote(quoted[1])
        if head.rstrip().endswith("err=<"):
            body = []
            for inner in lines[i + 1 :]:
                if inner.strip() == ">":
                    break
                body.append(inner.removeprefix("\t"))
            return "\n".join(body)
        return head
    errors = [line for line in lines if line.startswith("Error: ")]
    return errors[0] if errors else "\n".join(lines)


def _unquote(text: str) -> str:
    """A Go-quoted string's content (klog quotes with strconv.Quote)."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text)
