"""Prow's own configuration, where the repository of a job configuration says which it is.

A Prow instance reads its configuration (``config.yaml``: ``plank`` and the
rest) and its job configuration (``presubmits``, ``postsubmits``,
``periodics``) from two paths; plank merges its
``default_decoration_config_entries`` into every decorated job before it
builds the pod (kubernetes-sigs/prow @a61940897382 pkg/config/config.go
mergeDefaultDecorationConfig, setPresubmitDecorationDefaults): that is where a
pod utility without resources of its own gets them. Which files those are is
written in the repository itself, where Prow's config-updater plugin keeps
them in the cluster: the plugins configuration's ``config_updater.maps``
maps repository paths (zglob patterns, pkg/plugins/updateconfig/updateconfig.go
``zglob.Match(key, change.Filename)``) to ConfigMaps (kubernetes/test-infra
@9cd5798cbb4f config/prow/plugins.yaml: ``config/prow/config.yaml`` and
``config/jobs/**/*.{yaml,yml}``).

So for a job configuration file, the plugins configuration is looked for
around it: ``plugins.yaml`` (or ``.yml``, ``_plugins.yaml``) in each
directory from the file's up to the root of its repository (its git work
tree, else the run's directory argument holding it), and in the direct
subdirectories of each (``config/prow/plugins.yaml`` beside
``config/jobs/``). One whose maps hold a pattern matching the file (its path
from the root) and exactly one plain path to a Prow configuration (a
document with a ``plank`` mapping) names the configuration applied: its
entries (``repo``, ``cluster``, ``config``; or the older
``default_decoration_configs`` map, ``*`` first, then orgs, then repositories,
defaultDecorationMapToSlice) and its ``decorate_all_jobs``. Every file is
read through the boundary of that root, at most ``MAX_BYTES`` each; nothing
found leaves the job's pod as written, as before.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.model.decode.prow_defaults import ProwDefaults
from pod_resources_cli.source.glob_braces import Unclosed, expand_braces, in_class

MAX_BYTES: Final = 4 << 20
MAX_SUBDIRECTORIES: Final = 256  # of one directory, looked at for a plugins configuration
PLUGIN_NAMES: Final = ("plugins.yaml", "plugins.yml", "_plugins.yaml")
_GLOB_CHARS: Final = re.compile(r"[*?\[{]")


def prow_defaults(path: str) -> ProwDefaults | None:
    """Prow's configuration for the job configuration file ``path`` (see the module docstring), or None."""
    if not os.path.isfile(path):
        return None
    from pod_resources_cli.source.boundary import work_tree
    from pod_resources_cli.source.project import run_root

    full = os.path.abspath(path)
    directory = os.path.dirname(full)
    root = work_tree(directory)
    if root is None:
        root, _ = run_root(directory)
    if root is None:
        return None
    real = os.path.realpath(full)
    if not real.startswith(root.rstrip(os.sep) + os.sep):
        return None
    relative = real[len(root.rstrip(os.sep)) + 1 :].replace(os.sep, "/")
    current = os.path.dirname(real)
    while True:
        for plugins in _plugin_files(current):
            found = _from_plugins(root, plugins, relative)
            if found is not None:
                return found
        if current == root or not current.startswith(root):
            return None
        current = os.path.dirname(current)


@lru_cache(maxsize=256)
def _plugin_files(directory: str) -> tuple[str, ...]:
    """The plugins configurations in ``directory`` and its direct subdirectories (links not followed)."""
    found: list[str] = []
    try:
        with os.scandir(directory) as scan:
            entries = sorted(scan, key=lambda e: e.name)
    except OSError:
        return ()
    subdirectories = [e.path for e in entries if e.is_dir(follow_symlinks=False)][:MAX_SUBDIRECTORIES]
    for place in (directory, *subdirectories):
        for name in PLUGIN_NAMES:
            candidate = os.path.join(place, name)
            if os.path.isfile(candidate) and not os.path.islink(candidate):
                found.append(candidate)
    return tuple(found)


@lru_cache(maxsize=64)
def _documents(root: str, path: str) -> tuple[Any, ...]:
    from pod_resources_cli.source.boundary import Boundary
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    if Boundary((root,)).refusal(path) is not None:
        return ()
    source = read_source(path, MAX_BYTES)
    if source.data is None or len(source.data) > MAX_BYTES:
        return ()
    return tuple(doc.data for doc in load_documents(path, source.data) if isinstance(doc, Document))


def _from_plugins(root: str, plugins: str, relative: str) -> ProwDefaults | None:
    maps: dict[Any, Any] = {}
    for data in _documents(root, plugins):
        updater = data.get("config_updater") if isinstance(data, dict) else None
        if isinstance(updater, dict) and isinstance(updater.get("maps"), dict):
            maps = updater["maps"]
            break
    keys = [k for k in maps if isinstance(k, str) and k]
    if not any(_GLOB_CHARS.search(k) and _zglob(k, relative) for k in keys):
        return None
    configs = []
    for key in keys:
        if _GLOB_CHARS.search(key) or key == relative:
            continue
        candidate = os.path.join(root, *key.split("/"))
        if not os.path.isfile(candidate):
            continue
        plank = [d for d in _documents(root, candidate) if isinstance(d, dict) and isinstance(d.get("plank"), dict)]
        if plank:
            configs.append((key, plank[0]))
    if len(configs) != 1:
        return None
    key, config = configs[0]
    plank_config: dict[str, Any] = config["plank"]
    entries = _entries(plank_config)
    if entries is None:
        return None
    decorate_all = config.get("decorate_all_jobs")
    return ProwDefaults(path=key, entries=entries, decorate_all_jobs=decorate_all if isinstance(decorate_all, bool) else None)


def _entries(plank: dict[str, Any]) -> tuple[tuple[str, str, dict[str, Any]], ...] | None:
    """plank's entries in order (config.go Plank.FinalizeDefaultDecorationConfigs); None where Prow refuses both forms."""
    sliced, mapped = plank.get("default_decoration_config_entries"), plank.get("default_decoration_configs")
    if sliced and mapped:
        return None  # "mutually exclusive": Prow does not load the configuration
    out: list[tuple[str, str, dict[str, Any]]] = []
    if isinstance(sliced, list):
        for entry in sliced:
            if isinstance(entry, dict) and isinstance(entry.get("config"), dict):
                if not _loads(entry["config"]):
                    return None
                repo, cluster = entry.get("repo"), entry.get("cluster")
                out.append((repo if isinstance(repo, str) else "", cluster if isinstance(cluster, str) else "", entry["config"]))
    elif isinstance(mapped, dict):
        keys = [k for k in mapped if isinstance(k, str) and isinstance(mapped[k], dict)]
        if not all(_loads(mapped[k]) for k in keys):
            return None
        ordered = [k for k in keys if k == "*"] + sorted(k for k in keys if k != "*" and "/" not in k) + sorted(k for k in keys if "/" in k)
        out = [(k, "", mapped[k]) for k in ordered]
    return tuple(out)


def _loads(config: dict[str, Any]) -> bool:
    """Prow loads the decoration config (a quantity that does not parse, a utility's resources that are no mapping:
    the configuration is refused, and nothing of it is applied here)."""
    from pod_resources_cli.quantity import Quantity, QuantityError

    resources = config.get("resources")
    if resources is not None and not (isinstance(resources, dict) and all(v is None or isinstance(v, dict) for v in resources.values())):
        return False
    memory = config.get("default_memory_request")
    if memory is not None:
        try:
            Quantity.parse(str(memory))
        except QuantityError:
            return False
    return True


_MAX_PATTERN: Final = 512  # characters of a config_updater key matched as a glob
_MAX_ALTERNATIVES: Final = 64  # its ``{a,b}`` expansions


def _zglob(pattern: str, path: str) -> bool:
    """zglob's syntax (mattn/go-zglob, Prow's config_updater): ``**`` as a whole name any directories (or none),
    ``*`` and ``?`` within a name, ``[...]`` (``[!...]``) a class, ``{a,b}`` alternatives. Matched name by name
    with a table, never by backtracking: a repository's ``**/**/.../**`` against a deep path cost a regular
    expression exponential time. A pattern longer than ``_MAX_PATTERN`` or with more than ``_MAX_ALTERNATIVES``
    expansions matches nothing."""
    pattern = pattern.removeprefix("./")
    if len(pattern) > _MAX_PATTERN:
        return False
    try:
        alternatives = expand_braces(pattern, _MAX_ALTERNATIVES)
    except Unclosed:
        return False  # zglob matches nothing with it
    names = path.split("/")
    return alternatives is not None and any(_path_matches(a.split("/"), names) for a in alternatives)


def _path_matches(parts: list[str], names: list[str]) -> bool:
    """The pattern's names against the path's: the indexes of the path reachable after each part (``**``: any
    number of names)."""
    reach = {0}
    for part in parts:
        if part == "**":
            reach = set(range(min(reach), len(names) + 1)) if reach else set()
        else:
            reach = {i + 1 for i in reach if i < len(names) and _name_matches(part.replace("**", "*"), names[i])}
        if not reach:
            return False
    return len(names) in reach


def _name_matches(part: str, name: str) -> bool:
    """One name against one part with ``*``, ``?`` and classes: the positions of the name reachable after each
    token (O(tokens x length))."""
    tokens: list[str] = []
    i = 0
    while i < len(part):
        if part[i] == "[":
            end = part.find("]", i + 2)
            if end < 0:
                return False
            tokens.append(part[i : end + 1])
            i = end + 1
        else:
            tokens.append(part[i])
            i += 1
    reach = {0}
    for token in tokens:
        if token == "*":
            reach = set(range(min(reach), len(name) + 1)) if reach else set()
        else:
            reach = {j + 1 for j in reach if j < len(name) and _token_matches(token, name[j])}
        if not reach:
            return False
    return len(name) in reach


def _token_matches(token: str, char: str) -> bool:
    if token == "?":
        return True
    if len(token) > 2 and token[0] == "[":
        body = token[1:-1]
        negate = body.startswith("!")
        return in_class(body[1:] if negate else body, char) != negate
    return token == char
