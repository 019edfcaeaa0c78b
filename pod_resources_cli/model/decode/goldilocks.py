"""Goldilocks' VerticalPodAutoscalers: the VPA its controller makes for every workload of a Namespace labelled for it.

FairwindsOps/goldilocks @3be8f9e44843 pkg/vpa/vpa.go: ``ReconcileNamespace``
manages a Namespace whose label ``goldilocks.fairwinds.com/enabled``
(``namespaceIsManaged``: the key compared lower-cased, the value read by
Go's ``strconv.ParseBool``; a value it cannot read is ``false``) is true;
without the label, the controller's ``--include-namespaces`` and
``--on-by-default`` flags decide, which no manifest of the Namespace shows
(not followed here). In a managed Namespace it makes, for each top
controller of its pods (``listControllers``: a bare Pod has none), the VPA
``goldilocks-<controller name>`` (``getVPAObject``) whose ``targetRef`` is
that controller, with

- ``updatePolicy.updateMode``: the controller's own annotation, else label,
  ``goldilocks.fairwinds.com/vpa-update-mode`` where it names one of
  ``Off``, ``Initial``, ``Recreate``, ``Auto``, ``InPlaceOrRecreate``
  (compared lower-cased: ``allowedUpdateModes``), else the Namespace's,
  else ``Off`` (``vpaUpdateModeForResource``: an annotation present wins over
  the label even when it is empty or names no mode);
- ``resourcePolicy``: the controller's annotation, else label,
  ``goldilocks.fairwinds.com/vpa-resource-policy`` where set (JSON of a
  ``PodResourcePolicy``; JSON Go cannot decode gives none), else the
  Namespace's (``vpaResourcePolicyForResource``).

``Off``, the default, only recommends; any other mode makes the VPA
admission controller set the containers' requests from the recommendation
(model/decode/autoscaler.py), so the requests written are not what runs.
The VPA built here is decoded by autoscaler.py, as one written in the
repository would be. Go's ``encoding/json`` matches field names without
regard to case, and so does the resource policy read here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from pod_resources_cli.location import Location
from pod_resources_cli.model.policy import Autoscaler
from pod_resources_cli.records import dataclass

_BASE: Final = "goldilocks.fairwinds.com"
ENABLED_LABEL: Final = f"{_BASE}/enabled"
UPDATE_MODE_KEY: Final = f"{_BASE}/vpa-update-mode"
RESOURCE_POLICY_KEY: Final = f"{_BASE}/vpa-resource-policy"
# allowedUpdateModes, in Go's order
_MODES: Final = ("Off", "Initial", "Recreate", "Auto", "InPlaceOrRecreate")
# Go's strconv.ParseBool
_TRUE: Final = frozenset(("1", "t", "T", "TRUE", "true", "True"))
_FALSE: Final = frozenset(("0", "f", "F", "FALSE", "false", "False"))
# the controllers whose pods the VPA admission controller finds from a targetRef without a scale subresource
# (kubernetes/autoscaler vertical-pod-autoscaler/pkg/target/controller_fetcher/controller_fetcher.go wellKnownControllers)
CONTROLLERS: Final = frozenset(("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "ReplicationController", "Job", "CronJob"))
_POLICY_FIELDS: Final = {"containerpolicies": "containerPolicies"}
_CONTAINER_FIELDS: Final = {
    "containername": "containerName",
    "mode": "mode",
    "controlledresources": "controlledResources",
    "controlledvalues": "controlledValues",
    "minallowed": "minAllowed",
    "maxallowed": "maxAllowed",
}


@dataclass(frozen=True, slots=True)
class ManagedNamespace:
    """A Namespace Goldilocks manages: its default update mode and resource policy (None: none)."""

    name: str
    mode: str
    policy: dict[str, Any] | None
    location: Location


def managed_namespace(obj: Any, location: Location) -> ManagedNamespace | None:
    """The Namespace object ``obj`` when its label enables Goldilocks, else None."""
    if not isinstance(obj, dict) or obj.get("kind") != "Namespace" or obj.get("apiVersion") != "v1":
        return None
    metadata = obj.get("metadata")
    if not isinstance(metadata, dict) or not isinstance(metadata.get("name"), str) or not metadata["name"]:
        return None
    labels = _strings(metadata.get("labels"))
    enabled = next((v for k, v in labels.items() if k.lower() == ENABLED_LABEL), None)
    if enabled is None or enabled not in _TRUE:
        return None  # not labelled (the controller's flags decide), or false, or a value ParseBool refuses
    mode, _ = update_mode(metadata)
    policy, _ = resource_policy(metadata)
    return ManagedNamespace(metadata["name"], mode, policy, location)


def _setting(metadata: Any, key: str) -> str | None:
    """The annotation ``key``, else the label (vpaUpdateModeForResource's order); None: neither is set."""
    if not isinstance(metadata, dict):
        return None
    for where in ("annotations", "labels"):
        values = metadata.get(where)
        if isinstance(values, dict) and key in values:
            value = values[key]
            return value if isinstance(value, str) else ""
    return None


def update_mode(metadata: Any) -> tuple[str, bool]:
    """(the update mode the object's metadata asks for, whether it names one): ``Off`` when it names none."""
    asked = _setting(metadata, UPDATE_MODE_KEY)
    if asked:
        for mode in _MODES:
            if asked.lower() == mode.lower():
                return mode, True
    return "Off", False


def resource_policy(metadata: Any) -> tuple[dict[str, Any] | None, bool]:
    """(the resource policy the object's metadata gives, whether it gives one): a value that is no
    PodResourcePolicy JSON gives none, explicitly."""
    text = _setting(metadata, RESOURCE_POLICY_KEY)
    if not text:
        return None, False
    try:
        value = json.loads(text)
    except ValueError:
        return None, True
    return _policy(value), True


def _policy(value: Any) -> dict[str, Any] | None:
    """A PodResourcePolicy as Go decodes it (field names in any case), or None where Go's decoder fails."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return None
    out: dict[str, Any] = {}
    for key, item in value.items():
        name = _POLICY_FIELDS.get(str(key).lower())
        if name is None:
            continue  # an unknown field: ignored by encoding/json
        if item is None:
            continue
        if not isinstance(item, list):
            return None
        entries: list[dict[str, Any]] = []
        for entry in item:
            if entry is None:
                entries.append({})
                continue
            if not isinstance(entry, dict):
                return None
            fields: dict[str, Any] = {}
            for k, v in entry.items():
                field_name = _CONTAINER_FIELDS.get(str(k).lower())
                if field_name is None:
                    continue
                if field_name in ("containerName", "mode", "controlledValues") and not isinstance(v, (str, type(None))):
                    return None
                if field_name == "controlledResources" and not (v is None or (isinstance(v, list) and all(isinstance(r, str) for r in v))):
                    return None
                fields[field_name] = v
            entries.append(fields)
        out[name] = entries
    return out


def goldilocks_autoscaler(namespace: ManagedNamespace, kind: str, name: str, controller: Mapping[str, Any] | None) -> Autoscaler | None:
    """The VPA Goldilocks makes for the controller ``kind``/``name`` of ``namespace`` (``controller``: its
    object) when it sets requests, else None (``Off``, or a kind the VPA does not follow)."""
    from pod_resources_cli.model.decode.autoscaler import decode_autoscalers

    if kind not in CONTROLLERS:
        return None
    metadata = controller.get("metadata") if controller is not None else None
    mode, explicit = update_mode(metadata)
    if not explicit:
        mode = namespace.mode
    policy, explicit = resource_policy(metadata)
    if not explicit:
        policy = namespace.policy
    vpa: dict[str, Any] = {
        "apiVersion": "autoscaling.k8s.io/v1",
        "kind": "VerticalPodAutoscaler",
        "metadata": {"name": f"goldilocks-{name}", "namespace": namespace.name},
        "spec": {"targetRef": {"kind": kind, "name": name}, "updatePolicy": {"updateMode": mode}},
    }
    if policy is not None:
        vpa["spec"]["resourcePolicy"] = policy
    return next(decode_autoscalers(vpa, lambda _pointer: namespace.location), None)


def _strings(value: Any) -> dict[str, str]:
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(value, dict) else {}
