"""OpenShift Templates (template.openshift.io/v1 Template, and the older ``apiVersion: v1`` one): the objects of
``objects[*]`` are what ``oc process`` / ``oc new-app`` (and the console, or OpenShift AI's dashboard for the
ServingRuntime templates of opendatahub-io/odh-model-controller config/runtimes) create when the template is
processed; the Template object itself runs nothing. Processing (openshift/library-go
pkg/template/templateprocessing/template.go Process, vendored by openshift/openshift-apiserver @56aa2d96edd7):

- each parameter keeps its ``value``; one without a value is generated (``generate: expression``), or is
  required (processing fails unless the user gives it), or is the empty string (GenerateParameterValues);
- every string of each object, map keys too (object.go visitObjectStrings), has each ``${NAME}`` of a parameter
  replaced by its value (``\\$\\{([a-zA-Z0-9\\_]+?)\\}``; a name that is no parameter stays as it is: a shell
  script's ``${MODEL_NAME}``), and a string that is wholly ``${{NAME}}`` becomes the value read as JSON (a number,
  a boolean) where it is JSON, else the string (EvaluateParameterSubstitution, visitUnsettableValues);
- an object's ``metadata.namespace`` is removed unless it holds a ``${...}`` (stripNamespace): the objects go
  to the namespace the template is processed in.

So each object is read here as that object, with the parameters' values substituted and named on its pods. A
parameter without a value (generated, required or empty) is left as ``${NAME}``: the value is the user's (or
random) at processing time, and a field that holds one is a template to fill in, as any placeholder.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kinds import group_of

GROUPS: Final = frozenset({"template.openshift.io", ""})  # "": the ``apiVersion: v1`` Template of OpenShift 3
_PROCESS: Final = "openshift/library-go pkg/template/templateprocessing/template.go Process"
_STRING: Final = re.compile(r"\$\{([a-zA-Z0-9_]+?)\}")
_NON_STRING: Final = re.compile(r"\A\$\{\{([a-zA-Z0-9_]+)\}\}\Z")


def is_template(obj: dict[str, Any]) -> bool:
    return obj.get("kind") == "Template" and group_of(obj.get("apiVersion")) in GROUPS and isinstance(obj.get("objects"), list)


def processed(obj: dict[str, Any], pointer: Pointer, default_namespace: str | None) -> list[tuple[Any, Pointer, str | None, str]]:
    """Each object processing creates: (the object, where it is written, its namespace, a note naming the template)."""
    values = _values(obj.get("parameters"))
    name = _dict(obj.get("metadata")).get("name")
    name = name if isinstance(name, str) and name else "<unnamed>"
    inner: list[tuple[Any, Pointer, str | None, str]] = []
    for i, item in enumerate(obj["objects"]):
        used: set[str] = set()
        made = _substituted(item, values, used) if isinstance(item, dict) else item
        namespace = default_namespace
        if isinstance(made, dict):
            metadata = _dict(item.get("metadata"))
            written = metadata.get("namespace")
            if isinstance(written, str) and _STRING.search(written):  # a parameterised namespace stays, substituted
                namespace = _dict(made.get("metadata")).get("namespace") or default_namespace
            if "namespace" in _dict(made.get("metadata")):  # stripNamespace: the object's own namespace goes
                made = {**made, "metadata": {k: v for k, v in made["metadata"].items() if k != "namespace"}}
        with_values = f", with the values of its parameters {', '.join(sorted(used))}" if used else ""
        note = f"created when the OpenShift Template {name} is processed (oc process, oc new-app: {_PROCESS}){with_values}"
        inner.append((made, (*pointer, "objects", i), namespace, note))
    return inner


def _values(parameters: Any) -> dict[str, str]:
    """The parameters that have a value of their own (GenerateParameterValues keeps it)."""
    out: dict[str, str] = {}
    for parameter in parameters if isinstance(parameters, list) else ():
        parameter = _dict(parameter)
        name, value = parameter.get("name"), parameter.get("value")
        if isinstance(name, str) and isinstance(value, str) and value:
            out[name] = value
    return out


def _substituted(value: Any, values: dict[str, str], used: set[str]) -> Any:
    if isinstance(value, dict):
        return {_substituted(k, values, used) if isinstance(k, str) else k: _substituted(v, values, used) for k, v in value.items()}
    if isinstance(value, list):
        return [_substituted(v, values, used) for v in value]
    if not isinstance(value, str) or "${" not in value:
        return value
    whole = _NON_STRING.match(value)
    if whole is not None and whole[1] in values:
        used.add(whole[1])
        return _json(values[whole[1]])

    def one(match: re.Match[str]) -> str:
        if match[1] not in values:
            return match[0]
        used.add(match[1])
        return values[match[1]]

    return _STRING.sub(one, value)


def _json(text: str) -> Any:
    """The value as Go's json.Unmarshal reads it (a number as the YAML reader would read the same text: an int, or
    a float as Go's float64), or the text where it is no JSON (NaN and Infinity are none)."""

    def constant(name: str) -> Any:
        raise ValueError(name)

    try:
        return json.loads(text, parse_constant=constant)
    except (ValueError, RecursionError):
        return text


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}
