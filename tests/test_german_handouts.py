"""The German edition's handouts (de/handouts/), read back with poppler: German words, and
every number, card name and answer the engine's (asked in German).

The English handouts are checked in test_handouts.py; here the German PDFs are held to the
same engine, so a German sheet cannot drift from it: one page where English has one, A4 with
embedded fonts, the values and the count from the engine, the engine's German card names on
the poster, and every worksheet key with the engine's German answer and working.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from build_tools import handouts
from build_tools.games.troccas import handouts as troccas_handouts
from troccas import api

from test_handouts import A4_PTS, KINDS, fonts_embedded, info, text
from worksheet_pdf import check_sheet, flat, sheets


@pytest.fixture(scope="module")
def pdfs(site_dir) -> dict[str, Path]:
    folder = site_dir / "de" / "handouts"
    found = {h.file: folder / h.file for h in handouts.site_handouts()}
    missing = [n for n, p in found.items() if not p.is_file()]
    assert not missing, f"not in the German edition: {missing}"
    return found


@pytest.fixture
def german():
    from cardgame.messages import set_language
    before = set_language("de")
    yield
    set_language(before)


def test_every_german_handout_is_a4_with_embedded_fonts_in_german(pdfs):
    for name, pdf in pdfs.items():
        i = info(pdf)
        assert i["a4"] and i["size"] == pytest.approx(A4_PTS, abs=1), name
        assert fonts_embedded(pdf) == [], name
        t = flat(text(pdf))
        # German, not English: a few words every sheet has.
        assert any(w in t for w in (" und ", " der ", " die ", " das ")), name
        assert not any(w in t for w in (" the ", " and ", " each ", " with ")), (name, t[:300])


def test_the_german_handouts_page_links_every_german_pdf(site_dir, pdfs):
    page = (site_dir / "de" / "handouts" / "index.html").read_text(encoding="utf-8")
    for name in pdfs:
        assert f'href="{name}"' in page, name


def test_german_rules_summary_has_the_engines_values_and_deal(pdfs, german):
    pdf = pdfs["troccas-rules-summary.pdf"]
    assert info(pdf)["pages"] == 1
    t = flat(text(pdf))
    pack = api.call("pack")["cards"]
    by_value: dict[int, list[str]] = {}
    for c in pack:
        by_value.setdefault(c["points"], []).append(c["code"])  # German codes: Kk … Narr
    for v in sorted(by_value, reverse=True)[:-1]:
        assert f"{v} {' '.join(by_value[v])}" in t, v
    f = api.call("facts", players=4)
    total = api.call("count", cards=[c["token"] for c in pack])["points"]
    assert f"{total} Punkte, also ist das Soll {f['par']['fours']['other']}" in t
    rounds = f["batches"][f["default_method"]]
    other, dealer = [r[0] for r in rounds], [r[-1] for r in rounds]
    assert (f"je {', '.join(map(str, other[:-1]))} und {other[-1]} Karten an jeden Spieler, "
            f"{', '.join(map(str, dealer[:-1]))} und {dealer[-1]} an sich selbst") in t


def test_german_poster_names_every_scoring_card_as_the_engine_does(pdfs, german):
    pdf = pdfs["troccas-card-values-poster.pdf"]
    assert info(pdf)["pages"] == 1
    # A compound name may break at its hyphen ("Schwert-" / "König"): compare without them.
    t = flat(text(pdf)).replace("-", "").replace(" ", "")
    pack = api.call("pack")["cards"]
    low = min(c["points"] for c in pack)
    named = [c for c in pack if c["points"] != low]
    for c in named:
        assert c["name"].replace("-", "").replace(" ", "") in t, c["name"]
    assert any("-" in c["name"] for c in named), "the engine's German names are not compounds"
    everything = api.call("count", cards=[c["token"] for c in pack])["points"]
    assert f"ergebenimmer{everything}" in t


def test_german_score_pad_has_the_engines_par(pdfs, german):
    pdf = pdfs["troccas-score-pad.pdf"]
    assert info(pdf)["pages"] == 1
    t = flat(text(pdf))
    f = api.call("facts", players=4)
    assert f"eine Partie aus {f['hands_in_game']} Runden" in t
    assert f"immer {f['pack_total']['fours']}" in t
    assert t.count(f"Wertung (Punkte − {f['par']['fours']['other']})") >= 2  # each side


@pytest.mark.parametrize("kind", KINDS)
def test_german_worksheets_give_the_engines_german_answers(pdfs, kind):
    for seed, count in troccas_handouts.SITE_SHEETS:
        pdf = pdfs[f"worksheet-{kind}-seed{seed}.pdf"]
        found = sheets(pdf, lang="de")
        assert len(found) == 1 and found[0].seed == seed
        assert found[0].puzzles == [(kind, seed + n) for n in range(count)]
        check_sheet(found[0], lang="de")
