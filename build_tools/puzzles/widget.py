"""The puzzle widget, drawn in one place: ``puzzles/puzzle.html`` rendered by this module.

The build draws every authored puzzle and the first practice puzzles of each kind with it
(build_tools/parts/puzzles.py). For any other practice seed the reader's browser draws the
puzzle with the same function, the same Jinja environment and the same template (as the build
resolved it, theme overrides included): the worker's Python loads this module, Jinja and the
template from ``assets/puzzles/render.zip`` and ``render.json`` (see :func:`browser_render`).
So nothing here may import MkDocs or the engine.
"""

from __future__ import annotations

import json
from typing import Callable, Mapping

from build_tools import templating

TEMPLATE = "puzzles/puzzle.html"
# The game's part of it (build_tools/games/<game>/templates/): its situations drawn.
GAME_TEMPLATE = "puzzles/situation.html"


def flat(html: str) -> str:
    """No blank lines and no indentation, so Markdown passes the HTML through untouched."""
    return "\n".join(line.strip() for line in html.splitlines() if line.strip())


def render_puzzle(data: Mapping, *, pid: str, uid: str, level, heading: str, base: str,
                  label: Callable[[str], str], verdicts: str | None = None,
                  env=None) -> str:
    """One puzzle as HTML. ``data``: the engine's "puzzle" answer (its answer and steps are
    left out); ``verdicts``: the stored verdicts, already escaped for a single-quoted
    attribute, or None (the live engine answers); ``label(token)``: a card's name."""
    def card(token: str, alt: bool = True) -> str:
        return templating.card_img(token, base, label(token), cls="cs-pz__img", alt=alt)

    pz = {k: v for k, v in data.items() if k not in ("answer", "steps")}
    env = env or templating.current()
    return flat(env.get_template(TEMPLATE).render(
        pz=pz, pid=pid, uid=uid, level=level, heading=heading, verdicts=verdicts,
        card=card, label=label))


def practice_ids(kind: str, seed: int) -> dict:
    """The ids a practice puzzle carries, the same in the build and in the browser."""
    return {"pid": f"seed-{seed}", "uid": f"pz-practice-{kind}", "level": None, "heading": "h3"}


_browser: dict = {}


def browser_render(request_json: str) -> str:
    """The browser's entry point. ``request_json``: {"templates": {name: source}, "labels":
    {token: name}, "language": "de", "words": {"puzzles.key": text}, "base": "../../",
    "puzzle": <the engine's puzzle>, "seed": N} (render.json, built by
    build_tools/parts/puzzles.py, and the puzzle). Returns the widget's HTML; the environment
    and the compiled template are kept for the next call."""
    from jinja2 import DictLoader

    from build_tools.words import Words

    request = json.loads(request_json)
    said = Words(request.get("language", "en"), request.get("words") or {})
    key = json.dumps([request["templates"], said.language, said.entries], sort_keys=True)
    if _browser.get("key") != key:
        _browser.update(key=key, env=templating.environment(
            loader=DictLoader(request["templates"]), words=said))
    labels = request["labels"]
    pz = request["puzzle"]
    return render_puzzle(pz, base=request["base"], label=lambda t: labels.get(t, t),
                         env=_browser["env"], **practice_ids(pz["kind"], request["seed"]))
