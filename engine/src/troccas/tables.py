"""What a hand of Troccas is built from: phase names, per-suit card tables, seat orders, and
the small helpers the parts of :class:`troccas.hand.Hand` share (dealing, buob, the Fool and
scoring live in modules of their own, each a mixin of the hand)."""

from __future__ import annotations

from typing import Any
from bisect import bisect_left

from cardgame.seats import partnerships

from .actions import ABANDON, CONTINUE, Action
from .cards import FOOL_SUIT, JACK, KING, N_CARDS, POINTS, SUIT_OF, TRUMP, suit_card
from .errors import Message
from .rules import Rules


DEAL_METHOD, TALK, DEALER_CHOICE, SCART, PLAY, TAKE_BACK_PHASE, CALL, DONE, THROWN_IN = (
    "deal_method", "talk", "dealer_choice", "scart", "play", "take_back", "call", "done",
    "thrown_in")

_KING = [suit_card(s, KING) for s in range(4)]
_JACK = [suit_card(s, JACK) for s in range(4)]
_KJ_MASK = [(1 << _KING[s]) | (1 << _JACK[s]) for s in range(4)]
assert all(k - j == 3 for k, j in zip(_KING, _JACK))
_NUMERAL_MASK = [sum(1 << suit_card(s, r) for r in range(JACK)) for s in range(4)]
_PACK_SET = frozenset(range(N_CARDS))
_DEFAULT_RULES = Rules()
_CONTINUE_ABANDON = (CONTINUE, ABANDON)
_BIT = [1 << c for c in range(N_CARDS)]
# Per number of players: each seat's side, and the order of the deal and the talk for each
# dealer (dealer's right first, dealer last). Shared tuples: a hand never changes them.
# pagat: partners sit opposite with four, alternate with six; three and five play alone.
N_SIDES = {3: 3, 4: 2, 5: 5, 6: 2}
_SIDE_OF = {n: partnerships(n, sides) for n, sides in N_SIDES.items()}
_TALK_ORDER = {n: [tuple((dealer + 1 + i) % n for i in range(n)) for dealer in range(n)]
               for n in (3, 4, 5, 6)}
_ALL_CARDS = (1 << N_CARDS) - 1
_NO_CARDS: list[list[int]] = [[], [], [], [], [], []]  # a hand played out, as per-suit lists
_TRUMP_IDS = frozenset(c for c in range(N_CARDS) if SUIT_OF[c] == TRUMP)
_NOT_HONOURS = frozenset(c for c in range(N_CARDS) if POINTS[c] != 5)  # may go in the scart
# Where each suit starts among sorted ids: the Fool (0), the trumps (1), then the four suits.
assert [SUIT_OF[c] for c in (0, 1, 22, 36, 50, 64)] == [FOOL_SUIT, TRUMP, 0, 1, 2, 3]


def _by_suit(ids: list[int]) -> list[list[int]]:
    """Sorted card ids as six lists indexed by SUIT_OF (four suits, trumps, the Fool)."""
    b1, b22, b36 = bisect_left(ids, 1), bisect_left(ids, 22), bisect_left(ids, 36)
    b50, b64 = bisect_left(ids, 50), bisect_left(ids, 64)
    return [ids[b22:b36], ids[b36:b50], ids[b50:b64], ids[b64:], ids[b1:b22], ids[:b1]]


_SAID: dict[tuple[Any, ...], tuple[str, dict[str, Any], str]] = {}


def _said(event: dict[str, Any], message: Message, **fields: Any) -> dict[str, Any]:
    """An event with what it means: the rule, the message (id and parameters, for a page to
    render in its language) and its English text."""
    # Events repeat (the same buob, the same Fool paid): their rule, JSON and text are kept,
    # as every hand of a search or a benchmark makes a few. Parameters here are the engine's
    # own plain values (seats, tokens, counts), so they key the cache as they are.
    try:
        key = (message.id, *message.params.items())
        said = _SAID.get(key)
    except TypeError:  # a list among the parameters: not kept
        key, said = None, None
    if said is None:
        if len(_SAID) >= 4096:
            _SAID.clear()
        said = (message.rule, message.to_json(), str(message))
        if key is not None:
            _SAID[key] = said
    rule, js, text = said
    event.update(fields, rule=rule, msg={"id": js["id"], "params": dict(js["params"])},
                 text=text)
    return event


def _as_action(action: Action | str) -> Action:
    return action if isinstance(action, Action) else Action.parse(action)


def _plural(word: str, n: int) -> str:
    return word if n == 1 else word + "s"


SUITS_TOKEN = ("c", "r", "s", "b")

__all__ = ["DEAL_METHOD", "TALK", "DEALER_CHOICE", "SCART", "PLAY", "TAKE_BACK_PHASE", "CALL", "DONE", "THROWN_IN", "_KING", "_JACK", "_KJ_MASK", "_NUMERAL_MASK", "_PACK_SET", "_DEFAULT_RULES", "_CONTINUE_ABANDON", "_BIT", "_SIDE_OF", "_TALK_ORDER", "_ALL_CARDS", "_NO_CARDS", "_TRUMP_IDS", "_NOT_HONOURS", "_by_suit", "_said", "_as_action", "_plural", "SUITS_TOKEN"]
