"""What the API server rejects in a pod's resources, on create.

Mirrors the resource parts of pkg/apis/core/validation/validation.go
(kubernetes/kubernetes @119f0c8b3770, read at @000f26050b9b and checked
against the conformance vectors computed from mid-2026 code):
ValidateContainerResourceRequirements / validateResourceRequirements,
validateContainerResourceName, validatePodResourceName,
validateResourceName, ValidateResourceQuantityValue,
validateResourceQuantityHugePageValue, validateResourceClaimNames,
validatePodResources, validatePodResourceConsistency, validateOverhead,
the ephemeral-container field allow-list and ValidatePodCreate's refusal of
ephemeral containers; name predicates from pkg/apis/core/helper/helpers.go
and k8s.io/apimachinery/pkg/util/validation (IsQualifiedName).

One module each:
- field_errors: field.Error / field.Path, the error types, check ids and scopes;
- resource_names: which resource names are valid, for containers and pods;
- requirements: validateResourceRequirements and the quantity, hugepage and
  claim checks it runs;
- stored: the pod as stored, which is what validation sees
  (SetDefaults_ResourceList rounding);
- pod: the pod-wide checks, validate_stored_pod and validate_pod_create.

This package only re-exports their names.
"""

from pod_resources_cli.kube.validation.field_errors import (
    ALL_CHECKS,
    CHECK_CLAIMS,
    CHECK_EPHEMERAL_CREATE,
    CHECK_EPHEMERAL_RESOURCES,
    CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY,
    CHECK_HUGEPAGES_PAGE_MULTIPLE,
    CHECK_INTEGER,
    CHECK_LIMIT_REQUIRED,
    CHECK_NEGATIVE,
    CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS,
    CHECK_POD_AGGREGATE_REQUESTS,
    CHECK_POD_CLAIMS,
    CHECK_POD_CONTAINER_LIMIT,
    CHECK_POD_RESOURCE_NAME,
    CHECK_POD_WINDOWS,
    CHECK_REQUEST_EQ_LIMIT,
    CHECK_REQUEST_LE_LIMIT,
    CHECK_RESOURCE_NAME,
    DUPLICATE,
    FORBIDDEN,
    INVALID,
    NOT_FOUND,
    NOT_SUPPORTED,
    REQUIRED,
    SCOPE_CONTAINER,
    SCOPE_OVERHEAD,
    SCOPE_POD,
    STATUS_REASON_INVALID,
    FieldError,
    FieldPath,
    invalid_status_message,
)
from pod_resources_cli.kube.validation.pod import (
    validate_pod_create,
    validate_pod_resource_consistency,
    validate_pod_resources,
    validate_stored_pod,
)
from pod_resources_cli.kube.validation.requirements import (
    hugepage_value_divisible,
    validate_resource_requirements,
)
from pod_resources_cli.kube.validation.resource_names import (
    SUPPORTED_POD_LEVEL,
    NameCheck,
    container_resource_name_errors,
    is_extended_resource_name,
    is_integer_resource_name,
    is_standard_resource_name,
    pod_resource_name_errors,
    qualified_name_errors,
)
from pod_resources_cli.kube.validation.stored import (
    round_resource_lists,
    round_up_milli,
)

__all__ = [
    "ALL_CHECKS",
    "CHECK_CLAIMS",
    "CHECK_EPHEMERAL_CREATE",
    "CHECK_EPHEMERAL_RESOURCES",
    "CHECK_HUGEPAGES_NEED_CPU_OR_MEMORY",
    "CHECK_HUGEPAGES_PAGE_MULTIPLE",
    "CHECK_INTEGER",
    "CHECK_LIMIT_REQUIRED",
    "CHECK_NEGATIVE",
    "CHECK_POD_AGGREGATE_HUGEPAGE_LIMITS",
    "CHECK_POD_AGGREGATE_REQUESTS",
    "CHECK_POD_CLAIMS",
    "CHECK_POD_CONTAINER_LIMIT",
    "CHECK_POD_RESOURCE_NAME",
    "CHECK_POD_WINDOWS",
    "CHECK_REQUEST_EQ_LIMIT",
    "CHECK_REQUEST_LE_LIMIT",
    "CHECK_RESOURCE_NAME",
    "DUPLICATE",
    "FORBIDDEN",
    "INVALID",
    "NOT_FOUND",
    "NOT_SUPPORTED",
    "REQUIRED",
    "SCOPE_CONTAINER",
    "SCOPE_OVERHEAD",
    "SCOPE_POD",
    "STATUS_REASON_INVALID",
    "SUPPORTED_POD_LEVEL",
    "FieldError",
    "FieldPath",
    "NameCheck",
    "container_resource_name_errors",
    "hugepage_value_divisible",
    "invalid_status_message",
    "is_extended_resource_name",
    "is_integer_resource_name",
    "is_standard_resource_name",
    "pod_resource_name_errors",
    "qualified_name_errors",
    "round_resource_lists",
    "round_up_milli",
    "validate_pod_create",
    "validate_pod_resource_consistency",
    "validate_pod_resources",
    "validate_resource_requirements",
    "validate_stored_pod",
]
