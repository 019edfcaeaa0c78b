"""Hostile input: each case ends with a clear, located message and the documented
exit code, in bounded time and memory, never a traceback, never running anything.

Exit codes (README "Exit codes"): ``lint`` exits 1 when a document cannot be
read (a PR001 finding; the other documents are still linted), ``explain``
exits 2 (the other documents are still explained). Every case runs the real
command in a subprocess; its peak RSS comes from /usr/bin/time. Big inputs are
generated here; the 1 GB stream goes through a pipe and never touches disk.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CLI = [sys.executable, "-m", "pod_resources_cli"]
MIB = 1 << 20
POD = """\
apiVersion: v1
kind: Pod
metadata: {name: %(name)s}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 100m, memory: 128Mi}
      limits: {cpu: 100m, memory: 128Mi}
"""


def pod(name: str = "ok") -> str:
    return POD % {"name": name}


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float
    peak_mb: float

    def findings(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = json.loads(self.out)["findings"]
        return out

    def where(self, rule: str = "PR001") -> list[tuple[int, int, str]]:
        return [(int(f["line"]), int(f["column"]), str(f["message"])) for f in self.findings() if f["rule"] == rule]


def _without_dac_override() -> None:
    """Root reads any file: drop the two capabilities that allow it, so that
    file permissions apply to this child as they do to any user."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


TIME = Path("/usr/bin/time")


def _poll_hwm(proc: subprocess.Popen[bytes], box: list[int]) -> None:
    """VmHWM (peak RSS of the process's own memory, so not inflated by the parent's)."""
    while proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith("VmHWM:"):
                        box[0] = max(box[0], int(line.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.02)


def run(args: list[str], *, stdin: bytes | Iterator[bytes] | None = None, cwd: Path | None = None,
        permissions_apply: bool = False, timeout: float = 60) -> Run:
    """The CLI in a subprocess, with its peak RSS.

    The peak comes from /usr/bin/time, which forks the CLI itself: a child
    forked from this (large) test process would report this process's size,
    as Linux keeps the high-water mark of the memory a process had before exec.
    Without /usr/bin/time, the child's VmHWM is polled from /proc while it runs.
    """
    import tempfile

    start = time.perf_counter()
    drop = _without_dac_override if permissions_apply and os.geteuid() == 0 else None
    with tempfile.NamedTemporaryFile("r") as peak_file:
        wrapper = [str(TIME), "-f", "%M", "-o", peak_file.name] if TIME.exists() else []
        proc = subprocess.Popen(
            [*wrapper, *CLI, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
            preexec_fn=drop, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
        )
        out: list[bytes] = []
        err: list[bytes] = []
        readers = [threading.Thread(target=lambda: out.append(proc.stdout.read())),  # type: ignore[union-attr]
                   threading.Thread(target=lambda: err.append(proc.stderr.read()))]  # type: ignore[union-attr]
        hwm = [0]
        if not wrapper:  # no /usr/bin/time: poll the child's own high-water mark while it runs
            readers.append(threading.Thread(target=_poll_hwm, args=(proc, hwm), daemon=True))
        for t in readers:
            t.start()
        assert proc.stdin is not None
        try:
            if isinstance(stdin, bytes):
                proc.stdin.write(stdin)
            elif stdin is not None:
                for chunk in stdin:
                    proc.stdin.write(chunk)
        except BrokenPipeError:
            pass  # the tool stopped reading: the assertions say whether that was right
        finally:
            try:
                proc.stdin.close()
            except BrokenPipeError:
                pass
        try:
            code = proc.wait(timeout=max(1.0, start + timeout - time.perf_counter()))
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError(f"{args} did not end within {timeout} s") from None
        for t in readers:
            t.join()
        text = peak_file.read().strip().splitlines()
        peak_kb = int(text[-1]) if wrapper and text and text[-1].isdigit() else hwm[0]
        assert peak_kb > 0, "no peak memory measured"
    error = b"".join(err).decode("utf-8", "replace")
    if wrapper and code != 0:
        error = "\n".join(l for l in error.splitlines() if not l.startswith("Command exited with non-zero status"))
    result = Run(code, b"".join(out).decode("utf-8", "replace"), error, time.perf_counter() - start, peak_kb / 1024)
    assert "Traceback" not in result.err and "internal error" not in result.err, result.err[-2000:]
    return result


def lint(*paths: str | Path, stdin: bytes | Iterator[bytes] | None = None, **kw: object) -> Run:
    return run(["lint", "--format", "json", *map(str, paths)], stdin=stdin, **kw)  # type: ignore[arg-type]


def explain(*paths: str | Path, **kw: object) -> Run:
    return run(["explain", "-o", "json", *map(str, paths)], **kw)  # type: ignore[arg-type]


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def assert_refused(tmp_path: Path, name: str, data: str | bytes, line: int, column: int | None, message: str) -> None:
    """lint: one located PR001 (exit 1), the good pod after it still linted; explain: exit 2."""
    path = write(tmp_path, name, data if isinstance(data, bytes) else data + "---\n" + pod("after"))
    r = lint(path)
    assert r.code == 1, r.err
    [(got_line, got_column, got_message)] = r.where()
    assert got_line == line and (column is None or got_column == column) and message in got_message, r.where()
    e = explain(path)
    assert e.code == 2 and f"{path}:{line}:" in e.err and message in e.err, e.err
    if not isinstance(data, bytes):
        assert [p["workload"]["name"] for p in json.loads(e.out)["pods"]][-1] == "after"


# -- YAML bombs and depth ------------------------------------------------------------

def test_alias_bomb_billion_laughs(tmp_path: Path) -> None:
    levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 9):
        prev, name = chr(ord("a") + i - 1), chr(ord("a") + i)
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    bomb = "\n".join(levels) + "\n"
    assert_refused(tmp_path, "bomb.yaml", bomb, 5, 36, "aliases expand to more than 100000 values (raise --max-aliases)")


def test_nesting_100000_deep(tmp_path: Path) -> None:
    assert_refused(tmp_path, "deep.yaml", "a: " + "[" * 100_000 + "]" * 100_000 + "\n", 1, 503,
                   "nesting deeper than 500 levels (raise --max-depth)")
    deep_json = '{"a":' * 100_000 + "1" + "}" * 100_000
    r = lint(write(tmp_path, "deep.json", deep_json))
    assert r.code == 1 and "nesting deeper than 500 levels" in r.where()[0][2]


def test_a_100_mb_document(tmp_path: Path) -> None:
    big = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big}\ndata:\n  blob: |\n" + ("    " + "x" * 1019 + "\n") * (100 * 1024)
    path = write(tmp_path, "big.yaml", pod("before") + "---\n" + big + "---\n" + pod("after"))
    assert path.stat().st_size > 100 * MIB
    r = lint(path)
    # located at the document's "---" line
    assert r.code == 1 and r.where() == [(11, 1, "document is larger than 16 MiB (raise --max-document-bytes); skipped")]
    assert r.peak_mb < 150, r.peak_mb
    e = explain(path)
    assert e.code == 2 and [p["workload"]["name"] for p in json.loads(e.out)["pods"]] == ["before", "after"]


def test_a_1_gb_stream_on_stdin() -> None:
    """Streams through a pipe in bounded memory; the pod after the giant document is linted."""
    head = (pod("first") + "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: huge}\ndata:\n  blob: |\n").encode()
    line = b"    " + b"y" * 1019 + b"\n"
    block = line * 1024  # 1 MiB
    tail = ("---\n" + pod("last").replace("cpu: 100m, memory: 128Mi}\n      limits", "cpu: 200m, memory: 128Mi}\n      limits")).encode()

    def stream() -> Iterator[bytes]:
        yield head
        for _ in range(1024):
            yield block
        yield tail

    r = lint("-", stdin=stream(), timeout=120)
    assert r.code == 1, r.err
    rules = [(f["rule"], f["line"]) for f in r.findings()]
    assert ("PR001", 11) in rules  # the giant document, located at its "---"
    last = [f for f in r.findings() if f["rule"] == "PR101"]
    assert last and int(last[0]["line"]) > 1024 * 1024  # found after a gigabyte of lines
    assert r.peak_mb < 200, r.peak_mb


# -- numbers ---------------------------------------------------------------------------

def test_quantities_with_huge_exponents_or_thousands_of_digits(tmp_path: Path) -> None:
    values = ["1e999999999", "9" * 5000, "'0." + "1" * 5000 + "'", "1e-999999999", "'1E99999999999999999999'", "9" * 5000 + "Ki"]
    containers = "".join(
        f"  - name: c{i}\n    image: x\n    resources:\n      requests: {{cpu: {v}}}\n" for i, v in enumerate(values)
    )
    path = write(tmp_path, "q.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: q}\nspec:\n  containers:\n" + containers)
    r = lint(path)
    assert r.code == 1
    bad = r.where("PR002")
    # 1e-999999999 is 0 (Go's ParseFloat underflows to 0 without error); a
    # BinarySI value saturates at 2^63-1 as upstream caps it: both are valid.
    assert [line for line, _, _ in bad] == [9, 13, 25]
    assert all("too large" in m or "out of range" in m for _, _, m in bad), bad
    e = explain(path)
    assert e.code == 2 and "q.yaml:9:" in e.err and "Traceback" not in e.err


def test_10000_containers_in_one_pod(tmp_path: Path) -> None:
    containers = "".join(
        f"  - name: c{i}\n    image: x\n    resources: {{requests: {{cpu: 10m, memory: 10Mi}}, limits: {{cpu: 10m, memory: 10Mi}}}}\n"
        for i in range(10_000)
    )
    path = write(tmp_path, "many.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: many}\nspec:\n  containers:\n" + containers)
    r = lint(path)
    assert r.code == 0 and r.findings() == [] and r.peak_mb < 250
    e = explain(path)
    assert e.code == 0
    [report] = json.loads(e.out)["pods"]
    assert len(report["containers"]) == 10_000 and report["requests"] == {"cpu": "100", "memory": "100000Mi"}
    assert report["qosClass"] == "Guaranteed"


# -- bytes and encodings ---------------------------------------------------------------

def test_non_utf8_file(tmp_path: Path) -> None:
    assert_refused(tmp_path, "latin1.yaml", b"apiVersion: v1\nkind: Pod\nmetadata: {name: caf\xe9}\n", 3, 21,
                   "not valid UTF-8 text (byte 0xe9)")


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_utf16_utf32_and_bom_files_read_like_utf8(tmp_path: Path, codec: str) -> None:
    text = pod("wide").replace("requests: {cpu: 100m", "requests: {cpu: 200m")  # one PR101 on line 9
    plain = lint(write(tmp_path, "plain.yaml", text)).findings()
    data = text.encode(codec) if codec != "utf-16-be" else b"\xfe\xff" + text.encode("utf-16-be")
    got = lint(write(tmp_path, "wide.yaml", data))
    assert got.code == 1
    assert [(f["rule"], f["line"], f["column"]) for f in got.findings()] == [(f["rule"], f["line"], f["column"]) for f in plain]


def test_utf16_without_a_byte_order_mark(tmp_path: Path) -> None:
    assert_refused(tmp_path, "nobom.yaml", pod().encode("utf-16-le"), 1, 1, "UTF-16 without a byte-order mark?")


def test_nul_bytes(tmp_path: Path) -> None:
    assert_refused(tmp_path, "nul.yaml", pod().encode() + b"---\nkind: \x00Pod\n", 12, 1, "contains a NUL byte: not a text file")


def test_tabs(tmp_path: Path) -> None:
    assert_refused(tmp_path, "tabs.yaml", "apiVersion: v1\nkind: Pod\nspec:\n\tcontainers: []\n", 4, 1,
                   "a tab character cannot indent YAML (use spaces)")


# -- YAML features ---------------------------------------------------------------------

def test_duplicate_keys(tmp_path: Path) -> None:
    """A plain file's repeated key: kubectl apply -f keeps the last value (PR005, a warning; explain warns)."""
    path = write(tmp_path, "dup.yaml", pod().replace("    image: nginx\n", "    image: nginx\n    name: again\n") + "---\n" + pod("after"))
    r = lint(path)
    assert r.code == 0 and [(f["rule"], f["line"], f["column"]) for f in json.loads(r.out)["findings"] if f["rule"] == "PR005"] == [("PR005", 8, 5)]
    e = explain(path)
    assert e.code == 0 and f'{path}:8:5: warning: mapping key "name" already defined at line 6' in e.err, e.err
    assert [p["workload"]["name"] for p in json.loads(e.out)["pods"]][-1] == "after"


@pytest.mark.parametrize("tag", ["!!python/object/apply:os.system", "!!python/object/new:os.system", "!!python/name:os.system", "!Ref"])
def test_tags_that_construct_objects_are_refused_and_never_run(tmp_path: Path, tag: str) -> None:
    marker = tmp_path / "PWNED"
    text = f"apiVersion: v1\nkind: Pod\nmetadata:\n  name: {tag} ['touch {marker}']\n"
    assert_refused(tmp_path, "tag.yaml", text, 4, 9, f"unsupported YAML tag {tag}")
    assert not marker.exists()


def test_merge_keys_are_applied(tmp_path: Path) -> None:
    text = (
        "apiVersion: v1\nkind: Pod\nmetadata: {name: merged}\nspec:\n  containers:\n  - name: app\n    image: x\n"
        "    resources:\n      <<: {requests: {cpu: '2', memory: 1Gi}, limits: {cpu: '1', memory: 1Gi}}\n"
        "      limits: {cpu: '2', memory: 1Gi}\n"
    )
    r = lint(write(tmp_path, "merge.yaml", text))
    assert r.code == 0, r.findings()  # the explicit limits win over the merged ones: no request above limit
    e = explain(tmp_path / "merge.yaml")
    assert json.loads(e.out)["pods"][0]["requests"] == {"cpu": "2", "memory": "1Gi"}


def test_anchors_across_documents(tmp_path: Path) -> None:
    text = "base: &r {cpu: 100m}\n---\n" + pod().replace("requests: {cpu: 100m, memory: 128Mi}", "requests: *r")
    assert_refused(tmp_path, "anchors.yaml", text, 11, 17, "found undefined alias *r (an anchor belongs to its own document)")


# -- files and directories -------------------------------------------------------------

def test_symlink_loops_and_unreadable_files_in_a_directory(tmp_path: Path) -> None:
    root = tmp_path / "tree"
    (root / "sub").mkdir(parents=True)
    write(root, "good.yaml", pod())
    (root / "sub" / "up").symlink_to(root)  # a directory loop
    (root / "loop.yaml").symlink_to(root / "loop.yaml")  # a symlink to itself
    (root / "dangling.yml").symlink_to(root / "nowhere")
    locked = write(root, "locked.yaml", pod("locked"))
    locked.chmod(0)
    closed = root / "closed"
    closed.mkdir()
    write(closed, "inside.yaml", pod("inside"))
    closed.chmod(0)
    try:
        r = lint(root, cwd=tmp_path, permissions_apply=True)
        e = explain(root, cwd=tmp_path, permissions_apply=True)
    finally:
        closed.chmod(0o755)
        locked.chmod(0o644)
    assert r.code == 1
    problems = {Path(str(f["path"])).name: str(f["message"]) for f in r.findings() if f["rule"] == "PR001"}
    assert problems == {
        "closed": "cannot list directory: Permission denied",
        "dangling.yml": f"cannot read: a symbolic link to {root / 'nowhere'}, which does not exist",
        "locked.yaml": "cannot read: Permission denied",
        "loop.yaml": "cannot read: Too many levels of symbolic links",
    }
    assert e.code == 2 and [p["workload"]["name"] for p in json.loads(e.out)["pods"]] == ["ok"]


def test_a_directory_with_100000_entries(tmp_path: Path) -> None:
    root = tmp_path / "big"
    root.mkdir()
    for i in range(100_000):
        name = f"m{i:06d}.yaml" if i % 100 == 0 else f"n{i:06d}.txt"
        fd = os.open(root / name, os.O_WRONLY | os.O_CREAT, 0o644)
        if i % 100 == 0:
            os.write(fd, pod(f"p{i}").encode())
        os.close(fd)
    r = lint(root)
    assert r.code == 0 and r.findings() == []
    summary = json.loads(r.out)["summary"]
    assert summary["files"] == 1000 and summary["objects"] == 1000
    assert r.peak_mb < 250


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("actions.yaml", "a: " + "{{ " * 1_000_000),  # {{ with no }}
        ("jinja.yaml", "a: " + "{%- x " * 500_000),  # {% statements with no %}
        ("terraform.yaml", "%{if " * 600_000),  # Terraform directives with no }
        ("strings.json", '{"a": ' + '"\\' * 1_000_000 + "\n"),  # JSON strings left open
    ],
)
def test_megabytes_of_opening_marks_without_a_closing_one(tmp_path: Path, name: str, data: str) -> None:
    """A file that does not parse is asked whether it is a template: the opening marks are each read once
    (searched with regular expressions, 2 MB of them took minutes); the pod beside it is linted."""
    write(tmp_path, name, data)
    write(tmp_path, "pod.yaml", pod("beside"))
    r = run(["lint", "--no-config", "--format", "json", str(tmp_path)], timeout=60)
    summary = json.loads(r.out)["summary"]
    assert r.code == 0 and summary["pods"] == 1 and summary["skipped"]["unparseable"] == 1, r.out[-2000:]


_KUTTL_STEP = """apiVersion: kuttl.dev/v1beta1
kind: TestStep
commands:
- script: |-
    source ../../functions
    kubectl apply -f $TESTS_CONFIG_DIR/pod.yaml
"""
_KUTTL_SUITE = "apiVersion: kuttl.dev/v1beta1\nkind: TestSuite\ntestDirs:\n- e2e-tests/tests\n"
_ASSERT = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: beside\nstatus:\n  phase: Running\n"
_WORKFLOW = """name: w
tasks:
- {id: register, type: RegisterObj, params: {template: tpl.yml}}
- {id: submit, type: SubmitObj, params: {refTaskId: register, params: {}}}
"""
LINEAR_CASES = [
    # harness_patchfile._ASSIGNED ``=(.*?)[ \t]*$``: an assignment of 1 MB of spaces, of the variable a patch names
    ("patchfile-assigned", {"run.sh": 'kubectl patch pod p --patch-file "$F"\nF=' + " " * 1_000_000 + "x\nF=patch.yaml\n",
                            "patch.yaml": pod("patched")}, 2, 0),
    # harness_patchfile._PATCH ``kubectl[^\n]*?[ \t]patch[ \t][^\n]*?--patch-file...``: a line of 1 MB of
    # ``kubectl patch`` (cubic), its --patch-file on the next line
    ("patchfile-patch", {"run.sh": "kubectl patch " * 70_000 + "\n--patch-file f\n"}, 1, 0),
    # harness_snapshots._REDIRECT ``^[^#\n]*\bhelm\s+template\b(?:[^\n]*\\\n)*[^\n]*?>...``: a test directory's
    # script (under _MAX_BYTES 1 MiB) of one line of 1 MB of ``helm template`` and no redirect
    ("snapshots-redirect", {"go.mod": "module x\n", "test/snap.sh": "helm template " * 70_000 + "\n", "test/pod.yaml": pod("t")}, 2, 0),
    # harness_trivy._CONFIG_SCAN ``\[\]string\s*\{\s*"(conf|config)"\s*,[^}]*?"--config-check"...``: a Go test
    # (under _MAX_BYTES 1 MiB) naming trivy, of 1 MB of ``[]string{"conf",`` and no }
    ("trivy-config-scan", {"go.mod": "module x\n", "examples/scan_test.go": "package x\n// trivy\nvar a = " + '[]string{"conf",' * 60_000 + "\n",
                           "examples/pod.yaml": pod("e")}, 2, 0),
    # harness_kuttl_scripts._ASSIGN ``=(.*?)\s*(?:#.*)?$``: the library a kuttl suite's steps source
    ("kuttl-assign", {"go.mod": "module x\n", "e2e-tests/kuttl.yaml": _KUTTL_SUITE, "e2e-tests/conf/pod.yaml": pod("conf"),
                      "e2e-tests/tests/t1/00-step.yaml": _KUTTL_STEP, "e2e-tests/tests/t1/01-assert.yaml": _ASSERT,
                      "e2e-tests/functions": "A=" + " " * 1_000_000 + "x\nTESTS_CONFIG_DIR=$(realpath ../../conf)\n"}, 2, 0),
    # harness_ansible._ARGUMENT ``(?P<value>.*?)[ \t]*$``: a path of 63 KB of spaces (under _MAX_BYTES 64 KiB)
    # under 19 nested replace tasks, each of which reads it
    ("ansible-argument", {"play.yml": "".join(" " * i + "replace:\n" for i in range(19)) + " " * 19 + "path: a" + " " * 63_000 + "b\n"}, 1, 0),
    # go_template._ACTION ``\{\{(-\s)?(.*?)(\s-)?\}\}``: a knavigator template (MAX_TEMPLATE_BYTES 1 MiB) of 1 MB of {{
    ("go-template-actions", {"tpl.yml": "a: " + "{{ " * 340_000, "workflow.yaml": _WORKFLOW}, 1, 0),
    # kinds_juicefs._TEMPLATE ``\$\{\.(PVC|pvc|node)\.(...|.*?)\}``: a JuiceFS StorageClass's parameter of 1 MB of
    # ``${.pvc.`` and no ``}`` (not a quantity: an error)
    ("juicefs-template", {"sc.yaml": "apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: jfs\n"
                                     "provisioner: csi.juicefs.com\nparameters:\n  juicefs/mount-cpu-request: \""
                                     + "${.pvc." * 150_000 + "\"\n"}, 1, 1),
]  # fmt: skip


@pytest.mark.parametrize(("files", "pods", "code"), [c[1:] for c in LINEAR_CASES], ids=[c[0] for c in LINEAR_CASES])
def test_long_lines_a_pattern_read_from_each_start(tmp_path: Path, files: dict[str, str], pods: int, code: int) -> None:
    """A script, a tool's output or a value the lint reads with an expression that scanned on from each
    candidate start (quadratic: a megabyte took minutes) is read once; the pods beside it are linted."""
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        write(tmp_path, name, data)
    write(tmp_path, "pod.yaml", pod("beside"))
    r = run(["lint", "--no-config", "--format", "json", str(tmp_path)], timeout=60)
    summary = json.loads(r.out)["summary"]
    assert r.code == code and summary["pods"] == pods, r.out[-2000:]


def test_a_fifo_named_as_a_test_step_is_never_opened_for_reading(tmp_path: Path) -> None:
    """A directory of numbered step files is asked whether a kuttl TestStep among them names its checks
    (harness.py): a FIFO named ``01-step.yaml`` there blocked that read for ever (every harness reader's read_text
    now opens without blocking and reads regular files only); it is skipped, the pod beside it linted."""
    write(tmp_path, "00-pod.yaml", pod("step"))
    os.mkfifo(tmp_path / "01-step.yaml")
    r = run(["lint", "--no-config", "--format", "json", str(tmp_path)], timeout=60)
    summary = json.loads(r.out)["summary"]
    assert r.code == 0 and summary["pods"] == 1 and summary["skipped"]["special-file"] == 1, r.out[-2000:]
