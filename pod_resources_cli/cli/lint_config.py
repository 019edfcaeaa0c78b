"""Finding and reading the lint configuration file.

``.pod-resources.yaml`` (or ``.yml``) in the working directory or the
nearest parent wins; otherwise a ``pyproject.toml`` with a
``[tool.pod-resources]`` table. ``--config FILE`` names one directly.
Errors are ConfigError (exit 2) with the file, line and column.

A configuration inside a git work tree is the repository's, and a pull
request can change it: it is read only when it is a regular file inside that
work tree (not a link out of it, not a FIFO), and the files it names
(``node``, ``helm.values``) must be relative to it and stay inside the work
tree, links resolved. A configuration outside any work tree is the user's
own and names what it likes.

Paths are strings (``os.path``): pre-commit starts ``lint`` once per batch of
files, and ``pathlib`` (with ``urllib.parse`` and ``ipaddress`` behind it) was
a few percent of that start-up.
"""

from __future__ import annotations

import os

from pod_resources_cli.errors import ConfigError
from pod_resources_cli.lint.config import LintConfig, config_from_mapping
from pod_resources_cli.location import Location, Pointer
from pod_resources_cli.source.boundary import Refused, is_within, open_regular, work_tree

YAML_NAMES = (".pod-resources.yaml", ".pod-resources.yml")
PYPROJECT = "pyproject.toml"
TOOL_KEY = "pod-resources"
MAX_CONFIG_BYTES = 4 << 20  # a pyproject.toml or .pod-resources.yaml is a few KB; the bound keeps a hostile one cheap


def find_config(start: str | os.PathLike[str]) -> str | None:
    """The nearest config file from ``start`` (an absolute directory) upwards."""
    directory = os.fspath(start)
    while True:
        for name in YAML_NAMES:
            candidate = os.path.join(directory, name)
            if os.path.isfile(candidate):
                return candidate
        pyproject = os.path.join(directory, PYPROJECT)
        if os.path.isfile(pyproject) and _has_tool_table(pyproject):
            return pyproject
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _has_tool_table(path: str) -> bool:
    """A cheap look for our table (bytes: a file that is not UTF-8 but names
    the table is still ours, and reported as invalid)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError:
        return False
    return b"[tool.pod-resources" in data or b'[tool."pod-resources"' in data


def load_config(path: str | os.PathLike[str]) -> LintConfig:
    path = os.fspath(path)
    root = work_tree(os.path.dirname(os.path.abspath(path)))
    if root is not None and not is_within(os.path.realpath(path), root):
        raise ConfigError(f"{path}: a symbolic link to outside the repository; a repository's lint configuration is not read from there")
    base = os.path.dirname(os.path.realpath(path))
    cfg = _load_pyproject(path, base, root) if os.path.basename(path) == PYPROJECT else _load_yaml(path, base, root)
    if root is not None:
        _check_named_files(cfg, root)
    return cfg


def _check_named_files(cfg: LintConfig, root: str) -> None:
    """The files a repository's configuration names, links resolved: inside
    the repository, and regular files (a FIFO would block the run)."""
    named = [("node", cfg.node)] if cfg.node else []
    named += [("helm.values", v) for v in cfg.helm_values]
    for key, path in named:
        assert path is not None
        real = os.path.realpath(path)
        if not is_within(real, root):
            raise ConfigError(f"invalid lint configuration: {cfg.source}: {key} {os.path.relpath(path, cfg.base_dir or '.')!r} leads outside the repository (a symbolic link); a repository's configuration names only its own files")
        if os.path.exists(real) and not os.path.isfile(real):
            raise ConfigError(f"invalid lint configuration: {cfg.source}: {key} {os.path.relpath(path, cfg.base_dir or '.')!r} is not a regular file")


def _read(path: str) -> bytes:
    try:
        with open_regular(path) as fh:
            data = fh.read(MAX_CONFIG_BYTES + 1)
        if len(data) > MAX_CONFIG_BYTES:
            raise ConfigError(f"cannot read lint configuration {path}: larger than {MAX_CONFIG_BYTES >> 20} MiB")
        return data
    except Refused as exc:
        raise ConfigError(f"cannot read lint configuration {path}: {exc.message}") from None
    except OSError as exc:
        raise ConfigError(f"cannot read lint configuration {path}: {exc.strerror or exc}") from None


def _load_yaml(path: str, base: str, root: str | None) -> LintConfig:
    from pod_resources_cli.source.yamldoc import Document, load_documents

    data = _read(path)
    docs = []
    for doc in load_documents(path, data):
        if not isinstance(doc, Document):
            raise ConfigError(f"invalid lint configuration: {doc.message}", doc.location)
        docs.append(doc)
    if len(docs) > 1:
        raise ConfigError("invalid lint configuration: one YAML document expected", docs[1].location())
    if not docs:
        return LintConfig(source=path, base_dir=base, root=root)
    doc = docs[0]

    def locate(pointer: Pointer) -> Location:
        return doc.location(pointer)

    return config_from_mapping(doc.data, source=path, locate=locate, base_dir=base, root=root)


def _load_pyproject(path: str, base: str, root: str | None) -> LintConfig:
    import tomllib

    try:
        data = tomllib.loads(_read(path).decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset {exc.start})") from None
    except RecursionError:
        raise ConfigError(f"{path}: invalid TOML: nested too deeply to read") from None
    tool = data.get("tool")
    if tool is not None and not isinstance(tool, dict):
        raise ConfigError(f"{path}: invalid lint configuration: tool must be a table, not {type(tool).__name__}")
    table = (tool or {}).get(TOOL_KEY)
    source = f"{path} [tool.{TOOL_KEY}]"
    return config_from_mapping(table, source=source, base_dir=base, root=root)


def resolve_config(config_option: str | None, no_config: bool = False) -> LintConfig:
    """The --config file, or the one found upwards from the working directory."""
    if no_config:
        return LintConfig()
    if config_option:
        if not os.path.isfile(config_option):
            raise ConfigError(f"{config_option}: no such configuration file")
        return load_config(config_option)
    found = find_config(os.getcwd())
    return load_config(found) if found is not None else LintConfig()
