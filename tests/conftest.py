"""Hypothesis profiles.

``ci`` (the default) is derandomized and has no deadline: a clean clone on a
fresh machine runs the same examples every time, so CI passes or fails on the
code, not on the draw or the machine's speed. ``explore`` draws fresh examples
on each run; use it to hunt for new failures, then pin each one with
``@example`` in the test:

    HYPOTHESIS_PROFILE=explore python -m pytest -q tests/test_properties.py
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", derandomize=False, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# tests/data holds other projects' files as data, their Python test modules among them (checkov's
# test_Seccomp.py names its fixtures): never collected as this project's tests.
collect_ignore_glob = ["data/*"]
