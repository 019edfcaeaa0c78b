"""Which objects of the input a LimitRange, ResourceQuota or PriorityClass
of the input meets: policies are scoped as they are deployed.

``policy-scope: unit`` (the default):

- a policy inside a deployment unit (a chart or kustomization build, a
  test harness's scenario, a stream such as standard input: what one
  ``helm install``, ``kubectl apply -k`` or ``kubectl apply -f -`` creates
  together) meets the objects of that unit only;
- a policy of a plain file that states its namespace meets the objects of
  that namespace everywhere (plain files and units), as the cluster's
  namespace does;
- a policy of a plain file that states no namespace (and every
  PriorityClass, which has none) meets the plain files of its directory and
  below: the namespace it lands in is chosen when it is applied (``kubectl
  apply -n``), and a tree of unrelated examples is not one namespace. Where
  one directory holds such LimitRanges (or ResourceQuotas) in several files,
  nothing says which of them is applied with which workloads (the
  Kubernetes documentation's admin/resource examples: seven LimitRanges,
  each applied to its own page's namespace): each meets the objects of its
  own file only (``narrowed``);
- a LimitRange or ResourceQuota of a plain file that states its namespace,
  whose object (kind, namespace, name) is written in several places (plain
  files of other directories, or a unit): a cluster holds one object of
  that name, so the definitions are alternatives, never applied together
  (a GitOps tree's copies of one app, each with its ``pricelist-quota``;
  knative/infra's ``test-pods/limit-range`` of each Prow cluster). Nothing
  says which of them the objects elsewhere meet: each meets the plain files
  of its own directory and below, or, where its directory holds another of
  them, of its own file only (``alternatives``), as a namespace-less one.

A PriorityClass is cluster-scoped and a pod names it: by name, a pod finds
the classes of its unit and of every plain file; a ``globalDefault`` class
gives its priority only to the pods it meets (the rule above).

``policy-scope: namespace`` is the rule before scoping: every policy meets
every object of its namespace (a namespace-less one, every object that
states none), wherever both are.

Namespaces are compared after ``--namespace`` placed the objects that state
none; scoping only narrows which objects a policy is assumed to meet.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from typing import Final, NamedTuple

from pod_resources_cli.model.items import PositionedDocument

UNIT: Final = "unit"
NAMESPACE: Final = "namespace"
POLICY_SCOPES: Final = (UNIT, NAMESPACE)

# The test scenario a plain file belongs to (source/harness.py scenario_root,
# handed down by run/: nothing here reads the file system for it).
Scenario = Callable[[str], "str | None"]


class Origin(NamedTuple):
    """Where an object was read: its deployment unit, or (a plain file) its directory and file."""

    unit: str | None
    directory: str | None
    file: str | None = None


class Reach(NamedTuple):
    """The objects a policy meets (besides its namespace): those of ``unit``;
    else the plain files under ``directory``; else all."""

    unit: str | None = None
    directory: str | None = None
    file: str | None = None  # with ``directory``: the plain file it was read in
    alone: bool = False  # the objects of that file only (``narrowed``)
    wide: bool = False  # all objects: ``directory`` and ``file`` only say where it was read (``alternatives``)
    alternate: bool = False  # was ``wide``, narrowed to ``directory`` (``alternatives``)

    def meets(self, origin: Origin) -> bool:
        if self.unit is not None:
            return origin.unit == self.unit
        if self.wide:
            return True
        if self.alone:
            return origin.unit is None and origin.file == self.file
        if self.directory is not None:
            return origin.unit is None and origin.directory is not None and _under(origin.directory, self.directory)
        return True


EVERYWHERE: Final = Reach()
NOWHERE: Final = Origin(None, None)  # an object no policy's origin matters for (no policy in the input)


def origin_of(doc: PositionedDocument, scenario: Scenario | None = None) -> Origin:
    """The unit ``doc`` was read in: its render or stream, else the test
    scenario of its file; else its file's directory."""
    if doc.unit is not None:
        return Origin(doc.unit, None)
    found = scenario(doc.path) if scenario is not None else None
    return Origin(found, None) if found is not None else Origin(None, _directory(doc.path), _absolute(doc.path))


def reach_of(origin: Origin, states_namespace: bool, scope: str) -> Reach:
    """The objects a policy read at ``origin`` meets under ``scope``."""
    if scope == NAMESPACE:
        return EVERYWHERE
    if origin.unit is not None:
        return Reach(unit=origin.unit)
    return Reach(directory=origin.directory, file=origin.file, wide=states_namespace)


# A policy object as the cluster names it: (kind, namespace, name).
Identity = tuple[str, "str | None", str]


def alternatives(entries: list[tuple[Reach, Identity]]) -> tuple[list[Reach], dict[Identity, list[str]]]:
    """The reaches of policies with those of a plain file that states its
    namespace narrowed where the same object (kind, namespace, name) is
    written in another place too (another plain file, or a unit): one
    cluster holds one of them. Each then meets the plain files of its
    directory and below; where its directory holds another of them, the
    objects of its own file only. Also, for each such object, the
    directories it was narrowed to."""
    places: dict[Identity, set[str]] = {}
    beside: dict[tuple[Identity, str], set[str]] = {}
    for reach, identity in entries:
        place = reach.unit if reach.unit is not None else reach.file
        if place is not None:
            places.setdefault(identity, set()).add(place)
        if reach.unit is None and reach.directory is not None and reach.file is not None:
            beside.setdefault((identity, reach.directory), set()).add(reach.file)
    out: list[Reach] = []
    narrowed_to: dict[Identity, list[str]] = {}
    for reach, identity in entries:
        if (reach.wide or reach.alternate) and reach.directory is not None and len(places.get(identity, ())) > 1:
            narrowed_to.setdefault(identity, []).append(reach.directory)
            alone = len(beside.get((identity, reach.directory), ())) > 1
            reach = reach._replace(wide=False, alternate=True, alone=alone)
        out.append(reach)
    return out, {identity: sorted(set(found)) for identity, found in narrowed_to.items()}


def narrowed(reaches: list[Reach]) -> tuple[list[Reach], list[str]]:
    """The reaches of one kind's policies with those of a crowded directory
    (namespace-less policies of that kind in several of its files) narrowed
    to their own files, and those directories."""
    files: dict[str, set[str]] = {}
    for reach in reaches:
        if reach.directory is not None and reach.file is not None and reach.unit is None and not (reach.wide or reach.alternate):
            files.setdefault(reach.directory, set()).add(reach.file)
    crowded = {d for d, found in files.items() if len(found) > 1}
    out = [reach._replace(alone=True) if reach.directory in crowded and reach.unit is None and not (reach.wide or reach.alternate) else reach for reach in reaches]
    return out, sorted(crowded)


def plain(origin: Origin) -> Origin:
    """``origin`` without its file: what PriorityClasses tell origins apart by."""
    return origin._replace(file=None) if origin.file is not None else origin


@lru_cache(maxsize=4096)
def _directory(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


@lru_cache(maxsize=4096)
def _absolute(path: str) -> str:
    return os.path.abspath(path)


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)
