"""``explain pod/NAME``: a pod read from the cluster with ``kubectl get pod NAME -o json``.

kubectl's own spellings of a pod reference are accepted (``pod/NAME``,
``pods/NAME``, ``po/NAME``) when no file or directory of that name exists.
kubectl runs without a shell, with a time limit, on a name and namespace
checked to be what the API server accepts (a DNS subdomain, a DNS label), so
neither can be read as one of kubectl's options. Whatever keeps the pod from
being read (no kubectl on PATH, kubectl failing: the first line of its
stderr that is not a client-go log line, the time limit) is an InputError: exit 2, before any output.
"""

from __future__ import annotations

import os
import re
from typing import Final

from pod_resources_cli.errors import InputError
from pod_resources_cli.records import dataclass

TIMEOUT_SECONDS: Final = 60
_PREFIXES: Final = ("pod/", "pods/", "po/")
_SUBDOMAIN: Final = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\Z")
_LABEL: Final = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?\Z")
_KLOG: Final = re.compile(r"[IWEF]\d{4} \d\d:\d\d:\d\d")


@dataclass(frozen=True, slots=True)
class PodRef:
    """A pod to read from the cluster; ``shown`` is how reports name it."""

    name: str
    namespace: str | None

    @property
    def shown(self) -> str:
        return f"pod/{self.name}"


def pod_ref(arg: str, namespace: str | None) -> PodRef | None:
    """``arg`` as a pod reference, or None when it is a path (or no reference).
    A reference with a name the API server would refuse is an InputError."""
    prefix = next((p for p in _PREFIXES if arg.startswith(p)), None)
    if prefix is None or os.path.lexists(arg):
        return None
    name = arg[len(prefix) :]
    if len(name) > 253 or not _SUBDOMAIN.match(name):
        raise InputError(f"{arg}: not a pod name (a lowercase DNS subdomain: a-z, 0-9, '-' and '.')")
    if namespace is not None and (len(namespace) > 63 or not _LABEL.match(namespace)):
        raise InputError(f"--namespace {namespace}: not a namespace name (a lowercase DNS label: a-z, 0-9 and '-')")
    return PodRef(name, namespace)


def find_kubectl() -> str | None:
    from pod_resources_cli.source.programs import find_program

    return find_program("kubectl")


def get_pod(ref: PodRef, kubectl: str | None = None) -> bytes:
    """``kubectl get pod NAME [-n NS] -o json``'s output. Raises InputError."""
    import subprocess  # only when a pod is read from the cluster

    kubectl = kubectl or find_kubectl()
    if kubectl is None:
        raise InputError(
            f"pod/{ref.name}: kubectl is not on PATH; install it, or pipe the pod in: "
            f"kubectl get pod {ref.name} -o yaml | pod-resources explain -"
        )
    argv = [kubectl, "get", "pod", ref.name, "-o", "json"]
    if ref.namespace is not None:
        argv += ["--namespace", ref.namespace]
    try:
        done = subprocess.run(argv, capture_output=True, timeout=TIMEOUT_SECONDS, stdin=subprocess.DEVNULL, check=False)
    except subprocess.TimeoutExpired:
        raise InputError(f"pod/{ref.name}: kubectl get pod did not finish in {TIMEOUT_SECONDS} s") from None
    except OSError as exc:
        raise InputError(f"pod/{ref.name}: cannot run kubectl: {exc.strerror or exc}") from None
    if done.returncode != 0:
        said = [line.strip() for line in done.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        # kubectl's own message, past client-go's klog lines ("E1126 06:51:41.606 ... memcache.go:265] ...")
        own = [line for line in said if not _KLOG.match(line)]
        first = (own or said or [f"exit status {done.returncode}"])[0]
        raise InputError(f"pod/{ref.name}: kubectl get pod failed: {first[:300]}")
    return done.stdout
