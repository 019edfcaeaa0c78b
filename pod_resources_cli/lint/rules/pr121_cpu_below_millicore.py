"""A cpu amount finer than a millicore, silently rounded up.

## What it flags
A cpu request or limit (containers, pod level, overhead) written with a
precision below one millicore: `cpu: 0.5m`, `cpu: 100u`, `cpu: 0.0001`.

## Why
The API server rounds every quantity up to milli precision when it stores
the pod (`SetDefaults_ResourceList` in pkg/apis/core/v1/defaults.go), so
`100u` becomes `1m` and `1.5m` becomes `2m`: the stored value is not the
one written, and a request and a limit that differ as written may become
equal. The kubelet cannot express less than 1m of cpu anyway.

## How to fix
Write cpu in whole millicores (`1m`, `250m`) or in cores (`0.25`).

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
      requests: {cpu: 0.5m}
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
      requests: {cpu: 1m}
```
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from pod_resources_cli.kube.validation import round_up_milli
from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.location import Pointer
from pod_resources_cli.quantity import Quantity


def _check(values: Mapping[str, Quantity] | None, pointer: Pointer, container: str | None) -> Iterator[Hit]:
    value = (values or {}).get("cpu")
    if value is not None and value.nanos % 10**6:
        stored = round_up_milli(value)
        yield Hit(f"cpu {value} is finer than 1m: the API server stores it as {stored}", (*pointer, "cpu"), container=container)


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    pod = ctx.written
    for c in pod.all_containers():
        for kind, values in (("requests", c.resources.requests), ("limits", c.resources.limits)):
            yield from _check(values, (*c.pointer, "resources", kind), c.name)
    if pod.resources is not None:
        for kind, values in (("requests", pod.resources.requests), ("limits", pod.resources.limits)):
            yield from _check(values, pod.spec_pointer("resources", kind), None)
    yield from _check(pod.overhead, pod.spec_pointer("overhead"), None)


RULE = Rule("PR121", "cpu-below-millicore", Severity.WARNING, summary_of(__doc__), __doc__ or "", check)
