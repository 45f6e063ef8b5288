"""The pack and the card notation.

Inside the engine a card is a small int (its *id*, 0–77) so that hands can be bitmasks; the
public face is :class:`Card`, an interned immutable value with a parse/str pair::

    >>> Card.parse("kc")
    Card.parse('Kc')
    >>> str(Card.parse("IIII")), Card.parse("narr").points
    ('IV', 5)

Notation (pagat's ranks, Romansh suit initials):

* trumps: Roman numerals ``I`` … ``XXI``; both ``IV`` and ``IIII`` (as printed on the cards) are
  read, ``IV`` is written;
* the Fool: ``Fool`` or ``narr``;
* suit cards: rank + suit — ranks ``K Q C J 1`` … ``10`` (``A`` is read as ``1``), suits
  ``c`` cuppas (cups), ``r`` rosas (coins), ``s`` spadas (swords), ``b`` bastuns (batons).

Input is case-insensitive; the tokens above are the canonical ones (``Kc``, ``10s``, ``XXI``,
``Fool``): the engine's data, records and results carry them, and ``str(card)`` is one.

Each language also writes the cards in its own words: its catalogue's ``card.code`` entry gives
the Fool's code and the codes of the court ranks and the suits (numerals and trumps are the
same in every language). A reader's text — a message, a solution, a card's label — shows the
codes of its language (:meth:`Card.code_in`, :func:`code`); every language's codes are read as
input in every language, beside the canonical tokens, and no code may name one card in one
language and another card in another (checked when they are first read)::

    >>> Card.parse("Kc").code_in("de"), Card.parse("Knst"), Card.parse("narr").code_in("de")
    ('Kk', Card.parse('Qb'), 'Narr')
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from cardgame.cards import Notation, ids_of_mask
from cardgame.cards import mask_of as mask_of  # noqa: F401 - mask_of is public here
from cardgame.messages import Catalogue, catalogue, register_formatter

from .errors import DOMAIN, DuplicateCardError, InvalidCardError, Message, msg, quote

# --- ids -----------------------------------------------------------------------------------
# 0 is the Fool, 1..21 the trumps by number, then 14 cards per suit in the order of SUITS,
# ranks in the order of RANKS.  The order is the pack's "ranking order" used for sorting.
FOOL = 0
SUITS = ("c", "r", "s", "b")
# The suits' English names as the results' ids (a trick's "led" suit); a reader's words for a
# suit are the catalogue's (suit.c …), and a card's name too (card_name).
SUIT_NAMES = ("cups", "coins", "swords", "batons")
SUIT_ROMANSH = ("cuppas", "rosas", "spadas", "bastuns")
ROUND_SUITS = (0, 1)  # cups and coins: ace high among the numerals
TRUMP = 4  # pseudo-suit index of trumps
FOOL_SUIT = 5  # pseudo-suit index of the Fool
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
JACK, CAVALIER, QUEEN, KING = 10, 11, 12, 13
N_CARDS = 78

_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI")
# As printed on the Swiss 1JJ cards (pagat's table): additive fours and nines.
_ROMAN_PRINTED = ("", "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "VIIII", "X", "XI",
                  "XII", "XIII", "XIIII", "XV", "XVI", "XVII", "XVIII", "XVIIII", "XX", "XXI")


def suit_card(suit: int, rank: int) -> int:
    return 22 + suit * 14 + rank


def _build_tables() -> tuple[list[int], list[int], list[int], list[int], list[str]]:
    suit_of = [0] * N_CARDS
    rank_of = [-1] * N_CARDS
    points = [1] * N_CARDS
    strength = [0] * N_CARDS  # comparable within a suit, and among trumps
    token = [""] * N_CARDS
    suit_of[FOOL] = FOOL_SUIT
    points[FOOL] = 5
    token[FOOL] = "Fool"
    for n in range(1, 22):
        suit_of[n] = TRUMP
        rank_of[n] = n
        strength[n] = n
        token[n] = _ROMAN[n]
        points[n] = 5 if n in (1, 21) else 1
    for s in range(4):
        for r in range(14):
            cid = suit_card(s, r)
            suit_of[cid] = s
            rank_of[cid] = r
            token[cid] = RANKS[r] + SUITS[s]
            points[cid] = {KING: 5, QUEEN: 4, CAVALIER: 3, JACK: 2}.get(r, 1)
            if r >= JACK:
                strength[cid] = r  # courts on top in every suit
            elif s in ROUND_SUITS:
                strength[cid] = 9 - r  # cups, coins: 1 highest … 10 lowest
            else:
                strength[cid] = r  # swords, batons: 10 highest … 1 lowest
    return suit_of, rank_of, points, strength, token


SUIT_OF, RANK_OF, POINTS, STRENGTH, TOKEN = _build_tables()
HONOURS = frozenset(c for c in range(N_CARDS) if POINTS[c] == 5)
SUIT_MASK = [0] * 6
for _c in range(N_CARDS):
    SUIT_MASK[SUIT_OF[_c]] |= 1 << _c
ALL_MASK = (1 << N_CARDS) - 1

# --- parsing -------------------------------------------------------------------------------
_LOOKUP: dict[str, int] = {"fool": FOOL, "narr": FOOL, "il narr": FOOL}
for _n in range(1, 22):
    _LOOKUP[_ROMAN[_n].lower()] = _n
    _LOOKUP[_ROMAN_PRINTED[_n].lower()] = _n
for _s in range(4):
    for _r in range(14):
        _LOOKUP[(RANKS[_r] + SUITS[_s]).lower()] = suit_card(_s, _r)
    _LOOKUP["a" + SUITS[_s]] = suit_card(_s, 0)


def _explain_bad_token(token: str) -> Message:
    t = token.strip()
    low = t.lower()
    if not t:
        return msg("notation#empty")
    if set(low) <= set("ivxlcdm") and any(ch in low for ch in "ivx") and not low.endswith(("c",)):
        return msg("notation#roman", token=t)
    if low[-1:] in SUITS and len(low) >= 2:
        return msg("notation#rank", token=t, rank=low[:-1], suit=low[-1])
    return msg("notation#unknown", token=t)


# --- each language's codes ------------------------------------------------------------------
_CODES: dict[str, tuple[str, ...]] = {}
_CANONICAL = {t: cid for cid, t in enumerate(TOKEN)}


def codes(language: str | None = None) -> tuple[str, ...]:
    """The 78 cards' codes in ``language`` (by default the current one), by card id: the
    catalogue's ``card.code`` — ``{"fool": …, "rank": {"K": …, "Q": …, "C": …, "J": …},
    "suit": {"c": …, "r": …, "s": …, "b": …}}`` — applied to the canonical tokens."""
    cat = catalogue(DOMAIN, language)
    hit = _CODES.get(cat.language)
    if hit is None:
        hit = _CODES[cat.language] = _codes_of(cat)
    return hit


def _codes_of(cat: Catalogue) -> tuple[str, ...]:
    data = cat.entry("card.code")
    out = list(TOKEN)
    out[FOOL] = data["fool"]
    for cid in range(22, N_CARDS):
        rank = RANKS[RANK_OF[cid]]
        out[cid] = data["rank"].get(rank, rank) + data["suit"][SUITS[SUIT_OF[cid]]]
    return tuple(out)


def code(cid: int, language: str | None = None) -> str:
    """Card ``cid``'s code in ``language`` (by default the current one): "Kc"; "Kk" in German."""
    return codes(language)[cid]


def as_code(value: Any, language: str | None = None) -> Any:
    """What a reader of ``language`` (by default the current one) sees for ``value``: a
    canonical token as its code ("Kc" -> "Kk" in German), a list or tuple item by item, and
    anything else as it is (a number, a word such as 'keep')."""
    if isinstance(value, (list, tuple)):
        return [as_code(v, language) for v in value]
    cid = _CANONICAL.get(value) if isinstance(value, str) else None
    return value if cid is None else codes(language)[cid]


def _other_spellings() -> dict[str, int]:
    """Every language's codes, lower case -> card, for the reader of tokens. A code that would
    name two cards (one language's code another's or the canonical token of a different card)
    is an error in a catalogue: the notation would not read back."""
    from cardgame.messages import CatalogueError, languages
    seen = dict(_LOOKUP)
    for lang in languages(DOMAIN):
        for cid, c in enumerate(codes(lang)):
            key = c.lower()
            if seen.setdefault(key, cid) != cid:
                raise CatalogueError(f"{DOMAIN}/{lang}: the code {c!r} of {TOKEN[cid]} already"
                                     f" names {TOKEN[seen[key]]}")
    return seen


def _code_formatter(value: object, cat: Catalogue) -> str:
    """A text in a message: a canonical card token becomes the catalogue's code for it."""
    code: str = as_code(value, cat.language)  # a text stays a text
    return code


register_formatter(DOMAIN, "code", _code_formatter)

# The notation, read by the game-neutral reader (cardgame.cards) with Troccas's tokens, aliases
# and messages, and the other languages' codes once a token is none of the canonical ones.
_NOTATION = Notation(TOKEN, _LOOKUP, msg=msg, explain=_explain_bad_token,
                     invalid=InvalidCardError, duplicate=DuplicateCardError,
                     more=_other_spellings)
parse_id = _NOTATION.parse_id  # one token -> card id; InvalidCardError naming the token
split_tokens = _NOTATION.split  # a pile as text ("Kc, XXI 10s") or a list -> its tokens
parse_ids = _NOTATION.parse_ids  # a pile -> card ids; a card named twice: DuplicateCardError

_IDS_CACHE: dict[int, tuple[int, ...]] = {}


def ids_of(mask: int) -> tuple[int, ...]:
    """The card ids in a mask, in id order."""
    hit = _IDS_CACHE.get(mask)
    if hit is not None:
        return hit
    hit = ids_of_mask(mask, N_CARDS)
    if len(_IDS_CACHE) < 100_000:  # legal sets repeat: mostly one suit's cards in a hand
        _IDS_CACHE[mask] = hit
    return hit


# --- the public value type -----------------------------------------------------------------
class Card:
    """One card of the pack. Instances are interned: ``Card.parse('Kc') is Card.parse('kc')``."""

    __slots__ = ("id",)
    id: int
    _all: list["Card"] = []

    def __new__(cls, cid: int) -> "Card":
        try:
            return cls._all[cid]
        except (IndexError, TypeError):
            raise InvalidCardError(msg("notation#id", value=quote(cid))) from None

    @classmethod
    def _make(cls, cid: int) -> "Card":
        obj = object.__new__(cls)
        object.__setattr__(obj, "id", cid)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, token: str) -> "Card":
        return cls._all[parse_id(token)]

    @classmethod
    def parse_many(cls, text: str | Iterable[str], *, unique: bool = True) -> list["Card"]:
        return [cls._all[c] for c in parse_ids(text, unique=unique)]

    def __str__(self) -> str:
        return TOKEN[self.id]

    def __repr__(self) -> str:
        return f"Card.parse({TOKEN[self.id]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.id,))

    def __lt__(self, other: "Card") -> bool:
        return self.id < other.id

    @property
    def token(self) -> str:
        """The canonical token ("Kc"), the same in every language: the engine's data."""
        return TOKEN[self.id]

    def code_in(self, language: str | None = None) -> str:
        """The card's code in ``language`` (by default the current one): what a reader of that
        language sees ("Kc"; "Kk" in German). See the module's docstring."""
        return codes(language)[self.id]

    def rank_code_in(self, language: str | None = None) -> str | None:
        """A suit card's rank as ``language`` writes it in its code ("Q"; "Kn" in German), or
        None for a trump and the Fool."""
        rank = self.rank
        if rank is None:
            return None
        code: str = catalogue(DOMAIN, language).entry("card.code")["rank"].get(rank, rank)
        return code

    @property
    def points(self) -> int:
        """Card value: 5 honours and kings, 4 queens, 3 cavaliers, 2 jacks, else 1 (pagat)."""
        return POINTS[self.id]

    @property
    def is_fool(self) -> bool:
        return self.id == FOOL

    @property
    def is_trump(self) -> bool:
        return SUIT_OF[self.id] == TRUMP

    @property
    def is_honour(self) -> bool:
        """The 5-point cards: XXI, I, the Fool and the kings (ils honors)."""
        return POINTS[self.id] == 5

    @property
    def is_court(self) -> bool:
        return RANK_OF[self.id] >= JACK and SUIT_OF[self.id] < 4

    @property
    def is_numeral(self) -> bool:
        """A numeral card of a suit (a lecra)."""
        return SUIT_OF[self.id] < 4 and RANK_OF[self.id] < JACK

    @property
    def suit(self) -> str | None:
        """'c', 'r', 's' or 'b' for suit cards; None for trumps and the Fool."""
        s = SUIT_OF[self.id]
        return SUITS[s] if s < 4 else None

    @property
    def rank(self) -> str | None:
        """'K', 'Q', 'C', 'J', '1'…'10' for suit cards; None otherwise."""
        return RANKS[RANK_OF[self.id]] if SUIT_OF[self.id] < 4 else None

    @property
    def number(self) -> int | None:
        """The trump's number 1–21, or None."""
        return self.id if SUIT_OF[self.id] == TRUMP else None

    @property
    def roman(self) -> str | None:
        """The numeral as printed on the card (``IIII``, ``XVIIII``), or None."""
        return _ROMAN_PRINTED[self.id] if SUIT_OF[self.id] == TRUMP else None

    @property
    def kind(self) -> str:
        s = SUIT_OF[self.id]
        return "fool" if s == FOOL_SUIT else "trump" if s == TRUMP else "suit"

    @property
    def name(self) -> str:
        """The English name: 'king of cups', 'trump XXI', 'the Fool' (see :meth:`name_in`)."""
        return card_name(self.id, catalogue(DOMAIN, "en"))

    def name_in(self, language: str | None = None, case: str | None = None) -> str:
        """The card's name in ``language`` (by default the current one, set_language): "king
        of cups", "Kelch-König". With ``case`` (one of ``CASES``) the name as a sentence says
        it, with its article where the language puts one: "the king of cups", "trump XXI";
        "den Kelch-König", "dem Narren"."""
        if case is not None and case not in CASES:
            raise ValueError(f"case must be one of {CASES}, not {case!r}")
        return card_name(self.id, catalogue(DOMAIN, language), case)


Card._all = [Card._make(i) for i in range(N_CARDS)]
PACK: tuple[Card, ...] = tuple(Card._all)


def ranking_order() -> Iterator[Card]:
    """The pack high to low per suit, trumps XXI…I, then the Fool."""
    for s in range(4):
        yield from sorted((Card(c) for c in range(N_CARDS) if SUIT_OF[c] == s),
                          key=lambda k: -STRENGTH[k.id])
    for n in range(21, 0, -1):
        yield Card(n)
    yield Card(FOOL)


RANKING_INDEX = {card.id: i for i, card in enumerate(ranking_order())}


def sort_ids(ids: Iterable[int]) -> list[int]:
    """Ids in the pack's ranking order: each suit high to low, trumps XXI…I, the Fool."""
    return sorted(ids, key=RANKING_INDEX.__getitem__)


def format_cards(ids: Iterable[int], language: str | None = None) -> str:
    """Cards as a reader of ``language`` (by default the current one) writes them."""
    table = codes(language)
    return " ".join(table[c] for c in ids)


# --- names in words ------------------------------------------------------------------------
# A card's name is the catalogue's, in the language of the catalogue that renders it: the
# message card.name#suit ("{rank:rank} of {suit:suit}"; "{suit:suit_one}-{rank:rank}"),
# card.name#trump or card.name#fool. A sentence that needs the article (and, in German, its
# case) takes card.the#<kind>[case], the kind being card.gender[rank] for a suit card ("m",
# "f", "n", or "m_weak" for a noun such as der Bube, den Buben), "trump" or "fool". Names are
# not in the hot path: messages naming a card are kept rendered by their catalogue.
CASES = ("nom", "acc", "dat")


def name_message(cid: int) -> Message:
    """The message that names card ``cid`` (it renders in any language)."""
    s = SUIT_OF[cid]
    if s == FOOL_SUIT:
        return msg("card.name#fool")
    if s == TRUMP:
        return msg("card.name#trump", roman=_ROMAN[cid])
    return msg("card.name#suit", rank=RANKS[RANK_OF[cid]], suit=SUITS[s])


def card_name(cid: int, cat: Catalogue, case: str | None = None) -> str:
    """Card ``cid``'s name in the words of ``cat``; with ``case`` ("nom", "acc" or "dat") as a
    sentence says it, with the article (see above)."""
    name = cat.render(name_message(cid))
    if case is None:
        return name
    s = SUIT_OF[cid]
    kind = ("fool" if s == FOOL_SUIT else "trump" if s == TRUMP
            else cat.entry("card.gender")[RANKS[RANK_OF[cid]]])
    said: str = cat.entry(f"card.the#{kind}")[case].format(name=name)
    return said


def _namer(case: str | None) -> Callable[[Any, Catalogue], str]:
    def fmt(token: Any, cat: Catalogue) -> str:  # whatever a message holds
        try:
            cid = parse_id(token)
        except (InvalidCardError, TypeError, AttributeError):  # a message renders whatever it got
            return str(token)
        return card_name(cid, cat, case)
    return fmt


# In a message: {card:name} — the card's name alone ("ten of cups"; the bots' reasons say "the
# {card:name}"); {card:cardname} — with its article ("the ten of cups"), in German in the
# nominative; {card:cardname_acc}, {card:cardname_dat} — the German accusative and dative (the
# same words in English). Card tokens stay the parameters, so each language names the card in
# its own words.
for _kind, _case in (("name", None), ("cardname", "nom"), ("cardname_acc", "acc"),
                     ("cardname_dat", "dat")):
    register_formatter(DOMAIN, _kind, _namer(_case))
