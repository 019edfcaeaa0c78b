"""The words of the kind table (kinds.py): where a kind keeps its pods, and
what its operator adds to them.

A ``PodPath`` names where pods sit in an object (the path language is in
kinds.py) and what the value there holds:

- ``template``: a PodTemplateSpec (``metadata`` + ``spec``);
- ``pod``: an object whose ``spec`` is a PodSpec (a Pod, a Knative Revision);
- ``podspec``: a PodSpec itself, or a type that inlines its fields beside
  its own (a KServe ServingRuntime's ``spec``, an InferenceService's
  ``predictor``);
- ``containers``: containers written directly in the object (Argo Workflow
  templates), each a path relative to the matched value;
- ``operator``: no pod fields at all: the operator builds the pod from its
  own fields (the vLLM production-stack's VLLMRuntime), see ``main``.

``main`` says what the operator does to its main container, from its code:
the container specs that become it (KServe's ``model``), resources written
outside it (a shorthand) and the defaults it applies when none are set.
``as_written`` says why the pod is only as written (the operator merges
other objects into it, or adds resources nobody has read from its code).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, Literal

from pod_resources_cli.model.decode.semver import image_tag, semver_compare, strict_semver
from pod_resources_cli.records import dataclass

if TYPE_CHECKING:
    from pod_resources_cli.location import Pointer
    from pod_resources_cli.model.decode.problems import Problems
    from pod_resources_cli.quantity import Quantity

Holds = Literal["template", "pod", "podspec", "containers", "operator"]
HOLDS: Final = ("template", "pod", "podspec", "containers", "operator")
ShorthandForm = Literal["requests-limits", "equal", "requirements", "items", "limit-request"]
ShorthandOver = Literal["written", "unset", "always"]
FieldMatch = Literal["equal", "fold", "prefix", "since", "semver", "written", "other"]


@dataclass(frozen=True, slots=True)
class Shorthand:
    """Resources written outside the container that the operator sets on it.

    ``requests-limits``: ``{requests: {cpu, memory}, limits: {cpu, memory}}``,
    each value set over the container's own (ECK's commonv1.Resources);
    ``requirements``: a ResourceRequirements that replaces the container's
    whole when it is written (KubeRay's ``autoscalerOptions.resources``);
    ``equal``: ``{cpu, memory, gpu, gpuType}``, each both the request and the
    limit, ``gpu`` under ``gpuType`` (default ``gpu_resource``); ``items``:
    ``{requests, limits}``, each ``{cpu, memory, gpu, gpuType, custom}`` and
    each value set over the container's (NVIDIA Dynamo's Resources), or over the
    MainContainer's defaults where it sets none (Yatai's getResourcesConfig); ``defaults``
    fill the fields left empty (vLLM's sidecar), and for ``requirements`` the
    requests left unset (Alertmanager's memory request); ``limit-request``:
    ``{cpu, memory}``, each a string ``<limit>`` (also the request) or
    ``<limit>:<request>`` (the Infinispan operator's GetRequestLimits), its
    ``defaults`` filling a field left empty (the webhook's memory).

    How a ``requirements`` shorthand meets the container's own resources (a
    template's), ``over``: ``written``, it replaces them where it is written;
    ``unset``, only a container that sets no requests, limits or claims takes
    it, and what the container writes wins (cass-operator's ``cassandra``:
    dc.Spec.Resources where the template's are the zero value); ``always``,
    the operator sets the container's resources whatever the template
    writes: the shorthand where it is written, else the MainContainer's
    defaults, else none (cass-operator's getResourcesOrDefault).
    ``empty_is_unset``: a mapping that names neither ``requests`` nor
    ``limits`` is unset (a Go struct tested for nil maps, not a pointer).
    ``merged_over``: a value the shorthand is merged over key by key, its
    own values winning (k8ssandra-operator's cluster-level options under
    each datacenter's, goalesce MergeCRs). ``fallback``: the path taken where
    ``path`` is not written (absent or null), a Go pointer the operator falls
    back from when nil (redis-operator's GetRedisLeaderResources:
    ``redisLeader.resources``, else ``kubernetesConfig.resources``).
    ``every_resource``: a ``requests-limits`` shorthand sets each resource it
    names (an accelerator too), not its cpu and memory only."""

    path: str  # relative to the matched value ("" for the value itself); "/..." from the object's root
    form: ShorthandForm
    gpu_resource: str = "nvidia.com/gpu"
    defaults: tuple[tuple[str, str], ...] = ()  # (field, quantity)
    # ``requirements``: resources the operator deletes from the written ones (TiDB operator v1's ContainerResource
    # drops ``storage``, which sizes the volume, not the container)
    drop: tuple[str, ...] = ()
    over: ShorthandOver = "written"
    empty_is_unset: bool = False
    merged_over: str | None = None  # a path as ``path`` is
    fallback: str | None = None  # a path as ``path`` is, taken where ``path`` is not written
    # ``items``: which of ``requests`` and ``limits`` take ``gpu`` (Yatai's getResourcesConfig reads the limits' only)
    gpu_in: tuple[str, ...] = ("requests", "limits")
    # ``requests-limits``: every resource of ``requests`` and ``limits``, not cpu and memory only (the ollama-operator's
    # AssignOllamaServerContainer: ``lo.Assign`` of the container's ResourceList and the Model's, key by key)
    every_resource: bool = False


@dataclass(frozen=True, slots=True)
class OperatorDefaults:
    """Resources the operator gives its main container when the container
    sets no requests and no limits and the shorthand is empty; ``when``
    selects them by a field's value (ECK's Agent in fleet mode)."""

    requests: tuple[tuple[str, str], ...] = ()
    limits: tuple[tuple[str, str], ...] = ()
    when: tuple[str, str | None] | None = None  # (path from the object's root, value: a boolean as true or false, None the field unset); None: always
    # each resource apart: its defaults fill in a resource the written ones name neither as a request
    # nor as a limit (the VictoriaMetrics operator's build.Resources)
    each: bool = False
    # the template is merged over the operator's container (a strategic merge patch): each request and limit the
    # container does not write is the operator's, whatever else it writes (grafana-operator's Merge); with a
    # ``requirements`` shorthand, the shorthand's are merged over them so (OME's BenchmarkJob podOverride.resources)
    merge: bool = False
    # requests and limits apart: the container's requests, where it writes them, replace the operator's whole, and
    # so do its limits (the MongoDB community operator's merge.ResourceRequirements)
    maps: bool = False
    # requests and limits apart, as Go tests nil maps: requests the container does not write are these; limits it does
    # not write are its requests (the FoundationDB operator's NormalizeClusterSpec: ``if Limits == nil { Limits =
    # Requests }``); ``limits`` unused
    limits_from_requests: bool = False


@dataclass(frozen=True, slots=True)
class AnnotationIn:
    """The object's annotation ``key`` is one of ``values`` (``default`` when
    it is absent or empty), or with ``negate`` is none of them: how aibrix
    picks a KVCache's backend, how Strimzi's node pools take its brokers.
    ``at`` names the field (from the root) whose ``annotations`` are meant
    when they are not the object's own (a TidbCluster's ``spec.tiflash``)."""

    key: str
    values: tuple[str, ...]
    default: str = ""
    negate: bool = False
    at: str = "metadata"
    also: tuple[str, ...] = ()  # further keys, each tested as ``key`` is: all must be among ``values`` (before ``negate``)

    def holds(self, obj: dict[str, Any]) -> bool:
        metadata: Any = obj
        for part in self.at.split("."):
            metadata = metadata.get(part) if isinstance(metadata, dict) else None
        annotations = metadata.get("annotations") if isinstance(metadata, dict) else None
        found = annotations if isinstance(annotations, dict) else {}
        values = [found.get(key) for key in (self.key, *self.also)]
        return all((v if isinstance(v, str) and v else self.default) in self.values for v in values) != self.negate


@dataclass(frozen=True, slots=True)
class FieldIn:
    """The object's field at ``path`` (from the root) is one of ``values``
    (``default`` when it is unset; a boolean as ``true`` or ``false``): how
    the OpenTelemetry operator's ``mode`` picks the workload it builds; an
    integer as its decimal text (Rook's ``mgr.count``).
    ``match``: ``prefix``, the value starts with one of ``values``
    (cass-operator's DSE ``6.8``/``6.9``); ``since``, it is a version at
    least ``values[0]``, compared as golang.org/x/mod/semver does with a
    ``v`` before each (cass-operator's Cassandra 4.1.0 and later); a value
    that is no such version is lower; ``semver``, likewise at least
    ``values[0]`` but read as blang/semver's Parse reads it (all three
    numbers, no ``v``), a value that is no such version giving ``unknown``
    (the Scylla operator's ScyllaVersion: SupportFeatureUnsafe holds for an
    unknown version, SupportFeatureSafe does not); ``tag``: the value is a
    container image and its tag is the version (the Scylla operator's
    naming.ImageToVersion), no tag being no version; ``written``, the field holds any value
    but null or an empty string (a Go pointer that is not nil: the Solr
    operator's ``solrTLS``), ``values`` unused; ``fold``, equal but for case,
    as Go's strings.EqualFold (the Jaeger operator's agent ``strategy``); ``other``, the field holds a value
    that is none of ``values`` (unset is not other: a KubeVela trait whose type is not among those known to
    leave the pod alone). ``negate``: the test holds
    where it otherwise would not (a Solr chroot other than ``/``, a Percona
    ``crVersion`` below 1.14.0). A path (from the root) may hold one ``[*]``
    or more: the test holds where any item passes."""

    path: str
    values: tuple[str, ...]
    default: str = ""
    match: FieldMatch = "equal"
    negate: bool = False
    unknown: bool = False  # ``semver``: what a value that is no version gives
    tag: bool = False  # ``semver``: the value is an image whose tag is the version
    # the value at ``path`` is a Jaeger Options map: the test is on its entry ``option``, the map flattened as
    # apis/v1/options.go reads it (nested keys joined by dots, scalars as Go's %v); ``written``: the entry exists
    # (Options.Map), else its text (Options.StringMap: a list of values is no text)
    option: str | None = None

    def holds(self, obj: dict[str, Any]) -> bool:
        """The test on the object; a ``[*]`` in the path holds where any item of that list passes (the Crunchy
        operator's repo host: a ``repos[*].volume`` written), and an absent or empty list is an unset field."""
        values: list[Any] = [obj]
        for part in self.path.split("."):
            each = part.endswith("[*]")
            found = [v.get(part.removesuffix("[*]")) if isinstance(v, dict) else None for v in values]
            values = [item for v in found if isinstance(v, list) for item in v] if each else found
        if self.option is not None:
            flat = [_options(v) for v in values]
            if self.match == "written":
                return any(self.option in f for f in flat) != self.negate
            values = [text if isinstance(text := f.get(self.option), str) else None for f in flat]
        return any(self._matches(v) for v in values or [None]) != self.negate

    def matches(self, value: Any) -> bool:
        """The field's value (None when unset) is one this test names."""
        return self._matches(value) != self.negate

    def _matches(self, value: Any) -> bool:
        if self.match == "written":
            return value is not None and value != ""
        if self.match == "other":
            return value is not None and value != "" and str(value) not in self.values
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, int):
            value = str(value)  # a count (Rook's ``mgr.count``), compared as written
        text = value if isinstance(value, str) and value else self.default
        if self.match == "prefix":
            found = any(text.startswith(v) for v in self.values)
        elif self.match == "since":
            found = bool(self.values) and semver_compare(text, self.values[0]) >= 0
        elif self.match == "fold":
            found = text.lower() in {v.lower() for v in self.values}
        elif self.match == "semver":
            version = (image_tag(text) if self.tag else text) or ""
            found = bool(self.values) and (semver_compare(version, self.values[0]) >= 0 if strict_semver(version) else self.unknown)
        else:
            found = text in self.values
        return found


@dataclass(frozen=True, slots=True)
class Derived:
    """A container's requests and limits as an operator's code computes them
    (``Derive``), what it did (notes for the report) and where, relative to
    the value it was given, the fields they come from are written (the
    container's pointer: its ``resources`` there)."""

    requests: Mapping[str, Quantity]
    limits: Mapping[str, Quantity]
    notes: tuple[str, ...] = ()
    at: Pointer = ()


@dataclass(frozen=True, slots=True)
class Derive:
    """The operator computes the container's resources from several of its
    fields by arithmetic no other word here says (KubeVirt's compute
    container: vCPUs from the guest's topology, its memory overhead):
    ``compute`` is that code, given the value at ``path`` (relative; ``/``
    from the root; empty: the element itself), its pointer, and the problems
    to add a field it cannot read to. Its result replaces the container's
    resources. With ``also`` (a path as ``path`` is), ``compute`` is given the
    triple (the value at ``path``, the value at ``also``, its pointer): the
    operator reads a second place (the SeaweedFS operator's
    getResourceRequirements: a volume topology group's resources over
    ``spec.volume``'s)."""

    path: str
    compute: Callable[[Any, Pointer, Problems], Derived]
    also: str | None = None


@dataclass(frozen=True, slots=True)
class MainContainer:
    """What the operator does to one container of the pods it builds.

    The container is named ``name``, or by the value of ``name_field``
    (relative to the matched value; a Beat's ``type``); ``spec`` paths
    (relative) are container specs of which the first one set becomes that
    container (KServe's ``model``, ``sklearn``...); without them it is the
    pod's container of that name, added when missing (ECK's
    PodTemplateBuilder.setDefaults). ``enabled`` names a boolean field
    without which the container is not made (vLLM's sidecar); ``present``
    a field that must be written (Strimzi's ``entityOperator.topicOperator``),
    ``absent`` one that must not; ``if_annotation`` an annotation of the
    object the operator decides by (Strimzi's node pools build the brokers
    elsewhere), ``if_fields`` fields of the object that must each hold
    (paths as ``spec``'s; cass-operator's ``server-config-init-base`` for
    Cassandra 4.1 and later), ``if_any`` groups of them of which one must
    hold whole (the Solr operator's ``setup-zk``). ``name`` may hold
    ``{name}``, the object's name (Strimzi's ``<name>-connect``), and
    ``{key}``, the map key of the pod path's innermost ``{*}`` (the Druid
    operator's ``druid-<name>-<node group>``). ``sets``
    names resources the operator gives it from values this tool does not
    compute. ``inherit_init``, where the operator's code says so: init
    containers that set no requests and no limits get this container's
    resources (ECK's WithInitContainerDefaults). ``init``: the container is
    an init container of the pod (RabbitMQ's setup-container, CloudNativePG's
    bootstrap-controller), with ``sidecar`` one whose restartPolicy is Always
    (a sidecar that runs beside the containers: TiDB's ti-slowlog).
    ``derive``: the operator's code computes its resources from several
    fields (``Derive``; KubeVirt's compute container)."""

    name: str
    source: str  # the operator's code that says so
    name_field: str | None = None
    spec: tuple[str, ...] = ()
    shorthand: Shorthand | None = None
    defaults: tuple[OperatorDefaults, ...] = ()  # the first whose ``when`` holds
    enabled: str | None = None
    # Resources the operator always sets on the container from values not computed here
    # (Flink's cpu and memory, from its own configuration): what the template writes for
    # them is replaced, so they are left out, and no finding says they are missing.
    sets: tuple[str, ...] = ()
    present: str | None = None
    absent: str | None = None  # made only where this field is unset or empty (aibrix's redis without an external one)
    if_annotation: AnnotationIn | None = None
    if_fields: tuple[FieldIn, ...] = ()  # each holds (relative paths, "/" from the root), or the container is not made
    # where given, the tests of one of these all hold, or the container is not made (the Solr operator's setup-zk:
    # a chroot, TLS or a security.json to put in ZooKeeper)
    if_any: tuple[tuple[FieldIn, ...], ...] = ()
    inherit_init: str | None = None  # where the operator's code says so
    init: bool = False  # an init container the operator adds (RabbitMQ's setup-container)
    sidecar: bool = False  # with ``init``: its restartPolicy is Always (TiFlash's log tailers)
    first: bool = False  # first of the pod's containers (with ``init``: init containers), added or moved there (OpenTelemetry's otc-container)
    derive: Derive | None = None  # the operator's code computes its resources (KubeVirt's compute container)


# (the object, the matched value, its pointer) -> (containers, init containers), each (a container, where it is written)
Containers = tuple[tuple[Any, "Pointer"], ...]
Assemble = Callable[[dict[str, Any], Any, "Pointer"], tuple[Containers, Containers]]
# (the object, the matched element) -> how many pods (PodPath.tally)
Tally = Callable[[dict[str, Any], Any], int]
# (the object, the matched element) -> whether the operator makes the pod at all (PodPath.made)
Made = Callable[[dict[str, Any], Any], bool]
# (a Flux source object's kind, name, namespace, the HelmRelease's pointer) -> the chart that source holds, or None
# (the pipeline reads it from the project's files: source/flux_sources.py; kinds_apptemplate.by_source asks)
ChartOf = Callable[[str, str, "str | None", "Pointer"], "str | None"]


@dataclass(frozen=True, slots=True)
class TemplateRef:
    """The pod template is another element's, named from the matched value
    (rbg's ``templateRef``): the element of ``among`` (a path from the
    root) whose ``key`` equals the matched value's ``name``, its ``template``."""

    among: str
    name: str = "name"
    key: str = "name"
    template: str = "template"


@dataclass(frozen=True, slots=True)
class Rename:
    """The operator names a written container itself (holds="containers"):
    each one whose boolean ``field`` is true, and with ``only`` the only one
    listed whatever that field says (the Flux operator's ``runFlux``
    container takes the MiniCluster's name, and a lone container is that
    one). ``name`` may hold ``{name}``, the object's name. ``first``: the
    first one listed, whatever it is called (KFServing's custom components:
    ``c.Containers[0].Name = constants.InferenceServiceContainerName``)."""

    name: str
    field: str
    only: bool = False
    first: bool = False


@dataclass(frozen=True, slots=True)
class PodPath:
    """One place where a kind keeps pods."""

    path: str
    holds: Holds = "template"
    name: str | None = None
    count: tuple[str, ...] = ()
    containers: tuple[str, ...] = ()  # holds="containers": the regular containers (relative to the matched value, "/" from the root)
    init_containers: tuple[str, ...] = ()  # holds="containers": the init containers
    pod_resources: tuple[str, ...] = ()  # holds="containers": pod-level resources, the first path set wins
    resource_claims: tuple[str, ...] = ()  # holds="containers": the pod's resourceClaims, the first non-empty list wins
    shares_with: str | None = None
    bounds: tuple[str, str] | None = None  # fields (like the first factor's) that clamp the first factor
    label: str | None = None  # how reports name this template, where its path does not say it well
    main: tuple[MainContainer, ...] = ()  # what the operator does to its containers
    as_written: str | None = None  # why the pod is only as written (the operator adds to it)
    as_written_with: str | None = None  # a field from the root without which ``as_written`` does not hold (a PyTorchJob's Master)
    empty_when_absent: bool = False  # the operator builds the pod from its defaults when the path's last field is absent
    # ... and also where no field of the path is written (a path without wildcards): the operator always makes
    # this pod (Apache Spark's master and workers, from a spec it defaults whole)
    always_made: bool = False
    # merged into other objects' pods, whose own values win, or completed by another object (a TrainJob by its
    # runtime): a missing resource here is no finding
    preset: bool = False
    if_annotation: AnnotationIn | None = None  # the operator builds this pod only then
    if_field: FieldIn | tuple[FieldIn, ...] | None = None  # likewise, by a field's value (a tuple: by each of them, all holding)
    enabled: str | None = None  # a boolean field (relative to the matched value, "/" from the root): the pod only where it is true
    # tests on the matched element (paths relative to it, as ``if_field`` tests the root's): the pod only where each
    # holds (an app-template controller's ``type``, which decides its count; a Koperator external listener's Envoy:
    # its accessMethod LoadBalancer, the default, and no per-listener ingress configs)
    if_element: tuple[FieldIn, ...] = ()
    # Where ``as_written`` and ``preset`` hold: the matched element's field (path parts) has that value, for
    # any of these; elsewhere the pod is final (Kubeflow Trainer sets a TrainJob's resources on the trainer's job only)
    as_written_if: tuple[tuple[tuple[str, ...], str], ...] = ()
    # (fields, why): where one of these fields (relative, "/" from the root) is written, the controller merges a
    # patch into the pod (Argo's podSpecPatch): as written, and a missing resource is no finding (as for a preset)
    patched_by: tuple[tuple[str, ...], str] | None = None
    # (container, init container): what the controller names a container written without a name (Knative)
    default_names: tuple[str, str] | None = None
    # (field, why, apiVersion): the pod is as written where the field is unset, but in objects of that apiVersion
    as_written_unset: tuple[str, str, str] | None = None
    # (fields, why): where one of these fields (relative, "/" from the root) is written, the controller adds
    # containers of another object to the pod (rbg's engine runtime profiles): as written, its own containers final
    added_by: tuple[tuple[str, ...], str] | None = None
    # the matched value names the template rather than holding it (rbg's templateRef)
    template_ref: TemplateRef | None = None
    # holds="containers": the value (a path from the root) whose priorityClassName and metadata the pod takes, where
    # not the holder's own (a RedisCluster's leaders are spec.redisLeader's pods, with the object's spec.priorityClassName)
    # holds="operator": also the value whose priorityClassName and metadata the operator copies to the pods it
    # builds (an Argo Events EventSource's spec.template); ``./path``: from the element the pod came through (a
    # RisingWave node group's template.spec)
    pod_fields: str | None = None
    # holds="operator": the priorityClassName the operator's own manifest gives its pods (the Gatekeeper Operator's
    # system-cluster-critical), which decides their priority and preemption; holds="containers": likewise, unless the
    # pod's fields (``pod_fields``, else the holder) name one (the Piraeus operator's built-in manifests)
    priority_class: str | None = None
    # holds="containers": a written container the operator names itself (the Flux operator's runFlux container)
    rename: Rename | None = None
    # the value at the path holds whole objects the operator creates as they are written (an Argo Events Sensor's
    # trigger resources: any kind, a Pod or a Deployment): searched for pod templates by shape, each pod as written
    # for ``as_written``'s reason
    by_shape: bool = False
    # holds="containers": the controller assembles the pod's containers from its own fields by code no other word
    # here says (Tekton's pod.Builder: steps merged with the stepTemplate and the run's overrides, named step-<name>,
    # after its own init containers); replaces ``containers`` and ``init_containers``
    assemble: Assemble | None = None
    # the operator decides how many of these pods it makes by code no count word says (the vitess-operator's vtorc:
    # one Deployment per shard and per cell of the shard's replica pools): given the object and the matched element,
    # the number the ``count`` factors are multiplied by (a ``count`` of none: this number alone)
    tally: Tally | None = None
    # the operator makes this element's pods only where this code says so (the Metrics Operator makes nothing for a
    # MetricSet that does not validate, and one metric of a name only): elsewhere no pod, not a pod of count 0
    made: Made | None = None
    # the namespace the operator makes these pods in, whatever the object's (Config Sync's reconciler Deployments in
    # config-management-system): the pods' LimitRanges, quotas and injection are that namespace's
    runs_in: str | None = None


@dataclass(frozen=True, slots=True)
class WorkloadKind:
    """A kind that carries pods, with where it keeps them and where that is written down."""

    group: str
    kind: str
    pods: tuple[PodPath, ...]
    source: str = ""  # the upstream types that define the paths
    served: str | None = None  # built-in kinds: the apiVersion served today (older ones had other fields)
    # fields (from the root) that name another object holding the pods (a Tekton TaskRun's taskRef): an object
    # without pods of its own where one is written is not searched (its pods are that object's), not "nothing found"
    refers: tuple[str, ...] = ()

    @property
    def builtin(self) -> bool:
        return self.group in CORE_GROUPS


CORE_GROUPS: Final = frozenset({"", "apps", "extensions", "batch"})


def _options(value: Any, prefix: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    """A Jaeger Options map flattened (jaegertracing/jaeger-operator apis/v1/options.go entry): a nested map's keys
    joined by dots, a list kept as a list, any other value as Go's %v writes it; null is no entry."""
    out = {} if out is None else out
    if not isinstance(value, dict):
        return out
    for key, item in value.items():
        name = f"{prefix}{key}"
        if isinstance(item, dict):
            _options(item, f"{name}.", out)
        elif isinstance(item, list):
            out[name] = item
        elif isinstance(item, bool):
            out[name] = "true" if item else "false"
        elif isinstance(item, float) and item.is_integer() and abs(item) < 1e21:
            out[name] = str(int(item))  # a JSON number is a float64: %v writes 5, not 5.0
        elif item is not None:
            out[name] = str(item)
    return out
