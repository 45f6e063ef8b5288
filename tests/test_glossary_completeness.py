"""Every Romansh term found in the sources is in the glossary data.

The lists below were compiled by reading the three main sources (pagat, wiki-en, wiki-de; the
arcane sheet adds only "scartist", "scart" and "trocca") in ../shared/sources. Spelling
variants are listed separately, each under the source that writes it. Not listed: the Romansh
titles of publications the sources cite ("Turnier da Troccas a Savognin", "Cuorta
introducziun el giug da Troccas") and village names given only as a list of where the game is
played (Sedrun, Sumvitg, Dardin, Tavanasa, Rueun, Pigniu, Ilanz, Laax, Falera, Domat/Ems, Chur).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from build_tools.glossary import load_glossary  # noqa: E402
from build_tools.games.troccas.glossary import rm_forms  # noqa: E402

SOURCE_TERMS = {
    "pagat": [
        # the pack and the cards
        "il narr", "il retg", "la regina", "il cavagl", "il buob", "cuppas", "rosas", "spadas",
        "bastuns", "troccas", "catschar troccas", "ils honors", "igl juhe", "lecras", "lecra",
        "ina scartina",
        # trumps (pagat's spellings)
        "il bagat", "la gaglina", "la biua", "l'imperatura", "igl imperatur", "il da Cuoz",
        "il Diu fauls", "ils amurai", "il carr", "la Catrina en crotscha", "la stadera",
        "la giustia", "il pader", "la ventira", "la roda dalla fortuna", "la forza", "il pendiu",
        "la mort", "il aunghel", "la tempronza", "il giavel", "il da cornas", "il naucli",
        "il bab dallas femnas", "il tiaratriembel", "il cametg", "la Cadi", "la casa da Diu",
        "la claustra barschada", "las steilas", "la glina", "la sulegl", "la dertgira",
        "ils bluts", "ils bluts digl aug Rest", "la giuventetgna", "il mund", "la vacca",
        "la biala", "il min", "il miau", "la ferma",
        # the deal and the play
        "scartist", "scart", "liber", "buob", "buob, sche", "tschintschar", "dar cun autras",
        "cantar",
        # tschintschar
        "jeu sun da Medel", "duas da Medel", "tschéc da Medel", "gnanc tochen Sogn Gion",
        "ei va encunter Salvaplauna", "clavau dalla claustra", "dar da freid", "ina cuort",
        "ina famiglia", "ina napla", "mo in pèr da Tujetsch", "da Mustér", "ina flur",
        "in fluretg", "in fluretg nausch", "in tschéc fluretg", "in persul", "in miserabel",
        "strusch in", "ina femna", "in tec carn", "bi e bein in", "il narr bein", "il narr blut",
        "jeu gidel", "jeu tegn cun tei", "jeu sun cheu", "mia part bein", "jeu hai miu giug",
        "paset", "strusch mia part", "pli bugen autras", "in paletg", "tric e trac", "pas",
        "autras", "lavadas", "buca cheu", "vitas", "senza mei", "pasun", "aunc sis da quellas",
        "dai vinavon!", "jeu mirel", "jeu stun", "tuttas", "nus dein",
        # places the talk refers to
        "Medel", "Tujetsch", "Mustér", "Sogn Gion", "Salvaplauna", "Cuoz", "Surselva",
    ],
    "wiki-en": [
        "scartist", "tschintschar", "il narr", "troccas",
        "strusch in", "in", "tric e trac", "jeu mirel", "aunc sis", "autras", "nuot", "lavadas",
        "il narr", "il narr blut", "jeu lasch liber", "in trochetg", "ina trocca",
        "in pèr tunnels", "da Medel", "da Tujetsch", "ina cuort", "ina famiglia", "in pass",
        "jeu gidel", "pli bugen autras", "jeu sun buc cheu", "fai scart", "nus dein",
        "Medel", "Tujetsch",
    ],
    "wiki-de": [
        "troccas", "tschintschar", "cantar", "cumandar", "scart", "ils honors", "buob",
        "buob sche", "buns", "schliats",
        # trumps (wiki-de's spellings)
        "il bagat", "la gaglina", "la biua", "l'imperatura", "igl imperatur", "il da Cuoz",
        "il Diu fauls", "ils inamurai", "il carr", "la Catrina en crotscha", "la giustia",
        "la stadera", "il pader", "la roda dalla fortuna", "la ventira", "la forza", "il pendiu",
        "la mort", "la tempronza", "igl aunghel", "il giavel", "il da cornas", "il naucli",
        "il bab dallas femnas", "la casa da Diu", "il tiaratriembel", "il cametg", "la Cadi",
        "la claustra barschada", "las steilas", "la glina", "il sulegl", "la dertgira",
        "ils bluts", "ils bluts digl aug Rest", "la giuventetgna", "il mund", "la vaca",
        "la biala", "il min", "il miau", "la ferma",
        # tschintschar
        "jeu sun da Medel", "duas da Medel", "tschéc da Medel", "gnanc tochen Sogn Gion",
        "ei va encunter Salvaplauna", "clavau dalla claustra", "dar da freid", "ina cuort",
        "ina famiglia", "ina napla", "mo in pèr da Tujetsch", "da Mustér", "ina flur",
        "in fluretg", "in fluretg nausch", "in tschéc fluretg", "in miserabel", "strusch in",
        "ina femna", "in tec carn", "In Bei", "il narr", "il narr blut", "jeu gidel",
        "jeu tegn cun tei", "jeu sun cheu", "mia part bein", "jeu hai miu giug",
        "strusch mia part", "pli bugen autras", "tric e trac", "senza mei", "vitas",
        "aunc sis da quellas", "dai vinavon!", "jeu mirel!", "jeu stun!", "tuttas", "nus dein",
        # places
        "Medel", "Tujetsch", "Mustér", "Sogn Gion", "Salvaplana", "Cuoz", "Breil", "Surselva",
    ],
    "arcane": ["scartist", "scart", "trocca"],
}


def norm(text: str) -> str:
    return unicodedata.normalize("NFC", text).strip().lower()


@pytest.fixture(scope="module")
def forms_by_source():
    g = load_glossary(ROOT / "glossary")
    out: dict[str, set[str]] = {}
    for _kind, entry in g.entries():
        for form in rm_forms(entry):
            for src in form["sources"]:
                out.setdefault(src, set()).add(norm(form["text"]))
    return out


@pytest.mark.parametrize("source", sorted(SOURCE_TERMS))
def test_every_romansh_term_of_the_source_is_in_the_data(source, forms_by_source):
    missing = [t for t in SOURCE_TERMS[source] if norm(t) not in forms_by_source.get(source, set())]
    assert not missing, f"{source}: not in glossary/*.yaml as a form credited to {source}: {missing}"


def test_spelling_variants_are_kept_apart():
    g = load_glossary(ROOT / "glossary")
    credited = {}
    for _kind, entry in g.entries():
        for form in rm_forms(entry):
            credited.setdefault(norm(form["text"]), set()).update(form["sources"])
    for a, b in [("la vacca", "la vaca"), ("ils amurai", "ils inamurai"), ("la sulegl", "il sulegl"),
                 ("il aunghel", "igl aunghel"), ("salvaplauna", "salvaplana")]:
        assert "pagat" in credited[a] and "wiki-de" not in credited[a], a
        assert "wiki-de" in credited[b] and "pagat" not in credited[b], b


def test_strusch_in_keeps_each_sources_meaning():
    g = load_glossary(ROOT / "glossary")
    entry = g.by_id["strusch-in"]
    assert {src for s in entry["signals"] for src in s["sources"]} == {"pagat", "wiki-en", "wiki-de"}
    assert len(entry["signals"]) == 3  # the three sources read it three ways
    assert entry["tournament"] is True
    assert g.by_id["da-muster"]["obsolete"] is True
    assert [r["place"] for r in g.by_id["ina-napla"]["regions"]] == ["breil"]
