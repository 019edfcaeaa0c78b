"""What Prow's own configuration gives the jobs of a job configuration file: plank's default decoration config
entries and ``decorate_all_jobs`` (kubernetes-sigs/prow @a61940897382 pkg/config/config.go
mergeDefaultDecorationConfig, matches; pkg/apis/prowjobs/v1/types.go DecorationConfig.ApplyDefault,
Resources.ApplyDefault). Which configuration a file takes is found from the repository's own files
(source/prow_config.py); this is the merge, on values already read."""

from __future__ import annotations

from typing import Any, Final

from pod_resources_cli.records import dataclass


@dataclass(frozen=True, slots=True)
class ProwDefaults:
    """What Prow's configuration gives the jobs of one job configuration file."""

    path: str  # Prow's configuration, as shown
    entries: tuple[tuple[str, str, dict[str, Any]], ...]  # (repo, cluster, decoration config), in plank's order
    decorate_all_jobs: bool | None

    def decoration(self, repo: str, cluster: str, job: dict[str, Any] | None) -> dict[str, Any]:
        """mergeDefaultDecorationConfig: each entry matching ``repo`` and ``cluster`` merged in order, later ones
        winning, then the job's own ``decoration_config`` over them (DecorationConfig.ApplyDefault)."""
        merged: dict[str, Any] | None = None
        for given_repo, given_cluster, config in self.entries:
            if _matches(given_repo, given_cluster, repo, cluster):
                merged = apply_default(config, merged)
        return apply_default(job, merged) or {}

    def matched(self, repo: str, cluster: str) -> int:
        return sum(1 for r, c, _ in self.entries if _matches(r, c, repo, cluster))


def _matches(given_repo: str, given_cluster: str, repo: str, cluster: str) -> bool:
    """pkg/config/config.go matches: an entry's cluster (empty or ``*``: any) and repository (empty or ``*``: any,
    else ``org/repo`` or its ``org``)."""
    if given_cluster not in ("", "*") and given_cluster != cluster:
        return False
    if given_repo in ("", "*", repo):
        return True
    repo = repo.removeprefix("https://").removeprefix("http://")
    return given_repo == repo or given_repo == repo.split("/")[0]


_UTILITIES: Final = ("clonerefs", "initupload", "place_entrypoint", "sidecar")
_SCALARS: Final = ("default_memory_request", "set_limit_equals_memory_request", "skip_cloning")


def apply_default(config: dict[str, Any] | None, default: dict[str, Any] | None) -> dict[str, Any] | None:
    """DecorationConfig.ApplyDefault (pkg/apis/prowjobs/v1/types.go) for the fields that size the pod: each pod
    utility's ``resources`` (Resources.ApplyDefault: a utility the config does not write takes the default's, whole),
    ``default_memory_request``, ``set_limit_equals_memory_request``, ``skip_cloning`` (where unset)."""
    if config is None or default is None:
        return config if config is not None else default
    merged = dict(config)
    own, other = config.get("resources"), default.get("resources")
    if not isinstance(own, dict):
        if isinstance(other, dict):
            merged["resources"] = other
    elif isinstance(other, dict):
        merged["resources"] = {**{k: v for k, v in other.items() if k in _UTILITIES}, **{k: v for k, v in own.items() if v is not None}}
    for key in _SCALARS:
        if merged.get(key) is None and default.get(key) is not None:
            merged[key] = default[key]
    return merged
