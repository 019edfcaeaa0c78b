"""JuiceFS CSI driver's mount pods (juicedata/juicefs-csi-driver
@5e5a4b3b9b82 pkg/config/setting.go, pkg/juicefs/mount/builder/pod.go).

In its default mode (mount pod mode) the driver's node plugin mounts a
JuiceFS volume by creating a pod, in the driver's own namespace
(cmd/node.go ``JUICEFS_MOUNT_NAMESPACE``, the node plugin's
``metadata.namespace`` in deploy/k8s.yaml: kube-system, where every manifest
of deploy/ installs it; so its LimitRanges and quotas are kube-system's,
whatever the StorageClass's or volume's), on each node where an
application pod uses the volume: one per PersistentVolume and node (with
``STORAGE_CLASS_SHARE_MOUNT``, one per StorageClass and node), shared by
every pod there that uses it (the introduction of its docs). So a StorageClass
whose ``provisioner`` is ``csi.juicefs.com``, and a PersistentVolume whose
``spec.csi.driver`` is, each stand for one mount pod per node that uses
their volumes; its priorityClassName is ``system-node-critical``
(pkg/config/config.go JFSMountPriorityName).

The pod's one container ``jfs-mount`` (pkg/common/common.go
MountContainerName; builder/pod.go genCommonContainer) gets the setting's
resources (builder/common.go ``pod.Spec.Containers[0].Resources =
r.jfsSetting.Attr.Resources``), which GenPodAttrWithCfg
(pkg/config/setting.go) computes from the volume context with
ParsePodResources: the defaults of getDefaultResource, requests of
``1000m`` cpu and ``1Gi`` of memory and limits of ``5000m`` and ``5Gi``
(pkg/common/common.go DefaultMountPodCpuRequest, DefaultMountPodMemRequest,
DefaultMountPodCpuLimit, DefaultMountPodMemLimit), each replaced by the
volume context's ``juicefs/mount-cpu-request``, ``juicefs/mount-memory-
request``, ``juicefs/mount-cpu-limit`` or ``juicefs/mount-memory-limit``
where it is a non-empty string; a limit written zero or less is removed (no
limit), a request written below zero is removed. A value
resource.ParseQuantity refuses fails the whole setting: the node plugin
returns the error and the volume is never mounted (no mount pod). The
volume context is a dynamically provisioned volume's StorageClass
``parameters`` (pkg/driver/controller.go CreateVolume copies every
parameter into it), a static PersistentVolume's ``spec.csi.volumeAttributes``.
A StorageClass parameter written as a template, ``${.pvc.annotations.KEY}``
and the like (pkg/util/resource/pvc.go ``pattern``), is filled in for each
claim by the controller's provisioner (pkg/driver/provisioner.go Provision:
ObjectMeta.StringParser), an empty string where the claim has no such
annotation or label: the default applies there, and it is the value shown,
with a note that each claim may set its own.

The driver's ConfigMap (``juicefs-csi-driver-config``, ``mountPodPatch``,
another object; applyConfigPatch) may replace these resources for the
volumes it selects, or compute them from the application's (its
percentages), and in sidecar mode (the driver's webhook) the same
container is injected into the application pod instead; the pod is
reported as written with that reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from pod_resources_cli.location import Pointer
from pod_resources_cli.model.decode.kind_types import Derive, Derived, FieldIn, MainContainer, PodPath, WorkloadKind
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.quantity import Quantity, QuantityError, parse_quantity

_REPO: Final = "juicedata/juicefs-csi-driver @5e5a4b3b9b82"
_SOURCE: Final = f"{_REPO} pkg/config/setting.go ParsePodResources"
_DRIVER: Final = "csi.juicefs.com"
# (the volume context's key, requests or limits, resource, the driver's default: pkg/common/common.go)
_KEYS: Final = (
    ("juicefs/mount-cpu-request", "requests", "cpu", "1000m"),
    ("juicefs/mount-memory-request", "requests", "memory", "1Gi"),
    ("juicefs/mount-cpu-limit", "limits", "cpu", "5000m"),
    ("juicefs/mount-memory-limit", "limits", "memory", "5Gi"),
)
# pkg/util/resource/pvc.go: the templates Provision fills in from the claim or the node
# (``\$\{\.(PVC|pvc|node)\.((labels|annotations)\.(.*?)|.*?)\}`` searched: a ``${.pvc.`` with a ``}`` after it on
# its line; has_template finds it in one pass, where the expression tried every opening to the end of the line)
_TEMPLATE_HEAD: Final = re.compile(r"\.(?:PVC|pvc|node)\.")


def has_template(value: str) -> bool:
    """The value holds a template of pkg/util/resource/pvc.go: ``${.pvc.`` (``.PVC.``, ``.node.``) and a ``}``
    later on its line."""
    close = line_end = -1  # the nearest ``}`` and newline at or after the last place asked (as source/template_scan.py)
    at = value.find("${")
    while at >= 0:
        head = _TEMPLATE_HEAD.match(value, at + 2)
        if head is not None:
            after = head.end()
            if close < after:
                close = value.find("}", after)
                if close < 0:
                    return False  # no later opening has a } after it either
            if line_end < after:
                line_end = value.find("\n", after)
                if line_end < 0:
                    line_end = len(value)
            if close < line_end:
                return True
        at = value.find("${", at + 1)
    return False


_AS_WRITTEN: Final = (
    "the JuiceFS CSI driver makes this mount pod on each node where a pod uses the volume; its ConfigMap "
    "juicefs-csi-driver-config (mountPodPatch) may replace the resources applied here, and in sidecar mode the "
    "container is injected into the application pod instead"
)


def _mount_resources(templates: bool) -> Callable[[Any, Pointer, Problems], Derived]:
    """ParsePodResources over getDefaultResource; ``templates``: the values are a StorageClass's parameters, whose
    templates the provisioner fills in for each claim."""

    def compute(context: Any, pointer: Pointer, problems: Problems) -> Derived:
        return _parsed(context, pointer, problems, templates)

    return compute


def _parsed(context: Any, pointer: Pointer, problems: Problems, templates: bool) -> Derived:
    """ParsePodResources over getDefaultResource, from the volume context ``context`` (a map of strings)."""
    written = context if isinstance(context, dict) else {}
    requests: dict[str, Quantity] = {}
    limits: dict[str, Quantity] = {}
    notes: list[str] = []
    zero = Quantity(0)
    for key, kind, resource, default in _KEYS:
        value = written.get(key)
        if value is None or value == "":
            (requests if kind == "requests" else limits)[resource] = parse_quantity(default)
            notes.append(f"{kind[:-1]} {resource} {default}: the driver's default ({_REPO} pkg/common/common.go)")
            continue
        at = (*pointer, key)
        if templates and isinstance(value, str) and has_template(value):
            (requests if kind == "requests" else limits)[resource] = parse_quantity(default)
            notes.append(
                f"{kind[:-1]} {resource} {default}: the driver's default, which a claim gets where {key} {value!r} fills in "
                f"empty; the provisioner fills it in for each claim ({_REPO} pkg/driver/provisioner.go Provision)"
            )
            continue
        if not isinstance(value, str):
            problems.add(at, f"must be a string (a volume context value), not {type(value).__name__}")
            continue
        try:
            quantity = parse_quantity(value)
        except QuantityError:
            problems.add(at, f"{value!r} is no quantity: the JuiceFS driver fails the mount and makes no mount pod ({_SOURCE})")
            continue
        if (kind == "limits" and quantity.cmp(zero) <= 0) or (kind == "requests" and quantity.cmp(zero) < 0):
            notes.append(f"{kind[:-1]} {resource} unset: {key} {value!r} is {'zero or less' if kind == 'limits' else 'below zero'} ({_SOURCE})")
            continue
        (requests if kind == "requests" else limits)[resource] = quantity
        notes.append(f"{kind[:-1]} {resource} {quantity.canonical()}: {key} ({_SOURCE})")
    return Derived(requests, limits, tuple(notes), ())


def _mount_pod(path: str, context: str, driver: str, templates: bool) -> PodPath:
    """The mount pod of a volume whose CSI driver (at ``driver``) is JuiceFS's, with its volume context at ``context``."""
    main = MainContainer("jfs-mount", f"{_REPO} pkg/juicefs/mount/builder/pod.go genCommonContainer", derive=Derive(f"/{context}", _mount_resources(templates)))
    return PodPath(path, "operator", count=("1",), label="mount pod", main=(main,), as_written=_AS_WRITTEN, empty_when_absent=True,
                   always_made=True, if_field=FieldIn(driver, (_DRIVER,)), priority_class="system-node-critical", runs_in="kube-system")  # fmt: skip


JUICEFS_KINDS: Final = (
    WorkloadKind("storage.k8s.io", "StorageClass", (_mount_pod("parameters", "parameters", "provisioner", True),), "k8s.io/api/storage/v1/types.go"),
    WorkloadKind("", "PersistentVolume", (_mount_pod("spec.csi", "spec.csi.volumeAttributes", "spec.csi.driver", False),), "k8s.io/api/core/v1/types.go"),
)
