"""Trick rules on card ids: who wins, what may be played, and why not.

These are the hot functions of the engine; they take ints and masks so that a hand of play
costs a few microseconds a card. The friendly wrappers live in :mod:`troccas.hand`.
"""

from __future__ import annotations

from typing import Sequence

from cardgame.verdict import Verdict

from .cards import (FOOL, FOOL_SUIT, JACK, KING, RANK_OF, ROUND_SUITS, SUIT_MASK, SUIT_NAMES, SUIT_OF, STRENGTH,
                    TOKEN, TRUMP, suit_card)
from .errors import Message, TroccasError, msg

NO_SUIT = -1
# Suits as messages name them: the catalogue's suit.c … suit.t give the words.
SUIT_CODE = ("c", "r", "s", "b", "t")
TRUMP_MASK = SUIT_MASK[TRUMP]
FOOL_BIT = 1 << FOOL


def suit_name(s: int) -> str:
    return "trumps" if s == TRUMP else SUIT_NAMES[s]


def led_suit(cards: Sequence[int]) -> int:
    """The suit to follow: that of the first card other than the Fool (pagat: a Fool lead lets
    the second card set the suit); NO_SUIT while only the Fool (or nothing) has been played."""
    for c in cards:
        if c != FOOL:
            return SUIT_OF[c]
    return NO_SUIT


def card_beats(a: int, b: int, led: int) -> bool:
    """Whether card ``a`` beats card ``b`` in a trick led in suit ``led``."""
    if a == FOOL:
        return False
    if b == FOOL:
        return True
    sa, sb = SUIT_OF[a], SUIT_OF[b]
    if sa == sb:
        return STRENGTH[a] > STRENGTH[b]
    if sa == TRUMP:
        return True
    if sb == TRUMP:
        return False
    return sa == led


# A trick's ranking depends only on the suit led: one key table per suit led. Trumps are
# 100 + number, cards of the suit led their STRENGTH (0-13), every other card (the Fool and
# the suits not led) -1, so the winner is simply the card with the highest key.
_WIN_KEY = [[100 + c if SUIT_OF[c] == TRUMP else STRENGTH[c] if SUIT_OF[c] == led else -1
             for c in range(len(SUIT_OF))] for led in range(TRUMP + 1)]
_WIN_KEY_OF = [key.__getitem__ for key in _WIN_KEY]  # for max(): made once, not per trick


def winning_index(cards: Sequence[int], led: int | None = None) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick (pagat: the highest trump,
    else the highest card of the suit led; the Fool never wins)."""
    if led is None:
        led = led_suit(cards)
    if led < 0:
        return -1
    return cards.index(max(cards, key=_WIN_KEY_OF[led]))


def explain_winner(cards: Sequence[int]) -> tuple[int, Message]:
    """The index of the winning card and the reason it wins (clause trick.winner)."""
    if not cards or all(c == FOOL for c in cards):
        raise TroccasError(msg("trick.winner#no_card"))
    led = led_suit(cards)
    i = winning_index(cards, led)
    w = cards[i]
    if SUIT_OF[w] == TRUMP:
        trumps = sum(SUIT_OF[c] == TRUMP for c in cards)
        parts = [msg("trick.winner#trump_highest" if trumps > 1 else "trick.winner#trump_only",
                     card=TOKEN[w])]
        if led != TRUMP:
            parts.append(msg("trick.winner#ruff", suit=SUIT_CODE[led]))
    else:
        parts = [msg("trick.winner#suit", card=TOKEN[w], suit=SUIT_CODE[led])]
    if cards[0] == FOOL:
        parts.append(msg("trick.winner#fool_led"))
    if FOOL in cards:
        parts.append(msg("trick.winner#fool_never"))
    return i, msg("trick.winner", parts=parts)


def why_not_winner(cards: Sequence[int], i: int) -> Message:
    """Why the card at ``i`` does not take the trick (clause trick.winner): what beats it."""
    c = cards[i]
    led = led_suit(cards)
    w = cards[winning_index(cards, led)]
    if c == FOOL:
        return msg("trick.winner#fool_cannot")
    if SUIT_OF[c] not in (led, TRUMP):
        return msg("trick.winner#off_suit", card=TOKEN[c], suit=SUIT_CODE[led])
    if SUIT_OF[c] != TRUMP and SUIT_OF[w] == TRUMP:
        return msg("trick.winner#trumped", card=TOKEN[c], winner=TOKEN[w])
    # The round suits' numeral order matters only between two numerals: a court card beats
    # every numeral of its suit, and the courts rank alike in every suit.
    if SUIT_OF[c] in ROUND_SUITS and RANK_OF[c] < JACK and RANK_OF[w] < JACK:
        return msg("trick.winner#ranks_round", winner=TOKEN[w], card=TOKEN[c],
                   suit=SUIT_CODE[SUIT_OF[c]])
    return msg("trick.winner#ranks", winner=TOKEN[w], card=TOKEN[c])


def legal_mask(hand: int, led: int) -> int:
    """Cards of ``hand`` (mask) that may be played to a trick led in ``led``."""
    if led < 0:
        return hand
    m = hand & SUIT_MASK[led]
    if not m and led != TRUMP:
        m = hand & TRUMP_MASK
    if not m:
        return hand
    return m | (hand & FOOL_BIT)


def play_verdict(hand: int, led: int, card: int) -> Verdict:
    """Whether ``card`` may be played from ``hand`` (a mask) to a trick whose suit to follow is
    ``led`` (NO_SUIT when leading), and why (pagat: The Play). The rule of legal play: the
    fast paths (:func:`legal_mask`, the hand's per-suit lists) are tested against it."""
    t = TOKEN[card]
    if not hand >> card & 1:
        return Verdict(False, msg("play.in_hand", card=t))
    if card == FOOL:
        return Verdict(True, msg("play.fool#ok"))
    if led < 0:
        return Verdict(True, msg("play.turn#lead"))
    s = SUIT_OF[card]
    suit = SUIT_CODE[led]
    if s == led:
        return Verdict(True, msg("play.follow_suit#ok" if led != TRUMP else "play.trump_led#ok",
                                 suit=suit))
    if led == TRUMP:
        if hand & TRUMP_MASK:
            return Verdict(False, msg("play.trump_led", card=t))
        return Verdict(True, msg("play.trump_led#void"))
    if hand & SUIT_MASK[led]:
        return Verdict(False, msg("play.follow_suit", suit=suit, card=t))
    if s == TRUMP:
        return Verdict(True, msg("play.must_trump#ok", suit=suit))
    if hand & TRUMP_MASK:
        return Verdict(False, msg("play.must_trump", suit=suit, card=t))
    return Verdict(True, msg("play.must_trump#free", suit=suit))


def refusal(hand: int, led: int, card: int) -> Message | None:
    """The reason ``card`` may not be played, or None if it may (:func:`play_verdict`)."""
    v = play_verdict(hand, led, card)
    return None if v.ok else v.reason


def king_of(s: int) -> int:
    return suit_card(s, KING)


def jack_of(s: int) -> int:
    return suit_card(s, JACK)


def is_plain_suit(s: int) -> bool:
    return 0 <= s < 4


__all__ = ["led_suit", "card_beats", "winning_index", "legal_mask", "play_verdict", "refusal",
           "NO_SUIT", "SUIT_CODE",
           "FOOL_SUIT", "king_of", "jack_of", "suit_name"]
