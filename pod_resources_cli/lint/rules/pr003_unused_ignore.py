"""An ignore annotation that silences nothing.

## What it flags
A `pod-resources.io/ignore` annotation (on the object or its pod template)
that names a rule which reports nothing for that object, or names no rule
at all.

## Why
Ignores outlive the problems they were written for; a stale ignore hides
the next real finding of that rule. A misspelt rule code never worked.

## How to fix
Remove the rule from the annotation, or the annotation itself. The
annotation's value is a list of rule codes, names or code prefixes, with an
optional reason after a colon: `"PR133,PR201: batch job, best effort by design"`.

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: web
  annotations:
    pod-resources.io/ignore: "PR101: request above limit on purpose"
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 250m, memory: 256Mi}
      limits: {cpu: 500m, memory: 256Mi}
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
      requests: {cpu: 250m, memory: 256Mi}
      limits: {cpu: 500m, memory: 256Mi}
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine once the object's other findings are known.
RULE = Rule("PR003", "unused-ignore", Severity.INFO, summary_of(__doc__), __doc__ or "")
