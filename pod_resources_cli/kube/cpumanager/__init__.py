"""The kubelet's CPU manager ← pkg/kubelet/cm/cpumanager/."""

from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager

__all__ = ["CPUManager"]
