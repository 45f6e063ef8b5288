"""Puzzle worksheets: which puzzles each sheet of a class set holds, its answer key in a
teacher's words, and its HTML — the same code for the command line, the build and the browser.

    specs = plan("count,legal", seed=7, count=6, sheets=12)     # what each sheet holds
    data = [sheet(s, n, len(specs)) for n, s in enumerate(specs, 1)]  # the engine's puzzles
    html = render_sheets(env, data, card=card)                  # handouts/_sheets.html.j2

A sheet of one kind holds that kind's puzzles of seeds N, N+1, …; a sheet of several kinds
shares its puzzles out among them (the first kinds get one more when they do not divide evenly)
and gives each kind seeds N, N+1, … A class set gives every learner the next seeds, so no two
sheets share a puzzle. Every answer and every sentence of the key is the engine's (its steps,
rendered from its message catalogue); this module only decides where each is printed: a
sentence that every puzzle of a kind shares is said once for the kind, and one already said on
the sheet is not said again ("as in puzzle 2").

Every game's: the puzzles are its engine's (``<game>.puzzles.REGISTRY``, the puzzle-kind
protocol of cardgame.puzzles, and the facade ``<game>.api``); what only a game knows is its own
``build_tools/games/<game>/worksheets.py`` (kinds of its own beside the engine's puzzle kinds, the
site page each puzzle can be opened at) and ``templates/worksheets/situation.html`` (a puzzle's
situation drawn on a sheet).

The browser's Python imports this module (``browser_render``), so it imports no MkDocs, YAML or
glossary code; the engine is imported where it is called.
"""

from __future__ import annotations

import importlib
import json
from html import escape
from types import ModuleType, SimpleNamespace
from typing import Any, Callable, Iterable

from jinja2 import pass_context

from build_tools import templating

MAX_PUZZLES = 50   # a sheet
MAX_SHEETS = 40    # a class set
KEYS = ("after", "end")  # each key after its sheet, or every key after the last sheet
SHEETS_TEMPLATE = "handouts/_sheets.html.j2"
# The game's part of the sheets (build_tools/games/<game>/templates/): a puzzle's situation.
GAME_TEMPLATE = "worksheets/situation.html"
DOCUMENT_TEMPLATE = "handouts/worksheet.html.j2"
CSS = "handouts/worksheet.css"


# The words of the sheets in use: the build's (build_tools/words.py), or, while the browser's
# maker draws sheets, the ones it sent with its request (browser_render); and the game (the
# build's or the command's, or the one the maker names).
_in_browser: list = [None]
_browser_game: list = [None]


def game() -> str:
    """The game whose sheets are drawn: the maker's, else the build's (or the command's), else
    the root site's."""
    if _browser_game[0]:
        return _browser_game[0]
    from build_tools.words import game as building
    return building() or templating.root_game()


def facade(name: str | None = None) -> ModuleType:
    """The game's facade, ``<game>.api``: every puzzle and answer of a sheet is its."""
    return importlib.import_module(f"{name or game()}.api")


def registry(name: str | None = None):
    """The game's puzzle kinds (cardgame.puzzles.PuzzleKinds, ``<game>.puzzles.REGISTRY``)."""
    return importlib.import_module(f"{name or game()}.puzzles").REGISTRY


# What a game's worksheets.py may leave out.
_DEFAULTS = SimpleNamespace(
    # Kinds a sheet can hold besides the engine's puzzle kinds: name -> make(seed), a puzzle
    # as the facade's "puzzle" call gives it, with its answer (title: worksheets.kind_<name>).
    EXTRA_KINDS={},
    # Templates its situation template imports besides the puzzle widget's, shipped to the
    # browser's maker with it.
    TEMPLATES=(),
    # The site page that shows the same puzzle, site-relative.
    PUZZLE_URL="puzzles/{kind}/?seed={seed}", EXTRA_URLS={})


def game_sheets(name: str | None = None):
    """The game's own part of the sheets (build_tools/games/<game>/worksheets.py), or the
    defaults."""
    try:
        from build_tools.site_code import module_name
    except ImportError:  # the browser's Python: render_zip ships it as build_tools/games/<game>/
        def module_name(game: str) -> str:
            return f"build_tools.games.{game}"
    module = f"{module_name(name or game())}.worksheets"
    try:
        own = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name not in (module, module.rpartition(".")[0]):
            raise
        return _DEFAULTS
    return SimpleNamespace(**{k: getattr(own, k, v) for k, v in vars(_DEFAULTS).items()})


def said():
    """The site's words the sheets are said in (build_tools/messages/<language>/worksheets.yaml)."""
    if _in_browser[0] is not None:
        return _in_browser[0]
    from build_tools.words import current
    return current()


def _t(key: str, **params) -> str:
    return said().t(key, **params)


@pass_context
def _seat_label(context, play) -> str:
    """A trick's card labelled with who played it, in the template's own words."""
    return context.resolve("t")("worksheets.seat", seat=play[0])


_codes: dict = {}


def card_code(value):
    """A card token (or a list of them) as the reader's language writes it, by the engine's
    pack ("Kk" for "Kc" in German; a game whose pack has no ``code`` writes its tokens): every
    page, sheet and handout shows cards by these codes; the data keeps the tokens."""
    from cardgame.messages import current_language
    key = (game(), current_language())
    if key not in _codes:
        _codes[key] = {c["token"]: c.get("code", c["token"])
                       for c in facade(key[0]).call("pack")["cards"]}
    codes = _codes[key]
    if isinstance(value, (list, tuple)):
        return [codes.get(v, v) for v in value]
    return codes.get(value, value)


# The templates' own filters.
FILTERS: dict[str, Callable[..., Any]] = {"seat_label": _seat_label, "code": card_code}


def environment(env):
    """``env`` with the sheets' filter (the build's environment, or the browser's)."""
    return templating.extend(env, filters=FILTERS)


class SheetError(ValueError):
    """One line for the reader: which value is wrong and what would be right."""


def titles() -> dict:
    """Each kind's title in the sheets' language: the site's words for it where they have
    them (puzzles.yaml, ``kind_<kind>``), else the engine's (``puzzle.title.<kind>``); a kind
    of the game's own, ``worksheets.kind_<kind>``."""
    said_now, kinds = said(), registry()
    out = {k: _t(f"puzzles.kind_{k}") if f"puzzles.kind_{k}" in said_now.entries
           else kinds.title(k) for k in kinds.names}
    return {**out, **{k: _t(f"worksheets.kind_{k}") for k in game_sheets().EXTRA_KINDS}}


def all_kinds(name: str | None = None) -> tuple:
    """The kinds a sheet can hold: the engine's puzzle kinds, then the game's own."""
    return (*registry(name).names, *game_sheets(name).EXTRA_KINDS)


def puzzle_url(kind: str, seed: int) -> str:
    """Site-relative URL of the page that shows the same puzzle."""
    own = game_sheets()
    return own.EXTRA_URLS.get(kind, own.PUZZLE_URL).format(kind=kind, seed=seed)


def kinds_of(value: str | Iterable[str]) -> list[str]:
    """The kinds asked for ("count,legal" or a list), in the engine's order, each once. An
    unknown kind is refused by the engine (its message names the kinds)."""
    from cardgame.messages import quote

    items = value.split(",") if isinstance(value, str) else [str(v) for v in value]
    asked = [v.strip() for v in items if v.strip()]
    kinds = all_kinds()
    if not asked:
        raise SheetError(_t("worksheets.error_no_kind"))
    for k in asked:
        if k not in kinds:  # the engine's words, naming every kind a sheet can hold
            engine = registry()
            raise engine.error(engine.msg("puzzle#kind", value=quote(k), kinds=list(kinds),
                                          field="kind"))
    return [k for k in kinds if k in asked]


def _whole(value, low: int, high: int | None, what: str) -> int:
    text = "" if value is None or isinstance(value, bool) else str(value).strip()
    try:
        n = int(text)
    except ValueError:
        n = None
    if n is None or n < low or (high is not None and n > high):
        given = text if n is not None else _t("worksheets.given_text", text=text) if text \
            else _t("worksheets.given_nothing")
        what = _t(f"worksheets.what_{what}")
        if high is None:
            raise SheetError(_t("worksheets.error_whole_from", what=what, low=low, given=given))
        raise SheetError(_t("worksheets.error_whole", what=what, low=low, high=high, given=given))
    return n


def plan(kinds, seed, count, sheets=1) -> list[dict]:
    """What each sheet holds: {"seed": its first seed, "puzzles": [(kind, seed), …]}."""
    kinds = kinds_of(kinds)
    count = _whole(count, 1, MAX_PUZZLES, "count")
    sheets = _whole(sheets, 1, MAX_SHEETS, "sheets")
    seed = _whole(seed, 0, None, "seed")
    if count < len(kinds):
        raise SheetError(_t("worksheets.error_too_few", n=len(kinds), count=count))
    per = [count // len(kinds) + (i < count % len(kinds)) for i in range(len(kinds))]
    stride = max(per)  # the seeds of each kind one sheet uses
    return [{"seed": seed + j * stride,
             "puzzles": [(kind, seed + j * stride + i) for kind, n in zip(kinds, per)
                         for i in range(n)]}
            for j in range(sheets)]


def answer_text(p: dict) -> str:
    """The engine's answer as the key prints it."""
    if p.get("answer_text"):  # the engine says it (a scart; several right cards)
        return p["answer_text"]
    a = p["answer"]
    if isinstance(a, list):
        return " ".join(card_code(a))
    if p["answer_type"] == "number":  # a kind's unit, where the game's words give one
        unit = f"worksheets.answer_{p['kind']}"
        return _t(unit, n=a) if unit in said().entries else str(a)
    if a in p.get("choices", ()):  # a word the question offers ('keep', 'none')
        return choice_word(a, p)
    return str(card_code(a))


def choice_word(choice: str, p: dict | None = None) -> str:
    """One of the words a puzzle's question offers besides cards, as the sheets say it: the
    engine's where it words them (the puzzle's ``labels``), else the site's."""
    labels = (p or {}).get("labels") or {}
    if choice in labels:
        text = labels[choice]
        return text[:1].upper() + text[1:]
    return _t(f"worksheets.choice_{choice}")


def _key(puzzles: list[dict]) -> list[dict]:
    """The key's sections, one a kind. A step that states a rule and names nothing of its
    puzzle (the engine's ``rule_steps``) is said once: for the whole kind ("common") if every
    puzzle of the kind has it, else with the first puzzle that has it — later ones point there
    ("as_in"). Every other step is its own puzzle's working and always printed ("lines"), even
    where two puzzles happen to word a line alike (two totals of 5 + 4)."""
    TITLES = titles()
    sections: list[dict] = []
    said: dict[str, int] = {}  # a rule step: the number of the puzzle that says it
    for kind in dict.fromkeys(p["kind"] for p in puzzles):
        ps = [p for p in puzzles if p["kind"] == kind]
        common = [s for s in ps[0]["rule_steps"]
                  if len(ps) > 1 and all(s in q["rule_steps"] for q in ps[1:])]
        for p in ps:
            p["lines"], before = [], []
            for s in p["steps"]:
                if s in common:
                    continue
                if s in p["rule_steps"] and s in said:
                    before.append(said[s])
                    continue
                if s in p["rule_steps"]:
                    said[s] = p["n"]
                p["lines"].append(s)
            p["as_in"] = sorted(set(before))
        sections.append({"kind": kind, "title": TITLES[kind], "first": ps[0]["n"],
                         "last": ps[-1]["n"], "common": common, "puzzles": ps})
    return sections


def sheet(spec: dict, number: int = 1, of: int = 1) -> dict:
    """One sheet's context for the template: its puzzles as the engine sets them, with the
    engine's answers and steps, and its key."""
    api = facade()
    TITLES = titles()
    extra = game_sheets().EXTRA_KINDS

    puzzles = []
    for n, (kind, seed) in enumerate(spec["puzzles"], 1):
        p = extra[kind](seed) if kind in extra else \
            api.call("puzzle", kind=kind, seed=seed, answer=True)
        p.update(n=n, seed=seed, url=puzzle_url(kind, seed), answer_text=answer_text(p),
                 players=p["situation"].get("players"),
                 choice_words=[choice_word(c, p) for c in p.get("choices", ())])
        if kind not in extra:  # the kind's title in the sheets' words
            p["title"] = TITLES[kind]
        puzzles.append(p)
    kinds = list(dict.fromkeys(p["kind"] for p in puzzles))
    seeds = {k: [p["seed"] for p in puzzles if p["kind"] == k] for k in kinds}
    names = [TITLES[k] for k in kinds]
    return {"number": number, "of": of, "seed": spec["seed"], "kinds": kinds,
            "titles": names,
            "name": sheet_name(names),
            "seed_spans": [{"kind": k, "title": TITLES[k], "first": s[0], "last": s[-1]}
                           for k, s in seeds.items()],
            "puzzles": puzzles, "key": _key(puzzles),
            # Say how many play at each table only where the sheet mixes tables.
            "mixed_players": len({p["players"] for p in puzzles if p["players"]}) > 1}


def sheet_name(titles: list[str]) -> str:
    """What a sheet of these kinds is called: "Counting", "Counting and Legal plays", or
    "mixed puzzles" for more."""
    return _t("worksheets.and").join(titles) if len(titles) <= 2 else _t("worksheets.mixed")


def class_set(kinds, seed, count, sheets=1) -> list[dict]:
    specs = plan(kinds, seed, count, sheets)
    return [sheet(s, n, len(specs)) for n, s in enumerate(specs, 1)]


def check_keys(keys: str) -> str:
    if keys not in KEYS:
        raise SheetError(_t("worksheets.error_keys", keys=repr(keys)))
    return keys


def render_sheets(env, sheets: list[dict], *, card: Callable[..., str],
                  label: Callable[[str], str] = str, keys: str = "after") -> str:
    """The sheets (and their keys) as one HTML fragment: a <div class="ho-sheets">.
    ``card(token)``: a card's picture; ``label(token)``: its name (the game's situation
    template may say it)."""
    return env.get_template(SHEETS_TEMPLATE).render(sheets=sheets, card=card, label=label,
                                                    keys=check_keys(keys))


def title(sheets: list[dict]) -> str:
    """What the set is called (the PDF's footer and title)."""
    first = sheets[0]
    what = first["name"]
    seeds = (_t("worksheets.title_seed", seed=first["seed"]) if len(sheets) == 1 else
             _t("worksheets.title_seeds", n=len(sheets), first=first["seed"],
                last=sheets[-1]["seed"]))
    return _t("worksheets.title", what=what, seeds=seeds)


# --- the browser ------------------------------------------------------------------------------
_browser: dict = {}


def browser_card(base: str, labels: dict) -> Callable[[str], str]:
    """A card in the browser: the site's own picture of it (the build drew cards/*.svg with the
    same code as the PDF's inline pictures), loaded at once so the sheets can be printed."""
    def card(token: str, **_drawn) -> str:
        return (f'<img class="ho-card__img" src="{escape(base, quote=True)}cards/{token}.svg"'
                f' alt="{escape(labels.get(token, token), quote=True)}" width="55" height="100">')
    return card


class _Shipped:
    """The words the maker sent, where the browser's Python has no build_tools.words (the
    site's Python zip holds only what the practice puzzles and the sheets import): the same
    t() as build_tools.words.Words, for the keys given."""

    def __init__(self, language: str, entries: dict) -> None:
        self.language, self.entries = language, dict(entries)

    def t(self, key: str, **params) -> str:
        text = self.entries[key]
        if isinstance(text, dict):  # a plural: by the language's rule, shipped with the words
            from cardgame.plural import choose, plural_rule
            text = choose(text, plural_rule(self.entries["@plural"])(params["n"]))
        return text.format(**params) if params or "{" in text else text


def _browser_words(request: dict):
    """The words the maker sent (build_tools/parts/worksheets.py ships them in render.json, in
    the build's language); without them, the engine's default language's."""
    from cardgame.messages import DEFAULT_LANGUAGE
    language = request.get("language") or DEFAULT_LANGUAGE
    try:
        from build_tools.words import Words, words
    except ImportError:
        return _Shipped(language, request["words"])
    if request.get("words") is None:
        return words(language)
    return Words(language, request["words"])


def _browser_env(templates: dict, said):
    """The browser's environment for these templates, made once (later calls reuse it and the
    templates it compiled)."""
    from jinja2 import DictLoader

    key = json.dumps([templates, said.language, said.entries], sort_keys=True)
    if _browser.get("key") != key:
        _browser.update(key=key, env=environment(templating.environment(
            loader=DictLoader(templates), words=said)))
    return _browser["env"]


def browser_prepare(request_json: str) -> str:
    """Imports Jinja and the engine's puzzles and compiles the templates while the teacher
    fills in the form, so the first sheets come at once: measured in Chromium here, unpacking
    the zip, importing Jinja and compiling the templates took some 3-4 s of the first call,
    against about a second for a class set of 12 sheets of 6 puzzles."""
    request = json.loads(request_json)
    facade(request.get("game"))
    registry(request.get("game"))
    game_sheets(request.get("game"))
    env = _browser_env(request["templates"], _browser_words(request))
    for name in env.list_templates():
        env.get_template(name)
    return "ready"


def browser_render(request_json: str) -> str:
    """The worksheet maker's entry point (the worker's "site" call). ``request_json``:
    {"templates": {name: source}, "labels": {token: name}, "base": "../../", "kinds": [...],
    "seed": …, "count": …, "sheets": …, "keys": "after"|"end"} — the numbers as the reader typed
    them. Returns JSON: {"html": …, "seeds": [each sheet's seed], "title": …} or {"error": one
    line}."""
    from cardgame.errors import GameError

    request = json.loads(request_json)
    words = _browser_words(request)
    env = _browser_env(request["templates"], words)
    _in_browser[0] = words
    _browser_game[0] = request.get("game")
    try:
        try:
            keys = check_keys(request.get("keys", "after"))
            sheets = class_set(request.get("kinds") or [], request.get("seed"),
                               request.get("count"), request.get("sheets"))
        except SheetError as exc:
            return json.dumps({"error": str(exc)}, ensure_ascii=False)
        except GameError as exc:
            return json.dumps({"error": exc.message}, ensure_ascii=False)
        labels = request["labels"]
        html = render_sheets(env, sheets, keys=keys, card=browser_card(request["base"], labels),
                             label=lambda token: labels.get(token, token))
        return json.dumps({"html": html, "seeds": [s["seed"] for s in sheets],
                           "title": title(sheets)}, ensure_ascii=False)
    finally:
        _in_browser[0] = _browser_game[0] = None


def browser_files(env, said=None) -> dict:
    """What the build ships for the maker: its templates as this build resolves them (theme
    overrides included), the stylesheets the sheets print with, and the words they are said in
    (``said``, the build's unless given: the sheets' own and the kinds' titles)."""
    names = (SHEETS_TEMPLATE, "handouts/_cards.html.j2", GAME_TEMPLATE,
             *game_sheets().TEMPLATES)
    source = {n: env.loader.get_source(env, n)[0] for n in names}
    css = [env.loader.get_source(env, n)[0] for n in ("handouts/handouts.css", CSS)]
    if said is None:
        from build_tools.words import current
        said = current()
    words = said.subset("worksheets.", "puzzles.kind_")
    return {"templates": source, "css": "\n".join(css), "language": said.language,
            "words": words, "game": game()}
