"""A pod the Priority admission plugin refuses: a priority or preemption policy that contradicts its PriorityClass.

## What it flags
A workload whose pods the Priority admission plugin
(plugin/pkg/admission/priority) forbids when they are created, whatever
else the cluster holds:
- `spec.priority` is written and differs from the value the plugin computes
  (the class's value, the `globalDefault` class's value without a class
  name, or 0 when there is no default class);
- `spec.preemptionPolicy` is written and differs from the class's.

The class is a built-in one (`system-node-critical`,
`system-cluster-critical`) or one among the linted manifests that the API
server accepts (a plain file's class is found from every pod; a chart's,
kustomization's, test scenario's or stream's from its own pods only:
docs/policies.md), and the finding names where it is. A class found
nowhere is PR168: the cluster may hold it.

## Why
The API server answers `pods "agent" is forbidden: the integer value of
priority (5) must not be provided in pod spec; priority admission
controller computed 1000 from the given PriorityClass name`. For a
Deployment or a Job the object itself is accepted, and every pod is refused
when the controller creates it, which shows up only in events.

## How to fix
Leave `spec.priority` and `spec.preemptionPolicy` out: the plugin fills
them in from the class.

## Failing example
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
      priority: 1000
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
from pod_resources_cli.lint.finding import Related, Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    admission = ctx.priority
    if admission.refusal is None or admission.unknown_class:  # a class found nowhere: PR168
        return
    when = "its pods are refused when created" if ctx.is_template else "the pod is refused"
    yield Hit(f"Priority admission: {admission.refusal} ({when})", admission.pointer, related=_class_of(ctx))


def _class_of(ctx: RuleContext) -> tuple[Related, ...]:
    """The class of the input the refusal comes from: the one the pod names,
    else the globalDefault one (none: the name is no class at all)."""
    from pod_resources_cli.kube.priority import default_priority_class
    from pod_resources_cli.lint.related import priority_class

    classes = ctx.priority_classes or {}
    name = ctx.written.priority_class_name
    pc = classes.get(name) if name else default_priority_class(classes)
    related = priority_class(pc) if pc is not None else None
    return (related,) if related is not None else ()


RULE = Rule("PR167", "priority-class-refused", Severity.ERROR, summary_of(__doc__), __doc__ or "", check)
