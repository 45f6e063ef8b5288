"""Printable handouts (PDF) for any game: the handouts the game has, and puzzle worksheets with
their answer keys.

    handouts.build(site / "handouts")          every handout the site offers
    handouts.worksheet("count", 7, 10, out)    one worksheet: puzzles seed 7 … 16 and a key

What a game has is its own ``build_tools/games/<game>/handouts.py``:

* ``HANDOUTS`` — its handouts: (file in site/handouts/, title's key in the handouts words,
  template, context()) — the template (``handouts/<name>.html.j2``, in the game's templates
  folder) extends ``handouts/base.html.j2`` and gets the context's names;
* ``WORKSHEETS`` — the pre-made worksheets its Handouts page offers: (kinds, first seed,
  puzzles a sheet), kinds as ``worksheet`` takes them ("count" or "trick,hand");
* ``CSS`` — its site's stylesheets the handouts print with, before the generator's own;
* ``card(token)`` — a card's picture, inline (a handout fetches nothing).

HTML from the Jinja2 templates with the site's stylesheets, the puzzles and answers from the
game's engine (build_tools/worksheets/sheets.py), PDF from headless Chromium (``pdf.py``). A
PDF whose HTML has not changed since the last build is copied from ``build/handouts-cache/``
instead of rendered again, so a rebuild starts no browser unless a handout changed.
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Callable

from jinja2 import ChoiceLoader, Environment, FileSystemLoader

from build_tools import site_code, templating
from build_tools.worksheets import sheets as sheets_mod

from .pdf import HandoutError, Renderer, write_atomic

__all__ = ["HandoutError", "Handout", "game_handouts", "site_handouts", "build", "worksheet",
           "worksheet_html", "render_all", "with_game_templates"]

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = templating.TEMPLATES / "handouts"
# The generator's stylesheet, after the game's own (a page has them in that order).
CARDSITE_CSS = ROOT / "build_tools" / "static" / "css" / "cardsite.css"
CACHE = ROOT / "build" / "handouts-cache"


def game_handouts(game: str | None = None) -> ModuleType:
    """The game's handouts declaration, build_tools/games/<game>/handouts.py."""
    name = game or sheets_mod.game()
    try:
        return importlib.import_module(f"{site_code.module_name(name)}.handouts")
    except ModuleNotFoundError as exc:
        if exc.name != f"{site_code.module_name(name)}.handouts":
            raise
        raise HandoutError(f"build_tools/games/{name}/handouts.py is missing: a game with the"
                           f" handouts part says there which handouts it has") from None


def with_game_templates(env: Environment, game: str | None = None) -> Environment:
    """``env`` finding the game's own templates (build_tools/games/<game>/templates/) after
    the theme's and the generator's, once."""
    folder = str(site_code.folder(game or sheets_mod.game()) / "templates")

    def paths(loader) -> list[str]:
        if isinstance(loader, ChoiceLoader):
            return [p for sub in loader.loaders for p in paths(sub)]
        return [str(p) for p in getattr(loader, "searchpath", [])]
    if env.loader is None:
        env.loader = FileSystemLoader(folder)
    elif folder not in paths(env.loader):
        env.loader = ChoiceLoader([env.loader, FileSystemLoader(folder)])
    return env


def _site_css() -> str:
    files = (*game_handouts().CSS, CARDSITE_CSS)
    return "\n".join(Path(p).read_text(encoding="utf-8") for p in files if Path(p).is_file())


def _env() -> Environment:
    """The generator's environment (build_tools/templating.py), with the game's templates and
    the sheets' filters."""
    return templating.extend(with_game_templates(templating.current()),
                             filters=sheets_mod.FILTERS)


def _t(key: str, **params) -> str:
    """A word of the handouts in the language of the build under way."""
    from build_tools.words import current
    return current().t(key, **params)


def language() -> str:
    from build_tools.words import current
    return current().language


def _render(template: str, context: Callable[[], dict]) -> str:
    handout = Path(template).name.split(".")[0]
    return _env().get_template(template).render(
        handout=handout, site_css=_site_css(),
        handout_css=(TEMPLATES / "handouts.css").read_text(encoding="utf-8"), **context())


def _label(token: str) -> str:
    return site_code.load(sheets_mod.game()).card_label(token)


def worksheet_html(kinds, seed: int, count: int, sheets: int = 1, keys: str = "after") -> str:
    """Worksheets as one document (build_tools/worksheets/sheets.py; the browser's maker prints
    the same fragment). Raises SheetError or the engine's error on a bad request."""
    data = sheets_mod.class_set(kinds, seed, count, sheets)
    css = "\n".join((TEMPLATES / name).read_text(encoding="utf-8")
                    for name in ("handouts.css", "worksheet.css"))
    return sheets_mod.environment(_env()).get_template(sheets_mod.DOCUMENT_TEMPLATE).render(
        handout="worksheet", site_css=_site_css(), handout_css=css, sheets=data,
        card=game_handouts().card, label=_label, keys=sheets_mod.check_keys(keys),
        title=sheets_mod.title(data), game_name=_t("handouts.game_name"))


@dataclass(frozen=True)
class Handout:
    file: str           # name in site/handouts/
    title: str
    html: Callable[[], str]
    kind: str = ""      # a worksheet's kinds, as `worksheet` takes them ("count,legal")
    seed: int = 0
    count: int = 0

    @property
    def footer(self) -> str:
        return footer(self.title)


def _sheet_name(kinds: str) -> str:
    titles = sheets_mod.titles()
    return sheets_mod.sheet_name([titles[k] for k in sheets_mod.kinds_of(kinds)])


def footer(title: str) -> str:
    """A handout's footer: the game's name and the handout's title."""
    return _t("handouts.footer", game=_t("handouts.game_name"), title=title)


def site_handouts() -> list[Handout]:
    """Every handout the site offers, titled in the language of the build under way (the
    files have the same names in every edition): the game's own, then its worksheets."""
    own = game_handouts()
    out = [Handout(file, _t(f"handouts.{title}"), partial(_render, template, context))
           for file, title, template, context in own.HANDOUTS]
    for kinds, seed, count in own.WORKSHEETS:
        out.append(Handout(f"worksheet-{kinds.replace(',', '-')}-seed{seed}.pdf",
                           _t("handouts.title_worksheet", kind=_sheet_name(kinds), seed=seed),
                           partial(worksheet_html, kinds, seed, count), kinds, seed, count))
    return out


def render_all(cache: Path = CACHE, *, log: Callable[[str], None] = lambda s: None
               ) -> dict[str, Path]:
    """Every site handout as a PDF in ``cache`` (named by a hash of its HTML); returns
    {file name in site/handouts/: PDF}. Only handouts whose HTML changed are rendered."""
    cache = Path(cache)
    found, todo = {}, []
    # Each game's and each edition's PDFs have names of their own in the cache, so that
    # building one does not throw away another's.
    lang, game = language(), sheets_mod.game()
    suffix = "" if lang == "en" else f".{lang}"
    prefix = "" if game == templating.root_game() else f"{game}."

    def stem(h: Handout) -> str:
        return f"{prefix}{Path(h.file).stem}{suffix}"
    page_of = _t("handouts.page_of", page="N", pages="M")  # the footer's other words
    for h in site_handouts():
        html = h.html()
        key = hashlib.sha256((h.footer + "\0" + page_of + "\0" + html).encode()).hexdigest()[:24]
        pdf = cache / f"{stem(h)}-{key}.pdf"
        found[h.file] = pdf
        if not pdf.is_file():
            todo.append((h, html, pdf))
    if todo:
        cache.mkdir(parents=True, exist_ok=True)
        with Renderer() as r:
            for h, html, pdf in todo:
                for old in cache.glob(f"{stem(h)}-*.pdf"):
                    old.unlink()
                r.pdf(html, pdf, footer=h.footer)
    log(f"handouts: {len(todo)} PDF(s) rendered, {len(found) - len(todo)} unchanged")
    return found


def build(out_dir: Path, *, cache: Path = CACHE, log: Callable[[str], None] = lambda s: None
          ) -> list[Path]:
    """Writes every site handout into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = []
    for name, pdf in render_all(cache, log=log).items():
        write_atomic(out_dir / name, pdf.read_bytes())
        out.append(out_dir / name)
    return out


def worksheet(kinds, seed: int, count: int, out: Path, sheets: int = 1,
              keys: str = "after") -> Path:
    """Worksheet PDF: ``sheets`` sheets of ``count`` puzzles of ``kinds`` ("count" or
    "count,legal") from ``seed`` on, each with its answer key."""
    from cardgame.errors import GameError
    try:
        html = worksheet_html(kinds, seed, count, sheets, keys)
        title = sheets_mod.title(sheets_mod.class_set(kinds, seed, count, sheets))
    except sheets_mod.SheetError as exc:
        raise HandoutError(str(exc)) from None
    except GameError as exc:
        raise HandoutError(exc.message) from None
    with Renderer() as r:
        return r.pdf(html, Path(out), footer=footer(title))
