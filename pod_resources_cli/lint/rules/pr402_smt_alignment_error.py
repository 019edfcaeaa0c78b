"""The kubelet refuses the pod with SMTAlignmentError.

## What it flags
With `--node`: a Guaranteed container whose whole-CPU request is not a
multiple of the node's threads per core while the static CPU manager runs
with the `full-pcpus-only` option.

## Why
With `full-pcpus-only` the static policy hands out whole physical cores
only (pkg/kubelet/cm/cpumanager/policy_static.go); a request of 3 CPUs on a
2-threads-per-core machine would split a core, so the kubelet refuses the
pod: `SMTAlignmentError: SMT Alignment Error: requested 3 cpus not multiple
cpus per core = 2`. The pod fails on the node after being scheduled.

## How to fix
Request a multiple of the threads per core (2 on most x86 servers).

## Node
```yaml
apiVersion: pod-resources/v1
kind: NodeProfile
name: smt
sockets: 1
coresPerSocket: 8
threadsPerCore: 2
memoryPerNumaNode: 64Gi
kubelet:
  cpuManagerPolicy: static
  cpuManagerPolicyOptions: {full-pcpus-only: "true"}
  reservedSystemCPUs: "0,8"
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
      limits: {cpu: "3", memory: 4Gi}
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
      limits: {cpu: "4", memory: 4Gi}
```
"""

from __future__ import annotations

from collections.abc import Iterator

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of

REASON = "SMTAlignmentError"


def refusal_hits(ctx: RuleContext, reasons: tuple[str, ...] | None, exclude: tuple[str, ...] = ()) -> Iterator[Hit]:
    """The kubelet's refusal of the pod on the node, when its reason is one of ``reasons``;
    a TopologyAffinityError adds why the topology manager's merge refused (analysis/affinity_why.py, worded by why_words/affinity.py)."""
    admission = ctx.admission
    if admission is None or admission.admitted:
        return
    reason = str(admission.reason or "")
    if (reasons is not None and reason not in reasons) or reason in exclude or reason.startswith("OutOf"):
        return
    node = ctx.node.name if ctx.node is not None else "the node"
    message = f"the kubelet on {node} refuses the pod: {reason}: {admission.message}"
    affinity = getattr(admission, "affinity", None)
    if affinity is not None:  # a TopologyAffinityError: the tool's account of the merge beside the kubelet's words
        from pod_resources_cli.analysis.affinity_why import refusal_why
        from pod_resources_cli.why_words import words

        message += f". {words(refusal_why(affinity))}"
    yield Hit(message, ctx.spec("containers"))


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    yield from refusal_hits(ctx, (REASON,))


RULE = Rule(
    "PR402", "smt-alignment-error", Severity.ERROR, summary_of(__doc__), __doc__ or "", check, needs_node=True, claims_qos=True
)
