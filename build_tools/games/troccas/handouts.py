"""Troccas's handouts (build_tools/handouts/): which it has, and what they say — every number
from the engine, every name from the glossary data, the words around them the site's own in the
language of the build under way (build_tools/messages/<language>/handouts.yaml and this game's
build_tools/games/troccas/messages/<language>/handouts.yaml).

Free of Playwright and mkdocs: each function returns the context of one template
(templates/handouts/ beside this module).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

from build_tools.games.troccas import cards_svg  # noqa: E402
from build_tools.games.troccas import glossary as gl  # noqa: E402
from build_tools.games.troccas.glossary import rm_forms  # noqa: E402
from build_tools.glossary.load import meanings, name_meanings, renderings  # noqa: E402

from troccas import api  # noqa: E402
from troccas.cards import SUIT_NAMES, SUIT_ROMANSH, SUITS  # noqa: E402
from troccas.puzzles import KINDS  # noqa: E402

from build_tools.words import current  # noqa: E402

# The sample pile counted on the summary (the engine counts it when the handout is made).
SAMPLE_PILE = "Kc 7c 8c 9c XXI II III IV Qr 5b"


def _t(key: str, **params) -> str:
    return current().t(key, **params)


def language() -> str:
    return current().language


def meanings_in(entry: dict) -> list[dict]:
    """:func:`meanings` (each meaning once, with its sources) in the build's language (the
    language it was written in where the data has none of the build's)."""
    return [dict(m, text=gl.text_in(m, "texts")[0]) for m in meanings(entry)]


def list_and(items: list[str]) -> str:
    """'a, b and c' in the build's language."""
    if len(items) == 1:
        return items[0]
    return _t("handouts.list_and", rest=", ".join(items[:-1]), last=items[-1])


def glossary():
    return cards_svg._default_glossary()  # loaded once, shared with the card pictures


def card(token: str) -> str:
    return cards_svg.card_svg(token, glossary(), css_class="troccas-card")


def facts(players: int = 4) -> dict:
    """The game's figures (cards each, batches, par, hands in a game) from the engine."""
    return api.call("facts", players=players)


def deal_batches(f: dict) -> dict:
    """The batches of the usual deal, as a player and as the dealer receives them."""
    rounds = f["batches"][f["default_method"]]
    return {"rounds": len(rounds), "other": [r[0] for r in rounds],
            "dealer": [r[-1] for r in rounds]}


def _talk_examples(g) -> list[dict]:
    """A phrase of the talk for each of a few things partners tell each other: of the phrases
    of that topic pagat (the site's main source) gives, the first (the data's order) whose
    meaning fits on a line of the summary's column (in English: every edition shows the same
    phrases), the meaning said in the build's language."""
    out = []
    for topic in ("trumps", "kings", "courts", "good-hand", "bad-hand", "deal-on"):
        said = [(m["text"], rm_forms(e)[0]["text"], shown["text"])
                for e in g.kinds["tschintschar"] if e["topic"] == topic
                for m, shown in list(zip(meanings(e), meanings_in(e)))[:1]
                if "pagat" in m["sources"]]
        short = [t for t in said if len(t[0]) <= 36] or said
        if short:
            _english, rm, means = short[0]
            out.append({"rm": rm, "means": means})
    return out


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
        suits.append({"name": SUIT_NAMES[i], "label": _t(f"handouts.suit_{s}"),
                      "rm": SUIT_ROMANSH[i], "order": order, "sign": order[0]})
    trumps = [c["token"] for c in pack if c["kind"] == "trump"]
    # Suits that rank their numerals the same way, drawn once: the engine's order decides.
    groups: dict[tuple, list[dict]] = {}
    for suit in suits:
        groups.setdefault(tuple(t[:-1] for t in suit["order"]), []).append(suit)
    suit_groups = []
    for ranks, members in groups.items():
        numerals = [r for r in ranks if r.isdigit()]
        high, low = numerals[0], numerals[-1]
        rank = (lambda r: _t("handouts.the_ace") if r == "1" else _t("handouts.the_numeral", n=r))
        suit_groups.append({
            "suits": members, "shown": members[0],
            "name": _t("handouts.round_suits") if high == "1" else _t("handouts.long_suits"),
            "rule": _t("handouts.rank_rule", high=rank(high), low=rank(low))})
    everything = [c["token"] for c in pack]
    total = api.call("count", cards=everything)["points"]
    sample = api.call("count", cards=SAMPLE_PILE)
    less_four = api.call("count", cards="II III IV V")["groups"][0]["less"]
    less_pair = api.call("count", cards="II III")["groups"][0]["less"]
    f = facts()
    winner = api.call("winner", cards="Kc 1c Jc 9c")
    ruffed = api.call("winner", cards="Kc 1c II 9c")
    return {"values": values, "suits": suits, "suit_groups": suit_groups, "trumps": trumps, "pack_size": len(pack),
            "total": total, "par": f["par"]["fours"]["other"], "sample": sample,
            "less_four": less_four, "less_pair": less_pair, "winner": winner,
            "dealer_cards": f["dealer_cards"], "other_cards": f["cards_each"],
            "scart_size": f["scart"], "batches": deal_batches(f),
            "hands_in_game": f["hands_in_game"], "talk": _talk_examples(glossary()),
            "fool_points": next(c["points"] for c in pack if c["token"] == "Fool"),
            "ruffed": ruffed, "card": card}


def glossary_sheet() -> dict:
    g = glossary()
    trumps = sorted(g.kinds["trumps"], key=lambda e: (e["card"] == "Fool",
                                                      e.get("number") or 0))
    talk = sorted(g.kinds["tschintschar"],
                  key=lambda e: (gl._phase_key(e), list(gl.TOPICS).index(e["topic"])))
    return {"trumps": trumps, "talk": talk, "rm_forms": rm_forms, "renderings": renderings,
            "meanings": meanings_in,
            "name_meanings": lambda e, lang: name_meanings(e, lang, g.term_lang),
            "PHASE_SHORT": gl.PHASE_SHORT, "TOPICS": gl.TOPICS, "phase_of":
            lambda e: list(gl.PHASES)[gl._phase_key(e)], "card": card}


# --- the teacher's kit: the score pad and the card-value poster ------------------------------
EXAMPLE_GAME_SEED = 1  # the worked game printed under the score pads (played by the engine)


def example_game(seed: int = EXAMPLE_GAME_SEED) -> list[dict]:
    """A game of four hands the engine plays with random legal moves: for each hand that was
    played out (a thrown-in deal is dealt again and not counted), the dealer, each side's card
    points and score, and the running totals — each hand's record replayed by the facade."""
    import random

    from troccas.game import Game  # the facade replays hands; a game's deals come from here

    game = Game(4, 0, seed=seed)
    rand = random.Random(f"game-{seed}").random
    while not game.is_terminal():
        ids = game.legal_action_ids()
        game.apply_action(ids[int(rand() * len(ids))])
    rows: list[dict] = []
    totals = [0, 0]
    for rec in game.records:
        out = api.call("replay", record=rec.to_json())
        if out["phase"] != "done":
            continue
        r = out["result"]
        totals = [t + s for t, s in zip(totals, r["scores"])]
        rows.append({"hand": len(rows) + 1, "dealer": out["dealer"], "points": r["points"],
                     "scores": r["scores"], "totals": list(totals)})
    return rows


def signed(n: int) -> str:
    """A score as the pad writes it: +6, −6 (a real minus sign) or 0."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def scorepad() -> dict:
    f = facts()
    return {"par": f["par"]["fours"]["other"], "total": f["pack_total"]["fours"],
            "hands": f["hands_in_game"], "catch_up": f["catch_up"],
            "batches": {m: len(r) for m, r in f["batches"].items()},
            "pads": 2, "example": example_game(), "example_seed": EXAMPLE_GAME_SEED,
            "signed": signed}


# Cards drawn on the poster for "every other card": a few trumps and numerals of each suit.
POSTER_LOW = "II XV XX 1c 10r 7s 3b"
# The piles the poster counts (the engine counts them when the handout is made).
POSTER_PILES = ("Kb Cs XXI XV", "3c 7r 4b 9s", "Qs 4c")


def poster() -> dict:
    s = summary()
    f = facts()
    piles = [api.call("count", cards=p) for p in POSTER_PILES]
    low = s["values"][-1]
    pack = api.call("pack")["cards"]
    return {"values": s["values"], "low": low, "names_of": names_of,
            # the scoring cards in words (the last row, every other card, is said in the template)
            "what": {v["points"]: _upper_first(describe(v["tokens"], pack))
                     for v in s["values"][:-1]}, "low_shown": POSTER_LOW.split(),
            "low_trumps": [t for t in low["tokens"] if t in s["trumps"]],
            "piles": piles, "less_four": s["less_four"], "less_pair": s["less_pair"],
            "total": s["total"], "par": f["par"]["fours"]["other"],
            "scart": f["scart"], "pack_size": s["pack_size"], "card": card,
            "names": {c["token"]: c["name"] for c in pack}}


def names_of(tokens, names: dict) -> list[str]:
    return [names[t] for t in tokens]


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(tokens, pack: list[dict]) -> str:
    """A group of cards in words, in the build's language: a rank held in every suit is named
    once in the plural ("kings"), other cards by the engine's names ("trump XXI", "the Fool")."""
    cards = [c for c in pack if c["token"] in set(tokens)]
    suits = {c["suit"] for c in pack if c["kind"] == "suit"}
    words, done = [], set()
    for c in cards:
        if c["token"] in done:
            continue
        same = [d for d in cards if c["kind"] == "suit" and d["kind"] == "suit"
                and d["rank"] == c["rank"]]
        if same and {d["suit"] for d in same} == suits:
            words.append(_t(f"handouts.ranks_{c['rank'].lower()}"))
            done |= {d["token"] for d in same}
        else:
            words.append(c["name"])  # the engine's, in the build's language
            done.add(c["token"])
    return list_and(words)


# --- what build_tools/handouts/ asks of the game -----------------------------------------------
# The site's stylesheet, which the handouts print with (before the generator's).
CSS = (ROOT / "docs" / "assets" / "css" / "troccas.css",)
# (file in site/handouts/, its title's key in the handouts words, template, its context)
HANDOUTS = (("troccas-rules-summary.pdf", "title_summary", "handouts/summary.html.j2", summary),
            ("troccas-glossary.pdf", "title_glossary", "handouts/glossary.html.j2",
             glossary_sheet),
            ("troccas-score-pad.pdf", "title_scorepad", "handouts/scorepad.html.j2", scorepad),
            ("troccas-card-values-poster.pdf", "title_poster", "handouts/poster.html.j2", poster))
# The worksheets the Handouts page offers, pre-built: (seed, number of puzzles) for each kind.
SITE_SHEETS = ((1, 6), (101, 6))
WORKSHEETS = tuple((kind, seed, count) for kind in KINDS for seed, count in SITE_SHEETS)
