"""One table of explain's options (cli/explain_options.py) serves the typer
command, its help and the start-up fast path: these tests fail if either drifts."""

from __future__ import annotations

import inspect

import pytest
import typer.main

from pod_resources_cli.cli.app import build_app
from pod_resources_cli.cli.explain_options import EXPLAIN_OPTIONS
from pod_resources_cli.cli.explain_run import run_command
from pod_resources_cli.cli.fast import parse_explain
from pod_resources_cli.cli.option_table import Kind, Option
from pod_resources_cli.render import ExplainFormat


def test_the_table_names_every_keyword_of_the_run_and_nothing_else() -> None:
    keywords = [p for p in inspect.signature(run_command).parameters if p != "paths"]
    assert keywords == [o.keyword for o in EXPLAIN_OPTIONS]  # the same order: --help lists them so


def test_the_typer_command_offers_exactly_the_table() -> None:
    command = typer.main.get_command(build_app()).commands["explain"]  # type: ignore[attr-defined]
    offered = {name for p in command.params for name in (*p.opts, *p.secondary_opts) if name.startswith("-")}
    assert offered == {name for o in EXPLAIN_OPTIONS for name in o.names}
    helps = {p.name: p.help for p in command.params}
    assert all(helps[o.keyword] == o.help for o in EXPLAIN_OPTIONS)
    defaults = {p.name: p.default for p in command.params}
    assert all(defaults[o.keyword] == o.default for o in EXPLAIN_OPTIONS if o.kind is not Kind.MANY)


def _sample(option: Option) -> tuple[list[str], object]:
    if option.kind is Kind.FLAG:
        return [], True
    if option.kind is Kind.NUMBER:
        return ["3"], 3
    if option.kind is Kind.CHOICE:
        assert option.choices is not None
        member = list(option.choices)[-1]
        return [member.value], member
    if option.kind is Kind.MANY:
        return ["x"], ["x"]
    return ["x"], "x"


@pytest.mark.parametrize("option", EXPLAIN_OPTIONS, ids=lambda o: o.keyword)
def test_the_fast_path_reads_every_name_of_every_option(option: Option) -> None:
    value, expected = _sample(option)
    for name in option.names:
        assert parse_explain(["pod.yaml", name, *value]) == {option.keyword: expected, "paths": ["pod.yaml"]}
        if name.startswith("--") and value:
            assert parse_explain([f"{name}={value[0]}"]) == {option.keyword: expected, "paths": None}
        elif value:  # a short option's value joined to it, as click reads "-j2" and "-ojson"
            assert parse_explain([f"{name}{value[0]}", "pod.yaml"]) == {option.keyword: expected, "paths": ["pod.yaml"]}


def test_the_fast_path_leaves_what_it_cannot_read_to_the_application() -> None:
    assert parse_explain(["--help"]) is None
    assert parse_explain(["-o=json"]) is None  # click reads the value "=json"
    assert parse_explain(["--output", "svg"]) is None  # admit's format, not explain's: the application says so
    assert parse_explain(["--jobs", "-1"]) is None
    assert parse_explain(["-vj", "2"]) is None  # short options run together: click's to read
    assert parse_explain(["-o", "json", "pod/web", "-n", "prod"]) == {
        "output": ExplainFormat.JSON, "namespace": "prod", "paths": ["pod/web"],
    }  # fmt: skip
