"""cardgame.value.Value: the small immutable types that replaced frozen dataclasses on the
engine's import path behave as those did (construction, defaults, equality, hashing, order,
immutability, copying) — and the engine's import path defines no dataclass."""

import copy
import pickle
import subprocess
import sys

import pytest

from cardgame.messages import Message
from cardgame.value import OrderedValue, Value
from troccas.actions import Action
from troccas.record import HandRecord
from troccas.rules import Rules


class Point(Value):
    __slots__ = ("x", "y", "tags")
    _defaults = {"y": 0}
    _factories = {"tags": list}


class Pair(OrderedValue):
    __slots__ = ("a", "b")


def test_construction_by_position_keyword_and_default():
    assert Point(1, 2, ["t"])._asdict() == {"x": 1, "y": 2, "tags": ["t"]}
    p = Point(x=3)
    assert (p.x, p.y, p.tags) == (3, 0, [])
    assert Point(1).tags is not Point(1).tags  # a factory gives each value its own


@pytest.mark.parametrize("args, kwargs, says", [
    ((), {}, "needs 'x'"),
    ((1, 2, [], 4), {}, "takes 3 values, 4 given"),
    ((1,), {"x": 2}, "'x' twice"),
    ((1,), {"z": 2}, "no field 'z'"),
])
def test_bad_construction_says_which_field(args, kwargs, says):
    with pytest.raises(TypeError, match=says):
        Point(*args, **kwargs)


def test_equality_hash_repr_and_immutability():
    assert Point(1, 2, ()) == Point(1, 2, ()) and hash(Point(1, 2, ())) == hash(Point(1, 2, ()))
    assert Point(1, 2, ()) != Point(1, 3, ())
    assert Point(1, 2, ()) != Pair(1, 2)  # another type is never equal
    assert repr(Point(1, 2, ())) == "Point(x=1, y=2, tags=())"
    p = Point(1)
    with pytest.raises(AttributeError, match="immutable"):
        p.x = 5
    with pytest.raises(AttributeError, match="immutable"):
        del p.x
    assert p._replace(y=9) == Point(1, 9, []) and p.y == 0


def test_order_is_by_fields_in_turn():
    assert sorted([Pair(2, 1), Pair(1, 5), Pair(1, 2)]) == [Pair(1, 2), Pair(1, 5), Pair(2, 1)]
    assert Pair(1, 2) <= Pair(1, 2) < Pair(1, 3) and Pair(2, 0) > Pair(1, 9) >= Pair(1, 9)


def test_copy_and_pickle_give_equal_values():
    m = Message("troccas", "play.follow_suit", {"suit": "c", "card": "3s"})
    assert pickle.loads(pickle.dumps(m)) == m
    deep = copy.deepcopy(m)
    assert deep == m and deep.params is not m.params


def test_engine_values_keep_their_behaviour():
    assert Action.parse("1 play Kc") < Action.parse("2 play Kc")
    assert len({Action.parse("1 play Kc"), Action.parse("1 play Kc")}) == 1
    assert Rules().with_(knocking=True).to_json() == {"knocking": True}
    assert HandRecord(4, 0, ()).rules == Rules()
    assert Message("troccas", "x").params == {}


def test_import_path_defines_no_dataclass():
    """The browser's reader waits for `import troccas.api`; a dataclass there compiles code."""
    code = ("import dataclasses, sys\n"
            "made = []\n"
            "orig = dataclasses._process_class\n"
            "def spy(cls, *a, **k):\n"
            "    made.append(cls.__module__ + '.' + cls.__qualname__)\n"
            "    return orig(cls, *a, **k)\n"
            "dataclasses._process_class = spy\n"
            "import troccas.api\n"
            "troccas.api.names()\n"
            "print(made)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
