"""The rule-based baseline: the heuristics a club player teaches a beginner.

In the play: win a trick as cheaply as will hold it; smear points (a high-counting card) onto a
trick a partner is sure to win; duck with the lowest card when the trick is lost; play the
Fool instead of a court card when the trick is lost, and before the end of the hand; lead kings
in suits not yet led; cash the XXI on points. In the talk: go on with a hand worth playing,
allow a throw-in with a poor one. In the scart: lay away court cards of short suits (their
points count for the dealer's side) and never a trump while a suit card will do.

:func:`play_card` is the heart: plain ints in, (card, reason id, params) out, so the search
bot's playouts run it thousands of times a decision without building messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..actions import ABANDON, ALLOW, BUOB, BUOB_SCHE, CONTINUE, DEAL, LIBER, NO_BUOB, TAKE_BACK
from ..cards import FOOL, KING, N_CARDS, POINTS, RANK_OF, STRENGTH, SUIT_OF, TOKEN, TRUMP
from ..errors import msg
# Per suit led, each card's rank in the trick (the highest wins; -1 never wins): the trick
# rule's own table (play.py), so the bots never decide who wins a trick on their own.
from ..play import _WIN_KEY
from .base import Choice, seen

if TYPE_CHECKING:
    import random

    from ..errors import Message
    from ..hand import Hand
    from .base import Seen

# A card or a decision, the id of the message that says why and its parameters.
Decision = tuple[int, str, dict[str, Any]]

XXI = 21
_TRUMPS_DOWN = tuple(range(21, 0, -1))
# Among cards of equal points, the weaker goes first: suit cards by strength, trumps above.
_LOW_KEY = [(POINTS[c], 100 + c if SUIT_OF[c] == TRUMP else STRENGTH[c]) for c in range(N_CARDS)]
_SUIT_IDS = [[c for c in range(N_CARDS) if SUIT_OF[c] == s] for s in range(5)]
_BY_STRENGTH = [sorted(ids, key=lambda c: -STRENGTH[c]) for ids in _SUIT_IDS]
_SUIT_MASK = [sum(1 << c for c in ids) for ids in _SUIT_IDS]


def _top_out(suit: int, known: int) -> int:
    """The strongest card of ``suit`` not in ``known`` (the cards played and my own), -1 if
    none: what could still beat a card of that suit."""
    for c in _BY_STRENGTH[suit]:
        if not known >> c & 1:
            return c
    return -1


def _holds(card: int, known: int, voids_after: bool) -> bool:
    """Whether ``card`` (winning now) will hold the trick: nothing still out beats it. A suit
    card is at risk from trumps when a later player may be void of the suit."""
    s = SUIT_OF[card]
    top = _top_out(s, known)
    if top >= 0 and STRENGTH[top] > STRENGTH[card]:
        return False
    if s == TRUMP:
        return True
    return not voids_after


def play_card(legal: Sequence[int], trick_p: Sequence[int], trick_c: Sequence[int], me: int,
              side_of: Sequence[int], n: int, gone: int, known: int, n_held: int,
              voids: Sequence[int] | None = None) -> Decision:
    """The baseline's card: (card id, reason id, params). ``legal`` the legal action ids,
    ``gone`` a mask of the cards played, ``known`` of those and the cards held, ``n_held`` how
    many cards the seat holds, ``voids`` per seat the suits (bit per pseudo-suit) it has shown
    it lacks, if known."""
    cards = [c for c in legal if c < N_CARDS]
    if len(cards) == 1:
        return cards[0], "bot.play#only", {"card": TOKEN[cards[0]]}
    others = [c for c in cards if c != FOOL]
    has_fool = len(others) < len(cards)
    if has_fool and n_held <= 3:
        return FOOL, "bot.fool#early", {}
    led = -1
    for c in trick_c:
        if c != FOOL:
            led = SUIT_OF[c]
            break
    my_side = side_of[me]
    if led < 0:
        return _lead(others, gone, known, side_of, me, n, voids)
    key = _WIN_KEY[led]
    best, wp, wc = -2, -1, -1
    for p, c in zip(trick_p, trick_c):
        if key[c] > best:
            best, wp, wc = key[c], p, c
    after = [(me + i) % n for i in range(1, n - len(trick_c))]
    opp_after = [p for p in after if side_of[p] != my_side]
    points = sum(POINTS[c] for c in trick_c)
    if side_of[wp] == my_side:
        void_risk = bool(opp_after) and (voids is None or any(
            voids[p] >> led & 1 for p in opp_after))
        if not opp_after or _holds(wc, known, void_risk):
            smear = [c for c in others if c != XXI and key[c] <= best] or others
            c = max(smear, key=_LOW_KEY.__getitem__)
            if POINTS[c] > 1:
                return c, "bot.follow#smear", {"card": TOKEN[c], "seat": wp}
            c = min(others, key=_LOW_KEY.__getitem__)
            return c, "bot.follow#partner_low", {"card": TOKEN[c], "seat": wp}
    winners = [c for c in others if key[c] > best]
    if winners:
        if not opp_after:
            c = min(winners, key=key.__getitem__)
            if c == 1 or POINTS[c] <= 1 or points >= 2:
                return c, "bot.follow#win_last", {"card": TOKEN[c]}
        else:
            void_risk = voids is None or any(voids[p] >> led & 1 for p in opp_after)
            safe = [c for c in winners if _holds(c, known, void_risk)]
            if safe:
                c = min(safe, key=key.__getitem__)
                if c == XXI:
                    return c, "bot.follow#xxi", {"card": TOKEN[c]}
                return c, "bot.follow#win_safe", {"card": TOKEN[c]}
            cheap = [c for c in winners if c != 1]  # the I is worth 5 and overtrumped at once
            if cheap and (points >= 3 or SUIT_OF[cheap[0]] != TRUMP):
                c = min(cheap, key=key.__getitem__) if points < 5 else max(cheap, key=key.__getitem__)
                return c, "bot.follow#win_try", {"card": TOKEN[c]}
    low = min(others, key=_LOW_KEY.__getitem__) if others else FOOL
    if has_fool and (not others or POINTS[low] >= 3):
        return FOOL, "bot.fool#save", {"card": TOKEN[low]}
    return low, "bot.follow#duck", {"card": TOKEN[low]}


def _lead(others: list[int], gone: int, known: int, side_of: Sequence[int], me: int, n: int,
          voids: Sequence[int] | None) -> Decision:
    if not others:
        return FOOL, "bot.play#only", {"card": TOKEN[FOOL]}
    opps = [p for p in range(n) if side_of[p] != side_of[me]]
    trumps = [c for c in others if SUIT_OF[c] == TRUMP]
    suits = [c for c in others if SUIT_OF[c] != TRUMP]
    for c in suits:
        s = SUIT_OF[c]
        if RANK_OF[c] == KING and (voids is None or not any(voids[p] >> s & 1 for p in opps)) \
                and not gone & _SUIT_MASK[s]:
            return c, "bot.lead#king", {"card": TOKEN[c]}
    if trumps:
        top = max(trumps)
        out = _top_out(TRUMP, known)
        if top > out and out > 0 and len(trumps) >= 2:
            return top, "bot.lead#top_trump", {"card": TOKEN[top]}
    if suits:
        lengths: dict[int, int] = {}
        for c in suits:
            lengths[SUIT_OF[c]] = lengths.get(SUIT_OF[c], 0) + 1
        s = max(lengths, key=lambda s: (lengths[s], -s))
        c = min((c for c in suits if SUIT_OF[c] == s), key=_LOW_KEY.__getitem__)
        return c, "bot.lead#low", {"card": TOKEN[c]}
    low = [c for c in trumps if c != 1] or trumps
    c = min(low)
    return c, "bot.lead#trump", {"card": TOKEN[c]}


def strength(cards: Sequence[int]) -> float:
    """A rough worth of a part-dealt hand: trumps, with the XXI and kings extra."""
    t = sum(1 for c in cards if SUIT_OF[c] == TRUMP)
    return t + 2 * (XXI in cards) + sum(1 for c in cards if SUIT_OF[c] < TRUMP and RANK_OF[c] == KING) \
        + (FOOL in cards)


def talk_decision(legal: Sequence[int], cards: Sequence[int], everyone_allowed: bool) -> Decision:
    """Continue with a hand worth playing; allow (or liber) a throw-in with a poor one."""
    worth = strength(cards)
    par = 0.33 * len(cards)  # about the trumps and kings a hand of this size holds
    weak = worth < 0.5 * par
    if weak and ABANDON in legal and everyone_allowed:
        return ABANDON, "bot.talk#abandon", {"worth": round(worth), "par": round(par)}
    if weak and LIBER in legal:
        return LIBER, "bot.talk#liber", {"worth": round(worth), "par": round(par)}
    if weak and ALLOW in legal:
        return ALLOW, "bot.talk#allow", {"worth": round(worth), "par": round(par)}
    return CONTINUE, "bot.talk#continue", {"worth": round(worth), "par": round(par)}


def scart_card(legal: Sequence[int], cards: Sequence[int]) -> Decision:
    """The card to lay away: a court card of a short suit first (its points count for the
    dealer's side and a void lets him trump), a trump only if nothing else may go."""
    lengths = [0] * 6
    for c in cards:
        lengths[SUIT_OF[c]] += 1
    suit_cards = [c for c in legal if SUIT_OF[c] < TRUMP]
    if not suit_cards:
        c = min(legal)
        return c, "bot.scart#trump", {"card": TOKEN[c]}
    c = max(suit_cards, key=lambda c: (POINTS[c] * 2 - lengths[SUIT_OF[c]], -c))
    if POINTS[c] > 1:
        return c, "bot.scart#court", {"card": TOKEN[c]}
    return c, "bot.scart#short", {"card": TOKEN[c], "suit": "crsb"[SUIT_OF[c]]}


class Baseline:
    name = "baseline"

    def choose(self, hand: Hand, seat: int, rng: random.Random) -> Choice:
        from .base import voids
        view = seen(hand, seat)
        legal = view.legal_ids()
        ph = view.phase
        if len(legal) == 1 and ph != "play":
            return Choice(legal[0], None, msg("bot.only"))
        if ph == "play":
            cid, rid, params = play_card(
                legal, [p for p, _ in view.trick], [c for _, c in view.trick], seat,
                view.side_of, view.n, view.gone, known_mask(view), len(view.cards), voids(view))
            return Choice(cid, None, msg(rid, **params))
        if ph in ("talk", "dealer_choice"):
            everyone = _everyone_allowed(view)
            aid, rid, params = talk_decision(legal, view.cards, everyone)
            from .signals import phrase_for
            say = phrase_for(view, aid)
            return Choice(aid, say, msg(rid, **params))
        if ph == "scart":
            cid, rid, params = scart_card(legal, view.cards)
            return Choice(cid, None, msg(rid, **params))
        if ph == "call":
            return Choice(*_call(view, legal))
        if ph == "take_back":
            aid = max(legal, key=lambda a: POINTS[a - TAKE_BACK])
            return Choice(aid, None, msg("bot.take_back", card=TOKEN[aid - TAKE_BACK]))
        aid = min(a for a in legal if a >= DEAL) if any(a >= DEAL for a in legal) else legal[0]
        return Choice(aid, None, msg("bot.only"))


def known_mask(view: Seen) -> int:
    """The cards a seat knows are not in another hand: those played and its own."""
    out = view.gone
    for c in view.cards:
        out |= 1 << c
    return out


def _everyone_allowed(view: Seen) -> bool:
    talk = [e for e in view.obs.talk if e["type"] == "talk"]
    if not talk:
        return True
    rnd = talk[-1]["round"]
    return all(e["decision"] != "continue" for e in talk if e["round"] == rnd)


def _call(view: Seen, legal: Sequence[int]) -> tuple[int, None, Message]:
    trick = view.trick
    led = next(SUIT_OF[c] for _, c in trick if c != FOOL)
    key = _WIN_KEY[led]
    wp = max(trick, key=lambda pc: key[pc[1]])[0]
    if view.side_of[wp] == view.side_of[view.seat]:
        aid = BUOB_SCHE if BUOB_SCHE in legal else BUOB
        return aid, None, msg("bot.call#ours", seat=wp)
    return NO_BUOB, None, msg("bot.call#theirs", seat=wp)
