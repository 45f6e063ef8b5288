"""The words of the facade's results are the catalogue's, in the language of the call.

Card names (the ``pack`` call, ``{card:name}`` and ``{card:cardname…}`` in messages), the rule
options, the clauses' titles, the sources, the puzzles' default titles and the tschintschar
meanings the bots say all come from ``troccas/messages/<language>.json`` at the time of the
call (set_language), never from a literal in the engine's code and never kept from an earlier
call in another language.
"""

from __future__ import annotations

import re

import pytest

from cardgame.messages import catalogue, current_language, languages, set_language
from troccas import api
from troccas.cards import CASES, PACK, Card
from troccas.rules import CLAUSES, NOT_OPTIONS, OPTIONS, SOURCES

LANGUAGES = languages("troccas")


@pytest.fixture
def german():
    before = set_language("de")
    yield
    set_language(before)


def test_both_languages_are_there():
    assert {"en", "de"} <= set(LANGUAGES)
    assert current_language() == "en"


# --- card names ------------------------------------------------------------------------------
ENGLISH = {"Kc": "king of cups", "Qr": "queen of coins", "Cs": "cavalier of swords",
           "Jb": "jack of batons", "1c": "ace of cups", "2r": "two of coins", "10s": "ten of swords",
           "XXI": "trump XXI", "IV": "trump IV", "Fool": "the Fool"}
GERMAN = {"Kc": "Kelch-König", "Qr": "Münz-Königin", "Cs": "Schwert-Ritter", "Jb": "Stab-Bube",
          "1c": "Kelch-Ass", "2r": "Münz-Zwei", "10s": "Schwert-Zehn", "XXI": "Trumpf XXI",
          "IV": "Trumpf IV", "Fool": "der Narr"}


@pytest.mark.parametrize("token", sorted(ENGLISH))
def test_a_card_is_named_in_each_language(token):
    card = Card.parse(token)
    assert card.name == ENGLISH[token]  # Card.name stays the English name
    assert card.name_in("en") == ENGLISH[token]
    assert card.name_in("de") == GERMAN[token]
    before = set_language("de")
    try:
        assert card.name_in() == GERMAN[token] and card.name == ENGLISH[token]
    finally:
        set_language(before)


def test_every_card_has_a_name_of_its_own_in_every_language():
    for lang in LANGUAGES:
        names = [c.name_in(lang) for c in PACK]
        assert len(set(names)) == len(PACK), lang
        assert all(n and "{" not in n for n in names), lang
        for case in CASES:
            said = [c.name_in(lang, case) for c in PACK]
            assert len(set(said)) == len(PACK) and all("{" not in s for s in said), (lang, case)


@pytest.mark.parametrize("token,cases", [
    ("Kc", ("der Kelch-König", "den Kelch-König", "dem Kelch-König")),
    ("Qr", ("die Münz-Königin", "die Münz-Königin", "der Münz-Königin")),
    ("Jb", ("der Stab-Bube", "den Stab-Buben", "dem Stab-Buben")),
    ("1s", ("das Schwert-Ass", "das Schwert-Ass", "dem Schwert-Ass")),
    ("7c", ("die Kelch-Sieben", "die Kelch-Sieben", "der Kelch-Sieben")),
    ("XXI", ("der Trumpf XXI", "den Trumpf XXI", "dem Trumpf XXI")),
    ("Fool", ("der Narr", "den Narren", "dem Narren")),
])
def test_a_german_sentence_gives_a_card_its_article_in_its_case(token, cases):
    assert tuple(Card.parse(token).name_in("de", case) for case in CASES) == cases


def test_an_english_sentence_names_a_card_as_it_always_did():
    """{card:cardname}: "the king of cups", but "trump XXI" and "the Fool" (no "the the")."""
    for token, name in ENGLISH.items():
        said = name if name.startswith(("the ", "trump ")) else "the " + name
        assert {Card.parse(token).name_in("en", case) for case in CASES} == {said}, token
    with pytest.raises(ValueError):
        Card.parse("Kc").name_in("en", "genitive")


def test_the_pack_call_names_the_cards_in_the_language_of_the_call(german):
    names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
    assert {t: names[t] for t in GERMAN} == GERMAN
    set_language("en")
    names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
    assert {t: names[t] for t in ENGLISH} == ENGLISH


def test_a_message_names_a_card_in_its_own_language():
    from troccas.errors import msg
    m = msg("play.turn#table_play", seat=1, card="Jc")
    assert m.render("en") == "seat 1 plays the jack of cups"
    assert m.render("de") == "Platz 1 spielt den Kelch-Buben"
    assert msg("bot.take_back", card="Fool").render("de").startswith("Nimm den Narren zurück")
    assert msg("exercise.rank#answer", card="Kc").render("en") == "Kc, the king of cups"
    # a token that is no card is printed as it came
    assert msg("bot.take_back", card="Zz").render("en").startswith("Take back Zz,")


# --- the options, the clauses, the sources ---------------------------------------------------
def _options_words(r):
    return [o["point"] for o in r["options"]] + [o["note"] for o in r["options"] if o["note"]] \
        + [v["meaning"] for o in r["options"] for v in o["values"]] \
        + list(r["not_options"].values()) + list(r["sources"].values())


def test_the_options_call_speaks_the_language_of_the_call(german):
    de = api.call("options")
    set_language("en")
    en = api.call("options")
    assert [o["name"] for o in de["options"]] == [o["name"] for o in en["options"]] == list(OPTIONS)
    assert set(de["not_options"]) == set(NOT_OPTIONS) and set(de["sources"]) == set(SOURCES)
    words_de, words_en = _options_words(de), _options_words(en)
    assert len(words_de) == len(words_en) and not set(words_de) & set(words_en)
    first = en["options"][0]
    assert first["point"] == "who leads to the first trick"
    assert first["values"][0]["meaning"] == ("the player to the dealer's right leads to the"
                                             " first trick")
    assert de["options"][0]["point"] == "wer zum ersten Stich ausspielt"
    assert en["sources"]["pagat"] == "John McLeod, Troccas (pagat.com, 1995/2008)"


def test_an_option_has_a_note_exactly_where_the_catalogues_have_one():
    for lang in LANGUAGES:
        entries = catalogue("troccas", lang).entries
        for name, opt in OPTIONS.items():
            assert (f"option.{name}.note" in entries) == opt.noted, (lang, name)
            assert f"option.{name}.point" in entries, (lang, name)
            for value in opt.values:
                key = f"option.{name}.{str(value).lower() if value is True or value is False else value}"
                assert key in entries, (lang, key)
        stray = {k.split(".")[1] for k in entries if k.startswith("option.")} - set(OPTIONS)
        assert not stray, (lang, stray)


def test_the_clauses_call_gives_each_title_in_the_language_of_the_call(german):
    de = {c["id"]: c for c in api.call("clauses")["clauses"]}
    set_language("en")
    en = {c["id"]: c for c in api.call("clauses")["clauses"]}
    assert list(en) == list(de) == list(CLAUSES)
    assert en["play.follow_suit"]["title"] == "Follow suit"
    assert de["play.follow_suit"]["title"] == "Farbe bedienen"
    assert all(en[i]["title"] != de[i]["title"] for i in en)
    # the sources' own section titles are cited as they are written; the engine's own words not
    assert de["play.follow_suit"]["sources"] == en["play.follow_suit"]["sources"] == "pagat: The Play"
    assert en["buob.own_king"]["sources"] == "the engine's reading; the sources are silent"
    assert de["buob.own_king"]["sources"] != en["buob.own_king"]["sources"]


# --- puzzles, exercises, bots: words of the call's language, even from a kept puzzle --------
def test_a_kept_exercise_is_said_again_in_the_language_asked(german):
    spec = {"kind": "rank", "cards": "7c Kc Fool"}
    de = api.call("exercise", spec=spec, answer=True)
    set_language("en")
    en = api.call("exercise", spec=spec, answer=True)
    assert [o["text"] for o in de["options"]] == ["Kelch-Sieben", "Kelch-König", "der Narr"]
    assert [o["text"] for o in en["options"]] == ["seven of cups", "king of cups", "the Fool"]
    assert en["answer_text"] == "Kc, the king of cups"
    for spec in ({"kind": "partners", "seed": 4},):
        en = api.call("exercise", spec=spec)
        set_language("de")
        de = api.call("exercise", spec=spec)
        set_language("en")
        assert en["situation"]["players"][0]["label"] == "player A"
        assert de["situation"]["players"][0]["label"] == "Spieler A"
        assert de["options"][0]["text"] == "Spieler A"


def test_a_puzzle_and_an_endgame_without_a_title_take_their_kind_s_in_the_call_s_language(german):
    from troccas.puzzles import KINDS, TITLES
    de = {k: api.call("puzzle", kind=k, seed=1)["title"] for k in KINDS}
    assert de["count"] == "Abzählen" and dict(TITLES) == de
    assert api.call("endgame", seed=1)["title"] == "Endspiel"
    set_language("en")
    en = {k: api.call("puzzle", kind=k, seed=1)["title"] for k in KINDS}
    assert en == {"count": "Counting", "buob": "Buob", "fool": "The Fool's exchange",
                  "legal": "Legal plays", "winner": "Who takes the trick", "scart": "The scart"}
    assert dict(TITLES) == en
    assert api.call("endgame", seed=1)["title"] == "Endgame"


def test_a_bot_s_phrase_means_what_the_catalogue_says_in_the_call_s_language(german):
    rec = api.call("random_hand", seed=3)
    rec["actions"] = []
    de = api.call("bot_action", record=rec, bot="baseline")["say"]
    set_language("en")
    en = api.call("bot_action", record=rec, bot="baseline")["say"]
    assert de["id"] == en["id"] and de["text"] == en["text"]
    assert de["meaning"] != en["meaning"]
    assert de["meaning"] == catalogue("troccas", "de").term(f"phrase.{de['id']}")


def test_every_phrase_has_a_meaning_in_every_language_and_english_is_the_data_s():
    from troccas.bots import signals
    meanings = {p["id"]: p["meaning"]["en"] for p in signals.data()["phrases"]}
    for lang in LANGUAGES:
        entries = catalogue("troccas", lang).entries
        said = {k.removeprefix("phrase."): v for k, v in entries.items() if k.startswith("phrase.")}
        assert set(said) == set(meanings), (lang, set(said) ^ set(meanings))
    en = catalogue("troccas", "en").entries
    stale = {i: m for i, m in meanings.items() if en[f"phrase.{i}"] != m}
    assert not stale, ("troccas/messages/en.json: phrase.<id> is not the data's meaning"
                       f" (troccas/data/tschintschar.json): {stale}")


# --- a card named once, with one article ----------------------------------------------------
# A template that says "the {card:name}" while the name of the Fool is "the Fool" reads "Play the
# the Fool"; "{card:cardname}" gives each card its own article. Every template of either
# catalogue that names a card, rendered with every card of the pack, to the table and to the
# card's player: no article doubled.
ARTICLES = {"en": ("the", "a", "an"), "de": ("der", "die", "das", "den", "dem", "des")}
CARD_FIELDS = ("card", "other", "best", "winner")
FILL = {"seat": 1, "owner": 2, "suit": "c", "n": 3, "worth": 9, "samples": 40, "score": "+3",
        "margin": "1.5", "roman": "XV", "rank": "K", "cards": ["3c", "4c"], "why": "",
        "led": "c", "player": 1, "other_seat": 3}


def _card_templates(lang):
    cat = catalogue("troccas", lang)
    for key, value in cat.entries.items():
        if not isinstance(value, str) or "@" in key:
            continue
        fields = cat.fields(key)
        if fields & set(CARD_FIELDS) and fields <= set(CARD_FIELDS) | set(FILL):
            yield key, fields


@pytest.mark.parametrize("lang", sorted(ARTICLES))
def test_no_template_doubles_a_cards_article(lang):
    from troccas.errors import msg
    templates = list(_card_templates(lang))
    assert any(k.startswith("bot.") for k, _ in templates), "the bots' hints name cards"
    bad = []
    for card in PACK:
        # The card's name as sentences say it, with its article ("the Fool", "den Narren"),
        # and its bare name when that has one of its own ("the Fool"): an article before it
        # is one too many. ("die die Partei" is German: a relative pronoun after an article.)
        names = {card.name_in(lang, case) for case in CASES} | {card.name_in(lang)}
        named = [n for n in names if n.split()[0].lower() in ARTICLES[lang]]
        doubled = re.compile(r"\b(?:%s) (?:%s)\b" % ("|".join(ARTICLES[lang]),
                                                    "|".join(map(re.escape, named))), re.I) \
            if named else None
        for key, fields in templates:
            params = {f: FILL[f] for f in fields if f in FILL}
            params.update({f: card.token for f in fields if f in CARD_FIELDS})
            for viewer in (None, FILL["seat"]):
                text = msg(key, **params).render(lang, viewer)
                if doubled and doubled.search(text):
                    bad.append(f"{key} ({card.token}): {text}")
    assert bad == [], bad[:5]


@pytest.mark.parametrize("lang, words", [("en", "the king and the jack of swords together"),
                                         ("de", "König und Buben der Schwerter zusammen")])
def test_a_search_hint_names_king_and_jack_played_together_in_words(lang, words):
    """The search bot's figures name the play measured and the next best: king and jack
    played together is an action (id 122 for swords), not a card, and is said in words."""
    from troccas.actions import KING_JACK
    from troccas.bots.search import _named
    from troccas.cards import SUITS
    from troccas.errors import msg
    kj = KING_JACK + SUITS.index("s")
    figures = {"samples": 6, "score": "+6", "margin": "0.3"}
    text = msg("bot.search#details", card=_named(kj), other=_named(PACK[0].id),
               **figures).render(lang)
    assert words in text and str(kj) not in text, text
    text = msg("bot.search#details", card=_named(PACK[0].id), other=_named(kj),
               **figures).render(lang)
    assert words in text and str(kj) not in text, text
