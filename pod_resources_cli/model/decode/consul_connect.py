"""Consul's connect injector (hashicorp/consul-k8s @a507b1d1e306): a pod annotated
``consul.hashicorp.com/connect-inject`` true gets ``consul-connect-inject-init`` and the ``consul-dataplane`` proxy.

Which pods (control-plane/connect-inject/webhook/mesh_webhook.go ``shouldInject``): none of kube-system or
kube-public; none already injected (``consul.hashicorp.com/connect-inject-status`` set); then the annotation
``consul.hashicorp.com/connect-inject`` decides (strconv.ParseBool; a value it refuses is an admission error, the pod
is never created), and without it the injector's ``-default-inject``, which the chart sets from
``connectInject.default: false`` (charts/consul/values.yaml, templates/connect-inject-deployment.yaml): not injected.
The chart's ``k8sAllowNamespaces: ["*"]`` and empty deny list let every other namespace in.

What it adds (mesh_webhook.go ``Handle``): one service, or one per name of a comma-separated
``consul.hashicorp.com/connect-service`` (multi-port, names suffixed ``-SERVICE``): the init container
``consul-connect-inject-init`` appended to the init containers (container_init.go), then the proxy
``consul-dataplane`` (consul_dataplane_sidecar.go): with ``consul.hashicorp.com/enable-consul-dataplane-as-sidecar``
true (chart ``dataplaneAsSidecarInitContainer.defaultEnabled: false``) an init container with ``restartPolicy:
Always``; else with proxy lifecycle (``consul.hashicorp.com/enable-sidecar-proxy-lifecycle``, chart
``sidecarProxy.lifecycle.defaultEnabled: true``) before the app's containers; else after them.

Resources: the init container gets the injector's ``-init-container-*`` flags (subcommand/inject-connect/command.go):
the chart passes ``connectInject.initContainer.resources`` (requests cpu 50m, memory 25Mi; limits memory 150Mi) and
leaves the cpu limit null, so the flag's own default 50m holds. The proxy (``sidecarResources``) takes each of
``consul.hashicorp.com/sidecar-proxy-cpu-request``, ``-cpu-limit``, ``-memory-request``, ``-memory-limit`` when the
annotation is there (resource.ParseQuantity; an empty or bad one refuses the pod), else the injector's
``-default-sidecar-proxy-*`` flag, which the chart's ``connectInject.sidecarProxy.resources`` (all null) leaves
unset: no resource. An injector installed with other values gives other defaults.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.injection import annotations_of
from pod_resources_cli.model.decode.vault_agent import go_parse_bool, go_quantity
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity, parse_quantity
from pod_resources_cli.records import replace

SOURCE: Final = "hashicorp/consul-k8s @a507b1d1e306 control-plane/connect-inject/webhook/mesh_webhook.go Handle"
_P: Final = "consul.hashicorp.com/"
_PROXY: Final = (  # sidecarResources' order
    ("sidecar-proxy-cpu-limit", "limits", "cpu"),
    ("sidecar-proxy-cpu-request", "requests", "cpu"),
    ("sidecar-proxy-memory-limit", "limits", "memory"),
    ("sidecar-proxy-memory-request", "requests", "memory"),
)
_INIT: Final = ResourceRequirements(
    {"cpu": parse_quantity("50m"), "memory": parse_quantity("25Mi")},
    {"cpu": parse_quantity("50m"), "memory": parse_quantity("150Mi")},
)
_SYSTEM: Final = ("kube-system", "kube-public")


def _flag(annotations: dict[str, str], key: str, default: bool) -> bool:
    """lifecycle.Config: an annotation that is set and not empty overrides the default; one that does not parse is
    logged and counts as false."""
    value = annotations.get(_P + key, "")
    return default if value == "" else bool(go_parse_bool(value))


def with_consul_dataplane(
    pod: Pod, template: Any, pointer: Pointer, namespace: str | None
) -> tuple[Pod, tuple[str, ...], str | None, tuple[str, ...]]:
    """The pod (or template) ``template`` at ``pointer`` as Consul's connect injector completes it: the pod, what was
    done, why the injector refuses it (None: admitted), and the added init containers, whose resources only the
    injector's install sets."""
    annotations = annotations_of(template)
    if namespace in _SYSTEM or annotations.get(_P + "connect-inject-status", "") != "":
        return pod, (), None, ()
    key = _P + "connect-inject"
    if key not in annotations:
        return pod, (), None, ()
    inject = go_parse_bool(annotations[key])
    if inject is None:
        return pod, (), f"Consul's connect injector refuses the pod: {key} {annotations[key]!r} is no bool (control-plane/connect-inject/webhook/mesh_webhook.go shouldInject)", ()
    if not inject:
        return pod, (), None, ()
    lists: dict[str, dict[str, Quantity]] = {"requests": {}, "limits": {}}
    for name, kind, resource in _PROXY:
        if _P + name in annotations:
            quantity = go_quantity(annotations[_P + name])
            if quantity is None:
                return pod, (), f"Consul's connect injector refuses the pod: {_P}{name} {annotations[_P + name]!r} is no quantity (consul_dataplane_sidecar.go sidecarResources)", ()
            lists[kind][resource] = quantity
    proxy = ResourceRequirements(lists["requests"] or None, lists["limits"] or None)
    services = annotations[_P + "connect-service"].split(",") if _P + "connect-service" in annotations else []
    suffixes = [f"-{s}" for s in services] if len(services) > 1 else [""]
    native = _flag(annotations, "enable-consul-dataplane-as-sidecar", False)
    lifecycle = _flag(annotations, "enable-sidecar-proxy-lifecycle", True)
    at = (*pointer, "metadata", "annotations")
    inits = list(pod.init_containers)
    before: list[Container] = []
    after: list[Container] = []
    for suffix in suffixes:
        inits.append(Container(f"consul-connect-inject-init{suffix}", ContainerType.INIT, len(inits), _INIT, pointer=at))
        if native:
            inits.append(Container(f"consul-dataplane{suffix}", ContainerType.SIDECAR, len(inits), proxy, restart_policy="Always", pointer=at))
        else:
            (before if lifecycle else after).append(Container(f"consul-dataplane{suffix}", ContainerType.REGULAR, 0, proxy, pointer=at))
    containers = [*before, *pod.containers, *after]
    pod = replace(
        pod, init_containers=tuple(inits),
        containers=tuple(c if c.index == i else replace(c, index=i) for i, c in enumerate(containers)),
    )  # fmt: skip
    written = ", ".join(f"{kind[:-1]} {resource} {q.canonical()}" for _, kind, resource in _PROXY for q in [lists[kind].get(resource)] if q is not None)
    where = "a native sidecar (init container, restartPolicy Always)" if native else ("before the app's containers" if lifecycle else "after the app's containers")
    inits_named = ", ".join(f"'consul-connect-inject-init{s}'" for s in suffixes)
    proxies_named = ", ".join(f"'consul-dataplane{s}'" for s in suffixes)
    note = (
        f"Consul's connect injector adds init container {inits_named} with requests cpu 50m, memory 25Mi, limits cpu 50m,"
        f" memory 150Mi (the chart's connectInject.initContainer.resources) and proxy {proxies_named} {where} with"
        f" {written or 'no resources'} (the pod's consul.hashicorp.com/sidecar-proxy-* annotations, else the chart's"
        f" sidecarProxy.resources: none; {SOURCE})"
    )
    return pod, (note,), None, tuple(f"consul-connect-inject-init{s}" for s in suffixes)
