"""pod-resources: what Kubernetes will do with a pod's resources, without a cluster."""

__version__ = "0.1.0"
