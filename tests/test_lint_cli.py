"""`pod-resources lint` and `pod-resources rules` through the CLI boundary:
exit codes, --fail-on, --select/--ignore, --format, --output-file, config files,
stdin, --node, and one line on stderr (never a traceback) when it cannot work."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.render.lint_format import LintFormat

BAD = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: "1", memory: 256Mi}
      limits: {cpu: 500m, memory: 256Mi}
"""
WARN_ONLY = """\
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: app
    image: nginx
    resources:
      requests: {cpu: 250m, memory: 256Mi}
"""
CLEAN = WARN_ONLY.replace("requests: {cpu: 250m, memory: 256Mi}", "requests: {cpu: 250m, memory: 256Mi}\n      limits: {memory: 256Mi}")


@pytest.fixture()
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)  # no configuration file above tmp_path's files unless a test writes one
    (tmp_path / "bad.yaml").write_text(BAD, encoding="utf-8")
    (tmp_path / "warn.yaml").write_text(WARN_ONLY, encoding="utf-8")
    (tmp_path / "clean.yaml").write_text(CLEAN, encoding="utf-8")
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["lint", "--no-config", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_exit_codes_follow_fail_on(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "clean.yaml")[0] == 0
    code, out, _ = run(capsys, "bad.yaml")
    assert code == 1 and "bad.yaml:9:18: PR101 [error]" in out
    assert run(capsys, "warn.yaml")[0] == 0
    assert run(capsys, "warn.yaml", "--fail-on", "warning")[0] == 1
    assert run(capsys, "bad.yaml", "--fail-on", "none")[0] == 0


def test_select_and_ignore(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bad.yaml", "--ignore", "PR101")
    assert code == 0 and "PR101" not in out
    code, out, _ = run(capsys, "bad.yaml", "warn.yaml", "--select", "PR132,best-effort-pod")
    assert code == 0 and "PR132" in out and "PR101" not in out


def test_unknown_rule_or_format_exits_2(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "bad.yaml", "--select", "PR999")
    assert code == 2 and "unknown rule 'PR999'" in err and len(err.strip().splitlines()) == 1
    assert run(capsys, "bad.yaml", "--format", "xml")[0] == 2


def test_missing_path_exits_2(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "nowhere.yaml")
    assert code == 2 and "nowhere.yaml: no such file or directory" in err


def test_json_output_and_output_file(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bad.yaml", "warn.yaml", "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["summary"]["files"] == 2 and report["summary"]["failed"] is True
    code, out, _ = run(capsys, "bad.yaml", "--format", "sarif", "--output-file", "report.sarif")
    assert code == 1 and out == ""
    assert json.loads((files / "report.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"


def test_directory_argument_lints_every_manifest(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ".", "--format", "json")
    assert code == 1 and json.loads(out)["summary"]["files"] == 3


def test_stdin(files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BAD.encode())))
    code, out, _ = run(capsys, "-")
    assert code == 1 and "<stdin>:9:18: PR101" in out and '9 |       requests: {cpu: "1", memory: 256Mi}' in out


def test_config_file_is_found_and_applied(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (files / ".pod-resources.yaml").write_text("fail-on: warning\nignore: [PR201]\n", encoding="utf-8")
    assert main(["lint", "warn.yaml"]) == 1
    capsys.readouterr()
    assert main(["lint", "warn.yaml", "--fail-on", "error"]) == 0
    capsys.readouterr()


def test_invalid_config_exits_2_with_its_location(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (files / "lint.yaml").write_text("select:\n  - PR101\nfail-on: sometimes\n", encoding="utf-8")
    code = main(["lint", "--config", "lint.yaml", "bad.yaml"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("pod-resources: error: lint.yaml:3:1: invalid lint configuration: must be error, warning, info or none")
    assert main(["lint", "--config", "absent.yaml", "bad.yaml"]) == 2
    capsys.readouterr()


def test_node_rules_run_with_a_node(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (files / "node.yaml").write_text(
        "apiVersion: v1\nkind: Node\nmetadata: {name: tiny}\nstatus:\n  capacity: {cpu: 500m, memory: 8Gi, pods: '110'}\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "clean.yaml", "--select", "PR150")
    assert code == 0 and "PR150" not in out
    (files / "big.yaml").write_text(CLEAN.replace("cpu: 250m", "cpu: 2"), encoding="utf-8")
    code, out, _ = run(capsys, "big.yaml", "--node", "node.yaml", "--select", "PR150")
    assert "big.yaml:9:18: PR150 [error] does not fit node tiny: OutOfcpu" in out and code == 1


def test_bad_node_file_exits_2(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (files / "node.yaml").write_text("kind: Node\nstatus: [\n", encoding="utf-8")
    code, _, err = run(capsys, "bad.yaml", "--node", "node.yaml")
    assert code == 2 and "node.yaml" in err


def test_garbage_is_a_finding_not_a_crash(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (files / "garbage.yaml").write_bytes(b"\xff\xfe\x00bad\x00")
    (files / "template.yaml").write_text("{{ .Values.x }}\nkind: Pod\n", encoding="utf-8")
    code, out, _ = run(capsys, "garbage.yaml", "template.yaml", "clean.yaml")
    assert code == 1 and out.count("PR001") == 1 and "garbage.yaml:1:1: PR001" in out
    assert out.rstrip().endswith("; skipped 1 unrendered template.")  # never a PR001 on a template


def test_rules_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("PR001  invalid-yaml")
    assert main(["rules", "PR134"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("# PR134 limit-request-ratio-high")
    assert "Option `max-ratio` (number, default 4)" in page and "## Failing example" in page
    assert main(["rules", "request-exceeds-limit"]) == 0
    assert capsys.readouterr().out.startswith("# PR101 ")
    assert main(["rules", "PR999"]) == 2
    assert "unknown rule" in capsys.readouterr().err


def test_jobs_do_not_change_the_output(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """More than a megabyte, so that the worker processes really start."""
    monkeypatch.chdir(tmp_path)
    docs = []
    for i in range(3500):
        cpu = ("100m", "1", "2")[i % 3]
        docs.append(
            f"apiVersion: apps/v1\nkind: Deployment\nmetadata: {{name: web-{i}, namespace: ns{i % 7}}}\n"
            f"spec:\n  replicas: {i % 4 + 1}\n  template:\n    spec:\n      containers:\n      - name: app\n"
            f"        image: nginx\n        resources:\n          requests: {{cpu: \"{cpu}\", memory: 256Mi}}\n"
            f"          limits: {{cpu: \"1\", memory: 512Mi}}\n"
        )
    (tmp_path / "stream.yaml").write_text("---\n".join(docs) + "# padding\n" * 20000, encoding="utf-8")
    (tmp_path / "policies.yaml").write_text(
        "kind: ResourceQuota\napiVersion: v1\nmetadata: {name: q, namespace: ns3}\nspec:\n  hard: {requests.cpu: '10'}\n---\n"
        "kind: LimitRange\napiVersion: v1\nmetadata: {name: lr, namespace: ns5}\nspec:\n  limits:\n  - type: Container\n"
        "    max: {memory: 300Mi}\n",
        encoding="utf-8",
    )
    assert (tmp_path / "stream.yaml").stat().st_size > 1 << 20
    outputs = []
    for jobs in ("1", "2"):
        code = main(["lint", "--no-config", "--format", "json", "--jobs", jobs, "stream.yaml", "policies.yaml"])
        out, _ = capsys.readouterr()
        outputs.append((code, out))
    assert outputs[0] == outputs[1]
    report = json.loads(outputs[0][1])
    assert report["summary"]["pods"] == 3500 and report["summary"]["objects"] == 3502  # + the quota and the LimitRange
    assert report["summary"]["byRule"]["PR101"] > 0 and report["summary"]["byRule"]["PR160"] > 0
    assert report["summary"]["byRule"]["PR162"] == 1


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "junit"])
def test_a_file_name_that_is_not_utf8_is_reported_in_every_format(tmp_path: Path, fmt: str) -> None:
    """os.listdir gives such a name as lone surrogates; no output may fail to encode it."""
    import subprocess

    (tmp_path / os.fsdecode(b"\xff.yaml")).write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: a, image: x}]\n")
    proc = subprocess.run(
        [sys.executable, "-m", "pod_resources_cli", "lint", "--no-config", "--format", fmt, str(tmp_path)],
        capture_output=True, env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )  # fmt: skip
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert b"PR201" in proc.stdout and b".yaml" in proc.stdout


QUOTA = "apiVersion: v1\nkind: ResourceQuota\nmetadata: {name: q, namespace: ns0}\nspec:\n  hard: {requests.cpu: '%s'}\n"
POD_6_CPUS = (
    "apiVersion: v1\nkind: Pod\nmetadata: {name: a, namespace: ns0}\nspec:\n  containers:\n  - name: a\n"
    "    resources: {requests: {cpu: '6', memory: 1Gi}, limits: {cpu: '6', memory: 1Gi}}\n"
)


def test_a_pipe_is_read_once_and_linted(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``lint <(cat bad.yaml)``: the policy pre-scan must not consume the pipe."""
    from tests.streams import pipe_path

    with pipe_path(BAD) as path:
        code, out, _ = run(capsys, path)
    assert code == 1 and f"{path}:9:18: PR101" in out and "1 file, 1 object, 1 pod checked" in out


def test_a_fifo_is_read_once_and_linted(files: Path) -> None:
    """A named FIFO read twice would wait forever for a second writer."""
    import subprocess
    import threading

    fifo = files / "fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write(BAD)

    threading.Thread(target=feed, daemon=True).start()
    proc = subprocess.run(
        [sys.executable, "-m", "pod_resources_cli", "lint", "--no-config", str(fifo)],
        check=False, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert proc.returncode == 1 and f"{fifo}:9:18: PR101" in proc.stdout, proc.stderr


@pytest.mark.parametrize("via", ["stdin", "pipe"])
def test_a_quota_after_its_workloads_in_a_stream_counts_them(via: str, files: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Read once, a stream meets the pods before their quota; the quota still counts them."""
    from tests.streams import pipe_path

    stream = POD_6_CPUS + "---\n" + POD_6_CPUS.replace("name: a,", "name: b,") + "---\n" + QUOTA % "10"
    if via == "stdin":
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stream.encode())))
        code, out, _ = run(capsys, "-")
    else:
        with pipe_path(stream) as path:
            code, out, _ = run(capsys, path)
    assert code == 1 and "PR162" in out and "asks for requests.cpu=12 but ResourceQuota q allows 10" in out


def test_a_file_named_twice_is_linted_once(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``lint dir dir/a.yaml``: the pod counted twice would exceed the quota."""
    (files / "d").mkdir()
    (files / "d" / "a.yaml").write_text(QUOTA % "10" + "---\n" + POD_6_CPUS, encoding="utf-8")
    code, out, _ = run(capsys, "--format", "json", "d", "d/a.yaml", "./d/../d/a.yaml")
    report = json.loads(out)
    assert code == 0 and report["findings"] == [] and report["summary"]["files"] == 1 and report["summary"]["pods"] == 1


@pytest.mark.parametrize("value", ["99999999999999999999999", "4194305"])
def test_a_jobs_count_no_machine_has_exits_2(value: str, files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It reached the process pool as a C int: `internal error: OverflowError`."""
    code, _, err = run(capsys, "--jobs", value, "clean.yaml")
    assert code == 2 and err.strip().startswith(f"pod-resources: error: invalid --jobs {value}: expected 0 (one per CPU)")


@pytest.mark.parametrize("option", ["--node", "--output-file"])
def test_an_empty_file_option_exits_2(option: str, files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--node ''` silently used no node (or the configured one), `--output ''` wrote to stdout."""
    code, out, err = run(capsys, option, "", "bad.yaml")
    assert (code, out) == (2, "") and err.strip() == f"pod-resources: error: {option}: empty value (give a file name, or leave the option out)"


def test_a_lint_config_gate_the_kubelet_does_not_know_exits_2(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (files / "lint.yaml").write_text("feature-gates: {MemoryQoS: true, Bogus: true}\n", encoding="utf-8")
    assert main(["lint", "--config", "lint.yaml", "clean.yaml"]) == 2
    assert "lint.yaml:1:" in capsys.readouterr().err


def test_o_and_output_name_the_format_in_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """-o/--output is the format (lint's --format stays as an alias); a file is --output-file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: a, image: x}\n")
    outs = []
    for option in ("-o", "--output", "--format"):
        assert main(["lint", "--no-config", "pod.yaml", option, "json"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] == outs[2] and json.loads(outs[0])["findings"][0]["rule"] == "PR201"
    assert main(["lint", "--no-config", "pod.yaml", "--output", "json", "--output-file", "r.json"]) == 0
    assert json.loads((tmp_path / "r.json").read_text()) == json.loads(outs[0]) and capsys.readouterr().out == ""
    from pod_resources_cli.cli.fast import parse_lint

    assert parse_lint(["pod.yaml", "--output", "json", "--output-file", "r.json"]) == {
        "output_format": LintFormat.JSON, "output": "r.json", "paths": ["pod.yaml"],
    }  # fmt: skip


def test_quiet_prints_the_finding_lines_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pod.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: a, image: x}\n")
    for flag in ("-q", "--quiet"):
        assert main(["lint", "--no-config", flag, "pod.yaml", "--fail-on", "warning"]) == 1
        out = capsys.readouterr().out
        assert out.splitlines() == [
            "pod.yaml:5:3: PR201 [warning] the pod is BestEffort (no container sets a cpu or memory request or limit): "
            "evicted first under node pressure, OOM score adjustment 1000 (Pod p)"
        ]
    (tmp_path / "ok.yaml").write_text("apiVersion: v1\nkind: Service\nmetadata: {name: s}\n")
    assert main(["lint", "--no-config", "-q", "ok.yaml"]) == 0 and capsys.readouterr().out == ""
    from pod_resources_cli.cli.fast import parse_lint

    assert parse_lint(["-q", "pod.yaml"]) == {"quiet": True, "paths": ["pod.yaml"]}


def test_a_best_effort_critical_pod_is_never_evicted_and_node_critical_gets_minus_997(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """NVIDIA/k8s-device-plugin's DaemonSet runs at system-node-critical: the kubelet's evictPod refuses a critical
    pod and GetContainerOOMScoreAdjust gives a node-critical one -997, as explain says; PR201 says the same."""
    plugin = Path(__file__).parent / "data" / "real" / "NVIDIA__k8s-device-plugin" / "deployments__static__nvidia-device-plugin.yml"
    main(["lint", "--no-config", "-o", "json", str(plugin)])
    [finding] = json.loads(capsys.readouterr().out)["findings"]
    assert finding["rule"] == "PR201" and finding["message"].endswith(
        "the scheduler reserves nothing for it; as a critical pod (priority 2000001000) the kubelet never evicts it under node pressure, "
        "OOM score adjustment -997")
    main(["explain", "-o", "json", str(plugin)])
    assert [c["oomScoreAdj"] for c in json.loads(capsys.readouterr().out)["pods"][0]["containers"]] == [-997]
