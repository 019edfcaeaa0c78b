"""kuttl TestStep scripts that build a custom resource from a base and a test's overlay before applying it.

kuttl runs a TestStep's ``commands`` (``script``: ``sh -c``) in the test's
directory (kudobuilder/kuttl d691781e39c internal/step/step.go Run:
``RunCommands(..., s.Dir, ...)``; internal/utils/commands.go RunCommand:
``builtCmd.Dir = cwd``), before the step's own files are applied. Percona's
operators keep a shell library their steps ``source`` (``source
../../functions``) whose ``get_cr`` prints the object the step pipes to
``kubectl apply -f -``: a base custom resource (``$DEPLOY_DIR/cr.yaml``)
deep-merged with ``yq eval-all`` (``select(fileIndex == 0) *
select(fileIndex == 1)``) with the test's overlay
``$TEST_CONFIG_DIR/NAME.yaml`` (or a platform's ``NAME-PLATFORM.yaml``),
its ``metadata.name`` set to NAME:

- percona/percona-postgresql-operator @adafb34ff17c e2e-tests/functions get_cr: ``cr_name=${1:-"${test_name}"}``, overlays
  ``${cr_name}.yaml``, ``${cr_name}-${platform}.yaml``,
  ``${cr_name}-spaces.yaml``;
- percona/percona-server-mysql-operator @9adfefaacaaf e2e-tests/functions get_cr, get_test_cr: ``cr_name="${test_name}${name_suffix:+-$name_suffix}"``,
  overlays ``${cr_name}.yaml``, ``-${platform_alias}.yaml``,
  ``-${storage_alias}.yaml``;
- both: ``test_name=$(basename "$(pwd)")``, ``ROOT_REPO=${ROOT_REPO:-$(realpath ../../..)}``
  and, in vars.sh, ``DEPLOY_DIR=${DEPLOY_DIR:-${ROOT_REPO}/deploy}``,
  ``TEST_CONFIG_DIR=...${TESTS_DIR}/tests/${test_name}/conf``.

So an overlay in a test's ``conf/`` is a partial object, never applied as
written (what runs is the merge, with images and names the script sets):
a test input. What a ``get_cr`` call creates (the base file's kind, named
NAME) is an object a later step file of the same test may merge into
(``05-scale-down-mysql.yaml``: ``spec.mysql.size: 1`` on the cluster step
01 made): harness.updated_objects.

Read from the harness's own files only: the TestStep documents of the test
case directory, the library they ``source`` by a literal relative path and
the files it ``source``s beside it (1 MiB each, none through a link, all
inside the linted repository). A merging function is one whose body (or
that of a function it calls) runs ``yq eval-all``/``yq ea`` with
``fileIndex == 1`` and names ``TEST_CONFIG_DIR``. Arguments are taken only
where literal; a call with a computed name covers every overlay the
function's file names allow (``*``). Nothing is executed.

The suite's shared directory (the library's ``TESTS_CONFIG_DIR``, ``e2e-tests/conf``): a file there that
neither the library nor any step file of the suite's tests names (the kuttl TestSuite's ``testDirs``, from
a ``*kuttl*.yaml`` beside that directory: Percona runs ``kubectl kuttl test --config e2e-tests/kuttl.yaml``)
is never applied (percona-server-mysql-operator's ``sysbench-tpcc.yaml``); one a step hands to
``kubectl apply`` after editing its env values (``sysbench-oltp-write.yaml``) stays linted.
"""

from __future__ import annotations

import os
import re
import shlex
from fnmatch import fnmatchcase
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

from pod_resources_cli.source.harness_files import TEST_INPUT, ObjectKey, Ref, Test, object_keys, read_text, shown

_MAX_BYTES: Final = 1 << 20
_FUNCTION: Final = re.compile(r"^(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)\s*\{\s*$", re.MULTILINE)
_ASSIGN: Final = re.compile(r"^\s*(?:local\s+|export\s+|readonly\s+)?([A-Za-z_]\w*)=(.*)$")
_SOURCE: Final = re.compile(r"^\s*(?:source|\.)\s+(\S+)\s*(?:#.*)?$", re.MULTILINE)
_MERGE: Final = re.compile(r"\byq\s+(?:eval-all|ea)\b")
# (``\$\{?TEST_CONFIG_DIR\}?/(\S+?\.ya?ml)\b``, found all, tried every head to the end of its word: quadratic in a word of
# them; config_refs reads each piece once)
_CONFIG_HEAD: Final = re.compile(r"\$\{?TEST_CONFIG_DIR\}?/")
_YAML_END: Final = re.compile(r"\.ya?ml\b")
_BLANK: Final = re.compile(r"\s")
_BASE: Final = re.compile(r"\$\{?DEPLOY_DIR\}?/([\w.-]+\.ya?ml)")
_EXPANSION: Final = re.compile(r"\$\{(\w+)(?:(:-|:\+)((?:[^{}]|\{[^{}]*\})*))?\}|\$(\w+)")


class _Unknown(Exception):
    """A value the script computes (a command's output, an unset variable): not taken."""


@lru_cache(maxsize=256)
def script_tests(directory: str, boundary_root: str) -> tuple[Test, ...]:
    """The files of the kuttl test case ``directory`` its steps never apply as written (TEST_INPUT): the overlays
    its scripts merge into a base object (a ``conf/`` file of the base's kind whose name a call selects), and,
    when every call names its overlay literally, the other files of that kind below the test that no step,
    script or library names (``ldap/files/cluster.yaml``: the step runs ``get_cr`` over ``conf/ldap.yaml``)."""
    refs: list[Ref] = []
    literal = True
    used: set[str] = set()
    kinds: set[tuple[str, str]] = set()
    texts = [text for _, text in _scripts(directory)]
    for step, text in _scripts(directory):
        for library, function, names in _merge_calls(directory, text, boundary_root):
            base = _base_file(library, function, directory, boundary_root)
            if base is None:
                continue
            texts.append(read_text(library, _MAX_BYTES) or "")
            own = {(g, k) for g, k, _, _ in object_keys(base)}
            kinds |= own
            literal = literal and "*" not in names
            why = (
                f"merged by {function} ({shown(library)}) over {shown(base)} before {shown(step)} applies the "
                "result: a partial object, never applied as written"
            )
            conf = os.path.join(directory, "conf")
            for path in _files(conf):
                if path in used or not _of_kinds(path, own):
                    continue
                if any(fnmatchcase(os.path.basename(path), t.replace("\0", n)) for n in names for t in function_overlays(library, function)):
                    used.add(path)
                    refs.append(Ref(path, TEST_INPUT, why))
    if kinds and literal:
        steps = "\n".join(text for _, text in _scripts(directory))  # the library's own files are named from its variables
        named = "\n".join(texts)
        for sub in _subdirectories(directory):
            if re.search(rf"\b{re.escape(os.path.basename(sub))}/(?![\w.-]+\.ya?ml\b)", steps) or _SET.search(steps):
                continue  # a directory or a glob handed to a command: it may apply any of its files
            for path in _files(sub):
                if path not in used and _of_kinds(path, kinds) and os.path.basename(path) not in named:
                    why = f"no step of the kuttl test {shown(directory)}, nor its scripts or their library, names it: never applied"
                    refs.append(Ref(path, TEST_INPUT, why))
    return (Test(os.path.join(directory, "conf"), tuple(refs)),) if refs else ()


@lru_cache(maxsize=64)
def suite_conf_tests(directory: str, limit: str, is_case: Callable[[str], bool]) -> tuple[Test, ...]:
    """The files of ``directory`` no test of the kuttl suite beside it names, when ``directory`` is the shared
    configuration directory of the library the suite's steps ``source`` (TEST_INPUT); ``is_case``: a directory
    is a kuttl test case (harness.py)."""
    parent = os.path.dirname(directory)
    suites = [p for p in _files(parent) if "kuttl" in os.path.basename(p)]
    if not suites:
        return ()
    from pod_resources_cli.source.harness_files import _documents

    top = os.path.realpath(limit).rstrip(os.sep) + os.sep
    cases: list[str] = []
    for suite in suites:
        for doc in _documents(suite):
            if doc.get("kind") != "TestSuite" or not str(doc.get("apiVersion", "")).startswith("kuttl.dev/"):
                continue
            for test_dir in _list(doc.get("testDirs")):
                if not isinstance(test_dir, str) or os.path.isabs(test_dir) or "$" in test_dir:
                    continue
                at = parent  # kuttl reads testDirs from where it runs: the suite's directory or one above it
                while os.path.realpath(at).rstrip(os.sep) + os.sep == top or os.path.realpath(at).startswith(top):
                    found = os.path.normpath(os.path.join(at, test_dir))
                    if os.path.isdir(found) and not os.path.islink(found) and os.path.realpath(found).startswith(top):
                        cases += [d for d in _subdirectories(found) if is_case(d)]
                        break
                    if os.path.dirname(at) == at:
                        break
                    at = os.path.dirname(at)
    texts: list[str] = []
    variables: set[str] = set()
    for case in cases:
        for path in _files(case):
            texts.append(read_text(path, _MAX_BYTES) or "")
        for source in {s for _, text in _scripts(case) for s in _SOURCE.findall(text)}:
            library = _local_file(case, source, limit)
            if library is None:
                continue
            env = _library_env(library, case)
            here = {name for name, value in env.items() if os.path.normpath(value) == directory}
            if here - variables:
                variables |= here
                texts.append(read_text(library, _MAX_BYTES) or "")
    named = "\n".join(texts)
    conf = re.escape(os.path.basename(directory))
    dynamic = [rf"\.\./{conf}/(?![\w.-]+\.\w+\b)"]  # ../../conf/ then a glob, a variable, nothing
    dynamic += [rf"\$\{{?{v}\}}?(?:/[^\s\"'|;&)]*[$*?\[]|/?[\"']?(?:\s|$))" for v in variables]
    if not variables or any(re.search(pattern, named) for pattern in dynamic):
        return ()  # a step or the library hands the directory, a glob or a computed name of it to a command
    why = f"no test of the kuttl suite {shown(suites[0])} nor the library its steps source names it: never applied"
    refs = [Ref(p, TEST_INPUT, why) for p in _files(directory) if os.path.basename(p) not in named]
    return (Test(directory, tuple(refs)),) if refs else ()


_SET: Final = re.compile(r"\*\.ya?ml|\s-k\s|kustomize|\bls\b|\bfind\b|-f\s+\.?/?\s")


def _files(directory: str) -> list[str]:
    try:
        with os.scandir(directory) as entries:
            return sorted(e.path for e in entries if e.name.endswith((".yaml", ".yml")) and e.is_file(follow_symlinks=False))
    except OSError:
        return []


def _subdirectories(directory: str) -> list[str]:
    try:
        with os.scandir(directory) as entries:
            return sorted(e.path for e in entries if e.is_dir(follow_symlinks=False) and not re.match(r"\d+-", e.name))
    except OSError:
        return []


def _of_kinds(path: str, kinds: set[tuple[str, str]]) -> bool:
    """Every object of the file is of one of ``kinds`` (a DaemonSet beside the overlays is no overlay)."""
    from pod_resources_cli.source.harness_files import _documents

    found = [(str(d.get("apiVersion", "")).rpartition("/")[0], d.get("kind")) for d in _documents(path)]
    return bool(found) and all(kind in kinds for kind in found)


def created_objects(step: str, boundary_root: str) -> frozenset[ObjectKey]:
    """The objects the scripts of the kuttl step file ``step`` create through a merging function: its base file's
    objects, named as the call names them (only calls whose name is literal)."""
    directory = os.path.dirname(step)
    keys: set[ObjectKey] = set()
    for path, text in _scripts(directory):
        if path != step:
            continue
        for library, function, names in _merge_calls(directory, text, boundary_root):
            base = _base_file(library, function, directory, boundary_root)
            if base is None or "*" in names:
                continue
            for group, kind, namespace, _ in object_keys(base):
                keys |= {(group, kind, namespace, name) for name in names}
    return frozenset(keys)


# -- the test's scripts ----------------------------------------------------------------


@lru_cache(maxsize=256)
def _scripts(directory: str) -> tuple[tuple[str, str], ...]:
    """(step file, script text) of the TestStep documents of a kuttl test case directory."""
    from pod_resources_cli.source.harness_files import _documents

    out: list[tuple[str, str]] = []
    try:
        names = sorted(os.listdir(directory))
    except OSError:
        return ()
    for name in names:
        path = os.path.join(directory, name)
        if not name.endswith((".yaml", ".yml")) or os.path.islink(path) or not os.path.isfile(path):
            continue
        for doc in _documents(path):
            if doc.get("kind") != "TestStep" or not str(doc.get("apiVersion", "")).startswith("kuttl.dev/"):
                continue
            for command in _list(doc.get("commands")):
                script = command.get("script") if isinstance(command, dict) else None
                if isinstance(script, str):
                    out.append((path, script))
    return tuple(out)


@lru_cache(maxsize=1024)
def _merge_calls(directory: str, text: str, boundary_root: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """(library, merging function, the names it builds) for each call of a merging function in a script."""
    joined = re.sub(r"\\\n", " ", text)
    out: list[tuple[str, str, tuple[str, ...]]] = []
    for source in _SOURCE.findall(joined):
        library = _local_file(directory, source, boundary_root)
        if library is None:
            continue
        for function, wrappers in _merging(library):
            names = [_name(library, function, args, directory) for args in _calls(joined, function)]
            for caller, body in wrappers:  # a wrapper of the library calling it with its own arguments
                if _calls(joined, caller):
                    names.extend(_name(library, function, args, directory) for args in _calls(body, function))
            if names:
                out.append((library, function, tuple(dict.fromkeys(names))))
    return tuple(out)


@lru_cache(maxsize=32)
def _merging(library: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The library's merging functions, each with the other functions that call it (name, body)."""
    functions = _functions(library)
    merging = [f for f in functions if _merges(library, f)]
    return tuple(
        (f, tuple((name, body) for name, body in functions.items() if name not in merging and re.search(rf"\b{re.escape(f)}\b", body)))
        for f in merging
    )


def _calls(text: str, function: str) -> list[list[str] | None]:
    """The argument lists of the calls of ``function`` in ``text`` (None: not literal)."""
    out: list[list[str] | None] = []
    for match in re.finditer(rf"(?:^|[|;&(]|\$\()\s*{re.escape(function)}\b([^\n|;&)]*)", text, re.MULTILINE):
        rest = match[1]
        try:
            words = shlex.split(rest, comments=True)
        except ValueError:
            out.append(None)
            continue
        out.append(None if any("$" in w or "`" in w for w in words[:1]) else words)
    return out


# -- the library -----------------------------------------------------------------------


def _local_file(directory: str, name: str, boundary_root: str) -> str | None:
    """A ``source``d file named literally, relative to the test's directory, inside the repository."""
    if any(c in name for c in "$`\"'") or os.path.isabs(name):
        return None
    path = os.path.normpath(os.path.join(directory, name))
    root = os.path.realpath(boundary_root).rstrip(os.sep) + os.sep
    if not os.path.realpath(path).startswith(root) or os.path.islink(path) or not os.path.isfile(path):
        return None  # outside the run's root (links resolved), or a link: not read
    return path


@lru_cache(maxsize=32)
def _functions(library: str) -> dict[str, str]:
    """The shell functions of a library: name -> body (up to the closing ``}`` in the first column)."""
    text = read_text(library, _MAX_BYTES) or ""
    out: dict[str, str] = {}
    for match in _FUNCTION.finditer(text):
        end = text.find("\n}", match.end())
        out.setdefault(match[1], text[match.end() : end if end >= 0 else len(text)])
    return out


@lru_cache(maxsize=256)
def _called(library: str, function: str) -> str:
    """A function's body with those of the library's functions it calls (one level)."""
    functions = _functions(library)
    body = functions.get(function, "")
    extra = [b for name, b in functions.items() if name != function and re.search(rf"\b{re.escape(name)}\b", body)]
    return "\n".join([body, *extra])


def _merges(library: str, function: str) -> bool:
    body = _functions(library).get(function, "")
    return bool(_MERGE.search(body)) and "fileIndex == 1" in body and "TEST_CONFIG_DIR" in _called(library, function)


@lru_cache(maxsize=64)
def function_overlays(library: str, function: str) -> tuple[str, ...]:
    """The overlay names a merging function reads from ``$TEST_CONFIG_DIR``, the built name as ``\\0`` and every
    other expansion as ``*`` (``\\0-*.yaml`` for ``${cr_name}-${platform}.yaml``)."""
    out: list[str] = []
    for ref in config_refs(_called(library, function)):
        ref = ref.strip("\"'")
        first = re.match(r"\$\{?(\w+)\}?", ref)
        if first is None:  # a fixed file of the directory (huge-pages-daemonset.yaml): no overlay
            continue
        rest = ref[first.end() :]
        if "/" in rest:
            continue
        out.append("\0" + re.sub(r"\$\{?\w+\}?", "*", rest))
    return tuple(dict.fromkeys(out))


def config_refs(text: str) -> list[str]:
    """The file after each ``$TEST_CONFIG_DIR/`` (``${...}``): the shortest rest of its word that ends ``.yaml`` or
    ``.yml`` at a word's end, as the expression found them. The next such end and the next blank are kept while
    the heads go forward."""
    out: list[str] = []
    blank = ending = -1  # at or after the last place asked (len(text): none)
    ending_end = 0
    pos = 0
    while (head := _CONFIG_HEAD.search(text, pos)) is not None:
        word = head.end()
        if blank < word:
            found = _BLANK.search(text, word)
            blank = len(text) if found is None else found.start()
        if ending < word + 1:
            end = _YAML_END.search(text, word + 1)
            if end is None:
                return out
            ending, ending_end = end.start(), end.end()
        if ending < blank:
            out.append(text[word:ending_end])
            pos = ending_end
        else:
            pos = head.start() + 1
    return out


def assignment(line: str) -> tuple[str, str] | None:
    """(name, value) of a line (of str.splitlines: no newline) that assigns a variable: the value up to its first
    ``#``, trailing whitespace dropped, as ``=(.*?)\\s*(?:#.*)?$`` took it (which tried the rest of the line
    after each character of the value: a line of 1 MB of spaces took minutes)."""
    match = _ASSIGN.match(line)
    if match is None:
        return None
    value = match[2]
    comment = value.find("#")
    return match[1], (value if comment < 0 else value[:comment]).rstrip()


def _name(library: str, function: str, args: list[str] | None, directory: str) -> str:
    """The name the function builds from a call's arguments: its ``cr_name`` assignment expanded, ``*`` when
    the script computes it."""
    if args is None:
        return "*"
    env: dict[str, str] = {"test_name": os.path.basename(directory)}
    for i, arg in enumerate(args, start=1):
        env[str(i)] = arg
    for line in _functions(library).get(function, "").splitlines():
        found = assignment(line)
        if found is None:
            continue
        name, assigned = found
        try:
            env[name] = _expand(assigned, env)
        except _Unknown:
            env.pop(name, None)
        if name == "cr_name":
            return env.get("cr_name", "*")
    return "*"


def _expand(value: str, env: dict[str, str]) -> str:
    """A shell word with ``$N``, ``${N:-W}``, ``${V}``, ``${V:-W}``, ``${V:+W}`` and quotes; anything else is computed."""
    if "$(" in value or "`" in value:
        raise _Unknown(value)

    def one(match: re.Match[str]) -> str:
        name = match[1] or match[4]
        have = env.get(name)
        if match[2] == ":-":
            return have if have else _expand(match[3], env)
        if match[2] == ":+":
            return _expand(match[3], env) if have else ""
        if have is None:
            if name.isdigit():
                return ""
            raise _Unknown(name)
        return have

    expanded = _EXPANSION.sub(one, value)
    return expanded.replace('"', "").replace("'", "")


def _base_file(library: str, function: str, directory: str, boundary_root: str) -> str | None:
    """The base object file of a merging function: ``$DEPLOY_DIR/NAME`` with DEPLOY_DIR as the library's files
    set it (``${DEPLOY_DIR:-${ROOT_REPO}/deploy}``, ``ROOT_REPO=${ROOT_REPO:-$(realpath ../../..)}`` from the test's
    directory)."""
    found = _BASE.search(_functions(library).get(function, ""))
    if found is None:
        return None
    env = _library_env(library, directory)
    deploy = env.get("DEPLOY_DIR")
    if deploy is None:
        return None
    return _local_file(directory, os.path.relpath(os.path.join(deploy, found[1]), directory), boundary_root)


@lru_cache(maxsize=256)
def _library_env(library: str, directory: str) -> dict[str, str]:
    """The library's (and its ``source``d neighbours') top-level assignments, in order, expanded from the test's
    directory; ``$(realpath PATH)`` is PATH from there."""
    env: dict[str, str] = {"test_name": os.path.basename(directory)}
    texts = [read_text(library, _MAX_BYTES) or ""]
    beside = os.path.dirname(library)
    for name in ("vars.sh",):
        for source in _SOURCE.findall(texts[0]):
            if os.path.basename(source.strip("\"'")) == name:
                path = os.path.join(beside, name)
                if not os.path.islink(path) and os.path.isfile(path):
                    texts.append(read_text(path, _MAX_BYTES) or "")
    for text in texts:
        for line in text.splitlines():
            if line[:1].isspace():
                continue  # inside a function
            found = assignment(line)
            if found is None:
                continue
            name, assigned = found
            value = re.sub(r"\$\(realpath ([\w./-]+)\)", lambda m: os.path.normpath(os.path.join(directory, m[1])), assigned)
            try:
                env[name] = _expand(value, {k: v for k, v in env.items() if k != name})
            except _Unknown:
                continue
    return env


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
