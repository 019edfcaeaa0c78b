"""Yatai's BentoDeployment (serving.yatai.ai; bentoml/yatai-deployment
755faf260b8c apis/serving/v2alpha1/bentodeployment_types.go, the hub the
older versions convert to). The controller (controllers/
bentodeployment_controller.go Reconcile) makes one Deployment for the API
server and one for each of ``spec.runners[*]``, each scaled by an HPA of
``autoscaling.minReplicas`` to ``maxReplicas`` (generateHPA: 1 to 1 where
``autoscaling`` is unset; the Deployment itself has no replicas), from the
object's fields alone (generatePodTemplateSpec):

- ``main`` (the Bento's image), with getResourcesConfig's requests of 300m
  cpu and 500Mi of memory and limits of 500m and 1Gi, each replaced by the
  value ``resources`` writes (``requests``/``limits``: ``cpu``, ``memory``,
  ``custom`` by name; ``gpu`` as ``nvidia.com/gpu``, read under ``limits``
  only): the API server's ``spec.resources``, a runner's own ``resources``;
- ``metrics-transformer``, requests 10m/10Mi, limits 100m/100Mi;
- the API server only: ``proxy`` (envoy), requests 100m/200Mi and limits
  300m/1000Mi unless ``spec.annotations`` write
  ``yatai.ai/proxy-sidecar-resources-{requests,limits}-{cpu,memory}`` (the
  values are then the annotations', not computed here);
  ``monitor-exporter`` where ``spec.monitorExporter.enabled`` is true,
  requests 100m/24Mi, limits 1000m/72Mi; ``debugger`` where
  ``spec.annotations`` set ``yatai.ai/enable-debug-mode: "true"``, requests
  100m/100Mi, limits 1000m/1000Mi;
- then ``extraPodSpec.containers`` (the API server's, or the runner's), as
  written.

The older versions (v1alpha2, v1alpha3: ``resources`` of the same form,
``autoscaling`` with ``min_replicas``; apis/serving/v1alpha3/
bentodeployment_conversion.go TransformToNewHPA: 2 where ``autoscaling`` is
written without it, 1 where it is not written) give the same pods, without
monitor exporter or extra containers (they have no such fields).

Not modelled: v1alpha1 (its resources are a ResourceRequirements); a
runner's debugger (from the runner's own ``annotations``, whose key holds
dots); the second, one-pod Deployment of the stealing-traffic debug mode
(``yatai.ai/enable-stealing-traffic-debug-mode``).
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import AnnotationIn, FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "bentoml/yatai-deployment"
_CODE: Final = f"{_REPO} controllers/bentodeployment_controller.go"
_V2: Final = "serving.yatai.ai/v2alpha1"
_OLD: Final = ("serving.yatai.ai/v1alpha2", "serving.yatai.ai/v1alpha3")
_PROXY_KEYS: Final = tuple(f"yatai.ai/proxy-sidecar-resources-{k}-{r}" for k in ("requests", "limits") for r in ("cpu", "memory"))


def _fixed(name: str, requests: tuple[str, str], limits: tuple[str, str], **kwargs: object) -> MainContainer:
    defaults = OperatorDefaults(requests=(("cpu", requests[0]), ("memory", requests[1])), limits=(("cpu", limits[0]), ("memory", limits[1])))
    return MainContainer(name, f"{_CODE} generatePodTemplateSpec", defaults=(defaults,), **kwargs)  # type: ignore[arg-type]


def _containers(api_server: bool) -> tuple[MainContainer, ...]:
    main = MainContainer(
        "main", f"{_CODE} getResourcesConfig", shorthand=Shorthand("/spec.resources" if api_server else "resources", "items", gpu_in=("limits",)),
        defaults=(OperatorDefaults(requests=(("cpu", "300m"), ("memory", "500Mi")), limits=(("cpu", "500m"), ("memory", "1Gi"))),),
    )  # fmt: skip
    made: tuple[MainContainer, ...] = (main, _fixed("metrics-transformer", ("10m", "10Mi"), ("100m", "100Mi")))
    if api_server:
        unset = AnnotationIn(_PROXY_KEYS[0], ("",), at="spec", also=_PROXY_KEYS[1:])
        made += (
            _fixed("proxy", ("100m", "200Mi"), ("300m", "1000Mi"), if_annotation=unset),
            MainContainer("proxy", f"{_CODE} generatePodTemplateSpec (spec.annotations yatai.ai/proxy-sidecar-resources-*)",
                          sets=("cpu", "memory"), if_annotation=AnnotationIn(unset.key, unset.values, at="spec", also=unset.also, negate=True)),
            _fixed("monitor-exporter", ("100m", "24Mi"), ("1000m", "72Mi"), if_fields=(FieldIn("/spec.monitorExporter.enabled", ("true",)),)),
            _fixed("debugger", ("100m", "100Mi"), ("1000m", "1000Mi"), if_annotation=AnnotationIn("yatai.ai/enable-debug-mode", ("true",), at="spec")),
        )  # fmt: skip
    return made


def _pod(path: str, label: str | None, main: tuple[MainContainer, ...], count: str, versions: tuple[str, ...], extra: bool) -> PodPath:
    """The API server's pod (``spec``, made whatever it writes) or each runner's."""
    api = path == "spec"
    return PodPath(path, "containers", name=None if api else "name", label=label, count=(count,), main=main,
                   containers=("extraPodSpec.containers[*]",) if extra else (), empty_when_absent=api, always_made=api,
                   if_field=FieldIn("apiVersion", versions))  # fmt: skip


def _pods() -> tuple[PodPath, ...]:
    api, runner = _containers(True), _containers(False)
    return (
        _pod("spec", "api-server", api, "/spec.autoscaling.minReplicas=1", (_V2,), True),
        _pod("spec.runners[*]", None, runner, "autoscaling.minReplicas=1", (_V2,), True),
        _pod("spec", "api-server", api, "/spec.autoscaling.min_replicas=1/2", _OLD, False),
        _pod("spec.runners[*]", None, runner, "autoscaling.min_replicas=1/2", _OLD, False),
    )


YATAI_KINDS: Final = (WorkloadKind("serving.yatai.ai", "BentoDeployment", _pods(), f"{_REPO} apis/serving/v2alpha1/bentodeployment_types.go"),)
