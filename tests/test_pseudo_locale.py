"""A language is files: a third one, a pseudo-locale, builds the Troccas site end to end.

The test writes the pseudo-locale ``en-XA`` as files in a temporary folder — the site's words
(``<area>.yaml``, the game's own in ``troccas/<area>.yaml``) and the engine's catalogue
(``troccas.json``), every English message with its
letters accented and bracketed ``⟦…⟧``, its {fields} and plural forms kept — and a copy of the
English pages, then runs ``mkdocs build --strict`` with the plugin's ``language: en-XA`` and
``catalogues:`` pointing at that folder. No code and no schema of the generator or the engine is
touched for it: if one named a language, the build would fail or a page would show English
where a message belongs.

Every page must come out with pseudo text (the site's words: its footer, its headings and
labels; the engine's: card names and explanations), and a missing key stops the build (one
line naming the file and the key), so a build that passes has none.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
LANGUAGE = "en-XA"
GAME = "troccas"
OPEN, CLOSE = "⟦", "⟧"
_ACCENTS = str.maketrans("aeiouyAEIOUYcnCN", "àéîöûýÀÉÎÖÛÝçñÇÑ")
# What a message holds that is not words: {fields}, HTML tags and entities, a Markdown link's
# address. They stay as they are.
_KEEP = re.compile(r"(\{\{|\}\}|\{[^{}]*\}|<[^>]*>|&#?\w+;|\]\([^)]*\))")
# Engine entries that are notation or grammar, not words: kept, as a translator would.
_NOT_WORDS = {"@plural", "card.code", "card.gender"}


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: letters accented, bracketed, everything else kept."""
    parts = _KEEP.split(text)
    said = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    if not any(c.isalpha() for i, p in enumerate(parts) if not i % 2 for c in p):
        return text  # only fields or punctuation: nothing to say differently
    lead = said[:len(said) - len(said.lstrip())]
    trail = said[len(said.rstrip()):]
    return f"{lead}{OPEN}{said.strip()}{CLOSE}{trail}"


def pseudo_value(value):
    if isinstance(value, str):
        return pseudo(value)
    if isinstance(value, dict):  # plural forms, grammatical cases: each form, same keys
        return {k: pseudo_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [pseudo_value(v) for v in value]
    return value


def test_pseudo_keeps_fields_tags_and_links():
    assert pseudo("{n} cards") == "⟦{n} çàrds⟧"
    assert pseudo('<a href="x">see</a> {x:.0}') == '⟦<a href="x">séé</a> {x:.0}⟧'
    assert pseudo("[the rules](../rules/) now") == "⟦[thé rûlés](../rules/) ñöw⟧"
    assert pseudo(" from {n} card.") == " ⟦fröm {n} çàrd.⟧"
    assert pseudo("{a}{b}") == "{a}{b}"


def write_pseudo_locale(folder: Path) -> Path:
    """The pseudo-locale's catalogues as files: ``folder/en-XA/``."""
    lang = folder / LANGUAGE
    lang.mkdir(parents=True)
    # The generator's words: lang/<area>.yaml
    for path in sorted((ROOT / "build_tools" / "messages" / "en").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        (lang / path.name).write_text(
            yaml.safe_dump({k: pseudo_value(v) for k, v in data.items()}, allow_unicode=True),
            encoding="utf-8")
    # the game's own site words (build_tools/games/<game>/messages/en/): lang/<game>/
    own = ROOT / "build_tools" / "games" / GAME / "messages" / "en"
    for path in sorted(own.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        (lang / GAME).mkdir(exist_ok=True)
        (lang / GAME / path.name).write_text(
            yaml.safe_dump({k: pseudo_value(v) for k, v in data.items()}, allow_unicode=True),
            encoding="utf-8")
    engine = json.loads((ROOT / "engine" / "src" / GAME / "messages" / "en.json")
                        .read_text(encoding="utf-8"))
    said = {k: (v if k in _NOT_WORDS else pseudo_value(v)) for k, v in engine.items()}
    (lang / f"{GAME}.json").write_text(json.dumps(said, ensure_ascii=False, indent=1),
                                       encoding="utf-8")
    return folder


def write_pseudo_glossary(folder: Path) -> Path:
    """The site's glossary data with our own glosses in the pseudo-locale too: a gloss has a
    text in each of the game's languages (the loader checks it), and a language's texts in the
    data are files like its words."""
    folder.mkdir(parents=True)
    for path in sorted((ROOT / "glossary").glob("*.yaml")):
        entries = yaml.safe_load(path.read_text(encoding="utf-8"))
        for entry in entries:
            if isinstance(entry.get("gloss"), dict) and "en" in entry["gloss"]:
                entry["gloss"][LANGUAGE] = pseudo(entry["gloss"]["en"])
        (folder / path.name).write_text(yaml.safe_dump(entries, allow_unicode=True,
                                                       sort_keys=False), encoding="utf-8")
    return folder


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.text.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(parser.text)


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory) -> Path:
    """The Troccas site built in the pseudo-locale from files in a temporary folder."""
    tmp = tmp_path_factory.mktemp("pseudo")
    catalogues = write_pseudo_locale(tmp / "catalogues")
    glossary = write_pseudo_glossary(tmp / "glossary")
    shutil.copytree(ROOT / "docs", tmp / "docs")
    base = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nplugins:")[0]
                          .split("\nsite_url:")[0])  # the plain part, before the !ENV tags
    config = {
        "INHERIT": str(ROOT / "mkdocs.yml"),
        "site_name": base["site_name"],
        "site_url": "http://127.0.0.1:8000/",
        "docs_dir": str(tmp / "docs"),
        "site_dir": str(tmp / "site"),
        "theme": {"custom_dir": str(ROOT / "overrides")},
        "plugins": [{"search": {}},
                    {"cardsite": {"game": GAME, "language": LANGUAGE,
                                  "catalogues": str(catalogues),
                                  "glossary": str(glossary),
                                  "puzzles": str(ROOT / "puzzles")}}],
    }
    (tmp / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                          str(tmp / "mkdocs.yml")], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=1200)
    assert run.returncode == 0, run.stderr[-3000:]
    return tmp / "site"


def test_the_pseudo_locale_is_only_files_outside_the_generator_and_the_engine(tmp_path):
    folder = write_pseudo_locale(tmp_path)
    names = sorted(p.name for p in (folder / LANGUAGE).iterdir())
    assert f"{GAME}.json" in names and "site.yaml" in names
    assert not (ROOT / "build_tools" / "messages" / LANGUAGE).exists()
    assert not (ROOT / "engine" / "src" / GAME / "messages" / f"{LANGUAGE}.json").exists()


def test_every_page_of_the_pseudo_locale_build_says_pseudo_text(pseudo_site):
    pages = sorted(p for p in pseudo_site.rglob("*.html") if "handouts" not in p.parts[-2:-1]
                   or p.name == "index.html")
    assert len(pages) >= 40
    english = []
    for page in pages:
        text = visible_text(page.read_text(encoding="utf-8"))
        if OPEN not in text:
            english.append(str(page.relative_to(pseudo_site)))
    assert not english, f"pages with no pseudo-locale text: {english}"


def test_the_engines_words_reach_the_pages_in_the_pseudo_locale(pseudo_site):
    """The card names and the explanations the build asks the engine for are the pseudo
    catalogue's (troccas.json in the folder), not the package's English."""
    text = visible_text((pseudo_site / "rules" / "play" / "index.html").read_text("utf-8"))
    assert "⟦" in text
    pack = (pseudo_site / "rules" / "cards" / "index.html").read_text("utf-8")
    # The engine says a card's name from its catalogue's pieces (the rank, "of", the suit),
    # each the pseudo catalogue's: "⟦⟦kîñg⟧ öf ⟦çûps⟧⟧" beside the card's Romansh name.
    assert f"il retg da cuppas — ⟦{pseudo('king')} öf {pseudo('cups')}⟧" in pack


def test_the_page_scripts_say_the_pseudo_locales_words(pseudo_site):
    source = (pseudo_site / "assets" / "js" / "cardsite.js").read_text(encoding="utf-8")
    assert 'Intl.PluralRules("en-XA")' in source
    assert re.search(r'"ready":\s*"⟦', source)
