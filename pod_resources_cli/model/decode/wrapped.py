"""Objects that embed whole objects a controller creates: which of them are applied, read as the objects they are.

Open Cluster Management's governance policies (policy.open-cluster-management.io; describes.py counts the group's
kinds as describing other objects, and they are, but for what an enforced policy creates):

- a Policy's ``spec.policy-templates[*].objectDefinition`` are the policies the framework add-on creates on each
  managed cluster its placement picks; a Policy with ``spec.disabled: true`` is put on no cluster
  (open-cluster-management-io/governance-policy-propagator: no placement decisions for a disabled policy), and the
  Policy's ``spec.remediationAction``, where written, replaces each template's
  (open-cluster-management-io/governance-policy-framework-addon @322d55c6ab16
  controllers/templatesync/template_sync.go overrideRemediationAction);
- a ConfigurationPolicy's ``spec.object-templates[*]`` each name an object (``objectDefinition``) and a
  ``complianceType``. The config-policy-controller (open-cluster-management-io/config-policy-controller
  @ecf24b4086f3 controllers/configurationpolicy_controller.go) creates the object, as written, where it is
  missing only when the policy enforces (``remediationAction`` Enforce, any case: api/v1 IsEnforce) a
  ``musthave`` or ``mustonlyhave`` template (enforceByCreating) of a named object (an unnamed template is
  turned to inform: handleObjects); ``inform`` and ``informOnly`` only report, ``mustnothave`` deletes.
  ``object-templates-raw`` is template text, rendered on the cluster: not read.

So an enforced, named musthave or mustonlyhave object is read here as that object, with the policy named on its
pods; a policy that creates nothing stays an object describing others. Where the object is already there, a
``musthave`` template is merged into it (the other fields stay the live object's): the pods are those the policy
creates.

Crossplane's provider-kubernetes Object (kubernetes.crossplane.io, and the namespaced kubernetes.m.crossplane.io;
crossplane-contrib/provider-kubernetes @350ef9acf911 apis/cluster/object/v1alpha2/types.go ObjectParameters:
``spec.forProvider.manifest``, "the kubernetes object to be created"): the provider creates the manifest as
written (internal/controller/cluster/object/object.go Create, parseManifest: named after the Object where it
names nothing) unless the Object's management policies leave out creation (crossplane-runtime:
``spec.managementPolicies`` without ``*`` or ``Create``, default ``["*"]``; v1alpha1's ``spec.managementPolicy``
``Observe`` or ``ObserveDelete``: types.go IsActionAllowed), and an Object that only observes is counted as
describing the object it reads. ``spec.references[*].patchesFrom`` copy other objects' fields into the manifest
before it is applied: where one writes below the manifest's ``spec``, the pods are as written.

OpenShift's Template (template.openshift.io): the objects processing it creates, its parameters' values
substituted (openshift_template.py).

Fleet's Bundle (fleet.cattle.io, rancher/fleet @3b2c622ce176; model/decode/fleet_bundle.py): the files of
``spec.resources`` its agent applies as written (raw YAML, not a Helm chart or a kustomization), each object read
as itself in the Bundle's ``namespace`` (or, where it names none, its ``defaultNamespace``); as written where
overlays or a target's options may change them. A Bundle whose files are a chart or a kustomization is not
searched (rendered on each cluster).

KubeFlex's PostCreateHook (tenancy.kflex.kubestellar.org, kubestellar/kubeflex @948bf5f04009
api/v1alpha1/postcreatehook_types.go: ``spec.templates``, whole objects, and ``defaultVars``): for each
ControlPlane that names the hook, the controller renders each template as Go text/template with the hook's,
the ControlPlane's and its own variables (pkg/util/unstructured.go RenderYAML: ``{{.Namespace}}``,
``{{.ControlPlaneName}}``...) and applies it, a namespaced object in the ControlPlane's namespace
``<name>-system`` (pkg/reconcilers/shared/postcreate_hook.go applyPostCreateHook); nothing else is changed, so each
template is read as the object it is (a value that holds a variable is filled in: placeholders.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode import fleet_bundle
from pod_resources_cli.model.decode.kinds import group_of
from pod_resources_cli.records import dataclass

OCM_GROUP: Final = "policy.open-cluster-management.io"
CROSSPLANE_GROUPS: Final = frozenset({"kubernetes.crossplane.io", "kubernetes.m.crossplane.io"})
KINDS: Final = frozenset({"Policy", "ConfigurationPolicy", "Object", "Bundle", "PostCreateHook"})
KFLEX_GROUP: Final = "tenancy.kflex.kubestellar.org"
_HOOK_NAME: Final = re.compile(r"\{\{\s*\.HookName\s*\}\}")
_KFLEX: Final = "kubestellar/kubeflex pkg/reconcilers/shared/postcreate_hook.go applyPostCreateHook"
_CREATING: Final = frozenset({"musthave", "mustonlyhave"})
_CONFIG_POLICY: Final = "open-cluster-management-io/config-policy-controller enforceByCreating"
_OBJECT: Final = "crossplane-contrib/provider-kubernetes internal/controller/cluster/object/object.go Create"


@dataclass(frozen=True, slots=True)
class Inner:
    """An embedded object its controller creates: where it is, its namespace where it names none, and a note."""

    obj: dict[str, Any]
    pointer: Pointer
    namespace: str | None
    note: str
    as_written: str | None = None


@dataclass(frozen=True, slots=True)
class Opened:
    """What a wrapper creates; ``why_none`` says why nothing, when ``inner`` is empty."""

    inner: tuple[Inner, ...]
    why_none: str
    not_searched: bool = False  # what it creates is rendered from its text by a tool (a Fleet Bundle's chart): not read


def is_wrapper(obj: dict[str, Any]) -> bool:
    kind, group = obj.get("kind"), group_of(obj.get("apiVersion"))
    if kind == "Template":  # OpenShift's: the objects processing it creates (openshift_template.py)
        from pod_resources_cli.model.decode.openshift_template import is_template

        return is_template(obj)
    if kind in ("Policy", "ConfigurationPolicy"):
        return group == OCM_GROUP
    if kind == "Bundle":
        return group == fleet_bundle.GROUP
    if kind == "PostCreateHook":
        return group == KFLEX_GROUP
    return kind == "Object" and group in CROSSPLANE_GROUPS


def opened(obj: dict[str, Any], pointer: Pointer, default_namespace: str | None) -> Opened:
    if obj.get("kind") == "Template":
        from pod_resources_cli.model.decode import openshift_template

        made = openshift_template.processed(obj, pointer, default_namespace)
        return Opened(tuple(Inner(o, at, namespace, note) for o, at, namespace, note in made), "no manifest")
    if obj.get("kind") == "Bundle":
        return _fleet_bundle(obj, pointer, default_namespace)
    if obj.get("kind") == "PostCreateHook":
        return _post_create_hook(obj, pointer)
    if obj.get("kind") == "Object":
        return _crossplane_object(obj, pointer, default_namespace)
    if obj.get("kind") == "Policy":
        return _policy(obj, pointer, default_namespace)
    spec = _dict(obj.get("spec"))
    inner = tuple(_configuration_policy(obj, pointer, _word(spec.get("remediationAction")), _name(obj), default_namespace))
    return Opened(inner, _why_none(_word(spec.get("remediationAction"))))


def _policy(obj: dict[str, Any], pointer: Pointer, default_namespace: str | None) -> Opened:
    spec = _dict(obj.get("spec"))
    if spec.get("disabled") is True:
        return Opened((), "a disabled Policy: put on no managed cluster (governance-policy-propagator)")
    override = _word(spec.get("remediationAction"))
    inner: list[Inner] = []
    templates = spec.get("policy-templates")
    for i, template in enumerate(templates if isinstance(templates, list) else ()):
        definition = _dict(_dict(template).get("objectDefinition"))
        if definition.get("kind") != "ConfigurationPolicy" or group_of(definition.get("apiVersion")) != OCM_GROUP:
            continue
        action = override or _word(_dict(definition.get("spec")).get("remediationAction"))
        at = (*pointer, "spec", "policy-templates", i, "objectDefinition")
        inner.extend(_configuration_policy(definition, at, action, f"{_name(obj)}/{_name(definition)}", default_namespace))
    return Opened(tuple(inner), _why_none(override))


def _configuration_policy(
    obj: dict[str, Any], pointer: Pointer, action: str | None, name: str, default_namespace: str | None
) -> Iterator[Inner]:
    if action != "enforce":
        return
    items = _dict(obj.get("spec")).get("object-templates")
    for i, item in enumerate(items if isinstance(items, list) else ()):
        item = _dict(item)
        definition = item.get("objectDefinition")
        if not isinstance(definition, dict) or _word(item.get("complianceType")) not in _CREATING:
            continue
        if not isinstance(_dict(definition.get("metadata")).get("name"), str) or not definition["metadata"]["name"]:
            continue  # enforce is not supported on unnamed templates: informed about only
        note = (f"created where missing by the ConfigurationPolicy {name} (enforce, {_word(item.get('complianceType'))}) "
                f"on the managed clusters its policy is placed on ({_CONFIG_POLICY})")  # fmt: skip
        yield Inner(definition, (*pointer, "spec", "object-templates", i, "objectDefinition"), default_namespace, note)


def _why_none(action: str | None) -> str:
    if action is not None and action != "enforce":
        return f"remediationAction {action}: the policy only reports whether the clusters have its objects"
    return "no named musthave or mustonlyhave object an enforced ConfigurationPolicy creates"


def _crossplane_object(obj: dict[str, Any], pointer: Pointer, default_namespace: str | None) -> Opened:
    spec = _dict(obj.get("spec"))
    manifest = _dict(spec.get("forProvider")).get("manifest")
    if not isinstance(manifest, dict):
        return Opened((), "no manifest")
    policies = spec.get("managementPolicies")
    if isinstance(policies, list) and not any(p in ("*", "Create") for p in policies):
        return Opened((), f"managementPolicies {policies}: the provider never creates the object, it acts only on one already there")
    if spec.get("managementPolicy") in ("Observe", "ObserveDelete"):
        return Opened((), f"managementPolicy {spec['managementPolicy']}: the provider does not create the object")
    if not _dict(manifest.get("metadata")).get("name"):  # parseManifest: the Object's name
        manifest = {**manifest, "metadata": {**_dict(manifest.get("metadata")), "name": _name(obj)}}
    patched = [
        path for ref in _dicts(spec.get("references")) if isinstance(ref.get("patchesFrom"), dict)
        for path in (ref.get("toFieldPath") or ref["patchesFrom"].get("fieldPath"),) if isinstance(path, str)
    ]  # fmt: skip
    into_spec = [p for p in patched if p.startswith("spec")]
    as_written = f"spec.references patch {', '.join(into_spec)} from other objects before it is applied" if into_spec else None
    note = f"created as written by the provider-kubernetes Object {_name(obj)} ({_OBJECT})"
    at = (*pointer, "spec", "forProvider", "manifest")
    return Opened((Inner(manifest, at, default_namespace, note, as_written),), "")  # the manifest's own namespace: never the Object's


def _post_create_hook(obj: dict[str, Any], pointer: Pointer) -> Opened:
    templates = _dict(obj.get("spec")).get("templates")
    note = f"applied by KubeFlex for each ControlPlane that names the PostCreateHook {_name(obj)}, in its namespace <name>-system ({_KFLEX})"
    inner = tuple(
        Inner(_with_hook_name(template, _name(obj)), (*pointer, "spec", "templates", i), None, note)
        for i, template in enumerate(templates if isinstance(templates, list) else ()) if isinstance(template, dict)
    )  # fmt: skip
    return Opened(inner, "" if inner else "no manifest")


def _with_hook_name(value: Any, name: str) -> Any:
    """``{{.HookName}}`` rendered: the system variable, which no other variable overrides, is the hook's name
    (postcreate_hook.go ReconcileUpdatePostCreateHook: ``vars["HookName"] = hookName``, set last)."""
    if isinstance(value, str):
        return _HOOK_NAME.sub(name, value) if "{{" in value else value
    if isinstance(value, dict):
        return {k: _with_hook_name(v, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_with_hook_name(v, name) for v in value]
    return value


def _fleet_bundle(obj: dict[str, Any], pointer: Pointer, default_namespace: str | None) -> Opened:
    spec = _dict(obj.get("spec"))
    found, why = fleet_bundle.inner_objects(obj, pointer)
    if not found:  # a chart or a kustomization: rendered; else no file of objects applied as written
        return Opened((), why, not_searched=True) if why.startswith("its files are") else Opened((), "no manifest")
    forced, default = fleet_bundle.namespaces(spec, default_namespace)
    as_written = fleet_bundle.customized(spec)
    inner: list[Inner] = []
    for document, at, name in found:
        if forced is not None:  # the post-renderer sets it on every object
            document = {**document, "metadata": {**_dict(document.get("metadata")), "namespace": forced}}
        inner.append(Inner(document, at, default, fleet_bundle.note(obj, name), as_written))
    return Opened(tuple(inner), "")


def _name(obj: dict[str, Any]) -> str:
    name = _dict(obj.get("metadata")).get("name")
    return name if isinstance(name, str) and name else "<unnamed>"


def _word(value: Any) -> str | None:
    return value.lower() if isinstance(value, str) and value else None


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []
