"""CoreWeave's VirtualServer (virtualservers.coreweave.com/v1alpha1;
coreweave/virtual-server @2166177154bc api/v1alpha1/virtualserver_types.go):
a virtual machine asked by ``resources`` ({gpu: {type, count}, cpu: {type,
count}, memory, definition}), ``storage`` and ``network``. CoreWeave's
controller, which is not public (the repository holds the API types only),
builds a KubeVirt VirtualMachine from it and the system preset its
``definition`` and type name; the virt-launcher pod's resources come from
that code. Its pods are not modelled: such an object is counted as not
searched, never as one searched in which no pod was found.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import WorkloadKind

COREWEAVE_KINDS: Final[tuple[WorkloadKind, ...]] = (
    WorkloadKind("virtualservers.coreweave.com", "VirtualServer", (), "coreweave/virtual-server api/v1alpha1/virtualserver_types.go"),
)
