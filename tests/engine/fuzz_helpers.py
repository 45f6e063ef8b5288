"""What the fuzz tests of both games' command lines and facades share: the strategies that get
input wrong the way a reader, a page or a script can, and the judge of one outcome.

An outcome is classified, not just asserted, so that ``python tests/engine/fuzz_helpers.py``
can count them over a long run (tracebacks, internal errors, hangs) for the issue's closing
note; the tests assert that only the good classes ever occur.
"""

from __future__ import annotations

import contextlib
import io
import json
import signal
import time

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

# Reproducible in CI: the same examples every run, no example database between runs.
FUZZ = settings(max_examples=120, deadline=None, derandomize=True, database=None,
                phases=[Phase.explicit, Phase.generate],  # a failure is reported unshrunk:
                # shrinking re-runs slow calls many times
                suppress_health_check=list(HealthCheck))

# Every call ends within this many seconds (the solver's budget is a few seconds on an idle
# core; the test machines are shared).
BOUND = 60

# A number of 4,001 digits: as a Python value (hypothesis must be able to print it, and
# Python writes at most 4,300 digits); longer ones come as text (JSON, a file, an argument).
HUGE = 10 ** 4000
# Values that tripped the engines before: look-alike numbers, superscripts, huge numbers,
# texts that look like options or actions.
ODD = ["²", "٣", "--5", "-5", "-1", "4.0", "1e3", "0x10", "", " ", "\n", "\x00", "9" * 5000,
       "NaN", "null", "[]", "{}", "Kc", "3o", "XXI", "Fool", "0 play Kc", "1 bet truc",
       "french", "catalan40", "random,search", "x" * 200]
LEAF = st.one_of(st.none(), st.booleans(), st.integers(-10, 100), st.integers(),
                 st.sampled_from([2 ** 64, 2 ** 64 - 1, 10 ** 30, -2 ** 70]),
                 st.just(0).map(lambda _: HUGE),
                 st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                 st.sampled_from(ODD))
JSON = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)
# Python values no JSON has: what a script calling the facade directly can still pass.
PYTHON = st.one_of(JSON, st.tuples(LEAF, LEAF), st.frozensets(st.integers(0, 5), max_size=3),
                   st.binary(max_size=8), st.just(object()), st.just(len), st.just(1j))


class Hang(Exception):
    pass


@contextlib.contextmanager
def bounded(seconds: int = BOUND):
    """Raise Hang in the body after ``seconds`` (SIGALRM: the main thread, as pytest runs)."""
    def alarm(*_):
        raise Hang(f"no answer within {seconds} s")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def classify_call(fn, error: type[Exception]) -> str:
    """'ok', 'refused' (the game's error, one line), or what went wrong: 'traceback' (another
    exception escaped), 'internal', 'garbled' (an error of several lines), 'hang'."""
    try:
        with bounded():
            fn()
    except Hang:
        return "hang"
    except error as exc:
        text = str(exc)
        if "\n" in text or not text:
            return "garbled"
        return "refused"
    except Exception:  # noqa: BLE001 - what escapes is the point
        return "traceback"
    return "ok"


def classify_json(answer: str) -> str:
    r = json.loads(answer)
    if r["ok"]:
        return "ok"
    err = r["error"]
    if err["type"] == "InternalError" or err.get("id") == "engine#internal":
        return "internal"
    if "\n" in err["message"]:
        return "garbled"
    return "refused"


def run_main(main, argv: list[str]) -> tuple[int, str, str]:
    """A command line run in-process: (status, stdout, stderr); argparse's exits included."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    return rc, out.getvalue(), err.getvalue()


def classify_cli(main, argv: list[str]) -> tuple[str, str]:
    """'ok' (status 0), 'refused' (status 2, one line on stderr), or what went wrong:
    'traceback', 'internal' (status 1 or the words), 'garbled' (not one line), 'hang'."""
    try:
        with bounded():
            rc, out, err = run_main(main, argv)
    except Hang:
        return "hang", ""
    except BaseException as exc:  # noqa: BLE001
        return "traceback", f"{type(exc).__name__}: {exc}"
    if "Traceback" in err:
        return "traceback", err
    if rc == 1 or "internal error" in err:
        return "internal", err
    if rc == 0:
        return "ok", err
    if rc == 2:
        lines = err.splitlines()
        return ("refused" if len(lines) == 1 and err.endswith("\n") else "garbled"), err
    return f"status {rc}", err


GOOD = {"ok", "refused"}


def count(outcomes: dict, kind: str) -> None:
    outcomes[kind] = outcomes.get(kind, 0) + 1


def timed(fn):
    t = time.monotonic()
    fn()
    return time.monotonic() - t
