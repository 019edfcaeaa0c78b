"""Lint configuration: ``.pod-resources.yaml`` or ``[tool.pod-resources]``.

Built from a plain mapping, checked key by key (the same rules as
``schemas/config.schema.json``, which a test keeps in agreement), so an
invalid file stops the run with the location of the bad key. Reading the
file is the CLI's job; this module only interprets the data.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final

from pod_resources_cli.errors import ConfigError
from pod_resources_cli.lint.finding import Severity
from pod_resources_cli.lint.registry import UnknownSelector, default_codes, get_rule, resolve, resolve_all
from pod_resources_cli.lint.rule import OptionValue, Rule
from pod_resources_cli.lint.scope import POLICY_SCOPES, UNIT
from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.model.decode.kinds import WorkloadKind, declared_kind
from pod_resources_cli.records import dataclass, field, replace

FAIL_ON_NONE: Final = "none"
KEYS: Final = (
    "select", "extend-select", "ignore", "fail-on", "severity", "options", "node", "namespace",
    "feature-gates", "kubernetes-version", "upgrade-to", "per-path", "workload-kinds", "helm", "policy-scope",
    "baseline",
)  # fmt: skip
WORKLOAD_KIND_KEYS: Final = ("apiVersion", "group", "kind", "templates", "podspecs", "pods", "containers", "replicas")
HELM_KEYS: Final = ("values", "set")
_HOLDERS: Final = (("podspecs", "podspec"), ("pods", "pod"), ("containers", "containers"))  # workload-kinds keys beside templates
PER_PATH_KEYS: Final = ("paths", "ignore", "severity")

if TYPE_CHECKING:
    from pod_resources_cli.lint.globs import GlobSet

Locate = Callable[[Pointer], "Location | None"]


@dataclass(frozen=True, slots=True)
class PathOverride:
    """Settings for the files matching ``patterns`` (globs; ``**`` spans directories)."""

    patterns: tuple[str, ...]
    ignore: frozenset[str] = frozenset()
    severity: Mapping[str, Severity] = field(default_factory=dict)

    def matches(self, path: str, base: str | None) -> bool:
        from pod_resources_cli.lint.globs import GlobSet

        return bool(GlobSet(self.patterns).matching(*_candidates(path, base)))


@dataclass(frozen=True, slots=True)
class LintConfig:
    """The lint configuration: rule selection, severities, options and defaults for the options."""

    select: frozenset[str] | None = None  # None: the rules enabled by default
    extend_select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()
    fail_on: Severity | None = Severity.ERROR  # None: never fail on findings
    severity: Mapping[str, Severity] = field(default_factory=dict)
    options: Mapping[str, Mapping[str, OptionValue]] = field(default_factory=dict)
    node: str | None = None
    namespace: str | None = None
    feature_gates: Mapping[str, bool] = field(default_factory=dict)
    kubernetes_version: str | None = None
    upgrade_to: str | None = None  # lint --upgrade-to: the version whose changes PR601 reports
    per_path: tuple[PathOverride, ...] = ()
    source: str | None = None  # the file it came from
    base_dir: str | None = None  # per-path globs are relative to it
    root: str | None = None  # the repository it belongs to: the files it names stay inside (None: the user's own file)
    workload_kinds: tuple[WorkloadKind, ...] = ()  # read before the built-in table
    helm_values: tuple[str, ...] = ()  # values files for `helm template` (relative to base_dir)
    helm_set: tuple[str, ...] = ()  # --set arguments for `helm template`
    policy_scope: str = UNIT  # which objects the input's policies meet (lint/scope.py)
    baseline: str | None = None  # lint --baseline: a file inside base_dir (see _repository_path)
    _paths: _PathIndex = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_paths", _PathIndex(self.per_path))

    def active_codes(self) -> frozenset[str]:
        chosen = self.select if self.select is not None else default_codes()
        return (chosen | self.extend_select) - self.ignore

    def rule_options(self, rule: Rule) -> dict[str, OptionValue]:
        merged = rule.default_options()
        merged.update(self.options.get(rule.code, {}))
        return merged

    def severity_for(self, rule: Rule, path: str) -> Severity:
        level = self.severity.get(rule.code, rule.severity)
        for override in self._paths.at(path, self.base_dir):  # in the file's order: the last one wins
            level = override.severity.get(rule.code, level)
        return level

    def ignored_at(self, code: str, path: str) -> bool:
        return any(code in o.ignore for o in self._paths.at(path, self.base_dir))

    def with_rendering(self, helm_values: Iterable[str], helm_set: Iterable[str], kinds: Iterable[WorkloadKind]) -> LintConfig:
        """Command-line values files, --set and kinds on top of the file's (theirs first, for kinds)."""
        return replace(
            self,
            helm_values=(*self.helm_values, *helm_values),
            helm_set=(*self.helm_set, *helm_set),
            workload_kinds=(*kinds, *self.workload_kinds),
        )

    def with_cli(
        self,
        *,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
        fail_on: str | None = None,
        policy_scope: str | None = None,
    ) -> LintConfig:
        """Command-line options over the file: --select replaces, --ignore adds."""
        try:
            cfg = self
            if select:
                cfg = replace(cfg, select=resolve_all(select))
            if extend_select:
                cfg = replace(cfg, extend_select=cfg.extend_select | resolve_all(extend_select))
            if ignore:
                cfg = replace(cfg, ignore=cfg.ignore | resolve_all(ignore))
        except UnknownSelector as exc:
            from pod_resources_cli.errors import UsageError

            raise UsageError(str(exc)) from None
        if fail_on is not None:
            cfg = replace(cfg, fail_on=parse_fail_on(fail_on))
        if policy_scope is not None:
            cfg = replace(cfg, policy_scope=policy_scope)
        return cfg


def parse_fail_on(text: str) -> Severity | None:
    if text.strip().lower() == FAIL_ON_NONE:
        return None
    from pod_resources_cli.errors import UsageError

    try:
        return Severity.parse(text)
    except ValueError:
        raise UsageError(f"invalid --fail-on {text!r} (expected error, warning, info or none)") from None


# -- per-path settings -------------------------------------------------------------


class _PathIndex:
    """Every per-path glob as one automaton (lint/globs.py), compiled on first
    use; which overrides apply to a path is worked out once per path."""

    __slots__ = ("_overrides", "_globs", "_owner")

    def __init__(self, overrides: tuple[PathOverride, ...]) -> None:
        self._overrides = overrides
        self._globs: GlobSet | None = None
        self._owner: list[int] = []

    def at(self, path: str, base: str | None) -> list[PathOverride]:
        if not self._overrides:
            return []
        if self._globs is None:
            from pod_resources_cli.lint.globs import GlobSet  # a configuration without per-path settings never loads it

            patterns = [p for o in self._overrides for p in o.patterns]
            self._owner = [i for i, o in enumerate(self._overrides) for _ in o.patterns]
            self._globs = GlobSet(tuple(patterns))
        hits = self._globs.matching(*_candidates(path, base))
        return [self._overrides[i] for i in sorted({self._owner[h] for h in hits})]


def _candidates(path: str, base: str | None) -> list[str]:
    norm = path.replace(os.sep, "/").removeprefix("./")
    out = [norm]
    if base is not None and path not in ("-", "<stdin>"):
        rel = os.path.relpath(os.path.abspath(path), base).replace(os.sep, "/")
        if not rel.startswith("../"):
            out.append(rel)
    return out


# -- building a config from data ------------------------------------------------------


class _Reader:
    def __init__(self, source: str, locate: Locate | None, base_dir: str | None = None, root: str | None = None) -> None:
        self.source = source
        self.locate = locate
        self.base_dir = base_dir
        self.root = root

    def path(self, value: Any, pointer: Pointer) -> str:
        """A file the configuration names: relative to its directory, and (in a repository) inside it."""
        text = self.text(value, pointer)
        if self.root is None or self.base_dir is None:
            return text
        if os.path.isabs(text) or text.startswith("~"):
            raise self.fail(pointer, f"{text!r} is not a path relative to the configuration (a repository's configuration names only its own files)")
        full = os.path.normpath(os.path.join(self.base_dir, text))
        root = self.root.rstrip(os.sep)
        if full != root and not full.startswith(root + os.sep):
            raise self.fail(pointer, f"{text!r} leaves the repository (a repository's configuration names only its own files)")
        return text

    def fail(self, pointer: Pointer, message: str) -> ConfigError:
        where = "/".join(str(p) for p in pointer) or "(top level)"
        location = self.locate(pointer) if self.locate is not None else None
        text = f"{message} (at {where})" if location is None else message
        if location is None:
            text = f"{self.source}: {text}"
        return ConfigError(f"invalid lint configuration: {text}", location)

    def strings(self, value: Any, pointer: Pointer) -> list[str]:
        if isinstance(value, str):
            return [v.strip() for v in value.split(",") if v.strip()]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(pointer, "must be a list of rule codes or names")
        return list(value)

    def selectors(self, value: Any, pointer: Pointer) -> frozenset[str]:
        out: set[str] = set()
        for i, text in enumerate(self.strings(value, pointer)):
            try:
                out |= resolve(text)
            except UnknownSelector as exc:
                raise self.fail((*pointer, i), str(exc)) from None
        return frozenset(out)

    def mapping(self, value: Any, pointer: Pointer) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(pointer, "must be a mapping")
        return value

    def severities(self, value: Any, pointer: Pointer) -> dict[str, Severity]:
        out: dict[str, Severity] = {}
        for key, level in self.mapping(value, pointer).items():
            try:
                codes = resolve(str(key))
            except UnknownSelector as exc:
                raise self.fail((*pointer, key), str(exc)) from None
            if level not in ("error", "warning", "info"):
                raise self.fail((*pointer, key), f"must be error, warning or info, not {level!r}")
            out.update(dict.fromkeys(codes, Severity.parse(level)))
        return out

    def options(self, value: Any, pointer: Pointer) -> dict[str, dict[str, OptionValue]]:
        out: dict[str, dict[str, OptionValue]] = {}
        for key, settings in self.mapping(value, pointer).items():
            rule = get_rule(str(key))
            if rule is None:
                raise self.fail((*pointer, key), f"unknown rule {key!r} (see `pod-resources rules`)")
            if not rule.options:
                raise self.fail((*pointer, key), f"{rule.code} has no options")
            values: dict[str, OptionValue] = {}
            for name, raw in self.mapping(settings, (*pointer, key)).items():
                spec = rule.option(str(name))
                if spec is None:
                    known = ", ".join(o.name for o in rule.options)
                    raise self.fail((*pointer, key, name), f"{rule.code} has no option {name!r} (it has: {known})")
                try:
                    values[spec.name] = spec.coerce(raw)
                except ValueError as exc:
                    raise self.fail((*pointer, key, name), f"{rule.code} option {name!r} {exc}") from None
            out[rule.code] = values
        return out

    def only(self, mapping: Mapping[str, Any], pointer: Pointer, keys: tuple[str, ...]) -> None:
        """Every key of ``mapping`` is one of ``keys``."""
        for key in mapping:
            if key not in keys:
                raise self.fail((*pointer, key), f"unknown key {key!r} (expected one of: {', '.join(keys)})")

    def texts(self, value: Any, pointer: Pointer) -> list[str]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(pointer, "must be a list of non-empty strings")
        return list(value)

    def text(self, value: Any, pointer: Pointer) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(pointer, "must be a non-empty string")
        return value

    def version(self, value: Any, pointer: Pointer) -> str:
        from pod_resources_cli.errors import UsageError
        from pod_resources_cli.features import KubernetesVersion

        text = self.text(value, pointer)
        try:
            KubernetesVersion.parse(text)
        except UsageError as exc:
            raise self.fail(pointer, exc.message) from None
        return text

    def gates(self, value: Any, pointer: Pointer) -> dict[str, bool]:
        if isinstance(value, str):
            from pod_resources_cli.errors import UsageError
            from pod_resources_cli.features import parse_feature_gates

            try:
                return parse_feature_gates(value)
            except UsageError as exc:
                raise self.fail(pointer, exc.message) from None
        out: dict[str, bool] = {}
        for key, flag in self.mapping(value, pointer).items():
            if not isinstance(flag, bool):
                raise self.fail((*pointer, key), "must be true or false")
            out[str(key)] = flag
        from pod_resources_cli.features import newest_version, no_kubelet_knows, oldest_version, unrecognized

        # a name no release knows is refused where it is written; the rest with the version (lint_run.check_gates)
        never = no_kubelet_knows(out)
        if never:
            oldest, newest = oldest_version(), newest_version()
            words = f"{unrecognized(never[0], newest)} (no kubelet from {oldest} to {newest} knows it)"
            raise self.fail((*pointer, never[0]), words)
        return out


def config_from_mapping(
    data: Any, *, source: str = "configuration", locate: Locate | None = None, base_dir: str | None = None, root: str | None = None
) -> LintConfig:
    """A LintConfig from a parsed file; ConfigError (exit 2) naming every bad
    key at once, each with its location (one problem per key: a key whose
    value is wrong is reported once, at its first problem).

    ``root``: the repository the file belongs to. A path the file names
    (``node``, ``helm.values``) is then relative to ``base_dir`` and may not
    leave ``root`` as written (an absolute path or ``..`` past the root is an
    error); the caller checks where its links lead."""
    reader = _Reader(source, locate, base_dir, root)
    if data is None:
        return LintConfig(source=source, base_dir=base_dir, root=root)
    top = reader.mapping(data, ())
    problems: list[ConfigError] = []
    for key in top:
        if key not in KEYS:
            problems.append(reader.fail((key,), f"unknown key {key!r} (expected one of: {', '.join(KEYS)})"))
    cfg = LintConfig(source=source, base_dir=base_dir, root=root)
    for key in KEYS:
        if key not in top:
            continue
        try:
            cfg = _read_key(reader, cfg, key, top[key], base_dir)
        except ConfigError as exc:
            problems.append(exc)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        problems.sort(key=lambda e: (e.location.line, e.location.column) if e.location is not None else (0, 0))
        raise ConfigError.several(problems)
    if cfg.node is not None and base_dir is not None and not os.path.isabs(cfg.node):
        cfg = replace(cfg, node=os.path.join(base_dir, cfg.node))
    return cfg


def _read_key(reader: _Reader, cfg: LintConfig, key: str, value: Any, base_dir: str | None) -> LintConfig:
    """``cfg`` with one top-level key of the file read into it."""
    at = (key,)
    if key == "select":
        return replace(cfg, select=reader.selectors(value, at))
    if key == "extend-select":
        return replace(cfg, extend_select=reader.selectors(value, at))
    if key == "ignore":
        return replace(cfg, ignore=reader.selectors(value, at))
    if key == "fail-on":
        if value not in ("error", "warning", "info", FAIL_ON_NONE):
            raise reader.fail(at, f"must be error, warning, info or none, not {value!r}")
        return replace(cfg, fail_on=None if value == FAIL_ON_NONE else Severity.parse(value))
    if key == "severity":
        return replace(cfg, severity=reader.severities(value, at))
    if key == "options":
        return replace(cfg, options=reader.options(value, at))
    if key == "node":
        return replace(cfg, node=reader.path(value, at))
    if key == "namespace":
        return replace(cfg, namespace=reader.text(value, at))
    if key == "kubernetes-version":
        return replace(cfg, kubernetes_version=reader.version(value, at))
    if key == "upgrade-to":
        return replace(cfg, upgrade_to=reader.version(value, at))
    if key == "feature-gates":
        return replace(cfg, feature_gates=reader.gates(value, at))
    if key == "per-path":
        return replace(cfg, per_path=_per_path(reader, value))
    if key == "policy-scope":
        if value not in POLICY_SCOPES:
            raise reader.fail(at, f"must be {' or '.join(POLICY_SCOPES)}, not {value!r}")
        return replace(cfg, policy_scope=value)
    if key == "workload-kinds":
        return replace(cfg, workload_kinds=_workload_kinds(reader, value))
    if key == "baseline":
        return replace(cfg, baseline=_repository_path(reader, value, at, base_dir))
    assert key == "helm", key
    helm = reader.mapping(value, at)
    reader.only(helm, at, HELM_KEYS)
    written = reader.texts(helm.get("values", []), ("helm", "values"))
    for i, v in enumerate(written):
        reader.path(v, ("helm", "values", i) if isinstance(helm.get("values"), list) else ("helm", "values"))
    values = [os.path.join(base_dir, v) if base_dir and not os.path.isabs(v) else v for v in written]
    return replace(cfg, helm_values=tuple(values), helm_set=tuple(reader.texts(helm.get("set", []), ("helm", "set"))))


# -- adoption (lint --baseline) -------------------------------------------------------


def _repository_path(reader: _Reader, value: Any, pointer: Pointer, base_dir: str | None) -> str:
    """A path the repository's configuration names (``baseline:``): relative to
    the configuration's directory and inside it, since CI runs on untrusted
    pull requests. An absolute path or a ``..`` part is an error here; a
    symlink that leads out is refused when the file is read
    (source/baseline_file.py)."""
    text = reader.text(value, pointer)
    parts = text.replace("\\", "/").split("/")
    if text.startswith(("/", "\\")) or (len(text) > 1 and text[1] == ":") or ".." in parts:
        raise reader.fail(pointer, f"must be a path inside the configuration's directory, without .. parts, not {text!r}")
    return os.path.join(base_dir, text) if base_dir else text


def _workload_kinds(reader: _Reader, value: Any) -> tuple[WorkloadKind, ...]:
    if not isinstance(value, list):
        raise reader.fail(("workload-kinds",), "must be a list of {apiVersion (or group), kind, templates, replicas} entries")
    out: list[WorkloadKind] = []
    for i, raw in enumerate(value):
        ptr: Pointer = ("workload-kinds", i)
        entry = reader.mapping(raw, ptr)
        reader.only(entry, ptr, WORKLOAD_KIND_KEYS)
        api = entry.get("apiVersion", entry.get("group"))
        if not isinstance(api, str) or not api:
            raise reader.fail(ptr, "needs apiVersion (example.com/v1) or group (example.com)")
        try:
            holds = {what: reader.texts(entry[key], (*ptr, key)) for key, what in _HOLDERS if key in entry}
            out.append(
                declared_kind(api, reader.text(entry.get("kind"), (*ptr, "kind")), reader.texts(entry.get("templates", []), (*ptr, "templates")),
                              reader.texts(entry.get("replicas", []), (*ptr, "replicas")), holds=holds)  # fmt: skip
            )
        except ValueError as exc:
            raise reader.fail(ptr, str(exc)) from None
    return tuple(out)


def _per_path(reader: _Reader, value: Any) -> tuple[PathOverride, ...]:
    if not isinstance(value, list):
        raise reader.fail(("per-path",), "must be a list of {paths, ignore, severity} entries")
    out: list[PathOverride] = []
    for i, raw in enumerate(value):
        ptr: Pointer = ("per-path", i)
        entry = reader.mapping(raw, ptr)
        reader.only(entry, ptr, PER_PATH_KEYS)
        if "paths" not in entry:
            raise reader.fail(ptr, "needs paths: a list of globs")
        patterns = entry["paths"]
        if isinstance(patterns, str):
            patterns = [patterns]
        if not isinstance(patterns, list) or not patterns or not all(isinstance(p, str) and p for p in patterns):
            raise reader.fail((*ptr, "paths"), "must be a non-empty list of globs")
        out.append(
            PathOverride(
                tuple(patterns),
                reader.selectors(entry["ignore"], (*ptr, "ignore")) if "ignore" in entry else frozenset(),
                reader.severities(entry["severity"], (*ptr, "severity")) if "severity" in entry else {},
            )
        )
    return tuple(out)
