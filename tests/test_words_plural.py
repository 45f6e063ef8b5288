"""The site's words choose plurals by CLDR's rule for their language, with the engine's lookup.

build_tools/words.py renders through cardgame.messages.Catalogue (one lookup and one format for
the engine's sentences and the site's words) with the plural rule Babel gives for the language;
the words shipped to the browser's Python carry that rule as data, as Babel is not there; the
page scripts' say() asks Intl.PluralRules for the build's language.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from babel import Locale

from build_tools import words as words_mod
from build_tools.words import Words, WordsError, fill_script, plural_rules, words

POLISH_WORDS = {"play.tricks": {"one": "{n} lewa", "few": "{n} lewy", "many": "{n} lew",
                                "other": "{n} lewy"}}


def test_a_languages_plural_rule_is_babels_cldr_rule():
    for language in words_mod.languages():
        assert words(language).plural_rules == Locale.parse(language).plural_form.rules


def test_a_variant_cldr_does_not_know_falls_back_to_its_base_languages_rule():
    assert plural_rules("en-XA") == Locale.parse("en").plural_form.rules
    with pytest.raises(WordsError, match="CLDR knows no language 'qq-ZZ'"):
        plural_rules("qq-ZZ")


def test_a_word_has_every_plural_category_of_its_language():
    said = Words("pl", POLISH_WORDS)
    assert [said.t("play.tricks", n=n) for n in (1, 3, 5, 22, 112)] == [
        "1 lewa", "3 lewy", "5 lew", "22 lewy", "112 lew"]


def test_the_words_shipped_to_the_browser_carry_the_rule_and_need_no_babel(monkeypatch):
    shipped = json.loads(json.dumps(Words("pl", POLISH_WORDS).subset("play.")))
    monkeypatch.setitem(sys.modules, "babel", None)  # as in the browser's Python
    assert Words("pl", shipped).t("play.tricks", n=5) == "5 lew"


def test_english_and_german_words_are_said_as_before():
    assert words("en").t("widgets.count_result_points", n=1) == "1 point"
    assert words("en").t("widgets.count_result_points", n=0) == "0 points"
    assert words("de").t("widgets.count_result_points", n=2) == "2 Punkte"
    assert words("de").t("handouts.list_link", file="summary.pdf") == "PDF"


@pytest.mark.parametrize("value", [{"one": "a"}, {"one": "a", "other": "b", "several": "c"},
                                   {"other": 3}])
def test_a_word_that_is_neither_a_text_nor_plural_forms_is_refused(tmp_path, value):
    path = tmp_path / "xx" / "play.yaml"
    path.parent.mkdir()
    with pytest.raises(WordsError, match="play.yaml: 'w': a word is a text, or a form for each"):
        words_mod._check_file(path, {"w": value})


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_page_scripts_say_chooses_by_intl_plural_rules():
    source = fill_script("const say = /* say */ null;", "en")
    polish = source.replace('Intl.PluralRules("en")', 'Intl.PluralRules("pl")')
    words_js = json.dumps({"t": POLISH_WORDS["play.tricks"]})
    script = (f"{polish}\nconst W = {words_js};\n"
              "console.log(JSON.stringify([1, 3, 5, 22].map((n) => say(W, 't', {n}))));")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == ["1 lewa", "3 lewy", "5 lew", "22 lewy"]
