"""The Argo CD operator's ArgoCD (argoproj.io v1beta1, and v1alpha1, which
its conversion webhook turns into v1beta1:
argoproj-labs/argocd-operator @cf5d1c0236bf api/v1beta1/argocd_types.go,
api/v1alpha1/argocd_conversion.go).
For each ArgoCD the operator builds Argo CD's workloads itself
(controllers/argocd/), each container taking its component's ``resources``
whole (getArgoRepoResources, getArgoServerResources...: ``*cr.Spec.X.Resources``
where it is set, else none):

- the application controller (statefulset.go
  reconcileApplicationControllerStatefulSet), unless
  ``spec.controller.enabled: false``: ``argocd-application-controller`` with
  ``spec.controller.resources``, then ``spec.controller.sidecarContainers``,
  after ``spec.controller.initContainers``; one pod
  (ArgocdApplicationControllerDefaultReplicas), ``sharding.replicas`` with
  ``sharding.enabled`` (0 is 1), and with ``sharding.dynamicScalingEnabled``
  a count computed from the cluster's secrets (getApplicationControllerReplicaCount:
  unknown here). With ``spec.import`` naming an ArgoCDExport the cluster
  holds, its init containers are ``argocd-import`` alone, with the
  controller's resources (not listed);
- the repo server (repo_server.go reconcileRepoDeployment), unless
  ``spec.repo.enabled: false`` or ``spec.repo.remote`` names one (and Redis
  is enabled): ``argocd-repo-server`` and the init container ``copyutil``,
  both with ``spec.repo.resources``, ``update-ca-certificates`` (likewise)
  with ``spec.repo.systemCATrust``, ``spec.repo.sidecarContainers`` and
  ``initContainers``; ``spec.repo.replicas`` pods (1 unset);
- the server (deployment.go reconcileServerDeployment), unless
  ``spec.server.enabled: false``: ``argocd-server`` with
  ``spec.server.resources``, else, with ``spec.server.autoscale.enabled``,
  requests of 250m and 64Mi and limits of 1 CPU and 128Mi
  (common/defaults.go ArgoCDDefaultServerResource*); ``sidecarContainers``,
  ``initContainers`` and with ``enableRolloutsUI`` the init container
  ``rollout-extension`` (no resources); ``spec.server.replicas`` pods (1
  unset), under autoscaling as many as its HorizontalPodAutoscaler says
  (unknown here);
- Redis (reconcileRedisDeployment), unless ``spec.redis.enabled: false``,
  ``spec.redis.remote`` or ``spec.ha.enabled``: one pod, ``redis`` with
  ``spec.redis.resources``; with ``spec.ha.enabled``, Redis HA: the
  ``redis-ha-server`` StatefulSet (reconcileRedisStatefulSet, unless Redis
  is disabled or remote) and the ``redis-ha-haproxy`` Deployment
  (reconcileRedisHAProxyDeployment), 3 pods each
  (ArgoCDDefaultRedisHAReplicas): ``redis`` and ``sentinel``, ``haproxy``,
  each after the init container ``config-init``, all with
  ``spec.ha.resources``;
- Dex (dex.go reconcileDexDeployment, UseDex), where ``spec.sso.provider``
  is ``dex`` (any case), or in v1alpha1 ``spec.dex`` writes ``config`` or
  ``openShiftOAuth: true`` (converted to it, its values winning): one pod,
  ``dex`` and the init container ``copyutil``, both with
  ``spec.sso.dex.resources`` (v1alpha1 ``spec.dex.resources``);
- the ApplicationSet controller (applicationset.go), where
  ``spec.applicationSet`` is written and not ``enabled: false``: one pod,
  ``argocd-applicationset-controller`` with its ``resources``;
- the notifications controller (notifications.go isNotificationsEnabled),
  with ``spec.notifications.enabled``: one pod (``replicas`` above 1 is only
  warned about), ``argocd-notifications-controller`` with its ``resources``.

An ArgoCDExport (argoproj.io v1alpha1) is one Job, or with ``spec.schedule``
a CronJob (controllers/argocdexport/export.go, job.go newExportPodSpec), of
one pod a run, also where ``spec.storage`` is not written (storage.go
reconcileStorage writes the local backend into it first): the container
``argocd-export``, without resources.

No webhook or default adds to these, so the pods are final. The image
updater (a cluster without its API skips it), the Argo CD agent's principal
and agent, Keycloak and the deprecated Grafana and Prometheus are not listed.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "argoproj-labs/argocd-operator"
_CODE: Final = f"{_REPO} controllers/argocd/"
_HA: Final = Shorthand("/spec.ha.resources", "requirements")
_SERVER_AUTOSCALE: Final = OperatorDefaults(
    requests=(("cpu", "250m"), ("memory", "64Mi")), limits=(("cpu", "1000m"), ("memory", "128Mi")), when=("spec.server.autoscale.enabled", "true"),
)  # fmt: skip


def _on(path: str) -> FieldIn:
    """A component's ``enabled``: unset or true (IsEnabled: ``Enabled == nil || *Enabled``)."""
    return FieldIn(path, ("false",), negate=True)


def _is(path: str, value: str = "true") -> FieldIn:
    return FieldIn(path, (value,))


def _not(path: str, value: str = "true") -> FieldIn:
    return FieldIn(path, (value,), negate=True)


def _written(path: str, negate: bool = False) -> FieldIn:
    return FieldIn(path, (), match="written", negate=negate)


def _main(name: str, code: str, resources: str, init: bool = False, first: bool = True, if_fields: tuple[FieldIn, ...] = ()) -> MainContainer:
    """A container the operator builds with the ResourceRequirements at ``resources`` whole (none where unset)."""
    return MainContainer(name, f"{_CODE}{code}", shorthand=Shorthand(resources, "requirements"), init=init, first=first, if_fields=if_fields)


def _component(path: str, label: str, count: tuple[str, ...], main: tuple[MainContainer, ...], if_field: tuple[FieldIn, ...],
               containers: tuple[str, ...] = (), init_containers: tuple[str, ...] = ()) -> PodPath:  # fmt: skip
    """One workload the operator builds from ``path`` (made also where the path is not written)."""
    return PodPath(path, "containers", count=count, containers=containers, init_containers=init_containers, label=label, main=main,
                   empty_when_absent=True, always_made=True, if_field=if_field)  # fmt: skip


_ALPHA: Final = "argoproj.io/v1alpha1"


def _pods() -> tuple[PodPath, ...]:
    controller = (_main("argocd-application-controller", "statefulset.go getArgoApplicationControllerResources", "/spec.controller.resources"),)
    controller_on = _on("spec.controller.enabled")
    dynamic = _is("spec.controller.sharding.dynamicScalingEnabled")
    sharded = _is("spec.controller.sharding.enabled")
    controller_lists = {"containers": ("sidecarContainers[*]",), "init_containers": ("initContainers[*]",)}
    repo = (
        _main("argocd-repo-server", "repo_server.go getArgoRepoResources", "/spec.repo.resources"),
        _main("copyutil", "repo_server.go reconcileRepoDeployment", "/spec.repo.resources", init=True),
        _main("update-ca-certificates", "repo_server.go caTrustInitContainer", "/spec.repo.resources", init=True, first=False,
              if_fields=(_written("/spec.repo.systemCATrust"),)),
    )  # fmt: skip
    server = (
        MainContainer("argocd-server", f"{_CODE}util.go getArgoServerResources", shorthand=Shorthand("/spec.server.resources", "requirements"),
                      defaults=(_SERVER_AUTOSCALE,), first=True),
        MainContainer("rollout-extension", f"{_CODE}deployment.go getRolloutInitContainer", init=True,
                      if_fields=(_is("/spec.server.enableRolloutsUI"),)),
    )  # fmt: skip
    redis_on, local = _on("spec.redis.enabled"), _written("spec.redis.remote", negate=True)
    ha, no_ha = _is("spec.ha.enabled"), _not("spec.ha.enabled")
    ha_init = MainContainer("config-init", f"{_CODE}statefulset.go, deployment.go", shorthand=_HA, init=True, first=True)
    dex = (_main("dex", "dexUtil.go getDexResources", "/spec.sso.dex.resources"), _main("copyutil", "dex.go reconcileDexDeployment", "/spec.sso.dex.resources", init=True))
    alpha_dex = (_main("dex", "dexUtil.go getDexResources", "/spec.dex.resources"), _main("copyutil", "dex.go reconcileDexDeployment", "/spec.dex.resources", init=True))
    sso_dex = FieldIn("spec.sso.provider", ("dex",), match="fold")
    alpha, not_alpha = _is("apiVersion", _ALPHA), _not("apiVersion", _ALPHA)
    alpha_config, no_alpha_config = _written("spec.dex.config"), _written("spec.dex.config", negate=True)
    oauth, no_oauth = _is("spec.dex.openShiftOAuth"), _not("spec.dex.openShiftOAuth")
    return (
        _component("spec.controller", "application-controller", (), controller, (controller_on, dynamic), **controller_lists),
        _component("spec.controller", "application-controller", ("/spec.controller.sharding.replicas=1!",), controller,
                   (controller_on, _not("spec.controller.sharding.dynamicScalingEnabled"), sharded), **controller_lists),
        _component("spec.controller", "application-controller", ("1",), controller,
                   (controller_on, _not("spec.controller.sharding.dynamicScalingEnabled"), _not("spec.controller.sharding.enabled")), **controller_lists),
        # reconcileRepoDeployment: skipped where Redis is enabled and the repo server remote
        *(_component("spec.repo", "repo-server", ("/spec.repo.replicas=1",), repo, (_on("spec.repo.enabled"), *tests),
                     containers=("sidecarContainers[*]",), init_containers=("initContainers[*]",))
          for tests in ((_written("spec.repo.remote", negate=True),), (_written("spec.repo.remote"), _is("spec.redis.enabled", "false")))),
        _component("spec.server", "server", ("/spec.server.replicas=1",), server, (_on("spec.server.enabled"), _not("spec.server.autoscale.enabled")),
                   containers=("sidecarContainers[*]",), init_containers=("initContainers[*]",)),
        _component("spec.server", "server", (), server, (_on("spec.server.enabled"), _is("spec.server.autoscale.enabled")),
                   containers=("sidecarContainers[*]",), init_containers=("initContainers[*]",)),
        _component("spec.redis", "redis", ("1",), (_main("redis", "argoutil/redis.go GetRedisResources", "/spec.redis.resources"),),
                   (redis_on, local, no_ha)),
        _component("spec.ha", "redis-ha-server", ("3",), (
            MainContainer("redis", f"{_CODE}statefulset.go reconcileRedisStatefulSet", shorthand=_HA),
            MainContainer("sentinel", f"{_CODE}statefulset.go reconcileRedisStatefulSet", shorthand=_HA), ha_init,
        ), (redis_on, local, ha)),
        _component("spec.ha", "redis-ha-haproxy", ("3",), (
            MainContainer("haproxy", f"{_CODE}deployment.go reconcileRedisHAProxyDeployment", shorthand=_HA), ha_init,
        ), (ha,)),
        _component("spec.sso", "dex", ("1",), dex, (sso_dex, not_alpha)),
        _component("spec.sso", "dex", ("1",), dex, (sso_dex, alpha, no_alpha_config, no_oauth)),
        _component("spec.dex", "dex", ("1",), alpha_dex, (alpha, alpha_config)),
        _component("spec.dex", "dex", ("1",), alpha_dex, (alpha, no_alpha_config, oauth)),
        _component("spec.applicationSet", "applicationset-controller", ("1",),
                   (_main("argocd-applicationset-controller", "applicationset.go getApplicationSetResources", "/spec.applicationSet.resources"),),
                   (_written("spec.applicationSet"), _on("spec.applicationSet.enabled"))),
        _component("spec.notifications", "notifications-controller", ("1",),
                   (_main("argocd-notifications-controller", "notifications.go getNotificationsResources", "/spec.notifications.resources"),),
                   (_is("spec.notifications.enabled"),)),
    )  # fmt: skip


_EXPORT: Final = PodPath(
    "spec.storage", "operator", count=("1",), label="export", empty_when_absent=True, always_made=True,
    main=(MainContainer("argocd-export", f"{_REPO} controllers/argocdexport/job.go newExportPodSpec"),),
)  # fmt: skip

ARGOCD_KINDS: Final = (
    WorkloadKind("argoproj.io", "ArgoCD", _pods(), f"{_REPO} api/v1beta1/argocd_types.go, controllers/argocd/"),
    WorkloadKind("argoproj.io", "ArgoCDExport", (_EXPORT,), f"{_REPO} api/v1alpha1/argocdexport_types.go, controllers/argocdexport/"),
)
