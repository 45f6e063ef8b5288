"""Plurals follow each language's CLDR rule, carried by its catalogue as data.

The engine stays dependency-free: every catalogue names its language's plural rule
(``"@plural"``) and cardgame.plural evaluates it. Babel (the site's, pinned in requirements.txt)
is the reference here: the catalogues' rules are CLDR's for their language, and the evaluator
gives Babel's category for every rule CLDR has.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

babel = pytest.importorskip("babel")
from babel import Locale  # noqa: E402
from babel.localedata import locale_identifiers  # noqa: E402

from cardgame.messages import (PLURAL_KEY, CatalogueError, Message, catalogue,  # noqa: E402
                               languages, register_catalogue)
from cardgame.plural import PluralRuleError, operands, plural_rule  # noqa: E402

GAMES = ("troccas", "truc")
NUMBERS = [*range(0, 250), 1000, 1001, 1011, 1000000, 2000000, "0.0", "1.0", "1.00", "1.5",
           "0.1", "2.10", "11.1", "21.31", "100.0", "1000000.0"]


def _babel_rule(language: str):
    try:
        return Locale.parse(language, sep="-").plural_form
    except Exception:  # a pseudo-locale: its base language's rule (CLDR's fallback)
        return Locale.parse(language.split("-")[0]).plural_form


@pytest.mark.parametrize("game,language", [(g, lang) for g in GAMES for lang in languages(g)])
def test_each_catalogue_carries_its_languages_cldr_plural_rule(game, language):
    assert catalogue(game, language).entries[PLURAL_KEY] == _babel_rule(language).rules


def _distinct_rules():
    seen = {}
    for ident in locale_identifiers():
        rule = Locale.parse(ident).plural_form
        seen.setdefault(tuple(sorted(rule.rules.items())), (ident, rule))
    return list(seen.values())


@pytest.mark.parametrize("ident,rule", _distinct_rules(), ids=lambda v: v if isinstance(v, str) else "")
def test_the_evaluator_gives_babels_category_for_every_cldr_rule(ident, rule):
    mine = plural_rule(rule.rules)
    for number in NUMBERS:
        expected = rule(Decimal(number) if isinstance(number, str) else number)
        assert mine(number) == expected, (ident, number)


def test_operands_of_a_decimal_keep_its_visible_fraction_digits():
    ops = operands("1.50")
    assert (ops["n"], ops["i"], ops["v"], ops["w"], ops["f"], ops["t"]) == (
        Decimal("1.50"), 1, 2, 1, 50, 5)


POLISH = {"one": "i = 1 and v = 0",
          "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
          "many": "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9"
                  " or v = 0 and i % 100 = 12..14"}


def test_a_message_chooses_among_every_category_of_its_language():
    """A language with more than two forms (Polish: 1 lewa, 2 lewy, 5 lew) gets each."""
    register_catalogue("plural-toy", "pl", {
        PLURAL_KEY: POLISH,
        "won": "{n} {n:plural:trick}",
        "plural.trick": {"one": "lewa", "few": "lewy", "many": "lew", "other": "lewy"},
        "left": {"one": "została {n} karta", "few": "zostały {n} karty",
                 "many": "zostało {n} kart", "other": "zostało {n} karty"}})
    said = {n: Message("plural-toy", "won", {"n": n}).render("pl") for n in (1, 2, 5, 12, 22)}
    assert said == {1: "1 lewa", 2: "2 lewy", 5: "5 lew", 12: "12 lew", 22: "22 lewy"}
    assert Message("plural-toy", "left", {"n": 3}).render("pl") == "zostały 3 karty"
    assert Message("plural-toy", "left", {"n": 25}).render("pl") == "zostało 25 kart"


def test_a_plural_without_n_or_without_a_rule_is_refused_in_one_line():
    register_catalogue("plural-toy2", "xx", {"left": {"one": "a", "other": "b"}})
    with pytest.raises(CatalogueError, match="no plural rule"):
        Message("plural-toy2", "left", {"n": 1}).render("xx")
    with pytest.raises(CatalogueError, match="needs the parameter 'n'"):
        Message("plural-toy2", "left", {}).render("xx")


@pytest.mark.parametrize("rules,why", [
    ({"one": "i = 1 and"}, "expected"),
    ({"one": "q = 1"}, "expected"),
    ({"several": "n = 2"}, "no plural category"),
    ({"other": "n = 2"}, "'other' has no condition"),
    ("one: n = 1", "mapping")])
def test_a_plural_rule_that_is_not_cldrs_syntax_is_refused(rules, why):
    with pytest.raises(PluralRuleError, match=why):
        plural_rule(rules)
    with pytest.raises(CatalogueError, match="@plural"):
        register_catalogue("plural-toy3", "xx", {PLURAL_KEY: rules})
