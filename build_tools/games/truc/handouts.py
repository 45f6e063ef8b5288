"""Truc's handouts (build_tools/handouts/): the rules on one page — the ranking drawn from the
engine's pack, every number the engine's facts or a hand the engine played — a score pad for a
game, and a worksheet of every kind of puzzle with its answer key, every puzzle and answer the
engine's (build_tools/worksheets/).

Free of Playwright and mkdocs: each function returns the context of one template
(templates/handouts/ beside this module).
"""

from __future__ import annotations

from pathlib import Path

from truc import api
from truc.puzzles import KINDS

from .cards_svg import card_svg


def card(token: str, **_drawn) -> str:
    """A card's picture, inline, named as the engine names it."""
    return card_svg(token, _names()[token])


def _names() -> dict[str, str]:
    return {c["token"]: c["name"] for c in api.call("pack")["cards"]}


def rules() -> dict:
    """One card of each rank, highest first (the engine's pack is in that order), labelled by
    its rank's name where the game's words have one, else its number; and the engine's facts."""
    from build_tools.words import current
    said = current()
    seen, ranking = set(), []
    for c in api.call("pack")["cards"]:
        if c["rank"] not in seen:
            seen.add(c["rank"])
            key = f"handouts.rank_{c['rank'].lower()}"
            ranking.append({"token": c["token"],
                            "label": said.t(key) if key in said.entries else c["rank"]})
    return {"ranking": ranking, "facts": api.call("facts"), "card": card,
            "outcomes": outcomes()}


def play_out(wants: list[str], totals: list[int] | None = None) -> dict:
    """A hand the engine plays from seed 0: each action of ``wants`` ("bet truc", "answer
    fold") taken at the first turn it is legal, in that order; otherwise the turn's first card
    is played (the cut cut, a bet accepted, an eleven-point hand played). Returns the engine's
    result ({team, points, how}). The handouts read what a hand pays from here, so that no
    handout decides a rule of its own."""
    record = api.call("new", seed=0, totals=totals or [0, 0])
    wants = list(wants)
    while True:
        view = api.call("view", record=record, seat=0)
        if view["result"]:
            if wants:
                raise ValueError(f"the engine's hand ended before {wants[0]!r}")
            return view["result"]
        seat = view["current_player"]
        said = [a.split(" ", 1)[1] for a in api.call("view", record=record, seat=seat)["legal"]]
        if wants and wants[0] in said:
            action = wants.pop(0)
        else:
            action = next((a for a in ("cut cut", "answer accept", "eleven play") if a in said),
                          None) or next(a for a in said if a.startswith("play "))
        record = api.call("apply", record=record, action=f"{seat} {action}")


def outcomes() -> dict[str, int]:
    """What a hand scores in each case the score pad and the summary name, as the engine
    scores a hand played that way: played out without a bet, after truc or retruc accepted;
    truc or retruc turned down; a team at eleven declining or playing; both teams at eleven."""
    f = api.call("facts")
    e = f["eleven"]
    return {
        "no_bet": play_out([])["points"],
        "truc": play_out(["bet truc", "answer accept"])["points"],
        "retruc": play_out(["bet truc", "bet retruc", "answer accept"])["points"],
        "truc_down": play_out(["bet truc", "answer fold"])["points"],
        "retruc_down": play_out(["bet truc", "bet retruc", "answer fold"])["points"],
        "eleven_pass": play_out(["eleven pass"], totals=[e, 0])["points"],
        "eleven_play": play_out(["eleven play"], totals=[e, 0])["points"],
        "eleven_all": play_out([], totals=[e, e])["points"],
    }


def scorepad() -> dict:
    """A score pad for a game to the target: a row for each hand of the longest game (every
    hand scoring the least a hand can, the teams level until both have eleven), the stakes
    a row may hold, and what each way a hand ends pays (:func:`outcomes`)."""
    f = api.call("facts")
    won = outcomes()
    least = min(won.values())
    # Each hand gives one team at least `least`; the longest game brings both teams to the
    # point below the target and then plays the hand that decides it.
    hands = 2 * ((f["target"] - 1) // least) + 1
    stakes = sorted({won["no_bet"], won["truc"], won["retruc"]})
    return {"facts": f, "outcomes": won, "hands": hands, "stakes": stakes}


# --- what build_tools/handouts/ asks of the game -----------------------------------------------
CSS = (Path(__file__).resolve().parent / "static" / "truc.css",)
# (file in site/handouts/, its title's key in the handouts words, template, its context)
HANDOUTS = (("truc-rules.pdf", "title_rules", "handouts/rules.html.j2", rules),
            ("truc-score-pad.pdf", "title_scorepad", "handouts/scorepad.html.j2", scorepad))
# The worksheet the Handouts page offers: every kind of puzzle, from seed 100. A sheet needs at
# least one puzzle of each kind, so it grows with the kinds (11 since the lessons' kinds).
WORKSHEETS = ((",".join(KINDS), 100, max(12, len(KINDS))),)
