"""Topology manager ← pkg/kubelet/cm/topologymanager/."""
