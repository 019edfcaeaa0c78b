"""VolSync (volsync.backube; perfectra1n/volsync 6966ac301ba3, the fork with
the Kopia mover that home-lab GitOps repositories install, e.g.
xunholy/k8s-gitops volsync-perfectra1n): a ReplicationSource or
ReplicationDestination names one mover (api/v1alpha1/replicationsource_types.go
ReplicationSourceSpec, replicationdestination_types.go: ``rsync``,
``rsyncTLS``, ``rclone``, ``restic``, ``kopia``, a source's ``syncthing``;
``external`` is another provider's and makes no pod here), and the mover
runs each synchronisation as one pod it builds itself:

- a Job of one container, ``rsync``, ``rsync-tls``, ``rclone``, ``restic``
  or ``kopia`` (internal/controller/mover/<mover>/mover.go ensureJob;
  kopia's configureContainer), or for Syncthing a Deployment of one pod,
  container ``syncthing`` (syncthing/mover.go ensureDeployment);
- every container of it takes the mover's ``moverResources`` whole
  (internal/controller/utils/utils.go UpdatePodTemplateSpecFromMoverConfig;
  MoverConfig is inlined in each mover's spec, api/v1alpha1/common_types.go),
  and where that is unset the mover's default: none for the Jobs (an empty
  ResourceRequirements), a 1Gi memory limit for Syncthing;
- nothing runs while ``spec.paused`` is true.

The pods are final: a mover without ``moverResources`` is BestEffort, as fact.
"""

from __future__ import annotations

from typing import Final

from pod_resources_cli.model.decode.kind_types import MainContainer, OperatorDefaults, PodPath, Shorthand, WorkloadKind

_REPO: Final = "perfectra1n/volsync"
_CONFIG: Final = "internal/controller/utils/utils.go UpdatePodTemplateSpecFromMoverConfig"
# (field, container, where the mover builds its pod)
_MOVERS: Final = (
    ("rsync", "rsync", "internal/controller/mover/rsync/mover.go ensureJob"),
    ("rsyncTLS", "rsync-tls", "internal/controller/mover/rsynctls/mover.go ensureJob"),
    ("rclone", "rclone", "internal/controller/mover/rclone/mover.go ensureJob"),
    ("restic", "restic", "internal/controller/mover/restic/mover.go ensureJob"),
    ("kopia", "kopia", "internal/controller/mover/kopia/mover.go ensureJob, configureContainer"),
)
_SYNCTHING_DEFAULT: Final = OperatorDefaults(limits=(("memory", "1Gi"),))


def _mover(field: str, container: str, source: str, defaults: tuple[OperatorDefaults, ...] = ()) -> PodPath:
    main = MainContainer(container, f"{_REPO} {source}, {_CONFIG}", shorthand=Shorthand(f"/spec.{field}.moverResources", "requirements"), defaults=defaults)
    return PodPath(f"spec.{field}", "operator", count=("!/spec.paused",), label=field, main=(main,), pod_fields=f"/spec.{field}")


_SYNCTHING: Final = _mover("syncthing", "syncthing", "internal/controller/mover/syncthing/mover.go ensureDeployment", (_SYNCTHING_DEFAULT,))

VOLSYNC_KINDS: Final = (
    WorkloadKind("volsync.backube", "ReplicationSource", (*(_mover(*m) for m in _MOVERS), _SYNCTHING), f"{_REPO} api/v1alpha1/replicationsource_types.go"),
    WorkloadKind("volsync.backube", "ReplicationDestination", tuple(_mover(*m) for m in _MOVERS), f"{_REPO} api/v1alpha1/replicationdestination_types.go"),
)  # fmt: skip
