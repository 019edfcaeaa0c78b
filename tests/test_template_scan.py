"""source/template_scan.py: the same answers as the regular expressions it replaces, in one pass.

The expressions (yamldoc.py before): ``\\{\\{.*?\\}\\}`` (DOTALL), ``\\{%-?\\s*[A-Za-z_]\\w*\\b[^\\n]*?%\\}``,
Terraform's ``(?<!%)%\\{~?[ \\t]*(?:if|else|endif|for|endfor)\\b[^\\n]*?~?\\}`` and JSON strings
``"(?:[^"\\\\\\n]|\\\\.)*"``: each search tried every opening mark to the end of the text or line.
"""

from __future__ import annotations

import random
import re

import pytest

from pod_resources_cli.source.template_scan import blank_json_strings, first_between, has_directive

ACTION = re.compile(rb"\{\{.*?\}\}", re.S)
JINJA = re.compile(rb"\{%-?\s*[A-Za-z_]\w*\b[^\n]*?%\}")
JINJA_HEAD = re.compile(rb"-?\s*[A-Za-z_]\w*\b")
HCL = re.compile(rb"(?<!%)%\{~?[ \t]*(?:if|else|endif|for|endfor)\b[^\n]*?~?\}")
HCL_HEAD = re.compile(rb"~?[ \t]*(?:if|else|endif|for|endfor)\b")
STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')

CASES = [
    b"", b"{{", b"{{}}", b"a {{ x }} b {{ y }}", b"{{ a\n b }}", b"}} {{", b"{{{}}}",
    b"{% if x %}", b"{%- for x in y -%}", b"{% if x\n%}", b"{%\n if x %}", b"{% %}", b"{%1 x %}", b"{% x } %",
    b"%{ if a }", b"%{~ endfor ~}", b"%%{ if a }", b"%{ iffy }", b"%{if}\n", b"%{ if a\n}", b"%{ for x in y } %{ endfor }",
    b'{"a": "{{ x }}"}', b'"a\\"b"', b'"a\\\\"b"', b'"open\n"', b'"\\\n"', b'"\\"\\"', b'x "y" z "w', b'"\\', b'""""',
]  # fmt: skip


@pytest.mark.parametrize("data", CASES)
def test_each_answer_is_the_expression_s(data: bytes) -> None:
    found = ACTION.search(data)
    assert first_between(data, b"{{", b"}}") == (found.span() if found else None)
    assert has_directive(data, b"{%", JINJA_HEAD, b"%}") is bool(JINJA.search(data))
    assert has_directive(data, b"%{", HCL_HEAD, b"}", not_after=0x25) is bool(HCL.search(data))
    assert blank_json_strings(data) == STRING.sub(b'""', data)


def test_random_texts_of_the_marks_agree() -> None:
    pieces = [b'"', b"\\", b"\n", b"a", b" ", b"{", b"}", b"%", b"-", b"~", b"if", b"for", b"endfor"]
    rng = random.Random(20261129)
    for _ in range(20000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        found = ACTION.search(data)
        assert first_between(data, b"{{", b"}}") == (found.span() if found else None), data
        assert has_directive(data, b"{%", JINJA_HEAD, b"%}") is bool(JINJA.search(data)), data
        assert has_directive(data, b"%{", HCL_HEAD, b"}", not_after=0x25) is bool(HCL.search(data)), data
        assert blank_json_strings(data) == STRING.sub(b'""', data), data


def test_openers_without_a_closer_are_read_once() -> None:
    """Megabytes of openers and no closing mark (the expressions took minutes on 2 MB): answered, whole."""
    assert first_between(b"a: " + b"{{ " * 1_000_000, b"{{", b"}}") is None
    assert not has_directive(b"%{if " * 1_000_000, b"%{", HCL_HEAD, b"}", not_after=0x25)
    assert not has_directive(b"a: " + b"{% x " * 1_000_000 + b"\n%}", b"{%", JINJA_HEAD, b"%}")
    tail = b'"\\' * 1_000_000 + b"\n"
    assert blank_json_strings(b'{"a": ' + tail) == b'{"": ' + tail
