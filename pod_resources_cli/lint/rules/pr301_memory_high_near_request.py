"""Memory QoS throttles a container soon after it passes its request.

## What it flags
With `--node` on a node where Memory QoS is on (feature gate `MemoryQoS`,
cgroup v2, a `memoryThrottlingFactor`): a container whose `memory.high`
leaves less than `min-burst-fraction` (default 0.5) of the room between its
memory request and limit before the kernel starts throttling it.

## Why
KEP-2570 sets `memory.high` to request + factor x (limit - request),
rounded down to the page size. Above `memory.high` the kernel reclaims the
container's memory aggressively and the processes slow down, long before
the limit: with request 500Mi, limit 1000Mi and factor 0.1, throttling starts
at 550Mi, so the 1000Mi limit is never usable in practice. A Windows pod
(`spec.os.name: windows` or a `kubernetes.io/os: windows` node selector) has
no cgroup and no `memory.high`: not checked.

## How to fix
Raise the request towards real usage (the gap shrinks), or raise the node's
`memoryThrottlingFactor`; set request == limit to turn `memory.high` off for
the container.

## Options
- `min-burst-fraction` (number, default 0.5): the share of the request-to-limit
  range that must stay below `memory.high`.

## Node
```yaml
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
featureGates: {MemoryQoS: true}
memoryThrottlingFactor: 0.1
---
apiVersion: v1
kind: Node
metadata: {name: qos}
status:
  capacity: {cpu: "8", memory: 32Gi, pods: "110"}
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {memory: 500Mi}
      limits: {memory: 1000Mi}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {memory: 1000Mi}
      limits: {memory: 1000Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, OptionKind, Options, OptionSpec, Rule, summary_of
from pod_resources_cli.lint.rules._common import q
from pod_resources_cli.quantity import Format, Quantity

FRACTION = OptionSpec("min-burst-fraction", OptionKind.DECIMAL, Decimal("0.5"), "share of request..limit below memory.high")


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    report = ctx.report
    if report is None or ctx.pod.windows:  # no cgroup, so no memory.high, on a Windows node
        return
    fraction = options.get(FRACTION.name, FRACTION.default)
    assert isinstance(fraction, Decimal)
    for c in report.containers:
        high = c.cgroup.v2.get("memory.high") if c.cgroup is not None else None
        req, lim = c.requests.get("memory"), c.limits.get("memory")
        if high is None or not high.isdigit() or req is None or lim is None or lim <= req:
            continue
        room = lim.value() - req.value()
        below = int(high) - req.value()
        if Decimal(below) < fraction * room:
            shown = Quantity.from_int(int(high), Format.BINARY_SI)
            gap = Quantity.from_int(max(below, 0), Format.BINARY_SI)
            yield Hit(
                f"container {c.name!r}: memory.high {q(shown)} leaves {q(gap)} above the request {q(req)} before the "
                f"kernel throttles it, of the {q((lim - req).with_format(Format.BINARY_SI))} up to the limit {q(lim)}",
                (*c.pointer, "resources"),
                container=c.name,
            )


RULE = Rule(
    "PR301", "memory-high-near-request", Severity.WARNING, summary_of(__doc__), __doc__ or "", check,
    options=(FRACTION,), needs_node=True, claims_qos=True,
)  # fmt: skip
