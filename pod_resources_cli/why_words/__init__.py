"""Provenance -> words: one table from a rule (kube/provenance.py) to its sentence.

Every output that says why a value is what it is (explain's table, json,
yaml and wide views, diff, admit, lint's messages) words a ``Why`` here, so
a rule is worded once. It sits beside features.py, which words gate
decisions, rather than in render/: lint's findings quote a QoS reason too, and
lint may not import render (tests/test_layers.py).
"""

from __future__ import annotations

from pod_resources_cli.why_words import affinity, cgroup, notes, placement, pod
from pod_resources_cli.why_words.base import TABLE, maybe_words, words
from pod_resources_cli.why_words.cgroup import CPU_WEIGHT_RULES
from pod_resources_cli.why_words.pod import MAX_TERMS

for _area in (pod.WORDS, cgroup.WORDS, placement.WORDS, affinity.WORDS, notes.WORDS):
    TABLE.update(_area)

__all__ = ["CPU_WEIGHT_RULES", "MAX_TERMS", "TABLE", "maybe_words", "words"]
