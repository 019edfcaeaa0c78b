"""Which resource names validation accepts, for containers and at pod level.

Mirrors validateResourceName, validateContainerResourceName and
validatePodResourceName of pkg/apis/core/validation/validation.go
(kubernetes/kubernetes @119f0c8b3770), the name predicates of
pkg/apis/core/helper/helpers.go (IsExtendedResourceName,
IsStandardResourceName, IsIntegerResourceName) and IsQualifiedName /
IsDNS1123Subdomain of k8s.io/apimachinery/pkg/util/validation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from pod_resources_cli.kube import names
from pod_resources_cli.kube.validation.field_errors import (
    CHECK_POD_RESOURCE_NAME,
    CHECK_RESOURCE_NAME,
    INVALID,
    NOT_SUPPORTED,
    SCOPE_CONTAINER,
    FieldError,
    FieldPath,
    _Ctx,
    _err,
)
from pod_resources_cli.model.decode.object_names import dns1123_subdomain_errors, regex_error

_QUALIFIED_NAME_FMT: Final = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
_QUALIFIED_NAME: Final = re.compile(_QUALIFIED_NAME_FMT)
_QUALIFIED_NAME_MSG: Final = (
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
)

_STANDARD_RESOURCES: Final = frozenset(
    {
        "cpu", "memory", "ephemeral-storage",
        "requests.cpu", "requests.memory", "requests.ephemeral-storage",
        "limits.cpu", "limits.memory", "limits.ephemeral-storage",
        "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
        "persistentvolumeclaims", "storage", "requests.storage", "services.nodeports", "services.loadbalancers",
    }
)  # fmt: skip
_INTEGER_RESOURCES: Final = frozenset(
    {
        "pods", "resourcequotas", "services", "replicationcontrollers", "secrets", "configmaps",
        "persistentvolumeclaims", "services.nodeports", "services.loadbalancers",
    }
)  # fmt: skip
_STANDARD_CONTAINER_RESOURCES: Final = frozenset({"cpu", "memory", "ephemeral-storage"})
SUPPORTED_POD_LEVEL: Final = ("cpu", "hugepages-", "memory")  # sorted, as upstream prints them


@lru_cache(maxsize=1024)
def _qualified_name_errors(value: str) -> tuple[str, ...]:
    return tuple(_qualified_name_errors_uncached(value))


def qualified_name_errors(value: str) -> list[str]:
    """validation.IsQualifiedName (resource names repeat: cached)."""
    return list(_qualified_name_errors(value))


def _qualified_name_errors_uncached(value: str) -> list[str]:
    errs: list[str] = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errs.append("prefix part must be non-empty")
        else:
            errs.extend("prefix part " + m for m in dns1123_subdomain_errors(prefix))
    else:
        return [
            "a qualified name "
            + regex_error(_QUALIFIED_NAME_MSG, _QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc")
            + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"
        ]
    if not name:
        errs.append("name part must be non-empty")
    elif len(name) > 63:
        errs.append("name part must be no more than 63 characters")
    if not _QUALIFIED_NAME.fullmatch(name):
        errs.append("name part " + regex_error(_QUALIFIED_NAME_MSG, _QUALIFIED_NAME_FMT, "MyName", "my.name", "123-abc"))
    return errs


def is_extended_resource_name(name: str) -> bool:
    """helper.IsExtendedResourceName (the quota form must be a qualified name)."""
    if names.is_native(name) or name.startswith("requests."):
        return False
    return not qualified_name_errors("requests." + name)


def is_standard_resource_name(name: str) -> bool:
    return name in _STANDARD_RESOURCES or name.startswith(("hugepages-", "requests.hugepages-"))


@lru_cache(maxsize=1024)
def is_integer_resource_name(name: str) -> bool:
    return name in _INTEGER_RESOURCES or is_extended_resource_name(name)


# -- the name checks (validation.go) ---------------------------------------------

NameCheck = Callable[[str, FieldPath, _Ctx], list[FieldError]]


def _resource_name_errors(name: str, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """validateResourceName."""
    errs = [_err(path, INVALID, m, name, CHECK_RESOURCE_NAME, ctx, name) for m in qualified_name_errors(name)]
    if errs:
        return errs
    if "/" not in name and not is_standard_resource_name(name):
        return [_err(path, INVALID, "must be a standard resource type or fully qualified", name, CHECK_RESOURCE_NAME, ctx, name)]
    return []


def container_resource_name_errors(name: str, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """validateContainerResourceName."""
    errs = _resource_name_errors(name, path, ctx)
    if len(name.split("/")) == 1:
        if not (name in _STANDARD_CONTAINER_RESOURCES or names.is_hugepages(name)):
            errs.append(_err(path, INVALID, "must be a standard resource for containers", name, CHECK_RESOURCE_NAME, ctx, name))
    elif not names.is_native(name) and not is_extended_resource_name(name):
        errs.append(_err(path, INVALID, "doesn't follow extended resource name standard", name, CHECK_RESOURCE_NAME, ctx, name))
    return errs


def pod_resource_name_errors(name: str, path: FieldPath, ctx: _Ctx) -> list[FieldError]:
    """validatePodResourceName: cpu, memory and hugepages-* only (KEP-2837)."""
    errs = _resource_name_errors(name, path, ctx)
    if errs:
        return errs
    if not names.is_supported_pod_level(name):
        detail = "supported values: " + ", ".join(f'"{v}"' for v in SUPPORTED_POD_LEVEL)
        return [_err(path, NOT_SUPPORTED, detail, name, CHECK_POD_RESOURCE_NAME, ctx, name)]
    return []


_NO_PATH = FieldPath("", ())
_NO_CTX = _Ctx(SCOPE_CONTAINER, None)


@lru_cache(maxsize=4096)
def _name_ok(check: NameCheck, name: str) -> bool:
    """Whether ``check`` accepts ``name`` (names repeat across pods: cached)."""
    return not check(name, _NO_PATH, _NO_CTX)
