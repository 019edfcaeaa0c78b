"""Terraform templates (``%{ if ... }`` directives) are unrendered templates, never invalid YAML findings.

aws-containers/retail-store-sample-app @1a28474f2461 terraform/eks/default/values/carts.yaml holds Helm values that
terraform/eks/default/kubernetes.tf fills in with ``templatefile("${path.module}/values/carts.yaml", {...})``:
its ``%{ if opentelemetry_enabled }`` / ``%{ endif }`` lines (hashicorp/hcl @0751c4dd53b4 hclsyntax/spec.md,
"Template If Directive") start a YAML directive, and the file was counted as an unparseable document. A Kubernetes
manifest so written was a PR001 error that fails the run, for a file no one applies as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pod_resources_cli.source.yamldoc import looks_like_template
from tests.lint_support import lint_report

REAL = Path(__file__).parent / "data" / "real" / "aws-containers__retail-store-sample-app"


def test_the_real_values_template_is_skipped_as_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    report = lint_report(capsys, "--show-skipped", str(REAL / "terraform__eks__default__values__carts.yaml"))
    summary = report["summary"]
    assert report["findings"] == [] and summary["pods"] == 0
    assert summary["skipped"]["template"] == 1 and summary["skipped"]["unparseable"] == 0


MANIFEST = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: ui
spec:
  template:
    spec:
      containers:
      - name: ui
        image: ui
        resources:
          requests:
            memory: 512Mi
{open}
          limits:
            nvidia.com/gpu: 1
{close}
"""


@pytest.mark.parametrize(
    ("open_", "close"),
    [("%{ if gpu_enabled }", "%{ endif }"), ("%{~ if gpu_enabled ~}", "%{~ endif ~}"), ("%{ for g in gpus }", "%{endfor}")],
)
def test_a_manifest_with_terraform_directives_is_no_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], open_: str, close: str) -> None:
    path = tmp_path / "deploy.yaml"
    path.write_text(MANIFEST.format(open=open_, close=close))
    report = lint_report(capsys, str(path))
    assert report["findings"] == [] and report["summary"]["skipped"]["template"] == 1


def test_other_percent_text_is_not_a_terraform_directive(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert not looks_like_template(b"a: b\n%%{ if x }\n")  # the escaped form is text
    assert not looks_like_template(b"a: b\n%{ iffy }\n")
    path = tmp_path / "deploy.yaml"
    path.write_text(MANIFEST.format(open="%YAML 1.1", close=""))  # a directive in the wrong place: still an error
    report = lint_report(capsys, str(path))
    assert "PR001" in [f["rule"] for f in report["findings"]] and report["summary"]["skipped"]["template"] == 0
