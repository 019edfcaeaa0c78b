"""The start-up cache (pod_resources_cli/_codecache.py): code taken from it
makes the very classes and patterns compiling them again makes."""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pod_resources_cli import _codecache

PATTERNS: list[tuple[str | bytes, int]] = [
    (r"(?P<year>[0-9]{4})-(?P<month>[0-9]{2})(?:T(?P<hour>[0-9]{2}))?$", 0),
    (r"[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD\U00010000-\U0010ffff]", 0),
    (r"(a|b)\1+(?<=b)(?!c)", re.IGNORECASE),
    (r"^[ ]*(?:key|\"key\")[ ]*:  # a key\n", re.VERBOSE | re.MULTILINE),
    (r"(?>a+)b|c*+d", 0),
    (rb"\n---[ \t\r\n]", 0),
    (rb"(?s)\{\{.*?\}\}", 0),
    (r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*", re.ASCII),
    (r"(?P<x>é)(?P=x)", re.UNICODE),
]
SAMPLES = ["2024-05-01T12", "2024-5-1", "\x00\x85", "aAbB", "AB", "key: 1\n", "aaab", "ccd", "{{ x }}", "x.y-z", "éé", "É"]


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_a_kept_pattern_is_the_pattern_compiled_again(pattern: str | bytes, flags: int) -> None:
    if not hasattr(_codecache, "_original_compile"):
        pytest.skip("patterns are not kept on this Python")
    _codecache._patterns.pop((pattern, flags), None)
    compiled = _codecache._compile_pattern(pattern, flags)  # compiled, and kept
    kept = _codecache._compile_pattern(pattern, flags)  # from what was kept (marshalled)
    reference = _codecache._original_compile(pattern, flags)
    assert (pattern, flags) in _codecache._patterns
    for candidate in (compiled, kept):
        assert (candidate.pattern, candidate.flags, candidate.groups, dict(candidate.groupindex)) == (
            reference.pattern, reference.flags, reference.groups, dict(reference.groupindex),
        )  # fmt: skip
        samples = [s.encode("utf-8") for s in SAMPLES] if isinstance(pattern, bytes) else SAMPLES
        for sample in samples:
            assert candidate.findall(sample) == reference.findall(sample)  # type: ignore[arg-type]
            assert bool(candidate.search(sample)) == bool(reference.search(sample))  # type: ignore[arg-type]


def test_a_record_from_kept_code_is_the_same_class() -> None:
    from pod_resources_cli import records

    decorator, frozen_error = records.dataclass, records.FrozenInstanceError
    source = "@dataclass(frozen=True, slots=True)\nclass C:\n    a: int\n    b: str = 'x'\n"
    made = []
    for _ in range(2):  # the second time, the methods' code comes from the cache
        namespace: dict[str, object] = {"dataclass": decorator}
        exec(source, namespace)
        made.append(namespace["C"])
    for cls in made:
        one, same, other = cls(1), cls(1), cls(2, "y")  # type: ignore[operator]
        assert one == same and hash(one) == hash(same) and one != other and repr(other) == "C(a=2, b='y')"
        with pytest.raises(frozen_error):
            one.a = 3  # type: ignore[attr-defined]


def test_the_cache_is_written_by_a_run_and_read_by_the_next(tmp_path: Path) -> None:
    """Two processes with their own cache file: the second compiles nothing new."""
    cache = tmp_path / "cache.marshal"
    program = (
        "import sys; from pod_resources_cli import _codecache as c; c._PATH = sys.argv[1]; c._codes.clear(); c._patterns.clear(); "
        "c._compiled = False; c._load(); import re; from pod_resources_cli import records; re.compile('(?P<n>[a-z]+)-probe-' + sys.argv[2]); "
        "exec('@records.dataclass(frozen=True)\\nclass P:\\n    x: int\\n', {'records': records}); "
        "print(c._compiled); c._save()"
    )
    first = subprocess.run([sys.executable, "-c", program, str(cache), "1"], capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", program, str(cache), "1"], capture_output=True, text=True, check=True)
    assert first.stdout.strip() == "True" and second.stdout.strip() == "False"
    assert cache.read_bytes().startswith(_codecache._HEADER)
    codes, patterns = marshal.loads(cache.read_bytes()[len(_codecache._HEADER) :])
    assert any("def __new__(__record_type__, x):" in s for s in codes) and ("(?P<n>[a-z]+)-probe-1", 0) in patterns


def test_an_unreadable_cache_is_ignored(tmp_path: Path) -> None:
    cache = tmp_path / "cache.marshal"
    cache.write_bytes(_codecache._HEADER + b"not marshal data")
    program = "import sys; from pod_resources_cli import _codecache as c; c._PATH = sys.argv[1]; c._load(); print('ok')"
    done = subprocess.run([sys.executable, "-c", program, str(cache)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok"


def test_a_table_another_install_wrote_is_not_read(tmp_path: Path) -> None:
    """A reinstall or an upgrade writes the package anew: the old version's table (its classes' code, kept
    by text) is neither read at start nor kept, so stale entries do not grow every start's read."""
    cache = tmp_path / "cache.marshal"
    stale = _codecache._HEADER.replace(b"start-up code 4", b"start-up code 4 other-install")
    cache.write_bytes(stale + marshal.dumps(({"def stale(): pass": b"x"}, {})))
    program = (
        "import sys; from pod_resources_cli import _codecache as c; c._PATH = sys.argv[1]; c._codes.clear(); c._patterns.clear(); "
        "c._load(); print(len(c._codes)); from pod_resources_cli import records; "
        "exec('@records.dataclass(frozen=True)\\nclass P:\\n    x: int\\n', {'records': records}); c._save()"
    )
    done = subprocess.run([sys.executable, "-c", program, str(cache)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "0"
    codes, _ = marshal.loads(cache.read_bytes()[len(_codecache._HEADER) :])
    assert cache.read_bytes().startswith(_codecache._HEADER) and "def stale(): pass" not in codes and codes
    assert _codecache._HEADER.decode().split()[-2:] == [str(os.stat(_codecache.__file__).st_mtime_ns), str(os.stat(_codecache.__file__).st_size)]


def test_the_re_verdict_is_kept_with_the_table(tmp_path: Path) -> None:
    """_same_pattern compiles with re's own Python compiler: run once for the Python the table's header names,
    its verdict kept; a later run with that table does not check again (and still uses the kept patterns)."""
    if not hasattr(_codecache, "_original_compile"):
        pytest.skip("patterns are not kept on this Python")
    cache = tmp_path / "cache.marshal"
    program = (
        "import sys; from pod_resources_cli import _codecache as c; c._PATH = sys.argv[1]; c._codes.clear(); c._load(); "
        "checked = []; same = c._same_pattern; c._same_pattern = lambda p, f: checked.append(p) or same(p, f); "
        "print(c._re_mirrored(), len(checked)); c._save()"
    )
    first = subprocess.run([sys.executable, "-c", program, str(cache)], capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", program, str(cache)], capture_output=True, text=True, check=True)
    assert (first.stdout.split(), second.stdout.split()) == (["True", "1"], ["True", "0"])
    codes, _ = marshal.loads(cache.read_bytes()[len(_codecache._HEADER) :])
    assert codes[_codecache._MIRRORED] == b"same"
