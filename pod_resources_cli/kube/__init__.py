"""Pure mirror of upstream Kubernetes: one module per upstream rule set. No I/O."""
