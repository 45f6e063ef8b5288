"""The state interface bots and search drive (cardgame.state.GameState): clone and per-seat
observations, over random hands of every player count and rule option."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgame.state import GameState
from troccas.cards import TOKEN
from troccas.hand import Hand
from troccas.record import HandRecord
from troccas.rules import OPTIONS, Rules

RULES = st.builds(Rules, **{name: st.sampled_from(list(opt.values))
                            for name, opt in OPTIONS.items() if name != "reckoning"})
HANDS = dict(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 2**32),
             rules=RULES, steps=st.integers(0, 120))
FEW = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def advance(h: Hand, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if h.is_terminal():
            return
        ids = h.legal_action_ids()
        h.apply_action(ids[int(rng.random() * len(ids))])


def snapshot(h: Hand) -> str:
    return json.dumps([HandRecord.from_hand(h).to_json(), [h.cards_of(p) for p in range(h.n)],
                       h.events, h.trick, h.phase, h.current_player, h.result], sort_keys=True,
                      default=str)


def test_hand_is_a_game_state():
    h = Hand(4, 0, seed=1)
    assert isinstance(h, GameState)
    assert h.returns() == [0, 0, 0, 0]  # zeros before the end


@FEW
@given(**HANDS, more=st.integers(0, 2**32))
def test_clone_is_independent_and_plays_the_same(players, seed, rules, steps, more):
    h = Hand(players, seed % players, seed=seed, rules=rules)
    advance(h, random.Random(seed), steps)
    before = snapshot(h)
    c = h.clone()
    assert snapshot(c) == before
    advance(c, random.Random(more), 400)
    assert snapshot(h) == before  # the clone's play left the original as it was
    taken = c.history[len(h.history):]
    for _, aid, _ in taken:  # the same actions on the original reach the same end
        h.apply_action(aid)
    assert snapshot(h) == snapshot(c) and h.returns() == c.returns()


def _strings(value):
    if isinstance(value, str):
        yield from value.replace(",", " ").replace(":", " ").split()
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


@FEW
@given(**HANDS)
def test_observation_shows_own_cards_and_never_a_hidden_one(players, seed, rules, steps):
    h = Hand(players, seed % players, seed=seed, rules=rules)
    advance(h, random.Random(seed), steps)
    public = {TOKEN[c] for c in h.face_up if c is not None}
    public |= {c for t in h.tricks for _, c in t["plays"]} | {c for _, c in
                                                              [(p, TOKEN[x]) for p, x in h.trick]}
    for e in h.events:
        public |= {e[k] for k in ("card", "returned", "jack") if isinstance(e.get(k), str)}
    for seat in range(h.n):
        obs = h.observation(seat)
        assert list(obs.hand) == [TOKEN[c] for c in h.cards_of(seat)]
        hidden = {TOKEN[c] for q in range(h.n) if q != seat for c in h.cards_of(q)}
        if seat != h.dealer:
            hidden |= {TOKEN[c] for c in h.scart}
            assert obs.scart is None
        else:
            assert list(obs.scart) == [TOKEN[c] for c in h.scart]
        shown = set(_strings(obs.to_json())) - set(obs.hand)
        assert not (shown & (hidden - public)), (seat, shown & (hidden - public))
        assert bool(obs.legal) == (seat == h.current_player and not h.is_terminal())
        json.dumps(obs.to_json())


@FEW
@given(**HANDS)
def test_apply_action_fast_path_agrees_with_the_rule_of_play(players, seed, rules, steps):
    """apply_action decides a played card on its own fast path; it must accept exactly the
    cards play.play_verdict allows and legal_action_ids offers, and refuse the rest with the
    rule's own reason. Asking for the legal actions changes nothing."""
    from troccas.errors import IllegalActionError
    from troccas.play import play_verdict
    h = Hand(players, seed % players, seed=seed, rules=rules)
    rng = random.Random(seed)
    advance(h, rng, steps)
    if h.phase != "play":
        return
    before = snapshot(h)
    offered = {a for a in h.legal_action_ids() if a < 78}
    assert snapshot(h) == before
    p = h.current_player
    for card in range(78):
        verdict = play_verdict(h.seat_mask(p), h.led, card)
        c = h.clone()
        try:
            c.apply_action(card)
        except IllegalActionError as exc:
            assert not verdict.ok and exc.msg == verdict.reason
        else:
            assert verdict.ok
        assert verdict.ok == (card in offered)


class _FullTrickEnd(Hand):
    """Every trick settled by the general path (_resolve_trick)."""
    __slots__ = ()
    _FAST_TRICK_END = False


@FEW
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 2**32), rules=RULES)
def test_fast_trick_end_agrees_with_the_full_one(players, seed, rules):
    fast = Hand(players, seed % players, seed=seed, rules=rules)
    full = _FullTrickEnd(players, seed % players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while not fast.is_terminal():
        ids = fast.legal_action_ids()
        assert list(full.legal_action_ids()) == list(ids)
        aid = ids[int(rng.random() * len(ids))]
        assert fast.apply_action(aid) == full.apply_action(aid)
    assert snapshot(fast) == snapshot(full)
    assert fast.piles == full.piles and fast.returns() == full.returns()


@FEW
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_scart_choices_are_the_scart_rules(players, seed):
    """The hand offers exactly the cards scart.scart_verdict allows, and refuses the others
    with its reason."""
    from troccas.errors import IllegalActionError
    from troccas.scart import scart_verdict
    h = Hand(players, seed % players, seed=seed)
    h.deal_through()
    while h.phase == "scart":
        held = h.cards_of(h.dealer)
        offered = set(h.legal_action_ids())
        for card in range(78):
            v = scart_verdict(held, card)
            assert v.ok == (card in offered)
            if not v.ok:
                try:
                    h.clone().apply_action(card)
                except IllegalActionError as exc:
                    assert exc.msg == v.reason
                else:
                    raise AssertionError(f"{card} was laid away against the rule")
        h.apply_action(sorted(offered)[0])
