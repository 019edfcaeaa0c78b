"""field.Error and field.Path as validation reports them, and which check produced each error.

Mirrors k8s.io/apimachinery/pkg/util/validation/field/errors.go and path.go
(the error types, how an error prints, Go's quoting of a bad value) as used
by pkg/apis/core/validation/validation.go (kubernetes/kubernetes
@119f0c8b3770); the check ids and scopes are this project's own, so that
lint rules can select the errors of one check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.records import dataclass

INVALID: Final = "Invalid"
REQUIRED: Final = "Required"
FORBIDDEN: Final = "Forbidden"
NOT_SUPPORTED: Final = "NotSupported"
NOT_FOUND: Final = "NotFound"
DUPLICATE: Final = "Duplicate"

# How field.Error prints each type (k8s.io/apimachinery/pkg/util/validation/field/errors.go).
_TYPE_TEXT: Final = {
    INVALID: "Invalid value",
    REQUIRED: "Required value",
    FORBIDDEN: "Forbidden",
    NOT_SUPPORTED: "Unsupported value",
    NOT_FOUND: "Not found",
    DUPLICATE: "Duplicate value",
}

# Which check produced an error: lint rules select errors by these.
CHECK_REQUEST_LE_LIMIT: Final = "request-le-limit"
CHECK_REQUEST_EQ_LIMIT: Final = "request-eq-limit"
CHECK_LIMIT_REQUIRED: Final = "limit-required"
CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY: Final = "hugepages-need-cpu-or-memory"
CHECK_HUGEPAGES_PAGE_MULTIPLE: Final = "hugepages-page-multiple"
CHECK_RESOURCE_NAME: Final = "resource-name"
CHECK_POD_RESOURCE_NAME: Final = "pod-resource-name"
CHECK_NEGATIVE: Final = "negative"
CHECK_INTEGER: Final = "integer"
CHECK_CLAIMS: Final = "claims"
CHECK_POD_CLAIMS: Final = "pod-claims"
CHECK_POD_AGGREGATE_REQUESTS: Final = "pod-aggregate-requests"
CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS: Final = "pod-aggregate-hugepage-limits"
CHECK_POD_CONTAINER_LIMIT: Final = "pod-container-limit"
CHECK_POD_WINDOWS: Final = "pod-windows"
CHECK_EPHEMERAL_CREATE: Final = "ephemeral-create"
CHECK_EPHEMERAL_RESOURCES: Final = "ephemeral-resources"
ALL_CHECKS: Final = frozenset(
    {
        CHECK_REQUEST_LE_LIMIT,
        CHECK_REQUEST_EQ_LIMIT,
        CHECK_LIMIT_REQUIRED,
        CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY,
        CHECK_HUGEPAGES_PAGE_MULTIPLE,
        CHECK_RESOURCE_NAME,
        CHECK_POD_RESOURCE_NAME,
        CHECK_NEGATIVE,
        CHECK_INTEGER,
        CHECK_CLAIMS,
        CHECK_POD_CLAIMS,
        CHECK_POD_AGGREGATE_REQUESTS,
        CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS,
        CHECK_POD_CONTAINER_LIMIT,
        CHECK_POD_WINDOWS,
        CHECK_EPHEMERAL_CREATE,
        CHECK_EPHEMERAL_RESOURCES,
    }
)

# Where the requirements being validated live.
SCOPE_CONTAINER: Final = "container"
SCOPE_POD: Final = "pod"
SCOPE_OVERHEAD: Final = "overhead"


@dataclass(frozen=True, slots=True)
class FieldError:
    """One field.Error: ``field``, ``type``, ``detail`` and ``bad_value`` as the
    API server reports them (``bad_value`` only when upstream's is a string).

    ``pointer`` is where the error points in the document, ``check`` and
    ``scope`` say which check produced it, ``resource`` names the resource
    when there is one, ``container`` the container's name; ``go_value`` a
    bad value that is not a string, printed raw."""

    field: str
    type: str
    detail: str
    bad_value: str | None = None
    pointer: Pointer = ()
    check: str = ""
    scope: str = SCOPE_CONTAINER
    resource: str | None = None
    container: str | None = None
    go_value: str | None = None  # a non-string bad value as Go's %#v prints it (a slice, a struct)

    def __str__(self) -> str:
        body = _TYPE_TEXT.get(self.type, self.type)
        if self.type in (INVALID, NOT_SUPPORTED, NOT_FOUND, DUPLICATE) and self.bad_value is not None:
            body += f": {_go_quote(self.bad_value)}"
        elif self.type in (INVALID, NOT_SUPPORTED, NOT_FOUND, DUPLICATE) and self.go_value is not None:
            body += f": {self.go_value}"
        return f"{self.field}: {body}: {self.detail}" if self.detail else f"{self.field}: {body}"


def _go_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@dataclass(frozen=True, slots=True)
class FieldPath:
    """field.Path: the printed path and the document pointer it stands for."""

    text: str
    pointer: Pointer

    def child(self, *parts: str) -> FieldPath:
        text = self.text
        for part in parts:
            text = f"{text}.{part}" if text else part
        return FieldPath(text, (*self.pointer, *parts))

    def index(self, i: int) -> FieldPath:
        return FieldPath(f"{self.text}[{i}]", (*self.pointer, i))

    def key(self, key: str) -> FieldPath:
        return FieldPath(f"{self.text}[{key}]", (*self.pointer, key))


@dataclass(frozen=True, slots=True)
class _Ctx:
    """What a resource list belongs to: its scope (container, pod, overhead) and container."""

    scope: str
    container: str | None


def _err(path: FieldPath, type_: str, detail: str, bad: str | None, check: str, ctx: _Ctx, resource: str | None) -> FieldError:
    return FieldError(path.text, type_, detail, bad, path.pointer, check, ctx.scope, resource, ctx.container)


# metav1.StatusReasonInvalid: the reason of the Status the API server answers a create with.
STATUS_REASON_INVALID: Final = "Invalid"


def invalid_status_message(api_version: str | None, kind: str, name: str, errors: Sequence[FieldError]) -> str:
    """The Status message of apierrors.NewInvalid
    (k8s.io/apimachinery/pkg/api/errors/errors.go, index id 4061415): ``<Kind[.group]> "<name>" is
    invalid: <errors>``, the errors as ErrorList.ToAggregate prints them
    (field/errors.go; util/errors/errors.go aggregate.Error): one error as
    itself, several as ``[e1, e2]``, repeated texts once. kubectl shows it
    after "The "."""
    group = (api_version or "").rpartition("/")[0]
    qualified = f"{kind}.{group}" if group else kind  # schema.GroupKind.String()
    texts: list[str] = []
    for e in errors:
        if str(e) not in texts:
            texts.append(str(e))
    head = f'{qualified} "{name}" is invalid'
    if not texts:
        return head
    return f"{head}: {texts[0]}" if len(texts) == 1 else f"{head}: [{', '.join(texts)}]"
