"""A part of Go's text/template (golang/go @1ed85ee22802 src/text/template: parse/lex.go, exec.go, funcs.go;
src/fmt/print.go and src/strconv/ftoa.go for printing), enough to fill in templates a tool renders from its own parameters (knavigator's object templates, knavigator.py):

- actions ``{{ pipeline }}`` with the trim markers ``{{-`` and ``-}}`` (lex.go: the space beside the marker and
  all white space before or after the action go), comments ``{{/* */}}``;
- operands: ``.``, ``.a.b`` (a map's key: a missing one is the zero value, printed ``<no value>``, exec.go
  evalField), ``$x`` and ``$x.a``, string (``"..."``, `````...`````), integer, float, ``true``, ``false``, ``nil``;
- the functions ``or``, ``and``, ``not``, ``eq``, ``ne`` (funcs.go: ``or`` gives its first true argument, else
  its last; ``and`` its first false one, else its last);
- ``if`` / ``else if`` / ``else`` / ``end``, ``with`` / ``else`` / ``end``, ``range`` over a list or a map (keys in
  order, exec.go walkRange), with ``$k, $v :=`` or ``$v :=``.

Truth is exec.go isTrue: nil, false, 0, "" and empty lists or maps are false. A value is printed as fmt.Sprint
does (print.go: a float as ``%g`` of its shortest digits, ``1e+06``). Anything else (pipes, other functions,
``define``/``template``/``block``, parentheses, assignments outside range) raises TemplateError: the caller then
leaves the template unrendered, never guesses.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any, Final

from pod_resources_cli.records import dataclass

MAX_OUTPUT: Final = 4 * 1024 * 1024  # characters a budget may write (a range over a huge map stops here)
MAX_STEPS: Final = 200_000  # nodes and elements a budget may visit (nested ranges that write nothing stop too)
_SPACE: Final = re.compile(r"\s")
_TOKEN: Final = re.compile(r'\s*(?:("(?:[^"\\]|\\.)*")|(`[^`]*`)|(\$[A-Za-z_0-9]*(?:\.[A-Za-z_0-9]+)*)|(\.(?:[A-Za-z_0-9]+(?:\.[A-Za-z_0-9]+)*)?)|([-+]?\d[\d_]*(?:\.\d+)?(?:[eE][-+]?\d+)?)|([A-Za-z_][A-Za-z_0-9]*)|(:=|,))')
_FUNCS: Final = frozenset({"or", "and", "not", "eq", "ne"})
NO_VALUE: Final = "<no value>"


class TemplateError(ValueError):
    """The template uses what this part of text/template does not do, or Go would stop on it."""


class _Missing:
    """A map's missing key: the zero interface value (printed ``<no value>``)."""


MISSING: Final = _Missing()


@dataclass(frozen=True, slots=True)
class _Node:
    kind: str  # text, action, if, with, range
    text: str = ""
    pipeline: tuple[tuple[str, str], ...] = ()
    decl: tuple[str, ...] = ()
    body: tuple[_Node, ...] = ()
    otherwise: tuple[_Node, ...] = ()


def actions(text: str) -> Iterator[tuple[int, int, bool, str, bool]]:
    """(start, end, ``{{- `` trim mark, body, `` -}}`` trim mark) of each action: the matches of
    ``\\{\\{(-\\s)?(.*?)(\\s-)?\\}\\}`` (DOTALL), found with str.find. An action ends at the first ``}}`` after
    its ``{{`` (and its ``-\\s``, which needs none before it), so when an opening has none, no later one has
    either: the expression tried every ``{{`` to the end of the text (2 MB of ``{{`` with no ``}}``: hours)."""
    at = text.find("{{")
    while at >= 0:
        body = at + 2
        trim_before = text.startswith("-", body) and _SPACE.match(text, body + 1) is not None
        if trim_before:
            body += 2
        close = text.find("}}", body)
        if close < 0:
            return
        trim_after = close - 2 >= body and text[close - 1] == "-" and _SPACE.match(text, close - 2) is not None
        yield at, close + 2, trim_before, text[body : close - 2 if trim_after else close], trim_after
        at = text.find("{{", close + 2)


def _lex(text: str) -> list[tuple[str, str]]:
    """(``text`` | ``action``, content) pieces, trim markers applied (lex.go)."""
    out: list[tuple[str, str]] = []
    pos = 0
    trim_next = False
    for start, end, trim_before, body, trim_after in actions(text):
        chunk = text[pos:start]
        if trim_next:
            chunk = chunk.lstrip(" \t\r\n")
        if trim_before:
            chunk = chunk.rstrip(" \t\r\n")
        out.append(("text", chunk))
        out.append(("action", body.strip()))
        trim_next = trim_after
        pos = end
    tail = text[pos:]
    if "{{" in tail:
        raise TemplateError("unclosed action")
    out.append(("text", tail.lstrip(" \t\r\n") if trim_next else tail))
    return out


def _tokens(source: str) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    pos = 0
    source = source.rstrip()
    while pos < len(source):
        m = _TOKEN.match(source, pos)
        if m is None or m.end() == pos:
            raise TemplateError(f"cannot read {source[pos:]!r}")
        kinds = ("string", "raw", "var", "field", "number", "word", "punct")
        kind = next(k for k, g in zip(kinds, m.groups()) if g is not None)
        out.append((kind, m.group(kinds.index(kind) + 1)))
        pos = m.end()
    return tuple(out)


def parse(text: str) -> tuple[_Node, ...]:
    """The template's tree; TemplateError where it uses more than this module does."""
    pieces = _lex(text)
    nodes, end, _ = _parse(pieces, 0, ())
    if end != len(pieces):
        raise TemplateError("unexpected {{end}} or {{else}}")
    return nodes


def _parse(pieces: list[tuple[str, str]], i: int, stop: tuple[str, ...]) -> tuple[tuple[_Node, ...], int, str]:
    out: list[_Node] = []
    while i < len(pieces):
        kind, content = pieces[i]
        if kind == "text":
            if content:
                out.append(_Node("text", text=content))
            i += 1
            continue
        if content.startswith("/*"):
            if not content.endswith("*/"):
                raise TemplateError("unclosed comment")
            i += 1
            continue
        word = content.split(None, 1)[0] if content else ""
        if word in ("end", "else"):
            if word not in stop:
                raise TemplateError(f"unexpected {{{{{word}}}}}")
            return tuple(out), i, content
        if word in ("if", "with", "range"):
            node, i = _branch(pieces, i + 1, word, content[len(word) :])
            out.append(node)
            i += 1
            continue
        if word in ("define", "template", "block", "break", "continue"):
            raise TemplateError(f"unsupported {{{{{word}}}}}")
        out.append(_Node("action", pipeline=_check(_tokens(content))))
        i += 1
    if stop:
        raise TemplateError("missing {{end}}")
    return tuple(out), i, ""


def _branch(pieces: list[tuple[str, str]], i: int, word: str, rest: str) -> tuple[_Node, int]:
    """An ``if``, ``with`` or ``range`` whose body starts at ``i``; the index of its ``{{end}}``. ``{{else if}}``
    is an ``if`` in the else branch that the same ``{{end}}`` closes (parse.go parseControl)."""
    tokens = _tokens(rest)
    decl: tuple[str, ...] = ()
    if word == "range" and ("punct", ":=") in tokens:
        at = tokens.index(("punct", ":="))
        decl = tuple(v for k, v in tokens[:at] if k == "var")
        if not decl or len(decl) > 2 or any(k not in ("var", "punct") for k, _ in tokens[:at]):
            raise TemplateError("unsupported range declaration")
        tokens = tokens[at + 1 :]
    body, i, closing = _parse(pieces, i, ("end", "else"))
    otherwise: tuple[_Node, ...] = ()
    if closing.startswith("else"):
        tail = closing[4:].strip()
        if tail:
            if word != "if" or not tail.startswith("if "):
                raise TemplateError(f"unsupported {{{{else {tail}}}}}")
            nested, i = _branch(pieces, i + 1, "if", tail[2:])
            otherwise = (nested,)
        else:
            otherwise, i, closing = _parse(pieces, i + 1, ("end",))
    return _Node(word, pipeline=_check(tokens), decl=decl, body=body, otherwise=otherwise), i


def _check(tokens: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    if not tokens:
        raise TemplateError("empty action")
    head_kind, head = tokens[0]
    if head_kind == "word" and head not in _FUNCS | {"true", "false", "nil"}:
        raise TemplateError(f"unsupported function {head}")
    if head_kind != "word" or head in ("true", "false", "nil"):
        if len(tokens) != 1:
            raise TemplateError("an operand takes no arguments")
    elif any(k in ("punct",) or (k == "word" and v not in ("true", "false", "nil")) for k, v in tokens[1:]):
        raise TemplateError("unsupported arguments")
    return tokens


def truth(value: Any) -> bool:
    """exec.go isTrue."""
    if value is MISSING or value is None:
        return False
    if isinstance(value, (bool, int, float, str, list, dict)):
        return bool(value)
    return True


def go_print(value: Any) -> str:
    """fmt.Sprint of a value the YAML decoder gives (gopkg.in/yaml.v3 into interface{})."""
    if value is MISSING or value is None:
        return NO_VALUE
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _go_float(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "[" + " ".join(go_print(v) for v in value) + "]"
    if isinstance(value, dict):
        return "map[" + " ".join(f"{go_print(k)}:{go_print(value[k])}" for k in sorted(value, key=str)) + "]"
    raise TemplateError(f"cannot print {type(value).__name__}")


def _go_float(value: float) -> str:
    """fmt's %v of a float64: strconv.FormatFloat(v, 'g', -1, 64) (print.go fmtFloat), the shortest digits, as
    %e where the exponent is below -4 or at least 6 (strconv/ftoa.go: ``if shortest { eprec = 6 }``)."""
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "+Inf" if value > 0 else "-Inf"
    sign, digits, exponent = Decimal(repr(value)).normalize().as_tuple()
    assert isinstance(exponent, int)
    text = "".join(str(d) for d in digits) or "0"
    exp = len(text) + exponent - 1  # the decimal exponent of the first digit
    if exp < -4 or exp >= 6:
        mantissa = text[0] + ("." + text[1:] if len(text) > 1 else "")
        return f"{'-' if sign else ''}{mantissa}e{'-' if exp < 0 else '+'}{abs(exp):02d}"
    if exp >= len(text) - 1:
        body = text + "0" * (exp - len(text) + 1)
    elif exp >= 0:
        body = text[: exp + 1] + "." + text[exp + 1 :]
    else:
        body = "0." + "0" * (-exp - 1) + text
    return ("-" if sign else "") + body


def render(nodes: tuple[_Node, ...], data: Any, budget: list[int] | None = None) -> str:
    """The template's output for ``data`` (the template's dot). ``budget`` ([characters written, steps taken]),
    shared by the renderings of one file, bounds them all together: TemplateError past MAX_OUTPUT or MAX_STEPS."""
    out: list[str] = []
    _walk(nodes, data, {"$": data}, out, budget if budget is not None else [0, 0])
    return "".join(out)


def _walk(nodes: tuple[_Node, ...], dot: Any, variables: dict[str, Any], out: list[str], size: list[int]) -> None:
    """``size`` is [characters written, nodes visited]: both are bounded, so no template can run without end."""
    for node in nodes:
        _step(size)
        if node.kind == "text":
            _write(node.text, out, size)
        elif node.kind == "action":
            _write(go_print(_pipeline(node.pipeline, dot, variables)), out, size)
        elif node.kind == "if":
            _walk(node.body if truth(_pipeline(node.pipeline, dot, variables)) else node.otherwise, dot, variables, out, size)
        elif node.kind == "with":
            value = _pipeline(node.pipeline, dot, variables)
            if truth(value):
                _walk(node.body, value, variables, out, size)
            else:
                _walk(node.otherwise, dot, variables, out, size)
        else:  # range
            value = _pipeline(node.pipeline, dot, variables)
            items: list[tuple[Any, Any]]
            if isinstance(value, dict):
                items = [(k, value[k]) for k in sorted(value, key=lambda k: (not isinstance(k, str), str(k)))]
            elif isinstance(value, list):
                items = list(enumerate(value))
            elif not truth(value):
                items = []
            else:
                raise TemplateError(f"range can't iterate over {go_print(value)}")
            if not items:
                _walk(node.otherwise, dot, variables, out, size)
            for key, element in items:
                _step(size)  # an element is a step even when the body is empty
                scope = dict(variables)
                if len(node.decl) == 2:
                    scope[node.decl[0]], scope[node.decl[1]] = key, element
                elif node.decl:
                    scope[node.decl[0]] = element
                _walk(node.body, element, scope, out, size)


def _step(size: list[int]) -> None:
    size[1] += 1
    if size[1] > MAX_STEPS:
        raise TemplateError(f"the rendering passes {MAX_STEPS} steps")


def _write(text: str, out: list[str], size: list[int]) -> None:
    size[0] += len(text)
    if size[0] > MAX_OUTPUT:
        raise TemplateError(f"the output passes {MAX_OUTPUT} characters")
    out.append(text)


def _pipeline(tokens: tuple[tuple[str, str], ...], dot: Any, variables: dict[str, Any]) -> Any:
    kind, head = tokens[0]
    if kind == "word" and head in _FUNCS:
        args = [_operand(t, dot, variables) for t in tokens[1:]]
        if head == "not":
            if len(args) != 1:
                raise TemplateError("not takes one argument")
            return not truth(args[0])
        if head in ("eq", "ne"):
            if len(args) < 2:
                raise TemplateError(f"{head} takes two arguments")
            same = any(_equal(args[0], a) for a in args[1:]) if head == "eq" else not _equal(args[0], args[1])
            return same
        if not args:
            raise TemplateError(f"{head} takes arguments")
        for arg in args[:-1]:
            if truth(arg) == (head == "or"):
                return arg
        return args[-1]
    return _operand(tokens[0], dot, variables)


def _equal(a: Any, b: Any) -> bool:
    if a is MISSING or b is MISSING:
        raise TemplateError("incompatible types for comparison")
    if isinstance(a, bool) != isinstance(b, bool) or isinstance(a, str) != isinstance(b, str):
        raise TemplateError("incompatible types for comparison")
    return bool(a == b)


def _operand(token: tuple[str, str], dot: Any, variables: dict[str, Any]) -> Any:
    kind, text = token
    if kind == "string":
        try:
            return text[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        except UnicodeDecodeError as e:
            raise TemplateError(f"bad string {text}") from e
    if kind == "raw":
        return text[1:-1]
    if kind == "number":
        clean = text.replace("_", "")
        return float(clean) if any(c in clean for c in ".eE") else int(clean)
    if kind == "word":
        return {"true": True, "false": False, "nil": None}[text]
    if kind == "var":
        name, _, path = text.partition(".")
        if name not in variables:
            raise TemplateError(f"undefined variable {name}")
        return _fields(variables[name], path)
    if kind == "field":
        return _fields(dot, text[1:])
    raise TemplateError(f"unexpected {text!r}")


def _fields(value: Any, path: str) -> Any:
    for key in path.split(".") if path else ():
        if isinstance(value, dict):
            value = value.get(key, MISSING)
        else:  # a field of nil, of a missing key's zero value, or of a scalar: Go stops the execution
            raise TemplateError(f"can't evaluate field {key} in {go_print(value)}")
    return value
