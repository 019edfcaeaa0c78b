"""records.py against ``dataclasses``: the same class, option by option.

Each case defines one class body twice, with ``dataclasses.dataclass`` and
with ``records.dataclass``, and checks that both behave alike: the
``__init__`` signature's effect, ``repr``, equality, hashing, ordering,
frozen assignment, ``replace``, pickling (worker results cross processes).
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from pod_resources_cli import records


def _both(options: dict[str, Any], body: str, names: dict[str, Any] | None = None) -> tuple[type, type]:
    made = []
    for module in (dataclasses, records):
        namespace: dict[str, Any] = {"dataclass": module.dataclass, "field": module.field, "options": options, **(names or {})}
        exec(f"@dataclass(**options)\nclass C:\n{body}", namespace)  # noqa: S102
        made.append(namespace["C"])
    return made[0], made[1]


OPTIONS = [
    {},
    {"frozen": True},
    {"slots": True},
    {"frozen": True, "slots": True},
    {"frozen": True, "slots": True, "order": True},
    {"frozen": True, "slots": True, "kw_only": True},
    {"slots": True, "eq": False},
    {"frozen": True, "eq": False},
]

BODY = "    a: int\n    b: str = 'x'\n    c: tuple[int, ...] = field(default_factory=tuple)\n    d: int = field(default=4, compare=False, repr=False)\n"


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "plain")
def test_same_behaviour_as_dataclasses(options: dict[str, Any]) -> None:
    theirs, mine = _both(options, BODY)
    for args, kwargs in [((), {"a": 1}), ((), {"a": 2, "b": "y", "c": (3,), "d": 9})]:
        if not options.get("kw_only"):
            args, kwargs = tuple(kwargs.values()), {}
        t, m = theirs(*args, **kwargs), mine(*args, **kwargs)
        assert repr(t).replace(theirs.__qualname__, "C") == repr(m).replace(mine.__qualname__, "C")
        assert [getattr(t, n) for n in "abcd"] == [getattr(m, n) for n in "abcd"]
        assert (m == mine(*args, **kwargs)) == (t == theirs(*args, **kwargs))
        assert (m == replace_d(m, records.replace)) == (t == replace_d(t, dataclasses.replace))
        assert (type(mine).__hash__ is None) == (type(theirs).__hash__ is None)
        assert (mine.__hash__ is None) == (theirs.__hash__ is None)
        if theirs.__hash__ is not None and options.get("frozen") and options.get("eq", True):
            t2, m2 = replace_d(t, dataclasses.replace), replace_d(m, records.replace)
            assert (hash(t) == hash(t2)) == (hash(m) == hash(m2)) is True  # d takes no part
        if options.get("frozen"):
            with pytest.raises(dataclasses.FrozenInstanceError):
                t.a = 5  # type: ignore[misc]
            with pytest.raises(AttributeError):
                m.a = 5  # type: ignore[misc]
        else:
            m.a = 5  # type: ignore[misc]
            assert m.a == 5
        assert hasattr(m, "__dict__") == hasattr(t, "__dict__")
        assert getattr(mine, "__slots__", None) == getattr(theirs, "__slots__", None)
        assert mine.__match_args__ == theirs.__match_args__
    if options.get("order"):
        args_small, args_big = ((1,), (2,)) if not options.get("kw_only") else ((), ())
        small, big = mine(*args_small) if args_small else mine(a=1), mine(*args_big) if args_big else mine(a=2)
        assert small < big and big > small and small <= small and not big <= small


def replace_d(obj: Any, replace: Any) -> Any:
    return replace(obj, d=99)


def test_default_factories_are_called_per_instance_and_post_init_runs() -> None:
    body = "    items: list[int] = field(default_factory=list)\n    seen: int = field(init=False, default=0)\n    def __post_init__(self):\n        self.seen = len(self.items)\n"
    theirs, mine = _both({}, body)
    a, b = mine(), mine([1, 2])
    assert a.items == [] and a.items is not mine().items
    assert (a.seen, b.seen) == (0, 2) == (theirs().seen, theirs([1, 2]).seen)
    with pytest.raises(ValueError, match="init=False"):
        records.replace(b, seen=5)


def test_frozen_slotted_records_pickle_and_unpickle_equal() -> None:
    _, mine = _both({"frozen": True, "slots": True}, BODY)
    globals()["PickledC"] = mine
    mine.__qualname__ = "PickledC"
    mine.__module__ = __name__
    value = mine(7, "z", (1,), 3)
    back = pickle.loads(pickle.dumps(value))
    assert back == value and back.d == 3 and back.c == (1,)


def test_fields_are_inherited_first_and_slots_hold_only_new_ones() -> None:
    @records.dataclass(frozen=True, slots=True)
    class Base:
        a: int
        b: int = 2

    @records.dataclass(frozen=True, slots=True, kw_only=True)
    class Child(Base):
        c: int = 3

    child = Child(1, c=4)
    assert [f.name for f in records.fields(child)] == ["a", "b", "c"]
    assert Child.__slots__ == ("c",)
    assert repr(child).endswith("Child(a=1, b=2, c=4)")
    assert records.replace(Base(1), b=3) == Base(1, 3)  # the base's copier first: the child keeps its own
    assert records.replace(child, b=5) == Child(1, 5, c=4)
    assert records.is_record(child) and records.is_record(Child) and not records.is_record(1)


def test_bad_classes_are_refused_as_dataclasses_refuses_them() -> None:
    for body, error in [
        ("    a: int = 1\n    b: int\n", TypeError),  # a required field after one with a default
        ("    a: list[int] = []\n", ValueError),  # a mutable default
    ]:
        for module in (dataclasses, records):
            with pytest.raises(error):
                exec(f"@dataclass\nclass C:\n{body}", {"dataclass": module.dataclass})  # noqa: S102
    with pytest.raises(ValueError, match="both default and default_factory"):
        records.field(default=1, default_factory=list)
    with pytest.raises(TypeError):
        exec("@dataclass(frozen=True)\nclass C:\n    a: int\n    def __setattr__(self, n, v): pass\n", {"dataclass": records.dataclass})  # noqa: S102
    with pytest.raises(TypeError):
        records.fields(1)


def test_explicit_methods_and_hash_are_kept() -> None:
    body = "    a: int\n    def __repr__(self):\n        return 'mine'\n    def __hash__(self):\n        return 7\n"
    theirs, mine = _both({"frozen": True}, body)
    assert repr(mine(1)) == repr(theirs(1)) == "mine"
    assert hash(mine(1)) == hash(theirs(1)) == 7


def test_the_package_defines_no_class_with_dataclasses() -> None:
    """The package's records come from records.py (dataclasses costs start-up time)."""
    from pathlib import Path

    root = Path(records.__file__).parent
    users = [str(p.relative_to(root)) for p in root.rglob("*.py") if "from dataclasses import" in p.read_text(encoding="utf-8")]
    assert users == []


def test_replace_refuses_what_dataclasses_replace_refuses() -> None:
    theirs, mine = _both({"frozen": True, "slots": True}, BODY)
    for module, cls in ((dataclasses, theirs), (records, mine)):
        value = cls(1)
        with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
            module.replace(value, z=1)  # type: ignore[attr-defined]
        assert module.replace(value, b="q", d=5) == cls(1, "q", (), 7)  # type: ignore[attr-defined]  # d takes no part in ==
        assert module.replace(value, b="q").d == 4  # type: ignore[attr-defined]


def test_a_frozen_record_is_built_on_its_twin_and_then_refuses_assignment() -> None:
    """A frozen record's ``__new__`` fills a mutable twin by plain stores and
    gives it the record's class: the instance is the record's own, refuses
    assignment and deletion, copies and pickles; a plain subclass (another
    layout) and a record subclass with its own ``__init__`` still build."""
    import copy

    _, mine = _both({"frozen": True, "slots": True}, BODY)
    value = mine(1, "q")
    assert type(value) is mine and value.c == () and value.d == 4
    for attempt in (lambda: setattr(value, "a", 2), lambda: delattr(value, "a")):
        with pytest.raises(records.FrozenInstanceError):
            attempt()
    assert copy.copy(value) == value == copy.deepcopy(value)
    _, loose = _both({"frozen": True}, BODY)  # no slots: a __dict__, pickled by the same restore
    globals()["LooseC"] = loose
    loose.__qualname__, loose.__module__ = "LooseC", __name__
    assert pickle.loads(pickle.dumps(loose(5))) == loose(5)

    class Plain(mine):  # type: ignore[misc,valid-type]
        pass

    assert type(Plain(3)) is Plain and Plain(3).a == 3 and Plain(3) != mine(3)

    @records.dataclass(frozen=True, slots=True, init=False)
    class Own(mine):  # type: ignore[misc,valid-type]
        e: int = 0

        def __init__(self, x: int) -> None:
            object.__setattr__(self, "a", x)
            object.__setattr__(self, "e", x * 2)

    own = Own(4)
    assert (own.a, own.e) == (4, 8) and type(own) is Own
