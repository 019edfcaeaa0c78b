"""Vault's agent injector (hashicorp/vault-k8s @fbc5b1f0cd4d): a pod annotated ``vault.hashicorp.com/agent-inject``
true gets the ``vault-agent-init`` init container and the ``vault-agent`` sidecar.

Which pods (agent-inject/agent/agent.go ``ShouldInject``, agent-inject/handler.go ``Mutate``): the annotation
``vault.hashicorp.com/agent-inject`` must be there and parse as a bool (go-secure-stdlib parseutil.ParseBool:
mapstructure's weak decoding, strconv.ParseBool or "" for false; any other value is refused); a pod whose
``vault.hashicorp.com/agent-inject-status`` is ``injected`` is left alone; the injector refuses a pod of kube-system
or kube-public (``kubeSystemNamespaces``). A refusal is an admission error: the pod is never created.

What it adds (agent.go ``Patch``): with ``vault.hashicorp.com/agent-pre-populate`` (default true) the init container
``vault-agent-init`` (container_init_sidecar.go), last among the init containers or, with
``vault.hashicorp.com/agent-init-first`` true, first; unless ``vault.hashicorp.com/agent-pre-populate-only`` is true
the sidecar ``vault-agent`` (container_sidecar.go), appended to the containers (a regular container: the injector
sets no restartPolicy). A bool that does not parse refuses the pod (agent.go ``New``), and so does a pod without a
service account token mount (``serviceaccount``: ``automountServiceAccountToken: false`` and none mounted) or one
``Validate`` rejects for what the pod alone writes (an auth type, auth path or Vault address written empty; not the
missing role, which depends on the injector's auth method).

Their resources (container_sidecar.go ``parseResources``, both containers alike): ``agent-limits-cpu``,
``agent-limits-mem``, ``agent-limits-ephemeral``, ``agent-requests-cpu``, ``agent-requests-mem``,
``agent-requests-ephemeral`` (all ``vault.hashicorp.com/``). An annotation left out takes the injector's default
(annotations.go ``Init``): the flags of subcommand/injector/flags.go, whose defaults are container_sidecar.go's
``DefaultResourceRequestCPU`` 250m, ``DefaultResourceRequestMem`` 64Mi, ``DefaultResourceLimitCPU`` 500m,
``DefaultResourceLimitMem`` 128Mi and no ephemeral storage (the vault-helm chart's ``injector.agentDefaults`` are the
same; an injector run with other ``AGENT_INJECT_CPU_REQUEST``... values gives its own). An annotation written empty
asks for nothing; one that resource.ParseQuantity refuses refuses the pod. ``agent-json-patch`` and
``agent-init-json-patch`` patch the containers as JSON: the pod is then as written.
"""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.injection import annotations_of
from pod_resources_cli.model.pod import Container, ContainerType, Pod, ResourceRequirements
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity
from pod_resources_cli.records import replace

SOURCE: Final = "hashicorp/vault-k8s @fbc5b1f0cd4d agent-inject/agent/container_sidecar.go parseResources"
_P: Final = "vault.hashicorp.com/"
_RESOURCES: Final = (  # parseResources' order: the first that does not parse is the injector's error
    ("agent-limits-cpu", "limits", "cpu", "500m"),
    ("agent-limits-mem", "limits", "memory", "128Mi"),
    ("agent-limits-ephemeral", "limits", "ephemeral-storage", ""),
    ("agent-requests-cpu", "requests", "cpu", "250m"),
    ("agent-requests-mem", "requests", "memory", "64Mi"),
    ("agent-requests-ephemeral", "requests", "ephemeral-storage", ""),
)
JSON_PATCH: Final = "Vault's injector applies the pod's vault.hashicorp.com/agent-json-patch or agent-init-json-patch to its containers"
_SYSTEM: Final = ("kube-system", "kube-public")


def go_parse_bool(value: str) -> bool | None:
    """strconv.ParseBool; None for a value it refuses."""
    if value in ("1", "t", "T", "TRUE", "true", "True"):
        return True
    if value in ("0", "f", "F", "FALSE", "false", "False"):
        return False
    return None


def go_quantity(value: str) -> Quantity | None:
    """resource.ParseQuantity of an annotation (no blank trimmed, unlike a JSON quantity); None when refused."""
    if value != value.strip(" \t\n\v\f\r"):
        return None
    try:
        return parse_quantity(value)
    except QuantityError:
        return None


def _weak_bool(annotations: dict[str, str], key: str, default: bool) -> bool | None:
    """parseutil.ParseBool of an annotation (mapstructure.WeakDecode: "" is false); ``default`` when it is absent."""
    if key not in annotations:
        return default
    value = annotations[key]
    return False if value == "" else go_parse_bool(value)


def _no_token_mount(template: Any, annotations: dict[str, str]) -> str | None:
    """agent.go ``serviceaccount``: without ``agent-service-account-token-volume-name`` the agent needs a container
    mount whose path holds ``serviceaccount``; a pod that turns the token off (``automountServiceAccountToken: false``,
    so the ServiceAccount admission plugin mounts nothing) and mounts none itself is refused."""
    spec = template.get("spec") if isinstance(template, dict) else None
    if annotations.get(_P + "agent-service-account-token-volume-name", "") != "" or not isinstance(spec, dict):
        return None
    if spec.get("automountServiceAccountToken") is not False:
        return None
    containers = spec.get("containers")
    for container in containers if isinstance(containers, list) else ():
        mounts = container.get("volumeMounts") if isinstance(container, dict) else None
        for mount in mounts if isinstance(mounts, list) else ():
            if isinstance(mount, dict) and "serviceaccount" in str(mount.get("mountPath", "")):
                return None
    return (
        "Vault's injector refuses the pod: failed to find service account volume mount (automountServiceAccountToken"
        " is false and no container mounts one; agent-inject/agent/agent.go serviceaccount)"
    )


def _invalid(annotations: dict[str, str]) -> str | None:
    """agent.go ``Validate`` on what the pod alone decides: without ``agent-configmap``, an auth type, auth path or Vault
    address written empty is refused. Its "no Vault role found" is not judged: it holds for the kubernetes auth
    method, which is the injector's default (``DefaultVaultAuthType``) only unless its AGENT_INJECT_VAULT_AUTH_TYPE
    says otherwise, and a pod without a role is as likely meant for another injector (a policy engine's)."""
    if annotations.get(_P + "agent-configmap", "") != "":
        return None
    if annotations.get(_P + "auth-type") == "":
        return "no Vault Auth Type found"
    if annotations.get(_P + "auth-path") == "":
        return "no Vault Auth Path found"
    if annotations.get(_P + "service") == "":
        return "no Vault address found"
    return None


def with_vault_agent(
    pod: Pod, template: Any, pointer: Pointer, namespace: str | None
) -> tuple[Pod, tuple[str, ...], str | None, str | None]:
    """The pod (or template) ``template`` at ``pointer`` as Vault's injector completes it: the pod, what was done, why
    the pod is only as written (None: final), and why the injector refuses it (None: admitted)."""
    annotations = annotations_of(template)
    inject_key = _P + "agent-inject"
    if inject_key not in annotations:
        return pod, (), None, None
    inject = _weak_bool(annotations, inject_key, False)
    if inject is None:
        return pod, (), None, f"Vault's injector refuses the pod: {inject_key} {annotations[inject_key]!r} is no bool (agent-inject/agent/agent.go ShouldInject)"
    if not inject or annotations.get(_P + "agent-inject-status") == "injected":
        return pod, (), None, None
    status = template.get("status") if isinstance(template, dict) else None
    phase = status.get("phase") if isinstance(status, dict) else None
    if isinstance(phase, str) and phase not in ("", "Pending"):  # "too late now"
        return pod, (), None, None
    if namespace in _SYSTEM:
        return pod, (), None, f"Vault's injector refuses the pod: it cannot inject into system namespaces: {namespace} (agent-inject/handler.go Mutate)"
    if (lost := _no_token_mount(template, annotations)) is not None:
        return pod, (), None, lost
    flags: dict[str, bool] = {}
    for key, default in (("agent-init-first", False), ("agent-pre-populate", True), ("agent-pre-populate-only", False)):
        parsed = _weak_bool(annotations, _P + key, default)
        if parsed is None:
            return pod, (), None, f"Vault's injector refuses the pod: {_P}{key} {annotations[_P + key]!r} is no bool (agent-inject/agent/agent.go New)"
        flags[key] = parsed
    if (invalid := _invalid(annotations)) is not None:
        return pod, (), None, f"Vault's injector refuses the pod: {invalid} (agent-inject/agent/agent.go Validate)"
    lists: dict[str, dict[str, Quantity]] = {"requests": {}, "limits": {}}
    for key, kind, resource, fallback in _RESOURCES:
        value = annotations.get(_P + key, fallback)
        if value == "":  # not asked for
            continue
        quantity = go_quantity(value)
        if quantity is None:
            return pod, (), None, f"Vault's injector refuses the pod: {_P}{key} {value!r} is no quantity ({SOURCE})"
        lists[kind][resource] = quantity
    requests, limits = lists["requests"], lists["limits"]
    resources = ResourceRequirements(requests or None, limits or None)
    written = ", ".join(
        f"{kind[:-1]} {resource} {q.canonical()}{'' if _P + key in annotations else ' (default)'}"
        for key, kind, resource, _ in _RESOURCES for q in [lists[kind].get(resource)] if q is not None
    )  # fmt: skip
    at = (*pointer, "metadata", "annotations")
    names: list[str] = []
    if flags["agent-pre-populate"]:
        first = flags["agent-init-first"]
        init = Container("vault-agent-init", ContainerType.INIT, 0 if first else len(pod.init_containers), resources, pointer=at)
        moved = tuple(replace(c, index=c.index + 1) for c in pod.init_containers) if first else pod.init_containers
        pod = replace(pod, init_containers=(init, *moved) if first else (*moved, init))
        names.append("init container 'vault-agent-init'" + (" (first: agent-init-first)" if first else ""))
    if not flags["agent-pre-populate-only"]:
        sidecar = Container("vault-agent", ContainerType.REGULAR, len(pod.containers), resources, pointer=at)
        pod = replace(pod, containers=(*pod.containers, sidecar))
        names.append("container 'vault-agent'")
    if not names:
        return pod, (), None, None
    note = (
        f"Vault's injector adds {' and '.join(names)} with {written or 'no resources'} (the pod's vault.hashicorp.com/agent-*"
        f" annotations, else the injector's defaults; {SOURCE})"
    )
    patched = any(_P + k in annotations for k in ("agent-json-patch", "agent-init-json-patch"))
    return pod, (note,), JSON_PATCH if patched else None, None
