"""Typed, frozen, position-free model of pods, workloads and nodes."""
