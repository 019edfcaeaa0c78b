"""The kubelet refuses the pod with TopologyAffinityError.

## What it flags
With `--node`: a pod the Topology Manager cannot place under its policy
(`restricted` or `single-numa-node`): its CPUs, memory, hugepages or devices
cannot come from the NUMA nodes the policy allows. After the kubelet's
words the finding says why, from the hints the merge used: what each
resource asked for and which NUMA nodes it prefers, and why the policy
refused the best merged hint, e.g. `Pod scope: nvidia.com/gpu: 5 devices
need NUMA nodes 0,1 (4 free per NUMA node); cpu: 4 exclusive CPUs fit on
NUMA node 0 or 1; single-numa-node admits only a hint on one NUMA node that
every resource prefers, and nvidia.com/gpu offers none`.

## Why
The Topology Manager (pkg/kubelet/cm/topologymanager) merges the hints of
the CPU, Memory and Device managers; when no preferred merged hint exists
under `single-numa-node` or `restricted`, admission fails with
`TopologyAffinityError: Resources cannot be allocated with Topology
locality`. The scheduler does not know about NUMA, so it keeps placing the
pod on such nodes, where it fails. A merged hint is preferred only when
every resource's hint is preferred and on the same NUMA nodes (policy.go
mergePermutation); `single-numa-node` first keeps only preferred hints on
one NUMA node (filterSingleNumaHints).

## How to fix
Make the pod fit one NUMA node (fewer CPUs or less memory per container),
use the `pod` scope to align the pod as a whole, or relax the node's policy.

## Node
```yaml
apiVersion: pod-resources/v1
kind: NodeProfile
name: two-numa
sockets: 2
coresPerSocket: 4
threadsPerCore: 2
memoryPerNumaNode: 32Gi
kubelet:
  cpuManagerPolicy: static
  reservedSystemCPUs: "0,8"
  topologyManagerPolicy: single-numa-node
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: engine
spec:
  containers:
  - name: app
    image: engine:5
    resources:
      limits: {cpu: "12", memory: 8Gi}
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: engine
spec:
  containers:
  - name: app
    image: engine:5
    resources:
      limits: {cpu: "6", memory: 8Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.lint.rules.pr402_smt_alignment_error import refusal_hits

REASON = "TopologyAffinityError"


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from refusal_hits(ctx, (REASON,))


RULE = Rule(
    "PR501", "topology-affinity-error", Severity.ERROR, summary_of(__doc__), __doc__ or "", check, needs_node=True, claims_qos=True
)
