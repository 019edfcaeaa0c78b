"""A document that cannot be parsed as YAML or JSON.

## What it flags
A file or document that is not valid YAML or JSON: a syntax error, a tab
used for indentation, a duplicate key, a YAML tag that would construct an
object, text that is not UTF-8 or UTF-16. Helm and other templates that are
not yet rendered are flagged too: lint their rendered output instead.

## Why
`kubectl apply` refuses the whole file (a repeated key aside, below), and
nothing in it reaches the cluster. The finding points at the line and column where the parser
stopped; with YAML the rest of that stream cannot be read, while the other
files of the run are still linted.

A duplicate key is refused by kustomize (so by `kubectl apply -k`, Flux and
Argo CD's kustomize builds) and by the API server's strict decoding of a
YAML request body: in a file a kustomization builds it is this error. In a
plain file, which `kubectl apply -f` applies keeping the last value, it is
PR005, a warning. Either way the document is judged with the last value,
so its pods still get their findings. A repeated key in a kustomization
file itself is kustomize's to judge (it reads the last value): that file is
skipped, not flagged.

## How to fix
Fix the syntax at the reported position. For templates, pipe the rendered
manifests in: `helm template my-release ./chart | pod-resources lint -`.

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
     resources: {}
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
    resources: {}
```
"""

from __future__ import annotations

from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Rule, summary_of

# Reported by the engine from the loader's parse failures.
RULE = Rule("PR001", "invalid-yaml", Severity.ERROR, summary_of(__doc__), __doc__ or "")
