"""Signals: Truc's talk. "Signals are allowed, by which players can communicate to their partner
what cards they hold" (truc, "Communication and Signals"); the source's typical set:

* close one eye — I hold a three;
* pout your lips — I hold a two;
* show the tip of your tongue — I have an ace.

Who sees them: the players "try to do this while the opponents are not looking", so at the
table a signal is seen by the signaller's partner alone (rule ``signal.partner``); with two
players there is no partner and no signal. When: a gesture goes with the player's own action
at his turn, once the cards are dealt (rule ``signal.turn``). Truth: "the signals do not need
to be true" — the engine lets a player lie; the bots always signal the truth, and a bot reads
its partner's signals as true (``claims``). A signal speaks of the cards held when it is made,
before the action it goes with.

The ids are the glossary's (``sites/truc/glossary/signals.yaml``; a test keeps them equal).
A French pack has no three and no two, so only the ace's signal is offered there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from cardgame.verdict import Verdict

from .errors import msg

if TYPE_CHECKING:
    from .cards import Pack

# id -> the rank it claims, per pack kind (the ace is "1" in the Catalan pack, "A" in French).
SIGNALS: dict[str, tuple[str, ...]] = {
    "close-one-eye": ("3",),
    "pout-your-lips": ("2",),
    "tip-of-the-tongue": ("1", "A"),
}
ORDER = tuple(SIGNALS)  # the most telling first: a three beats a two beats an ace


def rank_of(signal: str, pack: Pack) -> str | None:
    """The rank ``signal`` claims in ``pack`` (None: the pack has no such rank)."""
    return next((r for r in SIGNALS[signal] if r in pack.ranks), None)


def offered(pack: Pack) -> list[str]:
    """The signals of a pack: those whose rank it has."""
    return [s for s in ORDER if rank_of(s, pack) is not None]


def true_of(signal: str, cards: Sequence[int], pack: Pack) -> bool:
    """Whether ``signal`` is true of a hand of ``cards``."""
    rank = rank_of(signal, pack)
    return rank is not None and any(pack.rank_of[c] == rank for c in cards)


def verdict(signal: object, players: int, phase_has_cards: bool, pack: Pack) -> Verdict:
    """Whether a player may make ``signal`` with his action now (rules ``signal.known``,
    ``signal.partner``, ``signal.turn``)."""
    if not isinstance(signal, str) or signal not in SIGNALS or rank_of(signal, pack) is None:
        return Verdict(False, msg("signal.known", value=repr(signal),
                                  signals=", ".join(offered(pack))))
    if players != 4:
        return Verdict(False, msg("signal.partner"))
    if not phase_has_cards:
        return Verdict(False, msg("signal.turn"))
    return Verdict(True, msg("ok"))
