"""Both games' command lines, fuzzed: any command with any garbled tokens — odd seeds, card
tokens, options, numbers of any size, record files mutated or of any bytes — exits 0 or 2
(never 1), says a refusal on exactly one line of stderr with no traceback and no "internal
error", and ends within a bound. Run in-process through ``main(argv)`` for speed, plus a few
real subprocesses for what only a process shows (the exit status, Ctrl-C)."""

from __future__ import annotations

import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import troccas.api as troccas_api
import truc.api as truc_api
from troccas import cli as troccas_cli
from truc import cli as truc_cli

from fuzz_helpers import FUZZ, GOOD, ODD, classify_cli, run_main

ROOT = Path(__file__).resolve().parents[2]
HUGE_TEXT = "9" * 5000
FILES = Path(tempfile.mkdtemp(prefix="fuzz-cli-"))
atexit.register(shutil.rmtree, FILES, True)


def _record_files(game: str) -> list[str]:
    """Real records, mutated ones and files that are no record, for 'replay' and 'solve'."""
    if game == "troccas":
        whole = troccas_api.call("random_hand", players=4, seed=5)
        recs = [whole, {**whole, "actions": whole["actions"][:30]},
                {**whole, "seed": HUGE_TEXT}, {**whole, "totals": [5, 5]},
                {**whole, "players": 4.0}]
        texts = [json.dumps(r) for r in recs]
        texts.append(json.dumps({k: v for k, v in whole.items() if k != "deck"})
                     .replace('"seed": 5', '"seed": ' + HUGE_TEXT))
    else:
        rec = truc_api.call("new", seed=3)
        texts = [json.dumps(r) for r in (rec, {**rec, "seed": None}, {**rec, "rules": "x"},
                                         {**rec, "actions": ["1 redeal propose"]})]
        texts.append(json.dumps(rec).replace('"seed": 3', '"seed": ' + HUGE_TEXT))
    texts += ["", "[" * 3000, "\xff\xfe", "{}", "null", '{"format": 1}']
    paths = []
    for i, text in enumerate(texts):
        path = FILES / f"{game}-{i}.json"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        paths.append(str(path))
    return paths + [str(FILES / "missing.json"), str(FILES), "/dev/null"]


COMMON = ["--json", "--help", "-h", "--version", "--seed", "--players", "--dealer", "-o",
          "--lang", "en", "de", "xx", "0", "1", "2", "3", "4", "5", "6", "7", "12", "-1",
          HUGE_TEXT, *ODD]
POOLS = {
    "troccas": COMMON + [
        "count", "winner", "legal", "deal", "replay", "solve", "random", "puzzle", "options",
        "play", "arena", "worksheet", "--threes", "--singly", "--scart", "--hand", "--trick",
        "--method", "three_rounds", "two_rounds", "one_round", "--tricks", "--answer",
        "--bots", "random", "baseline", "random,random,random,random,random", "--hands",
        "10001", "endgame", "count", "buob", "fool", "legal", "winner", "scart",
        "Kc", "3c", "10s", "Jr", "Cb", "XXI", "I", "Fool", "narr", "Kc Kc", "11c", "Zz",
        "Kc 3c 4c 5c 6c 7c 8c", *_record_files("troccas")],
    "truc": COMMON + [
        "play", "replay", "trick", "--betting", "catalan", "french", "spanish",
        "1 3o", "2 3c", "3 4e", "0 4b", "0 1o", "x 3o", "9 3o", "¹ 3o", "0",
        *_record_files("truc")],
}
COMMANDS = {"troccas": ["count", "winner", "legal", "deal", "replay", "solve", "random",
                        "puzzle", "options", "play", "arena", "worksheet"],
            "truc": ["play", "replay", "trick"]}
MAINS = {"troccas": troccas_cli.main, "truc": truc_cli.main}
# Commands whose valid runs are long by design (a thousand deals in the arena, a bot hand with
# the search bot): the fuzz keeps their sizes small; their bounds are tested on their own.
SLOW = {"search"}


@st.composite
def argvs(draw, game: str):
    pool = POOLS[game]
    head = draw(st.lists(st.sampled_from(["--lang", "en", "de"]), max_size=2)) \
        if game == "troccas" else []
    command = draw(st.one_of(st.sampled_from(COMMANDS[game]), st.sampled_from(pool),
                             st.text(max_size=6)))
    rest = draw(st.lists(st.one_of(st.sampled_from(pool), st.text(max_size=8),
                                   st.builds(lambda k, v: f"{k}={v}", st.sampled_from(
                                       ["--seed", "--players", "--tricks", "--hands", "-o"]),
                                       st.sampled_from(pool))), max_size=6))
    if draw(st.booleans()):  # an option of a real command given an odd value, up front
        rest = [draw(st.sampled_from(["--seed", "--players", "--dealer", "--tricks", "--hands",
                                      "--bots", "--method", "--betting", "--trick", "--hand"])),
                draw(st.one_of(st.sampled_from(ODD + [HUGE_TEXT]), st.text(max_size=6))),
                *rest]
    argv = [*head, command, *rest]
    if "-o" in argv or "--output" in argv or any(a.startswith("-o=") for a in argv):
        # -o names a file: keep it in the scratch folder (a device or a folder is refused
        # whatever the test does; a new file there is fine).
        argv = [a if not a.startswith("/") or a.startswith(str(FILES)) or a == "/dev/null"
                else str(FILES / "out.json") for a in argv]
    return argv


def _check(game: str, argv: list[str]) -> None:
    outcome, err = classify_cli(MAINS[game], argv)
    assert outcome in GOOD, (outcome, argv, err)
    if outcome == "refused":
        assert err.startswith(f"{game}: error: ") and "Traceback" not in err, err


@FUZZ
@given(argv=argvs("troccas"))
def test_troccas_command_line_exits_0_or_2_with_one_line(argv):
    _check("troccas", argv)


@FUZZ
@given(argv=argvs("truc"))
def test_truc_command_line_exits_0_or_2_with_one_line(argv):
    _check("truc", argv)


# ---- the findings, each by name --------------------------------------------------------------
ODD_SEEDS = ["²", "--5", HUGE_TEXT, "-5", "٣", "1.5", "0x10", str(2 ** 64)]


@pytest.mark.parametrize("seed", ODD_SEEDS)
@pytest.mark.parametrize("argv", [["deal"], ["random"], ["play", "--bots", "random"],
                                  ["arena", "random", "random", "--hands", "1"]])
def test_seed_rule_odd_troccas_seeds_are_one_line_naming_the_seed(argv, seed):
    rc, out, err = run_main(troccas_cli.main, [*argv, f"--seed={seed}"])
    assert rc == 2 and out == "" and err.count("\n") == 1, err
    assert "--seed" in err and "whole number from 0 to 18446744073709551615" in err, err
    assert "[seed]" in err and seed[:20] in err


@pytest.mark.parametrize("seed", ODD_SEEDS)
def test_seed_rule_odd_truc_seeds_are_one_line_naming_the_seed(seed):
    rc, out, err = run_main(truc_cli.main, ["play", f"--seed={seed}"])
    assert rc == 2 and out == "" and err.count("\n") == 1 and "[seed]" in err, err


def test_seed_rule_a_seed_in_a_record_is_refused_in_one_line(tmp_path):
    rec = troccas_api.call("random_hand", seed=5)
    del rec["deck"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(rec).replace('"seed": 5', '"seed": ' + HUGE_TEXT))
    rc, _, err = run_main(troccas_cli.main, ["replay", str(path)])
    assert rc == 2 and err.count("\n") == 1 and "more than 4300 digits" in err, err
    path.write_text(json.dumps({**rec, "seed": -5}))
    rc, _, err = run_main(troccas_cli.main, ["replay", str(path)])
    assert rc == 2 and "'seed' must be a whole number from 0" in err, err


def test_truc_record_without_a_seed_is_refused_because_it_would_not_replay_the_same(tmp_path):
    rec = truc_api.call("new", seed=3)
    for bad in ({**rec, "seed": None}, {k: v for k, v in rec.items() if k != "seed"}):
        path = tmp_path / "hand.json"
        path.write_text(json.dumps(bad))
        rc, _, err = run_main(truc_cli.main, ["replay", str(path)])
        assert rc == 2 and "needs a 'seed'" in err, err


def test_impossible_sizes_are_refused():
    for argv, words in ((["winner", "Kc", "3c", "4c", "5c", "6c", "7c", "8c"], "at most 6"),
                        (["legal", "--hand", "Kc", "--trick", "1c 2c 3c 4c 5c 6c"],
                         "is complete"),
                        (["play", "--bots", "random,random,random,random,random"],
                         "5 bots for 4 seats"),
                        (["arena", "random", "random", "--hands", "10001"], "from 1 to"),
                        (["arena", "random,baseline", "random", "--hands", "1"], "no bot")):
        rc, _, err = run_main(troccas_cli.main, argv)
        assert rc == 2 and words in err and err.count("\n") == 1, (argv, err)
    r = json.loads(troccas_api.call_json("table_new", json.dumps({"totals": [5, 5]})))
    assert not r["ok"] and "add up to 0" in r["error"]["message"], r


def test_solve_tricks_0_says_the_rule_in_words(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(troccas_api.call("random_hand", seed=5)))
    rc, _, err = run_main(troccas_cli.main, ["solve", str(path), "--tricks", "0"])
    assert rc == 2 and "whole number of tricks from 1 up, not 0" in err, err
    assert "the (" not in err and "to the" not in err


def test_solve_refuses_a_whole_hand_at_once_naming_its_limit(tmp_path):
    from troccas.solver import MAX_TRICKS
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(troccas_api.call("random_hand", seed=5)))
    t = time.monotonic()
    rc, _, err = run_main(troccas_cli.main, ["solve", str(path), "--tricks", "12"])
    assert rc == 2 and f"at most {MAX_TRICKS}" in err and "--tricks" in err, err
    assert time.monotonic() - t < 10  # refused before searching


def test_solve_budget_stops_a_search_that_would_take_long():
    from troccas.record import HandRecord
    from troccas.solver import SolverError, position, solve
    hand = position(HandRecord.from_json(troccas_api.call("random_hand", seed=5)), 8)
    with pytest.raises(SolverError, match="stopped after 1001 positions"):
        solve(hand, budget=1000)


def test_arena_help_says_95_percent_once():
    rc, out, _ = run_main(troccas_cli.main, ["arena", "--help"])
    assert rc == 0 and "95% confidence" in out and "%%" not in out


# ---- real processes ---------------------------------------------------------------------------
def _env() -> dict:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "engine" / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])}


@pytest.mark.parametrize("game,argv", [
    ("troccas", ["deal", "--seed=²"]), ("troccas", ["random", f"--seed={HUGE_TEXT}"]),
    ("truc", ["play", f"--seed={HUGE_TEXT}"]), ("troccas", ["winner", "Kc", "Zz"])])
def test_a_real_process_exits_2_with_one_line(game, argv):
    r = subprocess.run([sys.executable, "-m", game, *argv], capture_output=True, text=True,
                       env=_env(), timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_ctrl_c_is_one_line_not_a_traceback(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(troccas_api.call("random_hand", seed=5)))
    # A search of several seconds, interrupted once it runs: "go" is printed inside the
    # command's guard, just before the search starts.
    code = ("import sys, troccas.cli as c; from cardgame.cli import guarded; "
            "sys.exit(guarded('troccas', lambda a: (print('go', flush=True), c.run(a))[1], "
            "sys.argv[1:]))")
    p = subprocess.Popen([sys.executable, "-c", code, "solve", str(path), "--tricks", "8"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
                         # A shell's background job (CI's, or `make test &`) starts with Ctrl-C
                         # ignored, and Python then never raises KeyboardInterrupt: a reader's
                         # terminal has the default.
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert p.stdout.readline() == "go\n"
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130 and err == "troccas: interrupted\n", (p.returncode, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
