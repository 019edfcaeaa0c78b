"""Device manager <- pkg/kubelet/cm/devicemanager/ (topology_hints.go @584e224b4318,
manager.go @7510f32987fe, pod_devices.go; each module names what it follows)."""
