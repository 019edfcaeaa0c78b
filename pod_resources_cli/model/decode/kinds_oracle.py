"""Oracle Database Operator: SingleInstanceDatabase (database.oracle.com v4, v1alpha1;
oracle/oracle-database-operator @e24228685e5f apis/database/v4/singleinstancedatabase_types.go). The
reconciler creates the database's Pods itself, no Deployment or StatefulSet
(controllers/database/singleinstancedatabase_controller.go createPods: ``spec.replicas`` of them, an int with
no default in the types, the CRD or the webhook, apis/database/v1alpha1/singleinstancedatabase_webhook.go
Default: unset makes none), each from instantiatePodSpec:

- one container named after the object, whose requests and limits are ``spec.resources.requests`` and
  ``.limits`` ``cpu`` and ``memory`` where written (``resource.MustParse``), nothing else, no default;
- init containers, none with resources: ``init-permissions`` where ``spec.persistence.size`` is written and
  ``persistence.setWritePermissions`` is true, ``init-prebuiltdb`` with ``spec.image.prebuiltDB``, and
  ``init-wallet`` for an edition other than ``express`` and ``free`` (unset included) without
  ``image.prebuiltDB``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.location import value_at
from pod_resources_cli.model.decode.kind_types import Containers, PodPath, WorkloadKind
from pod_resources_cli.model.decode.kinds_oracle_observer import ORACLE_OBSERVER_KINDS

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer

_REPO: Final = "oracle/oracle-database-operator"



def _sidb_resources(spec: Any) -> dict[str, Any]:
    """instantiatePodSpec's Resources: each of ``cpu`` and ``memory`` of ``requests`` and ``limits`` that is a
    non-empty string (a Go string: null or absent is ""), as written (resource.MustParse)."""
    out: dict[str, Any] = {}
    for group in ("requests", "limits"):
        written = value_at(spec, ("resources", group))
        if not isinstance(written, dict):
            continue
        found = {key: written[key] for key in ("cpu", "memory") if written.get(key) not in (None, "")}
        if found:
            out[group] = found
    return out


def _sidb_assemble(obj: dict[str, Any], spec: Any, pointer: Pointer) -> tuple[Containers, Containers]:
    name = value_at(obj, ("metadata", "name"))
    resources = _sidb_resources(spec)
    main = {"name": name if isinstance(name, str) else "", "resources": resources}
    at = (*pointer, "resources") if resources else pointer
    prebuilt = value_at(spec, ("image", "prebuiltDB")) is True
    inits: list[tuple[Any, Pointer]] = []
    if value_at(spec, ("persistence", "size")) not in (None, "") and value_at(spec, ("persistence", "setWritePermissions")) is True:
        inits.append(({"name": "init-permissions"}, (*pointer, "persistence")))
    if prebuilt:
        inits.append(({"name": "init-prebuiltdb"}, (*pointer, "image")))
    if value_at(spec, ("edition",)) not in ("express", "free") and not prebuilt:
        inits.append(({"name": "init-wallet"}, pointer))
    return ((main, at),), tuple(inits)


def _sidb_pods() -> tuple[PodPath, ...]:
    return (PodPath("spec", "containers", count=("/spec.replicas=0",), label="database", assemble=_sidb_assemble),)


ORACLE_KINDS: Final = (
    WorkloadKind(
        "database.oracle.com", "SingleInstanceDatabase", _sidb_pods(),
        f"{_REPO} apis/database/v4/singleinstancedatabase_types.go, controllers/database/singleinstancedatabase_controller.go "
        "createPods, instantiatePodSpec",
    ),
    *ORACLE_OBSERVER_KINDS,
)  # fmt: skip
