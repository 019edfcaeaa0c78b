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
  apply -n``), and a tree of unrelated examples is not one namespace.

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
    """Where an object was read: its deployment unit, or (a plain file) its directory."""

    unit: str | None
    directory: str | None


class Reach(NamedTuple):
    """The objects a policy meets (besides its namespace): those of ``unit``;
    else the plain files under ``directory``; else all."""

    unit: str | None = None
    directory: str | None = None

    def meets(self, origin: Origin) -> bool:
        if self.unit is not None:
            return origin.unit == self.unit
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
    return Origin(found, None) if found is not None else Origin(None, _directory(doc.path))


def reach_of(origin: Origin, states_namespace: bool, scope: str) -> Reach:
    """The objects a policy read at ``origin`` meets under ``scope``."""
    if scope == NAMESPACE:
        return EVERYWHERE
    if origin.unit is not None:
        return Reach(unit=origin.unit)
    return EVERYWHERE if states_namespace else Reach(directory=origin.directory)


@lru_cache(maxsize=4096)
def _directory(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)
