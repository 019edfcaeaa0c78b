"""Record classes: what ``dataclasses`` makes of an annotated class, without
its cost at start-up.

The package's value classes (the pod model, findings, reports) are records:
fields from annotations, an ``__init__``, ``__repr__``, ``__eq__``, and when
frozen ``__hash__`` and a ``__setattr__`` that refuses. ``dataclasses``
writes them by a general machinery (and imports ``inspect``, ``ast`` and
``tokenize`` to do so) that took a fifth of a one-file ``lint``'s start-up.
This module does the same for the options the package uses (``init``,
``repr``, ``eq``, ``order``, ``frozen``, ``slots``, ``kw_only``; ``field``
with ``default``, ``default_factory``, ``init``, ``repr``, ``compare``,
``kw_only``; ``__post_init__``; fields inherited from a record base),
with the methods' code kept from run to run (_codecache.py), and the same
behaviour: the same methods, the same errors for a bad class, the same
``replace`` and ``fields``. Python's own rules, mirrored from
Lib/dataclasses.py (CPython 3.11-3.13): the ``__hash__`` table of
``_hash_action``, ``__match_args__``, and for frozen slotted classes the
``__getstate__``/``__setstate__`` that let them pickle (worker results).

One difference in how, not what: ``dataclasses`` gives a frozen class an
``__init__`` that sets each field by ``object.__setattr__`` (its own
``__setattr__`` refuses), a call per field that made a frozen record four
times as dear to build as a mutable one, and records are most of what a pod's
explanation allocates. Here a frozen record's ``__new__`` fills an instance of
a private twin subclass (same layout, plain stores) and then gives it the
record's class; from then on it refuses assignment as before. It pickles and
copies by ``__reduce__``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Final, TypeVar, dataclass_transform, overload

from pod_resources_cli._codecache import code_for

T = TypeVar("T")


class FrozenInstanceError(AttributeError):
    """An assignment to a field of a frozen record (as dataclasses' error)."""


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final[Any] = _Missing()


class Field:
    """One field of a record: its name, default or default factory, and
    whether ``__init__``, ``__repr__`` and comparisons take it."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "compare", "kw_only")

    def __init__(self, default: Any, default_factory: Any, init: bool, repr: bool, compare: bool, kw_only: Any) -> None:
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.kw_only = kw_only

    def __repr__(self) -> str:
        return f"Field(name={self.name!r}, default={self.default!r}, default_factory={self.default_factory!r})"


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
    kw_only: bool | Any = MISSING,
) -> Any:
    """A field's options, as ``dataclasses.field``."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, compare, kw_only)


@overload
def dataclass(cls: type[T], /) -> type[T]: ...


@overload
def dataclass(
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    frozen: bool = False,
    slots: bool = False,
    kw_only: bool = False,
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(field, Field))
def dataclass(
    cls: type[T] | None = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    order: bool = False,
    frozen: bool = False,
    slots: bool = False,
    kw_only: bool = False,
) -> Any:
    """The class as a record, as ``dataclasses.dataclass`` with these options."""

    def wrap(cls: type[T]) -> type[T]:
        return _process(cls, init, repr, eq, order, frozen, slots, kw_only)

    return wrap if cls is None else wrap(cls)


def fields(record: Any) -> tuple[Field, ...]:
    """The record's (or record class's) fields, in order."""
    try:
        found: dict[str, Field] = record.__record_fields__
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None
    return tuple(found.values())


def is_record(value: Any) -> bool:
    """A record class or an instance of one."""
    return hasattr(value if isinstance(value, type) else type(value), "__record_fields__")


def replace(record: T, /, **changes: Any) -> T:
    """A copy of ``record`` with ``changes``, made by its ``__init__`` (as ``dataclasses.replace``)."""
    cls = record.__class__
    init = cls.__record_init__  # type: ignore[attr-defined]
    for name in changes:
        if name not in init:
            if name in cls.__record_not_init__:  # type: ignore[attr-defined]
                raise ValueError(f"field {name} is declared with init=False, it cannot be specified with replace()")
            raise TypeError(f"{cls.__qualname__}.__init__() got an unexpected keyword argument {name!r}")
    copy = cls.__dict__.get("__record_copy__") or _copier(cls)
    copied: T = copy(record, changes)
    return copied


def _copier(cls: type) -> Any:
    """The class's copying method (each field read once, the changes taken
    over them), made the first time the class is replaced: not at start-up."""
    found: dict[str, Field] = cls.__record_fields__  # type: ignore[attr-defined]
    # positional where __init__ takes them: a keyword call of a class costs twice a positional one
    copied = ", ".join(f"{f.name + '=' if f.kw_only else ''}get({f.name!r}, self.{f.name})" for f in found.values() if f.init)
    names: dict[str, Any] = {}
    exec(code_for(f"def __record_copy__(self, changes):\n get = changes.get\n return self.__class__({copied})\n"), names)  # noqa: S102
    copy = names["__record_copy__"]
    copy.__qualname__ = f"{cls.__qualname__}.__record_copy__"
    setattr(cls, "__record_copy__", copy)
    return copy


def _is_classvar(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__module__", "") + "." + repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))


def _collect(cls: type, kw_only: bool) -> dict[str, Field]:
    """The fields: the record bases' first (in reverse order of the MRO), then the class's own annotations."""
    found: dict[str, Field] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = base.__dict__.get("__record_fields__")
        if inherited is not None:
            found.update(inherited)
    body = cls.__dict__
    for name, annotation in body.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        value = body.get(name, MISSING)
        if isinstance(value, Field):
            f = value
            if f.default is MISSING:
                delattr(cls, name)  # a field without a default leaves no class attribute
            else:
                setattr(cls, name, f.default)
        else:
            f = Field(value, MISSING, True, True, True, MISSING)
        f.name, f.type = name, annotation
        if f.kw_only is MISSING:
            f.kw_only = kw_only
        if f.default is not MISSING and type(f.default).__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: use default_factory")
        found[name] = f
    for name, value in body.items():
        if isinstance(value, Field) and name not in found:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    return found


def _with_slots(cls: type, found: dict[str, Field]) -> type:
    """The class made again with ``__slots__`` for its own new fields (as dataclasses' _add_slots)."""
    body = dict(cls.__dict__)
    if "__slots__" in body:
        raise TypeError(f"{cls.__name__} already specifies __slots__")
    inherited: set[str] = set()
    for base in cls.__mro__[1:-1]:
        inherited.update(getattr(base, "__slots__", ()))
    body["__slots__"] = tuple(name for name in found if name not in inherited)
    for name in found:
        body.pop(name, None)  # the slot's descriptor takes the name
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def _process(cls: type[T], init: bool, repr_: bool, eq: bool, order: bool, frozen: bool, slots: bool, kw_only: bool) -> type[T]:
    body = cls.__dict__
    found = _collect(cls, kw_only)
    for base in cls.__mro__[1:-1]:
        if "__record_fields__" in base.__dict__ and base.__dict__["__record_frozen__"] != frozen:
            raise TypeError("cannot inherit frozen record from a non-frozen one" if frozen else "cannot inherit non-frozen record from a frozen one")
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    if frozen and ("__setattr__" in body or "__delattr__" in body):
        raise TypeError(f"Cannot overwrite attribute __setattr__ or __delattr__ in class {cls.__name__}")
    defined = set(body)
    class_hash = body.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in body))
    made: type = _with_slots(cls, found) if slots else cls

    names: dict[str, Any] = {"__record_cls__": made, "__record_MISSING__": MISSING,
                             "__record_setattr__": object.__setattr__, "FrozenInstanceError": FrozenInstanceError}
    methods: dict[str, str] = {}  # name -> its text
    post_init = "__post_init__" in dir(made)
    # A frozen record is built by __new__ on a mutable twin (below): plain stores, not a call per field.
    built_by_new = frozen and init and "__init__" not in defined and "__new__" not in defined
    if built_by_new:
        methods["__new__"] = _new_text(found, post_init, names)
        names["__record_new__"] = object.__new__
        names["__record_twins__"] = _TWINS
        names["__record_twin_of__"] = _twin
    elif init and "__init__" not in defined:
        methods["__init__"] = _init_text(found, frozen, post_init, names)
    if repr_ and "__repr__" not in defined:
        shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in found.values() if f.repr)
        methods["__repr__"] = f"def __repr__(self):\n return f'{{self.__class__.__qualname__}}({shown})'\n"
    compared = tuple(f.name for f in found.values() if f.compare)
    mine = "(" + "".join(f"self.{n}," for n in compared) + ")"
    theirs = "(" + "".join(f"other.{n}," for n in compared) + ")"
    if eq and "__eq__" not in defined:
        methods["__eq__"] = f"def __eq__(self, other):\n if other.__class__ is self.__class__:\n  return {mine} == {theirs}\n return NotImplemented\n"
    if order:
        for name, op in (("__lt__", "<"), ("__le__", "<="), ("__gt__", ">"), ("__ge__", ">=")):
            if name in defined:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. Consider using functools.total_ordering")
            methods[name] = f"def {name}(self, other):\n if other.__class__ is self.__class__:\n  return {mine} {op} {theirs}\n return NotImplemented\n"
    if frozen:
        names["__record_fields_names__"] = tuple(found)
        for name, verb, call in (("__setattr__", "assign to", "name, value"), ("__delattr__", "delete", "name")):
            methods[name] = (
                f"def {name}(self, {call}):\n"
                " if type(self) is __record_cls__ or name in __record_fields_names__:\n"
                f"  raise FrozenInstanceError(f'cannot {verb} field {{name!r}}')\n"
                f" super(__record_cls__, self).{name}({call})\n"
            )
    if eq and frozen and not explicit_hash:
        methods["__hash__"] = f"def __hash__(self):\n return hash({mine})\n"
    if frozen and slots and not built_by_new:  # pickling sets each field as __init__ does (a frozen record refuses setattr)
        names["__record_all__"] = tuple(found)
        methods["__getstate__"] = "def __getstate__(self):\n return [getattr(self, n) for n in __record_all__]\n"
        methods["__setstate__"] = "def __setstate__(self, state):\n for n, v in zip(__record_all__, state):\n  __record_setattr__(self, n, v)\n"
    if methods:
        exec(code_for("".join(methods.values())), names)  # noqa: S102 -- text made above from field names only
        for name in methods:
            fn = names[name]
            fn.__qualname__ = f"{made.__qualname__}.{name}"
            setattr(made, name, staticmethod(fn) if name == "__new__" else fn)
    if built_by_new:
        setattr(made, "__reduce__", _reduce)
    elif "__new__" not in defined and getattr(made, "__record_built_by_new__", False):
        setattr(made, "__new__", staticmethod(_plain_new))  # its own __init__: not its base record's __new__
    setattr(made, "__record_built_by_new__", built_by_new)
    if eq and not frozen and not explicit_hash:
        made.__hash__ = None  # type: ignore[assignment]  # as dataclasses: a mutable record is unhashable
    if "__match_args__" not in defined:
        setattr(made, "__match_args__", tuple(f.name for f in found.values() if f.init and not f.kw_only))
    setattr(made, "__record_fields__", found)
    setattr(made, "__record_frozen__", frozen)
    setattr(made, "__record_init__", frozenset(f.name for f in found.values() if f.init))  # replace() checks its names
    setattr(made, "__record_not_init__", tuple(f.name for f in found.values() if not f.init))
    return made


# Each frozen record class's twin (and a plain subclass's), made at its first instance: most records are never
# built in a run, and making a class costs what building hundreds of records does.
_TWINS: dict[type, type] = {}


def _twin(cls: type) -> type:
    """A subclass of the frozen record ``cls`` with its layout and plain
    attribute stores: its ``__new__`` fills one, then gives it ``cls`` as its
    class (the layouts match, so Python allows it), and the record refuses
    assignment from then on."""
    body = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__,
            "__module__": cls.__module__, "__qualname__": f"{cls.__qualname__}.__record_twin__"}
    made = _TWINS[cls] = type(cls)(f"{cls.__name__}__record_twin__", (cls,), body)
    return made


def _reduce(self: Any) -> tuple[Any, ...]:
    """A frozen record's ``__reduce__`` (pickle, copy): its class and its fields' values."""
    return _restore, (self.__class__, [getattr(self, n, MISSING) for n in self.__record_fields__])


def _plain_new(cls: type, *args: Any, **kwargs: Any) -> Any:
    """``__new__`` of a record that writes its own ``__init__`` below a base built by ``__new__``."""
    return object.__new__(cls)


def _restore(cls: type, values: list[Any]) -> Any:
    """A frozen record from its fields' values (pickle, copy): as ``__init__`` would set them, without it."""
    made: Any = object.__new__(cls)
    for name, value in zip(cls.__record_fields__, values):  # type: ignore[attr-defined]
        if value is not MISSING:
            object.__setattr__(made, name, value)
    return made


def _new_text(found: dict[str, Field], post_init: bool, names: dict[str, Any]) -> str:
    """A frozen record's ``__new__``: an instance of its class's twin filled by stores, then given its class."""
    init = _init_text(found, False, False, names)
    header, _, body = init.partition("\n")
    header = header.replace("def __init__(self", "def __new__(__record_type__", 1)
    stores = "".join(line.replace(" self.", " __record_obj__.", 1) + "\n" for line in body.splitlines() if line.strip() != "pass")
    return (
        f"{header}\n"
        " __record_obj__ = __record_new__(__record_twins__.get(__record_type__) or __record_twin_of__(__record_type__))\n"
        f"{stores}"
        " __record_obj__.__class__ = __record_type__\n"
        + (" __record_obj__.__post_init__()\n" if post_init else "")
        + " return __record_obj__\n"
    )


def _init_text(found: dict[str, Field], frozen: bool, post_init: bool, names: dict[str, Any]) -> str:
    """``__init__``'s text; defaults and factories go into ``names`` (the text names them only)."""
    positional: list[str] = []
    keywords: list[str] = []
    lines: list[str] = []
    seen_default = False
    for f in found.values():
        name = f.name
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if f.default is not MISSING:
            names[f"__record_dflt_{name}__"] = f.default
        if f.default_factory is not MISSING:
            names[f"__record_factory_{name}__"] = f.default_factory
        if f.init:
            if f.default_factory is not MISSING:
                parameter = f"{name}=__record_MISSING__"
                value = f"__record_factory_{name}__() if {name} is __record_MISSING__ else {name}"
            elif f.default is not MISSING:
                parameter, value = f"{name}=__record_dflt_{name}__", name
            else:
                parameter, value = name, name
            if f.kw_only:
                keywords.append(parameter)
            else:
                if seen_default and not has_default:
                    raise TypeError(f"non-default argument {name!r} follows default argument")
                seen_default = seen_default or has_default
                positional.append(parameter)
        elif f.default_factory is not MISSING:
            value = f"__record_factory_{name}__()"
        elif f.default is not MISSING:
            value = f"__record_dflt_{name}__"
        else:
            continue  # init=False and no default: left unset, as dataclasses does
        if frozen:  # object.__setattr__ bound once: a frozen record's field costs one call, not a lookup and a call
            lines.append(f" __record_setattr__(self, {name!r}, {value})\n")
        else:
            lines.append(f" self.{name} = {value}\n")
    if post_init:
        lines.append(" self.__post_init__()\n")
    parameters = ["self", *positional, *(["*", *keywords] if keywords else [])]
    return f"def __init__({', '.join(parameters)}):\n" + ("".join(lines) or " pass\n")


if sys.version_info < (3, 11):  # pragma: no cover -- the package needs 3.11 (typing.dataclass_transform)
    raise ImportError("pod-resources needs Python 3.11 or newer")
