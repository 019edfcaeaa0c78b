"""Helpers for lint tests: lint a text or an object as the CLI would."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pod_resources_cli.features import LATEST, FeatureGates, KubernetesVersion, normalize_gates
from pod_resources_cli.lint.config import LintConfig
from pod_resources_cli.lint.finding import Finding
from pod_resources_cli.lint.result import LintResult
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.run.lint import lint_sources
from pod_resources_cli.source.discover import SourceFile


def gates(values: Mapping[str, object] | None = None, version: str | None = None) -> FeatureGates:
    return FeatureGates(KubernetesVersion.parse(version) if version else LATEST, normalize_gates(values or {}), "the test")


def lint_text(
    text: str,
    *,
    path: str = "manifest.yaml",
    config: LintConfig | None = None,
    feature_gates: Mapping[str, object] | None = None,
    node: NodeDescription | None = None,
    namespace: str | None = None,
    extra: list[tuple[str, str]] | None = None,
) -> LintResult:
    """Lint ``text`` (and ``extra`` (path, text) files after it), at the
    config's ``kubernetes-version`` and, with its ``upgrade-to``, against that version."""
    files = [SourceFile(path, text.encode("utf-8"))]
    files += [SourceFile(p, t.encode("utf-8")) for p, t in extra or []]
    cfg = config or LintConfig()
    run_gates = gates(feature_gates, cfg.kubernetes_version)
    upgrade = None
    if cfg.upgrade_to is not None:
        from pod_resources_cli.analysis.diff import Side, setting_changes
        from pod_resources_cli.lint.context import Upgrade
        from pod_resources_cli.source.node_file import load_default_node

        on = node if node is not None else load_default_node()
        before, after = Side(run_gates, on), Side(gates(feature_gates, cfg.upgrade_to), on)
        upgrade = Upgrade(before, after, node is not None, setting_changes(before, after))
    return lint_sources(files, cfg, run_gates, node=node, namespace=namespace, upgrade=upgrade)


def lint_object(obj: dict[str, Any], *, gates: Mapping[str, object] | None = None) -> list[Finding]:
    return lint_text(json.dumps(obj, indent=1), path="case.json", feature_gates=gates).findings


def codes(result: LintResult) -> list[str]:
    return [f.rule for f in result.findings]


def lint_report(capsys: Any, *args: str) -> dict[str, Any]:
    """``lint --no-config -o json ARGS`` through the CLI, as parsed JSON; no traceback on stderr."""
    from pod_resources_cli.cli import main

    main(["lint", "--no-config", "-o", "json", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    report: dict[str, Any] = json.loads(out)
    return report


def copied_project(source: Path, target: Path) -> Path:
    """A copy of the project at ``source`` as a repository of its own at ``target`` (a ``.git`` directory at its
    root: a harness's scripts run from there)."""
    import shutil

    shutil.copytree(source, target)
    (target / ".git").mkdir()
    return target
