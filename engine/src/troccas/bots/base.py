"""What every bot shares: the seat's view of a hand, a bot's choice, the registry of bots.

A bot is an object with ``name`` and ``choose(hand, seat, rng) -> Choice``. It may read the
hand only through :func:`seen` — the seat's :meth:`Hand.observation`, the history of actions
with the scart hidden from everyone but the dealer, and the phrases said at the table (spoken
aloud, so public). The search bot then samples whole deals consistent with that view
(``troccas.bots.sampling``) and plays them out; it never looks at the real hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..actions import Action
from ..cards import N_CARDS, SUIT_OF, TOKEN, TRUMP, parse_id
from ..errors import Message, TroccasError, msg, quote

if TYPE_CHECKING:
    import random

    from ..hand import Hand

HIDDEN = -1  # a scart card in the history, as a seat other than the dealer sees it


class Choice:
    """A bot's decision: the action id, the tschintschar phrase said with it (a glossary id
    or None) and why (a message). A coaching bot adds the principle it rests on (``why``, a
    :class:`troccas.bots.principles.Explanation`) and how it measured the choice (``details``,
    a message with figures, kept apart from the reason)."""

    __slots__ = ("aid", "say", "reason", "why", "details")

    def __init__(self, aid: int, say: str | None, reason: Message, why: Any = None,
                 details: Message | None = None) -> None:
        self.aid = aid
        self.say = say
        self.reason = reason
        self.why = why
        self.details = details


class Bot(Protocol):
    """What a bot is: a ``name`` and a choice for the seat to act."""

    name: str

    def choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice: ...


class Seen:
    """One seat's view of a hand: everything a player at that seat could know.

    ``obs`` the observation; ``history`` every action as (seat, action id, scart), the scart
    cards replaced by HIDDEN unless ``seat`` is the dealer; ``said`` the phrases said as
    (seat, text) in order; ``cards`` the seat's card ids; ``gone`` a mask of the cards played
    to finished tricks and the trick under way; ``plays`` (seat, card id) in the order played.
    """

    __slots__ = ("seat", "obs", "history", "said", "cards", "gone", "plays", "trick", "n",
                 "dealer", "phase", "method", "side_of", "rules", "totals", "dealt", "rounds")

    def __init__(self, hand: Hand, seat: int) -> None:
        obs = hand.observation(seat)
        self.seat = seat
        self.obs = obs
        self.n = obs.players
        self.dealer = obs.dealer
        self.phase = obs.phase
        self.method = hand.method  # public: the deal method everyone watched
        self.side_of = hand.side_of
        self.rules = hand.rules
        self.totals = tuple(hand.totals)
        # The seat's own cards in the order it received them, and how many rounds of the deal
        # everyone has watched: the seat saw both.
        self.dealt = list(hand.dealt[seat]) if hand.phase != "deal_method" else []
        self.rounds = hand.round if hand.phase != "deal_method" else 0
        dealer = seat == hand.dealer
        hist = hand.history
        self.history = [(p, aid if dealer or not sc else HIDDEN, sc) for p, aid, sc in hist]
        # Phrases said with talk decisions, as (seat, text, round of the deal): the k-th talk
        # action is the k-th talk event.
        from ..deal import schedule
        last = len(schedule(obs.players, hand.method)) if obs.phase != "deal_method" else 0
        rounds = [e.get("round", last) for e in obs.talk
                  if e["type"] in ("talk", "dealer_choice")]
        talk_index: dict[int, int] = {}
        for i, (_p, aid, sc) in enumerate(hist):
            if 100 <= aid <= 103 and not sc:
                talk_index[i] = len(talk_index)
        self.said = [(hist[i][0], text, rounds[talk_index[i]])
                     for i, text in sorted(hand.says.items())
                     if i in talk_index and talk_index[i] < len(rounds)]
        self.cards = [parse_id(t) for t in obs.hand]
        plays = [(p, parse_id(t)) for tr in obs.tricks for p, t in tr["plays"]]
        self.trick = [(p, parse_id(t)) for p, t in obs.trick]
        plays += self.trick
        self.plays = plays
        gone = 0
        for _, c in plays:
            gone |= 1 << c
        self.gone = gone

    def legal_ids(self) -> list[int]:
        return [Action.parse(a).id for a in self.obs.legal]


def seen(hand: Hand, seat: int) -> Seen:
    return Seen(hand, seat)


def voids(view: Seen) -> list[int]:
    """Per seat, a mask of pseudo-suits (bit 0-3 suits, bit 4 trumps) the seat has shown it
    no longer holds: it failed to follow the suit led, or to trump when it could not follow.
    The Fool may be played to any trick, so it shows nothing."""
    out = [0] * view.n
    tricks = [tr["plays"] for tr in view.obs.tricks] + [[(p, TOKEN[c]) for p, c in view.trick]]
    for plays in tricks:
        led = -1
        for p, t in plays:
            c = parse_id(t)
            s = SUIT_OF[c]
            if s == 5:  # the Fool
                continue
            if led < 0:
                led = s
                continue
            if s != led:
                out[p] |= 1 << led
                if s != TRUMP:
                    out[p] |= 1 << TRUMP
    return out


BOTS = ("random", "baseline", "search")


def get_bot(name: object, **options: Any) -> Bot:
    """The bot called ``name`` (one of BOTS); an unknown name is the caller's error."""
    if name == "random":
        from .random_bot import RandomBot
        return RandomBot()
    if name == "baseline":
        from .baseline import Baseline
        return Baseline()
    if name == "search":
        from .search import Search
        return Search(**options)
    raise TroccasError(msg("bot#unknown", name=quote(name), bots=list(BOTS)))


__all__ = ["Choice", "Seen", "seen", "voids", "get_bot", "BOTS", "HIDDEN", "N_CARDS"]


def decide(hand: Hand, seat: object, bot: object, seed: object) -> tuple[Choice, int]:
    """The choice of bot ``bot`` for ``seat`` (None: the seat to act), with a generator seeded
    from ``seed`` and the hand's point, so a seed gives the same choice every time it is asked.
    Returns (choice, seat)."""
    import random
    if hand.is_terminal():
        raise TroccasError(msg("bot#over"))
    if seat is None:
        seat = hand.current_player
    if type(seat) is not int or seat != hand.current_player:
        raise TroccasError(msg("bot#seat", seat=quote(seat), waiting=hand.turn_reason()))
    player = get_bot(bot)
    from cardgame.seed import check_seed
    check_seed(seed, msg=msg, error=TroccasError, none=False)
    rng = random.Random(f"{seed}/{seat}/{hand.action_count}")
    return player.choose(hand, seat, rng), seat
