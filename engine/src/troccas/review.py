"""The review of a whole hand (issues 17 and 29): a verdict on each trick's card of one seat.

Every card the seat played to a trick is judged against the others it could have played then:

* in the last ``open_tricks`` tricks, where an open-card solve is quick (the solver's fast
  model: plain trick play), by the solver with every card open, as a puzzle would be;
* before them, and wherever the fast model does not apply, over deals of the cards the seat
  could not see at that moment (its own cards, the cards played, the voids shown, the scart
  if it dealt, what partners said: the search bot's sampler, ``troccas.bots.sampling``). In
  each deal every card it could have played is played out to the end by the baseline's rules
  at all seats (the search bot's rollout), the same deals for every card, so their difference
  is measured with less noise than their values.

The work of one trick is bounded by the cards played in its rollouts (``plays``), not by the
clock: a record gives the same marks on every machine, in the browser as in CPython; the
default keeps a trick well under 2 s in Pyodide (``benchmarks/review_pyodide.py``). A card is
marked only where a better one beats it deal by deal by ``Z`` standard errors of the mean
difference (and by at least ``MIN_LOST`` card point): with a few deals, noise would otherwise
find a "better" card in most tricks.

Each mark says what would have been better and why, in one sentence and in the coach's words
(troccas.bots.principles, one vocabulary with the hints). The deals (or the solver's line) show
what the better card did that the card played did not: won the trick for the seat's side, given
the other side fewer points in it, put more points into the side's own trick, taken it as well
with a lesser card, kept the Fool for the side, or won more of the tricks after it. That fact
chooses among the coach's principles true of the better card from what the seat could see then
(:data:`SAID_BY`); where none of them holds, the mark says what a hint would have said there,
passing over any principle the fact contradicts (:data:`UNSAID_BY`).
The figures (the points, the deals) go to the mark's ``details``, as a hint's do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple
import random

from .actions import KING_JACK
from .cards import FOOL, N_CARDS, POINTS, SUIT_OF, SUITS, TOKEN
from .errors import msg
from .solver import _SPECIAL, _STRENGTH, _fast, solve, tricks_left
from .tables import PLAY

if TYPE_CHECKING:
    from .errors import Message
    from .hand import Hand
    from .record import HandRecord

OPEN_TRICKS = 5  # the last tricks, where an open-card solve is quick
PLAYS = 12_000  # cards played in the rollouts of one trick: the budget
MAX_SAMPLES = 32  # at most this many deals for one trick
MIN_SAMPLES = 6  # at least this many, whatever the budget says
Z = 2.0  # standard errors by which a better card must beat the card played
MIN_LOST = 1.0  # card points, on average, below which no card is called better


class Outcome(NamedTuple):
    """What one card led to in one deal, for the seat's side."""
    points: int  # the side's card points at the end of the hand
    won: bool  # the side took the trick the card was played to
    trick_points: int  # card points of that trick's cards (its card values)
    later: int  # tricks the side took after that one
    fool: bool  # the Fool ended among the side's cards


def _outcome(h: Hand, side: int, index: int) -> Outcome:
    t = h.finished_tricks[index]
    assert h.result is not None  # played out to the end
    return Outcome(h.result["points"][side], t.side == side, sum(POINTS[c] for c in t.cards),
                   sum(1 for u in h.finished_tricks[index + 1:] if u.side == side),
                   FOOL in h.pile_cards(side))


def _named(aid: int) -> Message:
    """A play in words: a card, or king and jack played together (an action, not a card)."""
    if aid < N_CARDS:
        return msg("bot.search#a_card", card=TOKEN[aid])
    return msg("bot.search#kingjack", suit=SUITS[aid - KING_JACK])


def _token(aid: int) -> str:
    return TOKEN[aid] if aid < N_CARDS else f"K+J{SUITS[aid - KING_JACK]}"


def _classes(legal: list[int], out: set[int]) -> list[list[int]]:
    """The legal plays in classes of equivalent ones, each played out once: cards of one suit
    worth 1 point (not a king or a jack, whose buob makes them special) with no card the seat
    has not seen between them in the order that wins tricks."""
    classes: list[list[int]] = []
    by_suit: dict[int, list[int]] = {}
    for aid in legal:
        if aid >= N_CARDS or aid in _SPECIAL or POINTS[aid] != 1:
            classes.append([aid])
        else:
            by_suit.setdefault(SUIT_OF[aid], []).append(aid)
    for suit, cards in sorted(by_suit.items()):
        cards.sort(key=_STRENGTH.__getitem__)
        between = [_STRENGTH[c] for c in out if SUIT_OF[c] == suit]
        run = [cards[0]]
        for c in cards[1:]:
            if any(_STRENGTH[run[-1]] < s < _STRENGTH[c] for s in between):
                classes.append(run)
                run = [c]
            else:
                run.append(c)
        classes.append(run)
    return classes


def _clearly_better(xs: list[int], ys: list[int]) -> tuple[bool, float]:
    """Whether xs beat ys deal by deal (the same deals: their luck cancels) by more than
    ``Z`` standard errors of the mean difference and ``MIN_LOST`` points; and that mean."""
    d = [x - y for x, y in zip(xs, ys)]
    n = len(d)
    m = sum(d) / n
    if n < 2 or m < MIN_LOST:
        return False, m
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    return m * m * n > Z * Z * var, m


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


# The coach's principles (troccas.bots.principles) each measured fact points to, in the order
# they are tried: the review's one vocabulary is the coach's. Where none of them is true of the
# better card, the mark says what a hint would have said of it then.
SAID_BY: dict[str, tuple[str, ...]] = {
    "fool_safe": ("fool_save", "fool_early", "fool_any"),
    "win_trick": ("xxi", "win_round", "win_cheaply", "win_sure", "win_now", "top_trump",
                  "lead_king", "lead_winner"),
    "smear": ("smear",),
    "lose_cheaply": ("duck_round", "duck", "hold_back", "give_little", "spend_little",
                     "partner_low", "fool_save"),
    "win_cheaply": ("win_round", "win_cheaply", "win_sure"),
    "duck": ("hold_back", "duck_round", "duck", "partner_low", "spend_little", "lead_under"),
    "later_tricks": ("hold_back", "partner_low", "lead_low", "lead_under", "duck_round", "duck"),
    "later_points": ("hold_back", "partner_low", "lead_low", "lead_under", "duck_round", "duck",
                     "smear", "give_little", "spend_little"),
}
# The principles that say the card takes the trick (or leads to take it), and those that say
# it lets the trick go: where none of SAID_BY's holds, the mark never says one the measured
# fact contradicts (UNSAID_BY): a card that lost the trick cheaper is not praised for taking
# it, nor one that won it for letting it go.
TAKES = frozenset({"xxi", "win_round", "win_cheaply", "win_sure", "win_now", "top_trump",
                   "lead_king", "lead_winner"})
GIVES = frozenset({"duck_round", "duck", "hold_back", "give_little", "fool_save"})
UNSAID_BY: dict[str, frozenset[str]] = {
    "fool_safe": frozenset(),
    "win_trick": GIVES | {"partner_low", "spend_little"},
    "smear": GIVES,
    "lose_cheaply": TAKES,
    "win_cheaply": GIVES | {"partner_low"},
    "duck": TAKES,
    "later_tricks": frozenset(),
    "later_points": TAKES,
}


def _measured(better: int, played: int, b: list[Outcome], p: list[Outcome]) -> dict[str, Any]:
    """What the deals (or the solver's lines) show ``better`` did that ``played`` did not
    (each list one outcome a deal): the fact's name (a key of :data:`SAID_BY`) and its size
    ``n`` where it has one (card points, tricks)."""
    wb, wp = _mean([o.won for o in b]), _mean([o.won for o in p])
    ours_b = _mean([o.trick_points * o.won for o in b])
    ours_p = _mean([o.trick_points * o.won for o in p])
    theirs_b = _mean([o.trick_points * (not o.won) for o in b])
    theirs_p = _mean([o.trick_points * (not o.won) for o in p])
    later = _mean([o.later for o in b]) - _mean([o.later for o in p])
    fool = _mean([o.fool for o in b]) - _mean([o.fool for o in p])
    n: int | None = None
    if fool >= 0.5 and FOOL in (better, played):
        fact = "fool_safe"
    elif wb - wp >= 0.5:
        fact = "win_trick"
    elif wb >= 0.5 and wp >= 0.5 and ours_b - ours_p >= 2:
        fact, n = "smear", round(ours_b - ours_p)
    elif wb < 0.5 and wp < 0.5 and theirs_p - theirs_b >= 2:
        fact, n = "lose_cheaply", round(theirs_p - theirs_b)
    elif wb >= 0.5 and wb >= wp - 0.1 and played < N_CARDS and better < N_CARDS \
            and _STRENGTH[played] > _STRENGTH[better] and SUIT_OF[played] == SUIT_OF[better]:
        fact = "win_cheaply"
    elif wp - wb >= 0.5 and later >= 0.5:
        fact, n = "duck", round(later)
    elif later >= 0.5:
        fact, n = "later_tricks", round(later)
    else:
        fact = "later_points"
    return {"fact": fact, "n": n}


def _open(hand: Hand, seat: int, played: int) -> dict[str, Any] | None:
    """The verdict with every card open, by the solver: None when the card is one of the
    best. The why is read off the solver's lines after the better card and after this one."""
    from .actions import Action
    sol = solve(hand)
    mine = sol.values[str(hand.action(played))]
    top = max(sol.values.values())
    if mine >= top:
        return None
    side = hand.side_of[seat]
    index = len(hand.finished_tricks)
    better = Action.parse(sol.line[0]).id
    outs = []
    for first in (better, played):
        h = hand.clone()
        h.apply_action(first)
        if not h.is_terminal():
            for a in solve(h).line:
                h.apply(Action.parse(a))
        outs.append(_outcome(h, side, index))
    return {"better": sorted(Action.parse(a).id for a in sol.best), "lost": top - mine,
            "samples": None, "said": better, "measured": _measured(better, played, outs[:1],
                                                                   outs[1:])}


def _sampled(hand: Hand, seat: int, played: int, legal: list[int], seed: str,
             plays: int) -> tuple[dict[str, Any] | None, int]:
    """The verdict over sampled deals: a mark or None, and the number of deals used."""
    from .bots.base import seen
    from .bots.sampling import Sampler
    from .bots.search import rollout
    from .bots.signals import claims_for
    view = seen(hand, seat)
    mine = set(view.dealt)
    out = {c for c in range(N_CARDS) if c not in mine and not view.gone >> c & 1}
    classes = _classes(legal, out)
    of = {aid: cls[0] for cls in classes for aid in cls}
    reps = [cls[0] for cls in classes]
    left = max(1, tricks_left(hand) * hand.n - len(hand.trick_cards))
    samples = max(MIN_SAMPLES, min(MAX_SAMPLES, plays // (len(reps) * left)))
    sampler = Sampler(view, claims_for(view))
    rng = random.Random(seed)
    side, index = hand.side_of[seat], len(hand.finished_tricks)
    results: dict[int, list[Outcome]] = {a: [] for a in reps}
    for _ in range(samples):
        world = sampler.world(rng)
        if world is None:
            break
        for a in reps:
            h = world.clone()
            h.apply_action(a)
            rollout(h, view.gone | (1 << a if a < N_CARDS else 0))
            results[a].append(_outcome(h, side, index))
    done = len(results[reps[0]])
    if done < 2:
        return None, done
    points = {a: [o.points for o in v] for a, v in results.items()}
    mine_rep = of[played]
    best = max(reps, key=lambda a: (sum(points[a]), a == mine_rep))
    if best == mine_rep:
        return None, done
    clear, lost = _clearly_better(points[best], points[mine_rep])
    if not clear:
        return None, done
    cls = next(c for c in classes if c[0] == best)
    return {"better": sorted(cls), "lost": round(lost, 1), "samples": done, "said": best,
            "measured": _measured(best, played, results[best], results[mine_rep])}, done


def _mark_messages(mark: dict[str, Any], played: int, why: Message) -> tuple[Message, Message]:
    """The mark's sentence (the better card, and why in the coach's words) and its figures
    (how it was measured: for the details, as a hint's)."""
    m = msg("count#review_mark", better=[_named(a) for a in mark["better"]], card=_named(played),
            why=why)
    if mark["samples"] is None:
        return m, msg("count#review_details_open", n=mark["lost"])
    # A mean in whole points ("about 2 more"): a sentence needs no decimal mark, which each
    # language writes its own way.
    return m, msg("count#review_details_sampled", n=max(1, round(mark["lost"])),
                  samples=mark["samples"])


def review(rec: HandRecord, seat: int, open_tricks: int = OPEN_TRICKS, plays: int = PLAYS,
           viewer: int | None = None, only: int | None = None
           ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """For a finished hand (a HandRecord), a verdict on ``seat``'s card in every trick, and
    the marks (the verdicts with a better card). A verdict: the trick, the card played (None
    if the seat played none to it), ``verdict`` ("forced": it had one choice; "best": no
    clearly better one; "better": marked; "unjudged": no deal matched what the seat had seen;
    "none": the seat played no card to the trick) and how it was judged (``method`` "open" or
    "sampled", ``samples`` the deals used). A mark adds the better card(s), the card points
    lost (``lost``: exact with open cards, the mean over the deals when sampled), what the
    deals showed (``measured``: the fact's name and size), the coach's principle said of the
    better card (``principle``: id, rule, message; ``said``: the card it speaks of), the one
    sentence (``text``, ``msg``, said to ``viewer``, and its rule clause ``rule``) and the
    figures (``details``, ``details_msg``). The deals are seeded from the record: the marks are the same everywhere.
    With ``only`` (a trick's number) that trick alone is judged: a page asks trick by trick
    and shows each verdict as it comes."""
    hand = rec.new_hand()
    verdicts: dict[int, dict[str, Any]] = {}
    marks = []
    for action in rec.actions:
        number = len(hand.finished_tricks) + 1
        if action.player == seat and hand.phase == PLAY and action.kind in ("play", "kingjack") \
                and only in (None, number):
            played = action.id
            legal = [a for a in hand.legal_action_ids()
                     if a < N_CARDS or KING_JACK <= a < KING_JACK + 4]
            left = tricks_left(hand)
            verdict: dict[str, Any] = {"trick": number, "card": _token(played)}
            mark = None
            if len(legal) < 2:
                verdict.update(verdict="forced", method=None, samples=0)
            elif left <= open_tricks and _fast(hand):
                mark = _open(hand, seat, played)
                verdict.update(method="open", samples=None)
            else:
                mark, done = _sampled(hand, seat, played, legal,
                                      f"review {rec.seed} {len(rec.actions)} {hand.action_count}",
                                      plays)
                verdict.update(method="sampled", samples=done)
                if done < 2:  # no deal matches what the seat saw (cards moved by a buob)
                    verdict["verdict"] = "unjudged"
            if "verdict" not in verdict:
                verdict["verdict"] = "better" if mark is not None else "best"
            if mark is not None:
                marks.append(_said(mark, hand, seat, played, number, verdict["card"], viewer))
            verdicts[number] = verdict
        hand.apply(action)
    numbers = range(1, len(hand.finished_tricks) + 1) if only is None else [only]
    out = [verdicts.get(n, {"trick": n, "card": None, "verdict": "none", "method": None,
                            "samples": 0}) for n in numbers]
    return out, marks


def _said(mark: dict[str, Any], hand: Hand, seat: int, played: int, number: int, card: str,
          viewer: int | None) -> dict[str, Any]:
    """A mark put in words: the coach's principle for the better card as a hint would have said
    it then (from what the seat could see), the one the measured fact points to where it holds
    (:data:`SAID_BY`), inside the mark's one sentence; the figures apart, in ``details``."""
    from .bots.principles import RULES_ONLY, explain, position
    pos = position(hand, seat)
    prefer = SAID_BY[mark["measured"]["fact"]]
    avoid = UNSAID_BY[mark["measured"]["fact"]]
    # Equivalent better cards (played out as one): the one of which the coach says most, the
    # principle the fact points to first, then any that says more than the rules.
    said, why = min(((a, explain(pos, a, prefer=prefer, avoid=avoid)) for a in mark["better"]),
                    key=lambda aw: (aw[1].principle not in prefer,
                                    aw[1].principle in RULES_ONLY, aw[0] != mark["said"]))
    mark.pop("said")
    m, details = _mark_messages(mark, played, why.reason)
    mark["better"] = [_token(a) for a in mark["better"]]
    mark.update(trick=number, card=card, said=_token(said), rule=why.clause, msg=m.to_json(),
                text=_sentence(m.render(viewer=viewer)),
                principle={"id": why.principle, "rule": why.clause, "msg": why.reason.to_json(),
                           "text": why.reason.render(viewer=viewer)},
                details=_sentence(details.render(viewer=viewer)), details_msg=details.to_json())
    return mark


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
