"""What the cluster does with the pod changes in the Kubernetes version named by `--upgrade-to`.

## What it flags
With `--upgrade-to VERSION` (or `upgrade-to:` in the lint configuration):
every pod or container for which the target version gives another answer
than the version linted (`--kubernetes-version`, default 1.37): effective
requests and limits, QoS class, cgroup files (v2 and v1), OOM score, and
with `--node` the kubelet's admission, CPU set and NUMA nodes. One finding
per pod and per container, at its line, naming the changed values with
before and after, and the settings that decide them (a feature gate whose
default flips, the version's own defaulting). The comparison is the one
`pod-resources diff --from-version ... --to-version ...` makes, on the
`--node` description or the embedded node.

## Why
A kubelet or API server upgrade changes what happens to the same manifests
without a line of them changing: in 1.34 `PodLevelResources` turns on and a
pod's `spec.resources`, dropped until then, starts to decide its QoS class
and cgroups; in 1.37 `MemoryQoS` turns on and writes `memory.high` on nodes
that set a throttling factor. Reporting each change at the pod's line lets a
repository gate on "nothing changes silently in the next release" (give
PR601 the severity `error`, or run with `--fail-on warning`).

## How to fix
Read each change: when it is what you want, nothing; otherwise set the
resources (or the node's configuration, or the feature gate) so that both
versions agree, and lint again. `pod-resources diff` shows every change of a
whole repository grouped by its reason.

## Upgrade
```yaml
kubernetes-version: "1.33"
upgrade-to: "1.34"
```

## Failing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  resources:
    requests: {cpu: "2", memory: 4Gi}
    limits: {cpu: "4", memory: 8Gi}
  containers:
  - name: main
    image: trainer:1.0
```

## Passing example
```yaml
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  containers:
  - name: main
    image: trainer:1.0
    resources:
      requests: {cpu: "2", memory: 4Gi}
      limits: {cpu: "4", memory: 8Gi}
```
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from pod_resources_cli.lint.context import RuleContext
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.rule import Hit, Options, Rule, summary_of
from pod_resources_cli.location import Pointer

if TYPE_CHECKING:  # a run without --upgrade-to loads no diff or node code
    from pod_resources_cli.analysis.diff import Change, SettingChange

# Values named in one finding; the rest are counted ("and N more").
SHOWN = 4
_CONTAINER = re.compile(r"^containers\[(?P<name>[^\]]*)\]\.(?P<rest>.*)$")


def check(ctx: RuleContext, options: Options) -> Iterator[Hit]:
    diff = ctx.upgrade_diff
    if diff is None or not diff.changes or ctx.upgrade is None:
        return
    before, after = ctx.upgrade.before.gates.version, ctx.upgrade.after.gates.version
    scopes: dict[str | None, list[tuple[str, Change]]] = {}
    for change in diff.changes:
        m = _CONTAINER.match(change.field)
        name, rest = (m.group("name"), m.group("rest")) if m else (None, change.field)
        scopes.setdefault(name, []).append((rest, change))
    for name, changes in scopes.items():
        pointer: Pointer = ctx.written.pointer
        if name is not None:
            written = ctx.written_container(name)
            pointer = written.pointer if written is not None else pointer
        what = f"container {name!r}" if name is not None else "the pod"
        yield Hit(
            f"on Kubernetes {after} (linted as {before}), {what} changes: {_values(changes)}; because of {_reasons(changes)}",
            pointer,
            container=name,
        )


def _shown(value: str | None) -> str:
    if value is None:
        return "none"
    return f'"{value}"' if " " in value else value


def _values(changes: Sequence[tuple[str, Change]]) -> str:
    # cgroup v1 files last: on the same change they repeat what v2 says
    ordered = sorted(changes, key=lambda item: ".cgroup.v1." in f".{item[0]}")
    parts = [
        f"{key} {_shown(c.before.value if c.before else None)} -> {_shown(c.after.value if c.after else None)}"
        for key, c in ordered[:SHOWN]
    ]  # fmt: skip
    more = len(ordered) - SHOWN
    return ", ".join(parts) + (f" and {more} more (see `pod-resources diff`)" if more > 0 else "")


def _reasons(changes: Sequence[tuple[str, Change]]) -> str:
    reasons: list[SettingChange] = []
    for _, c in changes:
        reasons.extend(r for r in c.reasons if r not in reasons)
    # the version is in the message already; name it only when nothing else decides
    named = [r for r in reasons if r.key != "version"] or reasons
    return "; ".join(str(r) for r in named)


RULE = Rule(
    "PR601", "changes-on-upgrade", Severity.WARNING, summary_of(__doc__), __doc__ or "", check, needs_upgrade=True, claims_qos=True,
)  # fmt: skip
