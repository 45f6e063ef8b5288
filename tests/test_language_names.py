"""A language is files (issue 28): no word of the generator is keyed by a language. A label that
names a language ("German" on an English page, "Englisch" on a German one) is CLDR's name for
it in the page's language, so a new edition's language needs no new key anywhere."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from build_tools.words import language_name

ROOT = Path(__file__).resolve().parent.parent


def test_a_language_is_named_in_the_pages_language_by_cldr():
    assert language_name("de", "en") == "German"
    assert language_name("en", "de") == "Englisch"
    assert language_name("ca", "en") == "Catalan"
    assert language_name("rm", "de") == "Rätoromanisch"
    # a pseudo-locale is named in its base language; a code CLDR does not know, as itself
    assert language_name("de", "en-XA") == "German"
    assert language_name("qq", "en") == "qq"


def test_no_generic_word_is_keyed_by_a_language():
    codes = {p.name for p in (ROOT / "build_tools" / "messages").iterdir() if p.is_dir()}
    codes |= {"rm", "ca", "fr", "it", "es"}
    keyed = re.compile(rf".*_({'|'.join(sorted(codes))})$")
    found = []
    for path in sorted((ROOT / "build_tools" / "messages").glob("*/*.yaml")):
        for key in yaml.safe_load(path.read_text(encoding="utf-8")) or {}:
            if keyed.fullmatch(key):
                found.append(f"{path.relative_to(ROOT)}: {key}")
    assert found == []
