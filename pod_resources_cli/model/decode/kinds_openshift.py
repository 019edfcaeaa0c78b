"""OpenShift builds (build.openshift.io v1): a BuildConfig makes a Build at
each trigger (one at a time under the default ``runPolicy: Serial``), a Build
one pod, which openshift-controller-manager builds from the Build's fields
alone (openshift/openshift-controller-manager 26d20feae889
pkg/build/controller/build/podcreationstrategy.go, the first strategy set of
docker, source, custom; none for jenkinsPipeline):

- docker (strategy/docker.go): the container ``docker-build``; the init
  containers ``git-clone`` (with ``source.git`` or ``source.binary``),
  ``extract-image-content`` (with ``source.images``) and
  ``manage-dockerfile``;
- source (strategy/sti.go): ``sti-build`` with the same init containers;
- custom (strategy/custom.go): ``custom-build`` alone.

Every one of them gets the Build's ``spec.resources`` whole (the
BuildConfig's, copied into each Build). ``strategy.type: Docker`` without a
``dockerStrategy`` is a docker build, ``source.type: Binary`` a binary source
(openshift/origin 7580da21a213 pkg/build/apis/build/v1/defaults.go
SetDefaults_BuildStrategy, SetDefaults_BuildSource). The cluster's build
defaults (build.config.openshift.io ``cluster``, ``spec.buildDefaults.resources``)
then fill in every request and limit a container does not set
(pkg/build/controller/build/defaults/defaults.go applyPodDefaults), which the
objects here do not say: the pod is as written.
"""

from __future__ import annotations

from itertools import product
from typing import Final

from pod_resources_cli.model.decode.kind_types import FieldIn, MainContainer, PodPath, Shorthand, WorkloadKind

_REPO: Final = "openshift/openshift-controller-manager pkg/build/controller"
_RESOURCES: Final = Shorthand("/spec.resources", "requirements")
_DEFAULTS: Final = (
    "the cluster's build defaults (build.config.openshift.io cluster spec.buildDefaults.resources) "
    "fill in each request and limit the build does not set"
)


def _written(path: str, *, negate: bool = False) -> FieldIn:
    return FieldIn(f"/spec.{path}", (), match="written", negate=negate)


_DOCKER: Final = ((_written("strategy.dockerStrategy"),), (FieldIn("/spec.strategy.type", ("Docker",)),))
_NOT_DOCKER: Final = (_written("strategy.dockerStrategy", negate=True), FieldIn("/spec.strategy.type", ("Docker",), negate=True))
_SOURCE: Final = (_written("strategy.sourceStrategy"), *_NOT_DOCKER)
_BUILDER: Final = (*_DOCKER, _SOURCE)  # docker or source: the strategies with init containers
_CLONED: Final = ((_written("source.git"),), (_written("source.binary"),), (FieldIn("/spec.source.type", ("Binary",)),))


def _init(name: str, code: str, *needs: tuple[FieldIn, ...]) -> MainContainer:
    """An init container of docker and source builds, made where one group of ``needs`` holds too (each, if given)."""
    groups = tuple(builder + need for builder, need in product(_BUILDER, needs)) if needs else _BUILDER
    return MainContainer(name, f"{_REPO}/strategy/{code}", shorthand=_RESOURCES, init=True, if_any=groups)


_BUILD_POD: Final = PodPath(
    "spec", "operator", count=("1",), label="build", as_written=_DEFAULTS,
    if_field=FieldIn("spec.strategy.jenkinsPipelineStrategy", (), match="written", negate=True),
    main=(
        _init("git-clone", "docker.go, sti.go", *_CLONED),
        _init("extract-image-content", "docker.go, sti.go", (_written("source.images"),)),
        _init("manage-dockerfile", "docker.go, sti.go"),
        MainContainer("docker-build", f"{_REPO}/strategy/docker.go", shorthand=_RESOURCES, if_any=_DOCKER),
        MainContainer("sti-build", f"{_REPO}/strategy/sti.go", shorthand=_RESOURCES, if_fields=_SOURCE),
        MainContainer("custom-build", f"{_REPO}/strategy/custom.go", shorthand=_RESOURCES,
                      if_fields=(_written("strategy.customStrategy"), _written("strategy.sourceStrategy", negate=True), *_NOT_DOCKER)),
    ),
)  # fmt: skip

OPENSHIFT_KINDS: Final = (
    WorkloadKind("build.openshift.io", "BuildConfig", (_BUILD_POD,), "openshift/api build/v1/types.go BuildConfigSpec, CommonSpec"),
    WorkloadKind("build.openshift.io", "Build", (_BUILD_POD,), "openshift/api build/v1/types.go BuildSpec, CommonSpec"),
)
