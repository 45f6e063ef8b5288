"""The glossary data validates, and each kind of broken file gives its one exact line.

Each case copies glossary/ to a temporary folder, breaks one thing, and checks the single
message load_glossary raises — file, line, entry, field and what is wrong. Line numbers are
found in the edited text, so the table keeps working when entries are added above.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

from build_tools.glossary import GlossaryError, load_glossary  # noqa: E402

SRC = "pagat, wiki-en, wiki-de, arcane"
PLACES = "breil, cuoz, medel, muster, salvaplauna, sogn-gion, surselva, tujetsch"


def test_the_real_data_loads():
    g = load_glossary(ROOT / "glossary")
    assert len(g.kinds["trumps"]) == 22
    assert {e["id"] for e in g.kinds["cards"]} >= {"cuppas", "rosas", "spadas", "bastuns",
                                                   "il-retg", "la-regina", "il-cavagl", "il-buob"}
    assert len(g.by_id) == sum(len(v) for v in g.kinds.values())  # ids unique across files


# --- helpers to break a copy ----------------------------------------------------------------
class Copy:
    """A copy of the root site's glossary and of the engine's phrases (game data, which the
    glossary reads from the engine: ``data/tschintschar.json`` in the copy)."""

    PHRASES = ROOT / "engine" / "src" / "troccas" / "data" / "tschintschar.json"

    def __init__(self, tmp: Path):
        self.dir = tmp / "glossary"
        shutil.copytree(ROOT / "glossary", self.dir)
        self.phrases = tmp / "troccas" / "data" / "tschintschar.json"
        self.phrases.parent.mkdir(parents=True)
        shutil.copy(self.PHRASES, self.phrases)

    def path(self, kind) -> Path:
        return self.phrases if kind == "tschintschar" else self.dir / f"{kind}.yaml"

    def text(self, kind):
        return self.path(kind).read_text(encoding="utf-8")

    def write(self, kind, text):
        self.path(kind).write_text(text, encoding="utf-8")

    def start(self, kind, entry_id) -> int:
        """Offset of the entry's '- id:' line (its '"id":' line in JSON)."""
        text = self.text(kind)
        if kind == "tschintschar":
            return text.index(f'\n  "id": "{entry_id}",\n') + 1
        i = text.index(f"\n- id: {entry_id}\n") + 1
        return i

    def line_of(self, kind, entry_id, needle) -> int:
        text = self.text(kind)
        i = text.index(needle, self.start(kind, entry_id))
        return text.count("\n", 0, i) + 1

    def edit(self, kind, entry_id, old, new) -> int:
        """Replace the first ``old`` at or after the entry's start; returns its line."""
        text = self.text(kind)
        i = text.index(old, self.start(kind, entry_id))
        line = text.count("\n", 0, i) + 1
        self.write(kind, text[:i] + new + text[i + len(old):])
        return line

    def error(self) -> str:
        with pytest.raises(GlossaryError) as info:
            load_glossary(self.dir, "troccas", files={"tschintschar": self.phrases})
        msg = str(info.value)
        assert "\n" not in msg
        return msg


def _unknown_source(c):
    line = c.edit("terms", "scart", "  sources: [pagat,", "  sources: [pagatt,")
    return (f"glossary/terms.yaml:{line}: entry 'scart': field 'sources':"
            f" 'pagatt' is not one of {SRC}")


def _missing_field(c):
    line = c.line_of("terms", "scart", "- id: scart")
    text = c.text("terms")
    start = text.index("  gloss:\n", c.start("terms", "scart"))
    end = text.index("  see:", start)  # the gloss's lines, in every language
    c.write("terms", text[:start] + text[end:])
    return f"glossary/terms.yaml:{line}: entry 'scart': field 'gloss': missing"


def _misspelt_field(c):
    line = c.edit("terms", "scart", "  gloss:\n    en: The two cards", "  glos:\n    en: The two cards")
    return (f"glossary/terms.yaml:{line}: entry 'scart': field 'glos': unknown field"
            f" (allowed: id, category, rm, en, de, what, gloss, see, sources)")


def _unknown_category(c):
    line = c.edit("terms", "scart", "category: deal", "category: dealing")
    return (f"glossary/terms.yaml:{line}: entry 'scart': field 'category':"
            f" 'dealing' is not one of pack, deal, play, scoring, talk, place")


def _duplicate_id(c):
    first = c.edit("terms", "scartist", "- id: scartist", "- id: scart")
    text = c.text("terms")
    second = text.count("\n", 0, text.index("\n- id: scart\n", text.index("- id: scart\n") + 5) + 1) + 1
    return (f"glossary/terms.yaml:{second}: entry 'scart': field 'id':"
            f" duplicate id 'scart' (first used at glossary/terms.yaml:{first})")


def _duplicate_id_across_files(c):
    first = c.line_of("terms", "medel", "- id: medel")
    line = c.edit("tschintschar", "da-medel", '"id": "da-medel"', '"id": "medel"')
    return (f"data/tschintschar.json:{line}: entry 'medel': field 'id':"
            f" duplicate id 'medel' (first used at glossary/terms.yaml:{first})")


def _bad_id(c):
    line = c.edit("terms", "scart", "- id: scart", "- id: Scart Pile")
    return (f"glossary/terms.yaml:{line}: entry 'Scart Pile': field 'id': 'Scart Pile' is not a"
            f" valid id (lowercase letters, digits and single hyphens, e.g. 'strusch-in')")


def _bad_yaml(c):
    line = c.edit("terms", "scart", "  sources: [pagat, wiki-en, wiki-de, arcane]\n",
                  "  sources: [pagat, wiki-en, wiki-de, arcane\n")
    # PyYAML notices the unclosed list at the next entry ("- id: cumandar"), two lines down.
    return (f"glossary/terms.yaml:{line + 2}: bad YAML: expected ',' or ']', but got ':'"
            f" (while parsing a flow sequence)")


def _key_given_twice(c):
    first = c.line_of("terms", "scart", "  gloss:\n")
    line = c.edit("terms", "scart", "  see: [scartist", "  gloss: again\n  see: [scartist") 
    return (f"glossary/terms.yaml:{line}: field 'gloss':"
            f" given twice in one entry (first at line {first})")


def _wrong_type(c):
    line = c.edit("tschintschar", "strusch-in", '"tournament": true', '"tournament": "maybe"')
    return (f"data/tschintschar.json:{line}: entry 'strusch-in': field 'tournament':"
            f" expected true or false, got text 'maybe'")


def _nested_enum(c):
    line = c.edit("tschintschar", "in-pass", '{"phase": "after-full-deal"', '{"phase": "after-dinner"')
    return (f"data/tschintschar.json:{line}: entry 'in-pass': field 'when[0].phase':"
            f" 'after-dinner' is not one of after-6-or-12, after-full-deal, any-time")


def _nested_missing(c):
    line = c.edit("tschintschar", "paset", '{"text": {"en": "A good hand.", "de": "Ein gutes Blatt."}, "sources": ["pagat"]}',
                  '{"text": {"en": "A good hand.", "de": "Ein gutes Blatt."}}')
    return (f"data/tschintschar.json:{line}: entry 'paset': field 'signals[0].sources': missing")


def _translation_without_source(c):
    line = c.edit("cards", "rosas", "{text: roses, sources: [pagat]}", "{text: roses}")
    return (f"glossary/cards.yaml:{line}: entry 'rosas': field 'en[1].sources': missing")


def _source_not_in_entry(c):
    line = c.edit("trumps", "trump-vi", "{text: ils inamurai, sources: [wiki-de], differs: wording}",
                  "{text: ils inamurai, sources: [arcane], differs: wording}")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-vi': field 'names[0].rm[1].sources':"
            f" 'arcane' is not among the entry's sources (pagat, wiki-de)")


DIFFERS = "spelling, article, number, wording, punctuation"


def _variant_without_differs(c):
    line = c.edit("trumps", "trump-vi", "{text: ils inamurai, sources: [wiki-de], differs: wording}",
                  "{text: ils inamurai, sources: [wiki-de]}")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-vi': field 'names[0].rm[1].differs':"
            f" missing")


def _variant_differs_unknown(c):
    line = c.edit("trumps", "trump-xxi", "{text: la vaca, sources: [wiki-de], differs: spelling}",
                  "{text: la vaca, sources: [wiki-de], differs: dialect}")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-xxi': field 'names[1].rm[1].differs':"
            f" 'dialect' is not one of {DIFFERS}")


def _variant_without_source(c):
    line = c.edit("terms", "salvaplauna", "{text: Salvaplana, sources: [wiki-de], differs: spelling}",
                  "{text: Salvaplana, differs: spelling}")
    return (f"glossary/terms.yaml:{line}: entry 'salvaplauna': field 'rm[1].sources': missing")


def _headword_not_pagats(c):
    line = c.edit("trumps", "trump-vi", "    - rm:\n", "    - rm:\n")
    c.edit("trumps", "trump-vi",
           "        - {text: ils amurai, sources: [pagat]}\n"
           "        - {text: ils inamurai, sources: [wiki-de], differs: wording}\n",
           "        - {text: ils inamurai, sources: [wiki-de]}\n"
           "        - {text: ils amurai, sources: [pagat], differs: wording}\n")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-vi': field 'names[0].rm': the headword"
            f" (first form) must be pagat's 'ils amurai', not wiki-de's 'ils inamurai' (unless"
            f" pagat's form is marked against_grammar)")


def _headword_not_pagats_without_grammar(c):
    """Sursilvan grammar puts another source's form first only where pagat's is marked."""
    line = c.edit("trumps", "trump-xix", "    - rm:\n", "    - rm:\n")
    c.edit("trumps", "trump-xix", " against_grammar: true,", "")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-xix': field 'names[0].rm': the headword"
            f" (first form) must be pagat's 'la sulegl', not wiki-de's 'il sulegl' (unless"
            f" pagat's form is marked against_grammar)")


def _against_grammar_on_another_source(c):
    line = c.edit("trumps", "trump-vi", "{text: ils inamurai, sources: [wiki-de], differs: wording}",
                  "{text: ils inamurai, sources: [wiki-de], differs: wording, against_grammar: true,"
                  " note: {en: x}}")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-vi': field 'names[0].rm[1]': only"
            f" pagat's form is marked against_grammar, and with a note saying which rule of"
            f" Sursilvan grammar it breaks")


def _meaning_given_twice(c):
    meaning = '{"text": {"en": "I have no trumps left.", "de": "Ich habe keine Trümpfe mehr."}, "sources": '
    first = c.line_of("tschintschar", "dar-da-freid", meaning)
    c.edit("tschintschar", "dar-da-freid", meaning + '["pagat", "wiki-de"]}',
           meaning + '["pagat"]},\n   ' + meaning + '["wiki-de"]}')
    return (f"data/tschintschar.json:{first + 1}: entry 'dar-da-freid': field 'signals[1]':"
            f" the meaning 'I have no trumps left.' is given twice: give it once, with all its sources")


def _place_without_what(c):
    line = c.line_of("terms", "cuoz", "- id: cuoz")
    c.edit("terms", "cuoz", "  what:\n    - {text: {en: a quarter of Disentis, de: ein Quartier von Disentis},"
                            " sources: [wiki-de]}\n", "")
    return f"glossary/terms.yaml:{line}: entry 'cuoz': field 'what': missing"


def _what_of_a_term(c):
    line = c.edit("terms", "scart", "  gloss:\n    en: The two cards",
                  "  what: [{text: {en: a pile}, sources: [pagat]}]\n  gloss:\n    en: The two cards")
    return f"glossary/terms.yaml:{line}: entry 'scart': field 'what': only a place says what it is"


def _unknown_place(c):
    line = c.edit("tschintschar", "ina-napla", '{"place": "breil",', '{"place": "brigels",')
    return (f"data/tschintschar.json:{line}: entry 'ina-napla': field 'regions[0].place':"
            f" 'brigels' is not one of {PLACES}")


def _bad_reference(c):
    line = c.edit("terms", "scart", "  see: [scartist,", "  see: [scartists,")
    return (f"glossary/terms.yaml:{line}: entry 'scart': field 'see':"
            f" 'scartists' is not the id of any entry")


def _printed_numeral_as_token(c):
    line = c.edit("trumps", "trump-iv", "  card: IV", "  card: IIII")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-iv': field 'card':"
            f" write the engine's token 'IV', not 'IIII'")


def _not_a_card(c):
    line = c.edit("trumps", "trump-iv", "  card: IV", "  card: XXII")
    return (f"glossary/trumps.yaml:{line}: entry 'trump-iv': field 'card': 'XXII' is not a card:"
            f" trumps are the Roman numerals I to XXI (IIII and VIIII as printed are read too)")


def _wrong_number(c):
    line = c.edit("trumps", "trump-iv", "  number: 4", "  number: 5")
    return f"glossary/trumps.yaml:{line}: entry 'trump-iv': field 'number': trump IV is number 4"


def _trump_missing(c):
    text = c.text("trumps")
    a = c.start("trumps", "trump-xiii")
    b = c.start("trumps", "trump-xiv")
    c.write("trumps", text[:a] + text[b:])
    first = c.line_of("trumps", "trump-i", "- id: trump-i")  # the list starts at its first entry
    return f"glossary/trumps.yaml:{first}: no entry for card 'XIII'"


def _empty_file(c):
    c.write("cards", "# nothing yet\n")
    return "glossary/cards.yaml:1: the file has no entries (expected a list of entries)"


def _missing_file(c):
    (c.dir / "cards.yaml").unlink()
    return "glossary/cards.yaml: missing (the glossary needs trumps.yaml, cards.yaml, terms.yaml, tschintschar.json)"


CASES = [_unknown_source, _missing_field, _misspelt_field, _unknown_category, _duplicate_id,
         _duplicate_id_across_files, _bad_id, _bad_yaml, _key_given_twice, _wrong_type,
         _nested_enum, _nested_missing, _translation_without_source, _source_not_in_entry,
         _variant_without_differs, _variant_differs_unknown, _variant_without_source,
         _headword_not_pagats, _headword_not_pagats_without_grammar,
         _against_grammar_on_another_source, _meaning_given_twice, _place_without_what, _what_of_a_term,
         _unknown_place, _bad_reference, _printed_numeral_as_token, _not_a_card, _wrong_number,
         _trump_missing, _empty_file, _missing_file]


@pytest.mark.parametrize("case", CASES, ids=[c.__name__.strip("_") for c in CASES])
def test_broken_file_gives_one_exact_line(tmp_path, case):
    c = Copy(tmp_path)
    expected = case(c)
    assert c.error() == expected


def test_first_problem_wins(tmp_path):
    """Two problems in two files: the one in the file read first (trumps) is reported."""
    c = Copy(tmp_path)
    _unknown_source(c)
    line = c.edit("trumps", "trump-iv", "  number: 4", "  number: four")
    assert c.error() == (f"glossary/trumps.yaml:{line}: entry 'trump-iv': field 'number':"
                         f" expected a whole number, got text 'four'")


# --- the build stops with that one line, and leaves no site behind --------------------------
def test_mkdocs_build_stops_with_one_line(tmp_path):
    pytest.importorskip("mkdocs")
    c = Copy(tmp_path)
    expected = _unknown_source(c)
    site = tmp_path / "site"
    env = dict(os.environ, CARDSITE_GLOSSARY_DIR=str(c.dir), NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    if "run make build" in out:
        pytest.skip("the site's other build inputs (Pyodide, the engine wheel) are not set up")
    assert proc.returncode != 0
    assert "Traceback" not in out
    errors = [line for line in out.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and errors[0].split("-  ", 1)[1] == expected, out
    assert not site.exists() or not any(site.iterdir())
