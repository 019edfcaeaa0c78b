"""`pod-resources admit`: admit the pods in order on one node, as the kubelet would."""

from __future__ import annotations

from typing import Annotated

import typer

from pod_resources_cli.cli.explain import (
    GatesOpt, HelmSetOpt, HelmValuesOpt, JobsOpt, MaxAliasesOpt, MaxBytesOpt, MaxDepthOpt, NamespaceOpt, NoRenderOpt, PathsArg,
    PolicyScopeOpt, StdinFilenameOpt, VersionOpt, WorkloadKindOpt,
)  # fmt: skip
from pod_resources_cli.cli.lint_options import PolicyScope
from pod_resources_cli.render import AdmitFormat


def admit_command(
    node: Annotated[str, typer.Option("--node", help="Node description file (required).")],
    paths: PathsArg = None,
    output: Annotated[AdmitFormat, typer.Option("--output", "-o", help="Output format (svg: the node's picture after admission).")] = AdmitFormat.TABLE,
    output_file: Annotated[str | None, typer.Option("--output-file", help="Write to FILE instead of standard output.", metavar="FILE")] = None,
    feature_gates: GatesOpt = None,
    kubernetes_version: VersionOpt = None,
    namespace: NamespaceOpt = None,
    policy_scope: PolicyScopeOpt = PolicyScope.UNIT,
    expand_replicas: Annotated[bool, typer.Option("--expand-replicas", help="Admit every replica of a workload, not one pod per template.")] = False,
    max_document_bytes: MaxBytesOpt = None,
    max_depth: MaxDepthOpt = None,
    max_aliases: MaxAliasesOpt = None,
    stdin_filename: StdinFilenameOpt = None,
    workload_kind: WorkloadKindOpt = None,
    no_render: NoRenderOpt = False,
    helm_values: HelmValuesOpt = None,
    helm_set: HelmSetOpt = None,
    jobs: JobsOpt = 0,
) -> None:
    """Admit the pods in order on one node: CPUs, NUMA nodes, the shrinking shared pool, refusals."""
    from pod_resources_cli.cli.admit_run import run_admit
    from pod_resources_cli.cli.options import build_limits, build_tools, check_jobs, stdin_name, workload_kinds

    limits = build_limits(max_document_bytes, max_depth, max_aliases)
    check_jobs(jobs)
    code = run_admit(
        paths or ["-"], node, output, feature_gates, kubernetes_version, namespace,
        expand_replicas=expand_replicas, limits=limits, stdin_name=stdin_name(stdin_filename), output_file=output_file,
        policy_scope=policy_scope.value,
        kinds=workload_kinds(workload_kind),
        jobs=jobs, tools=build_tools(no_render), helm_values=tuple(helm_values or ()), helm_set=tuple(helm_set or ()),
    )  # fmt: skip
    raise typer.Exit(int(code))
