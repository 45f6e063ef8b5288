"""The engine's verdict on every answer a reader can give to an authored puzzle, worked out at
build time, so that the page answers at once — before Python has started in the browser — and
the live engine only confirms (``build_tools/puzzles/static/puzzles.js``).

Every verdict comes from ``<game>.api.call("check", spec=…, answer=…)``, the call the browser's
worker makes, with the answer exactly as the page sends it. What a reader can give, by answer
type (``cardgame.puzzles``):

* ``number``: the whole numbers 0 … the puzzle's ``top`` (the engine's largest likely answer),
  plus ``NUMBER_MARGIN``; any other number is left to the live engine;
* ``card`` / ``card_or_choice`` / ``choice``: each card offered, each choice button;
* ``cards``: every set of the cards offered, in page order — at most ``pick`` cards where the
  puzzle says how many an answer holds (a larger set is left to the live engine).

Stored compactly, since a puzzle page carries thousands of them: the answers are not written
out but listed again in the browser in the same order — the numbers 0 … ``n``; the cards
offered then the choices; or every set of at most ``m`` of the cards offered, smaller sets
first, each in lexicographic order of positions — and ``x`` holds one character per answer
(``CODES``), the row of its verdict in ``t``: ``[right, explanation, rule, tail, hint, hint]``,
indices into ``e`` (texts) and ``r`` (``[rule, clause]``); ``tail`` 1 means the explanation goes
on with ``s``, the text every wrong answer's explanation ends with (a count puzzle's worked
steps); a wrong answer's two hints (the rule, then a clue) are texts of ``e`` too.
"""

from __future__ import annotations

import importlib
from itertools import combinations

NUMBER_MARGIN = 5
TAIL_MIN = 24
CODES = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"


def offered(pz: dict) -> list[str]:
    """The card buttons of a puzzle, in page order (the engine's ``offer``)."""
    return list(pz["offer"])


def answers(pz: dict) -> tuple[dict, list]:
    """(what the browser needs to list the answers again, [each answer as the page sends it])."""
    atype = pz["answer_type"]
    cards = offered(pz)
    if atype == "number":
        top = max(pz["answer"], pz.get("top") or 0) + NUMBER_MARGIN
        return {"n": top}, [str(n) for n in range(top + 1)]
    if atype in ("card", "card_or_choice", "choice"):
        return {}, list(dict.fromkeys(cards + list(pz["choices"])))
    if atype == "cards":
        most = pz.get("pick") or len(cards)
        return {"m": most}, [[cards[i] for i in idx] for size in range(1, most + 1)
                             for idx in combinations(range(len(cards)), size)]
    raise ValueError(f"unknown answer type {atype!r}")


def _common_tail(texts: list[str]) -> str:
    if len(texts) < 2:
        return ""
    tail = texts[0]
    for t in texts[1:]:
        n = 0
        while n < min(len(tail), len(t)) and tail[-1 - n] == t[-1 - n]:
            n += 1
        tail = tail[len(tail) - n:]
    return tail if len(tail) >= TAIL_MIN else ""


def stored(spec: dict, game: str) -> dict:
    """Every stored verdict of one authored puzzle of ``game`` (``spec`` as written into the
    page)."""
    api = importlib.import_module(f"{game}.api")
    pz = api.call("puzzle", spec=spec, answer=True)
    head, given = answers(pz)
    checked = [api.call("check", spec=spec, answer=a) for a in given]
    tail = _common_tail([v["explanation"] for v in checked if not v["correct"]])
    texts: dict[str, int] = {}
    rules: dict[tuple, int] = {}
    rows: dict[tuple, int] = {}
    codes = []
    for v in checked:
        text, cut = v["explanation"], 0
        if tail and not v["correct"] and text.endswith(tail):
            text, cut = text[:len(text) - len(tail)], 1
        hints = [texts.setdefault(h, len(texts)) for h in v.get("hints") or ()]
        row = (1 if v["correct"] else 0, texts.setdefault(text, len(texts)),
               rules.setdefault((v["rule"], v["clause"]), len(rules)), cut, *hints)
        codes.append(rows.setdefault(row, len(rows)))
    if len(rows) > len(CODES):
        raise ValueError(f"puzzle {spec.get('id')}: {len(rows)} different verdicts, more than"
                         f" the {len(CODES)} codes")
    return {**head, "s": tail, "e": list(texts), "r": [list(r) for r in rules],
            "t": [list(r) for r in rows], "x": "".join(CODES[c] for c in codes)}
