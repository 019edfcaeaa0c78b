"""Finding and reading the lint configuration file.

``.pod-resources.yaml`` (or ``.yml``) in the working directory or the
nearest parent wins; otherwise a ``pyproject.toml`` with a
``[tool.pod-resources]`` table. ``--config FILE`` names one directly.
Errors are ConfigError (exit 2) with the file, line and column.
"""

from __future__ import annotations

import os
from pathlib import Path

from pod_resources_cli.errors import ConfigError
from pod_resources_cli.lint.config import LintConfig, config_from_mapping
from pod_resources_cli.location import Location, Pointer

YAML_NAMES = (".pod-resources.yaml", ".pod-resources.yml")
PYPROJECT = "pyproject.toml"
TOOL_KEY = "pod-resources"


def find_config(start: Path) -> Path | None:
    """The nearest config file from ``start`` upwards."""
    for directory in (start, *start.parents):
        for name in YAML_NAMES:
            candidate = directory / name
            if candidate.is_file():
                return candidate
        pyproject = directory / PYPROJECT
        if pyproject.is_file() and _has_tool_table(pyproject):
            return pyproject
    return None


def _has_tool_table(path: Path) -> bool:
    """A cheap look for our table (bytes: a file that is not UTF-8 but names
    the table is still ours, and reported as invalid)."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return b"[tool.pod-resources" in data or b'[tool."pod-resources"' in data


def load_config(path: Path) -> LintConfig:
    base = str(path.resolve().parent)
    if path.name == PYPROJECT:
        return _load_pyproject(path, base)
    return _load_yaml(path, base)


def _load_yaml(path: Path, base: str) -> LintConfig:
    from pod_resources_cli.source.yamldoc import Document, load_documents

    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ConfigError(f"cannot read lint configuration {path}: {exc.strerror or exc}") from None
    docs = []
    for doc in load_documents(str(path), data):
        if not isinstance(doc, Document):
            raise ConfigError(f"invalid lint configuration: {doc.message}", doc.location)
        docs.append(doc)
    if len(docs) > 1:
        raise ConfigError("invalid lint configuration: one YAML document expected", docs[1].location())
    if not docs:
        return LintConfig(source=str(path), base_dir=base)
    doc = docs[0]

    def locate(pointer: Pointer) -> Location:
        return doc.location(pointer)

    return config_from_mapping(doc.data, source=str(path), locate=locate, base_dir=base)


def _load_pyproject(path: Path, base: str) -> LintConfig:
    import tomllib

    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc}") from None
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
    return config_from_mapping(table, source=source, base_dir=base)


def resolve_config(config_option: str | None, no_config: bool = False) -> LintConfig:
    """The --config file, or the one found upwards from the working directory."""
    if no_config:
        return LintConfig()
    if config_option:
        path = Path(config_option)
        if not path.is_file():
            raise ConfigError(f"{config_option}: no such configuration file")
        return load_config(path)
    found = find_config(Path(os.getcwd()))
    return load_config(found) if found is not None else LintConfig()
