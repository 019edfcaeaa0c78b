"""Manifests an Ansible playbook rewrites with its ``replace`` module before applying them are templates
(harness_ansible.py): openebs/dynamic-localpv-provisioner @2f165df9e37c e2e-tests/apps/busybox/deployers, whose
test.yml fills ``teststorage`` in the files test_vars.yml names, and whose included tasks turn ``rkey: rvalue`` into
``replicas: N`` (a false PR004 "unknown field rkey" error). Without the playbook, they are read as objects."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from pod_resources_cli.cli import main
from pod_resources_cli.source.harness_ansible import _tasks, ansible_template

DEPLOYERS = Path(__file__).parent / "data" / "harness" / "openebs__dynamic-localpv-provisioner" / "e2e-tests" / "apps" / "busybox" / "deployers"


def test_the_files_a_playbook_rewrites_are_templates(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["lint", "--no-config", "-o", "json", "--show-skipped", str(DEPLOYERS)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["findings"] == [] and report["summary"]["pods"] == 0
    templates = sorted(Path(s["path"]).name for s in report["skipped"] if s["reason"] == "template")
    assert templates == ["busybox_deployment.yml", "busybox_statefulset.yml"]
    reason = ansible_template(str((DEPLOYERS / "busybox_statefulset.yml").resolve()))  # asked by the worker reading the file
    assert reason is not None and reason[0] == "template"
    assert reason[1].endswith("test.yml rewrites it with Ansible's replace module (regexp 'teststorage') before it is applied: a template")


def test_without_the_playbook_they_are_objects(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("busybox_deployment.yml", "busybox_statefulset.yml", "test_vars.yml"):
        shutil.copy(DEPLOYERS / name, tmp_path)
    assert main(["lint", "--no-config", "-o", "json", str(tmp_path)]) == 1
    report = json.loads(capsys.readouterr().out)
    found = sorted((f["object"]["kind"], f["rule"], f["message"].split(";")[0]) for f in report["findings"] if f["severity"] == "error")
    assert found == [("Deployment", "PR004", 'unknown field "serviceName"'), ("StatefulSet", "PR004", 'unknown field "rkey"')]


def test_a_replace_task_s_arguments() -> None:
    text = (DEPLOYERS / "test.yml").read_text(encoding="utf-8")
    assert _tasks(text) == [("{{ application_statefulset }}", "teststorage"), ("{{ application_deployment }}", "teststorage")]
    other = "- name: x\n  ansible.builtin.replace:\n    dest: ../other/app.yaml\n    regexp: 'a'\n- name: y\n  file:\n    path: app.yaml\n"
    assert _tasks(other) == [("../other/app.yaml", "a")]


def test_a_path_in_another_directory_or_behind_an_unknown_variable_is_not_this_file(tmp_path: Path) -> None:
    (tmp_path / "app.yaml").write_text("apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec: {containers: [{name: c, image: i}]}\n", encoding="utf-8")
    playbook = tmp_path / "play.yml"
    playbook.write_text("- hosts: localhost\n  tasks:\n  - replace:\n      path: ../other/app.yaml\n      regexp: x\n  - replace:\n      path: '{{ unknown }}'\n", encoding="utf-8")
    assert ansible_template(str((tmp_path / "app.yaml").resolve())) is None
