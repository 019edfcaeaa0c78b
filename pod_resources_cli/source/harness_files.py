"""What each test harness's own test file names, and what the test does
with each file: applies it, compares the cluster's objects with it, or
evaluates policies against it offline (the harnesses and their sources are
in harness.py). Every path a test names is read relative to the test file's
directory, as the harnesses read them.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from fnmatch import fnmatchcase
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.records import dataclass

TEST_ASSERTION: Final = "test-assertion"  # skip reason: a harness compares the cluster's objects with it
TEST_INPUT: Final = "test-input"  # skip reason: a harness evaluates policies against it offline
APPLIED: Final = "applied"  # a harness sends it to the cluster

CHAINSAW_TEST_FILES: Final = ("chainsaw-test.yaml", "chainsaw-test.yml")
KYVERNO_TEST_FILE: Final = "kyverno-test.yaml"
GATOR_SUITE_FILES: Final = ("suite.yaml", "suite.yml")
_MAX_BYTES: Final = 1 << 20  # a harness file larger than this is not read
_CHAINSAW_APPLY: Final = ("apply", "create", "update", "patch")
_CHAINSAW_CHECK: Final = ("assert", "error")
_VERBS: Final = {"apply": "applies", "create": "creates", "update": "updates", "patch": "patches"}
_KYVERNO_INPUTS: Final = ("resources", "targetResources", "clusterResources", "paramResources")
_KYVERNO_EXPECTED: Final = ("patchedResources", "generatedResource")


@dataclass(frozen=True, slots=True)
class Ref:
    """A file (or glob) a harness test names, and what the test does with it."""

    pattern: str  # absolute, normalised
    role: str  # APPLIED | TEST_ASSERTION | TEST_INPUT
    why: str
    merges: bool = False  # applied as a merge into the object when it exists (chainsaw's apply and patch)
    # only ever a merge into an existing object: chainsaw's patch Gets the object first and fails without it (kyverno/
    # chainsaw 1d2d64bc8554 pkg/engine/operations/patch/operation.go tryPatchResource: ``o.client.Get``, then a merge patch)
    patches: bool = False


@dataclass(frozen=True, slots=True)
class Test:
    """A harness's test file: its scenario directory and the files it names."""

    path: str
    refs: tuple[Ref, ...]


RefsOf = Callable[[dict[str, Any], str, str], list[Ref]]  # (document, its directory, its path as shown)


def read_tests(path: str, refs_of: RefsOf) -> list[Test]:
    if os.path.islink(path) or not os.path.isfile(path):  # a link could lead out of the repository: not followed
        return []
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    source = read_source(path, _MAX_BYTES)
    if source.data is None:
        return []
    base = os.path.dirname(path)
    refs: list[Ref] = []
    for doc in load_documents(path, source.data):
        if isinstance(doc, Document) and isinstance(doc.data, dict):
            refs.extend(refs_of(doc.data, base, shown(path)))
    return [Test(path, tuple(refs))] if refs or _is_harness(path) else []


def _is_harness(path: str) -> bool:
    return os.path.basename(path) in (*CHAINSAW_TEST_FILES, KYVERNO_TEST_FILE)


def _group(data: dict[str, Any]) -> str:
    api = data.get("apiVersion")
    return api.rpartition("/")[0] if isinstance(api, str) else ""


def chainsaw_refs(data: dict[str, Any], base: str, shown: str) -> list[Ref]:
    if data.get("kind") != "Test" or _group(data) != "chainsaw.kyverno.io":
        return []
    spec = _dict(data.get("spec"))
    out: list[Ref] = []
    for step in _dicts(spec.get("steps")):
        use = _dict(step.get("use"))
        template = use.get("template")
        bodies = [step]
        if isinstance(template, str) and _plain(template) and _inside(_join(base, template), base):
            bodies += [_dict(t.get("spec")) for t in _documents(_join(base, template)) if t.get("kind") == "StepTemplate"]
        for body in bodies:
            out.extend(_chainsaw_operations(body, base, shown))
    return _after_mutation(out, base, shown)


def _after_mutation(refs: list[Ref], base: str, shown: str) -> list[Ref]:
    """The files a chainsaw test applies after a policy of its own that mutates resources (a Kyverno ``mutate``
    rule, a MutatingPolicy or a MutatingAdmissionPolicy writing ``requests`` or ``limits``: kyverno/policies'
    other/add-default-resources): what runs is what the policy makes of them, which this tool does not compute,
    so they are test inputs, not workloads whose missing resources are findings."""
    for i, ref in enumerate(refs):
        if ref.role == APPLIED and _mutates_resources(ref.pattern, base):
            why = f"the chainsaw test {shown} applies it after the policy {os.path.basename(ref.pattern)}, which sets resources: what runs is the policy's result"
            return [*refs[: i + 1], *(Ref(r.pattern, TEST_INPUT, why) if r.role == APPLIED else r for r in refs[i + 1 :])]
    return refs


def _mutates_resources(path: str, base: str) -> bool:
    if os.path.islink(path) or not os.path.isfile(path) or not _inside(path, base):
        return False
    text = read_text(path)
    if text is None or "utat" not in text or ("requests" not in text and "limits" not in text):  # mutate:, Mutating...
        return False
    for doc in _documents(path):
        group, kind = _group(doc), doc.get("kind")
        if group == "kyverno.io" and kind in ("ClusterPolicy", "Policy"):
            parts: list[Any] = [rule.get("mutate") for rule in _dicts(_dict(doc.get("spec")).get("rules"))]
        elif (group, kind) in (("policies.kyverno.io", "MutatingPolicy"), ("admissionregistration.k8s.io", "MutatingAdmissionPolicy")):
            parts = [_dict(doc.get("spec")).get("mutations")]
        else:
            continue
        if any(word in repr(part) for part in parts if part for word in ("requests", "limits")):
            return True
    return False


def _chainsaw_operations(body: dict[str, Any], base: str, shown: str) -> list[Ref]:
    out: list[Ref] = []
    for block in ("try", "catch", "finally", "cleanup"):
        for operation in _dicts(body.get(block)):
            for key, value in operation.items():
                file = _dict(value).get("file")
                if not isinstance(file, str) or not _plain(file):
                    continue
                if key in _CHAINSAW_APPLY and _refused(_dict(value)):
                    why = f"the chainsaw test {shown} {_VERBS[key]} it expecting the cluster to refuse it ($error != null): it never runs"
                    out.append(Ref(_join(base, file), TEST_INPUT, why))
                elif key in _CHAINSAW_APPLY:  # apply and patch merge into an existing object (pkg/engine/operations/apply)
                    out.append(Ref(_join(base, file), APPLIED, f"applied by the chainsaw test {shown}", key in ("apply", "patch"), key == "patch"))
                elif key in _CHAINSAW_CHECK:
                    why = f"a chainsaw {key} file: the test {shown} compares the cluster's objects with it, never applies it"
                    out.append(Ref(_join(base, file), TEST_ASSERTION, why))
    return out


def _refused(operation: dict[str, Any]) -> bool:
    """A chainsaw operation whose ``expect`` asserts that it fails for every
    object of its file (an expectation without ``match``, checking
    ``($error != null): true`` or ``($error == null): false``): the
    admission chain refuses them (kyverno/policies' ``pods-bad.yaml``,
    applied to show that the policy blocks them), so none of them is ever
    created. An expectation limited by ``match`` leaves the file applied."""
    for expectation in _dicts(operation.get("expect")):
        if "match" in expectation:
            continue
        check = _dict(expectation.get("check"))
        if check.get("($error != null)") is True or check.get("($error == null)") is False:
            return True
    return False


def kyverno_refs(data: dict[str, Any], base: str, shown: str) -> list[Ref]:
    """A ``kyverno-test.yaml``'s files. The CLI unmarshals the file into v1alpha1.Test whatever its type fields say
    (kyverno/kyverno @03cf29d03bb5 cmd/cli/kubectl-kyverno/test/load.go LoadTest: ``yaml.UnmarshalStrict``), so the
    legacy form without ``apiVersion`` and ``kind`` (``name``, ``policies``, ``resources``, ``results``: kyverno/policies
    @b99f24767972, 44 of nirmata/kyverno-policies' 54 tests; ``kyverno fix test`` adds them) is a test too."""
    legacy = "kind" not in data and "apiVersion" not in data
    if not legacy and (data.get("kind") != "Test" or _group(data) != "cli.kyverno.io"):
        return []
    given = f"evaluated offline by the Kyverno CLI test {shown}, never applied"
    expected = f"an object the Kyverno CLI test {shown} expects, never applied"
    out = [Ref(_join(base, f), TEST_INPUT, given) for key in _KYVERNO_INPUTS for f in _strings(data.get(key))]
    for result in _dicts(data.get("results")):
        files = [result.get(key) for key in _KYVERNO_EXPECTED] + _strings(result.get("generatedResources"))
        out += [Ref(_join(base, f), TEST_ASSERTION, expected) for f in files if isinstance(f, str) and f]
        source = result.get("cloneSourceResource")
        if isinstance(source, str) and source:
            out.append(Ref(_join(base, source), TEST_INPUT, given))
    return out


def gator_refs(data: dict[str, Any], base: str, shown: str) -> list[Ref]:
    if data.get("kind") != "Suite" or _group(data) != "test.gatekeeper.sh":
        return []
    given = f"evaluated offline by the gator suite {shown}, never applied"
    out: list[Ref] = []
    for test in _dicts(data.get("tests")):
        for case in _dicts(test.get("cases")):
            files = [case.get("object"), *_strings(case.get("inventory"))]
            out += [Ref(_join(base, f), TEST_INPUT, given) for f in files if isinstance(f, str) and f]
    return out


def kuttl_step_refs(data: dict[str, Any], base: str, shown: str) -> list[Ref]:
    if data.get("kind") != "TestStep" or _group(data) != "kuttl.dev":
        return []
    checked = f"a kuttl check named by the TestStep in {shown}, never applied"
    out = [Ref(_join(base, f), APPLIED, f"applied by {shown}", True) for f in _strings(data.get("apply"))]
    out += [Ref(_join(base, f), TEST_ASSERTION, checked) for key in ("assert", "error") for f in _strings(data.get(key))]
    return out


@lru_cache(maxsize=256)
def _documents(path: str) -> tuple[dict[str, Any], ...]:
    """The mapping documents of a file a test names; the caller checks that it lies inside the run's repository
    (``../../../etc/passwd`` in a test is a name, never a file to open)."""
    if os.path.islink(path) or not os.path.isfile(path):  # a link could lead out of the repository: not followed
        return ()
    from pod_resources_cli.source.discover import read_source
    from pod_resources_cli.source.yamldoc import Document, load_documents

    source = read_source(path, _MAX_BYTES)
    if source.data is None:
        return ()
    return tuple(d.data for d in load_documents(path, source.data) if isinstance(d, Document) and isinstance(d.data, dict))


# -- small helpers ---------------------------------------------------------------------


def _inside(path: str, beside: str) -> bool:
    """``path`` (links resolved) lies in the repository of ``beside`` (its git work tree, else that directory):
    what a test names elsewhere is a name, never a file to open."""
    from pod_resources_cli.source.boundary import Boundary

    return Boundary.of([beside]).contains(path)


def _plain(file: str) -> bool:
    """A file name, not an expression (chainsaw's ``($binding)``) or a URL."""
    return bool(file) and "(" not in file and "$" not in file and "://" not in file


def _join(base: str, name: str) -> str:
    return os.path.normpath(os.path.join(base, name))


def matches(pattern: str, full: str) -> bool:
    """A name or a glob, compared segment by segment (``*`` stays in its directory)."""
    if pattern == full:
        return True
    first = min((i for c in "*?[" if (i := pattern.find(c)) >= 0), default=-1)
    if first < 0 or not full.startswith(pattern[:first]):  # not a glob, or not below its fixed part
        return False
    want, have = pattern.split(os.sep), full.split(os.sep)
    return len(want) == len(have) and all(fnmatchcase(h, w) for w, h in zip(want, have, strict=True))


def under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def shown(path: str) -> str:
    rel = os.path.relpath(path)
    return path if rel == ".." or rel.startswith(".." + os.sep) else rel


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str) and v] if isinstance(value, list) else []


ObjectKey = tuple[str, str, str, str]  # (API group, kind, namespace or "", name)


@lru_cache(maxsize=4096)
def object_keys(path: str) -> frozenset[ObjectKey]:
    """The objects a file holds (a ``kind: List`` unrolled), by identity."""
    keys: set[ObjectKey] = set()
    pending = list(_documents(path))
    while pending:
        obj = pending.pop()
        kind, items = obj.get("kind"), obj.get("items")
        if isinstance(kind, str) and kind.endswith("List") and isinstance(items, list):
            pending.extend(i for i in items if isinstance(i, dict))
            continue
        key = identity(obj)
        if key is not None:
            keys.add(key)
    return frozenset(keys)


def identity(obj: dict[str, Any]) -> ObjectKey | None:
    kind, metadata = obj.get("kind"), _dict(obj.get("metadata"))
    name, namespace = metadata.get("name"), metadata.get("namespace")
    if not isinstance(kind, str) or not isinstance(name, str) or not name:
        return None
    return _group(obj), kind, namespace if isinstance(namespace, str) else "", name


def project_files(root: str, suffixes: tuple[str, ...]) -> list[str]:
    """The regular files named ``*<suffix>`` (``.sh``, ``.bats``) of a project's root and of its direct,
    not hidden, subdirectories (``test/``, ``hack/``), in name order, none through a link: where a project
    keeps the scripts that run its tests (harness_bats.py, harness_ko.py; the directories listed once)."""
    return [path for path in _scripts(root) if path.endswith(suffixes)]


_SCRIPTS: Final = (".sh", ".bats")


@lru_cache(maxsize=64)
def _scripts(root: str) -> tuple[str, ...]:
    found: list[str] = []
    for directory in (root, *_subdirectories(root)):
        try:
            with os.scandir(directory) as entries:
                found.extend(e.path for e in sorted(entries, key=lambda e: e.name) if e.name.endswith(_SCRIPTS) and e.is_file(follow_symlinks=False))
        except OSError:
            continue
    return tuple(found)


def _subdirectories(root: str) -> list[str]:
    try:
        with os.scandir(root) as entries:
            return sorted(e.path for e in entries if e.is_dir(follow_symlinks=False) and not e.name.startswith("."))
    except OSError:
        return []


def read_text(path: str, limit: int = _MAX_BYTES) -> str | None:
    """The first ``limit`` bytes of a regular file as text, or None when it cannot be read or is no regular
    file: opened without blocking and checked on the descriptor, so a FIFO (or a device) named like a script or
    a test step never blocks the run, whatever its caller checked before."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as fh:
            fd = -1  # the file object closes it
            return fh.read(limit).decode("utf-8", "replace")
    except OSError:
        return None
    finally:
        if fd >= 0:
            os.close(fd)
