"""A PriorityClass the API server refuses, so no pod can use it.

## What it flags
A PriorityClass (scheduling.k8s.io/v1, among the linted manifests) that the
API server does not create, checked as it checks one
(`ValidatePriorityClass`, pkg/apis/scheduling/validation, and the Priority
admission plugin), in input order as `kubectl apply` applies them:
- a name that is not a DNS subdomain, or that starts with `system-` without
  being a built-in class with its exact value;
- a `value` above 1000000000 (higher values are reserved for the system);
- a `preemptionPolicy` other than `PreemptLowerPriority` or `Never`;
- a second `globalDefault: true` class (only one default can exist);
- a later object with the name of an earlier one that changes its `value`
  or `preemptionPolicy` (both are immutable).

## Why
`kubectl apply` fails, for instance with `PriorityClass.scheduling.k8s.io
"critical" is invalid: value: Forbidden: maximum allowed value of a user
defined priority is 1000000000`, and the class never exists: every pod that
names it is refused (PR167), and a refused default gives no pod its value.

## How to fix
Keep user-defined values at or below 1000000000, leave the `system-` prefix
to the built-in classes, and mark only one class `globalDefault`.

## Failing example
```yaml
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: critical
value: 2000000000
```

## Passing example
```yaml
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: critical
value: 1000000000
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine when it meets the PriorityClass (lint/namespace.py, kube/priority.py).
RULE = Rule("PR166", "priorityclass-invalid", Severity.ERROR, summary_of(__doc__), __doc__ or "")
