"""A pod naming a PriorityClass that is neither built in nor among the linted files.

## What it flags
A workload whose `priorityClassName` names no PriorityClass known here:
neither a built-in one (`system-node-critical`, `system-cluster-critical`)
nor one among the linted manifests that the API server accepts (a plain
file's class is found from every pod; a chart's, kustomization's, test
scenario's or stream's from its own pods only: docs/policies.md).

## Why
The Priority admission plugin (plugin/pkg/admission/priority) refuses a
pod whose class does not exist: `pods "web-7d4b9" is forbidden: no
PriorityClass with name high was found`. For a Deployment or a Job the
object itself is accepted, and every pod is refused when the controller
creates it, which shows up only in events. A platform team often creates
the classes in the cluster from another repository, so a class missing
here is a warning, not an error: only the cluster can tell. A class among
the inputs that the API server refuses is PR166; a priority that
contradicts a known class, PR167.

## How to fix
Name an existing PriorityClass, or ship it with the workload (lint them
together). Where the cluster's classes live elsewhere, ignore this rule
for the repository (`ignore: [PR168]`), or lint with the file that
defines them.

## Failing example
```yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      priorityClassName: high
      containers:
      - name: app
        image: web:3.2
```

## Passing example
```yaml
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 100000
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
spec:
  template:
    spec:
      priorityClassName: high
      containers:
      - name: app
        image: web:3.2
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    admission = ctx.priority
    if not admission.unknown_class:
        return
    name = ctx.written.priority_class_name
    when = "refuses its pods when they are created" if ctx.is_template else "refuses the pod"
    yield Hit(
        f"priorityClassName {name}: no PriorityClass of that name is built in or among the linted files; "
        f"the Priority admission plugin {when} unless the cluster has one",
        admission.pointer,
    )


RULE = Rule("PR168", "priority-class-not-found", Severity.WARNING, summary_of(__doc__), __doc__ or "", check)
