"""A mapping repeats a key, in a file no kustomization builds.

## What it flags
A document of a plain file (one that no kustomization of the project names
as a resource) in which a mapping repeats a key: two `apiVersion` lines,
two `resources:` blocks in one container. The message says whether the
two values are the same or the first is dropped. The document is still
judged, as `kubectl apply -f` reads it.

## Why
`kubectl apply -f` of a recent release converts the file to JSON before it
sends it and keeps the last value without a word: the first value never
reaches the cluster, and a reader of the file may believe it does. The
same file is refused by kustomize (so by `kubectl apply -k`, Flux and Argo
CD's kustomize builds) and by the API server's strict decoding of a YAML
request body. In a file a kustomization builds, the repeated key makes the
build fail, and PR001 reports it as an error instead.

## How to fix
Keep one of the keys: the value that should reach the cluster.

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
      requests: {cpu: 100m, memory: 64Mi}
    resources:
      limits: {memory: 128Mi}
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
      requests: {cpu: 100m, memory: 64Mi}
      limits: {memory: 128Mi}
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine from the loader's parse failures (run/pipeline.py items_of_parsed).
RULE = Rule("PR005", "repeated-key", Severity.WARNING, summary_of(__doc__), __doc__ or "")
