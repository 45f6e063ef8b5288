"""Troccas's examples part: worked examples and figures computed by the rules engine at build
time (issue 6).

In any page:

* a fenced block ```` ```troccas-example ```` holding YAML is replaced by the example drawn with
  the card pictures and the engine's answer (templates in this game's ``templates/examples/``):

  ``pile: Kc Cc XXI XV Qc 3c`` (``method: fours|threes|singly``, ``scart:``)
      the pile counted group by group (``count``);
  ``trick: 3c Kc XV 1c``
      the trick in play order, its winner and the engine's reason (``winner``);
  ``hand: Kc 3c XXI 5s`` with ``trick: 7c``
      which cards of the hand may be played to the trick, and why not the others (``legal``);
  ``record: {seed: 4}`` or ``record: {deck: …, actions: […]}``
      a hand record replayed: scart, tricks, buob and Fool events, the count (``replay``);
  ``deal: {hands: {1: "Kc 5c"}, dealer: 0, scart: "…", plays: ["Kc", "5c", …, "call buob"]}``
      a hand built from the cards that matter (the rest of the pack filled in), played as far
      as ``plays`` goes and replayed like a record — the tricks, the buob call, the Fool;
  ``game: {seed: 1}``
      a game of four hands: each hand's points against par and the running totals;
  ``cards: Kc Qc Cc Jc``
      just the cards, in the order given, with their values (``values: false`` leaves them off);
  ``options: all``
      the rule options table (``options``), for "Where the sources differ".

  Optional in every block: ``title:`` (a caption) and ``show: [...]`` where it applies.

* an inline macro ``{{ count("Qc 3c 4s 5b") }}`` is replaced by the engine's figure. The
  functions are in ``MACROS`` below: ``count``, ``value``, ``winner``, ``pack_total``, ``par``,
  ``less``, ``cards_each``, ``scart_size``, ``batches``, ``behind``, ``players_in_game``,
  ``hands_in_game``. Macros inside code (fenced or inline) are left alone.

Every figure is wrapped in an element with ``data-fig`` (the call and its arguments as JSON), and
every example root carries its input, so tests/test_rules_examples.py can recompute each one.
A bad example stops the build: ``BuildError: docs/rules/play.md:42: troccas-example: …``.
"""

from __future__ import annotations

import ast
import json
import re
from functools import lru_cache
from pathlib import Path

import yaml

from troccas import api
from troccas.errors import TroccasError

from build_tools.errors import BuildError
from build_tools import templating
from build_tools.clauses import clause_urls
from build_tools.markdown_blocks import Block, replace_blocks
from build_tools.parts import Part
from build_tools.site_assets import (add_assets, add_static_files, card_img,
                                     front_matter_lines, page_base)
from build_tools.words import current as words

from . import cards_svg

# The drawings are templates/examples/ beside this file (found by the build's environment, which
# searches the game's templates); their stylesheet and the exercises' script are static/.
STATIC = Path(__file__).resolve().parent / "static"
CSS_URI = "assets/css/examples.css"
JS_URI = "assets/js/exercises.js"

MACRO_RE = re.compile(r"\{\{\s*(?P<fn>[a-z_]+)\((?P<args>[^{}]*?)\)\s*\}\}")
INLINE_CODE_RE = re.compile(r"(`+)(?:.+?)\1", re.S)


class ExampleError(Exception):
    """A problem with one example, reported with the page and line by the hook."""


# --- engine look-ups --------------------------------------------------------------------------
def engine(name: str, **args):
    try:
        return api.call(name, **args)
    except TroccasError as exc:
        raise ExampleError(str(exc)) from None


@lru_cache(maxsize=None)
def pack_tokens() -> tuple[str, ...]:
    return tuple(c["token"] for c in api.call("pack")["cards"])


@lru_cache(maxsize=None)
def label(token: str) -> str:
    return cards_svg.card_label(token)


def cards_of(text, field: str) -> list[str]:
    if text is None:
        return []
    if isinstance(text, (int, float)):
        text = str(text)
    if isinstance(text, list):
        text = " ".join(str(t) for t in text)
    if not isinstance(text, str):
        raise ExampleError(f"'{field}' must be cards in notation, like 'Kc 10s XXI Fool'")
    return [c["token"] for c in engine("parse", cards=text)["cards"]]


# --- inline macros ----------------------------------------------------------------------------
def m_count(cards, method="fours", scart=""):
    """Points of a pile."""
    return engine("count", cards=cards, method=method, scart=scart)["points"]


def m_value(card):
    """A card's point value."""
    cards = engine("parse", cards=card)["cards"]
    if len(cards) != 1:
        raise ExampleError("value() takes exactly one card")
    return cards[0]["points"]


def m_winner(trick):
    """The card that wins a trick."""
    return engine("winner", cards=trick)["winner"]


def m_pack_total(method="fours"):
    """The whole pack counted by ``method`` (singly: with a scart of three cards)."""
    players = {"fours": 4, "threes": 3, "singly": 3}.get(method)
    if players is None:
        raise ExampleError("pack_total() takes 'fours', 'threes' or 'singly'")
    return _facts(players)["pack_total"][method]


def m_less(method="fours"):
    """What is taken off a full group under ``method`` (``pair``: the odd pair of four players)."""
    cards = {"fours": "II III IV V", "threes": "II III IV", "pair": "II III"}.get(method)
    if cards is None:
        raise ExampleError("less() takes 'fours', 'threes' or 'pair' (the dealer's odd pair)")
    method = "fours" if method == "pair" else method
    return engine("count", cards=cards, method=method)["groups"][0]["less"]


@lru_cache(maxsize=None)
def _clause_urls() -> dict:
    return clause_urls(c["id"] for c in engine("clauses")["clauses"])


@lru_cache(maxsize=None)
def _facts(players: int) -> dict:
    return engine("facts", players=players)


def m_par(players=4, seat="other", method=None):
    """The par a seat (``dealer`` or ``other``) plays against; ``method`` for 3 and 5."""
    f = _facts(players)
    method = method or {3: "threes", 5: "singly"}.get(players, "fours")
    value = f["par"][method][seat]
    if value is None:
        raise ExampleError(f"par({players}, {method!r}): the sources give no par; players"
                           f" score against the hand's average")
    return value


def m_score(points, players=4):
    """A side's score for ``points`` card points: the difference from the engine's par."""
    diff = points - m_par(players)
    return f"{diff:+d}" if diff else "0"


def m_cards_each(players=4, seat="other"):
    """How many cards a seat is dealt (the dealer before the scart)."""
    f = _facts(players)
    return f["dealer_cards"] if seat == "dealer" else f["cards_each"]


def m_scart_size(players=4):
    return _facts(players)["scart"]


def m_batches(players=4, method=None, seat="other", last=False):
    """The batches a seat receives round by round, as '6, 6 and 7'; with ``last`` only the
    last batch ('9')."""
    f = _facts(players)
    rounds = f["batches"][method or f["default_method"]]
    i = players - 1 if seat == "dealer" else 0
    sizes = [str(r[i]) for r in rounds]
    if last:
        return sizes[-1]
    if len(sizes) == 1:
        return sizes[0]
    return words().t("examples.list_and", rest=", ".join(sizes[:-1]), last=sizes[-1])


def m_behind(method="two_rounds"):
    """How far behind a side must be to demand a deal in fewer rounds."""
    table = _facts(4)["catch_up"]
    if method not in table:
        raise ExampleError(f"behind() takes one of {', '.join(table)}")
    return table[method]


def m_hands_in_game(players=4):
    return _facts(players)["hands_in_game"]


MACROS = {"count": m_count, "value": m_value, "winner": m_winner, "pack_total": m_pack_total,
          "less": m_less, "par": m_par, "score": m_score, "cards_each": m_cards_each, "scart_size": m_scart_size,
          "batches": m_batches, "behind": m_behind, "hands_in_game": m_hands_in_game}


def run_macro(fn: str, arg_text: str):
    try:
        node = ast.parse(f"f({arg_text})", mode="eval").body
        # "1) + g(2" parses as f(1) + g(2); a keyword of None is a **mapping
        if not isinstance(node, ast.Call) or any(k.arg is None for k in node.keywords):
            raise ValueError("not one list of plain arguments")
        args = [ast.literal_eval(a) for a in node.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg is not None}
    except (SyntaxError, ValueError) as exc:
        raise ExampleError(f"{{{{ {fn}({arg_text}) }}}}: arguments must be plain literals"
                           f" ({exc})") from None
    try:
        value = MACROS[fn](*args, **kwargs)
    except TypeError as exc:
        raise ExampleError(f"{{{{ {fn}({arg_text}) }}}}: {exc}") from None
    data = json.dumps({"fn": fn, "args": args, "kwargs": kwargs}, ensure_ascii=False)
    return (f'<span class="cs-fig" data-fig="{_attr(data)}" data-value="{_attr(str(value))}">'
            f"{value}</span>")


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))


# --- example blocks ---------------------------------------------------------------------------
def _seat_names(players: int, dealer: int) -> list[str]:
    names, say = [], words().t
    for p in range(players):
        if p == dealer:
            names.append(say("examples.seat_dealer", seat=p))
        elif p == (dealer + 1) % players:
            names.append(say("examples.seat_dealer_right", seat=p))
        else:
            names.append(say("examples.seat", seat=p))
    return names


KNOWN = {
    "pile": {"pile", "method", "scart", "title"},
    "trick": {"trick", "title"},
    "legal": {"hand", "trick", "title"},
    "record": {"record", "title", "show"},
    "deal": {"deal", "title", "show"},
    "game": {"game", "title"},
    "options": {"options", "title"},
    "cards": {"cards", "title", "values"},
}


def example_kind(data: dict) -> str:
    if "pile" in data:
        return "pile"
    if "hand" in data:
        return "legal"
    for kind in ("trick", "record", "deal", "game", "options", "cards"):
        if kind in data:
            return kind
    raise ExampleError("say what to show: pile:, trick:, hand: (with trick:), record:, deal:,"
                       " game:, options: or cards:")


def build_deal_record(spec) -> dict:
    """A hand record from the cards that matter: ``hands`` per seat, ``scart``, ``plays``."""
    from troccas.cards import parse_ids  # turning notation into a deck is input preparation
    from troccas.deal import deck_for_hands
    from troccas.cards import TOKEN
    if not isinstance(spec, dict):
        raise ExampleError("'deal' must be a mapping with hands:, dealer:, scart:, plays:")
    unknown = set(spec) - {"hands", "dealer", "scart", "plays", "players", "rules"}
    if unknown:
        raise ExampleError(f"deal: '{sorted(unknown)[0]}' is not a field; the fields are"
                           f" hands, dealer, scart, plays, players, rules")
    players = spec.get("players", 4)
    dealer = spec.get("dealer", 0)
    hands = spec.get("hands") or {}
    if not isinstance(hands, dict):
        raise ExampleError("deal: 'hands' must map seats to cards, like {1: 'Kc 5c'}")
    scart = cards_of(spec.get("scart"), "scart")
    try:
        hand_ids = {int(seat): parse_ids(" ".join(cards_of(cards, f"hands.{seat}")))
                    for seat, cards in hands.items()}
        if scart:
            d = hand_ids.setdefault(dealer, [])
            d[:0] = [i for i in parse_ids(" ".join(scart)) if i not in d]
        deck = deck_for_hands(players, dealer, hand_ids)
    except TroccasError as exc:
        raise ExampleError(f"deal: {exc}") from None
    record = {"players": players, "dealer": dealer, "deck": " ".join(TOKEN[c] for c in deck),
              "actions": []}
    if spec.get("rules"):
        record["rules"] = spec["rules"]
    # The talk: the first speaker asks to go on after each round, so the deal runs through.
    state = engine("replay", record=record)
    while state["phase"] in ("talk", "deal_method", "dealer_choice"):
        word = "three_rounds" if state["phase"] == "deal_method" else "continue"
        kind = "deal" if state["phase"] == "deal_method" else "talk"
        record["actions"].append(f"{state['current_player']} {kind} {word}")
        state = engine("replay", record=record)
    if not scart and state["phase"] == "scart":
        # No scart given: the dealer lays away the first cards the example does not name.
        named = {t for cards in hands.values() for t in cards_of(cards, "hands")}
        points = {c["token"]: c["points"] for c in api.call("pack")["cards"]}
        kinds = {c["token"]: c["kind"] for c in api.call("pack")["cards"]}
        spare = [t for t in state["hands"][dealer] if t not in named and points[t] < 5]
        spare.sort(key=lambda t: (kinds[t] != "suit", points[t]))  # plain low cards first
        scart = spare[:m_scart_size(players)]
    for card in scart:
        record["actions"].append(f"{dealer} scart {card}")
    plays = spec.get("plays") or []
    if isinstance(plays, str):
        plays = plays.split()
    for i, item in enumerate(plays):
        state = engine("replay", record=record)
        if state["phase"] == "done":
            raise ExampleError(f"deal: plays[{i}] '{item}': the hand is already over")
        words = str(item).split()
        if len(words) == 1:
            words = ["play", words[0]]
        record["actions"].append(f"{state['current_player']} {' '.join(words)}")
        try:
            api.call("replay", record=record)
        except TroccasError as exc:
            raise ExampleError(f"deal: plays[{i}] '{item}': {exc}") from None
    return record


def render_example(data, ctx: dict) -> str:
    if not isinstance(data, dict):
        raise ExampleError("the block must hold YAML fields, like 'pile: Kc Qc 3c 4c'")
    kind = example_kind(data)
    unknown = set(data) - KNOWN[kind]
    if unknown:
        raise ExampleError(f"'{sorted(unknown)[0]}' is not a field of a {kind} example; the"
                           f" fields are {', '.join(sorted(KNOWN[kind]))}")
    title = data.get("title")
    env = ctx["env"]
    common = {"title": title, "card": ctx["card"], "label": label}
    if kind == "pile":
        cards = cards_of(data["pile"], "pile")
        method = data.get("method", "fours")
        scart = cards_of(data.get("scart"), "scart")
        result = engine("count", cards=cards, method=method, scart=scart)
        inp = {"cards": cards, "method": method, "scart": scart}
        return env.get_template("examples/pile.html").render(result=result, input=inp, **common)
    if kind == "trick":
        cards = cards_of(data["trick"], "trick")
        result = engine("winner", cards=cards)
        return env.get_template("examples/trick.html").render(result=result, input={"cards": cards},
                                                     **common)
    if kind == "legal":
        hand = cards_of(data["hand"], "hand")
        trick = cards_of(data.get("trick"), "trick")
        result = engine("legal", hand=hand, trick=trick)
        refused = {r["card"]: r for r in result["refused"]}
        return env.get_template("examples/legal.html").render(
            result=result, refused=refused, input={"hand": hand, "trick": trick},
            clause_url=ctx["clause_url"], **common)
    if kind in ("record", "deal"):
        if kind == "deal":
            record = build_deal_record(data["deal"])
        else:
            record = data["record"]
            if not isinstance(record, dict):
                raise ExampleError("'record' must be a hand record (a mapping), e.g. {seed: 4}")
            if set(record) <= {"seed", "players", "dealer", "rules"}:
                record = engine("random_hand", **record)
        out = engine("replay", record=record)
        show = data.get("show") or ["tricks", "count"]
        names = _seat_names(out["players"], out["dealer"])
        return env.get_template("examples/record.html").render(
            out=out, record=record, show=show, seats=names, kind=kind,
            clause_url=ctx["clause_url"], **common)
    if kind == "game":
        spec = data["game"] or {}
        if not isinstance(spec, dict) or set(spec) - {"seed"}:
            raise ExampleError("'game' takes only seed:, e.g. {seed: 1}")
        hands = game_hands(spec.get("seed", 1))
        return env.get_template("examples/game.html").render(hands=hands, seed=spec.get("seed", 1),
                                                    **common)
    if kind == "cards":
        parsed = engine("parse", cards=" ".join(cards_of(data["cards"], "cards")))["cards"]
        return env.get_template("examples/cards.html").render(cards=parsed, values=data.get("values", True),
                                                     **common)
    if kind == "options":
        result = engine("options")
        clauses = {c["id"]: c for c in engine("clauses")["clauses"]}
        return env.get_template("examples/options.html").render(result=result, clauses=clauses,
                                                       **common)
    raise AssertionError(kind)


EXERCISE_KINDS = ("rank", "partners", "talk", "score")


def exercise_spec(data) -> dict:
    """The engine's spec of a ``troccas-exercise`` block: ``rank: 7c 1c 10c 3c``,
    ``partners: {seed: 7}``, ``talk: {seed: 5, actions: [...]}`` (a hand record) or
    ``score: {pile: ...}``, with an optional ``question:`` (and ``title:``, ``note:`` for the page)."""
    if not isinstance(data, dict):
        raise ExampleError("the block must hold YAML fields")
    kinds = [k for k in EXERCISE_KINDS if k in data]
    if len(kinds) != 1:
        raise ExampleError("an exercise is one of rank:, partners:, talk: or score: (puzzles are"
                           " cardsite-puzzle blocks)")
    kind = kinds[0]
    unknown = set(data) - {kind, "title", "note", "question"}
    if unknown:
        raise ExampleError(f"'{sorted(unknown)[0]}' is not a field of an exercise; the fields are"
                           f" {kind}, title, note, question")
    body = data[kind]
    spec = {"kind": kind}
    if kind == "rank":
        spec["cards"] = " ".join(cards_of(body, "rank"))
    elif kind == "talk":
        spec["record"] = body
    elif isinstance(body, dict):
        spec.update(body)
    else:
        raise ExampleError(f"'{kind}' takes fields, like "
                           + ("{seed: 7}" if kind == "partners" else "{pile: Kc 4c XXI}"))
    if data.get("question"):
        spec["question"] = data["question"]
    return spec


def render_exercise(data, ctx: dict, lang: str) -> str:
    """A lesson exercise (``troccas-exercise``): the engine sets it (``exercise``) and checks the
    reader's answer in the page (``check_exercise``), with hints in steps; the page only draws
    what the engine gives. Puzzle blocks (``cardsite-puzzle``) are the puzzle hook's."""
    spec = exercise_spec(data)
    ex = engine("exercise", spec=spec)
    sit = ex["situation"]
    rows, note = [], data.get("note")
    if ex["kind"] == "partners":
        rows = [{"label": words().t("examples.middle_of_table"), "cards": [sit["centre"]]}] \
            + sit["players"]
    elif ex["kind"] == "talk" and sit["said"]:
        note = ((note + " ") if note else "") + words().t("examples.so_far",
                                                          said="; ".join(sit["said"]))
    return ctx["env"].get_template("examples/exercise.html").render(
        ex=ex, spec=spec, title=data.get("title"), note=note, rows=rows,
        card=ctx["card"], label=label)


def game_hands(seed) -> list[dict]:
    """A game played by the engine with random legal moves: each hand's record replayed."""
    import random

    from troccas.game import Game  # the facade replays hands; a game's deals come from here

    game = Game(4, 0, seed=seed)
    rand = random.Random(f"game-{seed}").random
    while not game.is_terminal():
        ids = game.legal_action_ids()
        game.apply_action(ids[int(rand() * len(ids))])
    hands = []
    for rec in game.records:
        data = rec.to_json()
        out = engine("replay", record=data)
        hands.append({"record": data, "out": out})
    return hands


# --- the hook ---------------------------------------------------------------------------------
class ExamplesPart(Part):
    """Examples, lesson exercises and figure macros in the rules pages and lessons."""

    def on_config(self, config):
        add_assets(config, CSS_URI, JS_URI, module=True)
        return config

    def on_files(self, files, config):
        add_static_files(files, config, "examples", ((CSS_URI, STATIC / "examples.css"),
                                                     (JS_URI, STATIC / "exercises.js")))
        return files

    def on_page_markdown(self, markdown: str, page, config, files):
        return page_markdown(markdown, page)


def page_markdown(markdown: str, page) -> str:
    """A page's examples, exercises and figure macros, drawn."""
    if "```troccas-" not in markdown and "{{" not in markdown:
        return markdown
    src = f"docs/{page.file.src_uri}"
    offset = front_matter_lines(page, markdown)
    base = page_base(page)
    strict_macros = page.file.src_uri.startswith(("rules/", "learn/", "teach/"))

    def card(token: str, cls: str = "") -> str:
        return card_img(token, base, label(token), cls=f"cs-pic {cls}".strip(), title=True)

    def clause_url(rule: str) -> str:
        urls = _clause_urls()
        url = urls.get(rule) or urls.get(rule.split(".")[0])
        return base + url if url else ""

    ctx = {"env": templating.current(), "card": card, "clause_url": clause_url}

    def draw(b: Block) -> str:
        try:
            data = yaml.safe_load(b.body)
            if b.lang == "troccas-example":
                html = render_example(data, ctx)
            else:
                html = render_exercise(data, ctx, b.lang)
        except yaml.YAMLError as exc:
            raise BuildError(f"{src}:{b.line}: {b.lang}: not valid YAML: "
                             f"{str(exc).splitlines()[0]}") from None
        except ExampleError as exc:
            raise BuildError(f"{src}:{b.line}: {b.lang}: {exc}") from None
        except Exception as exc:  # a template bug: one line naming the example
            raise BuildError(f"{src}:{b.line}: {b.lang}: {type(exc).__name__}: {exc}") \
                from None
        return "\n".join(line.lstrip() for line in html.splitlines() if line.strip())

    return replace_blocks(markdown, ("troccas-example", "troccas-exercise"), draw,
                          between=lambda text, line: _macros(text, src, line, strict_macros),
                          first_line=offset + 1)


def _macros(text: str, src: str, line: int, strict: bool) -> str:
    """The figure macros of a stretch of page text that starts on ``line``."""
    if "{{" not in text:
        return text
    codes: list[str] = []

    def hide(m):
        codes.append(m.group(0))
        return f"\x00{len(codes) - 1}\x00"

    hidden = INLINE_CODE_RE.sub(hide, text)

    def sub(m):
        fn = m.group("fn")
        if fn not in MACROS:
            if strict:
                at = line + hidden.count("\n", 0, m.start())
                raise BuildError(f"{src}:{at}: '{{{{ {fn}(…) }}}}' is not a figure the"
                                 f" engine gives; use one of {', '.join(sorted(MACROS))}")
            return m.group(0)
        try:
            return run_macro(fn, m.group("args"))
        except ExampleError as exc:
            at = line + hidden.count("\n", 0, m.start())
            raise BuildError(f"{src}:{at}: {exc}") from None

    done = MACRO_RE.sub(sub, hidden)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], done)
