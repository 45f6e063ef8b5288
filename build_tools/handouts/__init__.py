"""Printable handouts (PDF): a one-page rules summary, a glossary sheet, puzzle worksheets, and
for a teacher a score pad and a card-value poster.

    handouts.build(site / "handouts")          every handout the site offers (SITE_SHEETS)
    handouts.worksheet("count", 7, 10, out)    one worksheet: puzzles seed 7 … 16 and a key

HTML from the Jinja2 templates in ``templates/`` with the site's stylesheet, data from the
engine and the glossary (``content.py``), PDF from headless Chromium (``pdf.py``). A PDF whose
HTML has not changed since the last build is copied from ``build/handouts-cache/`` instead of
rendered again, so a rebuild starts no browser unless a handout changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

from jinja2 import Environment

from build_tools import templating
from build_tools.worksheets import sheets as sheets_mod

from . import content
from .pdf import HandoutError, Renderer, write_atomic

__all__ = ["HandoutError", "SITE_SHEETS", "Handout", "site_handouts", "build", "worksheet",
           "worksheet_html", "summary_html", "glossary_html", "scorepad_html", "poster_html",
           "render_all"]

HERE = Path(__file__).resolve().parent
TEMPLATES = templating.TEMPLATES / "handouts"
# The site's stylesheets, in the order a page has them: Troccas's, then the generator's.
SITE_CSS = (content.ROOT / "docs" / "assets" / "css" / "troccas.css",
            content.ROOT / "build_tools" / "static" / "css" / "cardsite.css")


def _site_css() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SITE_CSS if p.is_file())
CACHE = content.ROOT / "build" / "handouts-cache"

# The worksheets the Handouts page offers, pre-built: (seed, number of puzzles) for each kind.
SITE_SHEETS = ((1, 6), (101, 6))


def _env() -> Environment:
    """The generator's environment (build_tools/templating.py), with the handouts' filter."""
    return templating.extend(templating.current(), filters=sheets_mod.FILTERS)


def _t(key: str, **params) -> str:
    """A word of the handouts in the language of the build under way."""
    from build_tools.words import current
    return current().t(key, **params)


def language() -> str:
    from build_tools.words import current
    return current().language


def _render(template: str, handout: str, ctx: dict) -> str:
    css = _site_css()
    return _env().get_template(template).render(
        handout=handout, site_css=css,
        handout_css=(TEMPLATES / "handouts.css").read_text(encoding="utf-8"), **ctx)


def summary_html() -> str:
    return _render("handouts/summary.html.j2", "summary", content.summary())


def glossary_html() -> str:
    return _render("handouts/glossary.html.j2", "glossary", content.glossary_sheet())


def scorepad_html() -> str:
    return _render("handouts/scorepad.html.j2", "scorepad", content.scorepad())


def poster_html() -> str:
    return _render("handouts/poster.html.j2", "poster", content.poster())


def worksheet_html(kinds, seed: int, count: int, sheets: int = 1, keys: str = "after") -> str:
    """Worksheets as one document (build_tools/worksheets/sheets.py; the browser's maker prints
    the same fragment). Raises SheetError or the engine's PuzzleError on a bad request."""
    data = content.worksheets(kinds, seed, count, sheets)
    css = "\n".join((TEMPLATES / name).read_text(encoding="utf-8")
                    for name in ("handouts.css", "worksheet.css"))
    return sheets_mod.environment(_env()).get_template(sheets_mod.DOCUMENT_TEMPLATE).render(
        handout="worksheet", site_css=_site_css(), handout_css=css, sheets=data, card=content.card,
        keys=sheets_mod.check_keys(keys), title=sheets_mod.title(data))


@dataclass(frozen=True)
class Handout:
    file: str           # name in site/handouts/
    title: str
    html: Callable[[], str]
    kind: str = ""      # puzzle kind, for worksheets
    seed: int = 0
    count: int = 0

    @property
    def footer(self) -> str:
        return _t("handouts.footer", title=self.title)


def site_handouts() -> list[Handout]:
    """Every handout the site offers, titled in the language of the build under way (the
    files have the same names in every edition)."""
    out = [Handout("troccas-rules-summary.pdf", _t("handouts.title_summary"), summary_html),
           Handout("troccas-glossary.pdf", _t("handouts.title_glossary"), glossary_html),
           Handout("troccas-score-pad.pdf", _t("handouts.title_scorepad"), scorepad_html),
           Handout("troccas-card-values-poster.pdf", _t("handouts.title_poster"), poster_html)]
    titles = sheets_mod.titles()
    for kind in content.KINDS:
        for seed, count in SITE_SHEETS:
            out.append(Handout(f"worksheet-{kind}-seed{seed}.pdf",
                               _t("handouts.title_worksheet", kind=titles[kind], seed=seed),
                               partial(worksheet_html, kind, seed, count),
                               kind, seed, count))
    return out


def render_all(cache: Path = CACHE, *, log: Callable[[str], None] = lambda s: None
               ) -> dict[str, Path]:
    """Every site handout as a PDF in ``cache`` (named by a hash of its HTML); returns
    {file name in site/handouts/: PDF}. Only handouts whose HTML changed are rendered."""
    cache = Path(cache)
    found, todo = {}, []
    # Each edition's PDFs have names of their own in the cache, so that building one edition
    # does not throw away the other's.
    lang = language()
    stem = (lambda h: Path(h.file).stem) if lang == "en" else \
        (lambda h: f"{Path(h.file).stem}.{lang}")
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
    from troccas.errors import TroccasError
    try:
        html = worksheet_html(kinds, seed, count, sheets, keys)
        title = sheets_mod.title(content.worksheets(kinds, seed, count, sheets))
    except sheets_mod.SheetError as exc:
        raise HandoutError(str(exc)) from None
    except TroccasError as exc:
        raise HandoutError(exc.message) from None
    with Renderer() as r:
        return r.pdf(html, Path(out), footer=_t("handouts.footer", title=title))
