"""A hand's whole public behaviour as one digest, for regression tests of the engine's speed work.

``trace(players, seed)`` plays one hand with random legal actions (rules, dealer, running totals
and now and then a fixed deal method drawn from the seed) and writes down, at every step,
everything the public API says: the phase, the seat to act and why, the legal actions as ids
and as text, the events each action returns, what ``hands``, ``cards_of``, ``trick``,
``played``, ``legal_cards`` and ``observation`` show, and the refusal (error class, message id,
parameters and sentence) of illegal action ids and texts tried on the way — then the result,
the tricks, the piles, the count group by group and the record. A clone taken part-way must
play on to the same end.

The digests in ``golden_traces.json`` were written by the engine before its hot path was
rewritten for speed (``python tests/engine/engine_trace.py --write``); the test compares
against them, so any change in what the engine says shows as the seed whose hand differs.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from troccas.actions import action_of
from troccas.cards import N_CARDS
from troccas.errors import TroccasError
from troccas.hand import Hand
from troccas.record import HandRecord
from troccas.rules import OPTIONS, Rules

GOLDEN = Path(__file__).with_name("golden_traces.json")
# Ids and values that are not (always) actions: the refusals must stay word for word.
ODD_IDS = [None, True, 3.0, "3", -1, 78, 99, 100, 101, 102, 103, 104, 110, 111, 112, 113, 120,
           121, 122, 123, 124, 130, 131, 132, 133, 200, 277, 278, 1 << 80]


def _err(exc: BaseException) -> list:
    m = getattr(exc, "msg", None)
    return [type(exc).__name__, str(exc)] + ([m.id, m.to_json()["params"]] if m is not None
                                             else [])


def _rules(rng: random.Random, players: int) -> Rules:
    rules = Rules(**{name: rng.choice(list(opt.values)) for name, opt in OPTIONS.items()})
    return rules if players == 4 else rules.with_(reckoning="fours")


def _look(h: Hand, rng: random.Random) -> list:
    """What the public read-only surface shows now."""
    out = [h.phase, h.current_player, h.is_terminal(), list(h.legal_action_ids()),
           [str(a) for a in h.legal_actions()], h.hands, [h.cards_of(p) for p in range(h.n)],
           [h.seat_mask(p) for p in range(h.n)], h.trick, h.played, h.legal_cards(),
           h.action_count, h.pending_call, sorted(h.sides_with_tricks), h.returns(),
           str(h.turn_reason()), h.turn_reason().to_json()]
    if h.phase == "take_back":
        out.append(h.take_back_choices())
    if rng.random() < 0.3:
        seat = rng.randrange(h.n)
        out.append(h.observation(seat).to_json())
    return out


def _refusals(h: Hand, rng: random.Random) -> list:
    """Illegal ids and texts tried on the hand (and on clones, so nothing changes)."""
    out = []
    for aid in rng.sample(range(N_CARDS), 4) + [rng.choice(ODD_IDS)]:
        c = h.clone()
        try:
            ev = c.apply_action(aid)
        except TroccasError as exc:
            out.append([repr(aid), _err(exc)])
        else:
            out.append([repr(aid), "ok", list(ev)])
    seat = rng.randrange(h.n)
    for aid in (rng.randrange(N_CARDS), rng.choice([100, 101, 102, 103, 110, 111, 112, 120, 121,
                                                    122, 123, 130, 131, 132, 200 + rng.randrange(78)])):
        for scart in (False, True):
            text = str(action_of(seat, aid, scart))
            out.append([text, h.can(text), h.explain(text) and h.explain(text).to_json()])
    return out


def trace(players: int, seed: int) -> list:
    rng = random.Random(f"{players}/{seed}")
    rules = _rules(rng, players)
    dealer = rng.randrange(players)
    sides = 2 if players in (4, 6) else players
    totals = None if rng.random() < 0.5 else [rng.choice([0, -5, -9, -12, -18, 20]) for _ in
                                             range(sides)]
    method = None
    if players == 4 and rng.random() < 0.15:
        method = rng.choice(["two_rounds", "one_round"])
    h = Hand(players, dealer, seed=seed, rules=rules, totals=totals, method=method)
    log: list = [rules.to_json(), dealer, totals, method, h.deck]
    clone_at = rng.randrange(120)
    clone = None
    step = 0
    while not h.is_terminal():
        log.append(_look(h, rng))
        if rng.random() < 0.25:
            log.append(_refusals(h, rng))
        ids = h.legal_action_ids()
        aid = ids[int(rng.random() * len(ids))]
        if rng.random() < 0.2:
            log.append(list(h.apply(str(h.action(aid)))))
        else:
            log.append(list(h.apply_action(aid)))
        step += 1
        if step == clone_at:
            clone = h.clone()
    log.append(_look(h, rng))
    log.append(_refusals(h, rng))
    log += [h.result, h.tricks, [list(map(list, p)) for p in h.piles], h.events, h.history,
            HandRecord.from_hand(h).to_json(), h.returns()]
    if h.phase == "done":
        log.append([h.count_detail(s).to_json() for s in range(h.n_sides)])
    if clone is not None:
        for _, aid, _ in h.history[clone.action_count:]:
            clone.apply_action(aid)
        assert clone.events == h.events and clone.result == h.result, (players, seed)
    return log


def digest(players: int, seed: int) -> str:
    text = json.dumps(trace(players, seed), sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def sample(per_count: int) -> list[tuple[int, int]]:
    return [(players, seed) for seed in range(per_count) for players in (3, 4, 5, 6)]


if __name__ == "__main__":
    # --write N: record the digests of N hands per player count (before a change);
    # --check N: compare N hands per player count against a file written by --write.
    mode, n = sys.argv[1], int(sys.argv[2])
    path = Path(sys.argv[3]) if len(sys.argv) > 3 else GOLDEN
    if mode == "--write":
        path.write_text(json.dumps({f"{p}/{s}": digest(p, s) for p, s in sample(n)}, indent=0)
                        + "\n")
    else:
        want = json.loads(path.read_text())
        bad = [k for k in (f"{p}/{s}" for p, s in sample(n)) if digest(*map(int, k.split("/")))
               != want[k]]
        print(f"{len(want) if n * 4 > len(want) else n * 4} hands, {len(bad)} differ: {bad[:10]}")
        sys.exit(1 if bad else 0)
