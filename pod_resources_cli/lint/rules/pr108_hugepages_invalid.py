"""Hugepages request differs from the limit, lacks one, or is not a page multiple.

## What it flags
A `hugepages-<size>` request different from its limit, a hugepages request
without a limit, or a hugepages amount that is not a whole number of pages
(`3Mi` of `hugepages-2Mi`), on a container or at pod level.

## Why
Hugepages cannot be overcommitted (`helper.IsOvercommitAllowed`), so the API
server requires request == limit ("must be equal to hugepages-2Mi limit of
4Mi", "Limit must be set for non overcommitable resources") and whole pages
(`validateResourceQuantityHugePageValue`: "3Mi is not positive integer
multiple of hugepages-2Mi").

## How to fix
Set only the limit (the request defaults to it), as a multiple of the page
size.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: dpdk
spec:
  containers:
  - name: app
    image: dpdk-app:1.0
    resources:
      requests: {memory: 64Mi, hugepages-2Mi: 2Mi}
      limits: {memory: 64Mi, hugepages-2Mi: 4Mi}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: dpdk
spec:
  containers:
  - name: app
    image: dpdk-app:1.0
    resources:
      limits: {memory: 64Mi, hugepages-2Mi: 4Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR108")


RULE = Rule("PR108", "hugepages-invalid", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
