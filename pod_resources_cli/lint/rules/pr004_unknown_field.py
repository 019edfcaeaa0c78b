"""A misspelled or unknown field, which strict field validation rejects.

## What it flags
A key that names no field of its Kubernetes type, in a built-in workload
(Pod, Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController,
Job, CronJob, PodTemplate), down through its pod template, pod spec,
containers, init and ephemeral containers, and their `resources`:
`resources: {request: ...}`, `limts:`, `resource:`, `containres:`,
`initContainer:`. Keys are case-sensitive (`Resources` is not `resources`).
When a known field is close, the message says which ("did you mean
"requests"?"). The field names are Kubernetes 1.37's, from its OpenAPI spec;
`metadata`, `status` and the parts of the spec this tool does not read
(probes, volumes, affinity...) are left to the API server. An object of a
no-longer-served apiVersion (`extensions/v1beta1`...) is checked from its pod
template down; custom resources are not checked.

## Why
`kubectl apply`, `create` and `replace` validate fields strictly by default
(`--validate=strict`, done by the API server since Kubernetes 1.25), and the
API server refuses the whole object:
`strict decoding error: unknown field "spec.template.spec.containers[0].resources.request"`.
With `--validate=warn` or `false` it is worse: the key is dropped (with a
warning, or silently) and the container runs without the requests or limits
you wrote.
Either way what you wrote is not what runs, so the object is left out of the
other rules, as for PR002.

A kuttl or chainsaw test step file (`NN-name.yaml` of a test case) is
created by the harness through client-go, which asks for no field
validation: the API server's default, Warn, drops the field and creates the
rest; so is an object an AppWrapper wraps, which its controller (or MCAD)
creates. There the finding is a warning that says so, not an error, and the
pod, created without the field, is checked by the other rules.

## How to fix
Spell the field as the API does (the suggestion, when there is one), or move
it to the level where it belongs (`requests` goes under `resources`).
`kubectl explain pod.spec.containers.resources` lists a type's fields.

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
      request:
        cpu: 500m
        memory: 256Mi
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
      requests:
        cpu: 500m
        memory: 256Mi
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine from the decoder's problems that carry this code
# (model/decode/fields.py: UNKNOWN_FIELD_RULE).
RULE = Rule("PR004", "unknown-field", Severity.ERROR, summary_of(__doc__), __doc__ or "")
