"""The scart: which cards the dealer may lay away (pagat: The Discard).

:func:`scart_verdict` is the rule; the hand's list of legal scart cards is its fast path
(tested against it), and the scart puzzles ask it too.
"""

from __future__ import annotations

from typing import Collection

from cardgame.verdict import Verdict

from .cards import POINTS, TOKEN
from .errors import msg


def scart_verdict(held: Collection[int], card: int) -> Verdict:
    """Whether the dealer holding ``held`` may lay ``card`` away, and why: never a card worth
    5 points — a king, XXI, I or the Fool (pagat, arcane, wiki-de)."""
    if card not in held:
        return Verdict(False, msg("play.in_hand", card=TOKEN[card]))
    if POINTS[card] == 5:
        return Verdict(False, msg("scart.honour", card=TOKEN[card]))
    return Verdict(True, msg("scart#ok", card=TOKEN[card]))
