"""What the API server rejects in a LimitRange.

Mirrors ValidateLimitRange, validateLimitRangeTypeName and
validateLimitRangeResourceName of pkg/apis/core/validation/validation.go
(Kubernetes 1.36 tree, the 2026 copy): run on the LimitRange as stored,
after SetDefaults_LimitRangeItem and the milli round-up (kube.limitranger
``stored_limit_range``), so a ``max`` below an explicit ``default`` is
reported against the defaulted item exactly as the API server words it.
A LimitRange with any error is never created: its defaults and limits do
not apply to anything.

The max/min ratio check is done in float64 upstream; it is mirrored with
Python floats (IEEE 754 doubles, like Go's) on purpose, and printed with
six decimals like Go's ``%f``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pod_resources_cli.kube.names import is_overcommit_allowed
from pod_resources_cli.kube.validation.field_errors import (
    DUPLICATE,
    FORBIDDEN,
    INVALID,
    REQUIRED,
    SCOPE_POD,
    FieldError,
    FieldPath,
    _Ctx,
    _err,
)
from pod_resources_cli.kube.validation.resource_names import (
    _resource_name_errors,
    container_resource_name_errors,
    qualified_name_errors,
)
from pod_resources_cli.model.policy import LIMIT_TYPE_CONTAINER, LIMIT_TYPE_POD, LimitRange
from pod_resources_cli.quantity import Quantity

LIMIT_TYPE_PVC: Final = "PersistentVolumeClaim"
_STANDARD_LIMIT_TYPES: Final = frozenset({LIMIT_TYPE_POD, LIMIT_TYPE_CONTAINER, LIMIT_TYPE_PVC})
_CHECK: Final = "limit-range"
_CTX: Final = _Ctx(SCOPE_POD, None)
_ONE: Final = Quantity.from_int(1)
_MAX_MILLI_VALUE: Final = (2**63 - 1) // 1000  # resource.MaxMilliValue


def _invalid(path: FieldPath, bad: str | None, detail: str) -> FieldError:
    return _err(path, INVALID, detail, bad, _CHECK, _CTX, None)


def _type_errors(value: str, path: FieldPath) -> list[FieldError]:
    """validateLimitRangeTypeName."""
    errs = [_invalid(path, value, m) for m in qualified_name_errors(value)]
    if not errs and "/" not in value and value not in _STANDARD_LIMIT_TYPES:
        errs.append(_invalid(path, value, "must be a standard limit type or fully qualified"))
    return errs


def _name_errors(limit_type: str, name: str, path: FieldPath) -> list[FieldError]:
    """validateLimitRangeResourceName (LocalStorageCapacityIsolation is GA: always on)."""
    if limit_type in (LIMIT_TYPE_POD, LIMIT_TYPE_CONTAINER):
        return container_resource_name_errors(name, path, _CTX)
    return _resource_name_errors(name, path, _CTX)


def _go_float(value: float) -> str:
    return f"{value:.6f}" if value != float("inf") else "+Inf"


def _ratio_above_max_over_min(ratio: Quantity, lo: Quantity, hi: Quantity) -> float | None:
    """The float64 max/min check; the max/min value when ``ratio`` exceeds it."""
    ratio_value, lo_value, hi_value = float(ratio.value()), lo.value(), hi.value()
    if ratio.value() < _MAX_MILLI_VALUE and lo_value < _MAX_MILLI_VALUE and hi_value < _MAX_MILLI_VALUE:
        ratio_value = float(ratio.milli_value()) / 1000
        lo_value, hi_value = lo.milli_value(), hi.milli_value()
    limit = float(hi_value) / float(lo_value) if lo_value else (float("inf") if hi_value > 0 else float("nan"))
    return limit if ratio_value > limit else None


def _pair_errors(name: str, path: FieldPath, values: Mapping[str, Mapping[str, Quantity]]) -> list[FieldError]:
    """The cross-field checks of one resource name within one item."""
    lo, hi = values["min"].get(name), values["max"].get(name)
    default, default_request = values["default"].get(name), values["defaultRequest"].get(name)
    ratio = values["maxLimitRequestRatio"].get(name)
    errs: list[FieldError] = []

    def invalid(field: str, detail: str) -> None:
        # The bad value is a Quantity struct, which Go prints raw (%#v): left out.
        errs.append(_invalid(path.child(field).key(name), None, detail))

    if lo is not None and hi is not None and lo > hi:
        invalid("min", f"min value {lo} is greater than max value {hi}")
    if default_request is not None and lo is not None and lo > default_request:
        invalid("defaultRequest", f"min value {lo} is greater than default request value {default_request}")
    if default_request is not None and hi is not None and default_request > hi:
        invalid("defaultRequest", f"default request value {default_request} is greater than max value {hi}")
    if default_request is not None and default is not None and default_request > default:
        invalid("defaultRequest", f"default request value {default_request} is greater than default limit value {default}")
    if default is not None and lo is not None and lo > default:
        invalid("default", f"min value {lo} is greater than default value {default}")
    if default is not None and hi is not None and default > hi:
        invalid("default", f"default value {default} is greater than max value {hi}")
    if ratio is not None and ratio < _ONE:
        invalid("maxLimitRequestRatio", f"ratio {ratio} is less than 1")
    if ratio is not None and lo is not None and hi is not None:
        limit = _ratio_above_max_over_min(ratio, lo, hi)
        if limit is not None:
            invalid("maxLimitRequestRatio", f"ratio {ratio} is greater than max/min = {_go_float(limit)}")
    if not is_overcommit_allowed(name) and default is not None and default_request is not None and default != default_request:
        invalid("defaultRequest", f"default value {default} must equal to defaultRequest value {default_request} in {name}")
    return errs


def validate_limit_range(lr: LimitRange) -> list[FieldError]:
    """ValidateLimitRange's spec part, on a stored (defaulted, rounded) LimitRange."""
    errs: list[FieldError] = []
    seen_types: set[str] = set()
    for i, item in enumerate(lr.items):
        path = FieldPath(f"spec.limits[{i}]", item.pointer)
        errs += _type_errors(item.type, path.child("type"))
        if item.type in seen_types:
            errs.append(_err(path.child("type"), DUPLICATE, "", item.type, _CHECK, _CTX, None))
        seen_types.add(item.type)
        values: dict[str, Mapping[str, Quantity]] = {
            "max": item.max, "min": item.min, "default": {}, "defaultRequest": {}, "maxLimitRequestRatio": item.max_limit_request_ratio,
        }  # fmt: skip
        keys: set[str] = set()
        for field in ("max", "min"):
            for name in values[field]:
                errs += _name_errors(item.type, name, path.child(field).key(name))
                keys.add(name)
        if item.type == LIMIT_TYPE_POD:
            for field, given in (("default", item.default), ("defaultRequest", item.default_request)):
                if given:
                    errs.append(_err(path.child(field), FORBIDDEN, "may not be specified when `type` is 'Pod'", None, _CHECK, _CTX, None))
        else:
            values["default"], values["defaultRequest"] = item.default, item.default_request
            for field in ("default", "defaultRequest"):
                for name in values[field]:
                    errs += _name_errors(item.type, name, path.child(field).key(name))
                    keys.add(name)
        if item.type == LIMIT_TYPE_PVC and "storage" not in item.min and "storage" not in item.max:
            detail = "either minimum or maximum storage value is required, but neither was provided"
            errs.append(_err(path.child("limits"), REQUIRED, detail, None, _CHECK, _CTX, None))
        for name in item.max_limit_request_ratio:
            errs += _name_errors(item.type, name, path.child("maxLimitRequestRatio").key(name))
            keys.add(name)
        for name in sorted(keys):
            errs += _pair_errors(name, path, values)
    return errs
