"""The kubelet refuses the pod for another resource-manager reason.

## What it flags
With `--node`: a pod the kubelet's resource managers refuse for a reason
no other rule names, typically the Memory Manager's
`UnexpectedAdmissionError` (not enough free memory or hugepages on the NUMA
nodes it may use) or a CPU manager error ("not enough cpus available").

## Why
The kubelet admits a pod only if every resource manager can allocate it
(pkg/kubelet/cm/admission/errors.go turns a manager's failure into
`UnexpectedAdmissionError: Allocate failed due to ..., which is
unexpected`). The pod is scheduled, then fails on the node.

## How to fix
Read the message: request less memory or hugepages per container, free
NUMA memory on the node (reservedMemory), or relax the policies.

## Node
```yaml
apiVersion: pod-resources/v1
kind: NodeProfile
name: mm
sockets: 1
coresPerSocket: 8
threadsPerCore: 1
memoryPerNumaNode: 8Gi
hugepagesPerNumaNode: {hugepages-2Mi: 1Gi}
kubelet:
  cpuManagerPolicy: static
  reservedSystemCPUs: "0"
  memoryManagerPolicy: Static
  kubeReserved: {memory: 500Mi}
  evictionHard: {memory.available: 100Mi}
  reservedMemory:
  - numaNode: 0
    limits: {memory: 600Mi}
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: dpdk
spec:
  containers:
  - name: app
    image: dpdk:1
    resources:
      limits: {cpu: "2", memory: 1Gi, hugepages-2Mi: 2Gi}
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
    image: dpdk:1
    resources:
      limits: {cpu: "2", memory: 1Gi, hugepages-2Mi: 512Mi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules.pr402_smt_alignment_error import REASON as SMT
from pod_resources_cli.lint.rules.pr402_smt_alignment_error import refusal_hits
from pod_resources_cli.lint.rules.pr501_topology_affinity_error import REASON as TOPOLOGY


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from refusal_hits(ctx, None, exclude=(SMT, TOPOLOGY))


RULE = Rule(
    "PR503", "admission-refused", Severity.ERROR, summary_of(__doc__), __doc__ or "", check, needs_node=True, claims_qos=True
)
