"""Truc's coach says why (issue 29): each hint is the bettor's action with the first principle
true of it (truc.principles), the rule clause it rests on, the card it marks, a question to ask
first, and the odds it weighed kept apart in ``details``.

Whether a principle is true is checked on the engine's state — by the principle's own test on a
position built afresh, and for the trick and hand principles by the trick rule (``call_trick``)
and the hand's verdict (``hand_verdict``), for the bets by the pot odds worked out here from the
bot's own figures — never by reading the sentence."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from truc import api, principles
from truc.cards import PACKS, pack
from truc.hand import ACCEPT, FOLD, PLAYBET, Hand
from truc.record import HandRecord
from truc.rules import Rules

from test_truc import dealt

N_POSITIONS = 200
ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = json.loads((ROOT / "engine/src/truc/messages/en.json").read_text("utf-8"))
RULE_SETS = [Rules(), Rules(), Rules(players=2), Rules(betting="french"),
             Rules(pack="french36", betting="french", bet_limit="remainder")]


def positions(n: int = N_POSITIONS, seed: int = 29):
    """``n`` positions: hands under several rule sets (some at eleven points), played by random
    legal actions (a fold seldom, so that later tricks are reached) and cut at a random action,
    each with the seat to act. Seeded, so a failure names its position."""
    rng = random.Random(seed)
    out = []
    s = 0
    while len(out) < n:
        s += 1
        rules = RULE_SETS[s % len(RULE_SETS)]
        totals = [rng.choice([0, 5, 11]), rng.choice([0, 3, 10])]
        hand = Hand(rules, rng.randrange(rules.players), seed=s, totals=totals)
        cut = rng.randrange(1, 12)
        while not hand.is_terminal() and len(hand.moves) < cut:
            ids = hand.legal_action_ids()
            calm = [a for a in ids if a != FOLD] if rng.random() < 0.9 else ids
            hand.apply_action(rng.choice(calm or ids))
        if hand.is_terminal():
            continue
        out.append((HandRecord.from_hand(hand, s).to_json(), hand, hand.current_player))
    return out


def _card_names(hand: Hand) -> list[str]:
    # {card:cardname} names a token by the first pack that has it (truc.cards), so every
    # pack's names are taken out
    names = {p.name_of(c) for p in map(pack, PACKS) for c in range(p.size)}
    return sorted(names, key=len, reverse=True)


def _figures(text: str, hand: Hand) -> list[str]:
    """The figures in ``text`` once the cards' names ("the 3 of oros") are taken out."""
    for name in _card_names(hand):
        text = text.replace(name, "")
    return re.findall(r"\d|%", text)


def _power(pack: str) -> dict[str, int]:
    return {c["token"]: c["power"] for c in api.call("pack", pack=pack)["cards"]}


def check_on_the_rules(pid: str, hand: Hand, seat: int, aid: int, odds: dict | None) -> None:
    """The principle checked by the engine's rules: the trick rule (call_trick, ranks from
    call_pack), the hand's verdict, and for bets the pot odds from the bot's own figures."""
    tok = hand.pack.tokens
    power = _power(hand.rules.pack)
    trick = [tok[c] for _, c in hand.trick]
    held = sorted((tok[c] for c in hand.held[seat]), key=power.__getitem__)
    team = hand.team_of[seat]
    if aid < PLAYBET:
        card = tok[aid]
        top = max((power[t] for t in trick), default=-1)
        beats = [t for t in held if power[t] > top]
        if pid in ("win_cheaply", "first_trick", "after_draw", "win_hand"):
            assert beats and card == beats[0], (pid, trick, held, card)
        if pid in ("duck", "partner_low"):
            assert card == held[0]
        if pid == "duck":
            assert not beats
        if pid in ("partner_low",):
            tops = [p for p, c in hand.trick if power[tok[c]] == top]
            assert all(hand.team_of[p] == team and p != seat for p in tops)
        if pid == "win_hand":
            plays = [[p, tok[c]] for p, c in hand.trick] + [[seat, card]]
            result = api.call("trick", plays=plays, players=hand.n, pack=hand.rules.pack)
            assert result["team"] == team
            done = [t for _, t, _ in hand.tricks] + [result["team"]]
            assert hand.hand_verdict(done)[0] == team
        if pid == "first_trick":
            assert not hand.tricks and hand.cards_each == 3
        if pid == "keep_top":
            assert not trick and not hand.tricks and card == held[0]
        if pid == "lead_high":
            assert not trick and hand.tricks and card == held[-1]
        if pid == "only":
            assert held == [card]
    if pid in ("bet_strong", "bluff", "raise_strong", "accept_odds", "fold_odds",
               "eleven_play", "eleven_pass"):
        assert odds is not None
        win, stake, nxt = odds["win"], odds["stake"], odds["next"]
        # accepting wins or loses nxt, folding loses stake (truc, "The betting")
        pays = win * nxt - (1 - win) * nxt > -stake
        if pid == "bet_strong":
            assert win >= 0.68
        if pid == "bluff":
            assert win <= 0.3
        if pid == "raise_strong":
            assert win >= 0.75
        if pid in ("accept_odds", "eleven_play"):
            assert pays or abs(win - (nxt - stake) / (2 * nxt)) < 0.005, odds
        if pid in ("fold_odds", "eleven_pass"):
            assert not pays or abs(win - (nxt - stake) / (2 * nxt)) < 0.005, odds


def test_every_hint_names_a_true_principle_marks_a_legal_action_and_keeps_figures_in_details():
    seen = set()
    for rec, hand, seat in positions():
        r = api.call("bot_action", record=rec, bot="bettor", seed=7, viewer=seat)
        where = (rec["seed"], rec.get("rules"), len(rec["actions"]), r["action"])
        pid = r["principle"]
        assert pid in principles.BY_ID and r["rule"] in principles.CLAUSES, where
        assert hand.can(r["action"]), where
        _, aid = hand.parse_action(r["action"])
        # the stated principle is true of this action here, on a position built afresh (its
        # chance of winning sampled again with the bot's seed: the same figure)
        pos = principles.position(hand, seat, seed=7)
        assert principles.holds(pid, pos, aid), where
        assert principles.explain(pos, aid).principle == pid, where
        if r["odds"] is not None:
            assert pos.win == r["odds"]["win"], where
        check_on_the_rules(pid, hand, seat, aid, r["odds"])
        # the card marked is the card played, from the seat's hand; a word marks none
        if aid < ACCEPT:
            card = hand.pack.tokens[aid % PLAYBET]
            assert r["cards"] == [card] and aid % PLAYBET in hand.held[seat], where
        else:
            assert r["cards"] == [], where
        # figures only in the details
        assert not _figures(r["text"], hand), (where, r["text"])
        assert not _figures(r.get("question") or "", hand), (where, r.get("question"))
        if r["odds"] is not None:
            assert f"{round(r['odds']['win'] * 100)}%" in r["details"], where
        assert "{" not in r["text"] and "{" not in (r.get("question") or "")
        seen.add(pid)
    # the positions reach the principles that matter to a learner
    assert {"win_cheaply", "duck", "partner_low", "first_trick", "keep_top", "lead_high",
            "bet_strong", "accept_odds", "fold_odds"} <= seen, seen


def test_the_question_asked_first_never_names_the_card_it_asks_for():
    for rec, hand, seat in positions(60, seed=3):
        r = api.call("bot_action", record=rec, bot="bettor", seed=1, viewer=seat)
        q = r.get("question")
        for t in r["cards"] if q else ():
            assert hand.pack.name_of(hand.pack.notation.parse_id(t)) not in q, (q, t)


def test_every_principle_and_question_has_words_and_rests_on_a_rule_the_engine_uses():
    ids = {f"bot.coach#{p.id}" for p in principles.PRINCIPLES} | \
        {f"bot.coach#{p.ask}" for p in principles.PRINCIPLES if p.ask} | \
        {f"bot.coach#{p}_raise" for p in ("bet_strong", "bluff", "bet_any")}
    for i in ids:
        assert i in CATALOGUE, i
    rule_ids = {k.split("#")[0].split("@")[0] for k in CATALOGUE}
    for clause in principles.CLAUSES:
        assert clause in rule_ids, clause
    for p in principles.PRINCIPLES:
        assert p.clause in principles.CLAUSES, p


def test_hand_winner_the_first_trick_and_the_trick_after_a_draw_are_said_as_such():
    """hand.winner (truc, "The play"): a drawn trick is decided by the other tricks — the first
    trick won counts for the hand when a later one is drawn, and after a drawn first trick the
    next trick won wins the hand. The coach says so where it is true, and only there."""
    h = dealt({1: "3o 4o 7b", 2: "3c 5c 2e", 3: "4e 6b 6c", 0: "5e 7o Rb"})
    pos = principles.position(h, 1)
    assert principles.explain(pos, pos.cards[0]).principle == "keep_top"
    h.apply("1 play 4o")
    pos = principles.position(h, 2)  # the 5 of copes is the cheapest card that beats it
    assert principles.explain(pos, pos.cards[0]).principle == "first_trick"
    h = dealt({1: "3o 4o 7b", 2: "3c 5c 2e", 3: "4e 6b 6c", 0: "5e 7o Rb"})
    for a in ("1 play 3o", "2 play 3c", "3 play 4e", "0 play 5e"):
        h.apply(a)
    assert h.tricks[0][1] is None and h.current_player == 1  # drawn: seat 1 leads again
    h.apply("1 play 4o")
    pos = principles.position(h, 2)
    five = h.pack.notation.parse_id("5c")
    why = principles.explain(pos, five)
    assert why.principle == "after_draw" and why.clause == "hand.winner"
    # the engine's verdict agrees: that trick taken by seat 2's side wins the hand
    assert h.hand_verdict([None, h.team_of[2]])[0] == h.team_of[2]
    assert not principles.holds("first_trick", pos, five)
