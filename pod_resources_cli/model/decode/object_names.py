"""The names the API server accepts for objects and containers.

Mirrors IsDNS1123Label and IsDNS1123Subdomain of
k8s.io/apimachinery/pkg/util/validation (kubernetes/kubernetes @119f0c8b3770),
with RegexError's wording, as pkg/apis/core/validation/validation.go
applies them: a container's name is a label (validateContainerCommon:
ValidateDNS1123Label), a Pod's and a built-in workload's name a subdomain
(ValidatePodName, ValidateObjectMeta with NameIsDNSSubdomain).
"""

from __future__ import annotations

import re
from typing import Final

DNS1123_LABEL_FMT: Final = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
DNS1123_SUBDOMAIN_FMT: Final = DNS1123_LABEL_FMT + "(\\." + DNS1123_LABEL_FMT + ")*"
_LABEL: Final = re.compile(DNS1123_LABEL_FMT)
_SUBDOMAIN: Final = re.compile(DNS1123_SUBDOMAIN_FMT)
_LABEL_MSG: Final = (
    "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
    "and must start and end with an alphanumeric character"
)
_SUBDOMAIN_MSG: Final = (
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
    "and must start and end with an alphanumeric character"
)


def regex_error(msg: str, fmt: str, *examples: str) -> str:
    """validation.RegexError, spacing included."""
    if not examples:
        return f"{msg} (regex used for validation is '{fmt}')"
    listed = " or ".join(f"'{e}', " for e in examples)
    return f"{msg} (e.g. {listed}regex used for validation is '{fmt}')"


def dns1123_label_errors(value: str) -> list[str]:
    """IsDNS1123Label."""
    errs: list[str] = []
    if len(value) > 63:
        errs.append("must be no more than 63 characters")
    if not _LABEL.fullmatch(value):
        errs.append(regex_error(_LABEL_MSG, DNS1123_LABEL_FMT, "my-name", "123-abc"))
    return errs


def dns1123_subdomain_errors(value: str) -> list[str]:
    """IsDNS1123Subdomain."""
    errs: list[str] = []
    if len(value) > 253:
        errs.append("must be no more than 253 characters")
    if not _SUBDOMAIN.fullmatch(value):
        errs.append(regex_error(_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, "example.com"))
    return errs
