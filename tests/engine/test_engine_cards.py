"""The pack, the notation and the counting (pagat: Players and Cards; Scoring; arcane; wiki-de)."""

import pytest
from hypothesis import given, settings, strategies as st

from troccas import Card, PACK, ranking_order
from troccas.cards import POINTS, parse_ids
from troccas.counting import count, points
from troccas.errors import DuplicateCardError, InvalidCardError, TroccasError


# --- notation ---------------------------------------------------------------------------------
def test_notation_every_card_round_trips():
    for card in PACK:
        assert Card.parse(str(card)) is card
        assert Card.parse(str(card).lower()) is card
        assert Card.parse(str(card).upper()) is card
        assert eval(repr(card)) is card  # a repr you can paste back


@pytest.mark.parametrize("token,canonical", [
    ("IIII", "IV"), ("iv", "IV"), ("VIIII", "IX"), ("XIIII", "XIV"), ("XVIIII", "XIX"),
    ("narr", "Fool"), ("FOOL", "Fool"), ("kc", "Kc"), ("cC", "Cc"), ("10S", "10s"),
    ("Ab", "1b"), ("jr", "Jr"), ("xxi", "XXI"),
])
def test_notation_aliases_have_one_canonical_form(token, canonical):
    assert str(Card.parse(token)) == canonical


@pytest.mark.parametrize("token,fragment", [
    ("Zz", "'Zz' is not a card"), ("11c", "'11' is not a rank"), ("XXII", "I to XXI"),
    ("", "empty"), ("K", "'K' is not a card"), ("0b", "'0' is not a rank"),
])
def test_notation_bad_tokens_are_named(token, fragment):
    with pytest.raises(InvalidCardError) as exc:
        Card.parse(token)
    assert fragment in str(exc.value)
    assert exc.value.rule == "notation"


def test_notation_duplicate_card_is_refused():
    with pytest.raises(DuplicateCardError, match="'kc' is named twice"):
        parse_ids("Kc 3c kc")


@settings(max_examples=2000, deadline=None)
@given(st.text(max_size=12))
def test_notation_fuzz_only_documented_errors(text):
    try:
        cards = Card.parse_many(text)
    except TroccasError as exc:
        assert isinstance(exc, (InvalidCardError, DuplicateCardError))
        assert "\n" not in str(exc)
    else:
        assert all(isinstance(c, Card) for c in cards)


# --- the pack (pagat: Players and Cards) --------------------------------------------------------
def test_pack_has_78_cards_21_trumps_four_suits_of_14_and_the_fool():
    assert len(PACK) == 78
    assert sum(c.is_trump for c in PACK) == 21
    assert sum(c.is_fool for c in PACK) == 1
    for suit in "crsb":
        assert sum(c.suit == suit for c in PACK) == 14


def test_pack_values_pagat_scoring():
    value = {c.token: c.points for c in PACK}
    assert [value[t] for t in ("XXI", "I", "Fool", "Kc", "Kr", "Ks", "Kb")] == [5] * 7
    assert {value[f"Q{s}"] for s in "crsb"} == {4}
    assert {value[f"C{s}"] for s in "crsb"} == {3}
    assert {value[f"J{s}"] for s in "crsb"} == {2}
    assert {value[t.token] for t in PACK if t.is_numeral} == {1}
    assert {value[t] for t in ("II", "XX", "XI")} == {1}
    assert sum(POINTS) == 130


def test_ranking_round_suits_ace_high_long_suits_ten_high():
    """pagat: cups and coins K Q C J 1 2 … 10; swords and batons K Q C J 10 9 … 1."""
    order = [c.token for c in ranking_order()]
    assert order[:14] == "Kc Qc Cc Jc 1c 2c 3c 4c 5c 6c 7c 8c 9c 10c".split()
    assert order[14:28] == "Kr Qr Cr Jr 1r 2r 3r 4r 5r 6r 7r 8r 9r 10r".split()
    assert order[28:42] == "Ks Qs Cs Js 10s 9s 8s 7s 6s 5s 4s 3s 2s 1s".split()
    assert order[42:56] == "Kb Qb Cb Jb 10b 9b 8b 7b 6b 5b 4b 3b 2b 1b".split()
    assert order[56:77] == [Card(n).token for n in range(21, 0, -1)]
    assert order[77] == "Fool"


def test_printed_numerals_are_additive():
    assert Card.parse("IV").roman == "IIII" and Card.parse("XIX").roman == "XVIIII"


# --- counting (pagat: Scoring; arcane's worked examples) -----------------------------------------
@pytest.mark.parametrize("pile,expected,source", [
    ("Qc 3c 4s 5b", 4, "pagat: a queen plus three numeral cards is 4"),
    ("Kc Cc XXI XV", 11, "pagat: king, cavalier, XXI and XV make 11"),
    ("Kr Qr Jr 3s", 9, "arcane: king, queen, valet, suit card = 9"),
    ("X Qs Cs 3b", 6, "arcane: trump, queen, knight, suit card = 6"),
    ("II III IV Fool", 5, "arcane: three trumps and the Fool = 5"),
    ("XXI I Qb 7c", 12, "arcane: XXI, I, queen, suit card = 12"),
    ("II III IV V", 1, "arcane: four trumps = 1"),
    ("1c 2c 3c 4c", 1, "arcane: four suit cards = 1"),
    ("VI VII 8c 9c", 1, "arcane: two trumps, two suit cards = 1"),
])
def test_count_fours_worked_examples(pile, expected, source):
    assert count(parse_ids(pile)).points == expected, source


def test_count_fours_odd_pair_is_sum_less_one():
    """pagat: the dealer's two odd cards are worth their sum less 1."""
    r = count(parse_ids("Kc Qc Cc Jc Qs 3b"))
    assert [g.points for g in r.groups] == [11, 4]


def test_count_whole_pack_totals():
    """pagat: 72 in fours; 78 in threes; 127 singly with three scart cards."""
    ids = [c.id for c in PACK]
    assert points(ids, "fours") == 72 == count(ids, "fours").points
    assert points(ids, "threes") == 78 == count(ids, "threes").points
    scart = parse_ids("3c 4c 5c")
    assert points(ids, "singly", scart) == 127 == count(ids, "singly", scart=scart).points


@settings(max_examples=300, deadline=None)
@given(st.permutations(list(range(78))), st.integers(1, 19))
def test_count_per_trick_reckoning_gives_the_same_totals(deck, k):
    """wiki-de: plain cards 0, a trick is its scorers' sum less (scorers - 1), an empty
    trick 1 — the same figures as pagat's groups of four."""
    pile = deck[:4 * k]
    total = 0
    for i in range(0, len(pile), 4):
        scorers = [POINTS[c] for c in pile[i:i + 4] if POINTS[c] > 1]
        total += sum(scorers) - (len(scorers) - 1) if scorers else 1
    assert total == points(pile, "fours")


# --- each language's codes (issue 27: the German edition writes the cards in German) ---------
from cardgame.messages import catalogue, languages  # noqa: E402
from troccas.cards import as_code, codes, format_cards  # noqa: E402

LANGUAGES = languages("troccas")
ENGLISH_READS = {t.lower() for t in ("Fool", "narr", "il narr")} | {
    str(c).lower() for c in PACK} | {c.roman.lower() for c in PACK if c.roman} | {
    "a" + s for s in "crsb"}


def test_german_codes_are_the_german_names_initials():
    """wiki-de's names as the site uses them: König K, Königin Kn, Ritter R, Bube B; Kelche k,
    Münzen m, Schwerter s, Stäbe st; der Narr. Trumps and numerals as in English."""
    assert [Card.parse(t).code_in("de") for t in ("Kc", "Qr", "Cs", "Jb", "Fool", "10b", "1c",
                                                  "XXI", "IV")] == \
        ["Kk", "Knm", "Rs", "Bst", "Narr", "10st", "1k", "XXI", "IV"]
    assert format_cards([c.id for c in map(Card.parse, "XXI I Fool Kb".split())], "de") == \
        "XXI I Narr Kst"


def test_english_codes_are_the_canonical_tokens():
    assert codes("en") == tuple(str(c) for c in sorted(PACK))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_of_every_language_reads_back_as_its_card(lang):
    for card in PACK:
        code = card.code_in(lang)
        for spelling in (code, code.lower(), code.upper(), str(card)):
            assert Card.parse(spelling) is card, (lang, spelling)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_code_of_a_language_names_another_card_in_english(lang):
    """A German code is either no English token at all or the same card's ("Ks", "10s")."""
    english = {}
    for card in PACK:
        english[str(card).lower()] = card
    for card in PACK:
        code = card.code_in(lang).lower()
        assert english.get(code, card) is card, (lang, card.code_in(lang))
        assert code not in ENGLISH_READS or Card.parse(code) is card


@given(st.sampled_from(LANGUAGES), st.lists(st.sampled_from(PACK), min_size=1, max_size=20,
                                             unique=True))
@settings(max_examples=200, deadline=None)
def test_a_pile_written_in_any_language_parses_back_to_the_pile(lang, pile):
    text = format_cards([c.id for c in pile], lang)
    assert Card.parse_many(text) == pile
    mixed = " ".join(c.code_in(lang) if i % 2 else str(c) for i, c in enumerate(pile))
    assert Card.parse_many(mixed) == pile


@given(st.text(alphabet="KkNnRrBbSsTtMmQqCcJjAa0123456789IVXFolar", min_size=1, max_size=5))
@settings(max_examples=500, deadline=None)
def test_a_token_names_at_most_one_card_whatever_language_wrote_it(token):
    """Every spelling read is unambiguous: if a token is some language's code, or an English
    token, it is that one card, and parsing gives it."""
    meant = {card for lang in LANGUAGES for card in PACK
             if card.code_in(lang).lower() == token.lower()}
    meant |= {card for card in PACK if token.lower() in (str(card).lower(),
                                                         (card.roman or "").lower())}
    assert len(meant) <= 1, (token, meant)
    if meant:
        assert Card.parse(token) is meant.pop()


def test_a_message_prints_cards_in_its_catalogues_notation():
    from troccas.errors import msg
    m = msg("puzzle.count#group_four", cards=["XXI", "I", "Fool", "Kb"], values="5 + 5 + 5 + 5",
            sum=20, points=17)
    assert m.render("de").startswith("XXI I Narr Kst: 5 + 5 + 5 + 5 = 20")
    assert m.render("en").startswith("XXI I Fool Kb: 5 + 5 + 5 + 5 = 20")
    assert msg("play.in_hand", card="Qr").render("de") == "du hast Knm nicht auf der Hand"
    assert as_code(["Qr", "keep", 3], "de") == ["Knm", "keep", 3]  # only cards change


def test_the_catalogues_state_their_codes_in_the_notation_help():
    """The German refusal of a token that is no card names the German codes and says that the
    English ones are read too."""
    text = str(pytest.raises(InvalidCardError, Card.parse, "Zz").value.msg.render("de"))
    data = catalogue("troccas", "de").entry("card.code")
    for code in (data["fool"], *data["rank"].values(), *data["suit"].values()):
        assert code in text
    assert "Fool" in text and "Kc" in text
