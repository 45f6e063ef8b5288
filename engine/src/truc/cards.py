"""The packs and their ranking. A card is a small int, its index in the pack; only its rank
counts in play ("the suits are not important", truc), so each pack is a list of ranks from
the highest down and four suits.

Catalan pack (truc): oros, copes, espases, bastos; 1-7, sota (10), cavall (11), rei (12); the
order from the highest 3, 2, 1, 12, 11, 10, 7, 6, 5, 4. Tokens: the rank (``1``-``7``, ``S``
sota, ``C`` cavall, ``R`` rei) and the suit's letter (``o`` ``c`` ``e`` ``b``): ``3o``, ``Rb``.

French packs (truc, "Truc in France"): hearts, diamonds, clubs, spades (``h d c s``); ranks
A, R (roi), D (dame), V (valet), 10-6. Their orders are the rule option ``pack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgame.cards import Notation
from cardgame.messages import catalogue, register_formatter

from .errors import DOMAIN, DuplicateCardError, InvalidCardError, msg

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cardgame.messages import Catalogue, Message

CATALAN_SUITS = ("o", "c", "e", "b")
DEFAULT = "catalan40"  # the pack of the Catalan game, the rule option's default
FRENCH_SUITS = ("h", "d", "c", "s")

# Each pack: its suits and its ranks from the highest to the lowest (the order that wins).
PACKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # truc: "3, 2, 1, 12, 11, 10, 7, 6, 5, 4".
    "catalan40": (CATALAN_SUITS, ("3", "2", "1", "R", "C", "S", "7", "6", "5", "4")),
    # truc: the old 36-card pack, "7, 6, A, R, D, V, 10, 9, 8".
    "french36": (FRENCH_SUITS, ("7", "6", "A", "R", "D", "V", "10", "9", "8")),
    # truc: the 32-card pack, the eight in the six's place. The page writes "7, 8, A, K, R, D,
    # V, 10, 9" — nine ranks for a pack of eight, K and R both a king; read as 7, 8, A, R, D,
    # V, 10, 9 (one king).
    "french32": (FRENCH_SUITS, ("7", "8", "A", "R", "D", "V", "10", "9")),
    # truc: "in some places ... the eight beats the seven".
    "french32_eight_high": (FRENCH_SUITS, ("8", "7", "A", "R", "D", "V", "10", "9")),
    # truc, after Lanes: "the 8 is the lowest card rather than the second highest".
    "french32_eight_low": (FRENCH_SUITS, ("7", "A", "R", "D", "V", "10", "9", "8")),
}

# A card's words are the catalogue's (card.name, card.rank.<family>.<rank>,
# card.suit.<family>.<suit>), so each language names the cards in its own words and with its
# own articles ("the ace of oros", "l'as d'oros"); the French packs share one family.


class Pack:
    """One pack: ``tokens[card]``, ``power[card]`` (higher wins; equal ranks are equal),
    ``size`` and the notation that reads tokens."""

    def __init__(self, name: str) -> None:
        suits, ranks = PACKS[name]
        self.name = name
        self.suits = suits
        self.ranks = ranks
        self.tokens = tuple(r + s for s in suits for r in ranks)
        self.size = len(self.tokens)
        top = len(ranks)
        self.power = tuple(top - ranks.index(t[:-1]) for t in self.tokens)
        # A card as a message carries it ({card:cardname}): its token, and outside the default
        # pack the pack's name after a '@' ("7c@french36"), since one token may name a card of
        # two packs (7c: the 7 of copes, the 7 of clubs).
        self.said = self.tokens if name == DEFAULT else tuple(f"{t}@{name}" for t in self.tokens)
        self.rank_of = tuple(t[:-1] for t in self.tokens)
        self.suit_of = tuple(t[-1] for t in self.tokens)
        lookup = {t.lower(): i for i, t in enumerate(self.tokens)}
        if name == "catalan40":  # the numbers the page also uses: 10 sota, 11 cavall, 12 rei
            for i, t in enumerate(self.tokens):
                alias = {"S": "10", "C": "11", "R": "12"}.get(t[:-1])
                if alias:
                    lookup[(alias + t[-1]).lower()] = i
        self.notation = Notation(self.tokens, lookup, msg=msg, explain=self._explain,
                                 invalid=InvalidCardError, duplicate=DuplicateCardError)

    def said_of(self, token: str) -> str:
        """The card of ``token`` as a message carries it (``said``)."""
        return self.said[self.tokens.index(token)]

    def _explain(self, token: str) -> Message:
        return msg("notation#unknown", token=token, pack=self.name,
                   example=", ".join(self.tokens[:3]))

    def parse(self, text: str | Iterable[str]) -> list[int]:
        return self.notation.parse_ids(text)

    def name_of(self, card: int, cat: Catalogue | None = None) -> str:
        """A card in words, in the catalogue's language (the current one unless given): "the 3
        of oros", "the rei of bastos"."""
        cat = cat or catalogue(DOMAIN)
        family = "catalan" if self.name == "catalan40" else "french"
        return str(cat.entry("card.name")).format(
            rank=cat.entry(f"card.rank.{family}.{self.rank_of[card]}"),
            suit=cat.entry(f"card.suit.{family}.{self.suit_of[card]}"))


_PACKS: dict[str, Pack] = {}


def pack(name: str = DEFAULT) -> Pack:
    if name not in _PACKS:
        _PACKS[name] = Pack(name)
    return _PACKS[name]


def card_name(token: str, pack_name: str = DEFAULT, cat: Catalogue | None = None) -> str:
    """A card of the pack ``pack_name`` in words: the one function that names a card."""
    p = pack(pack_name)
    return p.name_of(p.tokens.index(token), cat)


def _card_name(said: object, cat: Catalogue) -> str:
    """{card:cardname}: a card as a message carries it (``Pack.said``: its token, and its pack
    outside the default one) said in words ("the cavall of oros", "the 7 of clubs"); tokens stay
    the parameters, so another language names the card in its own words."""
    token, _, name = str(said).partition("@")
    name = name or DEFAULT
    if name in PACKS and token in pack(name).tokens:
        return card_name(token, name, cat)
    return str(said)


# Registered with the packs it reads, not with the errors: every module that says a card in a
# message imports the cards, and the errors need not import them back.
register_formatter(DOMAIN, "cardname", _card_name)
