"""Shared helpers for the conformance tests: load cases, decode their pods."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pod_resources_cli.features import LATEST, FeatureGates, normalize_gates
from pod_resources_cli.model.decode.node.merge import merge_node_documents
from pod_resources_cli.model.decode.pod import decode_pod
from pod_resources_cli.model.decode.problems import Problems
from pod_resources_cli.model.node import NodeDescription
from pod_resources_cli.model.pod import Pod
from pod_resources_cli.quantity import Quantity

CONFORMANCE = Path(__file__).parent / "conformance"


@cache
def load_suite(relpath: str) -> list[dict[str, Any]]:
    with open(CONFORMANCE / relpath, encoding="utf-8") as fh:
        cases: list[dict[str, Any]] = json.load(fh)["cases"]
    return cases


def case_params(*relpaths: str) -> list[Any]:
    return [pytest.param(relpath, i, id=case["id"]) for relpath in relpaths for i, case in enumerate(load_suite(relpath))]


def case(relpath: str, index: int) -> dict[str, Any]:
    return load_suite(relpath)[index]


def gates_of(case: dict[str, Any]) -> FeatureGates:
    return FeatureGates(LATEST, normalize_gates(case.get("featureGates") or {}), "the case")


def pod_of(obj: dict[str, Any]) -> Pod:
    problems = Problems()
    meta = obj.get("metadata") or {}
    pod = decode_pod(obj, (), problems, name=str(meta.get("name", "")), namespace=meta.get("namespace"))
    assert not problems, problems.items
    return pod


def base_units(resources: dict[str, Quantity]) -> dict[str, int]:
    """The vectors' integers: cpu in millicores, everything else Value()."""
    return {name: (q.milli_value() if name == "cpu" else q.value()) for name, q in resources.items()}


def node_of(c: dict[str, Any]) -> NodeDescription:
    """The case's kubelet, machine and node parts as one node description."""
    problems = Problems()
    docs = [
        ({"kind": "KubeletConfiguration", **(c.get("kubelet") or {})}, ("kubelet",)),
        (c.get("machine") or {}, ("machine",)),
        (c.get("node") or {}, ("node",)),
    ]
    node = merge_node_documents(docs, problems, source=c["id"])
    assert not problems, problems.items
    return node


def requests_limits(container: Any) -> tuple[dict[str, str], dict[str, str]]:
    """A container's requests and limits as their canonical texts (what tests compare decoded pods by)."""
    return ({k: v.canonical() for k, v in container.resources.req.items()}, {k: v.canonical() for k, v in container.resources.lim.items()})


FoundPod = tuple[str, "str | None", "int | None", list[tuple[str, str, dict[str, str], dict[str, str]]], bool]


def found_pods(path: Path) -> list[FoundPod]:
    """(kind, template, count, [(container, type, requests, limits)], as written) of every pod found in ``path``."""
    from pod_resources_cli.model.items import WorkloadItem
    from pod_resources_cli.run.pipeline import iter_items

    out: list[FoundPod] = []
    for item in iter_items([str(path)]):
        if isinstance(item, WorkloadItem):
            ref = item.workload.ref
            containers = [(c.name, c.type.value, *requests_limits(c)) for c in item.workload.pod.all_containers()]
            out.append((ref.kind, ref.template, ref.replicas, containers, ref.as_written is not None))
    return out
