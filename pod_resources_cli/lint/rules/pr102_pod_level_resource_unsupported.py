"""Pod-level resources name something other than cpu, memory or hugepages.

## What it flags
`spec.resources` (KEP-2837 pod-level resources) with a resource other than
`cpu`, `memory` or `hugepages-<size>` (ephemeral-storage, an extended
resource such as `nvidia.com/gpu`), or with `claims`.

## Why
`validatePodResourceName` accepts only the resources the kubelet can enforce
for the whole pod: the API server answers `Unsupported value:
"example.com/foo": supported values: "cpu", "hugepages-", "memory"`, and an
extended resource there also lacks the limit it would need. Claims are
forbidden at pod level ("claims may not be set for Resources at pod-level").

## How to fix
Keep extended resources, ephemeral-storage and claims on the containers that
use them; put only cpu, memory and hugepages in `spec.resources`.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  resources:
    requests: {cpu: "4", nvidia.com/gpu: "1"}
  containers:
  - name: app
    image: trainer:1.0
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  resources:
    requests: {cpu: "4"}
  containers:
  - name: app
    image: trainer:1.0
    resources:
      limits: {nvidia.com/gpu: "1"}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules._common import validation_hits


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from validation_hits(ctx, "PR102")


RULE = Rule("PR102", "pod-level-resource-unsupported", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
