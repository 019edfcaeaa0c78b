"""The kubelet's side of a report: cgroups, OOM scores, placement on the node."""

from __future__ import annotations

from pod_resources_cli.analysis.report import PodReport
from pod_resources_cli.features import FeatureGates


def add_kubelet_view(report: PodReport, gates: FeatureGates) -> PodReport:
    return report


def add_admission(report: PodReport, gates: FeatureGates) -> PodReport:
    return report
