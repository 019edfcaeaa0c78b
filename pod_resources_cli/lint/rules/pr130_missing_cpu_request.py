"""A running container without a cpu request.

## What it flags
A regular container or sidecar with no cpu request once the API server's
defaults (a request defaults to the limit) and the namespace's LimitRange
defaults are applied, in a pod without a pod-level cpu request. Init
containers are checked with the `include-init-containers` option.

## Why
The scheduler counts such a container as needing no cpu at all, so the
node can be filled beyond what the pods need; under contention the
container gets the minimum cpu weight (cpu.shares 2, the kubelet's
`MinShares`), and its pod is Burstable or BestEffort.

With the `DRANodeAllocatableResources` gate (KEP-5517, alpha from
Kubernetes 1.36), a DRA driver may map a claim's devices to node-allocatable
cpu or memory, which the scheduler then counts and the kubelet adds to the
cgroup limits: a container whose pod status maps the resource for its claim
is not flagged, and one that names claims in a manifest without status is
flagged with that condition (the mapping is in the driver's ResourceSlices).

## How to fix
Set `resources.requests.cpu` to what the container uses in steady state,
or set a pod-level cpu request (`spec.resources.requests.cpu`).

## Options
- `include-init-containers` (boolean, default false): also check init containers.

## Failing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {memory: 256Mi}
```

## Passing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 250m, memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, OptionKind, Options, OptionSpec, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, pod_level, running_containers
from pod_resources_cli.model.pod import Container

INIT = OptionSpec("include-init-containers", OptionKind.BOOLEAN, False, "also check init containers")


def _claimed(ctx: RuleContext, c: Container, resource: str) -> bool | None:
    """With DRANodeAllocatableResources, whether the container's resource claims give it ``resource`` as node
    allocatable: True where the pod's status maps it (status.nodeAllocatableResourceClaimStatuses), None where the
    container names claims whose mapping only the driver's ResourceSlices say, False otherwise (or without the gate)."""
    if not ctx.gates.enabled("DRANodeAllocatableResources"):
        return False
    for claim in ctx.pod.status.claim_statuses:
        if c.name in claim.containers and any(name == resource for name, _ in claim.mapping):
            return True
    return None if c.resources.claims and not ctx.pod.status.claim_statuses else False


def missing_request(ctx: RuleContext, options: Options, resource: str) -> Iterator[Hit]:
    if pod_level(ctx, "requests", resource) is not None:
        return
    for c in running_containers(ctx, include_init=bool(options.get(INIT.name))):
        if resource not in c.resources.req:
            claimed = _claimed(ctx, c, resource)
            if claimed:
                continue
            why = f"the scheduler reserves no {resource} for it"
            if claimed is None:
                names = ", ".join(f"'{n}'" for n in c.resources.claims)
                many = len(c.resources.claims) > 1
                why += (f" unless its resource claim{'s' if many else ''} {names} map{'' if many else 's'} node-allocatable {resource}"
                        " (DRANodeAllocatableResources: the driver's ResourceSlices say, not this manifest)")  # fmt: skip
            yield Hit(f"{label(c)} has no {resource} request: {why}", ctx.resources_pointer(c, "requests"), container=c.name)


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from missing_request(ctx, options, "cpu")


RULE = Rule("PR130", "missing-cpu-request", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, options=(INIT,), missing_resources=("cpu",), missing_requests=("cpu",))
