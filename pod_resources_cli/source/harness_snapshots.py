"""Helm snapshot tests: files a test's shell script writes with ``helm template`` and its test compares, never
applies.

kubeflow/kfp-tekton @0b894195443c (as kubeflow/pipelines) keeps the GCP Marketplace chart's rendered output in
``manifests/gcp_marketplace/test``: ``snapshots.sh`` runs ``helm template "my-release" "${DIR}/../chart/
kubeflow-pipelines" --values "${DIR}/values-$case.yaml" > "${DIR}/snapshot-$case.yaml"`` for each case, and
``presubmit.sh`` fails when ``git diff --exit-code`` finds them changed: golden files of the chart, which is
what is deployed (60 warnings repeated from its templates before). As a golden ``NAME.out.yaml`` beside its
``NAME.in.yaml`` (source/test_data.py), such a file is a test assertion.

A ``.sh`` or ``.bash`` file (50 a directory, 1 MiB each, regular files only) of a directory whose path in the
project has a test-like segment (harness_gotest.py's rule; not ``e2e``, ``integration`` or ``conformance``), and
that runs no ``kubectl``, names the files one of its ``helm template`` lines redirects to (``> FILE`` on the
same line): the file name, each ``$var`` or ``${var}`` in it taken as any text, in the script's own directory
(the redirect's directory part being the script's: ``${DIR}``, ``$DIR``, ``.`` or none).
"""

from __future__ import annotations

import fnmatch
import os
import re
from bisect import bisect_left
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_ASSERTION, Ref, Test, read_text, shown
from pod_resources_cli.source.test_paths import fixture_path
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
_MAX_BYTES: Final = 1 << 20
# (``^[^#\n]*\bhelm\s+template\b(?:[^\n]*\\\n)*[^\n]*?>\s*(?!&)(["']?)([^\s"';|&]+)\1``, MULTILINE, tried every
# helm template of a line to the end of its continued lines: quadratic in a line of them; Redirects reads each once)
_HELM: Final = re.compile(r"\bhelm\s+template\b")
_STOP: Final = re.compile(r"[\s\"';|&]")
_BLANKS: Final = re.compile(r"\s*")
_OWN_DIRECTORY: Final = ("${DIR}", "$DIR", ".", "")
_VARIABLE: Final = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*")
_KUBECTL: Final = re.compile(r"\bkubectl\b|\boc\s+(?:apply|create)\b")
_EXTENSIONS: Final = (".yaml", ".yml", ".json")


@lru_cache(maxsize=1024)
def helm_snapshots(directory: str, project: str | None) -> tuple[Test, ...]:
    """The shell scripts of a test-like ``directory`` and the snapshot files of it they write with helm template."""
    if project is None or not directory.startswith(project.rstrip(os.sep) + os.sep) or not fixture_path(os.path.relpath(directory, project)):
        return ()
    found = listing(directory)
    scripts = [n for n in (*found.ending(".sh"), *found.ending(".bash")) if found.is_file(n)]
    tests: list[Test] = []
    for name in sorted(scripts)[:_MAX_FILES]:
        path = os.path.join(directory, name)
        text = read_text(path, _MAX_BYTES)
        if text is None or "helm" not in text or _KUBECTL.search(text):
            continue
        why = f"the script {shown(path)} writes it with helm template, a snapshot its test compares, never applied"
        refs: dict[str, Ref] = {}
        for target in redirects(text):
            head, _, tail = target.rpartition("/")
            if head not in _OWN_DIRECTORY or not tail:
                continue
            pattern = _VARIABLE.sub("*", tail)
            for candidate in found.names:
                if candidate.endswith(_EXTENSIONS) and fnmatch.fnmatchcase(candidate, pattern) and found.is_file(candidate):
                    full = os.path.join(directory, candidate)
                    refs.setdefault(full, Ref(full, TEST_ASSERTION, why))
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)



def redirects(text: str) -> list[str]:
    """The file each ``helm template`` line redirects to, in order: what the expression above found (its second group)."""
    return _Redirects(text).targets()


class _Redirects:
    """The expression, read once. From a line's start it takes the last ``helm template`` before any ``#`` for which
    a redirect follows (then the one before it): for that one, the last of the lines its line continues with ``\\``
    that holds a redirect (then the one before, ... the line after its own), else the first redirect after it on its
    own line. A line's continued lines and whether each ``>`` starts a redirect are worked out once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.valid: dict[int, bool] = {}  # a '>' at this place starts a redirect
        self.helm_from = -1
        self.helm: re.Match[str] | None = None  # the first helm template at or after helm_from
        self.line_redirects: dict[int, list[int]] = {}  # a line's start: its redirects' '>', in order
        self.chained: dict[int, int | None] = {}  # a line's start: the '>' the lines it continues with give

    def targets(self) -> list[str]:
        text, out, start = self.text, [], 0
        while start <= len(text):
            end = self._end(start)
            region = text.find("#", start, end)
            region = end if region < 0 else region
            helms: list[tuple[int, int, int]] = []  # where each helm template of the line (before any #) ends, its line
            at = start
            while (found := self._next_helm(at)) is not None and found.start() < region:
                if text.find("\n", found.start(), found.end()) < 0:
                    helms.append((found.end(), start, end))
                else:  # helm and template on two lines
                    helms.append((found.end(), text.rfind("\n", 0, found.end()) + 1, self._end(found.end())))
                at = found.end()
            for after, line_start, line_end in reversed(helms):
                arrow = self._after(after, line_start, line_end)
                if arrow is not None:
                    target, finish = self._target(arrow)
                    out.append(target)
                    start = self._end(finish) + 1
                    break
            else:
                start = end + 1
        return out

    def _end(self, at: int) -> int:
        end = self.text.find("\n", at)
        return len(self.text) if end < 0 else end

    def _next_helm(self, at: int) -> re.Match[str] | None:
        if self.helm_from < 0 or (self.helm is not None and self.helm.start() < at):
            self.helm, self.helm_from = _HELM.search(self.text, at), at
        return self.helm

    def _after(self, at: int, line_start: int, end: int) -> int | None:
        """The '>' the match takes after a helm template ending at ``at``, on the line from ``line_start`` to ``end``."""
        text = self.text
        if end < len(text) and end - 1 >= at and text[end - 1] == "\\":
            chained = self._chain(end + 1)
            if chained is not None:
                return chained
        found = self._redirects(line_start)
        index = bisect_left(found, at)
        return found[index] if index < len(found) else None

    def _chain(self, line: int) -> int | None:
        """The '>' of the last line of the continued lines from ``line`` that holds one (then the line before, ...)."""
        text = self.text
        walked: list[int] = []
        while line not in self.chained:
            walked.append(line)
            end = self._end(line)
            if not (end < len(text) and end - 1 >= line and text[end - 1] == "\\"):
                break
            line = end + 1
        later = self.chained.get(line) if walked and line != walked[-1] else None
        for start in reversed(walked):
            own = self._redirects(start)
            later = later if later is not None else (own[0] if own else None)
            self.chained[start] = later
        return self.chained[walked[0]] if walked else self.chained[line]

    def _redirects(self, line: int) -> list[int]:
        if line not in self.line_redirects:
            end, found = self._end(line), []
            at = self.text.find(">", line, end)
            while at >= 0:
                if self._valid(at):
                    found.append(at)
                at = self.text.find(">", at + 1, end)
            self.line_redirects[line] = found
        return self.line_redirects[line]

    def _valid(self, arrow: int) -> bool:
        """``>\\s*(?!&)(["']?)([^\\s"';|&]+)\\1`` matches at ``arrow``."""
        if arrow not in self.valid:
            text = self.text
            at = _BLANKS.match(text, arrow + 1).end()  # type: ignore[union-attr]
            if at >= len(text) or text[at] in "&":
                ok = False
            elif text[at] in "\"'":
                stop = _STOP.search(text, at + 1)  # the word's characters: each quote's are its own
                ok = stop is not None and stop.start() > at + 1 and text[stop.start()] == text[at]
            else:
                ok = _STOP.match(text, at) is None
            self.valid[arrow] = ok
        return self.valid[arrow]

    def _target(self, arrow: int) -> tuple[str, int]:
        """(the word, where the redirect ends) of a valid '>'."""
        text = self.text
        at = _BLANKS.match(text, arrow + 1).end()  # type: ignore[union-attr]
        quoted = text[at] in "\"'"
        stop = _STOP.search(text, at + 1 if quoted else at)
        end = stop.start() if stop else len(text)
        return text[at + 1 if quoted else at : end], end + 1 if quoted else end
