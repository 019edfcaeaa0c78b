"""Benchmarks, side by side in one run: `python benchmarks/run.py`.

Builds the seeded corpora (make_corpus.py) under benchmarks/out/, then
measures, each as the median of several runs:

1. cold start: ``pod-resources lint`` on one small file, against the floor
   ``python -c "import typer, ruamel.yaml"``;
2. throughput of ``lint --format json`` and ``explain -o json`` on each stream,
   in documents per second, against the floor of parsing the same stream with
   PyYAML's C loader (``yaml.load_all(..., Loader=yaml.CSafeLoader)``) and,
   with ``--with-checkov``, against ``checkov --framework kubernetes`` (installed
   into benchmarks/out/checkov-venv; the project never depends on it);
3. peak memory (RSS) on every stream, so that growth with stream length shows;
4. the directory of small files with ``--jobs 1`` and the default, checking
   that both print the same bytes.

It prints a table, writes benchmarks/out/results.json and, with
``--update-readme``, puts the table in README.md between the benchmark
markers. Options: ``--runs N``, ``--quick`` (1,000 and 10,000 documents only),
``--real DIR`` (also lint a directory of real manifests, e.g. ../shared/corpus).
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
CHECKOV_VERSION = "checkov"  # latest from PyPI, recorded in the results


@dataclass
class Sample:
    """One command measured: median wall seconds over runs, peak RSS."""

    wall: float
    runs: list[float]
    peak_rss_mb: float  # summed over the process tree, sampled
    max_process_rss_mb: float  # the largest single process (getrusage)
    exit_codes: list[int] = field(default_factory=list)


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


def measure(cmd: list[str], runs: int, *, stdin: Path | None = None, cwd: Path = ROOT) -> Sample:
    import resource


    walls: list[float] = []
    codes: list[int] = []
    peak = 0
    max_process = 0
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        fin = open(stdin, "rb") if stdin else subprocess.DEVNULL
        try:
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, stdin=fin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=ENV)
            box = [0]
            done = threading.Event()

            def sample(pid: int = proc.pid) -> None:
                while not done.is_set():
                    box[0] = max(box[0], _tree_rss_kb(pid))
                    done.wait(0.02)

            sampler = threading.Thread(target=sample, daemon=True)
            sampler.start()
            code = proc.wait()
            walls.append(time.perf_counter() - start)
            done.set()
            sampler.join()
        finally:
            if stdin:
                fin.close()  # type: ignore[union-attr]
        codes.append(code)
        peak = max(peak, box[0])
        max_process = max(max_process, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before)
    return Sample(statistics.median(walls), walls, peak / 1024, max_process / 1024, codes)


def tool() -> list[str]:
    script = Path(sys.executable).parent / "pod-resources"
    return [str(script)] if script.exists() else [sys.executable, "-m", "pod_resources_cli"]


def supports(option: str, command: str) -> bool:
    out = subprocess.run([*tool(), command, "--help"], capture_output=True, text=True, cwd=ROOT, env=ENV)
    return option in out.stdout


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        found = re.search(r"Model name:\s*(.+)", lscpu)
        model = found.group(1).strip() if found else model
    except OSError:
        pass
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    memory = ""
    try:
        with open("/proc/meminfo") as fh:
            kb = int(fh.readline().split()[1])
            memory = f"{kb / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    return {"cpu": model, "cpus": cpus, "memory": memory, "python": platform.python_version(),
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


def same_output(cmd_a: list[str], cmd_b: list[str]) -> bool:
    a = subprocess.run(cmd_a, capture_output=True, cwd=ROOT, env=ENV)
    b = subprocess.run(cmd_b, capture_output=True, cwd=ROOT, env=ENV)
    return a.stdout == b.stdout and a.returncode == b.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="pod-resources benchmarks (see the module docstring)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median); cold start uses 3x")
    parser.add_argument("--quick", action="store_true", help="1,000 and 10,000 documents only, 3 runs")
    parser.add_argument("--with-checkov", action="store_true", help="also time checkov (installed in a separate venv)")
    parser.add_argument("--checkov-max", type=int, default=10_000, help="largest stream given to checkov")
    parser.add_argument("--real", type=Path, default=None, help="also lint this directory of real manifests")
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--update-readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args(argv)
    runs = 3 if args.quick else args.runs
    sizes = [1000, 10_000] if args.quick else [1000, 10_000, 50_000]

    manifest = make_corpus.build(args.out / "corpus", 2837, sizes, 2000, args.real)
    corpus = args.out / "corpus"
    entries = {e["name"]: e for e in manifest["entries"]}
    pr = tool()
    jobs_flag = supports("--jobs", "lint")
    results: dict[str, Any] = {"machine": machine(), "runs": runs, "rows": [], "targets": {}}
    rows: list[dict[str, Any]] = results["rows"]

    # 1. cold start (after one run of each command has cached the byte-code)
    small = sorted((corpus / "files-2000").rglob("*.yaml"))[0]
    for command in (["lint"], ["explain", "-o", "json"]):
        subprocess.run([*pr, *command, str(small)], capture_output=True, cwd=ROOT, env=ENV)
    floor = measure(FLOOR_IMPORT, runs * 3)
    cold = measure([*pr, "lint", str(small)], runs * 3)
    rows.append({"what": "cold start: lint one small file", "docs": 1, "tool_s": cold.wall, "floor_s": floor.wall,
                 "floor": "python -c 'import typer, ruamel.yaml'", "ratio": cold.wall / floor.wall,
                 "rss_mb": cold.peak_rss_mb})

    # 2-3. streams
    checkov = checkov_command(args.out) if args.with_checkov else None
    if checkov:
        results["checkov"] = checkov_version(checkov)
    for n in sizes:
        stream = corpus / f"stream-{n}.yaml"
        docs = entries[f"stream-{n}"]["documents"]
        parse = measure([sys.executable, "-c", FLOOR_PARSE, str(stream)], runs)
        lint = measure([*pr, "lint", "--format", "json", str(stream)], runs)
        explain = measure([*pr, "explain", "-o", "json", str(stream)], runs)
        row: dict[str, Any] = {"what": f"stream of {n:,} documents", "docs": docs, "bytes": stream.stat().st_size,
                               "parse_floor_s": parse.wall, "lint_s": lint.wall, "explain_s": explain.wall,
                               "lint_docs_per_s": docs / lint.wall, "explain_docs_per_s": docs / explain.wall,
                               "parse_docs_per_s": docs / parse.wall, "lint_vs_parse": lint.wall / parse.wall,
                               "lint_rss_mb": lint.peak_rss_mb, "explain_rss_mb": explain.peak_rss_mb,
                               "lint_max_process_rss_mb": lint.max_process_rss_mb,
                               "lint_exit": lint.exit_codes[0], "explain_exit": explain.exit_codes[0]}
        if checkov and n <= args.checkov_max:
            ck = measure([*checkov, "--framework", "kubernetes", "-f", str(stream), "--quiet", "--compact", "-o", "json", "--skip-download"],
                         1 if n > 1000 else min(runs, 3))
            row.update({"checkov_s": ck.wall, "checkov_docs_per_s": docs / ck.wall, "lint_speedup_vs_checkov": ck.wall / lint.wall})
        rows.append(row)
        print(f"  measured stream-{n}", file=sys.stderr)

    # 4. many files, jobs 1 vs default
    files_dir = corpus / "files-2000"
    files_docs = entries["files-2000"]["documents"]
    one = [*pr, "lint", "--format", "json", *(["--jobs", "1"] if jobs_flag else []), str(files_dir)]
    auto = [*pr, "lint", "--format", "json", str(files_dir)]
    m_one, m_auto = measure(one, runs), measure(auto, runs)
    rows.append({"what": "2,000 small files", "docs": files_docs, "lint_jobs1_s": m_one.wall, "lint_s": m_auto.wall,
                 "lint_docs_per_s": files_docs / m_auto.wall, "same_output": same_output(one, auto),
                 "lint_rss_mb": m_auto.peak_rss_mb})
    if args.real is not None:
        real = measure([*pr, "lint", "--format", "json", str(corpus / "real")], runs)
        rows.append({"what": f"real manifests ({entries['real']['files']} files)", "lint_s": real.wall,
                     "lint_exit": real.exit_codes[0], "lint_rss_mb": real.peak_rss_mb})

    evaluate(results, sizes)
    table = render(results)
    print(table)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {args.out / 'results.json'}", file=sys.stderr)
    if args.update_readme:
        update_readme(table)
    return 0


def evaluate(results: dict[str, Any], sizes: list[int]) -> None:
    rows = results["rows"]
    targets = results["targets"]
    cold = rows[0]
    targets["cold start within 1.3x of the import floor"] = cold["ratio"] <= 1.3
    by_n = {r["docs"]: r for r in rows if r["what"].startswith("stream")}
    if 10_000 in by_n:
        r = by_n[10_000]
        targets["10,000 documents: lint within 1.5x of the C-loader parse"] = r["lint_vs_parse"] <= 1.5
        if "lint_speedup_vs_checkov" in r:
            targets["10,000 documents: lint at least 50x faster than checkov"] = r["lint_speedup_vs_checkov"] >= 50
    if 50_000 in by_n:
        r = by_n[50_000]
        targets["50,000 documents: peak RSS under 250 MB"] = max(r["lint_rss_mb"], r["explain_rss_mb"]) < 250
    files = next(r for r in rows if r["what"] == "2,000 small files")
    targets["many files: --jobs output identical to one process"] = bool(files["same_output"])


def render(results: dict[str, Any]) -> str:
    m = results["machine"]
    lines = [f"Machine: {m['cpu']}, {m['cpus']} CPUs, {m['memory']}, Python {m['python']}, {m['system']} ({m['date']}); "
             f"median of {results['runs']} runs" + (f"; checkov {results['checkov']}" if "checkov" in results else ""), ""]
    lines.append("| input | pod-resources | floor | ratio | checkov | peak RSS |")
    lines.append("|---|---|---|---|---|---|")
    for r in results["rows"]:
        if r["what"].startswith("cold"):
            lines.append(f"| {r['what']} | {r['tool_s'] * 1000:.0f} ms | {r['floor_s'] * 1000:.0f} ms (import typer, ruamel.yaml) "
                         f"| {r['ratio']:.2f}x | | {r['rss_mb']:.0f} MB |")
        elif r["what"].startswith("stream"):
            ck = (f"{r['checkov_s']:.1f} s ({r['lint_speedup_vs_checkov']:.0f}x slower)" if "checkov_s" in r else "not run")
            lines.append(f"| {r['what']}: lint --format json | {r['lint_s']:.2f} s = {r['lint_docs_per_s']:,.0f} docs/s "
                         f"| {r['parse_floor_s']:.2f} s = {r['parse_docs_per_s']:,.0f} docs/s (CSafeLoader) "
                         f"| {r['lint_vs_parse']:.2f}x | {ck} | {r['lint_rss_mb']:.0f} MB |")
            lines.append(f"| {r['what']}: explain -o json | {r['explain_s']:.2f} s = {r['explain_docs_per_s']:,.0f} docs/s "
                         f"| | {r['explain_s'] / r['parse_floor_s']:.2f}x | | {r['explain_rss_mb']:.0f} MB |")
        elif r["what"].startswith("2,000"):
            lines.append(f"| {r['what']} ({r['docs']:,} docs): lint | {r['lint_s']:.2f} s = {r['lint_docs_per_s']:,.0f} docs/s "
                         f"| --jobs 1: {r['lint_jobs1_s']:.2f} s | same output: {'yes' if r['same_output'] else 'NO'} "
                         f"| | {r['lint_rss_mb']:.0f} MB |")
        else:
            lines.append(f"| {r['what']}: lint | {r['lint_s']:.2f} s | | | | {r['lint_rss_mb']:.0f} MB |")
    lines.append("")
    for name, ok in results["targets"].items():
        lines.append(f"- {'met' if ok else 'NOT met'}: {name}")
    return "\n".join(lines)


def update_readme(table: str) -> None:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    start, end = "<!-- benchmarks:start -->", "<!-- benchmarks:end -->"
    if start not in text or end not in text:
        print("README.md has no benchmark markers; not updated", file=sys.stderr)
        return
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    body = ("\n## Benchmarks\n\nThe latest run of `python benchmarks/run.py --with-checkov` "
            "(see [benchmarks/README.md](benchmarks/README.md)):\n\n" + table + "\n")
    readme.write_text(head + start + body + end + tail, encoding="utf-8")
    print("README.md updated", file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
