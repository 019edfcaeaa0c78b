"""Topology manager ← pkg/kubelet/cm/topologymanager/ (kubernetes v1.32 and the KEP-5526
pod scope first released in v1.36; each module names the files and the version it follows)."""
