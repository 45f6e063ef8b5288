"""The review of a finished hand for one seat: each of its decisions judged from what the seat
knew when it made it, over deals of the cards it could not see (``truc.odds``).

* a card: every card the seat held is played out over the same sampled deals; a card whose
  side won clearly less often (by ``MARGIN`` or more) than the best is marked, with the better
  card and both chances;
* an answer to a bet: folding when the chance of winning was clearly above what accepting
  needs (``(next - stake) / (2 * next)``: accepting wins or loses ``next``, folding loses
  ``stake``), or accepting — by word or by playing a card — when it was clearly below.

A bet itself is never marked: a bet the odds do not justify may be a bluff (truc: "try to
confuse the opponents").
"""

from __future__ import annotations

import random
from typing import Any

from .errors import TrucError, msg
from .hand import ACCEPT, FOLD, PLAY, PLAYBET
from .odds import SAMPLES, card_chances, win_chance
from .record import HandRecord

MARGIN = 0.12  # about 2.5 standard errors of a chance from SAMPLES deals


def review_marks(rec: HandRecord, seat: int, seed: object = 0) -> list[dict[str, Any]]:
    """Every decision of ``seat`` in the hand judged: the marks (see the module's docstring)."""
    return review(rec, seat, seed)[0]


def review(rec: HandRecord, seat: int, seed: object = 0, trick: int | None = None
           ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The marks and a verdict for each trick (``trick``: that trick alone): {trick, verdict}
    — ``better`` (a decision there is marked), ``best`` (the seat chose and none is marked),
    ``forced`` (its only choice was its one card), ``none`` (it made no decision there)."""
    hand = rec.new_hand()
    hand.observation(seat)  # checks the seat
    final = rec.replay()
    if not final.is_terminal():
        raise TrucError(msg("review#over", phase=final.phase))
    tok = hand.pack.tokens
    marks: list[dict[str, Any]] = []
    chose: dict[int, bool] = {}  # trick -> whether the seat had a real choice there
    wanted = trick
    for i, text in enumerate(rec.actions):
        p, aid = hand.parse_action(text)
        trick = len(hand.tricks) + 1
        if p == seat and hand.phase == PLAY and wanted in (None, trick):
            rng = random.Random(f"{seed}/{seat}/{i}")
            mark = None
            chose[trick] = chose.get(trick, False) or hand.pending is not None or len(
                set(hand.held[seat])) > 1 or aid >= ACCEPT
            if hand.pending is not None and aid in (ACCEPT, FOLD) or (
                    hand.pending is not None and aid < ACCEPT):
                mark = _answer(hand, seat, aid, rng, i, trick)
            elif aid < ACCEPT and len(set(hand.held[seat])) > 1:
                card = aid % PLAYBET
                chances = card_chances(hand, seat, rng)
                best = max(chances, key=lambda c: (chances[c], -c))
                if chances[best] - chances[card] >= MARGIN:
                    said = hand.pack.said
                    m = msg("review#card", seat=seat, card=said[card], better=said[best],
                            win=round(chances[card] * 100), best=round(chances[best] * 100),
                            samples=SAMPLES)
                    mark = {"index": i, "trick": trick, "action": text, "kind": "card",
                            "better": f"{seat} play {tok[best]}", "win": chances[card],
                            "best": chances[best], "samples": SAMPLES, "msg": m}
            if mark is not None:
                m = mark.pop("msg")
                mark.update(reason=m.to_json(), text=m.render(viewer=seat), rule=m.rule)
                marks.append(mark)
        hand.apply(text, say=rec.says.get(i))
    tricks = [wanted] if wanted is not None else range(1, len(final.tricks) + 1)
    verdicts = [{"trick": t, "verdict": "better" if any(m["trick"] == t for m in marks) else
                 "none" if t not in chose else "best" if chose[t] else "forced"}
                for t in tricks]
    return marks, verdicts


def _answer(hand: Any, seat: int, aid: int, rng: random.Random, i: int, trick: int
            ) -> dict[str, Any] | None:
    _, proposed = hand.pending
    stake = hand.stake
    nxt = proposed or max(stake, hand.rules.target - min(hand.totals))
    need = (nxt - stake) / (2 * nxt)
    p = win_chance(hand, seat, rng)
    params = dict(seat=seat, pct=round(p * 100), need=round(need * 100), stake=stake,
                  next=nxt, samples=SAMPLES)
    if aid == FOLD and p - need >= MARGIN:
        m, better = msg("review#folded", **params), f"{seat} answer accept"
    elif aid != FOLD and need - p >= MARGIN:
        m, better = msg("review#accepted", **params), f"{seat} answer fold"
    else:
        return None
    return {"index": i, "trick": trick, "action": hand.action(aid, seat).__str__(),
            "kind": "answer", "better": better, "win": p, "best": None, "samples": SAMPLES,
            "msg": m}
