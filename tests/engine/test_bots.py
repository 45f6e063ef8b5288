"""The bots (troccas.bots): the facade call bot_action, legal play over many hands, no
peeking, the tschintschar claims, the command line's play and arena."""

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from troccas import api
from troccas.errors import TroccasError

SCHEMA = api.schema()


def validate(name, result):
    Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["calls"][name]["result"]}) \
        .validate(result)


def _record(seed=5, upto=None):
    rec = api.call("random_hand", seed=seed)
    if upto is not None:
        rec["actions"] = rec["actions"][:upto]
    return rec


@pytest.mark.parametrize("bot", ["random", "baseline", "search"])
def test_bot_action_answers_a_legal_action_with_a_reason_in_words(bot):
    from troccas.record import HandRecord
    for upto in (0, 12, 30, 60):
        rec = _record(upto=upto)
        r = api.call("bot_action", record=rec, bot=bot, seed=3)
        validate("bot_action", r)
        hand = HandRecord.from_json(rec).replay()
        assert hand.can(r["action"]), (upto, r)
        assert r["seat"] == hand.current_player and r["bot"] == bot
        assert r["reason"]["id"].startswith("bot") and r["text"] and "{" not in r["text"]
        # the same seed, the same choice (the worker and the CLI must agree)
        assert api.call("bot_action", record=rec, bot=bot, seed=3) == r


def test_bot_action_says_a_glossary_phrase_with_its_meaning_at_the_talk():
    from troccas.bots.signals import holds
    from troccas.record import HandRecord
    rec = _record(seed=3, upto=0)
    r = api.call("bot_action", record=rec, bot="baseline")
    validate("bot_action", r)
    assert r["action"].split()[1] == "talk"
    say = r["say"]
    assert say and say["id"] and say["text"] and say["meaning"] and say["claim"]
    hand = HandRecord.from_json(rec).replay()
    assert holds(say["claim"], hand.cards_of(hand.current_player))
    # applied with the phrase, the record keeps it and the partner's view hears it
    hand.apply(r["action"], say=say["text"])
    rec2 = HandRecord.from_hand(hand).to_json()
    assert rec2["actions"][0] == {"action": r["action"], "say": say["text"]}


def test_bot_action_through_the_worker_entry_point_refuses_bad_input_in_one_sentence():
    rec = _record(upto=30)
    for args, rule in (({"record": rec, "bot": "alphazero"}, "bot"),
                       ({"record": rec, "seat": 3}, "bot"),
                       ({"record": _record()}, "bot"),  # a finished hand
                       ({"record": rec, "seed": [1]}, "seed")):  # the shared seed rule
        answer = json.loads(api.call_json("bot_action", json.dumps(args)))
        assert not answer["ok"] and answer["error"]["rule"] == rule, answer
        assert "\n" not in answer["error"]["message"]
    with pytest.raises(TroccasError):
        api.call("bot_action", record={"format": "troccas-hand"})


# ---- tschintschar ----------------------------------------------------------------------------

def _phrase_entries() -> list[dict]:
    """The engine's phrases as authored (troccas/data/tschintschar.json), read directly."""
    import troccas
    return json.loads((Path(troccas.__file__).parent / "data" / "tschintschar.json")
                      .read_text(encoding="utf-8"))


def test_each_catalogue_says_the_data_s_meaning_of_each_phrase():
    """The bots say a phrase's meaning in the language of the call (phrase.<id> in the engine's
    catalogues): the meaning the bots read (the claimed one, else the first) in the engine's
    phrases, ``text`` in English and ``text_<lang>`` in another language."""
    from cardgame.messages import catalogue, languages
    stale = []
    for e in _phrase_entries():
        claimed = [s for s in e["signals"] if "claim" in s]
        meaning = claimed[0] if claimed else e["signals"][0]
        for lang in languages("troccas"):
            want = meaning["text"].get(lang)
            have = catalogue("troccas", lang).entries.get(f"phrase.{e['id']}")
            if have != want:
                stale.append((lang, e["id"], have, want))
    assert not stale, f"troccas/messages/<lang>.json phrase.<id> is not the glossary's: {stale}"


def test_the_bots_read_the_claim_the_data_gives_each_phrase():
    """The bots' phrases are the data's entries, each with the claim of its claimed meaning."""
    from troccas.bots import signals
    entries = _phrase_entries()
    assert [p["id"] for p in signals.data()["phrases"]] == [e["id"] for e in entries]
    for e in entries:
        claims = [s["claim"] for s in e["signals"] if "claim" in s]
        assert signals.data()["by_id"][e["id"]]["claim"] == (claims[0] if claims else None)


def test_claim_vocabulary_of_the_glossary_schema_is_the_engines():
    from build_tools.games.troccas.glossary import SCHEMAS
    from troccas.bots import signals
    schema = json.loads((SCHEMAS / "tschintschar.schema.json").read_text())
    assert set(schema["$defs"]["claim"]["properties"]) == set(signals.KEYS)
    claimed = [p for p in signals.data()["phrases"] if p["claim"]]
    assert len(claimed) >= 30


@pytest.mark.parametrize("claim,cards,truth", [
    ({"trumps": [2, 2]}, "XXI V Kc 3s", True), ({"trumps": [2, 2]}, "XXI V IV Kc", False),
    ({"high_trumps": [1, 1], "trumps": [2, 3]}, "XI X Kc", True),
    ({"honours": [2, 2]}, "Kc Fool 3s", True), ({"honours": [2, 2]}, "Kc Fool I", False),
    ({"bare_kings": [1, 4]}, "Kc 3c Qs Ks", True), ({"bare_kings": [1, 4]}, "Kc Jc", False),
    ({"suit_with": ["K", "Q"]}, "Kc Qs Qc", True), ({"suit_with": ["K", "Q"]}, "Kc Qs", False),
    ({"holds": ["Fool"], "trumps": [0, 0]}, "Fool Kc", True),
    ({"holds": ["Fool"], "trumps": [0, 0]}, "Fool I", False),
    ({"courts": [2, 4], "kings": [0, 0]}, "Qc Jr 3s", True),
])
def test_a_claim_is_true_exactly_of_the_hands_its_meaning_describes(claim, cards, truth):
    from troccas.bots.signals import holds
    from troccas.cards import parse_ids
    assert holds(claim, parse_ids(cards)) is truth


def test_bots_say_only_phrases_whose_claim_is_true_of_the_cards_they_held_then():
    from troccas.bots.arena import play_hand
    from troccas.bots.base import get_bot
    from troccas.bots.signals import holds, phrase_of_text
    said = 0
    for seed in range(12):
        hand = play_hand([get_bot("baseline")] * 4, seed)
        for i, (seat, _aid, _) in enumerate(hand.history):
            if i in hand.says:
                p = phrase_of_text(hand.says[i])
                # the cards it held when it spoke: those of the rounds dealt so far
                cards = _dealt_by_round(hand, seat, _round_at(hand, i))
                assert p and p["claim"] and holds(p["claim"], cards), (seed, i, p)
                said += 1
    assert said >= 12


def _round_at(hand, index):
    """The round of the deal being talked about at action ``index``."""
    talk = [e for e in hand.events if e["type"] in ("talk", "dealer_choice")]
    k = sum(1 for i, (_, aid, sc) in enumerate(hand.history[:index]) if 100 <= aid <= 103)
    return talk[k].get("round", len(hand.rounds))


def _dealt_by_round(hand, seat, rounds):
    out, pos = [], 0
    for batches in hand.rounds[:rounds]:
        for p, count in zip(hand.talk_order, batches):
            if p == seat:
                out += hand.deck[pos:pos + count]
            pos += count
    return out


# ---- legal play, points, no peeking -----------------------------------------------------------

def test_bots_choose_only_legal_actions_and_card_points_add_up_over_200_hands():
    """The small sample; benchmarks/bots.py legality runs 10,000 hands."""
    import random
    from troccas.bots.base import get_bot
    from troccas.hand import Hand
    totals = {m: t for n in (3, 4, 5, 6)
              for m, t in api.call("facts", players=n)["pack_total"].items()}
    played = 0
    for i in range(200):
        players = 3 + i % 4
        r = random.Random(i)
        names = [r.choice(("random", "baseline")) for _ in range(players)]
        if i % 25 == 0:
            names[0] = "search"
        bots = [get_bot(x) for x in names]
        hand = Hand(players, i % players, seed=f"legal-{i}")
        while not hand.is_terminal():
            seat = hand.current_player
            choice = bots[seat].choose(hand, seat, random.Random(hand.action_count))
            assert choice.aid in hand.legal_action_ids(), (i, seat, choice.aid)
            hand.apply_action(choice.aid)
        if hand.result:
            played += 1
            assert sum(hand.result["points"]) == totals[hand.result["method"]], i
    assert played >= 150


def _hidden_swaps(hand, seat, rng, k):
    """A re-deal of cards ``seat`` cannot see that agrees with everything it has seen: swap
    ``k`` pairs of cards of the same suit between other seats' hands (and the scart, for a
    seat that is not the dealer), numerals and trumps only, never a face-up card. Same-suit
    swaps keep every seat's suit counts, so every past play stays legal and every void shown
    stays true. Returns (deck, actions) for the new deal."""
    from troccas.cards import JACK, POINTS, RANK_OF, SUIT_OF, TRUMP
    deck = list(hand.deck)
    owner = {}
    for p in range(hand.n):
        if p != seat:  # held since the deal (a buob or a take-back moves cards between hands)
            for c in set(hand.cards_of(p)) & set(hand.dealt[p]):
                owner[c] = p
    if seat != hand.dealer:
        for c in hand.scart:
            owner[c] = "scart"
    face = {c for c in hand.face_up if c is not None}
    # a card played and given back (buob) was seen: it stays where it is
    seen_cards = face | {aid for _, aid, sc in hand.history if aid < 78 and not sc}
    ok = [c for c in owner if c not in seen_cards and c != 0
          and (SUIT_OF[c] == TRUMP or RANK_OF[c] < JACK)]
    ok.sort()
    for _ in range(k if ok else 0):
        a = rng.choice(ok)
        mates = [b for b in ok if SUIT_OF[b] == SUIT_OF[a] and owner[b] != owner[a]
                 and not ("scart" in (owner[a], owner[b]) and 5 in (POINTS[a], POINTS[b]))]
        if not mates:
            continue
        b = rng.choice(mates)
        ia, ib = deck.index(a), deck.index(b)
        deck[ia], deck[ib] = b, a
        owner[a], owner[b] = owner[b], owner[a]
    actions = []
    for p, aid, sc in hand.history:
        if sc:  # the scart lays away the card dealt where the old one was
            aid = deck[hand.deck.index(aid)]
        actions.append((p, aid))
    return deck, actions


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), depth=st.integers(0, 70), bot=st.sampled_from(
    ["baseline", "search"]), swaps=st.integers(1, 8), swap_seed=st.integers(0, 1000))
def test_a_bot_never_peeks_its_choice_is_the_same_under_every_re_deal_it_cannot_tell_apart(
        seed, depth, bot, swaps, swap_seed):
    import random
    from troccas.bots.arena import play_hand  # noqa: F401
    from troccas.bots.base import decide, get_bot
    from troccas.hand import Hand
    hand = Hand(4, seed % 4, seed=seed)
    base = get_bot("baseline")
    while not hand.is_terminal() and (hand.phase != "play" or depth > 0):
        if hand.phase == "play":
            depth -= 1
        hand.apply_action(base.choose(hand, hand.current_player, random.Random(0)).aid)
    if hand.is_terminal():
        return
    seat = hand.current_player
    deck, actions = _hidden_swaps(hand, seat, random.Random(swap_seed), swaps)
    other = Hand(4, hand.dealer, deck=deck)
    for _p, aid in actions:
        other.apply_action(aid)
    assert other.observation(seat) == hand.observation(seat)  # the re-deal agrees
    a, _ = decide(hand, seat, bot, 7)
    b, _ = decide(other, seat, bot, 7)
    assert (a.aid, a.say, a.reason) == (b.aid, b.say, b.reason)


# ---- the command line -------------------------------------------------------------------------

def _cli(*args):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "troccas", *args], capture_output=True,
                          text=True)


def test_cli_play_prints_a_record_that_replay_reads_with_the_same_score(tmp_path):
    from troccas.record import HandRecord
    r = _cli("play", "--seed", "4", "--bots", "search,baseline,random,baseline")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    hand = HandRecord.from_json(rec).replay()
    assert hand.is_terminal() and rec["seed"] == 4
    assert any(isinstance(a, dict) and a.get("say") for a in rec["actions"])  # bots talk
    path = tmp_path / "hand.json"
    path.write_text(r.stdout)
    shown = _cli("replay", str(path)).stdout
    if hand.result:
        s = hand.result["scores"][0]
        assert f"score {s:+}" in shown
    assert _cli("play", "--seed", "4", "--bots", "search,baseline,random,baseline").stdout \
        == r.stdout  # the seed fixes the deal and every bot's choice


def test_cli_arena_prints_the_mean_per_hand_with_a_95_percent_interval():
    r = _cli("arena", "baseline", "random", "--hands", "3", "--seed", "2", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["deals"] == 3 and out["hands"] == 6
    lo, hi = out["ci95"]
    assert lo <= out["mean"] <= hi
    text = _cli("arena", "baseline", "random", "--hands", "3", "--seed", "2").stdout
    assert "points per hand for baseline's side (95% interval" in text


@pytest.mark.parametrize("args,needle", [
    (("play", "--bots", "search,deepblue"), "no bot called 'deepblue'"),
    (("arena", "baseline", "nobody", "--hands", "2"), "no bot called 'nobody'"),
    (("arena", "baseline", "random", "--hands", "x"), "'x' is not a number of deals"),
    (("arena", "baseline", "random", "--hands", "0"), "'0' is not a number of deals"),
    (("play", "--dealer", "7"), "the dealer must be a seat from 0 to 3"),
])
def test_cli_play_and_arena_refuse_bad_input_in_one_line_with_status_2(args, needle):
    r = _cli(*args)
    assert r.returncode == 2 and r.stdout == ""
    assert needle in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_the_bots_read_tricks_and_the_deal_as_the_engine_plays_them():
    """Who wins a trick has one place, the trick rule's table: the bots hold that very table,
    not a copy of it; and they seat the deal's order as the hand does."""
    from troccas import play
    from troccas.bots import baseline
    from troccas.hand import Hand
    assert baseline._WIN_KEY is play._WIN_KEY
    for n in (3, 4, 5, 6):
        for dealer in range(n):
            h = Hand(n, dealer, seed=1)
            assert list(h.talk_order) == [(dealer + 1 + i) % n for i in range(n)]


def test_the_search_deals_its_partner_only_hands_that_keep_what_the_partner_said():
    import random
    from troccas.bots.arena import play_hand
    from troccas.bots.base import get_bot, seen
    from troccas.bots.sampling import Sampler
    from troccas.bots.signals import claims_for, holds
    from troccas.hand import Hand
    from troccas.record import HandRecord
    checked = unconstrained_broke = 0
    for seed in range(40):
        full = play_hand([get_bot("baseline")] * 4, seed)
        rec = HandRecord.from_hand(full)
        # the hand at its first lead: the talk is over, every card is still in a hand
        hand = Hand(4, full.dealer, deck=full.deck)
        says = dict(rec.says)
        for i, a in enumerate(rec.actions):
            if hand.phase == "play":
                break
            if i in says:
                hand.says[hand.action_count] = says[i]
            hand.apply_action(a.id)
        spoke = {p for p, _ in ((hand.history[i][0], t) for i, t in hand.says.items())}
        if not spoke:
            continue
        seat = (min(spoke) + 2) % 4  # a partner of one who spoke
        view = seen(hand, seat)
        claims = claims_for(view)
        assert claims
        rng = random.Random(seed)
        for world in filter(None, (Sampler(view, claims).world(rng) for _ in range(10))):
            for p, rnd, claim in claims:
                assert holds(claim, _dealt_by_round(world, p, rnd)), (seed, p, claim)
            checked += 1
        for world in filter(None, (Sampler(view, []).world(rng) for _ in range(10))):
            unconstrained_broke += not all(holds(c, _dealt_by_round(world, p, r))
                                           for p, r, c in claims)
    assert checked >= 50
    assert unconstrained_broke >= 5  # without the partner's words, other deals come up
