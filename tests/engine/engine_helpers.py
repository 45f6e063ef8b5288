"""Helpers for engine tests: build real deals that put given cards in given hands."""

from troccas.cards import Card, parse_ids
from troccas.deal import deck_for_hands
from troccas.hand import Hand
from troccas.rules import Rules


def make_hand(hands: dict, *, players=4, dealer=0, scart="", rules=None, method=None,
              fill=None) -> Hand:
    """A hand dealt so that each seat in ``hands`` holds those cards (text notation), talked
    through with 'continue', with the dealer's ``scart`` laid away: ready for the first lead."""
    ids = {seat: parse_ids(text) for seat, text in hands.items()}
    scart_ids = parse_ids(scart)
    ids.setdefault(dealer, [])
    ids[dealer] = scart_ids + [c for c in ids[dealer] if c not in scart_ids]
    deck = deck_for_hands(players, dealer, ids, method, fill)
    hand = Hand(players, dealer, deck=deck, rules=rules or Rules(), method=method)
    hand.deal_through()
    for c in scart_ids:
        hand.apply(f"{dealer} scart {Card(c)}")
    return hand


def play(hand: Hand, *moves: str) -> None:
    """Play cards in turn: each move is a card token, or 'kingjack c', 'call pass', …"""
    for m in moves:
        p = hand.current_player
        if m.split()[0] in ("kingjack", "call", "takeback"):
            hand.apply(f"{p} {m}")
        else:
            hand.apply(f"{p} play {m}")

