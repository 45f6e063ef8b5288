"""What the handouts say: every number from the engine, every name from the glossary data.

Free of Playwright and mkdocs: each function returns the context of one template.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from build_tools.games.troccas import cards_svg  # noqa: E402
from build_tools.glossary import render as gl  # noqa: E402
from build_tools.glossary.load import rm_forms, renderings  # noqa: E402

from troccas import api  # noqa: E402
from troccas.cards import SUIT_NAMES, SUIT_ROMANSH, SUITS  # noqa: E402
from troccas.puzzles import KINDS, TITLES  # noqa: E402

# The worksheets are drawn by code the browser's worksheet maker runs too.
from build_tools.worksheets.sheets import (answer_text, class_set,  # noqa: E402,F401
                                           puzzle_url)

# The sample pile counted on the summary (the engine counts it when the handout is made).
SAMPLE_PILE = "Kc 7c 8c 9c XXI II III IV Qr 5b"


def glossary():
    return cards_svg._default_glossary()  # loaded once, shared with the card pictures


def card(token: str) -> str:
    return cards_svg.card_svg(token, glossary(), css_class="troccas-card")


def _par(pack_total: int) -> int:
    for seed in range(200):
        out = api.call("replay", record=api.call("random_hand", players=4, seed=seed))
        if out["phase"] == "done":
            return out["result"]["par"][0]
    return pack_total // 2  # pragma: no cover - the engine always finishes a hand


def summary() -> dict:
    pack = api.call("pack")["cards"]
    by_value: dict[int, list[dict]] = {}
    for c in pack:
        by_value.setdefault(c["points"], []).append(c)
    values = [{"points": p, "cards": cs, "tokens": [c["token"] for c in cs]}
              for p, cs in sorted(by_value.items(), reverse=True)]
    suits = []
    for i, s in enumerate(SUITS):
        order = [c["token"] for c in pack if c["kind"] == "suit" and c["suit"] == s]
        suits.append({"name": SUIT_NAMES[i], "rm": SUIT_ROMANSH[i], "order": order,
                      "sign": order[0]})
    trumps = [c["token"] for c in pack if c["kind"] == "trump"]
    everything = [c["token"] for c in pack]
    total = api.call("count", cards=everything)["points"]
    sample = api.call("count", cards=SAMPLE_PILE)
    less_four = api.call("count", cards="II III IV V")["groups"][0]["less"]
    less_pair = api.call("count", cards="II III")["groups"][0]["less"]
    deal = api.call("deal", players=4, seed=0)
    dealer_cards = len(deal["hands"][deal["dealer"]])
    others = len(deal["hands"][(deal["dealer"] + 1) % 4])
    winner = api.call("winner", cards="Kc 1c Jc 9c")
    ruffed = api.call("winner", cards="Kc 1c II 9c")
    return {"values": values, "suits": suits, "trumps": trumps, "pack_size": len(pack),
            "total": total, "par": _par(total), "sample": sample, "less_four": less_four,
            "less_pair": less_pair, "winner": winner,
            "dealer_cards": dealer_cards, "other_cards": others,
            "scart_size": dealer_cards - others,
            "fool_points": next(c["points"] for c in pack if c["token"] == "Fool"), "ruffed": ruffed, "card": card}


def glossary_sheet() -> dict:
    g = glossary()
    trumps = sorted(g.kinds["trumps"], key=lambda e: (e["card"] == "Fool",
                                                      e.get("number") or 0))
    talk = sorted(g.kinds["tschintschar"],
                  key=lambda e: (gl._phase_key(e), list(gl.TOPICS).index(e["topic"])))
    return {"trumps": trumps, "talk": talk, "rm_forms": rm_forms, "renderings": renderings,
            "PHASE_SHORT": gl.PHASE_SHORT, "TOPICS": gl.TOPICS, "phase_of":
            lambda e: list(gl.PHASES)[gl._phase_key(e)], "card": card}


def worksheets(kinds, seed: int, count: int, sheets: int = 1) -> list[dict]:
    """The sheets' contexts (build_tools/worksheets/sheets.py, shared with the browser)."""
    return class_set(kinds, seed, count, sheets)
