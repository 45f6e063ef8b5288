"""Troccas's part of the puzzle worksheets (build_tools/worksheets/sheets.py): its endgames, a
kind of puzzle of the engine's besides its registered puzzle kinds (troccas.endgames, the call
"endgame"), and the site page each puzzle opens at.

The browser's worksheet maker imports this module too (the site's Python zip holds it), so it
imports nothing of MkDocs, YAML or the glossary; the engine is imported where it is called.
"""

from __future__ import annotations

from build_tools.worksheets.sheets import _t, card_code

PUZZLE_URL = "puzzles/{kind}/?seed={seed}"
EXTRA_URLS = {"endgame": "puzzles/endgames/?seed={seed}"}


def endgame(seed: int) -> dict:
    """An endgame as the sheet prints a puzzle: every hand, the trick, the question; the key
    has the engine's best first card and its worked line."""
    from troccas import api
    e = api.call("endgame", seed=seed, answer=True)
    return {"kind": "endgame", "title": _t("worksheets.endgame"), "question": e["question"],
            "situation": e["situation"], "answer_type": "card", "answer": e["answer"],
            "answer_text": _t("worksheets.endgame_answer", cards=_t("worksheets.or").join(
                card_code(e["answer"])), n=e["value"]),
            "steps": e["steps"], "rule_steps": [], "choices": []}


EXTRA_KINDS = {"endgame": endgame}
