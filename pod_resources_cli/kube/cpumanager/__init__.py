"""The kubelet's CPU manager ← pkg/kubelet/cm/cpumanager/ (kubernetes v1.32 and the
KEP-5526 additions first released in v1.36; each module names the files and the version
it follows)."""

from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager

__all__ = ["CPUManager"]
