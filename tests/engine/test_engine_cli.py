"""The troccas command line: answers from the engine, one-line errors, exit status 2."""

import json
import os
import subprocess
import sys

import pytest

from troccas import api


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "troccas", *args], capture_output=True,
                          text=True, input=stdin)


def test_count_prints_groups_and_json():
    r = run("count", "--json", "Kc", "Cc", "XXI", "XV", "Qc", "3c")
    assert r.returncode == 0
    assert json.loads(r.stdout) == api.call("count", cards="Kc Cc XXI XV Qc 3c")
    text = run("count", "Kc", "Cc", "XXI", "XV").stdout
    assert "5 + 3 + 5 + 1 = 14 - 3 = 11" in text


def test_count_threes_and_singly():
    assert json.loads(run("count", "--json", "--threes", "Kc", "3c", "4c").stdout)["points"] == 5
    r = json.loads(run("count", "--json", "--singly", "--scart", "3c", "Kc", "3c").stdout)
    assert r["points"] == 5


def test_winner_and_legal():
    r = run("winner", "3c", "Kc", "XV", "1c")
    assert r.stdout.startswith("XV wins")
    r = json.loads(run("legal", "--json", "--hand", "Kc 3c XXI 5s", "--trick", "7c").stdout)
    assert r["legal"] == ["Kc", "3c"]
    assert {x["rule"] for x in r["refused"]} == {"play.follow_suit"}


def test_deal_is_reproducible_from_the_seed():
    a = json.loads(run("deal", "--json", "--seed", "42").stdout)
    assert a == api.call("deal", players=4, seed=42)
    assert [len(h) for h in a["hands"]] == [21, 19, 19, 19]


def test_random_record_replays(tmp_path):
    out = tmp_path / "hand.json"
    assert run("random", "--seed", "8", "-o", str(out)).returncode == 0
    r = json.loads(run("replay", "--json", str(out)).stdout)
    assert r == api.call("replay", record=json.loads(out.read_text()))
    text = run("replay", str(out)).stdout
    assert "trick  1:" in text or "thrown in" in text


@pytest.mark.parametrize("args,message", [
    (("count", "Zz"), "troccas: error: 'Zz' is not a card"),
    (("count", "11c"), "'11' is not a rank"),
    (("count", "XXII"), "I to XXI"),
    (("count", "Kc", "kc"), "named twice"),
    (("legal", "--hand", "Kc", "--trick", "Kc"), "both in the hand and in the trick"),
    (("replay", "/nonexistent.json"), "/nonexistent.json: cannot read the record"),
    (("count",), "the following arguments are required"),
])
def test_bad_input_one_line_exit_2(args, message):
    r = run(*args)
    assert r.returncode == 2
    assert message in r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_illegal_action_in_a_record_names_it(tmp_path):
    rec = api.call("random_hand", seed=2)
    rec["actions"][0] = "2 talk continue"
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    r = run("replay", str(f))
    assert r.returncode == 2
    assert "actions[0] '2 talk continue' is illegal: it is seat 1's turn" in r.stderr
    assert r.stderr.count("[play.turn]") == 1, r.stderr


def test_nothing_is_written_on_failure(tmp_path):
    out = tmp_path / "x.json"
    r = run("random", "--players", "7", "-o", str(out))
    assert r.returncode == 2 and not out.exists()
    assert os.listdir(tmp_path) == []


def test_help_documents_the_notation():
    r = run("--help")
    assert "Roman numerals I … XXI" in r.stdout and "bastuns/batons" in r.stdout
    assert "card notation" in run("count", "--help").stdout
