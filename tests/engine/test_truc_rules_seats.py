"""Truc's rules at every dealer seat and both player counts (issue 27): the French redeal broke
when the player after the dealer was seat 0, because a seat number was read as a truth value;
the tests before it only ever dealt from seat 0. Here each rule is tried from every seat."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from truc.cards import PACKS
from truc.errors import TrucError
from truc.game import Game
from truc.hand import BET, MAX_BET, PLAYBET, PROPOSE, REMAINDER, Hand
from truc.rules import OPTIONS, Rules

SEATINGS = [(n, dealer) for n in (2, 4) for dealer in range(n)]


def _cut(h: Hand) -> Hand:
    h.apply(f"{(h.dealer - 1) % h.n} cut cut")
    return h


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_french_redeal_the_player_after_the_dealer_proposes_and_every_other_player_answers(
        players, dealer):
    h = _cut(Hand(Rules(players=players, betting="french", redeal=True, tap=False), dealer,
                  seed=3))
    leader = (dealer + 1) % players
    assert h.phase == "redeal" and h.current_player == leader
    first = {c for cards in h.held for c in cards}
    h.apply(f"{leader} redeal propose")
    # Each other player in turn agrees or insists; none is asked to propose again.
    for i in range(1, players):
        seat = (leader + i) % players
        assert h.current_player == seat
        assert {str(a) for a in h.legal_actions()} == {f"{seat} redeal agree",
                                                       f"{seat} redeal insist"}
        h.apply(f"{seat} redeal agree")
    again = {c for cards in h.held for c in cards}
    assert not again & first and h.dealt == 2 * 3 * players


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_french_redeal_anyone_insisting_means_the_cards_are_played(players, dealer):
    h = _cut(Hand(Rules(players=players, betting="french", redeal=True, tap=False), dealer,
                  seed=3))
    leader = (dealer + 1) % players
    held = [list(cards) for cards in h.held]
    h.apply(f"{leader} redeal propose")
    h.apply(f"{(leader + 1) % players} redeal insist")
    assert h.phase == "play" and h.current_player == leader
    assert [list(cards) for cards in h.held] == held


# ---- French bets: "there is no limit on the size or number of bets" (truc, France) ----------
def _french(dealer: int = 0, players: int = 4, totals=(0, 0), **options) -> Hand:
    return _cut(Hand(Rules(players=players, betting="french", tap=False, **options), dealer,
                     seed=5, totals=list(totals)))


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_french_there_is_no_limit_on_the_size_of_bets(players, dealer):
    h = _french(dealer, players)
    leader = (dealer + 1) % players
    answerer = (leader + 1) % players
    assert h.can(f"{leader} bet 13"), h.explain(f"{leader} bet 13")
    h.apply(f"{leader} bet 13")
    h.apply(f"{answerer} answer accept")
    assert h.stake == 13
    card = h.pack.tokens[h.held[leader][0]]
    h.apply(f"{leader} play {card}")
    # The other team may raise again, by any amount ("can propose to raise the stake for the
    # hand by any amount").
    assert h.can(f"{answerer} bet 40") and h.can(f"{answerer} bet 99")


def test_french_a_bet_must_raise_the_stake_and_the_refusal_says_so():
    h = _french(0)
    h.apply("1 bet 4")
    h.apply("2 answer accept")
    h.apply(f"1 play {h.pack.tokens[h.held[1][0]]}")
    why = str(h.explain("2 bet 4"))
    assert "worth 4" in why and "5 or more" in why, why
    assert "raises the stake above" not in why


def test_french_bet_limit_remainder_reads_the_limit_as_what_the_team_behind_needs():
    h = _french(0, totals=(2, 5), bet_limit="remainder")
    assert h.can("1 bet 10") and not h.can("1 bet 11")  # 12 - 2: the team behind needs 10
    why = str(h.explain("1 bet 11"))
    assert "at most 10" in why and "remainder" in why, why
    assert h.can("1 bet remainder")


def test_french_a_bet_comes_before_playing_ones_card_and_nothing_raises_an_accepted_remainder():
    h = _french(0)
    card = h.pack.tokens[h.held[1][0]]
    why = str(h.explain(f"1 playbet {card}"))
    assert "before" in why, why
    h.apply("1 bet remainder")
    h.apply("2 answer accept")
    h.apply(f"1 play {card}")
    why = str(h.explain("2 bet 5"))
    assert "remainder" in why and "game" in why, why


# ---- every rule option set, every dealer, both player counts: random games to the end ------
# The options of the players, the pack, the betting, the tap and the redeal cross each other
# in full; the readings added later (the rules at eleven, how often a hand is redealt) take
# each of their values in turn across those sets (steps 3 and 5, prime to every count there),
# so that each value meets every pack, betting and redeal without multiplying the games played.
CROSSED = ("players", "pack", "betting", "bet_limit", "tap", "redeal", "target")
TURNED = tuple(n for n in OPTIONS if n not in CROSSED)
STEPS = (3, 5)
OPTION_SETS = [
    {**dict(zip(CROSSED, values)),
     **{n: list(OPTIONS[n].values)[i // step % len(OPTIONS[n].values)]
        for n, step in zip(TURNED, STEPS, strict=True)}}
    for i, values in enumerate(itertools.product(*(list(OPTIONS[n].values) for n in CROSSED)))]
ALL_RULES = [Rules(**o) for o in OPTION_SETS]
# Ids no rule allows at some moment: a low card id, words of every phase, bets of every size.
PROBES = (0, 150, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 250,
          BET + 1, BET + 2, BET + 3, BET + 13, BET + MAX_BET + 1, REMAINDER)


def test_the_rule_sets_give_each_option_every_value_with_each_betting_and_redeal():
    assert set(CROSSED) | set(TURNED) == set(OPTIONS) and TURNED
    for name in TURNED:
        met = {(o[name], o["betting"], o["redeal"], o["players"]) for o in OPTION_SETS}
        assert met == set(itertools.product(
            OPTIONS[name].values, OPTIONS["betting"].values, OPTIONS["redeal"].values,
            OPTIONS["players"].values)), name


def _by_the_source_trick(h: Hand, plays):
    """Who takes a trick, read from the pack's ranks: the highest rank wins; equal highest from
    both teams draw (the same player leads again); equal from partners, the earlier leads."""
    ranks = PACKS[h.rules.pack][1]
    rank = [ranks.index(h.pack.tokens[c][:-1]) for _, c in plays]
    best = [p for (p, _), r in zip(plays, rank) if r == min(rank)]
    teams = {p % 2 for p in best}
    return (None, plays[0][0]) if len(teams) == 2 else (teams.pop(), best[0])


def _by_the_source_hand(results, one_card: bool, non_dealers: int):
    """The team that has won the hand after these trick results, or None while it is open
    (truc, "The play")."""
    won = [r for r in results if r is not None]
    if one_card:
        return (won[0] if won else non_dealers) if results else None
    for team in (0, 1):
        if won.count(team) >= 2:
            return team
    if None in results and len(results) >= 2 and won:
        return won[0]  # one drawn: the first of the others decides; two drawn: the third
    return non_dealers if len(results) == 3 else None


def _choose(h: Hand, rng: random.Random) -> int:
    """A random legal action, its kind drawn first so that the many French bet sizes do not
    crowd out the cards."""
    kinds: dict[str, list[int]] = {}
    for aid in h.legal_action_ids():
        kinds.setdefault(h.action(aid).kind, []).append(aid)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def _play_hand_checked(h: Hand, rng: random.Random) -> dict:
    """Play ``h`` to its end at random, checking each rule at each step against the source's
    sentences; returns the result."""
    n, dealer, rules = h.n, h.dealer, h.rules
    leader = (dealer + 1) % n
    non_dealers = leader % 2
    # The rules at eleven hold where the option ``eleven`` keeps them (truc, "The betting");
    # off, a hand at 11 is like any other (the French section names no such rule).
    at_eleven = [t == rules.target - 1 and rules.eleven for t in h.totals]
    assert h.current_player == (dealer - 1) % n  # the dealer's left cuts
    stake, for_game, proposer, bet, each, redeals = 1, False, None, None, 0, 0
    dealt_before: set[int] = set()
    steps = 0
    while not h.is_terminal():
        steps += 1
        assert steps < 400, "the hand ends"
        p = h.current_player
        ids = h.legal_action_ids()
        assert ids and 0 <= p < n, "a hand not over always offers an action"
        if h.phase == "redeal":
            words = {h.action(a).arg for a in ids}
            if proposer is None:
                assert p == leader and words == {"propose", "play"}
                # a hand redealt once is redealt again only where the option reads it so
                assert redeals == 0 or rules.redeals == "repeat"
            else:  # a proposal can always be answered, by every other player
                assert p != proposer and words == {"agree", "insist"}, (p, proposer, words)
        if h.phase == "eleven":
            assert sum(at_eleven) == 1 and at_eleven[p % 2]
        for probe in PROBES + tuple(PLAYBET + c for c in h.held[p]):
            v = h.verdict(p, probe)
            assert v.ok == (probe in ids), probe
            assert str(v.reason) and "{" not in str(v.reason)  # every refusal renders
        assert not h.verdict((p + 1) % n, ids[0]).ok  # never out of turn
        aid = _choose(h, rng)
        assert h.verdict(p, aid).ok
        action = h.action(aid)
        if action.kind == "redeal":
            if action.arg == "propose":
                proposer = p
                dealt_before = {c for cards in h.held for c in cards}
                each = h.cards_each
            elif action.arg in ("play", "insist"):
                proposer = None
        dealt = h.dealt
        events = h.apply_action(aid)
        if h.dealt > dealt and proposer is not None:
            # everyone agreed: new hands from the rest of the pack, as many cards as before
            assert action.arg == "agree" and (p + 1) % n == proposer
            assert not {c for cards in h.held for c in cards} & dealt_before
            assert all(len(c) == each for c in h.held)
            proposer = None
            redeals += 1
        for e in events:
            if e["type"] == "bet":
                assert bet is None and not any(at_eleven)
                bet = (e["player"], e["stake"])
                if e["stake"] != "remainder":
                    assert e["stake"] > stake
                    if rules.betting == "catalan":
                        assert e["stake"] == stake + 1 <= 3
                    elif rules.bet_limit == "remainder":
                        assert e["stake"] <= rules.target - min(h.totals)
            elif e["type"] == "answer":
                assert bet is not None and e["player"] % 2 != bet[0] % 2
                if e["accept"]:
                    for_game = for_game or bet[1] == "remainder"
                    stake = stake if bet[1] == "remainder" else bet[1]
                bet = None
            elif e["type"] == "eleven" and e["decision"] == "play":
                stake = 3  # truc: "automatically worth three points"
            elif e["type"] == "trick":
                plays, team, lead = h.tricks[-1]
                assert [s for s, _ in plays] == [(plays[0][0] + i) % n for i in range(n)]
                assert (team, lead) == _by_the_source_trick(h, plays)
        assert h.stake == stake
    r = h.result
    results = [t for _, t, _ in h.tricks]
    if r["how"] == "tricks":
        team = _by_the_source_hand(results, h.cards_each == 1, non_dealers)
        assert r["team"] == team and all(
            _by_the_source_hand(results[:k], h.cards_each == 1, non_dealers) is None
            for k in range(len(results))), "play stops once the hand is decided"
        want = max(stake, rules.target - h.totals[team]) if for_game else stake
        assert r["points"] == want
    elif r["how"] == "fold":  # the proposers score the stake before the bet
        folded = next(e for e in reversed(h.events) if e["type"] == "bet")
        assert r["team"] == folded["player"] % 2 and r["points"] == stake
    else:
        assert r["how"] == "eleven_pass" and r["points"] == 1 and at_eleven[1 - r["team"]]
    if rules.betting == "catalan" and not for_game:
        assert r["points"] in (1, 2, 3)
    if any(at_eleven):
        assert not any(e["type"] == "bet" for e in h.events)
    assert h.returns() == [r["points"] if s % 2 == r["team"] else 0 for s in range(n)]
    played = [c for plays, _, _ in h.tricks for _, c in plays]
    assert len(set(played)) == len(played)
    return r


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: "-".join(
    str(getattr(r, o)) for o in OPTIONS))
def test_every_rule_set_from_every_dealer_plays_games_to_the_target(rules):
    for dealer in range(rules.players):
        rng = random.Random(f"{rules.to_json()} {dealer}")
        seed = rng.randrange(10 ** 6)
        g = Game(rules, dealer, seed=seed)
        totals = [0, 0]
        hands = 0
        while not g.is_terminal():
            assert g.hand.dealer == (dealer + hands) % rules.players  # the deal passes on
            assert g.hand.totals == totals
            r = _play_hand_checked(g.hand, rng)
            totals[r["team"]] += r["points"]
            g.next_hand()
            hands += 1
            assert g.totals == totals and hands < 2 * rules.target
        assert max(totals) >= rules.target > min(totals)
        assert g.winner == totals.index(max(totals))


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), dealer=st.integers(0, 3), seed=st.integers(0, 10 ** 6),
       totals=st.lists(st.sampled_from([0, 1, 5, 9, 10, 11]), min_size=2, max_size=2))
def test_any_hand_from_any_dealer_and_score_keeps_every_rule(rules, dealer, seed, totals):
    h = Hand(rules, dealer % rules.players, seed=seed, totals=totals)
    _play_hand_checked(h, random.Random(seed))


@pytest.mark.parametrize("players, dealer", SEATINGS)
def test_a_redeal_after_a_tap_and_a_one_card_deal_deals_one_card_each_again(players, dealer):
    h = Hand(Rules(players=players, betting="french", redeal=True, tap=True), dealer, seed=8)
    h.apply(f"{(dealer - 1) % players} cut tap")
    h.apply(f"{dealer} deal one")
    leader = (dealer + 1) % players
    h.apply(f"{leader} redeal propose")
    for i in range(1, players):
        h.apply(f"{(leader + i) % players} redeal agree")
    assert [len(cards) for cards in h.held] == [1] * players and h.dealt == 2 * players


def test_an_action_of_another_moment_is_refused_as_such_not_as_a_bad_number():
    h = _cut(Hand(Rules(), 0, seed=2))
    assert h.phase == "play"
    for word in ("1 cut tap", "1 deal one", "1 redeal propose", "1 eleven play"):
        said = str(h.explain(word))
        assert said.startswith(f"'{word}' is not an action of this moment of the hand: it belongs to")
    assert "whole number" not in str(h.verdict(1, PROPOSE).reason)
    assert str(h.verdict(1, 77).reason) == "77 is not the id of an action of this game"


def test_no_hand_is_dealt_once_a_team_has_reached_the_target():
    for totals in ([12, 0], [3, 40], [-1, 0]):
        with pytest.raises(TrucError, match="two whole numbers from 0 to 11"):
            Hand(Rules(), 0, seed=1, totals=totals)
    assert Hand(Rules(), 0, seed=1, totals=[11, 11]).totals == [11, 11]


# ---- the rules at eleven, an option (truc, "The betting"; the French section names none) ----
@settings(max_examples=120, deadline=None)
@given(rules=st.sampled_from(ALL_RULES), dealer=st.integers(0, 3), seed=st.integers(0, 10 ** 6),
       totals=st.lists(st.sampled_from([0, 5, 10, 11]), min_size=2, max_size=2))
def test_eleven_a_team_at_eleven_decides_and_no_one_bets_only_where_the_option_keeps_the_rule(
        rules, dealer, seed, totals):
    h = Hand(rules, dealer % rules.players, seed=seed, totals=totals)
    v = h.eleven_verdict()
    at = [t == 11 for t in totals]  # the source's eleven: one short of its twelve
    # The verdict, read from the source's sentence and the option, not from the engine.
    assert v.ok == (any(at) and rules.eleven)
    assert v.rule == ("eleven" if v.ok else "eleven.off" if any(at) else "eleven")
    assert str(v.reason) and "{" not in str(v.reason)
    # The tap's own clause bars the one-card deal at 11 whatever the option.
    h.apply(f"{h.current_player} cut {'tap' if rules.tap else 'cut'}")
    assert h.phase != "deal" or not any(at)
    if h.phase == "deal":
        h.apply(f"{h.dealer} deal three")
    # A team alone at 11 with the rule: its player decides before any card is played.
    assert (h.phase == "eleven") == (v.ok and sum(at) == 1)
    if h.phase == "eleven":
        assert at[h.team_of[h.current_player]]
        h.apply(f"{h.current_player} eleven play")
        assert h.stake == 3
    if h.phase == "play":
        bets = [a for a in h.legal_actions() if a.kind in ("bet", "playbet")]
        assert bool(bets) == (not v.ok), bets
        if v.ok:  # a bet tried anyway is refused by the rule at eleven
            what = "truc" if rules.betting == "catalan" else "5"
            assert h.verdict(h.current_player, h.parse_action(
                f"{h.current_player} bet {what}")[1]).rule == "eleven.no_bets"


def test_eleven_off_a_french_hand_at_eleven_is_bet_like_any_other():
    h = Hand(Rules(betting="french", eleven=False), 0, seed=3, totals=[11, 4])
    assert h.eleven_verdict().rule == "eleven.off"
    h.apply("3 cut cut")
    assert h.phase == "play" and h.stake == 1
    h.apply("1 bet 4")
    h.apply("2 answer accept")
    assert h.stake == 4


# ---- how often a French hand may be redealt, an option (truc, France) ----------------------
@pytest.mark.parametrize("redeals", list(OPTIONS["redeals"].values))
@pytest.mark.parametrize("pack, players", [("catalan40", 4), ("catalan40", 2), ("french32", 4)])
def test_redeal_once_or_as_long_as_the_pack_holds_a_new_deal(redeals, pack, players):
    h = Hand(Rules(betting="french", redeal=True, tap=False, pack=pack, players=players,
                   redeals=redeals), 0, seed=5)
    h.apply(f"{players - 1} cut cut")
    size, deal = PACKS[pack], 3 * players
    size = len(size[0]) * len(size[1])
    made = 0
    while h.phase == "redeal":
        assert h.redeal_verdict().ok
        h.apply("1 redeal propose")
        for i in range(2, players + 1):
            h.apply(f"{i % players} redeal agree")
        made += 1
    # The source's words: new hands "from the remainder of the pack", as long as it holds one;
    # read as one proposal, a single redeal.
    most = (size - deal) // deal
    assert made == (min(most, 1) if redeals == "once" else most)
    assert h.phase == "play" and not h.redeal_verdict().ok
    # Why not: a redeal made where the option reads one proposal, else the pack's remainder.
    assert h.redeal_verdict().rule == ("redeal.once" if redeals == "once" and made else "redeal")
