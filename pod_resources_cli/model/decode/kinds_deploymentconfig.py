"""OpenShift DeploymentConfig (apps.openshift.io v1; openshift/api @2a3d73913b5a
apps/v1/types.go DeploymentConfigSpec, DeploymentStrategy, LifecycleHook,
ExecNewPodHook). Three kinds of pod come of one:

- the replicas: openshift-controller-manager (26d20feae889, vendored
  openshift/library-go pkg/apps/appsutil/util.go MakeDeployment) makes each
  rollout's ReplicationController from ``spec.template`` as it is written
  (only the images' spaces trimmed and labels and annotations added), of
  ``spec.replicas`` pods. ``replicas`` is a plain ``int32`` that no defaulting
  touches (openshift/openshift-apiserver 56aa2d96edd7
  pkg/apps/apis/apps/v1/defaults.go SetDefaults_DeploymentConfigSpec sets
  triggers, selector and hook container names only): unset, 0. With
  ``spec.test: true`` they run only during a rollout;
- the deployer (pkg/apps/deployer/deployer_controller.go makeDeployerPod):
  one pod for each rollout, its container ``deployment`` taking
  ``spec.strategy.resources`` whole, whatever the strategy (a Custom one's
  image runs in it too), with the template's node selector and tolerations
  but not its priority class. No cluster default fills it in: without
  ``strategy.resources`` it is BestEffort for the rollout's length (at most
  ``activeDeadlineSeconds``, 21600 s by default);
- the lifecycle hooks (openshift/oc 6b8e30c5b39a
  pkg/cli/deployer/strategy/support/lifecycle.go Execute,
  createHookPodManifest): the deployer runs ``rollingParams.pre`` and
  ``post`` for the Rolling strategy (the default type,
  SetDefaults_DeploymentStrategy), ``recreateParams.pre``, ``mid`` and
  ``post`` for Recreate (strategy/rolling/rolling.go,
  strategy/recreate/recreate.go), none for Custom. A hook with
  ``execNewPod`` and no ``tagImages`` (which Execute takes first) is one pod
  whose container ``lifecycle`` takes the resources of the template's
  container named ``execNewPod.containerName``, defaulted to the lone
  container's name where the template has one; a name no container has makes
  no pod (the hook fails).
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems, resource_list

_OCM: Final = "openshift/openshift-controller-manager@26d20feae889"
_OC: Final = "openshift/oc@6b8e30c5b39a pkg/cli/deployer/strategy/support/lifecycle.go createHookPodManifest"
_HOOKS: Final = (("Rolling", "rollingParams", ("pre", "post")), ("Recreate", "recreateParams", ("pre", "mid", "post")))


def _containers(obj: dict[str, Any]) -> list[Any]:
    spec = obj.get("spec")
    template = spec.get("template") if isinstance(spec, dict) else None
    pod_spec = template.get("spec") if isinstance(template, dict) else None
    containers = pod_spec.get("containers") if isinstance(pod_spec, dict) else None
    return containers if isinstance(containers, list) else []


def _base_index(containers: list[Any], name: Any) -> int | None:
    """The template container the hook names (SetDefaults_DeploymentConfigSpec: an empty name is the lone container's)."""
    if (name is None or name == "") and len(containers) == 1:
        first = containers[0]
        name = first.get("name") if isinstance(first, dict) else None
    if not isinstance(name, str) or not name:
        return None
    return next((i for i, c in enumerate(containers) if isinstance(c, dict) and c.get("name") == name), None)


def _hook_value(obj: dict[str, Any], params: str, hook: str) -> Any:
    value: Any = obj
    for part in ("spec", "strategy", params, hook):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _made(params: str, hook: str) -> Any:
    def made(obj: dict[str, Any], _element: Any) -> bool:
        value = _hook_value(obj, params, hook)
        if not isinstance(value, dict) or value.get("tagImages") or not isinstance(value.get("execNewPod"), dict):
            return False
        return _base_index(_containers(obj), value["execNewPod"].get("containerName")) is not None

    return made


def _lifecycle(value: Any, pointer: Pointer, problems: Problems) -> Derived:
    """The hook pod's ``lifecycle`` container: the named template container's resources, as written there."""
    containers, name, _name_pointer = value
    containers = containers if isinstance(containers, list) else []
    index = _base_index(containers, name)
    container = containers[index] if index is not None else None
    if index is None or not isinstance(container, dict):
        return Derived({}, {})
    resources = container.get("resources")
    resources = resources if isinstance(resources, dict) else {}
    at: Pointer = (index, "resources") if "resources" in container else (index,)
    quiet = Problems()  # the template container's own decoding reports a bad quantity once
    requests = resource_list(resources.get("requests"), (*pointer, index, "resources", "requests"), quiet) or {}
    limits = resource_list(resources.get("limits"), (*pointer, index, "resources", "limits"), quiet) or {}
    note = f"takes the resources of the template's container {container.get('name')!r} ({_OC})"
    return Derived(requests, limits, notes=(note,), at=at)


def _hook_pods() -> tuple[PodPath, ...]:
    pods = []
    for strategy, params, hooks in _HOOKS:
        for hook in hooks:
            main = MainContainer(
                "lifecycle", _OC,
                derive=Derive("/spec.template.spec.containers", _lifecycle, also=f"/spec.strategy.{params}.{hook}.execNewPod.containerName"),
            )  # fmt: skip
            pods.append(PodPath(
                f"spec.strategy.{params}.{hook}.execNewPod", "operator", count=("1",), label=f"{hook} hook", main=(main,),
                if_field=FieldIn("spec.strategy.type", (strategy,), default="Rolling"), made=_made(params, hook),
            ))  # fmt: skip
    return tuple(pods)


_DEPLOYER: Final = PodPath(
    "spec.strategy", "operator", count=("1",), label="deployer", empty_when_absent=True, always_made=True,
    main=(MainContainer("deployment", f"{_OCM} pkg/apps/deployer/deployer_controller.go makeDeployerPod",
                        shorthand=Shorthand("/spec.strategy.resources", "requirements")),),
)  # fmt: skip

DEPLOYMENTCONFIG_KINDS: Final = (
    WorkloadKind(
        "apps.openshift.io", "DeploymentConfig",
        (PodPath("spec.template", count=("/spec.replicas=0",)), _DEPLOYER, *_hook_pods()),
        "openshift/api apps/v1/types.go DeploymentConfigSpec, DeploymentStrategy",
    ),
)  # fmt: skip
