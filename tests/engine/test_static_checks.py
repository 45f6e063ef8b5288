"""What the static checks (issue 27, `make lint`) rely on, and the examples in the engine's
docstrings, which no one ran before: every module's doctests pass, as the reader of the module
sees them."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cardgame
import troccas
import truc
from troccas.rules import OPTIONS, Rules


def _engine_modules() -> list[str]:
    names = []
    for pkg in (cardgame, troccas, truc):
        names.append(pkg.__name__)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")
                  if not m.name.endswith("__main__")]
    return sorted(names)


@pytest.mark.parametrize("name", _engine_modules())
def test_the_examples_in_each_engine_module_docstrings_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"


def test_the_card_notation_examples_are_run():
    # cards.py opens with examples of parse and str: they are run, not only read.
    assert doctest.testmod(importlib.import_module("troccas.cards")).attempted >= 2


def test_rules_declares_one_typed_field_for_each_rule_option():
    # mypy reads a Rules option (rules.knocking) from the annotations in the class: one for
    # each option, of the option's type, or a new option would be unknown to it.
    assert list(Rules.__annotations__) == list(OPTIONS)
    for name, opt in OPTIONS.items():
        assert Rules.__annotations__[name] == type(opt.default).__name__, name
