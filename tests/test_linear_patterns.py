"""Expressions that scanned on from every candidate start, rewritten to read untrusted text in linear time.

Each test keeps the old expression as the reference: a table of cases in order and seeded random texts of the
pieces that matter give the same answers; megabytes of the worst case are answered whole.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

import pytest


def _random_texts(pieces: Sequence[str], seed: int, count: int = 20000, most: int = 14) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, most))) for _ in range(count)]


def _agree(new: Callable[[str], object], old: Callable[[str], object], texts: Sequence[str]) -> None:
    for text in texts:
        assert new(text) == old(text), text


# harness_patchfile._ASSIGNED: ``=(.*?)[ \t]*$`` (each character of the value tried the blanks after it)
PATCHFILE_ASSIGNED = re.compile(r"""^[ \t]*(?:(?:export|local|readonly|declare(?:[ \t]+-\w+)*)[ \t]+)?([A-Za-z_]\w*)=(.*?)[ \t]*$""", re.MULTILINE)
PATCHFILE_ASSIGNED_CASES = [
    "", "a=", "a=b", "a=b  ", "a= b \t", "a=b \r", "a=b\nc=d \n", "export a=x", "declare -x a=\"y\"  ", " local a=1\t\t",
    "a=b c  # x ", "1a=b", "a =b", "a=b\n\n  b=  \n",
]  # fmt: skip


@pytest.mark.parametrize("text", PATCHFILE_ASSIGNED_CASES)
def test_patchfile_assignments_are_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.harness_patchfile import assignments

    assert assignments(text) == [(m[1], m[2]) for m in PATCHFILE_ASSIGNED.finditer(text)]


def test_patchfile_assignments_of_random_texts() -> None:
    from pod_resources_cli.source.harness_patchfile import assignments

    pieces = ["a", "b", "=", " ", "\t", "\n", "\r", "#", "export ", "declare", " -x", "x"]
    _agree(assignments, lambda t: [(m[1], m[2]) for m in PATCHFILE_ASSIGNED.finditer(t)], _random_texts(pieces, 1))
    from pod_resources_cli.source.harness_patchfile import assignments as found

    assert found("F=" + " " * 2_000_000 + "x\nG=y") == [("F", " " * 2_000_000 + "x"), ("G", "y")]


# harness_kuttl_scripts._ASSIGN: ``=(.*?)\s*(?:#.*)?$`` on a line of str.splitlines
KUTTL_ASSIGN = re.compile(r"^\s*(?:local\s+|export\s+|readonly\s+)?([A-Za-z_]\w*)=(.*?)\s*(?:#.*)?$")
KUTTL_ASSIGN_CASES = [
    "", "a=", "a=b", "a=b  ", "a=b # c", "a=b#c", "a= #", "a=#", "  local a=\"x y\"  # z  ", "a=b\x0c", "a=b\xa0\x85 #",
    "a=b c\u2028", "1a=b", "export  a=b  #  c  # d", "a=b\t\t#",
]  # fmt: skip


def _kuttl_old(line: str) -> tuple[str, str] | None:
    m = KUTTL_ASSIGN.match(line)
    return None if m is None else (m[1], m[2])


@pytest.mark.parametrize("line", KUTTL_ASSIGN_CASES)
def test_kuttl_assignment_is_the_expression_s(line: str) -> None:
    from pod_resources_cli.source.harness_kuttl_scripts import assignment

    assert assignment(line) == _kuttl_old(line)


def test_kuttl_assignments_of_random_lines() -> None:
    from pod_resources_cli.source.harness_kuttl_scripts import assignment

    pieces = ["a", "b", "=", " ", "\t", "#", "\x0c", "\xa0", "\x1c", "local ", "export", "\r", "$x", "'"]
    lines = [line for text in _random_texts(pieces, 2) for line in text.splitlines() or [""]]
    _agree(assignment, _kuttl_old, lines)
    assert assignment("a=" + " " * 2_000_000 + "x") == ("a", " " * 2_000_000 + "x")
    assert assignment("a=b" + " " * 2_000_000 + "#") == ("a", "b")


# harness_ansible._ARGUMENT: ``(?P<value>.*?)[ \t]*$`` on a line of str.splitlines
ANSIBLE_ARGUMENT = re.compile(r"^[ \t]*(?P<key>path|dest|regexp):[ \t]*(?P<value>.*?)[ \t]*$")
ANSIBLE_CASES = ["", "path:", "path: a", "  path:   a b  \t", "- dest: x\r", "regexp: '^a'  ", "paths: a", "path:\t \t"]


def _ansible_old(line: str) -> tuple[str, str] | None:
    m = ANSIBLE_ARGUMENT.match(line)
    return None if m is None else (m["key"], m["value"])


@pytest.mark.parametrize("line", ANSIBLE_CASES)
def test_ansible_argument_is_the_expression_s(line: str) -> None:
    from pod_resources_cli.source.harness_ansible import _argument

    assert _argument(line) == _ansible_old(line)


def test_ansible_arguments_of_random_lines() -> None:
    from pod_resources_cli.source.harness_ansible import _argument

    pieces = ["path:", "dest:", "regexp:", " ", "\t", "a", "'", "\r", "\x0c", "-", "#"]
    lines = [line for text in _random_texts(pieces, 3) for line in text.splitlines() or [""]]
    _agree(_argument, _ansible_old, lines)
    assert _argument("path: a" + " " * 2_000_000 + "b ") == ("path", "a" + " " * 2_000_000 + "b")


# render._NAME: ``^  name: ([^\s'"#][^\n]*?)[ \t]*\r?$`` (MULTILINE) on a metadata block of a tool's output
RENDER_NAME = re.compile(rb"^  name: ([^\s'\"#][^\n]*?)[ \t]*\r?$", re.M)
RENDER_NAME_CASES = [
    b"", b"  name: a", b"  name: a  \r\n", b"  name: a\r\r\n", b"  name: a\r \n", b"  name: 'a'\n  name: b", b"   name: a",
    b"  labels:\n    x: y\n  name: a b \t\n", b"  name:  a", b"  name: #a\n  name: c", b"  name: a\t\r",
]  # fmt: skip


def _render_old(block: bytes) -> bytes | None:
    m = RENDER_NAME.search(block)
    return None if m is None else m[1]


@pytest.mark.parametrize("block", RENDER_NAME_CASES)
def test_render_name_is_the_expression_s(block: bytes) -> None:
    from pod_resources_cli.source.render import name_line

    assert name_line(block) == _render_old(block)


def test_render_names_of_random_blocks() -> None:
    from pod_resources_cli.source.render import name_line

    pieces = ["  name: ", "a", " ", "\t", "\r", "\n", "'", "#", "name:", "x y"]
    _agree(name_line, _render_old, [t.encode() for t in _random_texts(pieces, 4)])
    assert name_line(b"  name: a" + b" " * 2_000_000 + b"b \r\n") == b"a" + b" " * 2_000_000 + b"b"


# go_template._ACTION: ``\{\{(-\s)?(.*?)(\s-)?\}\}`` (DOTALL), on the templates a knavigator workflow renders
GO_ACTION = re.compile(r"\{\{(-\s)?(.*?)(\s-)?\}\}", re.S)
GO_ACTION_CASES = [
    "", "{{", "}}", "{{}}", "{{- }}", "{{ -}}", "{{-}}", "{{--}}", "{{- -}}", "{{-\n-}}", "a {{ .x }} b {{- .y -}} c", "{{{}}}",
    "{{ a }}}}", "{{ {{ }}", "{{-\xa0x\u2028-}}", "{{ .a\n}}\n{{", "{{ - }}", "{{  -}}-}}",
]  # fmt: skip


def _go_old(text: str) -> list[tuple[int, int, bool, str, bool]]:
    return [(m.start(), m.end(), m[1] is not None, m[2], m[3] is not None) for m in GO_ACTION.finditer(text)]


@pytest.mark.parametrize("text", GO_ACTION_CASES)
def test_go_template_actions_are_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.go_template import actions

    assert list(actions(text)) == _go_old(text)


def test_go_template_actions_of_random_texts() -> None:
    from pod_resources_cli.source.go_template import actions, parse

    pieces = ["{", "}", "{{", "}}", "-", " ", "\n", "\xa0", "a", ".x"]
    _agree(lambda t: list(actions(t)), _go_old, _random_texts(pieces, 5))
    assert list(actions("a: " + "{{ " * 1_000_000)) == []
    with pytest.raises(ValueError, match="unclosed action"):
        parse("a: " + "{{ " * 1_000_000)


# kinds_juicefs._TEMPLATE: ``\$\{\.(PVC|pvc|node)\.((labels|annotations)\.(.*?)|.*?)\}`` searched in a StorageClass parameter
JUICEFS_TEMPLATE = re.compile(r"\$\{\.(PVC|pvc|node)\.((labels|annotations)\.(.*?)|.*?)\}")
JUICEFS_CASES = [
    "", "${.pvc.}", "${.pvc.name}", "${.PVC.labels.a}", "${.node.x\n}", "${.pvc.\n${.pvc.a}", "${${.pvc.}", "${.pv.a}",
    "${.pvc.a", "}${.pvc.a", "${.Pvc.a}", "$${.node.a}", "${.pvc.a\n}\n}", "${.pvc.annotations.x\n${.node.y}",
]  # fmt: skip


@pytest.mark.parametrize("value", JUICEFS_CASES)
def test_juicefs_template_is_the_expression_s(value: str) -> None:
    from pod_resources_cli.model.decode.kinds_juicefs import has_template

    assert has_template(value) is bool(JUICEFS_TEMPLATE.search(value))


def test_juicefs_templates_of_random_values() -> None:
    from pod_resources_cli.model.decode.kinds_juicefs import has_template

    pieces = ["${", "$", "{", "}", ".pvc.", ".PVC.", ".node.", "labels.", "\n", "a", ".", "pvc"]
    _agree(has_template, lambda v: bool(JUICEFS_TEMPLATE.search(v)), _random_texts(pieces, 6))
    assert not has_template("${.pvc." * 300_000)
    assert has_template("${.pvc." * 300_000 + "}")


# harness_patchfile._PATCH: a command, `` patch `` and ``--patch-file WORD`` on one line, each lazy gap tried
PATCHFILE_PATCH = re.compile(r"(?:\bkubectl\b|(?<![\w./$-])oc(?=[ \t]))[^\n]*?[ \t]patch[ \t][^\n]*?--patch-file(?:=|[ \t]+)(\"[^\"\n]*\"|'[^'\n]*'|[^\s;|&)]+)")
PATCHFILE_PATCH_CASES = [
    "", "kubectl patch x --patch-file f", "kubectl patch x --patch-file=f.yaml; oc patch y --patch-file 'g h'",
    "kubectl patch --patch-file f", "kubectl  patch a --patch-file \"a b\" x", "kubectl patch a --patch-file \"a\nb\"",
    "k8s::kubectl patch d --patch-file \"${F}\"", "xoc patch a --patch-file f", "$oc patch a --patch-file f",
    "oc\tpatch\t--patch-file\t\tf)", "kubectl patch a --patch-file ;\nkubectl patch b --patch-file c",
    "kubectl patch a --patch-file= x --patch-file y", "kubectl patch\n patch --patch-file f", "kubectl patch a --patch-file '",
    "kubectl patch patch --patch-file f kubectl patch --patch-file g", "kubectl patch a --patch-file \"x kubectl patch b --patch-file \"y\"",
    "kubectlx patch a --patch-file f", "oc patch a --patch-file f\noc x\tpatch --patch-file=\"q\"",
]  # fmt: skip


@pytest.mark.parametrize("text", PATCHFILE_PATCH_CASES)
def test_patchfile_patches_are_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.harness_patchfile import patch_file_words

    assert patch_file_words(text) == [m[1] for m in PATCHFILE_PATCH.finditer(text)]


def test_patchfile_patches_of_random_texts() -> None:
    from pod_resources_cli.source.harness_patchfile import patch_file_words

    old = lambda t: [m[1] for m in PATCHFILE_PATCH.finditer(t)]  # noqa: E731
    pieces = ["kubectl ", "oc", " ", "\t", "\n", " patch ", "--patch-file", " --patch-file ", "=", '"', "'", ";", "f", "x", "$", ")"]
    _agree(patch_file_words, old, _random_texts(pieces, 7, 40000, 20))  # 955 texts with a match
    pieces = ["kubectl patch ", "oc patch ", "kubectl ", " patch ", " --patch-file ", " --patch-file=", '"', "f", ";", "\n"]
    texts = _random_texts(pieces, 8, 20000, 24)
    assert sum(len(old(t)) > 1 for t in texts) > 1000  # several matches a text (1836)
    _agree(patch_file_words, old, texts)
    assert patch_file_words("kubectl patch " * 80_000 + "\n--patch-file f") == []
    assert patch_file_words("kubectl patch " * 80_000 + "--patch-file f") == ["f"]


# harness_snapshots._REDIRECT: a helm template line (and the lines it continues with \) redirected to a file
SNAPSHOT_REDIRECT = re.compile(r"""^[^#\n]*\bhelm\s+template\b(?:[^\n]*\\\n)*[^\n]*?>\s*(?!&)(["']?)([^\s"';|&]+)\1""", re.MULTILINE)
SNAPSHOT_REDIRECT_CASES = [
    "", "helm template x > out.yaml", "helm template x >out.yaml\nhelm template y > 'b.yaml'", "# helm template > a",
    "a # helm template > a", "helm template a \\\n --values v \\\n > \"$DIR/snap-$c.yaml\"", "helm template a > \"x' ",
    "helm template a >& 2", "helm template a > \n  out", "helm\n\ttemplate > x", "xhelm template > a", "helm templates > a",
    "helm template > a > b", "helm template \\\n> a\\\n> b", "helm template > a helm template > b", "helm template \\\n",
    "helm template x | tee > y;", "helm template >'' >\"a\" ", "helm template a \\\nhelm template b > c\n> d",
    "helm template a > b # c\nhelm template > d", "helm template \\\n x \\\n\n> a",
]  # fmt: skip


@pytest.mark.parametrize("text", SNAPSHOT_REDIRECT_CASES)
def test_snapshot_redirects_are_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.harness_snapshots import redirects

    assert redirects(text) == [m[2] for m in SNAPSHOT_REDIRECT.finditer(text)]


def test_snapshot_redirects_of_random_texts() -> None:
    from pod_resources_cli.source.harness_snapshots import redirects

    old = lambda t: [m[2] for m in SNAPSHOT_REDIRECT.finditer(t)]  # noqa: E731
    pieces = ["helm template ", "helm", "template", " ", "\t", "\n", "\\", "\\\n", ">", "&", '"', "'", "a", "#", ";", "x"]
    texts = _random_texts(pieces, 9, 40000, 18)
    assert sum(bool(old(t)) for t in texts) > 1000  # a redirect (1805 texts)
    _agree(redirects, old, texts)
    pieces = ["helm template ", "\n", "\\\n", " \\\n", ">", "> ", ">&", '"', "'", "a", "#", "b", " "]
    texts = _random_texts(pieces, 10, 40000, 20)
    assert sum(len(old(t)) > 1 for t in texts) > 40  # several a text
    _agree(redirects, old, texts)
    assert redirects("helm template " * 80_000) == []
    assert redirects("helm template " * 80_000 + "\\\n> a") == ["a"]


# harness_trivy._CONFIG_SCAN: a ``[]string{"conf", ...`` passing ``"--config-check", "."`` before its ``}``
TRIVY_SCAN = re.compile(r'\[\]string\s*\{\s*"(conf|config)"\s*,[^}]*?"--(?:config-check|config-policy|policy)"\s*,\s*"\."', re.S)
TRIVY_CASES = [
    "", '[]string{"conf", ".", "--config-check", "."}', '[]string{"config",\n"--policy" , "."}', '[]string{"conf", }"--policy", "."',
    '[]string{"conf", "--policy", "x"}, []string{ "config", "--config-policy", "."}', '[]string{"conf" "--policy", "."}',
    '[]string{"conf",}, []string{"config", "--config-check", "."', '[]string{"conf", "--policy",\t"."} []string{"config",',
]  # fmt: skip


@pytest.mark.parametrize("text", TRIVY_CASES)
def test_trivy_config_scan_is_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.harness_trivy import config_scan

    found = TRIVY_SCAN.search(text)
    assert config_scan(text) == (found[1] if found else None)


def test_trivy_config_scans_of_random_texts() -> None:
    from pod_resources_cli.source.harness_trivy import config_scan

    old = lambda t: (m[1] if (m := TRIVY_SCAN.search(t)) else None)  # noqa: E731
    pieces = ['[]string', "{", "}", '"conf"', ",", " ", "\n", '"--policy"', '"--config-check"', '"."', '"x"', '"']
    _agree(config_scan, old, _random_texts(pieces, 11, 20000, 16))
    pieces = ['[]string{"conf",', '[]string{"config",', "}", " ", "\n", '"--policy","."', '"--config-check" , "."', '"--policy"', ",",
              '"."', "x"]  # fmt: skip
    texts = _random_texts(pieces, 11, 40000, 12)
    assert sum(old(t) == "config" for t in texts) > 4000  # a list of the second word found (5387 texts)
    _agree(config_scan, old, texts)
    assert config_scan('[]string{"conf",' * 60_000) is None
    assert config_scan('[]string{"conf",' * 60_000 + '"--policy", "."') == "conf"


# harness_kuttl_scripts._CONFIG_REF: ``\$\{?TEST_CONFIG_DIR\}?/(\S+?\.ya?ml)\b``, found all
KUTTL_CONFIG_REF = re.compile(r"\$\{?TEST_CONFIG_DIR\}?/(\S+?\.ya?ml)\b")
KUTTL_CONFIG_REF_CASES = [
    "", "$TEST_CONFIG_DIR/a.yaml", "${TEST_CONFIG_DIR}/a.yml b", "$TEST_CONFIG_DIR/.yaml", "$TEST_CONFIG_DIR/a.yamlx.yaml",
    "$TEST_CONFIG_DIR/a b.yaml", "$TEST_CONFIG_DIR/$TEST_CONFIG_DIR/a.yaml", "${TEST_CONFIG_DIR/a.yaml.yml", "$TEST_CONFIG_DIR}/x.yml-",
    "$TEST_CONFIG_DIR/a.yaml/b.yaml $TEST_CONFIG_DIR/c.yml",
]  # fmt: skip


@pytest.mark.parametrize("text", KUTTL_CONFIG_REF_CASES)
def test_kuttl_config_refs_are_the_expression_s(text: str) -> None:
    from pod_resources_cli.source.harness_kuttl_scripts import config_refs

    assert config_refs(text) == KUTTL_CONFIG_REF.findall(text)


def test_kuttl_config_refs_of_random_texts() -> None:
    from pod_resources_cli.source.harness_kuttl_scripts import config_refs

    pieces = ["$TEST_CONFIG_DIR/", "${TEST_CONFIG_DIR}/", "{", "}", "a", ".yaml", ".yml", ".", "y", "ml", " ", "\n", "-", "/"]
    texts = _random_texts(pieces, 12, 40000, 14)
    assert sum(len(KUTTL_CONFIG_REF.findall(t)) > 1 for t in texts) > 200  # several a text (255)
    _agree(config_refs, KUTTL_CONFIG_REF.findall, texts)
    assert config_refs("$TEST_CONFIG_DIR/" * 60_000) == []
    assert config_refs("$TEST_CONFIG_DIR/" * 60_000 + "a.yaml") == ["$TEST_CONFIG_DIR/" * 59_999 + "a.yaml"]


# render._ORIGIN_PATH: ``...      path: ([^\n]+?)[ \t]*\r?$`` (MULTILINE), the path of a build's origin annotation
RENDER_ORIGIN = re.compile(rb"^    config\.kubernetes\.io/origin: \|\r?\n(?:      [^\n]*\n)*?      path: ([^\n]+?)[ \t]*\r?$", re.M)
RENDER_ORIGIN_CASES = [
    b"", b"    config.kubernetes.io/origin: |\n      path: a.yaml\n", b"    config.kubernetes.io/origin: |\r\n      x\n      path: a  \r\n",
    b"    config.kubernetes.io/origin: |\n      path: \n      path: b\n", b"    config.kubernetes.io/origin: |\n      path:  \r",
    b"    config.kubernetes.io/origin: |\n      path: \r\r\n", b"    config.kubernetes.io/origin: |\n    x\n      path: a",
]  # fmt: skip


def _origin_old(block: bytes) -> bytes | None:
    m = RENDER_ORIGIN.search(block)
    return None if m is None else m[1]


@pytest.mark.parametrize("block", RENDER_ORIGIN_CASES)
def test_render_origin_path_is_the_expression_s(block: bytes) -> None:
    from pod_resources_cli.source.render import origin_path

    assert origin_path(block) == _origin_old(block)


def test_render_origin_paths_of_random_blocks() -> None:
    from pod_resources_cli.source.render import origin_path

    pieces = ["    config.kubernetes.io/origin: |\n", "      path: ", "      ", "a", " ", "\t", "\r", "\n", "x y"]
    texts = [t.encode() for t in _random_texts(pieces, 13, 40000, 10)]
    assert sum(_origin_old(t) is not None for t in texts) > 500  # a path (604 blocks)
    _agree(origin_path, _origin_old, texts)
    head = b"    config.kubernetes.io/origin: |\n      path: a"
    assert origin_path(head + b" " * 2_000_000 + b"b \r\n") == b"a" + b" " * 2_000_000 + b"b"
