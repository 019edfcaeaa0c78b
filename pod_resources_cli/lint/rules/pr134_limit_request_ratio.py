"""A limit far above the request.

## What it flags
A container whose cpu or memory limit is more than `max-ratio` times its
request (default 4).

## Why
The node is packed by requests; a container allowed to burst to many times
its request relies on its neighbours being idle. For memory the excess is
reclaimed only by eviction or the OOM killer; for cpu the container's
guaranteed share (cpu.weight, from the request) is a small fraction of what
it is allowed (cpu.max, from the limit), so its latency depends on the
node's load. Namespaces often enforce the same idea with a LimitRange's
`maxLimitRequestRatio` (see PR161).

## How to fix
Raise the request towards real usage or lower the limit.

## Options
- `max-ratio` (number, default 4): the largest accepted limit/request ratio.
- `resources` (string, default "cpu,memory"): the resources to check.

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
      requests: {cpu: 100m, memory: 256Mi}
      limits: {cpu: "2", memory: 256Mi}
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
      requests: {cpu: 500m, memory: 256Mi}
      limits: {cpu: "1", memory: 256Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, OptionKind, Options, OptionSpec, Rule, summary_of
from pod_resources_cli.lint.rules._common import label, q, ratio_text

MAX_RATIO = OptionSpec("max-ratio", OptionKind.DECIMAL, Decimal(4), "largest accepted limit/request ratio")
RESOURCES = OptionSpec("resources", OptionKind.STRING, "cpu,memory", "comma-separated resources to check")


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    max_ratio = options.get(MAX_RATIO.name, MAX_RATIO.default)
    assert isinstance(max_ratio, Decimal)
    resources = [r.strip() for r in str(options.get(RESOURCES.name, RESOURCES.default)).split(",") if r.strip()]
    for c in ctx.containers():
        for name in resources:
            req, lim = c.resources.req.get(name), c.resources.lim.get(name)
            if req is None or lim is None or req.nanos <= 0:
                continue
            ratio = Decimal(lim.nanos) / Decimal(req.nanos)
            if ratio > max_ratio:
                yield Hit(
                    f"{label(c)} {name} limit {q(lim)} is {ratio_text(ratio)}x its request {q(req)} "
                    f"(more than {ratio_text(max_ratio)}x)",
                    ctx.resources_pointer(c, "limits", name),
                    container=c.name,
                )


RULE = Rule(
    "PR134", "limit-request-ratio-high", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, options=(MAX_RATIO, RESOURCES)
)
