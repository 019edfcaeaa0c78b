"""The Priority admission plugin, and the PriorityClasses it reads.

Mirrors (kubernetes/kubernetes):

- plugin/pkg/admission/priority/admission.go, the Kubernetes 1.36 copy (the
  one that also admits Workloads behind WorkloadAwarePreemption; its pod
  path reads as it has since NonPreemptingPriority went GA): admitPod on
  create (no class name: the globalDefault class, the lowest value when
  there are several, or priority 0 and PreemptLowerPriority without one; a
  name no PriorityClass has is Forbidden; a ``spec.priority`` or
  ``spec.preemptionPolicy`` that differs from what the class gives is
  Forbidden) and validatePriorityClass (a second globalDefault class is
  Forbidden). Its test table (admission_test.go @78fc8e44052f) is ported
  in tests/test_priority.py.
- pkg/apis/scheduling/types.go @81810de635aa (HighestUserDefinablePriority,
  SystemCriticalPriority, the "system-" prefix) and
  pkg/apis/scheduling/v1/helpers.go @aed80471ab6f (SystemPriorityClasses:
  system-node-critical 2000001000 and system-cluster-critical 2000000000,
  which the API server creates at bootstrap; IsKnownSystemPriorityClass).
- pkg/apis/scheduling/validation/validation.go, the 1.37 development copy
  (ValidatePriorityClass, ValidatePriorityClassUpdate), with
  ValidatePreemptionPolicy of pkg/apis/core/validation, and
  SetDefaults_PriorityClass (preemptionPolicy defaults to
  PreemptLowerPriority) of pkg/apis/scheduling/v1/defaults.go.

PriorityClasses are applied in input order, as ``kubectl apply`` would: a
later object of an existing name (a built-in one included) is an update.
No gate is read: every version this tool models behaves alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from pod_resources_cli.kube.provenance import Why, because
from pod_resources_cli.kube.validation.field_errors import (
    FORBIDDEN,
    INVALID,
    NOT_SUPPORTED,
    REQUIRED,
    SCOPE_POD,
    FieldError,
    FieldPath,
    _Ctx,
    _err,
    invalid_status_message,
)
from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.object_names import dns1123_subdomain_errors
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.records import dataclass, replace

if TYPE_CHECKING:  # model.policy is loaded only when the input holds a policy object
    from pod_resources_cli.model.policy import PriorityClass

HIGHEST_USER_DEFINABLE_PRIORITY: Final = 1_000_000_000
SYSTEM_CRITICAL_PRIORITY: Final = 2 * HIGHEST_USER_DEFINABLE_PRIORITY
SYSTEM_PRIORITY_CLASS_PREFIX: Final = "system-"
SYSTEM_CLUSTER_CRITICAL: Final = SYSTEM_PRIORITY_CLASS_PREFIX + "cluster-critical"
SYSTEM_NODE_CRITICAL: Final = SYSTEM_PRIORITY_CLASS_PREFIX + "node-critical"
DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS: Final = 0
PREEMPT_LOWER_PRIORITY: Final = "PreemptLowerPriority"
PREEMPT_NEVER: Final = "Never"
_REF: Final = "plugin/pkg/admission/priority/admission.go admitPod"
API_VERSION: Final = "scheduling.k8s.io/v1"
RESOURCE: Final = "priorityclasses.scheduling.k8s.io"

# SystemPriorityClasses: name -> value (not globalDefault, PreemptLowerPriority once defaulted).
SYSTEM_PRIORITY_CLASSES: Final = {
    SYSTEM_NODE_CRITICAL: SYSTEM_CRITICAL_PRIORITY + 1000,
    SYSTEM_CLUSTER_CRITICAL: SYSTEM_CRITICAL_PRIORITY,
}

_CHECK: Final = "priority-class"
_CTX: Final = _Ctx(SCOPE_POD, None)


def system_classes() -> dict[str, PriorityClass]:
    """The classes every cluster has, as stored: a fresh mapping, name -> class."""
    from pod_resources_cli.model.policy import PriorityClass

    return {name: PriorityClass(name, value, False, PREEMPT_LOWER_PRIORITY) for name, value in SYSTEM_PRIORITY_CLASSES.items()}


# -- PriorityClass objects ------------------------------------------------------------


def stored_priority_class(pc: PriorityClass) -> PriorityClass:
    """SetDefaults_PriorityClass: an unset preemptionPolicy is PreemptLowerPriority."""
    return pc if pc.preemption_policy is not None else replace(pc, preemption_policy=PREEMPT_LOWER_PRIORITY)


def known_system_class_error(name: str, value: int, global_default: bool) -> str | None:
    """IsKnownSystemPriorityClass: None when ``name`` is a system class with its value and globalDefault."""
    if name not in SYSTEM_PRIORITY_CLASSES:
        return f"{name} is not a known system priority class"
    if SYSTEM_PRIORITY_CLASSES[name] != value:
        return f"value of {name} PriorityClass must be {SYSTEM_PRIORITY_CLASSES[name]}"
    if global_default:  # no system class is the default
        return f"globalDefault of {name} PriorityClass must be false"
    return None


def validate_priority_class(pc: PriorityClass) -> list[FieldError]:
    """ValidatePriorityClass (the name part of ValidateObjectMeta included)."""
    root = FieldPath("", pc.pointer)
    name_path = root.child("metadata", "name")
    errs: list[FieldError] = []
    if not pc.name:
        errs.append(_err(name_path, REQUIRED, "name or generateName is required", None, _CHECK, _CTX, None))
    for msg in dns1123_subdomain_errors(pc.name) if pc.name else ():
        errs.append(_err(name_path, INVALID, msg, pc.name, _CHECK, _CTX, None))
    if pc.name.startswith(SYSTEM_PRIORITY_CLASS_PREFIX):
        why = known_system_class_error(pc.name, pc.value, pc.global_default)
        if why is not None:
            detail = f"priority class names with '{SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are reserved for system use only. error: {why}"
            errs.append(_err(name_path, FORBIDDEN, detail, None, _CHECK, _CTX, None))
    elif pc.value > HIGHEST_USER_DEFINABLE_PRIORITY:
        detail = f"maximum allowed value of a user defined priority is {HIGHEST_USER_DEFINABLE_PRIORITY}"
        errs.append(_err(root.child("value"), FORBIDDEN, detail, None, _CHECK, _CTX, None))
    if pc.preemption_policy is not None:
        errs.extend(_preemption_policy_errors(pc.preemption_policy, root.child("preemptionPolicy")))
    return errs


def _preemption_policy_errors(policy: str, path: FieldPath) -> list[FieldError]:
    """ValidatePreemptionPolicy (pkg/apis/core/validation/validation.go)."""
    if policy in (PREEMPT_LOWER_PRIORITY, PREEMPT_NEVER):
        return []
    if not policy:
        return [_err(path, REQUIRED, "", None, _CHECK, _CTX, None)]
    detail = f'supported values: "{PREEMPT_LOWER_PRIORITY}", "{PREEMPT_NEVER}"'
    return [_err(path, NOT_SUPPORTED, detail, policy, _CHECK, _CTX, None)]


def validate_priority_class_update(new: PriorityClass, old: PriorityClass) -> list[FieldError]:
    """ValidatePriorityClassUpdate: value and preemptionPolicy are immutable."""
    root = FieldPath("", new.pointer)
    errs: list[FieldError] = []
    if new.value != old.value:
        errs.append(_err(root.child("value"), FORBIDDEN, "may not be changed in an update.", None, _CHECK, _CTX, None))
    if new.preemption_policy != old.preemption_policy:
        bad = new.preemption_policy
        errs.append(_err(root.child("preemptionPolicy"), INVALID, "field is immutable", bad, _CHECK, _CTX, None))
    return errs


def default_priority_class(classes: Mapping[str, PriorityClass]) -> PriorityClass | None:
    """getDefaultPriorityClass: of several globalDefault classes, the lowest value."""
    found: PriorityClass | None = None
    for pc in classes.values():
        if pc.global_default and (found is None or found.value > pc.value):
            found = pc
    return found


@dataclass(frozen=True, slots=True)
class ClassRefusal:
    """Why the API server refuses a PriorityClass: its whole answer, and the field it is about."""

    message: str
    pointer: Pointer
    field: str | None


def apply_priority_class(classes: dict[str, PriorityClass], pc: PriorityClass) -> ClassRefusal | None:
    """``kubectl apply`` of one PriorityClass: created, or an update of the
    class of that name; ``classes`` (name -> stored class) changes only if
    the API server accepts it."""
    stored = stored_priority_class(pc)
    old = classes.get(pc.name) if pc.name else None
    errors = validate_priority_class_update(stored, old) if old is not None else validate_priority_class(stored)
    if errors:
        message = invalid_status_message(pc.api_version or API_VERSION, "PriorityClass", pc.name, errors)
        return ClassRefusal(message, errors[0].pointer, errors[0].field)
    if stored.global_default:  # validatePriorityClass of the plugin (create, or an update of another class)
        current = default_priority_class(classes)
        if current is not None and current.name != pc.name:
            reason = f"PriorityClass {current.name} is already marked as default. Only one default can exist"
            return ClassRefusal(f'{RESOURCE} "{pc.name}" is forbidden: {reason}', (*pc.pointer, "globalDefault"), "globalDefault")
    classes[pc.name] = stored
    return None


# -- pods ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PriorityAdmission:
    """admitPod on create: the pod with ``spec.priority``, ``priorityClassName``
    and ``preemptionPolicy`` as the plugin sets them, or the reason it is
    Forbidden (``pod`` is then unchanged) and the field that reason is about."""

    pod: Pod
    refusal: str | None = None
    pointer: Pointer = ()
    source: Why | None = None  # where the priority came from, for reports
    # the refusal is that the class named is none of the classes known (the cluster may hold it)
    unknown_class: bool = False

    @property
    def refused(self) -> bool:
        return self.refusal is not None


def _lookup(name: str, classes: Mapping[str, PriorityClass] | None) -> tuple[int, str | None] | None:
    """The value and preemption policy of the class ``name`` (lister.Get)."""
    if classes is None:
        value = SYSTEM_PRIORITY_CLASSES.get(name)
        return None if value is None else (value, PREEMPT_LOWER_PRIORITY)
    found = classes.get(name)
    return None if found is None else (found.value, found.preemption_policy)


def admit_pod_priority(pod: Pod, classes: Mapping[str, PriorityClass] | None = None) -> PriorityAdmission:
    """The Priority plugin's answer for ``pod``; ``classes`` are the stored
    PriorityClasses by name (None: only the built-in system classes)."""
    name = pod.priority_class_name or ""
    class_name: str | None
    policy: str | None
    if not name:
        default = default_priority_class(classes) if classes is not None else None
        if default is None:
            class_name, priority, policy = None, DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS, PREEMPT_LOWER_PRIORITY
            source = because("priority.no-class", ref=_REF)
        else:
            class_name, priority, policy = default.name, default.value, default.preemption_policy
            source = because("priority.global-default", ref=_REF, priority_class=default.name)
    else:
        found = _lookup(name, classes)
        if found is None:
            return PriorityAdmission(pod, f"no PriorityClass with name {name} was found", pod.spec_pointer("priorityClassName"), unknown_class=True)
        class_name, (priority, policy) = name, found
        source = because("priority.class", ref=_REF, priority_class=name)
    if pod.priority is not None and pod.priority != priority:
        reason = (
            f"the integer value of priority ({pod.priority}) must not be provided in pod spec; "
            f"priority admission controller computed {priority} from the given PriorityClass name"
        )
        return PriorityAdmission(pod, reason, pod.spec_pointer("priority"))
    if policy is not None and pod.preemption_policy is not None and pod.preemption_policy != policy:
        reason = (
            f"the string value of PreemptionPolicy ({pod.preemption_policy}) must not be provided in pod spec; "
            f"priority admission controller computed {policy} from the given PriorityClass name"
        )
        return PriorityAdmission(pod, reason, pod.spec_pointer("preemptionPolicy"))
    admitted = replace(
        pod,
        priority=priority,
        priority_class_name=class_name,
        preemption_policy=policy if policy is not None else pod.preemption_policy,
    )
    return PriorityAdmission(admitted, source=source)
