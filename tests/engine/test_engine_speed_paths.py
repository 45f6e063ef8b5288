"""The hand's fast paths against the rules they stand for (hypothesis: random hands, random
states): the scart check in apply_action against scart.scart_verdict, the king+jack filter
against the cards dealt, the trick's winner against play.card_beats, and clone() against the
hand's slots — each fails if its fast path drifts from the rule."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from troccas.errors import IllegalActionError
from troccas.hand import _SLOTS, Hand
from troccas.play import card_beats, led_suit
from troccas.rules import OPTIONS, Rules
from troccas.scart import scart_verdict
from troccas.tables import _JACK, _KING

RULES = st.builds(Rules, **{name: st.sampled_from(list(opt.values))
                            for name, opt in OPTIONS.items() if name != "reckoning"})
# Never changed in place, so a clone shares them: the deck, the deal's schedule and the seats'
# tables, and the buob event of the trick (an event, like those in ``events``).
SHARED = {"deck", "rounds", "side_of", "talk_order", "trick_buob"}
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def step(h: Hand, rng: random.Random) -> None:
    ids = h.legal_action_ids()
    h.apply_action(ids[int(rng.random() * len(ids))])


@FEW
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32))
def test_scart_accepts_exactly_what_the_scart_rule_allows(players, seed):
    h = Hand(players, seed % players, seed=seed)
    rng = random.Random(seed)
    while h.phase not in ("scart", "thrown_in"):
        step(h, rng)
    while h.phase == "scart":
        held = h.cards_of(h.dealer)
        for card in range(78):
            verdict = scart_verdict(held, card)
            try:
                h.clone().apply_action(card)
            except IllegalActionError as exc:
                assert not verdict.ok and exc.msg == verdict.reason
            else:
                assert verdict.ok, card
        step(h, rng)


@FEW
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 2**32), rules=RULES)
def test_king_jack_filter_is_the_pairs_dealt_and_winners_beat_every_card(players, seed, rules):
    h = Hand(players, seed % players, seed=seed, rules=rules)
    rng = random.Random(seed)
    while h.phase != "play" and not h.is_terminal():
        step(h, rng)
    if h.is_terminal():
        return
    for p in range(h.n):
        cards = set(h.cards_of(p))
        assert h._kj[p] == sum(1 << s for s in range(4) if {_KING[s], _JACK[s]} <= cards)
    while not h.is_terminal():
        step(h, rng)
    for t in h.finished_tricks:
        led = led_suit(t.cards)
        win = t.cards[t.players.index(t.winner)] if t.players.count(t.winner) == 1 else None
        if win is not None:  # (king and jack from one seat: either card may be the winner)
            assert all(card_beats(win, c, led) for c in t.cards if c != win), t


@FEW
@given(players=st.sampled_from([3, 4, 5, 6]), seed=st.integers(0, 2**32), rules=RULES,
       steps=st.integers(0, 120))
def test_clone_copies_every_slot(players, seed, rules, steps):
    h = Hand(players, seed % players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if h.is_terminal():
            break
        step(h, rng)
    c = h.clone()
    for name in _SLOTS:
        if not hasattr(h, name):
            assert not hasattr(c, name), name
            continue
        mine, theirs = getattr(h, name), getattr(c, name)
        assert theirs == mine, name
        if isinstance(mine, (list, dict)) and name not in SHARED:
            assert theirs is not mine, name  # changed in place: each hand its own
