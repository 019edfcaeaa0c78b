"""Lint configuration: reading, precedence, per-path overrides, and the
agreement between the code and schemas/config.schema.json."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from pod_resources_cli.cli.lint_config import find_config, load_config, resolve_config
from pod_resources_cli.errors import ConfigError, UsageError
from pod_resources_cli.lint.config import LintConfig, config_from_mapping
from pod_resources_cli.lint.globs import glob_match
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.registry import default_codes, get_rule

SCHEMA = Path(__file__).resolve().parents[1] / "pod_resources_cli" / "schemas" / "config.schema.json"

VALID: list[Any] = [
    None,
    {},
    {"select": ["PR1", "best-effort-pod"], "ignore": "PR133,PR137"},
    {"extend-select": ["PR135"], "fail-on": "warning"},
    {"fail-on": "none", "severity": {"PR201": "error", "missing-memory-limit": "info"}},
    {"options": {"PR134": {"max-ratio": 2.5, "resources": "cpu"}, "missing-cpu-request": {"include-init-containers": True}}},
    {"node": "nodes/worker.yaml", "namespace": "shop", "kubernetes-version": "1.36"},
    {"feature-gates": {"MemoryQoS": True}},
    {"feature-gates": "MemoryQoS=true,PodLevelResources=false"},
    {"per-path": [{"paths": ["charts/**"], "ignore": ["PR130", "PR131"], "severity": {"PR132": "info"}}]},
    {"per-path": [{"paths": "legacy/*.yaml"}]},
    {"baseline": ".pod-resources-baseline.json"},
    {"baseline": "ci/baseline.json"},
]
INVALID: list[Any] = [
    [],
    {"selct": ["PR1"]},
    {"select": [1]},
    {"fail-on": "fatal"},
    {"fail-on": "Error"},
    {"severity": {"PR101": "critical"}},
    {"severity": ["PR101"]},
    {"options": {"PR134": "3"}},
    {"options": {"PR134": {"max-ratio": [3]}}},
    {"node": ""},
    {"kubernetes-version": "latest"},
    {"feature-gates": {"MemoryQoS": "yes"}},
    {"per-path": {"paths": ["a"]}},
    {"per-path": [{"ignore": ["PR130"]}]},
    {"per-path": [{"paths": [], "ignore": ["PR130"]}]},
    {"per-path": [{"paths": ["a"], "select": ["PR130"]}]},
    {"baseline": ""},
    {"baseline": 3},
    {"baseline": "/etc/baseline.json"},
    {"baseline": "\\\\server\\baseline.json"},
    {"baseline": "C:baseline.json"},
    {"baseline": "../baseline.json"},
    {"baseline": "ci/../baseline.json"},
    {"baseline": "ci\\..\\baseline.json"},
]


@pytest.mark.parametrize("data", VALID, ids=range(len(VALID)))
def test_valid_configs_pass_schema_and_code(data: Any) -> None:
    assert not list(Draft202012Validator(_schema()).iter_errors(data))
    config_from_mapping(data)


@pytest.mark.parametrize("data", INVALID, ids=range(len(INVALID)))
def test_invalid_configs_fail_schema_and_code(data: Any) -> None:
    assert list(Draft202012Validator(_schema()).iter_errors(data)), "the schema should refuse it"
    with pytest.raises(ConfigError):
        config_from_mapping(data)


def _schema() -> dict[str, Any]:
    import json

    schema: dict[str, Any] = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return schema


def test_unknown_rule_is_refused_with_its_location(tmp_path: Path) -> None:
    path = tmp_path / ".pod-resources.yaml"
    path.write_text("fail-on: warning\nignore:\n  - PR133\n  - PR999\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.location is not None
    assert (info.value.location.line, info.value.location.column) == (4, 5)
    assert "PR999" in str(info.value) and str(path) in str(info.value)


def test_option_errors_name_the_rule_and_the_option(tmp_path: Path) -> None:
    path = tmp_path / ".pod-resources.yaml"
    path.write_text("options:\n  PR134:\n    max-ratio: lots\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="PR134 option 'max-ratio' must be a number") as info:
        load_config(path)
    assert info.value.location is not None and info.value.location.line == 3


def test_invalid_yaml_config_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / ".pod-resources.yaml"
    path.write_text("select: [PR1\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.location is not None


def test_selection_severity_and_options() -> None:
    cfg = config_from_mapping(
        {"select": ["PR1"], "ignore": ["PR133"], "severity": {"PR13": "error"}, "options": {"PR134": {"max-ratio": 2}}}
    )
    codes = cfg.active_codes()
    assert "PR101" in codes and "PR133" not in codes and "PR201" not in codes
    rule = get_rule("PR134")
    assert rule is not None
    assert cfg.severity_for(rule, "a.yaml") is Severity.ERROR
    assert str(cfg.rule_options(rule)["max-ratio"]) == "2"
    assert LintConfig().active_codes() == default_codes()
    assert "PR135" not in default_codes()


def test_cli_options_override_the_file() -> None:
    cfg = config_from_mapping({"select": ["PR2"], "fail-on": "warning"})
    merged = cfg.with_cli(select=["PR101"], ignore=["PR2"], fail_on="none")
    assert merged.active_codes() == frozenset({"PR101"})
    assert merged.fail_on is None
    with pytest.raises(UsageError):
        cfg.with_cli(select=["PR9999"])


def test_per_path_overrides(tmp_path: Path) -> None:
    cfg = config_from_mapping(
        {"per-path": [{"paths": ["charts/**"], "ignore": ["PR130"], "severity": {"PR132": "error"}}]},
        base_dir=str(tmp_path),
    )
    rule = get_rule("PR132")
    assert rule is not None
    assert cfg.ignored_at("PR130", "charts/web/templates/deploy.yaml")
    assert not cfg.ignored_at("PR130", "apps/web.yaml")
    assert cfg.severity_for(rule, "charts/x.yaml") is Severity.ERROR
    assert cfg.severity_for(rule, "apps/x.yaml") is Severity.WARNING
    assert cfg.ignored_at("PR130", str(tmp_path / "charts" / "a.yaml"))


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("charts/**", "charts/a/b.yaml", True),
        ("charts/*.yaml", "charts/a/b.yaml", False),
        ("**/values*.yaml", "x/y/values-prod.yaml", True),
        ("*.json", "deep/dir/file.json", True),
        ("apps/?.yaml", "apps/a.yaml", True),
        ("apps/?.yaml", "apps/ab.yaml", False),
    ],
)
def test_glob_match(pattern: str, path: str, matches: bool) -> None:
    assert glob_match(pattern, path) is matches


def test_config_is_found_upwards_and_yaml_wins_over_pyproject(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.pod-resources]\nfail-on = "info"\n', encoding="utf-8")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert find_config(deep) == str(tmp_path / "pyproject.toml")
    monkeypatch.chdir(deep)
    assert resolve_config(None).fail_on is Severity.INFO
    (tmp_path / "a" / ".pod-resources.yaml").write_text("fail-on: warning\n", encoding="utf-8")
    assert find_config(deep) == str(tmp_path / "a" / ".pod-resources.yaml")
    assert resolve_config(None).fail_on is Severity.WARNING
    assert resolve_config(None, no_config=True).fail_on is Severity.ERROR


def test_pyproject_without_the_table_is_not_a_config(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    assert find_config(tmp_path) is None


def test_pyproject_errors_name_the_key(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.pod-resources]\nfail-on = "loud"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"pyproject.toml \[tool.pod-resources\].*fail-on"):
        load_config(path)


def test_node_path_is_relative_to_the_config(tmp_path: Path) -> None:
    path = tmp_path / ".pod-resources.yaml"
    path.write_text(yaml.safe_dump({"node": "nodes/worker.yaml"}), encoding="utf-8")
    assert load_config(path).node == str(tmp_path.resolve() / "nodes" / "worker.yaml")


def test_every_problem_is_reported_at_once_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / ".pod-resources.yaml"
    path.write_text("fail-on: sometimes\nselect: [PR999]\nbogus: 1\nseverity: {PR101: loud}\nkubernetes-version: x\nnamespace: shop\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    lines = info.value.lines()
    assert [line.split(": invalid lint configuration: ")[0] for line in lines] == [
        f"{path}:1:1", f"{path}:2:10", f"{path}:3:1", f"{path}:4:12", f"{path}:5:1",
    ]  # fmt: skip
    assert lines[0].endswith("must be error, warning, info or none, not 'sometimes'")
    assert lines[2].endswith("unknown key 'bogus' (expected one of: select, extend-select, ignore, fail-on, severity, options, node, namespace, feature-gates, kubernetes-version, upgrade-to, per-path, workload-kinds, helm, policy-scope, baseline)")


def test_the_cli_prints_one_line_per_problem_and_no_library_wording(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pod_resources_cli.cli import main

    (tmp_path / "c.yaml").write_text("fail-on: sometimes\nbogus: 1\n")
    (tmp_path / "p.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: x}]\n")
    assert main(["lint", "--config", str(tmp_path / "c.yaml"), str(tmp_path / "p.yaml")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("pod-resources: error: ") for line in err)
    assert main(["explain", "-o", "bogus", str(tmp_path / "p.yaml")]) == 2
    assert main(["explain", "--max-depth", "abc", str(tmp_path / "p.yaml")]) == 2
    err = capsys.readouterr().err
    assert "'bogus' is not one of 'table', 'wide', 'json', 'yaml'" in err and "expected a whole number" in err
    assert "Value error" not in err and "Input should be" not in err
