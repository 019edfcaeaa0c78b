"""Helpers shared by rule modules (not a rule)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Final

from pod_resources_cli.kube import validation as v
from pod_resources_cli.kube.names import is_hugepages, is_supported_pod_level
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.rule import Hit
from pod_resources_cli.model.pod import Container, ContainerType
from pod_resources_cli.quantity import Quantity


def validation_rule(e: v.FieldError) -> str:
    """The one rule that reports a validation error."""
    check = e.check
    if check == v.CHECK_REQUEST_LE_LIMIT:
        return "PR105" if e.scope == v.SCOPE_POD else "PR101"
    if check in (v.CHECK_POD_RESOURCE_NAME, v.CHECK_POD_CLAIMS):
        return "PR102"
    if check in (v.CHECK_REQUEST_EQ_LIMIT, v.CHECK_LIMIT_REQUIRED):
        if e.scope == v.SCOPE_POD and e.resource is not None and not is_supported_pod_level(e.resource):
            return "PR102"
        return "PR108" if e.resource is not None and is_hugepages(e.resource) else "PR109"
    return {
        v.CHECK_POD_AGGREGATE_REQUESTS: "PR103",
        v.CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS: "PR103",
        v.CHECK_POD_CONTAINER_LIMIT: "PR104",
        v.CHECK_POD_WINDOWS: "PR106",
        v.CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY: "PR107",
        v.CHECK_HUGEPAGES_PAGE_MULTIPLE: "PR108",
        v.CHECK_INTEGER: "PR109",
        v.CHECK_RESOURCE_NAME: "PR110",
        v.CHECK_NEGATIVE: "PR111",
        v.CHECK_EPHEMERAL_CREATE: "PR112",
        v.CHECK_EPHEMERAL_RESOURCES: "PR112",
        v.CHECK_CLAIMS: "PR113",
    }[check]


def validation_hits(ctx: RuleContext, code: str) -> Iterator[Hit]:
    """The API server's errors that belong to rule ``code``, as findings."""
    for e in ctx.validation_errors:
        if validation_rule(e) == code:
            body = str(e)[len(e.field) + 2 :]
            yield Hit(f"rejected by the API server: {body}", e.pointer, e.field, e.container)


def q(value: Quantity) -> str:
    return value.canonical()


_BINARY: Final = ((1 << 40, "Ti"), (1 << 30, "Gi"), (1 << 20, "Mi"))


def q_bytes(value: Quantity) -> str:
    """``q``, and where that is a bare count of bytes (``2G - 1.5Gi`` is
    ``389576704``: Go's canonical form of a sum of mixed suffixes), the
    nearest tenth of the largest binary unit it reaches, for a reader."""
    text = value.canonical()
    if not text.isdigit():
        return text
    count = int(text)
    for size, suffix in _BINARY:
        if count >= size:
            tenths = (count * 10 + size // 2) // size
            return f"{text} (about {tenths // 10}.{tenths % 10}{suffix})"
    return text


def qsum(values: Iterable[Quantity]) -> Quantity:
    """A sum printed like its first term (``256Mi + 64Mi`` is ``320Mi``, not a byte count)."""
    total: Quantity | None = None
    for value in values:
        total = value if total is None else total + value
    return total if total is not None else Quantity(0)


def ratio_text(value: Decimal) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text


def running_containers(ctx: RuleContext, include_init: bool = False) -> list[Container]:
    """Regular containers and sidecars (the ones running with the app); init containers on request."""
    out = [c for c in ctx.pod.init_containers if include_init or c.type is ContainerType.SIDECAR]
    out.extend(ctx.pod.containers)
    return out


def label(c: Container) -> str:
    kind = {"init": "init container", "sidecar": "sidecar", "regular": "container"}[c.type.value]
    return f"{kind} {c.name!r}"


def pod_level(ctx: RuleContext, kind: str, name: str) -> Quantity | None:
    r = ctx.pod.resources
    if r is None:
        return None
    return (r.req if kind == "requests" else r.lim).get(name)


def wants_exclusive_cpus(c: Container) -> bool:
    """An integer cpu request equal to the limit: what the static CPU manager pins."""
    req, lim = c.resources.req.get("cpu"), c.resources.lim.get("cpu")
    return req is not None and lim is not None and req.nanos > 0 and req == lim and req.nanos % 10**9 == 0
