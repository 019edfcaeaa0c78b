"""Why a value is what it is, as data: the rule, the values it used, the upstream code.

kube/ computations return a ``Why`` beside each value instead of a sentence;
the words are made once, by why_words.py, for every output. ``rule`` is a
stable identifier ("cgroup.cpu-weight.kubelet-linear"), ``inputs`` the named
values the rule used (ints, Quantities, names, flags, nested Whys), ``ref``
the upstream file and function, ``parts`` the reasons one value's reason
embeds (the quota's reason embeds the period's). A ref names the file the
computing module cites with its version, e.g. pkg/kubelet/cm/cgroup_manager_linux.go
getCPUWeight (k/k afd5df58bd7d) for cpu.weight.

``verbatim`` wraps text that is already someone's words: an upstream error
message the API server or the kubelet prints as is.
"""

from __future__ import annotations

from typing import NamedTuple

VERBATIM = "verbatim"


class Why(NamedTuple):
    """Structured provenance of one value: hashable, comparable, no words.

    A NamedTuple rather than a frozen dataclass: a report builds dozens per
    pod, and a tuple is made several times faster (and defined faster at
    start-up, on every pre-commit run)."""

    rule: str
    inputs: tuple[tuple[str, object], ...] = ()
    ref: str = ""
    parts: tuple[Why, ...] = ()

    def get(self, name: str, default: object = None) -> object:
        for key, value in self.inputs:
            if key == name:
                return value
        return default

    def rules(self) -> frozenset[str]:
        """This rule and every rule nested in its inputs and parts."""
        out = {self.rule}
        for value in (*(v for _, v in self.inputs), *self.parts):
            if isinstance(value, Why):
                out |= value.rules()
            elif isinstance(value, tuple):
                out |= {r for v in value if isinstance(v, Why) for r in v.rules()}
        return frozenset(out)

    def mentions(self) -> frozenset[str]:
        """Every name this provenance mentions: its rule, its inputs' names and
        string values (a feature gate decision: its gate), through nested Whys,
        tuples and parts. diff finds the settings a value depends on here
        (analysis/diff.py reasons_for), not in the words."""
        from pod_resources_cli.features import Decision  # only diff asks

        out: set[str] = set()
        todo: list[object] = [self]
        while todo:
            value = todo.pop()
            if isinstance(value, Why):
                out.add(value.rule)
                out.update(k for k, _ in value.inputs)
                todo += [v for _, v in value.inputs]
                todo += value.parts
            elif isinstance(value, str):
                out.add(value)
            elif isinstance(value, Decision):
                out.add(value.gate)
            elif isinstance(value, tuple):
                todo += value
        return frozenset(out)


def because(rule: str, *parts: Why, ref: str = "", **inputs: object) -> Why:
    """Why(rule, inputs in the order given, ref, parts)."""
    return _new(Why, (rule, tuple(inputs.items()), ref, parts))  # the tuple as Why(...) makes it, without its keyword handling


_new = tuple.__new__  # a report makes about thirty Whys a pod


def verbatim(text: str) -> Why:
    """Words that are already final: the cluster's own message."""
    return Why(VERBATIM, (("text", text),))
