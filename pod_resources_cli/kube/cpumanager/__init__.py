"""The kubelet's CPU manager ← pkg/kubelet/cm/cpumanager/ (kubernetes v1.32 and the
KEP-5526 additions first released in v1.36; each module names the files and the version
it follows)."""

from typing import Any

__all__ = ["CPUManager"]


def __getattr__(name: str) -> Any:
    # Loaded when asked for: the modules a pod's report needs of this package
    # (requests.py, state.py) must not bring in the whole manager.
    if name == "CPUManager":
        from pod_resources_cli.kube.cpumanager.cpu_manager import CPUManager

        return CPUManager
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
