"""The talk at its moment (issue 29): the reader speaks when the seat order gives them the turn,
and at each talk decision the table offers the phrases the glossary places at that moment of
the deal, grouped by what they tell; a bot, and the coach, say only such phrases.

The expected moments and phrases are read here from the game's data as authored
(troccas/data/tschintschar.json) and from the deal's events, not from troccas.bots.signals."""

import atexit
import functools
import json
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from cardgame.messages import catalogue, set_language
from troccas import api
from troccas import cli as troccas_cli
from troccas.errors import TroccasError

from fuzz_helpers import FUZZ, run_main

SCHEMA = api.schema()
DATA = Path(api.__file__).parent / "data" / "tschintschar.json"
ENTRIES = json.loads(DATA.read_text("utf-8"))
# The glossary's topics in its schema's order (the tschintschar page lists them so).
TOPIC_ORDER = json.loads((Path(__file__).parents[2] / "build_tools" / "games" / "troccas"
                          / "glossary_schemas" / "tschintschar.schema.json").read_text("utf-8"))


def _schema_topics(node):
    if isinstance(node, dict):
        if "topic" in node.get("properties", {}):
            return node["properties"]["topic"]["enum"]
        for v in node.values():
            found = _schema_topics(v)
            if found:
                return found
    if isinstance(node, list):
        for v in node:
            found = _schema_topics(v)
            if found:
                return found
    return None


TOPICS = _schema_topics(TOPIC_ORDER)


def _placed(moment: str) -> list[str]:
    """The ids of the phrases the data places at ``moment``: a source names that moment, or
    says the phrase is said in any pause of the deal."""
    return [e["id"] for e in ENTRIES
            if any(w["phase"] in (moment, "any-time") for w in e["when"])]


def _moment_of(view) -> str:
    """The moment of the talk from what the table saw: the last round dealt, and whether it
    was the last of the deal (its message says so: deal#table_round_*_last)."""
    rounds = [e for e in view["log"] if e["kind"] == "deal_round"]
    return "after-full-deal" if rounds[-1]["rule"] and rounds[-1]["msg"]["id"].endswith("_last") \
        else "after-6-or-12"


def _validate(result):
    Draft202012Validator({"$defs": SCHEMA["$defs"], **SCHEMA["calls"]["table_view"]["result"]}) \
        .validate(result)


def _hands(count, seed):
    """Records of talk decisions in random hands: (record, view of the seat to act)."""
    rng = random.Random(seed)
    for _ in range(count):
        rec = api.call("table_new", seed=rng.randrange(10**6), dealer=rng.randrange(4))
        while True:
            hand_view = api.call("table_view", record=rec, seat=0)
            seat = hand_view["current_player"]
            if seat < 0:
                break
            view = api.call("table_view", record=rec, seat=seat)
            if view["phase"] not in ("talk", "dealer_choice", "deal_method"):
                break
            yield rec, view
            bot = api.call("bot_action", record=rec, bot="baseline", seed=rng.randrange(99))
            rec = api.call("table_apply", record=rec, action=bot["action"],
                           say=bot["say"]["text"] if bot["say"] else None)["record"]


def test_talk_each_decision_offers_exactly_the_phrases_the_glossary_places_at_that_moment():
    moments = set()
    for rec, view in _hands(40, seed=29):
        if view["phase"] == "deal_method":
            assert "phrases" not in view
            continue
        _validate(view)
        moment = _moment_of(view)
        moments.add(moment)
        offered = view["phrases"]
        assert offered["moment"] == moment, (rec, offered["moment"])
        assert [p["id"] for p in offered["phrases"]] == _placed(moment)
        # grouped by what they tell: one group a topic, in the glossary's order of topics
        topics = [g["topic"] for g in offered["groups"]]
        assert topics == [t for t in TOPICS if t in topics]
        for g in offered["groups"]:
            assert g["title"] and g["phrases"]
            assert {e["topic"] for e in ENTRIES if e["id"] in {p["id"] for p in g["phrases"]}} \
                == {g["topic"]}
        assert sum(len(g["phrases"]) for g in offered["groups"]) == len(offered["phrases"])
        # another seat, waiting, is offered nothing to say
        other = api.call("table_view", record=rec, seat=(view["seat"] + 1) % 4)
        assert "phrases" not in other
    assert moments == {"after-6-or-12", "after-full-deal"}


def test_talk_no_phrase_is_offered_outside_the_talk():
    rec = api.call("random_hand", seed=5)
    rec["actions"] = rec["actions"][:40]
    view = api.call("table_view", record=rec, seat=api.call("table_view", record=rec, seat=0)
                    ["current_player"])
    assert view["phase"] == "play" and "phrases" not in view


def test_talk_the_phrases_call_groups_the_moment_s_phrases_in_the_call_s_language():
    for moment in ("after-6-or-12", "after-full-deal"):
        en = api.call("phrases", moment=moment)
        before = set_language("de")
        try:
            de = api.call("phrases", moment=moment)
        finally:
            set_language(before)
        assert [p["id"] for p in en["phrases"]] == _placed(moment) \
            == [p["id"] for p in de["phrases"]]
        for words, lang in ((en, "en"), (de, "de")):
            assert words["moment_text"] == catalogue("troccas", lang).term(
                f"phrase_moment.{moment}")
            assert [g["title"] for g in words["groups"]] == [
                catalogue("troccas", lang).term(f"phrase_topic.{g['topic']}")
                for g in words["groups"]]
        assert en["moment_text"] != de["moment_text"]
    everything = api.call("phrases")
    assert [p["id"] for p in everything["phrases"]] == [e["id"] for e in ENTRIES]
    assert "groups" not in everything
    with pytest.raises(TroccasError, match="no moment of the talk"):
        api.call("phrases", moment="after-the-play")


def test_talk_a_bot_says_only_phrases_the_glossary_places_at_that_moment():
    said = 0
    for rec, view in _hands(40, seed=30):
        if view["phase"] == "deal_method":
            continue
        bot = api.call("bot_action", record=rec, bot="baseline", seed=1)
        if bot["say"]:
            assert bot["say"]["id"] in _placed(_moment_of(view)), (rec, bot["say"])
            said += 1
    assert said >= 20


def test_talk_the_coach_suggests_a_phrase_among_those_offered_at_that_moment():
    suggested = 0
    for rec, view in _hands(12, seed=31):
        if view["phase"] == "deal_method":
            continue
        hint = api.call("bot_action", record=rec, bot=api.COACH_BOT, seed=0,
                        viewer=view["seat"])
        if hint["say"]:
            assert hint["say"]["text"] in [p["text"] for p in view["phrases"]["phrases"]]
            suggested += 1
    assert suggested >= 5


@pytest.mark.parametrize("reader", range(4))
def test_talk_order_the_reader_speaks_first_when_the_seat_before_deals(reader):
    """The Play page's first dealer is the seat before the reader's (play/table.html): the
    talk goes round from the dealer's next seat (pagat), so the reader speaks first after
    every round of the first hand."""
    rec = api.call("table_new", seed=7, dealer=(reader - 1) % 4)
    firsts = []
    while True:
        view = api.call("table_view", record=rec, seat=reader)
        if view["phase"] != "talk":
            break
        if not firsts or view["log"][-1]["kind"] == "deal_round":
            firsts.append(view["current_player"])
        rec = api.call("table_apply", record=rec,
                       action=f"{view['current_player']} talk continue")["record"]
    assert firsts == [reader] * 3


# --- the rule in the engine: words said outside their moment are refused -------------------
# Every Romansh form of every phrase, as the glossary writes it: the words a table may record.
FORMS = {" ".join(f["text"].split()).casefold(): e for e in ENTRIES for f in e["rm"]}
# The phrases said at one moment only (no source says "any time"): those a moment refuses.
TIMED = [e for e in ENTRIES if not any(w["phase"] == "any-time" for w in e["when"])]
_TMP = Path(tempfile.mkdtemp(prefix="talk-moment-"))
atexit.register(shutil.rmtree, _TMP, True)


@functools.lru_cache(maxsize=None)
def _whole_hand(seed: int) -> dict:
    return api.call("random_hand", seed=seed)


def _placed_at(entry: dict, moment: str) -> bool:
    return any(w["phase"] in (moment, "any-time") for w in entry["when"])


@given(seed=st.integers(0, 11), cut=st.integers(0, 20) | st.integers(0, 60), form=st.data(),
       spacing=st.sampled_from(["as written", "upper", "spaced"]),
       odd=st.one_of(st.none(), st.none(), st.text(min_size=1, max_size=12)))
@FUZZ
def test_talk_words_said_outside_their_moment_are_refused_by_the_table_and_by_the_replay(
        seed, cut, form, spacing, odd):
    """table_apply records a phrase only with a talk decision at a moment the glossary places
    it; any other words are refused with rule talk, and a record carrying them replays to one
    line naming the file, the entry and the words, exit status 2."""
    whole = _whole_hand(seed)
    cut %= len(whole["actions"])  # a decision still to take: a thrown-in hand is short
    rec = dict(whole, actions=whole["actions"][:cut])
    seat = api.call("table_view", record=rec, seat=0)["current_player"]
    view = api.call("table_view", record=rec, seat=seat)
    action = view["legal"][0]["action"]
    if odd is None:
        entry = form.draw(st.sampled_from(TIMED) | st.sampled_from(ENTRIES))
        words = form.draw(st.sampled_from([f["text"] for f in entry["rm"]]))
        words = {"as written": words, "upper": words.upper(),
                 "spaced": " " + words.replace(" ", "  ") + " "}[spacing]
    else:
        words = odd
    known = FORMS.get(" ".join(words.split()).casefold())
    talk = view["phase"] in ("talk", "dealer_choice")
    allowed = known is not None and talk and _placed_at(known, _moment_of(view))

    event("allowed" if allowed else "unknown" if known is None else "moment" if talk else "outside")
    answer = json.loads(api.call_json("table_apply", json.dumps(
        {"record": rec, "action": action, "say": words})))
    if allowed:
        assert answer["ok"], (rec, action, words, answer)
        assert answer["result"]["record"]["actions"][-1] == {"action": action, "say": words}
    else:
        assert not answer["ok"], (rec, action, words, view["phase"])
        assert answer["error"]["rule"] == "talk"
        assert answer["error"]["id"] == ("talk#phrase_unknown" if known is None
                                         else "talk#phrase_moment" if talk
                                         else "talk#phrase_outside")
        assert "\n" not in answer["error"]["message"]

    path = _TMP / f"{seed}-{cut}.json"
    path.write_text(json.dumps(dict(rec, actions=rec["actions"] + [
        {"action": action, "say": words}])), "utf-8")
    rc, _, err = run_main(troccas_cli.main, ["replay", str(path)])
    if allowed:
        assert rc == 0, err
    else:
        assert rc == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
        assert str(path) in err and f"actions[{cut}]" in err and "[talk]" in err, err
        assert words.strip().split()[0][:8] in err or known is None, err
