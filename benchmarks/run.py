"""Benchmarks, side by side in one run: `python benchmarks/run.py`.

Builds the seeded corpora (make_corpus.py) under benchmarks/out/, then
measures whole processes, each figure the median of several runs:

1. cold start: ``lint`` of one small file and ``explain`` of one pod (table
   and JSON), in a directory of their own, against the floor ``python -c
   "import typer, ruamel.yaml"``, run by the console script of this tree
   installed as pip installs it for a user (into benchmarks/out/installed); and ``lint`` of the small file where it lies,
   inside this repository's work tree with the corpus (pre-commit in a large
   repository: the kustomization and harness searches walk that tree);
2. each stream and the directory of 20,000 small files with ``--jobs 1``
   against ``--jobs N`` (N: the CPUs this process may use), the speed-up, and
   the parent process's share of all CPU seconds at ``--jobs N`` (what bounds
   the speed-up on any number of cores: a parent that uses 5% of the CPU
   time caps it at 20x); ``explain -o json`` against ``lint -o json`` with the
   same ``--jobs``, the table against the JSON; the parse floor of PyYAML's C
   loader and, with ``--with-checkov``, checkov (installed into
   benchmarks/out/checkov-venv; the project never depends on it);
3. peak memory (RSS of the process tree) on every stream for ``--jobs 1`` and
   ``--jobs N``, so that growth with stream length shows;
4. that ``--jobs 1`` and ``--jobs N`` print the same bytes.

The parent's share comes from the process itself: the CLI runs under a
small wrapper that, as it exits, reads ``os.times()`` (its own CPU seconds,
and its workers', which it has waited for).

It prints a table, writes benchmarks/out/results.json and, with
``--update-docs``, puts the table in docs/development.md between the
benchmark markers. Options: ``--runs N``, ``--quick`` (1,000 and 10,000 documents,
2,000 files, 3 runs), ``--real DIR`` (also lint a directory of real
manifests, e.g. ../shared/corpus), ``--security-bound`` (also explain
docs/security.md's 100 MB of minimal pods).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import make_corpus  # noqa: E402

FLOOR_IMPORT = [sys.executable, "-c", "import typer, ruamel.yaml"]
FLOOR_PARSE = (
    "import sys, yaml\n"
    "with open(sys.argv[1], 'rb') as fh:\n"
    "    n = sum(1 for _ in yaml.load_all(fh, Loader=yaml.CSafeLoader))\n"
    "print(n)\n"
)
# The CLI as its console script runs it, then its own and its workers' CPU seconds into a file.
SHARE = (
    "import os, sys\n"
    "out = sys.argv.pop(1)\n"
    "sys.argv[0] = 'pod-resources'\n"
    "from pod_resources_cli.cli import main\n"
    "code = main()\n"
    "sys.stdout.flush()\n"
    "t = os.times()\n"
    "with open(out, 'w') as fh:\n"
    "    fh.write(f'{t.user + t.system} {t.children_user + t.children_system}')\n"
    "sys.exit(code)\n"
)
CHECKOV_VERSION = "checkov"  # latest from PyPI, recorded in the results
PARENT_SHARE_TARGET = 0.05


@dataclass
class Sample:
    """One command measured: median wall seconds over runs, peak RSS, and
    (for the CLI) the median CPU seconds of the parent and of its workers."""

    wall: float
    runs: list[float]
    peak_rss_mb: float  # summed over the process tree, sampled
    max_process_rss_mb: float  # the largest single process (getrusage)
    exit_codes: list[int] = field(default_factory=list)
    parent_cpu: float | None = None
    workers_cpu: float | None = None
    cpus: list[float] = field(default_factory=list)  # each run's CPU seconds, the process and its workers

    @property
    def cpu(self) -> float:
        return statistics.median(self.cpus)

    @property
    def share(self) -> float | None:
        if self.parent_cpu is None or self.workers_cpu is None:
            return None
        total = self.parent_cpu + self.workers_cpu
        return self.parent_cpu / total if total else None


def _tree_rss_kb(pid: int) -> int:
    """RSS of a process and all its descendants, from /proc (Linux)."""
    total, stack = 0, [pid]
    while stack:
        p = stack.pop()
        try:
            with open(f"/proc/{p}/status", encoding="ascii", errors="replace") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
                        break
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children", encoding="ascii") as fh:
                    stack.extend(int(c) for c in fh.read().split())
        except (OSError, ValueError):
            continue
    return total


# Measured as users run it: byte-code cached (pip writes it on install; an
# environment that forbids writing it would time the compiler instead).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(cmd: list[str], runs: int, *, stdin: Path | None = None, cwd: Path = ROOT, cli: bool = False, env: dict[str, str] | None = None) -> Sample:
    """``cmd`` run ``runs`` times; with ``cli``, ``cmd`` is the CLI's arguments
    and it runs under the SHARE wrapper, which reports the CPU split."""
    import resource

    walls: list[float] = []
    cpu_runs: list[float] = []
    codes: list[int] = []
    parents: list[float] = []
    workers: list[float] = []
    peak = 0
    max_process = 0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        times = tempfile.NamedTemporaryFile(prefix="pod-resources-bench-", delete=False)
        times.close()
        argv = [sys.executable, "-c", SHARE, times.name, *cmd] if cli else cmd
        fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
        try:
            start = time.perf_counter()
            proc = subprocess.Popen(argv, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=env or ENV)
            box = [0]
            done = threading.Event()

            def sample(pid: int = proc.pid) -> None:
                while not done.is_set():
                    box[0] = max(box[0], _tree_rss_kb(pid))
                    done.wait(0.02)

            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            _, status, usage = os.wait4(proc.pid, 0)
            walls.append(time.perf_counter() - start)
            code = os.waitstatus_to_exitcode(status)
            proc.returncode = code
            cpu_runs.append(usage.ru_utime + usage.ru_stime)
            done.set()
            sampler.join()
            if cli:
                text = Path(times.name).read_text().split()
                if len(text) == 2:
                    parents.append(float(text[0]))
                    workers.append(float(text[1]))
        finally:
            os.unlink(times.name)
            if stdin:
                fin.close()  # type: ignore[union-attr]
        codes.append(code)
        peak = max(peak, box[0])
        max_process = max(max_process, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before)
    return Sample(
        statistics.median(walls), walls, peak / 1024, max_process / 1024, codes,
        statistics.median(parents) if parents else None, statistics.median(workers) if workers else None, cpu_runs,
    )  # fmt: skip


def paired(a: list[str], b: list[str], runs: int, *, cli: bool = False, env: dict[str, str] | None = None) -> tuple[Sample, Sample, float]:
    """``a`` and ``b`` in turn, A B A B ..., and the median of their CPU
    seconds' ratio pair by pair: on a machine others share, its speed drifts
    between two separate series, not between two neighbouring runs."""
    first, second = Sample(0, [], 0, 0), Sample(0, [], 0, 0)
    ratios = []
    splits: dict[int, list[tuple[float, float]]] = {id(first): [], id(second): []}
    for _ in range(runs):
        x, y = measure(a, 1, cli=cli, env=env), measure(b, 1, cli=cli)
        ratios.append(x.cpu / y.cpu)
        for into, one in ((first, x), (second, y)):
            if one.parent_cpu is not None and one.workers_cpu is not None:
                splits[id(into)].append((one.parent_cpu, one.workers_cpu))
            into.runs += one.runs
            into.cpus += one.cpus
            into.exit_codes += one.exit_codes
            into.peak_rss_mb = max(into.peak_rss_mb, one.peak_rss_mb)
            into.max_process_rss_mb = max(into.max_process_rss_mb, one.max_process_rss_mb)
    for into in (first, second):
        into.wall = statistics.median(into.runs)
        if splits[id(into)]:
            into.parent_cpu = statistics.median(p for p, _ in splits[id(into)])
            into.workers_cpu = statistics.median(w for _, w in splits[id(into)])
    return first, second, statistics.median(ratios)


def tool() -> list[str]:
    """The console script, as pre-commit and people start it."""
    script = Path(sys.executable).parent / "pod-resources"
    return [str(script)] if script.exists() else [sys.executable, "-m", "pod_resources_cli"]


def installed_copy(out: Path) -> tuple[list[str], dict[str, str]]:
    """This tree installed as pip installs it for a user, into a virtual environment of its own
    (benchmarks/out/installed-venv) whose libraries are this environment's (a ``.pth`` naming its
    site-packages): not the editable install of a development environment, whose import hook a user's
    never has. The cold start is measured on its console script."""
    import site
    import venv

    home = out / "installed-venv"
    venv.EnvBuilder(clear=True, with_pip=False).create(home)
    python = home / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(ROOT)],
                   check=True, env=ENV, stdout=subprocess.DEVNULL)  # fmt: skip
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True).stdout.strip()  # fmt: skip
    (Path(purelib) / "bench-libraries.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    return [str(home / "bin" / "pod-resources")], ENV


def cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        found = re.search(r"Model name:\s*(.+)", lscpu)
        model = found.group(1).strip() if found else model
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as fh:
            kb = int(fh.readline().split()[1])
            memory = f"{kb / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    return {"cpu": model, "cpus": cpus(), "memory": memory, "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}",
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}


def checkov_command(out: Path) -> list[str] | None:
    venv = out / "checkov-venv"
    exe = venv / "bin" / "checkov"
    if not exe.exists():
        print("installing checkov into", venv, "(once)", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", CHECKOV_VERSION], check=True)
    return [str(exe)] if exe.exists() else None


def checkov_version(cmd: list[str]) -> str:
    out = subprocess.run([*cmd, "--version"], capture_output=True, text=True)
    return out.stdout.strip()


def cli_output(args: list[str]) -> tuple[int, bytes]:
    done = subprocess.run([sys.executable, "-m", "pod_resources_cli", *args], capture_output=True, cwd=ROOT, env=ENV)
    return done.returncode, done.stdout


def same_output(args: list[str], jobs: int) -> bool:
    """``--jobs 1`` and ``--jobs N`` print the same bytes (and exit alike)."""
    return cli_output([*args, "--jobs", "1"]) == cli_output([*args, "--jobs", str(jobs)])


def _pair(row: dict[str, Any], prefix: str, one: Sample, many: Sample | None) -> None:
    row[f"{prefix}_j1_s"] = one.wall
    row[f"{prefix}_j1_rss_mb"] = one.peak_rss_mb
    if many is not None:
        row[f"{prefix}_jn_s"] = many.wall
        row[f"{prefix}_jn_rss_mb"] = many.peak_rss_mb
        row[f"{prefix}_speedup"] = one.wall / many.wall
        row[f"{prefix}_parent_share"] = many.share
        row[f"{prefix}_parent_cpu_s"] = many.parent_cpu
        row[f"{prefix}_workers_cpu_s"] = many.workers_cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="pod-resources benchmarks (see the module docstring)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median); cold start uses 3x, 50,000 documents fewer")
    parser.add_argument("--quick", action="store_true", help="1,000 and 10,000 documents, 2,000 files, 3 runs")
    parser.add_argument("--with-checkov", action="store_true", help="also time checkov (installed in a separate venv)")
    parser.add_argument("--checkov-max", type=int, default=10_000, help="largest stream given to checkov")
    parser.add_argument("--real", type=Path, default=None, help="also lint a directory of real manifests")
    parser.add_argument("--security-bound", action="store_true", help="also explain -o json 100 MB of minimal pods (docs/security.md)")
    parser.add_argument("--jobs", type=int, default=0, help="N for --jobs N (default: the CPUs present)")
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--update-docs", action="store_true", help="write the table into docs/development.md")
    args = parser.parse_args(argv)
    runs = 3 if args.quick else args.runs
    sizes = [1000, 10_000] if args.quick else [1000, 10_000, 50_000]
    file_count = 2000 if args.quick else 20_000
    jobs = args.jobs or cpus()

    manifest = make_corpus.build(args.out / "corpus", 2837, sizes, file_count, args.real, minimal=100 if args.security_bound else 0)
    corpus = args.out / "corpus"
    entries = {e["name"]: e for e in manifest["entries"]}
    results: dict[str, Any] = {"machine": machine(), "runs": runs, "jobs": jobs, "rows": [], "targets": {}}
    rows: list[dict[str, Any]] = results["rows"]
    j1, jn = ["--jobs", "1"], ["--jobs", str(jobs)]

    # 1. cold start (after one run of each command has cached the byte-code and the start-up code): the files in a
    # directory of their own, outside any work tree; then the small file where it lies, inside this repository's work
    # tree with the corpus (the kustomization search walks the whole tree, the harness search looks around the file)
    small = sorted((corpus / f"files-{file_count}").rglob("*.yaml"))[0]
    alone = Path(tempfile.mkdtemp(prefix="pod-resources-start-"))
    (alone / "small.yaml").write_bytes(small.read_bytes())
    (alone / "pod.yaml").write_bytes((ROOT / "examples" / "pods" / "web-sidecar.yaml").read_bytes())
    starts = {"lint one small file": ["lint", str(alone / "small.yaml")], "explain one pod (table)": ["explain", str(alone / "pod.yaml")],
              "explain one pod (-o json)": ["explain", "-o", "json", str(alone / "pod.yaml")]}
    if small.resolve().is_relative_to(ROOT) and (ROOT / ".git").exists():  # the default --out, inside this work tree
        entries_in_tree = sum(1 for p in ROOT.rglob("*") if ".git" not in p.parts)
        starts[f"lint one small file inside this repository's work tree ({entries_in_tree:,} entries with the corpus)"] = ["lint", str(small)]
    script, installed = installed_copy(args.out)
    for command in starts.values():  # once each: the byte-code and the start-up cache are written
        measure([*script, *command], 1, env=installed)
    for what, command in starts.items():
        cold, floor, ratio = paired([*script, *command], FLOOR_IMPORT, runs * 3, env=installed)
        rows.append({"kind": "start", "what": f"cold start: {what}", "tool_s": cold.wall, "floor_s": floor.wall,
                     "tool_cpu_s": cold.cpu, "floor_cpu_s": floor.cpu, "ratio": ratio, "rss_mb": cold.peak_rss_mb})
        print(f"  measured {what}", file=sys.stderr)

    # 2-3. streams
    checkov = checkov_command(args.out) if args.with_checkov else None
    if checkov:
        results["checkov"] = checkov_version(checkov)
    for n in sizes:
        stream = corpus / f"stream-{n}.yaml"
        docs = entries[f"stream-{n}"]["documents"]
        many_runs = max(1, runs // 2) if n > 10_000 else runs
        parse = measure([sys.executable, "-c", FLOOR_PARSE, str(stream)], many_runs)
        lint1 = measure(["lint", "--no-config", "-o", "json", *j1, str(stream)], many_runs, cli=True)
        explain1 = measure(["explain", "-o", "json", *j1, str(stream)], many_runs, cli=True)
        explain_jn = ["explain", "-o", "json", *jn, str(stream)]
        explainn, lintn, explain_vs_lint = paired(explain_jn, ["lint", "--no-config", "-o", "json", *jn, str(stream)], many_runs, cli=True)
        row: dict[str, Any] = {"kind": "stream", "what": f"stream of {n:,} documents", "docs": docs, "bytes": stream.stat().st_size,
                               "parse_floor_s": parse.wall, "lint_vs_parse": lint1.wall / parse.wall,
                               "explain_vs_lint_wall": explainn.wall / lintn.wall, "explain_vs_lint": explain_vs_lint}
        _pair(row, "lint", lint1, lintn)
        _pair(row, "explain", explain1, explainn)
        if n == 10_000:
            table, _, table_vs_json = paired(["explain", *jn, str(stream)], explain_jn, many_runs, cli=True)
            row["table_jn_s"] = table.wall
            row["table_vs_json"] = table_vs_json
            row["table_parent_share"] = table.share
            row["lint_same_output"] = same_output(["lint", "--no-config", "-o", "json", str(stream)], jobs)
            row["explain_same_output"] = same_output(["explain", "-o", "json", str(stream)], jobs)
        if checkov and n <= args.checkov_max:
            ck = measure([*checkov, "--framework", "kubernetes", "-f", str(stream), "--quiet", "--compact", "-o", "json", "--skip-download"],
                         1 if n > 1000 else min(runs, 3))
            row.update({"checkov_s": ck.wall, "lint_speedup_vs_checkov": ck.wall / lint1.wall})
        rows.append(row)
        print(f"  measured stream-{n}", file=sys.stderr)

    # 4. many files
    files_dir = corpus / f"files-{file_count}"
    files_docs = entries[f"files-{file_count}"]["documents"]
    lint1 = measure(["lint", "--no-config", "-o", "json", *j1, str(files_dir)], runs, cli=True)
    lintn = measure(["lint", "--no-config", "-o", "json", *jn, str(files_dir)], runs, cli=True)
    row = {"kind": "files", "what": f"{file_count:,} small files", "docs": files_docs,
           "lint_same_output": same_output(["lint", "--no-config", "-o", "json", str(files_dir)], jobs)}
    _pair(row, "lint", lint1, lintn)
    rows.append(row)
    print("  measured the files", file=sys.stderr)
    if args.real is not None:
        real = measure(["lint", "--no-config", "-o", "json", str(corpus / "real")], runs, cli=True)
        rows.append({"kind": "real", "what": f"real manifests ({entries['real']['files']} files)", "lint_jn_s": real.wall,
                     "lint_exit": real.exit_codes[0], "lint_jn_rss_mb": real.peak_rss_mb, "lint_parent_share": real.share})
    if args.security_bound:
        minimal = corpus / "minimal-100MB.yaml"
        bound = measure(["explain", "-o", "json", *jn, str(minimal)], 1, cli=True)
        rows.append({"kind": "bound", "what": f"100 MB of minimal pods ({entries['minimal-100MB']['documents']:,})",
                     "explain_jn_s": bound.wall, "explain_jn_rss_mb": bound.peak_rss_mb, "explain_parent_share": bound.share})

    evaluate(results)
    table_text = render(results)
    print(table_text)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {args.out / 'results.json'}", file=sys.stderr)
    if args.update_docs:
        update_docs(table_text)
    return 0


def evaluate(results: dict[str, Any]) -> None:
    rows = results["rows"]
    targets = results["targets"]
    for r in rows:
        if r["kind"] == "start":
            targets[f"{r['what']}: at or under 1.0x the import floor"] = r["ratio"] <= 1.0
    by_n = {r["docs"]: r for r in rows if r["kind"] == "stream"}
    if 10_000 in by_n:
        r = by_n[10_000]
        targets[f"10,000 documents: the parent uses at most {PARENT_SHARE_TARGET:.0%} of all CPU seconds (lint --jobs N)"] = (
            r["lint_parent_share"] is not None and r["lint_parent_share"] <= PARENT_SHARE_TARGET
        )
        targets["10,000 documents: explain -o json within 1.2x of lint -o json (same --jobs)"] = r["explain_vs_lint"] <= 1.2
        targets["10,000 documents: the explain table within 1.5x of its JSON"] = r["table_vs_json"] <= 1.5
        targets["10,000 documents: lint --jobs 1 within 1.5x of the C-loader parse"] = r["lint_vs_parse"] <= 1.5
        targets["10,000 documents: --jobs 1 and --jobs N print the same bytes (lint and explain -o json)"] = bool(
            r["lint_same_output"] and r["explain_same_output"]
        )
        if "lint_speedup_vs_checkov" in r:
            targets["10,000 documents: lint at least 50x faster than checkov"] = r["lint_speedup_vs_checkov"] >= 50
        if 50_000 in by_n:
            big = by_n[50_000]
            for prefix in ("lint", "explain"):
                for j in ("j1", "jn"):
                    targets.setdefault("peak RSS flat: 50,000 documents within 1.5x of 10,000 (lint and explain, --jobs 1 and N)", True)
                    key = "peak RSS flat: 50,000 documents within 1.5x of 10,000 (lint and explain, --jobs 1 and N)"
                    targets[key] = targets[key] and big[f"{prefix}_{j}_rss_mb"] <= 1.5 * r[f"{prefix}_{j}_rss_mb"]
    files = next(r for r in rows if r["kind"] == "files")
    targets[f"{files['what']}: the parent uses at most {PARENT_SHARE_TARGET:.0%} of all CPU seconds (lint --jobs N)"] = (
        files["lint_parent_share"] is not None and files["lint_parent_share"] <= PARENT_SHARE_TARGET
    )
    targets[f"{files['what']}: --jobs 1 and --jobs N print the same bytes"] = bool(files["lint_same_output"])
    bound = next((r for r in rows if r["kind"] == "bound"), None)
    if bound is not None:
        targets["100 MB of minimal pods: explain -o json under 60 s"] = bound["explain_jn_s"] < 60


def _share(value: float | None) -> str:
    return f"{value:.1%}" if value is not None else "-"


def render(results: dict[str, Any]) -> str:
    m = results["machine"]
    n = results["jobs"]
    lines = [f"Machine: {m['cpu']}, {m['cpus']} CPUs, {m['memory']}, Python {m['python']}, {m['system']} ({m['date']}); "
             f"median of {results['runs']} runs; N = {n}" + (f"; checkov {results['checkov']}" if "checkov" in results else ""), ""]
    lines.append(f"| input: command | --jobs 1 | --jobs {n} | speed-up | parent's CPU share (--jobs {n}) | peak RSS (--jobs 1 / {n}) | compared |")
    lines.append("|---|---|---|---|---|---|---|")
    for r in results["rows"]:
        kind = r["kind"]
        if kind == "start":
            lines.append(f"| {r['what']} | {r['tool_s'] * 1000:.0f} ms | | | | {r['rss_mb']:.0f} MB "
                         f"| {r['ratio']:.2f}x the CPU seconds of `import typer, ruamel.yaml` ({r['floor_s'] * 1000:.0f} ms) |")
        elif kind in ("stream", "files"):
            for prefix, label in (("lint", "lint -o json"), ("explain", "explain -o json")):
                if f"{prefix}_j1_s" not in r:
                    continue
                if kind == "stream" and prefix == "lint":
                    compared = f"{r['lint_vs_parse']:.2f}x the C-loader parse ({r['parse_floor_s']:.2f} s) at --jobs 1"
                    if "checkov_s" in r:
                        compared += f"; checkov {r['checkov_s']:.1f} s ({r['lint_speedup_vs_checkov']:.0f}x slower)"
                elif kind == "stream":
                    compared = f"{r['explain_vs_lint']:.2f}x lint's CPU seconds at --jobs {n}, pair by pair ({r['explain_vs_lint_wall']:.2f}x its time)"
                else:
                    compared = f"same bytes: {'yes' if r['lint_same_output'] else 'NO'}"
                lines.append(
                    f"| {r['what']}: {label} | {r[f'{prefix}_j1_s']:.2f} s | {r[f'{prefix}_jn_s']:.2f} s | {r[f'{prefix}_speedup']:.2f}x "
                    f"| {_share(r[f'{prefix}_parent_share'])} | {r[f'{prefix}_j1_rss_mb']:.0f} / {r[f'{prefix}_jn_rss_mb']:.0f} MB | {compared} |"
                )
            if "table_jn_s" in r:
                lines.append(f"| {r['what']}: explain (table) | | {r['table_jn_s']:.2f} s | | {_share(r['table_parent_share'])} | "
                             f"| {r['table_vs_json']:.2f}x the JSON's CPU seconds |")
        elif kind == "real":
            lines.append(f"| {r['what']}: lint -o json | | {r['lint_jn_s']:.2f} s | | {_share(r['lint_parent_share'])} | / {r['lint_jn_rss_mb']:.0f} MB | |")
        elif kind == "bound":
            lines.append(f"| {r['what']}: explain -o json | | {r['explain_jn_s']:.1f} s | | {_share(r['explain_parent_share'])} "
                         f"| / {r['explain_jn_rss_mb']:.0f} MB | docs/security.md |")
    lines.append("")
    for name, ok in results["targets"].items():
        lines.append(f"- {'met' if ok else 'NOT met'}: {name}")
    return "\n".join(lines)


def update_docs(table: str) -> None:
    page = ROOT / "docs" / "development.md"
    text = page.read_text(encoding="utf-8")
    start, end = "<!-- benchmarks:start -->", "<!-- benchmarks:end -->"
    if start not in text or end not in text:
        print("docs/development.md has no benchmark markers; not updated", file=sys.stderr)
        return
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    command = " ".join(["python", "benchmarks/run.py", *sys.argv[1:]]).replace(" --update-docs", "")
    body = (f"\n## Benchmarks\n\nThe latest run of `{command}` on a machine other work may share (wall times drift; "
            "the CPU shares and the pair-by-pair ratios less so; see [benchmarks/README.md](../benchmarks/README.md)):\n\n" + table + "\n")
    page.write_text(head + start + body + end + tail, encoding="utf-8")
    print("docs/development.md updated", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
