#!/usr/bin/env python3
"""Generate pod_resources_cli/data/feature_gates.tsv from upstream's
versioned feature specs, read from a kubernetes/kubernetes git directory
(offline: ``git --git-dir=DIR show REF:PATH``, nothing fetched).

For each release it reads, at that release's ref (by default its tag):
- pkg/features/*.go: the gates every kube binary registers (kubelet,
  kube-apiserver and kube-scheduler all import the package; its init()
  adds the maps to utilfeature.DefaultMutableFeatureGate), the gates it
  relists from the staging packages, and defaultKubernetesFeatureGateDependencies;
- staging/src/k8s.io/apiserver/pkg/features/kube_features.go: registered by
  its own init() into the same gate, in every binary that imports
  pkg/features;
- staging/src/k8s.io/client-go/features/known_features.go and
  component-base/zpages/features: registered when pkg/features' init() calls
  clientfeatures.Add...ToExistingFeatureGates / zpagesfeatures.AddFeatureGates;
- staging/src/k8s.io/apiextensions-apiserver/pkg/features: its init()
  registers it in kube-apiserver (which imports the package);
- component-base/logs/api/v1 and component-base/metrics/features: added by
  logsapi.AddFeatureGates / metricsfeatures.AddFeatureGates in
  cmd/kubelet/app/server.go and pkg/kubelet/server/server.go, and in
  cmd/kube-scheduler/app/server.go;
- component-base/featuregate/feature_gate.go: AllAlpha and AllBeta, and how
  unsafeSetFromMap reports (the texts, whether locked gates stop at the first
  error, whether dependencies are checked).

A spec is taken as featuregate.featureSpecAtEmulationAndMinCompatVersion
takes it: the last entry whose Version is at most the release and whose
MinCompatibilityVersion, if any, is at most the release minus one. A gate
with no such entry (PreAlpha) is not known to that release's binary.

Usage: gen_feature_gates.py GITDIR [--ref 1.37=v1.37.0[@LABEL]]... [--prerelease 1.38] [-o FILE]
Several --ref for one release are read in order; a gate the first does not
register is taken from the next (a union). The output is deterministic.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "pod_resources_cli" / "data" / "feature_gates.tsv"
DEFAULT_REFS = [f"1.{m}=v1.{m}.0" for m in range(27, 38)] + ["1.38=master"]
STAGING = "staging/src/k8s.io/"
FILES = {  # path -> which components register it unconditionally (k kubelet, a apiserver, s scheduler)
    "pkg/features": "kas",
    STAGING + "apiserver/pkg/features": "kas",
    STAGING + "apiextensions-apiserver/pkg/features": "a",
    STAGING + "component-base/logs/api/v1": "ks",
    STAGING + "component-base/metrics/features": "ks",
    STAGING + "component-base/featuregate": "kas",
}
CONDITIONAL = {  # registered by pkg/features' init() when it calls the function
    STAGING + "client-go/features": "clientfeatures.Add",
    STAGING + "component-base/zpages/features": "zpagesfeatures.AddFeatureGates",
}
STAGES = {"Alpha": "alpha", "Beta": "beta", "GA": "GA", "Deprecated": "deprecated", "PreAlpha": "prealpha"}


@dataclass(frozen=True)
class Spec:
    version: tuple[int, int] | None  # None: an unversioned FeatureSpec
    default: bool
    stage: str
    locked: bool
    min_compat: tuple[int, int] | None = None


def strip_comments(go: str) -> str:
    out, i, n = [], 0, len(go)
    while i < n:
        c = go[i]
        if c in "\"`":
            j = i + 1
            while j < n and go[j] != c:
                j += 2 if c == '"' and go[j] == "\\" else 1
            out.append(go[i : j + 1])
            i = j + 1
        elif go.startswith("//", i):
            i = go.find("\n", i) if "\n" in go[i:] else n
        elif go.startswith("/*", i):
            i = go.find("*/", i) + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def block(text: str, start: int) -> tuple[str, int]:
    """The text inside the brace opening at ``start`` and the index after its close."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
    raise ValueError("unbalanced braces")


def split_top(body: str) -> list[str]:
    """Comma-separated items at brace depth 0."""
    items: list[str] = []
    cur: list[str] = []
    depth = 0
    for c in body:
        depth += c in "{(" and 1 or (c in "})" and -1 or 0)
        if c == "," and depth == 0:
            items.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
    items.append("".join(cur).strip())
    return [i for i in items if i]


IMPORT = re.compile(r'^\s*(?:(\w+)\s+)?"([^"]+)"', re.MULTILINE)
CONST = re.compile(r"^\s*(\w+)(?:\s+[\w.]+)?\s*=\s*(.+?)\s*$", re.MULTILINE)
MAP = re.compile(r"map\[(?:featuregate\.)?Feature\](\[\](?:featuregate\.)?Feature|(?:featuregate\.)?(?:FeatureSpec|VersionedSpecs))\s*\{")


def parse_version(expr: str) -> tuple[int, int]:
    m = re.fullmatch(r'version\.MustParse\("(\d+)\.(\d+)"\)|version\.MajorMinor\((\d+),\s*(\d+)\)', expr.strip())
    if m is None:
        raise ValueError(f"not a version: {expr!r}")
    a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return int(a), int(b)


class Package:
    """The Go files of one package at one ref, comments stripped."""

    def __init__(self, files: dict[str, str]):
        self.files = {p: strip_comments(t) for p, t in files.items()}
        self.imports: dict[str, str] = {}
        self.consts: dict[str, str] = {}
        for text in self.files.values():
            for m in re.finditer(r"\bimport\s*\((.*?)\)", text, re.DOTALL):
                for alias, path in IMPORT.findall(m.group(1)):
                    self.imports[alias or path.rsplit("/", 1)[-1]] = path
            for m in re.finditer(r"\bconst\s*\((.*?)\n\)", text, re.DOTALL):
                for name, expr in CONST.findall(m.group(1)):
                    self.consts[name] = expr

    def maps(self) -> Iterable[tuple[str, str]]:
        """(value type, body) of every feature map literal."""
        for text in self.files.values():
            for m in MAP.finditer(text):
                if text[: m.start()].rstrip().endswith(")"):
                    continue  # a function's result type, not a literal
                body, _ = block(text, m.end() - 1)
                yield m.group(1), body

    def init_text(self) -> str:
        return "\n".join(block(t, m.end() - 1)[0] for t in self.files.values() for m in re.finditer(r"func init\(\)\s*\{", t))


class Tree:
    def __init__(self, gitdir: str, ref: str):
        self.gitdir, self.ref = gitdir, ref
        self._packages: dict[str, Package | None] = {}
        listing = self._git("ls-tree", "-r", "--name-only", ref)
        self.paths = [p for p in listing.splitlines() if p.endswith(".go") and not p.endswith("_test.go")]

    def _git(self, *args: str) -> str:
        return subprocess.run(["git", "--git-dir", self.gitdir, *args], capture_output=True, text=True, check=True).stdout

    def package(self, directory: str) -> Package | None:
        if directory not in self._packages:
            paths = [p for p in self.paths if p.rsplit("/", 1)[0] == directory]
            self._packages[directory] = Package({p: self._git("show", f"{self.ref}:{p}") for p in paths}) if paths else None
        return self._packages[directory]

    def resolve(self, pkg_dir: str, expr: str, depth: int = 0) -> str:
        """A gate's name from a constant expression (a string, Feature("x"), an identifier, pkg.Ident)."""
        pkg = self.package(pkg_dir)
        expr = expr.strip()
        m = re.fullmatch(r'(?:featuregate\.)?Feature\((.+)\)', expr)
        if m:
            return self.resolve(pkg_dir, m.group(1), depth + 1)
        if expr.startswith('"'):
            return expr.strip('"')
        if depth > 8 or pkg is None:
            raise ValueError(f"cannot resolve {expr} in {pkg_dir}")
        if "." in expr:
            alias, ident = expr.split(".", 1)
            path = pkg.imports[alias]
            target = path.replace("k8s.io/kubernetes/", "") if path.startswith("k8s.io/kubernetes/") else STAGING + path[len("k8s.io/") :]
            return self.resolve(target, ident, depth + 1)
        return self.resolve(pkg_dir, pkg.consts[expr], depth + 1)


def parse_spec(tree: Tree, pkg_dir: str, text: str) -> Spec:
    fields = {}
    for item in split_top(text.strip().strip("{}")):
        key, _, value = item.partition(":")
        fields[key.strip()] = value.strip()
    pkg = tree.package(pkg_dir)
    default = fields.get("Default", "false")
    if default not in ("true", "false") and pkg is not None:
        default = pkg.consts.get(default, default)
    stage = STAGES[fields["PreRelease"].split(".")[-1]]
    return Spec(
        parse_version(fields["Version"]) if "Version" in fields else None,
        default == "true",
        stage,
        fields.get("LockToDefault", "false") == "true",
        parse_version(fields["MinCompatibilityVersion"]) if "MinCompatibilityVersion" in fields else None,
    )


def read_maps(tree: Tree, pkg_dir: str) -> tuple[dict[str, list[Spec]], dict[str, list[str]]]:
    """The specs and dependencies a package declares, by gate name."""
    specs: dict[str, list[Spec]] = {}
    deps: dict[str, list[str]] = {}
    pkg = tree.package(pkg_dir)
    if pkg is None:
        return specs, deps
    for kind, body in pkg.maps():
        for item in split_top(body):
            key, _, value = item.partition(":")
            name = tree.resolve(pkg_dir, key)
            value = value.strip()
            if kind.startswith("[]"):
                deps[name] = [tree.resolve(pkg_dir, d) for d in split_top(value.strip()[1:-1])]
            elif kind.endswith("VersionedSpecs"):
                specs[name] = [parse_spec(tree, pkg_dir, s) for s in split_top(value.strip()[1:-1])]
            else:
                specs[name] = [parse_spec(tree, pkg_dir, value)]
    return specs, deps


def at(specs: list[Spec], minor: int) -> Spec | None:
    """featureSpecAtEmulationAndMinCompatVersion at 1.<minor>, min compatibility 1.<minor-1>."""
    for spec in reversed(specs):
        if spec.version is not None and spec.version > (1, minor):
            continue
        if spec.min_compat is not None and spec.min_compat > (1, minor - 1):
            continue
        return None if spec.stage == "prealpha" else spec
    return None


def errors_of(tree: Tree) -> dict[str, object]:
    """How this release's featuregate.unsafeSetFromMap reports a refused map."""
    pkg = tree.package(STAGING + "component-base/featuregate")
    assert pkg is not None, "component-base/featuregate/feature_gate.go is needed"
    raw = tree._git("show", f"{tree.ref}:{STAGING}component-base/featuregate/feature_gate.go")
    unknown = re.search(r'fmt\.Errorf\("(unrecognized feature gate: %s)"', raw)
    locked = re.search(r'(errs = append\(errs, )?fmt\.Errorf\("(cannot set feature gate %v to %v, feature is locked to %v)"', raw)
    dependency = re.search(r'fmt\.Errorf\("(%s is enabled, but depends on features that are disabled: %v)"', raw)
    assert unknown and locked, "feature_gate.go without the texts this script knows"
    return {
        "unknown": unknown.group(1),
        "locked": locked.group(2),
        "locks": "all" if locked.group(1) else "first",
        "dependency": dependency.group(1) if dependency else None,
    }


def read_release(gitdir: str, ref: str) -> tuple[dict[str, tuple[list[Spec], set[str]]], dict[str, list[str]], dict[str, object], list[str]]:
    tree = Tree(gitdir, ref)
    gates: dict[str, tuple[list[Spec], set[str]]] = {}
    all_deps: dict[str, list[str]] = {}
    kube = tree.package("pkg/features")
    init = kube.init_text() if kube is not None else ""
    read = []
    packages = dict(FILES)
    packages.update({d: "kas" for d, call in CONDITIONAL.items() if call in init})
    for pkg_dir, components in packages.items():
        specs, deps = read_maps(tree, pkg_dir)
        if specs or deps:
            read.append(pkg_dir)
        for name, s in specs.items():
            known = gates.setdefault(name, (s, set()))
            known[1].update(components)
        all_deps.update(deps)
    return gates, all_deps, errors_of(tree) if tree.package(STAGING + "component-base/featuregate") else {}, read


def generate(gitdir: str, refs: list[str], prerelease: set[str]) -> dict[str, object]:
    by_release: dict[str, list[tuple[str, str]]] = {}
    for item in refs:
        release, _, rest = item.partition("=")
        ref, _, label = rest.partition("@")
        by_release.setdefault(release, []).append((ref, label or ref))
    releases: list[dict[str, object]] = []
    table: dict[str, dict[int, tuple[Spec, str, list[str]]]] = {}
    histories: dict[str, list[list[Spec]]] = {}
    for release in sorted(by_release, key=lambda r: tuple(map(int, r.split(".")))):
        minor = int(release.split(".")[1])
        known: dict[str, tuple[Spec, set[str]]] = {}
        deps: dict[str, list[str]] = {}
        errors: dict[str, object] = {}
        sources = []
        for ref, label in by_release[release]:
            gates, d, e, read = read_release(gitdir, ref)
            sources.append(f"{label}: " + ", ".join(read))
            errors = errors or e
            for name, (specs, comps) in gates.items():
                if any(s.version is not None for s in specs):
                    histories.setdefault(name, []).append(specs)
                spec = at(specs, minor)
                if spec is not None and name not in known:
                    known[name] = (spec, comps)
                    if name in d:
                        deps[name] = d[name]
        releases.append({"version": release, "prerelease": release in prerelease, "sources": sources, "errors": errors})
        for name, (spec, comps) in known.items():
            table.setdefault(name, {})[minor] = (spec, "".join(c for c in "kas" if c in comps), list(deps.get(name, [])))
    gates_out: dict[str, list[list[object]]] = {}
    for name in sorted(table):
        runs: list[list[object]] = []
        for minor, (spec, components, depends_on) in sorted(table[name].items()):
            since = _since(histories.get(name, []), spec, minor)
            row = [spec.stage, spec.default, spec.locked, since, depends_on, components]
            if runs and runs[-1][1] == minor - 1 and runs[-1][2:] == row:
                runs[-1][1] = minor
            else:
                runs.append([minor, minor, *row])
        gates_out[name] = runs
    return {
        "comment": "Generated by scripts/gen_feature_gates.py from upstream's feature specs; do not edit. "
        "Each gate: runs of [first minor, last minor, stage, default, locked, since, dependencies, components "
        "(k kubelet, a kube-apiserver, s kube-scheduler)].",
        "releases": releases,
        "gates": gates_out,
    }


def _since(histories: list[list[Spec]], spec: Spec, minor: int) -> str | None:
    """The version its versioned specs give for the entry in force at ``minor``, when it matches."""
    for specs in reversed(histories):
        entry = at(specs, minor)
        if entry is not None and (entry.stage, entry.default, entry.locked) == (spec.stage, spec.default, spec.locked):
            assert entry.version is not None
            return None if entry.version == (0, 0) else f"{entry.version[0]}.{entry.version[1]}"
    return None


def dump(data: dict[str, object]) -> str:
    """Tab-separated lines (read without the json module, which a plain lint
    never loads): one per release, one per run of a gate's releases with the
    same spec. Booleans are 0/1, an empty field is "-"."""
    lines = [
        "# Generated by scripts/gen_feature_gates.py from upstream's feature specs; do not edit.",
        "# release  VERSION  PRERELEASE  LOCKS(first|all)  UNKNOWN-TEXT  LOCKED-TEXT  DEPENDENCY-TEXT  SOURCES",
        "# gate  NAME  FIRST-MINOR  LAST-MINOR  STAGE  DEFAULT  LOCKED  SINCE  DEPENDENCIES  COMPONENTS(k kubelet, a apiserver, s scheduler)",
    ]
    for r in data["releases"]:  # type: ignore[attr-defined]
        e = r["errors"]
        fields = [r["version"], str(int(r["prerelease"])), e["locks"], e["unknown"], e["locked"], e["dependency"] or "-", "; ".join(r["sources"])]
        lines.append("\t".join(["release", *fields]))
    for name, runs in data["gates"].items():  # type: ignore[attr-defined]
        for first, last, stage, default, locked, since, deps, comps in runs:
            fields = [name, str(first), str(last), stage, str(int(default)), str(int(locked)), since or "-", ",".join(deps) or "-", comps]
            lines.append("\t".join(["gate", *fields]))
    for line in lines:
        assert "\n" not in line and line.count("\t") in (0, 7, 9), line
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gitdir", help="a kubernetes/kubernetes git directory (bare or .git)")
    parser.add_argument("--ref", action="append", help="RELEASE=GITREF[@LABEL], repeatable (default: the release tags)")
    parser.add_argument("--prerelease", action="append", default=None, help="a release without its tag yet (default: refs that are not vX.Y.Z)")
    parser.add_argument("-o", "--output", default=str(DEFAULT_OUT))
    args = parser.parse_args(argv)
    refs = args.ref or DEFAULT_REFS
    if args.prerelease is None:
        tagged = {r.partition("=")[0] for r in refs if re.fullmatch(r"v\d+\.\d+\.\d+", r.partition("=")[2].partition("@")[0])}
        prerelease = {r.partition("=")[0] for r in refs} - tagged
    else:
        prerelease = set(args.prerelease)
    data = generate(args.gitdir, refs, prerelease)
    text = dump(data)
    Path(args.output).write_text(text + "\n", encoding="utf-8")
    gates, releases = data["gates"], data["releases"]
    assert isinstance(gates, dict) and isinstance(releases, list)
    print(f"{args.output}: {len(gates)} gates, releases {', '.join(r['version'] for r in releases)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
