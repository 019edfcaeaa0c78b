"""Every example of the README and of docs/*.md runs, so none goes stale.

- A ```console block holds ``$ pod-resources ...`` lines, each followed by its
  output: standard output and standard error merged in the order written, as a
  terminal shows them, with COLUMNS=100. Each command runs through the CLI's
  main(), in this process, and its output must be the block's (spaces at line
  ends and blank lines at the end of an output are not compared).
- A ```sh block is run line by line and each command's exit code checked. In a
  pipe, a renderer feeding pod-resources (kubectl kustomize, kustomize build,
  helm template) runs too, and a consumer after it (jq) does not; a command that
  is not pod-resources must be one of ELSEWHERE, which says what runs it.
- A ```yaml block must parse. A configuration is tests/test_config_schema.py's
  (the schema and the reader); a GitHub Actions workflow or steps, a GitLab CI job
  and a pre-commit configuration or hooks have their pod-resources lines run (the
  Action's step through action/lint.sh, as tests/test_action.py runs it), with
  exit code 0 or 1 (2 would be "could not run"), and the reports they upload
  must have been written.
- An HTML comment just before a block says what the block cannot:
  ``<!-- doc-test: exit 1 -->`` (every command of the block; default 0),
  ``<!-- doc-test: exit 0 1 -->`` (each command in order),
  ``<!-- doc-test: needs kubectl -->`` (skipped where kubectl is not installed),
  ``<!-- doc-test: skip REASON -->`` (not run at all).
  A command of CANNOT_RUN (a cluster, a browser) is not run; the rest of its block is.

Commands run in a temporary git repository holding a copy of examples/ and of
the tests/data directories the pages name (paths are those of the repository
root), and the layout the recipes assume for a user's repository (USER_REPO);
``origin/main`` names its one commit, the base of --new-from-rev.

``POD_RESOURCES_UPDATE_DOCS=1 python -m pytest tests/test_docs_examples.py``
writes the outputs of the console blocks into the pages, as tests/test_lint_docs.py
does for the rule pages. docs/rules/ is generated from the rules (that test), and
their examples are linted by tests/test_rules_catalog.py.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from pod_resources_cli.cli import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
UPDATE = os.environ.get("POD_RESOURCES_UPDATE_DOCS") == "1"
COLUMNS = "100"
BASH = shutil.which("bash")

# A user's repository, as the CI recipes and adoption.md name its paths.
USER_REPO = {
    "k8s": ROOT / "examples" / "pods",
    "nodes/worker.yaml": ROOT / "examples" / "nodes" / "dual-socket-ht.yaml",
    "charts/web": ROOT / "tests/data/real/helm/prometheus-community__helm-charts/charts/prometheus-nginx-exporter",
    "charts/web/values-prod.yaml": ROOT
    / "tests/data/real/helm/prometheus-community__helm-charts/charts/prometheus-nginx-exporter/ci/resources-values.yaml",
    "deploy": ROOT / "tests/data/real/kustomize/kubernetes-sigs__kustomize/examples/springboot",
}

# Commands the pages show that this test does not run, and what runs them.
ELSEWHERE: dict[tuple[str, ...], str] = {
    ("python3", "-m", "pip", "install"): ".ci/run installs the project as the README says",
    ("pip", "install"): "installs a release from the network; the recipes here run this checkout's pod-resources",
    ("python3", "-m", "pytest"): "the test suite itself (.ci/run)",
    ("python", "-m", "pytest"): "the test suite itself (.ci/run)",
    ("python3", "-m", "venv"): "a new virtual environment (.ci/run makes one)",
    (".", ".venv/bin/activate"): "a new virtual environment (.ci/run makes one)",
    ("mypy",): "tests/test_typing.py",
    ("lint-imports",): "tests/test_layers.py",
    ("python3", "scripts/deps.py"): "new virtual environments from the package index (tests/test_deps_script.py tests the script)",
    ("bash", ".ci/run"): "CI itself",
}
# Commands that cannot run here: the block's other commands run, and the test is skipped with the reason.
CANNOT_RUN: dict[tuple[str, ...], str] = {
    ("kubectl", "get"): "kubectl get needs a cluster (tests/data/running/ holds what it prints)",
    ("scripts/render_svg.sh",): "scripts/render_svg.sh needs headless Chromium: run it by hand to refresh the picture",
}
# Commands that feed pod-resources in a pipe: run when installed.
RENDERERS = {("kubectl", "kustomize"), ("kustomize", "build"), ("helm", "template")}
# Commands that read what pod-resources printed: not run (only the pod-resources part is checked).
CONSUMERS = {"jq", "head", "less"}
# Steps of a GitHub workflow that are GitHub's own.
GITHUB_ACTIONS = ("actions/checkout@", "github/codeql-action/upload-sarif@")
HOOK_ENTRY = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


# -- the blocks ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence, 1-based
    lang: str
    body: str
    directives: tuple[tuple[str, str], ...] = ()

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def text(self) -> str:
        """The block as written, fences included: how UPDATE finds it again."""
        return f"```{self.lang}\n{self.body}```\n"

    def directive(self, name: str) -> str | None:
        return next((value for key, value in self.directives if key == name), None)


_DIRECTIVE = re.compile(r"^<!-- doc-test: (\w+)\s*(.*?)\s*-->$")


def blocks(page: Path) -> list[Block]:
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    directives: list[tuple[str, str]] = []
    i = 0
    while i < len(lines):
        line = lines[i].rstrip("\n")
        if line.startswith("```"):
            lang, start = line[3:].strip(), i
            i += 1
            body = []
            while lines[i].rstrip("\n") != "```":
                body.append(lines[i])
                i += 1
            found.append(Block(page, start + 1, lang, "".join(body), tuple(directives)))
            directives = []
        elif (match := _DIRECTIVE.match(line)) is not None:
            directives.append((match.group(1), match.group(2)))
        elif line.strip():
            assert not line.startswith("<!-- doc-test"), f"{page}:{i + 1}: not a directive this test knows"
            directives = []
        i += 1
    return found


ALL = [b for page in PAGES for b in blocks(page)]
RUN = [b for b in ALL if b.lang in ("console", "sh", "yaml")]


def data_dirs() -> set[str]:
    """The tests/data directories the pages' blocks name: tests/data/X, or tests/data/real/X."""
    found = set()
    for block in ALL:
        for path in re.findall(r"tests/data/[\w./-]+", block.body):
            parts = path.split("/")
            depth = 4 if parts[2] == "real" else 3
            found.add("/".join(parts[:depth]))
    return found


def test_every_block_is_known() -> None:
    """A block is run (console, sh, yaml) or an illustration (text, or no
    language: diagrams and layouts); a new language needs a decision here."""
    assert {b.lang for b in ALL} <= {"console", "sh", "yaml", "text", ""}
    for b in ALL:
        if b.lang in ("text", ""):
            assert not re.search(r"^\$ pod-resources ", b.body, re.M), f"{b.id}: a command in an illustration: make it a console block"
        if b.lang == "console":
            assert b.body.startswith("$ "), f"{b.id}: a console block starts with its command"
        for key, _ in b.directives:
            assert key in ("exit", "needs", "skip"), f"{b.id}: unknown directive {key}"


# -- the sandbox -----------------------------------------------------------------------------


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "docs", "GIT_AUTHOR_EMAIL": "docs@example.invalid",
           "GIT_COMMITTER_NAME": "docs", "GIT_COMMITTER_EMAIL": "docs@example.invalid", "GIT_CONFIG_NOSYSTEM": "1"}  # fmt: skip
    done = subprocess.run(["git", *args], cwd=repo, env=env, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.strip()


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)
    else:
        shutil.copyfile(source, target)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None:
        pytest.skip("the sandbox is a git repository")
    repo = tmp_path_factory.mktemp("docs") / "repo"
    _copy(ROOT / "examples", repo / "examples")
    for name in sorted(data_dirs()):
        _copy(ROOT / name, repo / name)
    for name, source in USER_REPO.items():
        _copy(source, repo / name)
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "base")
    _git(repo, "update-ref", "refs/remotes/origin/main", "HEAD")
    return repo


@pytest.fixture()
def sandbox(template: Path, tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    shutil.copytree(template, repo, symlinks=True)
    return repo


# -- running one command line ----------------------------------------------------------------


@dataclass
class Ran:
    """What one command line did: its pod-resources part's exit code and output."""

    code: int | None = None  # None: nothing of pod-resources ran
    output: str = ""
    skipped: list[str] = field(default_factory=list)


@contextmanager
def _process(cwd: Path, env: dict[str, str], stdin: bytes) -> Iterator[io.StringIO]:
    """main() as the shell would run it in cwd: one buffer for stdout and stderr."""
    from pod_resources_cli.cli.console import set_color

    saved_env = {k: os.environ.get(k) for k in ("COLUMNS", "NO_COLOR", "FORCE_COLOR", *env)}
    saved = (sys.stdin, sys.stdout, sys.stderr, os.getcwd())
    buffer = io.StringIO()
    os.environ.pop("NO_COLOR", None)
    os.environ.pop("FORCE_COLOR", None)
    os.environ["COLUMNS"] = COLUMNS
    os.environ.update(env)
    os.chdir(cwd)
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout = sys.stderr = buffer
    try:
        yield buffer
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved[:3]
        os.chdir(saved[3])
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        set_color("auto")  # --color sets it for the process


def _tokens(line: str, variables: dict[str, str]) -> list[str]:
    def expand(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        assert name in variables, f"{line}: ${name} is not known here"
        return variables[name]

    line = re.sub(r"\$\{(\w+)\}|\$([A-Za-z_]\w*)", expand, line)
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|&;<>")
    lexer.whitespace_split = True
    return list(lexer)


def _split(tokens: list[str], *separators: str) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for token in tokens:
        if token in separators:
            parts.append([])
        else:
            parts[-1].append(token)
    return [p for p in parts if p]


def _known(words: list[str], table: dict[tuple[str, ...], str]) -> str | None:
    return next((why for prefix, why in table.items() if tuple(words[: len(prefix)]) == prefix), None)


def run_line(line: str, cwd: Path, variables: dict[str, str] | None = None) -> list[Ran]:
    """Each command of a shell line (``&&`` and ``;`` separate them)."""
    return [run_command(command, cwd) for command in _split(_tokens(line, variables or {}), "&&", ";")]


def run_command(tokens: list[str], cwd: Path) -> Ran:
    ran = Ran()
    stdin = b""
    stages = _split(tokens, "|")
    for index, stage in enumerate(stages):
        env: dict[str, str] = {}
        while stage and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", stage[0]):
            key, _, value = stage.pop(0).partition("=")
            env[key] = value
        words, redirect_in = [], None
        it = iter(stage)
        for word in it:
            if word == "<":
                redirect_in = next(it)
            elif word == ">":
                next(it)  # where the output would go: the test keeps it
            else:
                words.append(word)
        if words[:1] == ["eval"] and len(words) == 2 and words[1].startswith("$(") and words[1].endswith(")"):
            words = shlex.split(words[1][2:-1])
        if words[:1] == ["pod-resources"]:
            if redirect_in is not None:
                stdin = (cwd / redirect_in).read_bytes()
            with _process(cwd, env, stdin) as buffer:
                ran.code = main(words[1:])
            ran.output = buffer.getvalue()
            return ran  # what follows reads its output: not run
        if (why := _known(words, CANNOT_RUN)) is not None:
            ran.skipped.append(why)
            return ran
        if tuple(words[:2]) in RENDERERS and index < len(stages) - 1:
            if shutil.which(words[0]) is None:
                ran.skipped.append(f"{words[0]} is not installed here")
                return ran
            done = subprocess.run(words, cwd=cwd, capture_output=True, timeout=120, check=False)
            assert done.returncode == 0, f"{' '.join(words)}: {done.stderr.decode()}"
            stdin = done.stdout
            continue
        if words[:1] and words[0] in CONSUMERS:
            continue
        assert _known(words, ELSEWHERE), f"a command this test does not know: {' '.join(tokens)} (add it to ELSEWHERE)"
        return ran
    return ran


def commands(script: str) -> list[str]:
    """The command lines of a shell script: continuation lines joined, blank lines and comments dropped."""
    lines: list[str] = []
    pending = ""
    for raw in script.splitlines():
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        line = (pending + raw).strip()
        pending = ""
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def _exits(block: Block, count: int) -> list[int]:
    written = [int(code) for code in (block.directive("exit") or "0").split()]
    if len(written) == 1:
        return written * count
    assert len(written) == count, f"{block.id}: {len(written)} exit codes for {count} commands"
    return written


def _clean(output: str) -> str:
    return "\n".join(line.rstrip() for line in output.splitlines()).rstrip("\n")


# -- the tests -------------------------------------------------------------------------------


def _skip_unless_runnable(block: Block) -> None:
    reason = block.directive("skip")
    if reason is not None:
        pytest.skip(reason)
    needs = block.directive("needs")
    for program in (needs or "").split():
        if shutil.which(program) is None:
            pytest.skip(f"{program} is not installed here")


@pytest.mark.parametrize("block", [b for b in RUN if b.lang == "console"], ids=lambda b: b.id)
def test_console_block_shows_what_the_commands_print(block: Block, sandbox: Path) -> None:
    _skip_unless_runnable(block)
    pieces = re.split(r"^\$ (.*)\n", block.body, flags=re.M)
    assert pieces[0] == ""
    lines, shown = pieces[1::2], pieces[2::2]
    exits = _exits(block, len(lines))
    body = ""
    for line, expected, code in zip(lines, shown, exits):
        results = run_line(line, sandbox)
        assert len(results) == 1 and results[0].code is not None, f"{block.id}: one pod-resources command a line"
        ran = results[0]
        assert "Traceback" not in ran.output
        body += f"$ {line}\n{_clean(ran.output)}\n"
        if not UPDATE:
            assert ran.code == code, f"{block.id}: `{line}` exited {ran.code}\n{ran.output}"
            assert _clean(ran.output) == _clean(expected), f"{block.id}: `{line}` prints otherwise (POD_RESOURCES_UPDATE_DOCS=1 rewrites it)"
    if UPDATE:
        text = block.page.read_text(encoding="utf-8")
        assert text.count(block.text) == 1, f"{block.id}: the block is not found once"
        block.page.write_text(text.replace(block.text, f"```console\n{body}```\n"), encoding="utf-8")


@pytest.mark.parametrize("block", [b for b in RUN if b.lang == "sh"], ids=lambda b: b.id)
def test_sh_block_runs(block: Block, sandbox: Path) -> None:
    _skip_unless_runnable(block)
    results = [ran for line in commands(block.body) for ran in run_line(line, sandbox)]
    ran = [r for r in results if r.code is not None]
    skipped = [why for r in results for why in r.skipped]
    for r, code in zip(ran, _exits(block, len(ran))):
        assert "Traceback" not in r.output
        assert r.code == code, f"{block.id}: exited {r.code}, not {code}\n{r.output}"
    if skipped:
        pytest.skip(f"{len(ran)} commands ran; not run: {'; '.join(skipped)}")


# -- the CI recipes --------------------------------------------------------------------------


def _run_recipe_line(line: str, sandbox: Path, variables: dict[str, str], where: str) -> int:
    count = 0
    for ran in run_line(line, sandbox, variables):
        if ran.code is None:
            continue
        assert "Traceback" not in ran.output
        assert ran.code in (0, 1), f"{where}: `{line}` could not run (exit {ran.code})\n{ran.output}"
        count += 1
    return count


def _github_expressions(text: str, base: str) -> str:
    known = {"github.event.pull_request.base.sha": base}

    def value(match: re.Match[str]) -> str:
        assert match.group(1) in known, f"a GitHub expression this test does not know: {match.group(0)}"
        return known[match.group(1)]

    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", value, text)


def _action_step(step: dict[str, Any], sandbox: Path, where: str) -> None:
    """The Action's lint step (action/lint.sh) with the step's inputs, as tests/test_action.py runs it."""
    assert BASH is not None, "the Action's steps run in bash"
    action = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    for name, value in (step.get("with") or {}).items():
        assert name in inputs, f"{where}: the Action has no input {name}"
        inputs[name] = str(value)
    output = sandbox.parent / "github_output"
    output.write_text("")
    binary = Path(sys.executable).parent / "pod-resources"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("INPUT_", "GITHUB_"))}
    env.update({f"INPUT_{k.upper().replace('-', '_')}": v for k, v in inputs.items()})
    env.update(GITHUB_OUTPUT=str(output), POD_RESOURCES=str(binary if binary.exists() else "pod-resources"), COLUMNS=COLUMNS)
    done = subprocess.run([BASH, str(ROOT / "action" / "lint.sh")], cwd=sandbox / inputs["working-directory"], env=env,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    from tests.test_action import github_outputs

    outputs = github_outputs(output.read_text())
    assert outputs["exit-code"] in ("0", "1"), f"{where}: the Action's lint could not run\n{done.stdout}{done.stderr}"
    if inputs["format"] in ("sarif", "gitlab", "junit", "json"):
        assert outputs["report"] and (sandbox / outputs["report"]).is_file()


def _report(path: Path, kind: str) -> None:
    assert path.is_file(), f"{path.name}: the recipe uploads a report no step wrote"
    if kind == "junit":
        ET.parse(path)
    else:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, list) if kind == "codequality" else data.get("runs")


def _github_steps(steps: list[dict[str, Any]], sandbox: Path, base: str, where: str, env: dict[str, str]) -> int:
    count = 0
    for step in steps:
        variables = {**env, **{k: _github_expressions(str(v), base) for k, v in (step.get("env") or {}).items()}}
        if "run" in step:
            for line in commands(_github_expressions(step["run"], base)):
                count += _run_recipe_line(line, sandbox, variables, where)
            continue
        uses = step["uses"]
        if uses.startswith("pod-resources/pod-resources@"):
            _action_step(step, sandbox, where)
            count += 1
        elif uses.startswith("github/codeql-action/upload-sarif@"):
            _report(sandbox / step["with"]["sarif_file"], "sarif")
        else:
            assert uses.startswith(GITHUB_ACTIONS), f"{where}: a step this test does not know: {uses}"
    return count


def _gitlab_job(job: dict[str, Any], sandbox: Path, base: str, where: str) -> int:
    variables = {"CI_MERGE_REQUEST_DIFF_BASE_SHA": base, **{k: str(v) for k, v in (job.get("variables") or {}).items()}}
    count = sum(_run_recipe_line(line, sandbox, variables, where) for line in job["script"])
    for kind, name in ((job.get("artifacts") or {}).get("reports") or {}).items():
        _report(sandbox / name, kind)
    return count


def _hooks(hooks: list[dict[str, Any]], sandbox: Path, where: str) -> int:
    entry = next(h for h in HOOK_ENTRY if h["id"] == "pod-resources-lint")
    files = _git(sandbox, "ls-files").splitlines()
    count = 0
    for hook in hooks:
        assert hook["id"] == "pod-resources-lint", f"{where}: a hook this test does not know: {hook['id']}"
        argv = shlex.split(entry["entry"]) + [str(a) for a in hook.get("args", [])]
        if hook.get("pass_filenames", entry.get("pass_filenames", True)):
            pattern = re.compile(hook.get("files", entry.get("files", "")))
            argv += [f for f in files if f.endswith((".yaml", ".yml", ".json")) and pattern.search(f)]
        assert argv[0] == "pod-resources"
        with _process(sandbox, {}, b"") as buffer:
            code = main(argv[1:])
        assert code in (0, 1), f"{where}: the hook could not run (exit {code})\n{buffer.getvalue()}"
        count += 1
    return count


def _recipe(data: Any, sandbox: Path, where: str) -> int | None:
    """The pod-resources commands a recipe ran, or None when it is no recipe."""
    base = _git(sandbox, "rev-parse", "origin/main")
    if isinstance(data, dict) and "jobs" in data:
        return sum(_github_steps(job["steps"], sandbox, base, where, dict(job.get("env") or {})) for job in data["jobs"].values())
    if isinstance(data, dict) and "repos" in data:
        return sum(_hooks(repo["hooks"], sandbox, where) for repo in data["repos"])
    if isinstance(data, list) and data and all(isinstance(s, dict) and ("run" in s or "uses" in s) for s in data):
        return _github_steps(data, sandbox, base, where, {})
    if isinstance(data, list) and data and all(isinstance(h, dict) and "id" in h for h in data):
        return _hooks(data, sandbox, where)
    if isinstance(data, dict) and data and all(isinstance(job, dict) and "script" in job for job in data.values()):
        return sum(_gitlab_job(job, sandbox, base, where) for job in data.values())
    return None


@pytest.mark.parametrize("block", [b for b in RUN if b.lang == "yaml"], ids=lambda b: b.id)
def test_yaml_block_parses_and_recipes_run(block: Block, sandbox: Path) -> None:
    _skip_unless_runnable(block)
    data = yaml.safe_load(block.body)
    assert data is not None
    ran = _recipe(data, sandbox, block.id)
    if ran is not None:
        assert ran > 0, f"{block.id}: a recipe that runs no pod-resources"


# -- links -----------------------------------------------------------------------------------


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation but - and _ dropped, spaces to -."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not line.startswith("#"):
            continue
        slug = _slug(line.lstrip("#"))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _prose(page: Path) -> str:
    """The page without its code blocks and code spans (`[x](1)` in a span is no link)."""
    text = re.sub(r"^```.*?^```$", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    return re.sub(r"`[^`\n]*`", "", text)


@pytest.mark.parametrize("page", [*PAGES, *sorted((ROOT / "docs" / "rules").glob("*.md"))], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(page: Path) -> None:
    for target in _LINK.findall(_prose(page)):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.exists(), f"{page.relative_to(ROOT)}: {target} leads nowhere"
        if anchor:
            assert file.suffix == ".md" and anchor in anchors(file), f"{page.relative_to(ROOT)}: {target}: no such heading"


def test_every_docs_page_the_code_names_exists() -> None:
    """docs/... pages named in the code, the tests, the scripts and the pages themselves."""
    sources = [*ROOT.glob("pod_resources_cli/**/*.py"), *ROOT.glob("tests/*.py"), *ROOT.glob("scripts/*"), *ROOT.glob("action/*"),
               *ROOT.glob("benchmarks/*.py"), ROOT / "action.yml", *PAGES]  # fmt: skip
    named = {(source, m) for source in sources if source.is_file() for m in re.findall(r"docs/[\w./-]+\.md", source.read_text(encoding="utf-8"))}
    placeholders = {"docs/rules/CODE.md"}  # rule_doc_url's docstring
    missing = sorted(f"{source.relative_to(ROOT)}: {name}" for source, name in named if name not in placeholders and not (ROOT / name).is_file())
    assert not missing


# -- --help names the manual -----------------------------------------------------------------

HELP = {
    (): "docs/README.md",
    ("explain",): "docs/explain.md",
    ("admit",): "docs/admit-and-nodes.md",
    ("diff",): "docs/diff-and-versions.md",
    ("lint",): "docs/lint.md",
    ("rules",): "docs/lint.md#the-rules",
    ("node",): "docs/admit-and-nodes.md#node-descriptions---node",
    ("node", "show"): "docs/admit-and-nodes.md#node-descriptions---node",
    ("node", "discover"): "docs/admit-and-nodes.md#node-descriptions---node",
    ("completion",): "docs/explain.md#terminal-output",
}


@pytest.mark.parametrize(("command", "page"), HELP.items(), ids=lambda x: " ".join(x) if isinstance(x, tuple) else x)
def test_help_names_the_commands_page(command: tuple[str, ...], page: str, tmp_path: Path) -> None:
    from pod_resources_cli import manual_url

    with _process(tmp_path, {}, b"") as buffer:
        code = main([*command, "--help"])
    assert code == 0
    url = manual_url(page.removeprefix("docs/"))
    assert f"Manual: {url}\n" in buffer.getvalue()  # on one line, never wrapped
    path, _, anchor = page.partition("#")
    assert (ROOT / path).is_file() and (not anchor or anchor in anchors(ROOT / path))
