"""NVIDIA's knavigator workflows: the objects their tasks submit (NVIDIA/knavigator @06bab3726a14).

A workflow (pkg/config/config.go Workflow, read with gopkg.in/yaml.v3) is no Kubernetes object: it is read as
one where it has no ``kind`` and no ``apiVersion``, and ``tasks`` is a list of mappings, each with an ``id`` and
a ``type`` of knavigator's task types (pkg/engine/engine.go GetTask). Its objects are the ones its tasks make:

- a ``RegisterObj`` task (pkg/engine/register_object_task.go validate) names a ``template`` file, read from
  knavigator's working directory: here the directory of the workflow or the nearest one above it, inside the
  run's root, that holds that path (a repository's workflows name ``resources/templates/...`` from its root). The
  file is split on lines ``---`` into blocks, each one Go text/template;
- a ``SubmitObj`` task (submit_object_task.go getGenericObjects) with ``refTaskId`` naming a RegisterObj task of
  the same workflow renders every block with its ``params`` (pkg/utils/utils.go ExecTemplate; a missing key
  prints ``<no value>``), after ``_NAME_`` is set to the RegisterObj's ``nameFormat`` rendered with ``_ENUM_``,
  knavigator's counter of the objects it names (utils.go GenerateNames, from 1 for the run's first), and makes
  ``count`` (default 1) such objects; one is checked here, its pod count ``count`` times the object's.

Each rendered object is checked as an object of the workflow's file, at its SubmitObj task's ``params`` (the
values are the task's; the template is in another file). A task whose template is not found, is outside the
run's root, uses what go_template.py does not render, or registered in another workflow file (knavigator runs
several in one process) is skipped as a template, with why. Nothing is executed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any, Final

from pod_resources_cli.records import dataclass, field

TASK_TYPES: Final = frozenset(
    {"RegisterObj", "Configure", "SubmitObj", "UpdateObj", "CheckObj", "DeleteObj", "UpdateNodes", "CheckPod", "CheckConfigmap",
     "Sleep", "Pause"}
)  # fmt: skip
MAX_TEMPLATE_BYTES: Final = 1024 * 1024
_DELIMITER: Final = re.compile(r"(?m)^---$")  # register_object_task.go reDelim


def is_workflow(data: Any) -> bool:
    """The document is a knavigator workflow (see the module's words)."""
    if not isinstance(data, dict) or "kind" in data or "apiVersion" in data:
        return False
    tasks = data.get("tasks")
    return (
        isinstance(tasks, list)
        and bool(tasks)
        and all(isinstance(t, dict) and isinstance(t.get("id"), str) and t.get("type") in TASK_TYPES for t in tasks)
    )


@dataclass(slots=True)
class Submitted:
    """What one SubmitObj task makes: rendered objects (``objects``, each a parsed YAML value) or why not
    (``skipped``), with the task's place (``at``: its ``params``), a label and ``count``."""

    at: tuple[str | int, ...]
    label: str
    count: int
    objects: list[Any] = field(default_factory=list)
    skipped: str | None = None


def submissions(path: str, data: dict[str, Any]) -> Iterator[Submitted]:
    """Each SubmitObj task of the workflow in ``path``, rendered (see the module's words)."""
    from pod_resources_cli.source.go_template import TemplateError, parse, render

    tasks: list[dict[str, Any]] = data["tasks"]
    registered = {t["id"]: t for t in tasks if t.get("type") == "RegisterObj"}
    counter = 0  # utils.go objID: one run of the workflow, its names from 1
    budget = [0, 0]  # one for the file: many tasks cannot multiply the bound
    files: dict[str, tuple[str, str] | None] = {}  # each template read once a file
    trees: dict[str, list[Any] | TemplateError] = {}  # and parsed once
    for i, task in enumerate(tasks):
        if task.get("type") != "SubmitObj":
            continue
        params = task.get("params") if isinstance(task.get("params"), dict) else {}
        assert isinstance(params, dict)
        raw_count = params.get("count")
        count = raw_count if isinstance(raw_count, int) and not isinstance(raw_count, bool) and raw_count > 0 else 1
        at: tuple[str | int, ...] = ("tasks", i, "params") if "params" in task else ("tasks", i)
        out = Submitted(at, f"tasks[{i}] {task['id']}", count)
        values = params.get("params")
        values = dict(values) if isinstance(values, dict) else {}
        ref = params.get("refTaskId")
        register = registered.get(ref) if isinstance(ref, str) else None
        reg_params = register.get("params") if register is not None and isinstance(register.get("params"), dict) else None
        if not isinstance(ref, str):
            out.skipped = "the SubmitObj task names no refTaskId: knavigator refuses it (submit_object_task.go validate: must specify refTaskId)"
            yield out
            continue
        if reg_params is None:
            out.skipped = f"knavigator renders the template the RegisterObj task {ref!r} names, not in this workflow (another of the run)"
            yield out
            continue
        template = reg_params.get("template")
        if isinstance(template, str) and template and template not in files:
            files[template] = _template_file(path, template)
        found = files.get(template) if isinstance(template, str) else None
        if found is None:
            out.skipped = f"knavigator renders {template!r} with the task's params: not found in the repository"
            yield out
            continue
        name_format = reg_params.get("nameFormat")
        try:
            if isinstance(name_format, str) and name_format:
                counter += 1
                values["_ENUM_"] = counter
                values["_NAME_"] = render(parse(name_format), values, budget)
                counter += count - 1
            if found[0] not in trees:
                try:
                    trees[found[0]] = [parse(block) for block in _DELIMITER.split(found[1])]
                except TemplateError as e:
                    trees[found[0]] = e
            parsed = trees[found[0]]
            if isinstance(parsed, TemplateError):
                raise parsed
            rendered = [render(tree, values, budget) for tree in parsed]
        except TemplateError as e:
            out.skipped = f"knavigator renders {template} with the task's params; not rendered here: {e}"
            yield out
            continue
        out.objects = _parsed(found[0], rendered)
        if not out.objects:
            out.skipped = f"knavigator's rendering of {template} with the task's params is not read here as YAML objects"
        yield out


def _parsed(path: str, blocks: list[str]) -> list[Any]:
    from pod_resources_cli.source.yamldoc import Document, load_documents

    objects: list[Any] = []
    for block in blocks:
        docs = list(load_documents(path, block.encode("utf-8")))
        if any(not isinstance(d, Document) for d in docs):
            return []
        objects.extend(d.data for d in docs if isinstance(d, Document) and d.data is not None)
    return objects


def _template_file(workflow: str, template: str) -> tuple[str, str] | None:
    """(path, text) of the template knavigator reads, from the workflow's directory or the nearest above it that
    holds it, inside the run's root; None when it is nowhere there, or may not be read."""
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.project import run_root

    if os.path.isabs(template):
        return None
    directory = os.path.dirname(os.path.abspath(workflow))
    root, boundary = run_root(directory)
    top = root if root is not None else os.path.realpath(directory)
    current = directory
    while True:
        candidate = os.path.normpath(os.path.join(current, template))
        real = os.path.realpath(candidate)
        if (real == top or real.startswith(top.rstrip(os.sep) + os.sep)) and os.path.isfile(candidate):
            if boundary.roots and boundary.refusal(candidate) is not None:
                return None
            source = read_source(candidate, MAX_TEMPLATE_BYTES)
            if source.data is None or len(source.data) > MAX_TEMPLATE_BYTES:
                return None
            try:
                return candidate, source.data.decode("utf-8")
            except UnicodeDecodeError:
                return None
        if os.path.realpath(current) == top:
            return None
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
