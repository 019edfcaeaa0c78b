"""Terratest's Helm snapshots: the rendered charts a Go test compares with ``helm.DiffAgainstSnapshot``, never applied.

gruntwork-io/terratest @2b415016a88f modules/helm/template.go: ``UpdateSnapshotE(t, options, yamlData, releaseName)``
writes the rendered manifest to ``filepath.Join(snapshotDir, releaseName+".yaml")`` and ``DiffAgainstSnapshotE``
loads that file and counts its differences from the manifest just rendered (dyff), where ``snapshotDir`` is
``"__snapshot__"`` unless ``options.SnapshotPath`` says otherwise: a path relative to the directory ``go test``
runs the package's tests in, the package's own (``go help testflag``). DataDog/helm-charts
@79f7c74fd252 test/private-action-runner/baseline_test.go renders the chart for each case and calls
``helm.DiffAgainstSnapshot(t, &helm.Options{}, manifest, tt.snapshotName)`` (``helm.UpdateSnapshot`` when
``common.UpdateBaselines``): its 19 ``__snapshot__/*.yaml`` are golden renderings of the chart, which is what is
deployed (a PR133 and a PR134 repeated from the chart's values before), so a test assertion, as
harness_snapshots.py's script-written snapshots are.

A ``*_test.go`` file of a directory (50 a directory, 1 MiB each, regular files only) that imports
``github.com/gruntwork-io/terratest/modules/helm`` (under its own name or an alias) and calls that package's
``DiffAgainstSnapshot``, ``DiffAgainstSnapshotE``, ``UpdateSnapshot`` or ``UpdateSnapshotE`` names the
``*.yaml`` files of ``__snapshot__`` in its directory, and of each ``SnapshotPath`` its text sets to a string
literal (a relative path that stays in the directory; another form is not followed).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import TEST_ASSERTION, Ref, Test, read_text, shown, under
from pod_resources_cli.source.listing import listing

_MAX_FILES: Final = 50
_MAX_BYTES: Final = 1 << 20
_IMPORT: Final = re.compile(r'(?:^|[\s(])(?:([A-Za-z_][A-Za-z0-9_]*)\s+)?"github\.com/gruntwork-io/terratest/modules/helm"')
_SNAPSHOT_PATH: Final = re.compile(r'\bSnapshotPath\s*:\s*(?:"((?:[^"\\\n]|\\.)*)"|`([^`]*)`)')
_DEFAULT_DIRECTORY: Final = "__snapshot__"


def _calls(alias: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(alias)}\.(?:DiffAgainstSnapshot|UpdateSnapshot)E?\s*\(")


@lru_cache(maxsize=1024)
def terratest_snapshots(directory: str) -> tuple[Test, ...]:
    """The Go tests of ``directory`` that compare terratest Helm snapshots, each naming its snapshot files."""
    found = listing(directory)
    tests: list[Test] = []
    for name in sorted(n for n in found.ending("_test.go") if found.is_file(n))[:_MAX_FILES]:
        path = os.path.join(directory, name)
        text = read_text(path, _MAX_BYTES)
        if text is None or "gruntwork-io/terratest/modules/helm" not in text:
            continue
        imported = _IMPORT.search(text)
        if imported is None or imported[1] in ("_", "."):
            continue
        if not _calls(imported[1] or "helm").search(text):
            continue
        why = f"the Go test {shown(path)} compares it with the chart it renders (terratest's helm snapshot), never applied"
        folders = [_DEFAULT_DIRECTORY]
        folders += [m[1] if m[1] is not None else m[2] for m in _SNAPSHOT_PATH.finditer(text)]
        refs: dict[str, Ref] = {}
        for folder in folders:
            if not folder or os.path.isabs(folder) or "\\" in folder:
                continue
            target = os.path.normpath(os.path.join(directory, folder))
            if target == directory or not under(target, directory):
                continue
            pattern = os.path.join(target, "*.yaml")
            refs.setdefault(pattern, Ref(pattern, TEST_ASSERTION, why))
        if refs:
            tests.append(Test(path, tuple(refs.values())))
    return tuple(tests)
