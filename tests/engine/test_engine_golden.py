"""The engine's public behaviour is what it was before its hot path was rewritten for speed:
for 100 random hands of every player count and rule option, everything the public API says
(legal actions, events, refusals word for word, observations, clones, scores, records) hashes
to the digest the earlier engine wrote (see engine_trace.py; a longer run:
``python tests/engine/engine_trace.py --check 1500 FILE`` against a file written by the old
engine with ``--write``)."""

import json

import pytest

from engine_trace import digest, GOLDEN, sample

WANT = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_hands_say_what_they_said_before(players):
    hands = [(p, s) for p, s in sample(25) if p == players]
    differ = [f"{p}/{s}" for p, s in hands if digest(p, s) != WANT[f"{p}/{s}"]]
    assert not differ, f"hands whose public behaviour changed (players/seed): {differ}"
