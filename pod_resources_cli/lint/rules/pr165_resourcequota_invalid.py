"""A ResourceQuota the API server rejects, so it counts and refuses nothing.

## What it flags
A ResourceQuota (among the linted manifests) that fails the API server's
validation (`ValidateResourceQuotaSpec`, pkg/apis/core/validation/validation.go),
checked as the API server stores it (every `hard` amount rounded up to a
milli-unit):
- a negative amount, or a fractional one for a counted resource (`pods`,
  `services`, `count/<resource>`, extended resources such as
  `example.com/gpu`): `count/pods: "2.5"`;
- a resource name that is not a qualified name, or an unqualified name the
  quota system does not know (`storage`, `gpu`);
- an unknown scope, a scope that cannot apply to a resource of `hard`
  (`BestEffort` tracks only `pods`; `Terminating`, `NotTerminating`,
  `NotBestEffort`, `PriorityClass` and `CrossNamespacePodAffinity` only
  `pods` and cpu and memory; `VolumeAttributesClass` only
  `persistentvolumeclaims` and `requests.storage`), or conflicting scopes
  (`BestEffort` with `NotBestEffort`, `Terminating` with `NotTerminating`);
- a `scopeSelector` expression with an unknown operator, `In`/`NotIn`
  without values, `Exists`/`DoesNotExist` with values, or an operator other
  than `Exists` for a scope that only has one (all but `PriorityClass` and
  `VolumeAttributesClass`).

## Why
`kubectl apply` fails with `ResourceQuota "compute" is invalid: ...` and the
object is never created: the namespace has no such quota. The other rules
therefore ignore it (PR162 and PR163 do not count against it), which is
what the cluster does; `explain` and `admit` say so on stderr. A quota with
a value the API server cannot decode at all (a malformed quantity, reported
by PR002) is ignored the same way.

## How to fix
Use whole numbers for counts, the names of the quota documentation, and
scopes that fit the resources (a `BestEffort` quota can only limit `pods`).

## Failing example
```yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
  namespace: shop
spec:
  hard: {pods: "10", requests.cpu: "4"}
  scopes: [BestEffort]
```

## Passing example
```yaml
apiVersion: v1
kind: ResourceQuota
metadata:
  name: compute
  namespace: shop
spec:
  hard: {pods: "10", requests.cpu: "4"}
  scopes: [NotBestEffort]
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine when it meets the ResourceQuota (lint/namespace.py).
RULE = Rule("PR165", "resourcequota-invalid", Severity.ERROR, summary_of(__doc__), __doc__ or "")
