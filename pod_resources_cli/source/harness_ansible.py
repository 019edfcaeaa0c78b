"""Manifests an Ansible playbook rewrites before it applies them: templates.

Ansible's ``replace`` module (``ansible.builtin.replace``) rewrites every
match of ``regexp`` in the file at ``path`` (alias ``dest``) in place. An
e2e suite's playbook uses it to fill a manifest's placeholders before
``kubectl apply``: openebs/dynamic-localpv-provisioner @2f165df9e37c
``e2e-tests/apps/busybox/deployers/test.yml`` replaces ``teststorage`` in
``{{ application_statefulset }}`` and ``{{ application_deployment }}``
(``test_vars.yml`` beside it: ``busybox_statefulset.yml``,
``busybox_deployment.yml``), and the tasks it includes replace
``lkey: lvalue`` with the application's label and ``rkey: rvalue`` with
``replicas: N`` (``e2e-tests/utils/scm/openebs/fetch_replica_values.yml``):
``rkey`` gave a false "unknown field" error. The file as written is never
what is applied, so it is skipped as an unrendered template.

Read: the ``.yml`` and ``.yaml`` files of the manifest's own directory that
hold a ``replace`` task, never through a link, 64 KiB each (a playbook is short; the plan asks
for every manifest of a tree), 50 a directory, none where the manifest has no sibling.
A task's ``path`` is the file's name relative to that directory (or a path
whose last component is that name), or one ``{{ variable }}`` that a
``variable: file.yml`` line of a file of that directory names.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

from pod_resources_cli.source.harness_files import read_text, shown

TEMPLATE: Final = "template"  # the skip reason (model.decode.workloads.TEMPLATE)
_MANIFESTS: Final = (".yaml", ".yml")
_MAX_BYTES: Final = 64 << 10
_MAX_FILES: Final = 50
# a task's module key on its own line: ``replace:`` or ``ansible.builtin.replace:`` (``- replace:`` too)
_TASK: Final = re.compile(r"^(?P<indent>[ \t]*(?:-[ \t]+)?)(?:ansible\.builtin\.)?replace:[ \t]*$")
# the value whole, its trailing blanks dropped after (``(?P<value>.*?)[ \t]*$`` tried the blanks after each of its
# characters: quadratic in a line of spaces)
_ARGUMENT: Final = re.compile(r"^[ \t]*(?P<key>path|dest|regexp):[ \t]*(?P<value>.*)$")
_VARIABLE: Final = re.compile(r"^\{\{\s*(\w+)\s*\}\}$")
_VARIABLE_FILE: Final = re.compile(r"^[ \t]*(\w+):[ \t]*[\"']?([^\s\"'{}]+\.ya?ml)[\"']?[ \t]*$", re.M)


def ansible_template(full: str) -> tuple[str, str] | None:
    """(TEMPLATE, why) for a manifest a playbook beside it rewrites with Ansible's ``replace`` module."""
    directory, _, name = full.rpartition(os.sep)
    if not name.endswith(_MANIFESTS):
        return None
    return _rewritten(directory or os.sep).get(name)


def _unquoted(value: str) -> str:
    value = value.split(" #", 1)[0].strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _argument(line: str) -> tuple[str, str] | None:
    """(key, value) of a ``path:``, ``dest:`` or ``regexp:`` line (of str.splitlines)."""
    match = _ARGUMENT.match(line)
    return None if match is None else (match["key"], match["value"].rstrip(" \t"))


def _tasks(text: str) -> list[tuple[str, str]]:
    """(path, regexp) of each ``replace`` task of a playbook's text: the arguments indented under the module key."""
    lines = text.splitlines()
    found: list[tuple[str, str]] = []
    for index, line in enumerate(lines):
        match = _TASK.match(line)
        if match is None:
            continue
        depth = len(match["indent"])
        arguments: dict[str, str] = {}
        for following in lines[index + 1 : index + 20]:
            if following.strip() and len(following) - len(following.lstrip(" \t-")) <= depth:
                break
            argument = _argument(following)
            if argument is not None:
                arguments.setdefault(argument[0], _unquoted(argument[1]))
        path = arguments.get("path") or arguments.get("dest")
        if path:
            found.append((path, arguments.get("regexp", "")))
    return found


@lru_cache(maxsize=1024)
def _rewritten(directory: str) -> dict[str, tuple[str, str]]:
    """The manifests of ``directory`` its own playbooks rewrite with ``replace`` tasks, by file name."""
    try:
        entries = [e for e in os.scandir(directory) if e.name.endswith(_MANIFESTS) and e.is_file(follow_symlinks=False)]
    except OSError:
        return {}
    if len(entries) < 2:
        return {}  # no playbook beside the manifest
    texts = [(e.path, read_text(e.path, _MAX_BYTES)) for e in sorted(entries, key=lambda e: e.name)[:_MAX_FILES]]
    tasks = [(path, task) for path, text in texts if text is not None and "replace:" in text for task in _tasks(text)]
    if not tasks:
        return {}
    variables: dict[str, str] = {}
    for _, text in texts:
        for variable, value in _VARIABLE_FILE.findall(text or ""):
            variables.setdefault(variable, value)
    found: dict[str, tuple[str, str]] = {}
    for playbook, (path, regexp) in tasks:
        variable = _VARIABLE.match(path)
        value = variables.get(variable[1], "") if variable else path
        name = value.rpartition("/")[2]
        if not name.endswith(_MANIFESTS) or name in found or "{" in value:
            continue
        if not value.startswith("/") and "/" in value and os.path.normpath(os.path.join(directory, value)) != os.path.join(directory, name):
            continue  # a relative path to another directory's file
        why = f"{shown(playbook)} rewrites it with Ansible's replace module (regexp {regexp!r}) before it is applied: a template"
        found[name] = (TEMPLATE, why)
    return found
