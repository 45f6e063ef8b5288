"""Helpers for engine tests: build real deals that put given cards in given hands."""

from troccas.hand import Hand
from troccas.situation import setup_hand


def make_hand(hands: dict, *, players=4, dealer=0, scart="", rules=None, method=None,
              fill=None) -> Hand:
    """A hand dealt so that each seat in ``hands`` holds those cards (text notation), the other
    cards dealt in id order (or ``fill``'s), talked through with 'continue', with the
    dealer's ``scart`` laid away: ready for the first lead."""
    return setup_hand(hands, players=players, dealer=dealer, scart=scart, rules=rules,
                      method=method, fill=fill if fill is not None else [])


def play(hand: Hand, *moves: str) -> None:
    """Play cards in turn: each move is a card token, or 'kingjack c', 'call pass', …"""
    for m in moves:
        p = hand.current_player
        if m.split()[0] in ("kingjack", "call", "takeback"):
            hand.apply(f"{p} {m}")
        else:
            hand.apply(f"{p} play {m}")

