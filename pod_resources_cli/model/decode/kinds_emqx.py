"""The EMQX operator (emqx/emqx-operator 2ca6a10d73e1, apps.emqx.io): an
EMQX is the core nodes' StatefulSet and the replicants' ReplicaSet, each
built by the controller from the object's fields alone (no webhook, no
resource default):

- controllers/apps/v2beta1/add_emqx_core.go generateStatefulSet and
  add_emqx_repl.go generateReplicaSet: the pod's first container is
  ``emqx`` (apis/apps/v2beta1/const.go DefaultContainerName) with the
  template's ``spec.resources`` whole (``Resources:
  instance.Spec.CoreTemplate.Spec.Resources``), then the template's
  ``extraContainers``, after its ``initContainers``, both as written; no
  priorityClassName is set;
- the core nodes are always made (``CoreTemplate EMQXCoreTemplate``, no
  pointer); the replicants only where ``spec.replicantTemplate`` is written
  (a pointer: ``if instance.Spec.ReplicantTemplate == nil { return }``);
- counts (apis/apps/v2beta1/emqx_types.go): ``replicas`` defaults to 2
  (``+kubebuilder:default:=2``, inside a written ``spec``), and
  ``coreTemplate`` to ``{spec: {replicas: 1}}``: 1 core where the object
  writes no ``coreTemplate``; where the template writes no ``spec`` the
  field stays nil and the StatefulSet or ReplicaSet defaults it to 1.

v2alpha1 (served, converted to v2beta1 by apis/apps/v2alpha1/
emqx_conversion.go ConvertTo: a JSON round trip, ``replicantTemplate`` set
to nil where its ``spec.replicas`` is nil): ``replicas`` defaults to 3
inside a written ``spec`` (apis/apps/v2alpha1/emqx_types.go), with no
default for ``coreTemplate``; so replicants only where
``replicantTemplate.spec`` is written (or its ``replicas``).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "emqx/emqx-operator"
_V2ALPHA1: Final = FieldIn("apiVersion", ("apps.emqx.io/v2alpha1",))
_V2BETA1: Final = FieldIn("apiVersion", ("apps.emqx.io/v2alpha1",), negate=True)


def _nodes(role: str, source: str, count: str, made: bool, when: FieldIn) -> PodPath:
    """The ``role`` template's pods: ``emqx`` first with the template's resources, then its extra containers."""
    path = f"spec.{role}Template.spec"
    emqx = MainContainer("emqx", f"{_REPO} {source}", shorthand=Shorthand(f"/{path}.resources", "requirements"), first=True)
    return PodPath(path, "containers", count=(f"/{path}.replicas={count}",), containers=("extraContainers[*]",), init_containers=("initContainers[*]",),
                   label=role, main=(emqx,), empty_when_absent=made, always_made=made and role == "core", if_field=when)  # fmt: skip


_CORE: Final = "controllers/apps/v2beta1/add_emqx_core.go generateStatefulSet"
_REPL: Final = "controllers/apps/v2beta1/add_emqx_repl.go generateReplicaSet"

EMQX_KINDS_V2: Final = (
    WorkloadKind(
        "apps.emqx.io", "EMQX",
        (
            _nodes("core", _CORE, "1/2", True, _V2BETA1),
            _nodes("replicant", _REPL, "1/2", True, _V2BETA1),
            _nodes("core", _CORE, "1/3", True, _V2ALPHA1),
            _nodes("replicant", _REPL, "3", False, _V2ALPHA1),
        ),
        f"{_REPO} apis/apps/v2beta1/emqx_types.go, apis/apps/v2alpha1/emqx_types.go",
    ),
)  # fmt: skip


# EMQX 4 (EmqxBroker, EmqxEnterprise; apis/apps/v1beta4, v1beta3 converted to it by apis/apps/v1beta3/
# emqxbroker_conversion.go): controllers/apps/v1beta4/generated.go generateStatefulSet makes one StatefulSet of
# ``spec.replicas`` pods (``+kubebuilder:default:=3`` in both versions) whose containers are ``emqx`` with the
# emqxContainer's resources (v1beta3: ``spec.emqxTemplate.resources``), ``reloader`` with none, then extraContainers,
# after initContainers; the mutating webhook (emqxbroker_webhook.go Default) sets no resources.
_V4: Final = "controllers/apps/v1beta4/generated.go generateStatefulSet"
_V1BETA3: Final = FieldIn("apiVersion", ("apps.emqx.io/v1beta3",))


def _emqx4(at: str, resources: str, when: FieldIn) -> PodPath:
    emqx = MainContainer("emqx", f"{_REPO} {_V4}", shorthand=Shorthand(f"/{resources}", "requirements"), first=True)
    reloader = MainContainer("reloader", f"{_REPO} {_V4} (reloaderContainer: no resources)", first=True)
    return PodPath(at, "containers", count=("/spec.replicas=3",), label="emqx", containers=("extraContainers[*]",), init_containers=("initContainers[*]",),
                   main=(reloader, emqx), empty_when_absent=True, always_made=True, if_field=when)  # fmt: skip


EMQX4_KINDS: Final = tuple(
    WorkloadKind(
        "apps.emqx.io", kind,
        (_emqx4("spec.template.spec", "spec.template.spec.emqxContainer.resources", FieldIn("apiVersion", ("apps.emqx.io/v1beta3",), negate=True)),
         _emqx4("spec", "spec.emqxTemplate.resources", _V1BETA3)),
        f"{_REPO} apis/apps/v1beta4/{kind.lower()}_types.go, apis/apps/v1beta4/spec_types.go, apis/apps/v1beta3/{kind.lower()}_types.go",
    )
    for kind in ("EmqxBroker", "EmqxEnterprise")
)  # fmt: skip

EMQX_KINDS: Final = (*EMQX_KINDS_V2, *EMQX4_KINDS)
