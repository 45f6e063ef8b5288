"""Trick rules on card ids: who wins, what may be played, and why not.

These are the hot functions of the engine; they take ints and masks so that a hand of play
costs a few microseconds a card. The friendly wrappers live in :mod:`troccas.hand`.
"""

from __future__ import annotations

from typing import Sequence

from .cards import (FOOL, FOOL_SUIT, JACK, KING, SUIT_MASK, SUIT_NAMES, SUIT_OF, STRENGTH,
                    TOKEN, TRUMP, suit_card)

NO_SUIT = -1
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


def winning_index(cards: Sequence[int], led: int | None = None) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick (pagat: the highest trump,
    else the highest card of the suit led; the Fool never wins)."""
    if led is None:
        led = led_suit(cards)
    if led < 0:
        return -1
    return cards.index(max(cards, key=_WIN_KEY[led].__getitem__))


def explain_winner(cards: Sequence[int]) -> tuple[int, str]:
    """The index of the winning card and a sentence saying why it wins (trick.winner)."""
    from .errors import TroccasError
    if not cards or all(c == FOOL for c in cards):
        raise TroccasError("a trick needs at least one card besides the Fool to have a winner",
                           rule="trick.winner")
    led = led_suit(cards)
    i = winning_index(cards, led)
    w = cards[i]
    if SUIT_OF[w] == TRUMP:
        trumps = sum(SUIT_OF[c] == TRUMP for c in cards)
        why = f"{TOKEN[w]} is the highest trump in the trick" if trumps > 1 else \
            f"{TOKEN[w]} is the only trump in the trick"
        if led != TRUMP:
            why += f", and a trump beats any card of {suit_name(led)}, the suit led"
    else:
        why = (f"{TOKEN[w]} is the highest card of {suit_name(led)}, the suit led, and no trump"
               f" was played")
    if cards[0] == FOOL:
        why += "; the Fool was led, so the second card set the suit"
    if FOOL in cards:
        why += " (the Fool never wins a trick)"
    return i, why


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


def refusal(hand: int, led: int, card: int) -> tuple[str, str] | None:
    """Why ``card`` may not be played from ``hand`` (clause id, sentence), or None if it may."""
    if not hand >> card & 1:
        return "play.in_hand", f"you do not hold {TOKEN[card]}"
    if card == FOOL or led < 0:
        return None
    s = SUIT_OF[card]
    if s == led:
        return None
    if led == TRUMP:
        if hand & TRUMP_MASK:
            return ("play.trump_led", f"trumps were led and you hold trumps, so you must play a"
                                      f" trump, not {TOKEN[card]}")
        return None
    if hand & SUIT_MASK[led]:
        return ("play.follow_suit", f"{suit_name(led)} were led and you hold {suit_name(led)},"
                                    f" so you must follow suit, not play {TOKEN[card]}")
    if s != TRUMP and hand & TRUMP_MASK:
        return ("play.must_trump", f"you hold no {suit_name(led)} but you do hold trumps, so you"
                                   f" must play a trump, not {TOKEN[card]}")
    return None


def king_of(s: int) -> int:
    return suit_card(s, KING)


def jack_of(s: int) -> int:
    return suit_card(s, JACK)


def is_plain_suit(s: int) -> bool:
    return 0 <= s < 4


__all__ = ["led_suit", "card_beats", "winning_index", "legal_mask", "refusal", "NO_SUIT",
           "FOOL_SUIT", "king_of", "jack_of", "suit_name"]
