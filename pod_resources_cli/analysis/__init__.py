"""Composes the kube/ mirror into the product reports. Pure: no I/O."""
