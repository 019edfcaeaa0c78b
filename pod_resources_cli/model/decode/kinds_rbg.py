"""RoleBasedGroup (sgl-project/rbg 993491fba9bf, workloads.x-k8s.io): one
object for a serving system's roles (a router, prefill and decode engines),
each role's pods built by the controller from a pod template.

- v1alpha2 (api/workloads/v1alpha2/rolebasedgroup_types.go): a role has
  ``replicas`` instances in one pattern. ``standalonePattern``: one pod an
  instance; ``leaderWorkerPattern``: ``size`` pods an instance (the leader
  and size-1 workers, default 1), the leader's and the workers' templates
  the role's with ``leaderTemplatePatch`` and ``workerTemplatePatch`` merged
  in; ``customComponentsPattern``: each component's ``size`` pods an
  instance, from its own template.
- v1alpha1 (api/workloads/v1alpha1/rolebasedgroup_types.go): the role's
  ``template`` (or ``templateRef``), ``templatePatch``, and
  ``leaderWorkerSet`` (``size``, ``patchLeaderTemplate``,
  ``patchWorkerTemplate``), or ``components`` as v1alpha2's custom components.

A pattern's template is written inline (``template``) or named
(``templateRef.name``: the entry of ``spec.roleTemplates`` of that name,
RoleSpec.GetResolvedTemplate in helper.go); a ``templateRef.patch`` (v1alpha1
``templatePatch``) and the leader and worker patches are strategic merge
patches of that template (applyStrategicMergePatch), which can set any
container's resources: such a pod is as written. ``spec.roleTemplates`` are
no pods of their own: they are counted through the roles that name them.
``engineRuntimes`` add the containers of a ClusterEngineRuntimeProfile
(pkg/reconciler/pod_reconciler.go InjectSidecar): that pod is as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import PodPath, TemplateRef, WorkloadKind

_SOURCE: Final = "sgl-project/rbg api/workloads/v1alpha2/rolebasedgroup_types.go, api/workloads/v1alpha1/rolebasedgroup_types.go"
_PATCHED: Final = "rbg merges the role's template patch into the template (a strategic merge patch), which can set any container's resources"
_ENGINE: Final = ("engineRuntimes",)
_ENGINE_WHY: Final = "rbg adds the containers of the engine runtime profile the role names (engineRuntimes), with that profile's resources"
_ROLE_TEMPLATES: Final = TemplateRef("spec.roleTemplates[*]")


def _role(template: str, ref: str, count: tuple[str, ...], patches: tuple[str, ...]) -> tuple[PodPath, PodPath]:
    """A role's inline template and the role template its reference names
    (paths from the object, ``patches`` from the role), each as written
    where a patch or an engine runtime is written."""
    patched = (patches, _PATCHED) if patches else None
    return (
        PodPath(template, name="name", count=count, patched_by=patched, added_by=(_ENGINE, _ENGINE_WHY)),
        PodPath(ref, name="name", count=count, template_ref=_ROLE_TEMPLATES,
                patched_by=((*patches, ref.rsplit("[*].", 1)[1] + ".patch"), _PATCHED), added_by=(_ENGINE, _ENGINE_WHY)),
    )  # fmt: skip


_LEADER_WORKER: Final = ("leaderWorkerPattern.leaderTemplatePatch", "leaderWorkerPattern.workerTemplatePatch")
_V1ALPHA1_PATCHES: Final = ("templatePatch", "leaderWorkerSet.patchLeaderTemplate", "leaderWorkerSet.patchWorkerTemplate")

RBG_KINDS: Final = (
    WorkloadKind(
        "workloads.x-k8s.io", "RoleBasedGroup",
        (
            *_role("spec.roles[*].standalonePattern.template", "spec.roles[*].standalonePattern.templateRef", ("replicas=1",), ()),
            *_role("spec.roles[*].leaderWorkerPattern.template", "spec.roles[*].leaderWorkerPattern.templateRef",
                   ("replicas=1", "leaderWorkerPattern.size=1"), _LEADER_WORKER),
            PodPath("spec.roles[*].customComponentsPattern.components[*].template", name="name", count=("^replicas=1", "size=1")),
            # v1alpha1: the role's own template, or the one its templateRef names (its patch is templatePatch)
            *_role("spec.roles[*].template", "spec.roles[*].templateRef", ("replicas=1", "leaderWorkerSet.size=1"), _V1ALPHA1_PATCHES),
            PodPath("spec.roles[*].components[*].template", name="name", count=("^replicas=1", "size=1")),
        ),
        _SOURCE,
    ),
)  # fmt: skip
