"""The resources an operator gives a container of the pods it builds
(main_container.py applies them): from a shorthand field (``Shorthand``:
requirements, requests-limits, equal, items, limit-request), its defaults where the
container sets none (``OperatorDefaults``, and its each/merge/maps modes),
and what it drops. Each step leaves a note naming the operator's code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pod_resources_cli.location import Pointer, format_field_path
from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, Shorthand
from pod_resources_cli.model.decode.problems import Problems, as_quantity, resource_list, type_name
from pod_resources_cli.model.decode.relative import Base
from pod_resources_cli.model.pod import Container, ResourceRequirements
from pod_resources_cli.quantity import Quantity, parse_quantity
from pod_resources_cli.records import replace
from pod_resources_cli.shown import shown

_COMPUTE = ("cpu", "memory")


def written_shorthand(short: Shorthand, base: Base) -> Shorthand:
    """The shorthand at its ``fallback`` where its path is not written (absent or null)."""
    if short.fallback is not None and base.at(short.path)[0] is None:
        return replace(short, path=short.fallback, fallback=None)
    return short


def operator_resources(container: Container, main: MainContainer, base: Base, problems: Problems, notes: list[str]) -> ResourceRequirements:
    current = container.resources
    short = written_shorthand(main.shorthand, base) if main.shorthand is not None else None
    if short is not None and short.form == "items":
        item_requests, item_limits = (_items(short, base, key, problems) for key in ("requests", "limits"))
        if item_requests or item_limits:
            notes.append(f"container {container.name!r}: {format_field_path(base.at(short.path)[1])} set over its resources ({main.source})")
        chosen = _chosen(main.defaults, base)
        if chosen is not None and current.requests is None and current.limits is None:  # the operator's, under the items
            current = ResourceRequirements(
                {k: parse_quantity(v) for k, v in chosen.requests} or None, {k: parse_quantity(v) for k, v in chosen.limits} or None, current.claims
            )  # fmt: skip
            notes.append(
                f"container {container.name!r}: the operator's requests {_listed(dict(current.req))} and limits "
                f"{_listed(dict(current.lim))}, each replaced by a value written ({main.source})"
            )
        over_requests = {**(current.requests or {}), **item_requests} if item_requests or current.requests is not None else None
        over_limits = {**(current.limits or {}), **item_limits} if item_limits or current.limits is not None else None
        return ResourceRequirements(over_requests, over_limits, current.claims)
    if short is not None and short.form == "equal":
        made = _equal(short, base, problems)
        where = format_field_path(base.at(short.path)[1])
        if made.requests is None:  # nothing written and no defaults: Go's empty ResourceRequirements (TiDB's GetResourceRequirements)
            notes.append(f"container {container.name!r}: {where} sets no resources, and the operator sets none ({main.source})")
        else:
            notes.append(f"container {container.name!r}: resources from {where}, each a request and a limit ({main.source})")
        return made
    if short is not None and short.form == "limit-request":
        made = _limit_request(short, base, problems)
        where = format_field_path(base.at(short.path)[1])
        if made.requests is None:
            notes.append(f"container {container.name!r}: {where} sets neither cpu nor memory, and the operator sets none ({main.source})")
        else:
            notes.append(f"container {container.name!r}: resources from {where}, each '<limit>' or '<limit>:<request>' ({main.source})")
        return made
    if short is not None and short.form == "requirements":
        own = current.requests is not None or current.limits is not None or bool(current.claims)
        field = format_field_path(base.at(short.path)[1])
        if short.over == "unset" and own:
            notes.append(f"container {container.name!r} sets its own resources: the operator keeps them, not {field} ({main.source})")
            return current
        written = _requirements(short, base, problems)
        if written is not None or short.defaults:
            requests, limits, where = written if written is not None else (None, None, "")
            if where and short.drop and requests is None and limits is None:  # it asks only what the operator drops
                dropped = " and ".join(short.drop)
                notes.append(f"container {container.name!r}: no requests or limits from {where} (the operator drops {dropped}), and it sets none ({main.source})")
            elif where:
                notes.append(f"container {container.name!r}: resources from {where} ({main.source})")
            # requests the operator adds where the written ones lack them (Alertmanager's memory request)
            added = {k: parse_quantity(v) for k, v in short.defaults if k not in (requests or {})}
            if added:
                requests = {**(requests or {}), **added}
                notes.append(f"container {container.name!r}: the operator requests {_listed(added)} where {field} asks none ({main.source})")
            chosen = _chosen(main.defaults, base)
            if chosen is not None and chosen.maps:  # each of requests and limits the operator's where empty (Go's len(...) == 0)
                requests, limits = _maps(chosen, requests, limits, container.name, main.source, notes)
            if chosen is not None and chosen.each:
                requests, limits = _each(chosen, requests, limits, container.name, main.source, notes)
            if chosen is not None and chosen.merge:  # merged over the operator's by strategic merge (OME's BenchmarkJob)
                return _merged(chosen, ResourceRequirements(requests, limits, current.claims), container.name, main.source, notes)
            return ResourceRequirements(requests, limits, current.claims)
        if short.over == "always":  # not written: the operator's defaults, or nothing, over what the template writes
            chosen = _chosen(main.defaults, base)
            requests = {k: parse_quantity(v) for k, v in chosen.requests} if chosen is not None else {}
            limits = {k: parse_quantity(v) for k, v in chosen.limits} if chosen is not None else {}
            replaced = "; the template's are replaced" if current.requests is not None or current.limits is not None else ""
            notes.append(
                f"container {container.name!r}: {field} is not set, so the operator sets requests {_listed(requests)}, "
                f"limits {_listed(limits)}{replaced} ({main.source})"
            )
            return ResourceRequirements(requests or None, limits or None, current.claims)
    chosen = _chosen(main.defaults, base)
    if chosen is not None and chosen.merge:
        return _merged(chosen, current, container.name, main.source, notes)
    if chosen is not None and chosen.limits_from_requests:
        asked = dict(current.requests) if current.requests is not None else {k: parse_quantity(v) for k, v in chosen.requests}
        capped = dict(current.limits) if current.limits is not None else dict(asked)
        if current.requests is None:
            notes.append(f"container {container.name!r} writes no requests: the operator requests {_listed(asked)} ({main.source})")
        if current.limits is None:
            notes.append(f"container {container.name!r} writes no limits: the operator sets its requests as its limits ({main.source})")
        return ResourceRequirements(asked or None, capped or None, current.claims)
    if chosen is not None and chosen.maps and (current.requests is not None or current.limits is not None):
        own_requests = current.requests if current.requests is not None else {k: parse_quantity(v) for k, v in chosen.requests}
        own_limits = current.limits if current.limits is not None else {k: parse_quantity(v) for k, v in chosen.limits}
        kept = " and ".join(n for n, v in (("requests", current.requests), ("limits", current.limits)) if v is None)
        if kept:
            notes.append(f"container {container.name!r} writes no {kept}: the operator's are kept ({main.source})")
        return ResourceRequirements(own_requests or None, own_limits or None, current.claims)
    overrides = _requests_limits(short, base, problems) if short is not None and short.form == "requests-limits" else ({}, {})
    if current.requests is None and current.limits is None and not any(overrides):
        if chosen is None and short is not None and short.form == "requirements":
            value, at = base.at(short.path)
            # a mapping that names neither (empty_is_unset: a Kubewarden PolicyServer's spec) is not "not set"
            unset = f"{format_field_path(at)} sets neither requests nor limits" if isinstance(value, dict) else f"{format_field_path(at)} is not set"
            if main.shorthand is not None and main.shorthand.path != short.path:  # nor is the path it falls back from
                unset = f"neither {format_field_path(base.at(main.shorthand.path)[1])} nor {format_field_path(base.at(short.path)[1])} is set"
            notes.append(f"container {container.name!r}: {unset}, and the operator sets none ({main.source})")
        if chosen is not None:
            requests = {k: parse_quantity(v) for k, v in chosen.requests}
            limits = {k: parse_quantity(v) for k, v in chosen.limits}
            notes.append(
                f"container {container.name!r} sets no resources: the operator's defaults apply, "
                f"requests {_listed(requests)}, limits {_listed(limits)} ({main.source})"
            )
            current = ResourceRequirements(requests or None, limits or None, current.claims)
    if any(overrides):
        over_requests = {**(current.requests or {}), **overrides[0]} if overrides[0] or current.requests is not None else None
        over_limits = {**(current.limits or {}), **overrides[1]} if overrides[1] or current.limits is not None else None
        assert short is not None
        which = "resources" if short.every_resource else "cpu and memory"
        notes.append(f"container {container.name!r}: {which} from {format_field_path(base.at(short.path)[1])} ({main.source})")
        current = ResourceRequirements(over_requests, over_limits, current.claims)
    return current


def _without(values: dict[str, Quantity] | None, dropped: tuple[str, ...]) -> dict[str, Quantity] | None:
    """``values`` without the resources the operator deletes; None when none is left (an empty map is not sent)."""
    if values is None or not dropped:
        return values
    return {k: v for k, v in values.items() if k not in dropped} or None


def _requirements(short: Shorthand, base: Base, problems: Problems) -> tuple[dict[str, Quantity] | None, dict[str, Quantity] | None, str] | None:
    """A ``requirements`` shorthand's requests and limits, with ``merged_over``'s under them key by key, and where
    they are written (empty when they name none); None where neither is written."""
    found: list[tuple[dict[str, Any], Pointer]] = []
    for path in (short.merged_over, short.path):
        value, pointer = base.at(path) if path is not None else (None, ())
        if isinstance(value, dict) and not (short.empty_is_unset and value.get("requests") is None and value.get("limits") is None):
            found.append((value, pointer))
    if not found:
        return None
    requests: dict[str, Quantity] | None = None
    limits: dict[str, Quantity] | None = None
    for value, pointer in found:
        more_requests = resource_list(value.get("requests"), (*pointer, "requests"), problems)
        more_limits = resource_list(value.get("limits"), (*pointer, "limits"), problems)
        requests = {**(requests or {}), **more_requests} if more_requests is not None else requests
        limits = {**(limits or {}), **more_limits} if more_limits is not None else limits
    where = " over ".join(format_field_path(pointer) for value, pointer in reversed(found) if value)
    return _without(requests, short.drop), _without(limits, short.drop), where


def set_by_operator(container: Container, main: MainContainer, notes: list[str]) -> ResourceRequirements:
    """The container without the resources the operator sets over it (their values are not computed here)."""
    current = container.resources
    written = sorted({*current.req, *current.lim} & set(main.sets))

    def kept(values: Mapping[str, Quantity] | None) -> dict[str, Quantity] | None:
        return None if values is None else {k: v for k, v in values.items() if k not in main.sets}

    replaced = f"; the template's {' and '.join(written)} are replaced" if written else ""
    notes.append(f"container {container.name!r}: the operator sets its {' and '.join(main.sets)} requests and limits, not computed here{replaced} ({main.source})")
    return ResourceRequirements(kept(current.requests), kept(current.limits), current.claims)


def _merged(chosen: OperatorDefaults, current: ResourceRequirements, name: str, source: str, notes: list[str]) -> ResourceRequirements:
    """The operator's requests and limits with the container's own merged over them, key by key."""
    own_requests, own_limits = current.requests or {}, current.limits or {}
    add_requests = {k: parse_quantity(v) for k, v in chosen.requests if k not in own_requests}
    add_limits = {k: parse_quantity(v) for k, v in chosen.limits if k not in own_limits}
    if add_requests or add_limits:
        notes.append(f"container {name!r}: the operator's requests {_listed(add_requests)} and limits {_listed(add_limits)}, which it does not write ({source})")
    return ResourceRequirements({**add_requests, **own_requests} or None, {**add_limits, **own_limits} or None, current.claims)


def _maps(
    chosen: OperatorDefaults, requests: dict[str, Quantity] | None, limits: dict[str, Quantity] | None, name: str, source: str, notes: list[str]
) -> tuple[dict[str, Quantity] | None, dict[str, Quantity] | None]:
    """The operator's requests where the written ones are empty, and its limits likewise, each map apart (the
    vitess-operator's DefaultVitessGateway: ``if len(Resources.Requests) == 0``, then the same for the limits)."""
    kept = []
    if not requests and chosen.requests:
        requests = {k: parse_quantity(v) for k, v in chosen.requests}
        kept.append(f"requests {_listed(requests)}")
    if not limits and chosen.limits:
        limits = {k: parse_quantity(v) for k, v in chosen.limits}
        kept.append(f"limits {_listed(limits)}")
    if kept:
        notes.append(f"container {name!r}: the operator's {' and '.join(kept)}, where the written resources name none ({source})")
    return requests or None, limits or None


def _each(
    chosen: OperatorDefaults, requests: dict[str, Quantity] | None, limits: dict[str, Quantity] | None, name: str, source: str, notes: list[str]
) -> tuple[dict[str, Quantity] | None, dict[str, Quantity] | None]:
    """The defaults of each resource the written requests and limits both leave out (VictoriaMetrics' build.Resources)."""
    written = {*(requests or {}), *(limits or {})}
    add_requests = {k: parse_quantity(v) for k, v in chosen.requests if k not in written}
    add_limits = {k: parse_quantity(v) for k, v in chosen.limits if k not in written}
    if add_requests or add_limits:
        notes.append(f"container {name!r}: the operator's defaults fill in requests {_listed(add_requests)}, limits {_listed(add_limits)} ({source})")
    return ({**(requests or {}), **add_requests} or None), ({**(limits or {}), **add_limits} or None)


def _chosen(defaults: tuple[OperatorDefaults, ...], base: Base) -> OperatorDefaults | None:
    for entry in defaults:
        if entry.when is None:
            return entry
        value = base.at("/" + entry.when[0].lstrip("/"))[0]
        # a boolean as ``true`` or ``false`` (the Argo CD operator's ``spec.server.autoscale.enabled``)
        if (("true" if value else "false") if isinstance(value, bool) else value) == entry.when[1]:
            return entry
    return None


def _requests_limits(short: Shorthand, base: Base, problems: Problems) -> tuple[dict[str, Quantity], dict[str, Quantity]]:
    """ECK's commonv1.Resources: the cpu and memory of ``requests`` and ``limits``."""
    value, pointer = base.at(short.path)
    if not isinstance(value, dict):
        return {}, {}
    out: list[dict[str, Quantity]] = []
    for key in ("requests", "limits"):
        found = resource_list(value.get(key), (*pointer, key), problems) or {}
        out.append({k: v for k, v in found.items() if short.every_resource or k in _COMPUTE})
    return out[0], out[1]


def _equal(short: Shorthand, base: Base, problems: Problems) -> ResourceRequirements:
    """``{cpu, memory, gpu, gpuType}``, each both the request and the limit (vLLM's operator)."""
    value, pointer = base.at(short.path)
    fields = value if isinstance(value, dict) else {}
    defaults = dict(short.defaults)
    out: dict[str, Quantity] = {}
    for key, resource in (("cpu", "cpu"), ("memory", "memory"), ("gpu", None)):
        raw = fields.get(key) or defaults.get(key)
        if raw in (None, ""):
            continue
        quantity = as_quantity(raw, (*pointer, key), problems)
        if quantity is None:
            continue
        gpu_type = fields.get("gpuType")
        out[resource or (gpu_type if isinstance(gpu_type, str) and gpu_type else short.gpu_resource)] = quantity
    return ResourceRequirements(dict(out), dict(out)) if out else ResourceRequirements()


def _limit_request(short: Shorthand, base: Base, problems: Problems) -> ResourceRequirements:
    """``{cpu, memory}``, each a string ``<limit>`` (the request too) or ``<limit>:<request>``, a field left empty
    taking the shorthand's default (infinispan/infinispan-operator @16dba6cbde7e api/v1/types_util.go
    GetRequestLimits: ``strings.Split(str, ":")``, more than two parts an error); nothing written and no default:
    Go's empty ResourceRequirements (the config listener's podResources returns nil)."""
    value, pointer = base.at(short.path)
    fields = value if isinstance(value, dict) else {}
    defaults = dict(short.defaults)
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    for key in ("cpu", "memory"):
        raw = fields.get(key)
        if raw is None or raw == "":
            raw = defaults.get(key)
            if raw is None:
                continue
        at = (*pointer, key)
        if not isinstance(raw, str):
            problems.add(at, f"must be a string ('<limit>' or '<limit>:<request>'), not {type_name(raw)}")
            continue
        parts = raw.split(":")
        if len(parts) > 2:
            problems.add(at, f"unexpected resource format: expected '<limit>:<request>' or '<limit>', not {shown(raw)}")
            continue
        limit = as_quantity(parts[0], at, problems)
        request = as_quantity(parts[-1], at, problems) if len(parts) == 2 else limit
        if limit is None or request is None:
            continue
        limits[key], requests[key] = limit, request
    return ResourceRequirements(requests, limits) if requests else ResourceRequirements()


def _items(short: Shorthand, base: Base, key: str, problems: Problems) -> dict[str, Quantity]:
    """Dynamo's ResourceItem (GetResourcesConfig): ``cpu``, ``memory``, ``gpu`` as ``gpuType`` (else
    ``gpu_resource``) and each ``custom`` resource by its name; empty strings are not set."""
    value, pointer = base.at(short.path)
    item = value.get(key) if isinstance(value, dict) else None
    if not isinstance(item, dict):
        return {}
    at = (*pointer, key)
    gpu_type = item.get("gpuType")
    gpu = gpu_type if isinstance(gpu_type, str) and gpu_type else short.gpu_resource
    fields = (("cpu", "cpu"), ("memory", "memory"), (gpu, "gpu")) if key in short.gpu_in else (("cpu", "cpu"), ("memory", "memory"))
    written: list[tuple[str, Any, Pointer]] = [(r, item.get(f), (*at, f)) for r, f in fields]
    custom = item.get("custom")
    if isinstance(custom, dict):
        written.extend((str(name), raw, (*at, "custom", name)) for name, raw in custom.items())
    out: dict[str, Quantity] = {}
    for resource, raw, where in written:
        quantity = as_quantity(raw, where, problems) if raw not in (None, "") else None
        if quantity is not None:
            out[resource] = quantity
    return out


def _listed(values: dict[str, Quantity]) -> str:
    return ", ".join(f"{k} {v.canonical()}" for k, v in values.items()) or "none"
