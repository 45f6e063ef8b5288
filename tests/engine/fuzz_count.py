"""Count what the fuzz tests' strategies find, without stopping at the first failure: how many
calls and commands answered, were refused cleanly, or went wrong (traceback, internal error,
garbled message, hang). Run it against any checkout of the engine, e.g. before and after a
fix; the counts go in an issue's closing note:

    PYTHONPATH=<checkout>/engine/src:tests/engine python tests/engine/fuzz_count.py [N]
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from hypothesis import HealthCheck, given, settings

import test_fuzz_cli as cli_tests
import test_fuzz_facade as facade_tests
from fuzz_helpers import classify_call, classify_cli, classify_json


def main(n: int = 300) -> None:
    counts: dict[str, Counter] = {}
    examples: dict[str, list] = {}
    run = settings(max_examples=n, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))

    def note(what: str, outcome: str, example) -> None:
        counts.setdefault(what, Counter())[outcome] += 1
        if outcome not in ("ok", "refused") and len(examples.setdefault(what, [])) < 3:
            examples[what].append(repr(example)[:300])

    # One game at a time, in a function of its own, so that the tests close over its values.
    def one_game(game: str, api, error) -> None:
        @run
        @given(call=facade_tests.calls(game, python=True))
        def facade(call):
            name, args = call
            note(f"{game} facade", classify_call(lambda: api.call(name, **args), error), call)

        @run
        @given(call=facade_tests.calls(game, python=False))
        def worker(call):
            name, args = call
            try:
                text = json.dumps(args)
            except ValueError:
                return
            note(f"{game} call_json", classify_json(api.call_json(name, text)), call)

        @run
        @given(argv=cli_tests.argvs(game))
        def command(argv):
            outcome, _ = classify_cli(cli_tests.MAINS[game], argv)
            note(f"{game} cli", outcome, argv)

        for test in (facade, worker, command):
            test()

    for game, (api, error) in facade_tests.GAMES.items():
        one_game(game, api, error)
    for what, c in sorted(counts.items()):
        print(f"{what:18} {sum(c.values()):5} runs: " + ", ".join(
            f"{k} {v}" for k, v in sorted(c.items())))
        for e in examples.get(what, []):
            print(f"    e.g. {e}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
