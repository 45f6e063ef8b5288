"""Truc's own part of the site build (issue 18): the second game of the generator.

Its site is small so far: besides the engine (Python in the browser), the header search and the
offline copy, the generic parts it uses are the glossary (its kinds registered in
:mod:`.glossary`, its data ``glossary/terms.yaml`` and ``signals.yaml``: the Catalan words and
the partners' signals) and the puzzles (``GENERIC_PARTS``): the puzzles' kinds
(trick, hand, score, raise, eleven) are the engine's registry (``truc.puzzles``), its authored
puzzles ``puzzles/<kind>.yaml``, each checked by the engine at build time, and its situations
are drawn by ``templates/puzzles/situation.html``. This folder adds what only Truc has:
* ``<!-- truc-cards -->`` — the 40 cards, highest rank first, each drawn by :mod:`.cards_svg`
  into ``cards/<token>.svg`` and named by the engine.
* ``<!-- truc-fact: NAME -->`` (``NAME words`` in words) — one of the game's numbers as the
  engine plays them (``truc.api`` ``facts``: target, eleven, hand_cards, truc, retruc …), so no
  page types one in.
* ``<!-- truc-handouts -->`` — the printable handouts, rendered to PDF by the same headless
  Chromium as Troccas's (``build_tools/handouts/pdf.py``) from ``templates/truc/handout.html``:
  the rules on one page (the ranking drawn from the engine's pack) and a worksheet of puzzles
  with its answer key, every puzzle and answer the engine's.
"""

from __future__ import annotations

import html
from pathlib import Path

from build_tools.errors import BuildError
from build_tools.markdown_blocks import replace_markers
from build_tools.parts import Part
from build_tools.site_assets import add_assets, add_static_files

STATIC = Path(__file__).resolve().parent / "static"
ROOT = Path(__file__).resolve().parents[3]
HANDOUTS = {"truc-rules.pdf": ("rules", "Truc — the rules on one page"),
            "truc-puzzles.pdf": ("puzzles", "Truc — puzzles, with the answer key")}
WORKSHEET = [("trick", 100), ("trick", 101), ("hand", 100), ("score", 100), ("raise", 100),
             ("eleven", 100)]
CACHE = ROOT / "build" / "truc-handouts"
CSS_URI = "assets/truc/truc.css"
GENERIC_PARTS: tuple = ("glossary", "puzzles")
MARKERS: dict = {}


def widget_context(site) -> dict:
    return {}


def card_label(token: str) -> str:
    """A card's name as the engine says it ("the 3 of oros")."""
    from truc.api import call
    return next(c["name"] for c in call("pack")["cards"] if c["token"] == token)


class TrucPart(Part):
    def on_config(self, config):
        add_assets(config, CSS_URI)
        return config

    def on_files(self, files, config):
        add_static_files(files, config, "truc", ((CSS_URI, STATIC / "truc.css"),))
        from build_tools.plugin import generated_file

        from .cards_svg import card_svg
        self.cards = self.site.api.call("pack")["cards"]
        for c in self.cards:
            files.append(generated_file(config, f"cards/{c['token']}.svg",
                                        content=card_svg(c["token"], c["name"])))
        for name, path in self._handouts().items():
            files.append(generated_file(config, f"handouts/{name}", abs_src_path=str(path)))
        return files

    def _handouts(self) -> dict[str, Path]:
        """The handout PDFs, rendered again only when their HTML changed."""
        import hashlib
        from build_tools.handouts.pdf import HandoutError, Renderer
        CACHE.mkdir(parents=True, exist_ok=True)
        todo, out = {}, {}
        for name, (kind, title) in HANDOUTS.items():
            page = self.site.env.get_template("truc/handout.html").render(
                kind=kind, title=title, **(self._rules_context() if kind == "rules"
                                           else self._worksheet_context()))
            digest = hashlib.sha256(page.encode()).hexdigest()
            path = CACHE / name
            stamp = CACHE / (name + ".sha256")
            out[name] = path
            if not (path.is_file() and stamp.is_file() and stamp.read_text() == digest):
                todo[name] = (page, title, digest)
        if todo:
            try:
                with Renderer() as r:
                    for name, (page, title, digest) in todo.items():
                        r.pdf(page, CACHE / name, footer=title)
                        (CACHE / (name + ".sha256")).write_text(digest)
            except HandoutError as exc:
                raise BuildError(f"truc handouts: {exc}") from None
        return out

    def _rules_context(self) -> dict:
        from .cards_svg import card_svg
        seen, ranking = set(), []
        for c in self.cards:  # one card of each rank, highest first
            if c["rank"] not in seen:
                seen.add(c["rank"])
                label = {"R": "rei (12)", "C": "cavall (11)", "S": "sota (10)",
                         "1": "ace (1)"}.get(c["rank"], c["rank"])
                ranking.append({"svg": card_svg(c["token"], c["name"]), "label": label})
        return {"ranking": ranking, "facts": self.site.api.call("facts")}

    def _worksheet_context(self) -> dict:
        from .cards_svg import card_svg
        names = {c["token"]: c["name"] for c in self.cards}
        out = []
        for kind, seed in WORKSHEET:
            p = self.site.api.call("puzzle", kind=kind, seed=seed, answer=True)
            s = p["situation"]
            figs = lambda plays: [{"svg": card_svg(t, names[t]), "seat": seat,  # noqa: E731
                                   "name": names[t]} for seat, t in plays]
            lines, tricks = [], []
            if kind == "trick":
                tricks = [figs(s["plays"])]
            elif kind == "hand":
                lines = [f"Seat {s['dealer']} dealt "
                         + ("one card each." if s["cards_each"] == 1 else "three cards each.")]
                tricks = [figs(t["plays"]) for t in s["tricks"]]
            elif kind == "score":
                lines = [f"Seat {s['dealer']} dealt."] + [_event(e, names) for e in s["events"]]
            elif kind == "raise":
                lines = [f"The hand is worth {s['stake']}."] + [
                    _event(e, names) for e in s["bets"]] + [f"Seat {s['to_play']} is to play."]
            else:
                lines = [f"Seat {s['dealer']} is about to deal."]
            labels = p["labels"]
            out.append({"question": p["question"], "lines": lines, "tricks": tricks,
                        "choices": [c[:1].upper() + c[1:] for c in labels.values()],
                        "answer": labels[p["answer"]][:1].upper() + labels[p["answer"]][1:],
                        "explanation": " ".join(p["steps"])})
        return {"puzzles": out, "seeds": ", ".join(f"{k} {s}" for k, s in WORKSHEET),
                "facts": self.site.api.call("facts")}

    def on_page_markdown(self, markdown, page, config, files):
        if "<!-- truc-" not in markdown:
            return markdown

        def draw(marker) -> str:
            if marker.name == "truc-fact":
                return self._fact(marker, page)
            if marker.name == "truc-cards":
                return self._cards_html(page)
            if marker.name == "truc-handouts":
                return "\n".join(f"- [{title}](handouts/{name}) (PDF)"
                                 for name, (_, title) in HANDOUTS.items()) + "\n"
            raise AssertionError(marker.name)  # pragma: no cover - only the names below

        markdown = replace_markers(markdown, ["truc-fact"], draw)  # inline, in the prose
        return replace_markers(markdown, ["truc-cards",
                                          "truc-handouts"], draw, whole_line=True)

    def _fact(self, marker, page) -> str:
        facts = self.site.api.call("facts")
        name, _, how = (marker.arg or "").partition(" ")
        value = facts
        for key in name.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if not isinstance(value, int) or how not in ("", "words"):
            raise BuildError(f"{page.file.src_uri}:{marker.line}: <!-- truc-fact:"
                             f" {marker.arg} -->: the facts are {', '.join(facts)}"
                             f" (a pack's size as pack_sizes.<pack>), optionally 'words'")
        return _in_words(value) if how == "words" else str(value)

    def _cards_html(self, page) -> str:
        from build_tools.site_assets import page_base
        base = page_base(page)
        items = "".join(
            f'<figure class="truc-card"><img src="{base}cards/{c["token"]}.svg" alt="" '
            f'width="100" height="150"><figcaption>{html.escape(c["name"][4:])}</figcaption>'
            f'</figure>' for c in self.cards)
        return f'<div class="truc-cards" data-truc-cards>{items}</div>\n'


def _in_words(value: int) -> str:
    """A small number in words in the build's language (build_tools/messages/<lang>/
    numbers.yaml), else in figures."""
    from build_tools.words import current
    said = current()
    return said.t(f"numbers.n{value}") if f"numbers.n{value}" in said.entries else str(value)


def _event(e: dict, names: dict) -> str:
    """One event of a hand in words, for the worksheet (the puzzle page says the same in its
    script, static/truc.js)."""
    stake = {2: "truc (2)", 3: "retruc (3)", "remainder": "the remainder"}
    if e["type"] == "bet":
        return f"Seat {e['player']} bets {stake.get(e['stake'], e['stake'])}."
    if e["type"] == "answer":
        return f"Seat {e['player']} {'accepts' if e['accept'] else 'turns it down'}."
    if e["type"] == "play":
        return f"Seat {e['player']} plays {names.get(e['card'], e['card'])}."
    if e["type"] == "trick":
        who = "drawn" if e["team"] is None else \
            f"taken for the team of seats {'0 and 2' if e['team'] == 0 else '1 and 3'}"
        return f"Trick {e['number']}: {who}."
    return e["type"]


PARTS = (TrucPart,)
