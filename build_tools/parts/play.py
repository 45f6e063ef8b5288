"""The Play page (issue 16): whole hands against three bots, with a coach.

* ``on_config`` adds the table's script and stylesheet; ``on_files`` adds them to the build
  (from build_tools/play/static/), so the offline part stores them with every other file.
* ``on_page_markdown`` replaces ``<!-- play-table -->`` with the table (``play/table.html``):
  the set-up form, with the rule options as the engine lists them (``options``; those with
  one value only change nothing and are left out), the numbers of players the game registers,
  and the data the page needs to say things in words — the cards' names from the engine's
  pack and the game's talk with its meanings from the engine (its ``phrases``, said as
  written, or its ``signals``, recorded by their id). The page's script keeps the
  hand's record and asks the reader's own Python (the worker) for everything else:
  ``table_new``, ``table_view``, ``table_apply`` (the game's table module) and ``bot_action``.
* ``on_page_markdown`` also replaces ``<!-- play-guided: ADDRESS -->`` with the game's guided
  first hand (``play/guided.html``, ``guided.js``): the engine's ``guided`` call, computed at
  build time, so the page plays it without the engine.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from cardgame.messages import Message

from build_tools.errors import BuildError
from build_tools.markdown_blocks import Marker, replace_markers
from build_tools.parts import Part
from build_tools.site_assets import add_assets, add_static_files, page_base

STATIC = Path(__file__).resolve().parents[1] / "play" / "static"
JS_URI = "assets/play/play.js"
LINK_URI = "assets/play/link.js"  # imported by play.js: the short link's codec
CSS_URI = "assets/play/play.css"
TEMPLATE = "play/table.html"
# The guided first hand (issue 29): the engine's ``guided`` call, shown step by step.
GUIDED_JS_URI = "assets/play/guided.js"
GUIDED_CSS_URI = "assets/play/guided.css"
GUIDED_TEMPLATE = "play/guided.html"
# The bots of the table and of the hint: the facade's own names when it gives them
# (``TABLE_BOT``, ``COACH_BOT``); otherwise ``bot_action``'s default bot for both.
BOT_NAMES = {"table": "TABLE_BOT", "coach": "COACH_BOT"}


class PlayPart(Part):
    def on_config(self, config):
        add_assets(config, CSS_URI, JS_URI, module=True)
        add_assets(config, GUIDED_CSS_URI, GUIDED_JS_URI, module=True)
        return config

    def on_files(self, files, config):
        add_static_files(files, config, "play",
                         ((JS_URI, STATIC / "play.js"), (LINK_URI, STATIC / "link.js"),
                          (CSS_URI, STATIC / "play.css"),
                          (GUIDED_JS_URI, STATIC / "guided.js"),
                          (GUIDED_CSS_URI, STATIC / "guided.css")))
        return files

    def on_page_markdown(self, markdown, page, config, files):
        self.files = files  # every part's files by now: the packs' pictures among them
        if "<!-- play-guided" in markdown:
            markdown = replace_markers(markdown, ["play-guided"], lambda m: self._guided(m, page),
                                       whole_line=True)
        if "<!-- play-table" not in markdown:
            return markdown
        return replace_markers(markdown, ["play-table"], lambda m: self._table(m, page),
                               whole_line=True)

    def talk(self) -> list[dict]:
        """What a player may say or show to the others, each with the meaning the bots read in
        it, in the build's language: the engine's own (its ``phrases`` call, said as written, in
        A-Z order; or its ``signals`` call, recorded by their id), so the reader and the bots
        give it the same meaning. The page reads what was said by it; what the reader is
        offered at a decision is the engine's table view's (its ``phrases``: those of that
        moment, grouped; or its ``signals``). Each item is {say (what the record holds), text, meaning,
        sources}; a game whose engine has neither has no talk."""
        api = self.site.api
        if "phrases" in api.names():
            items = sorted(api.call("phrases")["phrases"], key=lambda p: p["text"].casefold())
            return [{"say": p["text"], "text": p["text"], "meaning": p["meaning"],
                     "sources": p.get("sources", []), "spoken": True} for p in items]
        if "signals" in api.names():
            return [{"say": s["id"], "text": s["text"], "meaning": s["meaning"],
                     "sources": s.get("sources", []), "spoken": False}
                    for s in api.call("signals")["signals"]]
        return []

    def cards(self, files=None) -> tuple[dict[str, str], list[str], dict[str, dict]]:
        """The default pack's card names and the cards the site has a picture of (the game's
        site code draws them, ``cards/<token>.svg``), and each other pack a rule option offers
        (the engine's ``pack`` call for each value of its ``pack`` option): its cards' names and
        the folder of its pictures, ``cards/<pack>/``, when the site has every one (else None:
        its cards are shown by their names). One token may name cards of two packs, so a card
        is named and drawn in the pack of the hand."""
        api = self.site.api
        default = api.call("pack")
        pictured = [c["token"] for c in default["cards"]]
        names = {c["token"]: c["name"] for c in default["cards"]}
        packs: dict[str, dict] = {}
        options = [o for o in api.call("options")["options"] if o["name"] == "pack"]
        if options and "pack" in inspect.signature(api.call_pack).parameters:
            for v in options[0]["values"]:
                if v["value"] == default.get("pack"):
                    continue
                cards = api.call("pack", pack=v["value"])["cards"]
                folder = f"cards/{v['value']}/"
                drawn = files is not None and all(
                    files.get_file_from_path(f"{folder}{c['token']}.svg") for c in cards)
                packs[v["value"]] = {"names": {c["token"]: c["name"] for c in cards},
                                     "pictures": folder if drawn else None}
        return names, pictured, packs

    def players(self) -> tuple[list[int], int]:
        """The numbers of players the game registers, and the one the table deals for when
        none is given (``table_new``'s default)."""
        counts = sorted(self.site.engine.GAME.player_counts())
        default = inspect.signature(self.site.api.call_table_new).parameters["players"].default
        return counts, default

    def options(self) -> list[dict]:
        """The rule options a reader may choose at the table: each option with its values in
        one shape whatever the engine's (``meaning``, ``sources``); the number of players is
        chosen apart, and an option with one value changes nothing."""
        out = []
        for o in self.site.api.call("options")["options"]:
            if o["name"] == "players" or len(o["values"]) < 2:
                continue
            values = [{"value": v["value"], "meaning": v.get("meaning", v.get("means", "")),
                       "sources": v.get("sources", [])} for v in o["values"]]
            out.append({**o, "values": values})
        return out

    def game_length(self, counts: list[int]) -> dict:
        """How long a game lasts, in the engine's facts: a number of hands for each number of
        players (``hands_in_game``), or a target score (``target``)."""
        api = self.site.api
        per_count = "players" in inspect.signature(api.call_facts).parameters
        first = api.call("facts", players=counts[0]) if per_count else api.call("facts")
        if "hands_in_game" in first:
            return {"hands_in_game": {n: api.call("facts", players=n)["hands_in_game"]
                                      for n in counts}}
        return {"target": first["target"]}

    def _table(self, marker: Marker, page) -> str:
        if marker.arg:
            raise BuildError(f"docs/{page.file.src_uri}:{marker.line}: <!-- play-table:"
                             f" {marker.arg} -->: the marker takes nothing after its name")
        page.meta["engine"] = True
        api = self.site.api
        names, pictured, packs = self.cards(self.files)
        counts, default = self.players()
        # The seats in the engine's words ("seat 0"), as its messages name them when said to
        # nobody in particular; the set-up lists them before the reader has a seat.
        seats = [Message(api.FACADE.domain, "seat#plain", {"n": i}).render()
                 for i in range(max(counts))]
        seats = [s[:1].upper() + s[1:] for s in seats]
        bots = {k: getattr(api, attr, None) for k, attr in BOT_NAMES.items()}
        data = {"names": names, "pictured": pictured, "packs": packs, "seats": seats,
                "talk": self.talk(),
                "sources": api.call("options")["sources"], "bots": bots,
                **self.game_length(counts)}
        # The default number first, as the form offers it.
        players = [default, *(n for n in counts if n != default)]
        html = self.site.env.get_template(TEMPLATE).render(
            options=self.options(), players=players, players_default=default,
            target=data.get("target"),
            base=page_base(page), seats=seats[:default],
            data=json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        return "\n".join(line.strip() for line in html.splitlines() if line.strip())

    def _guided(self, marker: Marker, page) -> str:
        """``<!-- play-guided: ADDRESS [hand=N] [next=NEXT] -->``: the game's guided hand, every
        step computed by the engine at build time (its ``guided`` call: the card to play, the
        sentence of why with its rule, the bots' fixed plays, the count), so the page needs no
        engine to run it. ADDRESS is the free-play page's, relative to this page: the hand ends
        with a link to it. ``hand=N``: the engine's guided hand N (its ``guided`` call's
        ``hand``), when it has more than one; ``next=NEXT``: the page of the guided hand to play
        after this one, which the end offers first."""
        where = f"docs/{page.file.src_uri}:{marker.line}: <!-- play-guided -->"
        words = (marker.arg or "").split()
        extra = dict(w.partition("=")[::2] for w in words[1:])
        if not words or "=" in words[0] or set(extra) - {"hand", "next"} or not all(
                extra.values()) or len(extra) != len(words) - 1 or not extra.get(
                "hand", "1").isdigit():
            raise BuildError(f"{where}: the marker takes the address of the free-play page after"
                             f" its name, then optionally hand=N (the engine's guided hand N) and"
                             f" next=ADDRESS (the next guided hand's page):"
                             f" <!-- play-guided: ../ hand=2 -->")
        api = self.site.api
        if "guided" not in api.names():
            raise BuildError(f"{where}: this game's engine has no guided hand (its call 'guided')")
        try:
            hand = api.call("guided", **({"hand": int(extra["hand"])} if "hand" in extra else {}))
        except api.FACADE.error as exc:  # the game's data refused: one line from the engine
            raise BuildError(f"{where}: {exc}") from None
        names = {c["token"]: c["name"] for c in api.call("pack")["cards"]}
        data = {**hand, "names": names, "free_play": words[0], "next_hand": extra.get("next")}
        html = self.site.env.get_template(GUIDED_TEMPLATE).render(
            base=page_base(page), data=json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        return "\n".join(line.strip() for line in html.splitlines() if line.strip())
