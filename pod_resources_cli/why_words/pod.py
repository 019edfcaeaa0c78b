"""Words for the pod as the API server stores it: QoS class, defaults, totals, priority."""

from __future__ import annotations

from typing import Final

from pod_resources_cli.kube.provenance import Why
from pod_resources_cli.why_words.base import Wording, first_part, joined_parts, template


def _scope(w: Why) -> str:
    return "pod-level resources" if w.get("pod_level") else "containers"


def _lacking(w: Why) -> str:
    lacking = w.get("lacking")
    assert isinstance(lacking, tuple)
    return f"{w.get('type')} container {w.get('container')!r} has no {' or '.join(lacking)} limit"


QOS: Final[dict[str, Wording]] = {
    "qos.best-effort.containers": lambda w: "no container sets a cpu or memory request or limit" + (" above zero" if w.get("zeros") else ""),
    "qos.best-effort.pod-level": template("spec.resources is set but names neither cpu nor memory"),
    "qos.guaranteed": lambda w: f"{_scope(w)}: cpu and memory requests equal limits",
    "qos.burstable": lambda w: f"{_scope(w)}: {joined_parts(w)}",
    "qos.pod-limits-incomplete": template("the pod-level limits do not set both cpu and memory"),
    "qos.container-limit-missing": _lacking,
    "qos.request-not-limit": template("{resource} request {request} != limit {limit}"),
    "qos.request-without-limit": template("{resource} has a request but no limit"),
    "qos.limit-without-request": template("a limit is set without the matching request"),
    "qos.status-class": template("status.qosClass (set at creation; the kubelet reads it: GetPodQOS)"),
}

DEFAULTS: Final[dict[str, Wording]] = {
    "defaults.request-from-limit": template("request defaulted from limit"),
    "defaults.pod-hugepages-limit": template("pod hugepages limit = aggregate of container limits"),
    "defaults.pod-request-aggregate": template("pod request = aggregate of container requests"),
    "defaults.pod-request-from-limit": template("pod request defaulted from pod limit"),
    "defaults.pod-limit-sum": template("pod limit = sum of container limits ({gate})"),
}

MAX_TERMS: Final = 8  # past this, a formula names the count instead of every term


def _sum(terms: object) -> str:
    assert isinstance(terms, tuple)
    return " + ".join(f"{name} {q}" for name, q in terms)


def _totals(w: Why) -> str:
    steady, peaks, lacking = w.get("steady"), w.get("peaks"), w.get("lacking")
    assert isinstance(steady, tuple) and isinstance(peaks, tuple) and isinstance(lacking, tuple)
    text = _sum(steady) if len(steady) <= MAX_TERMS else f"the sum of {len(steady)} running containers"
    terms = [text] if steady else []  # no running container sets it: the init containers' peaks alone
    terms += [_sum(p) for p in peaks]
    if len(terms) > 1:
        text = f"max({', '.join(terms)})"
    elif terms:
        text = terms[0]
    if lacking:
        who = ", ".join(lacking) if len(lacking) <= MAX_TERMS else f"{len(lacking)} containers"
        text += f"; {who} set no {w.get('resource')} limit, so the pod cgroup has none"
    return text + _overhead(w)


def _overhead(w: Why) -> str:
    overhead = w.get("overhead")
    return "" if overhead is None else f" + overhead {overhead}"


def _pod_level_totals(w: Why) -> str:
    text = f"pod-level spec.resources.{w.get('kind')}"
    if w.parts:
        text += f" (defaulted: {first_part(w)})"
    return text + _overhead(w)


TOTALS: Final[dict[str, Wording]] = {
    "pod.totals.containers": _totals,
    "pod.totals.pod-level": _pod_level_totals,
}

VALUES: Final[dict[str, Wording]] = {
    "value.as-written": template("as written"),
    "value.rounded-up": template("{written} as written, rounded up to a milli-unit when stored (SetDefaults_ResourceList)"),
    "limitrange.default": template("LimitRange {limit_range} {field}"),
    "cgroup.unwritten": template("not written: the kernel's default"),
    "priority.no-class": template("no priorityClassName and no globalDefault PriorityClass: 0"),
    "priority.global-default": template("globalDefault PriorityClass {priority_class}"),
    "priority.class": template("PriorityClass {priority_class}"),
    "priority.from-the-cluster": template("spec.priority, set by the Priority plugin when the pod was created"),
}

WORDS: Final[dict[str, Wording]] = {**QOS, **DEFAULTS, **TOTALS, **VALUES}
