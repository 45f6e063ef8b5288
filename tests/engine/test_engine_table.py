"""The Play page's calls (troccas.table): table_new, table_view, table_apply.

Hands are played through the facade itself, with random legal choices read off each seat's own
view, so every test walks the path the page walks."""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from troccas import api
from troccas.cards import TOKEN
from troccas.record import HandRecord

SCHEMA = api.schema()


def validate(name, result):
    Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["calls"][name]["result"]}) \
        .validate(result)


def play_through(record, rng, stop=None):
    """Apply random legal actions, each chosen from the acting seat's own view, until the hand
    is over (or ``stop(view)`` says so); yields each record on the way."""
    while True:
        yield record
        v0 = api.call("table_view", record=record, seat=0)
        if v0["phase"] in ("done", "thrown_in") or (stop and stop(v0, record)):
            return
        seat = v0["current_player"]
        view = api.call("table_view", record=record, seat=seat)
        choice = rng.choice(view["legal"])["action"]
        say = "jeu sun da Medel" if choice.endswith("talk continue") else None
        record = api.call("table_apply", record=record, action=choice, say=say)["record"]


def test_a_new_table_is_a_record_with_no_action_that_replay_reads():
    rec = api.call("table_new", players=4, seed=11, dealer=2)
    validate("table_new", rec)
    assert rec["actions"] == [] and rec["seed"] == 11 and rec["dealer"] == 2
    assert HandRecord.from_json(rec).deck == HandRecord.from_json({"seed": 11}).deck
    # Without a seed the engine picks one and keeps it, so the hand can be dealt again.
    fresh = api.call("table_new")
    assert isinstance(fresh["seed"], int)
    assert api.call("table_new", seed=fresh["seed"])["deck"] == fresh["deck"]


@pytest.mark.parametrize("players,seed", [(4, 3), (6, 5)])
def test_a_whole_hand_through_the_table_replays_to_the_same_count(players, seed, tmp_path):
    rules = {"buob_return": "numeral_from_table"} if players == 6 else None
    rng = random.Random(seed)
    record = None
    for record in play_through(api.call("table_new", players=players, seed=seed, rules=rules),  # noqa: B007 (the last one is wanted)
                               rng):
        pass
    view = api.call("table_view", record=record, seat=0)
    validate("table_view", view)
    if view["phase"] == "thrown_in":
        pytest.skip("this deal was thrown in")
    assert view["phase"] == "done" and view["legal"] == []
    # The record the page downloads, read by the command line: the same score.
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    out = subprocess.run([str(Path(sys.executable).parent / "troccas"), "replay", "--json",
                          str(path)], capture_output=True, text=True, check=True)
    replayed = json.loads(out.stdout)
    assert replayed["result"] == view["result"]
    assert [c["points"] for c in view["counts"]] == view["result"]["points"]
    assert [sum(g["points"] for g in c["groups"]) for c in view["counts"]] \
        == view["result"]["points"]
    assert view["totals_after"] == [t + s for t, s in zip(view["totals"],
                                                            view["result"]["scores"])]
    # The review: every trick, every seat's cards before it, all of them seen at the end.
    assert len(view["review"]) == len(view["tricks"])
    first = view["review"][0]["hands"]
    assert sorted(sum(first, [])) == sorted(set(sum(first, [])))
    for trick in view["review"]:
        for seat, card in trick["plays"]:
            assert card in trick["hands"][seat] or card == "Fool" or trick["side"] is not None


def _hidden(record, seat):
    """The cards ``seat`` has not seen: other seats' held cards (face-up ones aside), the
    undealt rest and, unless it dealt, the scart."""
    hand = HandRecord.from_json(record).replay()
    seen = set(hand.cards_of(seat)) | {c for c in hand.face_up if c is not None}
    seen |= {c for c in range(78) if hand.played >> c & 1}
    if seat == hand.dealer:
        seen |= set(hand.scart)
    held = {p: set(hand.cards_of(p)) - seen for p in range(hand.n) if p != seat}
    return hand, held


@pytest.mark.parametrize("seed", [1, 6])
def test_a_seat_sees_the_same_table_under_every_redeal_of_what_it_cannot_see(seed):
    """The view is built on the seat's observation: swap two cards held by two other seats
    (cards this seat has never seen) and its view does not change."""
    rng = random.Random(seed)
    checked = 0
    for i, record in enumerate(play_through(api.call("table_new", seed=seed), rng)):
        if i % 7:
            continue
        for seat in range(4):
            hand, held = _hidden(record, seat)
            others = [p for p in held if held[p]]
            if len(others) < 2:
                continue
            a, b = rng.sample(others, 2)
            ca, cb = rng.choice(sorted(held[a])), rng.choice(sorted(held[b]))
            deck = [cb if c == ca else ca if c == cb else c for c in hand.deck]
            swapped = dict(record, deck=" ".join(TOKEN[c] for c in deck))
            try:
                HandRecord.from_json(swapped).replay()
            except Exception:  # the swap broke a past decision (a king+jack, say): skip it
                continue
            view = api.call("table_view", record=record, seat=seat)
            other = api.call("table_view", record=swapped, seat=seat)
            view.pop("review", None), other.pop("review", None)
            assert view == other, (seat, TOKEN[ca], TOKEN[cb])
            # And directly: neither card is named anywhere in what the seat is shown.
            text = json.dumps(view)
            for c in (ca, cb):
                assert f'"{TOKEN[c]}"' not in text
            checked += 1
    assert checked > 20


def test_the_scart_is_named_to_the_dealer_alone():
    rng = random.Random(4)
    record = None
    for record in play_through(api.call("table_new", seed=4),  # noqa: B007 (the last one is wanted)
                               rng, stop=lambda v, r: v["phase"] == "play"):
        pass
    dealer = record["dealer"]
    scart = [a.split()[2] for a in record["actions"] if isinstance(a, str) and " scart " in a]
    assert len(scart) == 2
    mine = api.call("table_view", record=record, seat=dealer)
    assert sorted(mine["scart"]) == sorted(scart)
    for seat in range(4):
        if seat == dealer:
            continue
        view = api.call("table_view", record=record, seat=seat)
        assert view["scart"] is None
        assert not any(f'"{c}"' in json.dumps(view) for c in scart)
        assert [e for e in view["log"] if e["kind"] == "scart"][0]["text"].endswith("face down.")


def test_an_illegal_card_is_refused_with_its_rule_and_the_record_is_unchanged():
    rng = random.Random(9)

    def stuck(v, record):  # the seat to play holds a card it may not play
        if v["phase"] != "play" or not v["trick"]:
            return False
        own = api.call("table_view", record=record, seat=v["current_player"])
        return len(own["legal"]) < len(own["hand"])
    record = None
    for record in play_through(api.call("table_new", seed=9), rng, stop=stuck):  # noqa: B007 (the last one is wanted)
        pass
    seat = api.call("table_view", record=record, seat=0)["current_player"]
    view = api.call("table_view", record=record, seat=seat)
    legal = {c["arg"] for c in view["legal"] if c["kind"] == "play"}
    bad = next(c for c in view["hand"] if c not in legal)
    action = f"{view['seat']} play {bad}"
    answer = json.loads(api.call_json("table_apply", json.dumps({"record": record,
                                                                 "action": action})))
    assert not answer["ok"]
    err = answer["error"]
    assert err["rule"] in ("play.follow_suit", "play.must_trump", "play.trump_led")
    assert bad in err["message"] and err["id"].startswith(err["rule"])
    # Out of turn: the rule of whose turn it is.
    other = (view["seat"] + 1) % 4
    someone = api.call("table_view", record=record, seat=other)["hand"][0]
    answer = json.loads(api.call_json("table_apply", json.dumps(
        {"record": record, "action": f"{other} play {someone}"})))
    assert answer["error"]["rule"] == "play.turn"


def test_the_view_names_every_choice_and_event_in_words():
    rec = api.call("table_new", seed=3, dealer=3)
    view = api.call("table_view", record=rec, seat=0)
    assert view["phase"] == "talk" and view["current_player"] == 0
    assert [c["label"] for c in view["legal"]] == ["continue", "allow a throw-in"]
    assert view["log"][0]["text"] == "Round 1 of the deal: 6 cards to each player."
    assert view["log"][0]["rule"] == "deal"
    out = api.call("table_apply", record=rec, action="0 talk continue", say="duas da Medel")
    validate("table_apply", out)
    assert out["record"]["actions"] == [{"action": "0 talk continue", "say": "duas da Medel"}]
    assert out["events"][0]["text"] == "Seat 0 says continue: the deal goes on."
    assert out["events"][0]["say"] == "duas da Medel"
    talk = api.call("table_view", record=out["record"], seat=2)["talk"]
    # the decision in words as the choice was offered (its label above)
    assert talk == [{"player": 0, "decision": "continue", "round": 1, "say": "duas da Medel",
                     "text": "continue"}]


@pytest.mark.parametrize("args,rule", [
    ({"record": {"seed": 1}, "seat": 4}, "deal"),
    ({"record": {"seed": 1, "actions": ["0 play Kc"]}, "seat": 0}, "phase"),
    ({"record": [1], "seat": 0}, "record"),
])
def test_bad_input_is_one_clear_refusal(args, rule):
    answer = json.loads(api.call_json("table_view", json.dumps(args)))
    assert not answer["ok"] and answer["error"]["rule"].startswith(rule)
    assert "Traceback" not in answer["error"]["message"]


# --- said to the reader: "you" and "bot 2", not "seat 0" -----------------------------------------
SEAT_WORDS = re.compile(r"\b[Ss]eats? \d")
THIRD_PERSON = re.compile(r"\b(he|him|his|himself)\b")


def test_each_second_person_form_is_a_form_of_a_message_about_that_seat():
    """``<id>@you:<p>``: the message <id> exists and names the seat <p> with {p:seat}; the form
    asks for no parameter the message lacks, and speaks to "you", never of "he" or "seat N"."""
    from cardgame.messages import catalogue
    cat = catalogue("troccas")
    forms = [k for k in cat.entries if "@you:" in k]  # (not "@plural", the catalogue's rule)
    assert len(forms) >= 30
    for key in forms:
        base, _, param = key.partition("@you:")
        assert base in cat.entries, key
        # (every waiting.* message carries the seat to act, though some do not say it)
        assert f"{{{param}:seat" in cat.entries[base] or base.startswith("waiting."), key
        assert cat.fields(key) <= cat.fields(base), key
        text = cat.entries[key]
        assert re.search(r"\b[Yy]ou(r|rs)?\b", text) and not THIRD_PERSON.search(text), key
        assert not SEAT_WORDS.search(text) and "{seat}" not in text, key
    # A message that says "he" of a seat the reader may hold has a second-person form.
    for key, text in cat.entries.items():
        if isinstance(text, str) and "{seat:seat" in text and THIRD_PERSON.search(text):
            assert f"{key}@you:seat" in cat.entries, key


@pytest.mark.parametrize("players,seed,seat", [(3, 21, 1), (4, 22, 0), (4, 23, 2), (5, 24, 4),
                                               (6, 25, 3)])
def test_the_table_speaks_to_its_reader(players, seed, seat):
    """The Play page shows the engine's words as they are: seen from ``seat``, the log and
    the turn say "you" for that seat and "bot N" for the others, never "seat N"; a refusal of
    the reader's card says "not yours". The words change, the data does not: each entry's
    message, said to nobody, is what table_apply said without a viewer."""
    rng = random.Random(seed)
    record = api.call("table_new", players=players, seed=seed, dealer=seed % players)
    plain = None
    while True:
        view = api.call("table_view", record=record, seat=seat)
        if plain is None:  # the deal's first round, before any action
            plain = list(view["log"])
        turn = {"text": view["turn"]["text"], "msg": view["turn"]["reason"]}
        for e in [turn] + view["log"]:
            assert not SEAT_WORDS.search(e["text"]), e["text"]
            if e["msg"]["params"].get("seat") == seat:  # about the reader: "you", never "he"
                assert not THIRD_PERSON.search(e["text"]), e["text"]
        if view["phase"] in ("done", "thrown_in"):
            break
        actor = view["current_player"]
        choice = rng.choice(api.call("table_view", record=record, seat=actor)["legal"])
        said_to = api.call("table_apply", record=record, action=choice["action"], viewer=seat)
        out = api.call("table_apply", record=record, action=choice["action"])
        assert said_to["record"] == out["record"]
        assert [e["msg"] for e in said_to["events"]] == [e["msg"] for e in out["events"]]
        plain += out["events"]
        record = out["record"]
    mine = [e for e in view["log"] if e["seat"] == seat]
    theirs = [e for e in view["log"] if e["seat"] not in (None, seat)]
    assert mine and theirs
    assert all(e["text"].startswith("You") for e in mine), mine[:3]
    assert all(e["text"].startswith(f"Bot {e['seat']}") for e in theirs), theirs[:3]
    # The same messages as data: only the seat's scart differs (named to the dealer alone).
    hidden = {i for i, e in enumerate(view["log"]) if e["kind"] == "scart"}
    assert [e["msg"] for i, e in enumerate(view["log"]) if i not in hidden] == \
        [e["msg"] for i, e in enumerate(plain) if i not in hidden]


def test_a_refusal_is_said_to_the_reader():
    rec = api.call("table_new", seed=3, dealer=3)
    view = api.call("table_view", record=rec, seat=2)
    assert view["current_player"] == 0
    assert view["turn"]["text"] == "Bot 0 is to speak after this round of the deal."
    answer = json.loads(api.call_json("table_apply", json.dumps(
        {"record": rec, "action": "2 talk continue", "viewer": 2})))
    assert answer["error"]["rule"] == "play.turn"
    assert answer["error"]["message"] == "it is bot 0's turn, not yours"
    assert answer["error"]["params"] == {"seat": 0, "player": 2}
    # Said to nobody: the seats by number, as before.
    answer = json.loads(api.call_json("table_apply", json.dumps(
        {"record": rec, "action": "2 talk continue"})))
    assert answer["error"]["message"] == "it is seat 0's turn, not seat 2's"
    for bad in (-1, "0", True, 1.0):
        answer = json.loads(api.call_json("table_apply", json.dumps(
            {"record": rec, "action": "0 talk continue", "viewer": bad})))
        assert answer["error"]["id"] == "record#table_viewer", bad


def test_the_coachs_reasons_name_the_other_seats_as_bots():
    """The hint is said to the reader: a reason about a partner says "bot 2", not "seat 2"."""
    named = []
    for seed in range(6):
        record = api.call("table_new", players=4, seed=100 + seed)
        while api.call("table_view", record=record, seat=0)["phase"] not in ("done", "thrown_in"):
            hint = api.call("bot_action", record=record, viewer=None)
            said = api.call("bot_action", record=record, viewer=hint["seat"])
            assert said["action"] == hint["action"] and said["reason"] == hint["reason"]
            assert not SEAT_WORDS.search(said["text"]), said["text"]
            if "seat" in hint["reason"]["params"]:
                named.append(said["text"])
                assert f"seat {hint['reason']['params']['seat']}" in hint["text"]
            record = api.call("table_apply", record=record, action=hint["action"])["record"]
    assert named and all(re.search(r"\bbot \d\b|\byou\b", t) for t in named), named[:3]
