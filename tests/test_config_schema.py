"""schemas/config.schema.json matches the reader (lint/config.py): every key
the reader accepts is in the schema and nothing else is; each rule's options
are there with their types; every configuration example of the README and
the docs validates against both."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from pod_resources_cli.errors import ConfigError
from pod_resources_cli.lint.config import HELM_KEYS, KEYS, PER_PATH_KEYS, WORKLOAD_KIND_KEYS, config_from_mapping
from pod_resources_cli.lint.registry import all_rules
from pod_resources_cli.lint.rule import OptionKind
from pod_resources_cli.lint.scope import POLICY_SCOPES

ROOT = Path(__file__).resolve().parents[1]
SCHEMA: dict[str, Any] = json.loads((ROOT / "schemas" / "config.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)
TYPES = {OptionKind.BOOLEAN: {"boolean"}, OptionKind.DECIMAL: {"number", "string"}, OptionKind.INTEGER: {"integer"}, OptionKind.STRING: {"string"}}


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    """A schema node with its local ``$ref`` followed."""
    while "$ref" in node:
        target: Any = SCHEMA
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def test_the_schemas_top_level_keys_are_the_readers() -> None:
    assert set(SCHEMA["properties"]) == set(KEYS)
    assert SCHEMA["additionalProperties"] is False


@pytest.mark.parametrize(
    ("key", "keys"), [("per-path", PER_PATH_KEYS), ("workload-kinds", WORKLOAD_KIND_KEYS)], ids=["per-path", "workload-kinds"]
)
def test_the_schemas_list_entries_have_the_readers_keys(key: str, keys: tuple[str, ...]) -> None:
    items = resolve(SCHEMA["properties"][key])["items"]
    assert set(items["properties"]) == set(keys) and items["additionalProperties"] is False


def test_the_schemas_helm_keys_are_the_readers() -> None:
    helm = SCHEMA["properties"]["helm"]
    assert set(helm["properties"]) == set(HELM_KEYS) and helm["additionalProperties"] is False


def test_policy_scope_takes_the_readers_values() -> None:
    assert SCHEMA["properties"]["policy-scope"]["enum"] == list(POLICY_SCOPES)


@pytest.mark.parametrize("rule", [r for r in all_rules() if r.options], ids=lambda r: r.code)
def test_each_rules_options_are_in_the_schema_with_their_types(rule: Any) -> None:
    options = SCHEMA["properties"]["options"]["properties"]
    for key in (rule.code, rule.name):
        node = resolve(options[key])
        assert node["additionalProperties"] is False
        assert set(node["properties"]) == {o.name for o in rule.options}
        for option in rule.options:
            written = node["properties"][option.name]["type"]
            assert set(written if isinstance(written, list) else [written]) == TYPES[option.kind], option.name
    assert {k for k in options if k.startswith("PR")} == {r.code for r in all_rules() if r.options}


# -- the examples ----------------------------------------------------------------------------

_YAML_BLOCK = re.compile(r"```ya?ml\n(.*?)```", re.S)


def config_examples() -> list[tuple[str, int, Any]]:
    """Every YAML block of the README and docs/ that is a configuration: a
    mapping whose top-level keys include one the reader knows (a workflow,
    a pre-commit file or a manifest has none of them at its top)."""
    found: list[tuple[str, int, Any]] = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for match in _YAML_BLOCK.finditer(text):
            try:
                data = yaml.safe_load(match.group(1))
            except yaml.YAMLError:
                continue
            if isinstance(data, dict) and "kind" not in data and set(data) & set(KEYS):
                found.append((str(path.relative_to(ROOT)), text.count("\n", 0, match.start()) + 1, data))
    return found


EXAMPLES = config_examples()


def test_the_lint_page_has_its_configuration_example() -> None:
    page = [data for where, _, data in EXAMPLES if where == "docs/lint.md"]
    assert page and any({"workload-kinds", "helm"} <= set(data) for data in page)


@pytest.mark.parametrize(("where", "line", "data"), EXAMPLES, ids=[f"{w}:{n}" for w, n, _ in EXAMPLES])
def test_every_configuration_example_validates(where: str, line: int, data: Any) -> None:
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(data)]
    assert not errors, errors
    config_from_mapping(data, base_dir=str(ROOT))  # and the reader takes it


# -- both refuse the same mistakes -------------------------------------------------------------

MISTAKES: list[Any] = [
    {"policy-scope": "cluster"},
    {"helm": {"value": ["a.yaml"]}},
    {"helm": {"values": [""]}},
    {"helm": ["a.yaml"]},
    {"workload-kinds": [{"kind": "Trainer", "templates": ["spec.template"]}]},  # no group nor apiVersion
    {"workload-kinds": [{"group": "example.com", "kind": "Trainer", "templates": []}]},
    {"workload-kinds": [{"group": "example.com", "kind": "Trainer", "templates": ["spec.template"], "count": ["x"]}]},
    {"workload-kinds": {"group": "example.com"}},
    {"options": {"PR134": {"max-ration": 3}}},
    {"options": {"limit-request-ratio-high": {"max-ratio": True}}},
    {"options": {"PR130": {"include-init-containers": "yes"}}},
]


@pytest.mark.parametrize("data", MISTAKES, ids=range(len(MISTAKES)))
def test_the_schema_and_the_reader_refuse_the_same_mistakes(data: Any) -> None:
    assert list(VALIDATOR.iter_errors(data)), "the schema should refuse it"
    with pytest.raises(ConfigError):
        config_from_mapping(data)
