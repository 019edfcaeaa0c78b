"""Findings: the rules (one module each, documented by its docstring, in an
explicit registry), the engine that runs them over stored pods, and the
configuration that selects them."""
