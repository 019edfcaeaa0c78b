"""One table of lint's options (cli/lint_options.py) serves the typer command,
its help and the start-up fast path: these tests fail if either drifts."""

from __future__ import annotations

import inspect

import pytest
import typer.main

from pod_resources_cli.cli.app import build_app
from pod_resources_cli.cli.fast import parse_lint
from pod_resources_cli.cli.lint_options import LINT_OPTIONS, Kind, Option
from pod_resources_cli.cli.lint_run import run_command
from pod_resources_cli.render.lint_format import LintFormat


def _lint_click_command() -> object:
    group = typer.main.get_command(build_app())
    return group.commands["lint"]  # type: ignore[attr-defined]


def test_the_table_names_every_keyword_of_the_run_and_nothing_else() -> None:
    keywords = [p for p in inspect.signature(run_command).parameters if p != "paths"]
    assert sorted(keywords) == sorted(o.keyword for o in LINT_OPTIONS)


def test_the_typer_command_offers_exactly_the_table() -> None:
    command = _lint_click_command()
    offered = {name for p in command.params for name in (*p.opts, *p.secondary_opts) if name.startswith("-")}  # type: ignore[attr-defined]
    assert offered == {name for o in LINT_OPTIONS for name in o.names}
    helps = {p.name: p.help for p in command.params}  # type: ignore[attr-defined]
    assert all(helps[o.keyword] == o.help for o in LINT_OPTIONS)


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


@pytest.mark.parametrize("option", LINT_OPTIONS, ids=lambda o: o.keyword)
def test_the_fast_path_reads_every_name_of_every_option(option: Option) -> None:
    value, expected = _sample(option)
    for name in option.names:
        assert parse_lint(["pod.yaml", name, *value]) == {option.keyword: expected, "paths": ["pod.yaml"]}
        if name.startswith("--") and value:
            assert parse_lint([f"{name}={value[0]}"]) == {option.keyword: expected, "paths": None}
        elif value:  # a short option's value joined to it, as click reads "-j2" and "-ojson"
            assert parse_lint([f"{name}{value[0]}", "pod.yaml"]) == {option.keyword: expected, "paths": ["pod.yaml"]}


def test_the_fast_path_leaves_what_it_cannot_read_to_the_application() -> None:
    assert parse_lint(["--help"]) is None
    assert parse_lint(["-o=json"]) is None  # click reads the value "=json"
    assert parse_lint(["-qv"]) is None  # flags joined: click's own reading
    assert parse_lint(["-j-1"]) is None  # out of range: the application says so
    assert parse_lint(["--output", "yaml"]) is None  # not a lint format: the application says so
    assert parse_lint(["--jobs", "-1"]) is None
    assert parse_lint(["--quiet=yes"]) is None
    assert parse_lint(["-o", "sarif", "a.yaml"]) == {"output_format": LintFormat.SARIF, "paths": ["a.yaml"]}
