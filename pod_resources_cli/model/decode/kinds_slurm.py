"""Slinky's slurm-operator (SlinkyProject/slurm-operator f2ed3fc53253,
slinky.slurm.net v1beta1; api/v1beta1/*_types.go): each kind's pod is the
operator's base pod, with ``spec.template`` (a PodTemplate whose ``spec`` is
a PodSpec) merged over it (internal/builder/common/pod_template.go
BuildPodTemplate): the template's containers and init containers are
appended after the operator's (structutils.MergeList), the rest a strategic
merge. Each operator container is its base merged with the kind's
ContainerWrapper (a whole Container; common/container.go BuildContainer,
a strategic merge), so it takes that wrapper's ``resources``; nothing sets
a default (internal/defaults, internal/webhook: replicas and strategies
only), so the pods are final:

- NodeSet (workerbuilder/worker_app.go BuildWorkerPodTemplate):
  ``slurmd`` (``spec.slurmd``) and the sidecar ``logfile`` (restartPolicy
  Always, ``spec.logfile``; common/common.go LogfileContainer);
  ``spec.replicas`` pods (default 1, internal/defaults/nodeset.go), one per
  node with ``scalingMode: DaemonSet``;
- Controller (controllerbuilder/controller_app.go controllerPodTemplate):
  ``slurmctld`` (``spec.slurmctld``), the sidecars ``reconfigure``
  (``spec.reconfigure``, with ``inplaceReconfigure``) then ``logfile``;
  one pod, and with ``ha.enabled`` ``ha.backups`` more (default 1;
  api/v1beta1/controller_keys.go Replicas); none with ``external``;
- LoginSet (loginbuilder/login_app.go): ``login`` (``spec.login``) and the
  init container ``initconf`` (``spec.initconf``); ``spec.replicas``
  (default 1);
- RestApi (restapibuilder/restapi_app.go): ``slurmrestd``
  (``spec.slurmrestd``); ``spec.replicas`` (default 1);
- Accounting (accountingbuilder/accounting_app.go): ``slurmdbd``
  (``spec.slurmdbd``); one pod (Replicas 1), none with ``external``.

Older versions (v1alpha1, served before v1beta1) had other fields: their
``spec.template`` is read as written.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_GROUP: Final = "slinky.slurm.net"
_REPO: Final = "SlinkyProject/slurm-operator internal/builder"
_V1BETA1: Final = FieldIn("apiVersion", (f"{_GROUP}/v1beta1",))
_OLDER: Final = "an older slinky.slurm.net version, whose operator containers are not modelled here"
_NOT_EXTERNAL: Final = FieldIn("spec.external", ("true",), negate=True)


def _container(name: str, field: str, code: str, *, init: bool = False, sidecar: bool = False, enabled: str | None = None) -> MainContainer:
    """The operator's container ``name``, its base merged with ``spec.<field>`` (that wrapper's resources)."""
    return MainContainer(name, f"{_REPO}/{code}, common/container.go BuildContainer", shorthand=Shorthand(f"/spec.{field}.resources", "requirements"),
                         init=init, sidecar=sidecar, first=True, enabled=enabled)  # fmt: skip


def _pods(main: tuple[MainContainer, ...], *counts: tuple[tuple[str, ...], str | None, tuple[FieldIn, ...]]) -> tuple[PodPath, ...]:
    """``spec.template`` merged over the operator's pod (made also where it is not written), for each (count, label,
    conditions); in an older version the template as written."""
    made = tuple(
        PodPath("spec.template", count=count, label=label, main=main, empty_when_absent=True, if_field=(_V1BETA1, *when))
        for count, label, when in counts
    )
    older = PodPath("spec.template", count=counts[0][0], label=counts[0][1], as_written=_OLDER, if_field=FieldIn("apiVersion", _V1BETA1.values, negate=True))
    return (*made, older)


_LOGFILE: Final = "common/common.go LogfileContainer"

SLURM_KINDS: Final = (
    WorkloadKind(
        _GROUP, "NodeSet",
        _pods(
            (_container("logfile", "logfile", _LOGFILE, init=True, sidecar=True), _container("slurmd", "slurmd", "workerbuilder/worker_app.go slurmdContainer")),
            (("/spec.replicas=1",), "slurmd", (FieldIn("spec.scalingMode", ("DaemonSet",), negate=True),)),
            ((), "slurmd", (FieldIn("spec.scalingMode", ("DaemonSet",)),)),
        ),
        "SlinkyProject/slurm-operator api/v1beta1/nodeset_types.go",
    ),
    WorkloadKind(
        _GROUP, "Controller",
        _pods(
            (_container("logfile", "logfile", _LOGFILE, init=True, sidecar=True),
             _container("reconfigure", "reconfigure", "controllerbuilder/controller_app.go reconfigureContainer", init=True, sidecar=True,
                        enabled="/spec.inplaceReconfigure"),
             _container("slurmctld", "slurmctld", "controllerbuilder/controller_app.go slurmctldContainer")),
            (("1",), "slurmctld", (_NOT_EXTERNAL,)),
            (("/spec.ha.backups=1",), "backup", (_NOT_EXTERNAL, FieldIn("spec.ha.enabled", ("true",)))),
        ),
        "SlinkyProject/slurm-operator api/v1beta1/controller_types.go, controller_keys.go Replicas",
    ),
    WorkloadKind(
        _GROUP, "LoginSet",
        _pods(
            (_container("initconf", "initconf", "common/common.go InitconfContainer", init=True), _container("login", "login", "loginbuilder/login_app.go loginContainer")),
            (("/spec.replicas=1",), None, ()),
        ),
        "SlinkyProject/slurm-operator api/v1beta1/loginset_types.go",
    ),
    WorkloadKind(
        _GROUP, "RestApi",
        _pods((_container("slurmrestd", "slurmrestd", "restapibuilder/restapi_app.go slurmrestdContainer"),), (("/spec.replicas=1",), None, ())),
        "SlinkyProject/slurm-operator api/v1beta1/restapi_types.go",
    ),
    WorkloadKind(
        _GROUP, "Accounting",
        _pods((_container("slurmdbd", "slurmdbd", "accountingbuilder/accounting_app.go slurmdbdContainer"),), (("1",), None, (_NOT_EXTERNAL,))),
        "SlinkyProject/slurm-operator api/v1beta1/accounting_types.go",
    ),
)  # fmt: skip
