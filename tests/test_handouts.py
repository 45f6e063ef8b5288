"""Handout PDFs read back with poppler (pdftotext, pdfinfo, pdffonts): every value, name and
answer must be the engine's or the glossary data's; A4 pages; fonts embedded; the worksheet
command line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from troccas import api
from troccas.puzzles import KINDS

ROOT = Path(__file__).resolve().parent.parent

from build_tools import handouts  # noqa: E402
from build_tools.games.troccas import handouts as troccas_handouts  # noqa: E402
from build_tools.glossary import load_glossary  # noqa: E402
from build_tools.games.troccas.glossary import rm_forms  # noqa: E402
from build_tools.glossary.load import meanings  # noqa: E402
from worksheet_pdf import check_sheet, sheets  # noqa: E402

A4_PTS = (595.92, 842.88)  # 210 x 297 mm as Chromium writes it


def _tool(name):
    exe = shutil.which(name)
    if not exe:
        pytest.fail(f"{name} is missing: apt-get install -y poppler-utils", pytrace=False)
    return exe


def text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    args = [_tool("pdftotext")]
    if first:
        args += ["-f", str(first)]
    if last:
        args += ["-l", str(last)]
    out = subprocess.run(args + [str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return out


def layout(pdf: Path) -> str:
    """The text as laid out on the page: a row of card captions reads as one line (the plain
    text mixes in the words drawn on the cards)."""
    return subprocess.run([_tool("pdftotext"), "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def flat(s: str) -> str:
    return " ".join(s.split())


def info(pdf: Path) -> dict:
    out = subprocess.run([_tool("pdfinfo"), str(pdf)], capture_output=True, text=True,
                         check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))
    w, h = map(float, re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", out, re.M).groups())
    return {"pages": pages, "size": (w, h), "a4": "(A4)" in out}


def fonts_embedded(pdf: Path) -> list[str]:
    out = subprocess.run([_tool("pdffonts"), str(pdf)], capture_output=True, text=True,
                         check=True).stdout.splitlines()[2:]
    assert out, "no fonts in the PDF"
    return [line.split()[0] for line in out if line.split()[-5] != "yes"]


@pytest.fixture(scope="module")
def pdfs(site_dir) -> dict[str, Path]:
    folder = site_dir / "handouts"
    found = {h.file: folder / h.file for h in handouts.site_handouts()}
    missing = [n for n, p in found.items() if not p.is_file()]
    assert not missing, f"not in the built site: {missing}"
    return found


def test_every_handout_is_a4_with_embedded_fonts(pdfs):
    for name, pdf in pdfs.items():
        i = info(pdf)
        assert i["a4"] and i["size"] == pytest.approx(A4_PTS, abs=1), name
        assert fonts_embedded(pdf) == [], name


def test_the_handouts_page_links_every_pdf(site_dir, pdfs):
    page = (site_dir / "handouts" / "index.html").read_text(encoding="utf-8")
    for name in pdfs:
        assert f'href="{name}"' in page, name


def test_rules_summary_is_one_page_with_the_engines_values(pdfs):
    pdf = pdfs["troccas-rules-summary.pdf"]
    assert info(pdf)["pages"] == 1
    t = flat(text(pdf))
    assert "pagat" in t
    pack = api.call("pack")["cards"]
    by_value: dict[int, list[str]] = {}
    for c in pack:
        by_value.setdefault(c["points"], []).append(c["token"])
    values = sorted(by_value, reverse=True)
    for v in values[:-1]:  # each scoring card listed with its value
        assert f"{v} {' '.join(by_value[v])}" in t, v
    low = values[-1]
    assert f"{low} every other card ({len(by_value[low])} cards)" in t
    total = api.call("count", cards=[c["token"] for c in pack])["points"]
    assert f"makes {total} points" in t
    # Ranking: the suits that rank alike are named together, and one of them is drawn in the
    # engine's order (the captions under the pictures are the tokens).
    drawn = flat(layout(pdf))
    orders = {}
    for suit, name in zip("crsb", ("cups", "coins", "swords", "batons")):
        order = [c["token"] for c in pack if c["kind"] == "suit" and c["suit"] == suit]
        orders.setdefault(tuple(t[:-1] for t in order), []).append((name, order))
    assert len(orders) == 2
    for alike in orders.values():
        assert " and ".join(n for n, _ in alike) in t
        assert any(" ".join(order) in drawn for _, order in alike), alike


def test_rules_summary_covers_the_deal_and_the_talk(pdfs):
    """The batches of the usual deal — each player's and the dealer's, whose last batch is
    the largest — as the engine's facts give them, and the talk between the rounds."""
    t = flat(text(pdfs["troccas-rules-summary.pdf"]))
    f = api.call("facts", players=4)
    rounds = f["batches"][f["default_method"]]
    other, dealer = [r[0] for r in rounds], [r[-1] for r in rounds]
    assert dealer[-1] > other[-1] and sum(other) == f["cards_each"]
    assert f"batches of {', '.join(map(str, other[:-1]))} and {other[-1]} to each player" in t
    assert f"{', '.join(map(str, dealer[:-1]))} and {dealer[-1]} to himself" in t
    assert f"each player {' '.join(map(str, other))} {f['cards_each']}" in t
    assert f"the dealer {' '.join(map(str, dealer))} {f['dealer_cards']}" in t
    assert f"lays {f['scart']} cards away" in t
    assert f"par is {f['par']['fours']['other']}" in t
    assert "liber" in t and "tschintschar" in t and "dealer's right" in t
    # The talk's examples are phrases of the glossary data with pagat's meaning.
    g = load_glossary()
    said = {flat(rm_forms(e)[0]["text"]): {flat(m["text"]) for m in meanings(e)
                                          if "pagat" in m["sources"]}
            for e in g.kinds["tschintschar"]}
    shown = [rm for rm in said if f"{rm} " in t and any(m in t for m in said[rm])]
    assert len(shown) >= 4, shown


def test_glossary_handout_has_every_trump_name_and_phrase(pdfs):
    pdf = pdfs["troccas-glossary.pdf"]
    assert 2 <= info(pdf)["pages"] <= 6
    t = flat(text(pdf))
    g = load_glossary()
    for e in g.kinds["trumps"]:
        for name in e["names"]:
            for form in name["rm"]:
                assert flat(form["text"]) in t, (e["card"], form["text"])
    for e in g.kinds["tschintschar"]:
        assert flat(rm_forms(e)[0]["text"]) in t, e["id"]
        for s in e["signals"]:
            assert flat(s["text"]["en"]) in t, (e["id"], s["text"])


def test_glossary_handout_gives_each_meaning_once_with_its_sources(pdfs):
    """A meaning two sources give in the same words is printed once per phrase, followed by
    both sources; so a meaning appears as often as there are phrases that have it."""
    t = flat(text(pdfs["troccas-glossary.pdf"]))
    g = load_glossary()
    phrases_with: dict[str, int] = {}
    for e in g.kinds["tschintschar"]:
        for said in {flat(s["text"]["en"]) for s in e["signals"]}:
            phrases_with[said] = phrases_with.get(said, 0) + 1
    shared = 0
    for said, n in phrases_with.items():
        inside = sum(m for other, m in phrases_with.items() if other != said and said in other)
        assert n <= t.count(said) <= n + inside, (said, t.count(said), n)
    for e in g.kinds["tschintschar"]:
        by_text: dict[str, list[str]] = {}
        for s in e["signals"]:
            srcs = by_text.setdefault(flat(s["text"]["en"]), [])
            srcs += [x for x in (s.get("sources") or [s["source"]]) if x not in srcs]
        for said, srcs in by_text.items():
            if len(srcs) > 1:
                shared += 1
                assert f"({', '.join(srcs)})" in t, (e["id"], said)
    assert shared, "no meaning in the data is given by two sources: nothing was checked"
    # The trumps: names that mean the same are listed together before their one meaning.
    grouped = 0
    for e in g.kinds["trumps"]:
        by_meaning: dict[str, list[dict]] = {}
        for name in e["names"]:
            for r in name.get("en", [])[:1]:
                by_meaning.setdefault(flat(r["text"]), []).extend(name["rm"])
        for meaning, forms in by_meaning.items():
            if len(forms) > 1 and len({tuple(f["sources"]) for f in forms}) == 1:
                grouped += 1
                assert f"{', '.join(f['text'] for f in forms)} — {meaning} (" in t, (e["card"], meaning)
    assert grouped, "no two names of a trump share a meaning in the data: nothing was checked"


# --- the teacher's kit: the score pad and the card-value poster ---------------------------------
def test_score_pad_is_one_page_with_the_engines_par_and_a_game_it_played(pdfs):
    from troccas.game import Game
    import random

    pdf = pdfs["troccas-score-pad.pdf"]
    assert info(pdf)["pages"] == 1
    t = flat(text(pdf))
    f = api.call("facts", players=4)
    par, total, hands = f["par"]["fours"]["other"], f["pack_total"]["fours"], f["hands_in_game"]
    assert f"a game of {hands} hands" in t
    assert f"add up to {total}" in t and f"count less par, {par}" in t
    assert t.count(f"score (points − {par})") == 2 * 3  # two sides on each of two pads and the example
    # The example: a game of the engine's own, replayed hand by hand through the facade.
    seed = troccas_handouts.EXAMPLE_GAME_SEED
    game = Game(4, 0, seed=seed)
    rand = random.Random(f"game-{seed}").random
    while not game.is_terminal():
        ids = game.legal_action_ids()
        game.apply_action(ids[int(rand() * len(ids))])
    done = [o for o in (api.call("replay", record=r.to_json()) for r in game.records)
            if o["phase"] == "done"]
    assert len(done) == hands
    sign = lambda n: f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")  # noqa: E731
    rows = flat(layout(pdf))  # a table row reads as one line
    run = [0, 0]
    for n, out in enumerate(done, 1):
        pts, sc = out["result"]["points"], out["result"]["scores"]
        assert sum(pts) == total and sc == [p - par for p in pts]
        run = [run[0] + sc[0], run[1] + sc[1]]
        row = (f"{n} seat {out['dealer']} {pts[0]} {sign(sc[0])} {sign(run[0])} "
               f"{pts[1]} {sign(sc[1])} {sign(run[1])}")
        assert row in rows, row
    assert f"−{f['catch_up']['two_rounds']} or lower" in t
    assert f"−{f['catch_up']['one_round']} or lower" in t


def test_card_value_poster_is_one_page_with_every_value_and_the_count(pdfs):
    pdf = pdfs["troccas-card-values-poster.pdf"]
    assert info(pdf)["pages"] == 1
    t = flat(text(pdf))
    pack = api.call("pack")["cards"]
    by_value: dict[int, list[dict]] = {}
    for c in pack:
        by_value.setdefault(c["points"], []).append(c)
    low = min(by_value)
    rows = flat(layout(pdf))  # the big figure and "points" read as one line there
    for v, cards in by_value.items():
        assert f"{v} {'point' if v == 1 else 'points'}" in rows, v
        if v != low:  # every scoring card drawn and named by the engine's name
            for c in cards:
                assert c["name"] in t, c["name"]
    assert f"{len(by_value[low])} cards" in t
    f = api.call("facts", players=4)
    four = api.call("count", cards="II III IV V")["groups"][0]
    pair = api.call("count", cards="II III")["groups"][0]
    assert f"take {four['less']} off each group" in t
    assert f"their sum less {pair['less']}" in t
    everything = api.call("count", cards=[c["token"] for c in pack])["points"]
    assert f"always makes {everything}: par is {f['par']['fours']['other']}" in t
    tight = t.replace(" ", "")  # poppler sometimes drops the spaces of a short sum
    for pile in troccas_handouts.POSTER_PILES:
        g = api.call("count", cards=pile)["groups"][0]
        assert (f"{'+'.join(map(str, g['values']))}={g['sum']}{g['sum']}−{g['less']}="
                f"{g['points']}point") in tight, pile


def check_worksheet(pdf: Path, kind: str, seed: int, count: int, n_sheets: int = 1) -> list:
    """A worksheet PDF of one kind: each sheet holds ``count`` puzzles, the first from
    ``seed`` on, each key on pages of its own with the engine's answers and working."""
    assert info(pdf)["a4"]
    found = sheets(pdf)
    assert len(found) == n_sheets
    assert found[0].seed == seed
    assert [k for s in found for k, _ in s.puzzles] == [kind] * count * n_sheets
    assert found[0].puzzles == [(kind, seed + n) for n in range(count)]
    for s in found:
        assert "answer:" not in s.text.lower().replace("answer: ____", "")  # no key here
        check_sheet(s)
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_site_worksheets_match_the_engine(pdfs, kind):
    for seed, count in troccas_handouts.SITE_SHEETS:
        check_worksheet(pdfs[f"worksheet-{kind}-seed{seed}.pdf"], kind, seed, count)


def troccas(*args, **kw):
    exe = shutil.which("troccas", path=str(Path(sys.executable).parent)) or "troccas"
    return subprocess.run([exe, *args], capture_output=True, text=True, **kw)


def test_cli_worksheet(tmp_path):
    out = tmp_path / "sheet.pdf"
    r = troccas("worksheet", "winner", "--seed", "42", "--count", "3", "-o", str(out),
                cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "wrote" in r.stdout
    check_worksheet(out, "winner", 42, 3)
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_cli_class_set_of_mixed_sheets(tmp_path):
    """Three sheets mixing counting and legal plays, the keys all at the end: every sheet has
    its own seed, no two share a puzzle, each key is its sheet's."""
    out = tmp_path / "class.pdf"
    r = troccas("worksheet", "count,legal", "--seed", "3", "--count", "5", "--sheets", "3",
                "--keys", "end", "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    found = sheets(out)
    assert len(found) == 3 and len({s.seed for s in found}) == 3
    every = [p for s in found for p in s.puzzles]
    assert len(every) == 15 and len(set(every)) == 15
    for s in found:
        assert sorted({k for k, _ in s.puzzles}) == ["count", "legal"]
        check_sheet(s)
    pages = info(out)["pages"]
    assert all(text(out, pages - i, pages - i).lstrip().startswith("Answer key:")
               for i in range(3)), "the three keys come last, each on its own page"


@pytest.mark.parametrize("args, says", [
    (["worksheet", "trumps", "-o", "x.pdf"], "is not a kind of puzzle"),
    (["worksheet", "count", "--count", "0", "-o", "x.pdf"], "1 to 50 puzzles"),
    (["worksheet", "count", "-o", "no/such/folder/x.pdf"], "no/such/folder/x.pdf: cannot write here"),
    (["worksheet", "count,trumps", "-o", "x.pdf"], "'trumps' is not a kind of puzzle"),
    (["worksheet", "count", "--sheets", "41", "-o", "x.pdf"], "1 to 40 sheets"),
    (["worksheet", "count,legal,scart", "--count", "2", "-o", "x.pdf"],
     "3 kinds of puzzle need at least 3 puzzles"),
    (["worksheet", "count", "--seed", "-1", "-o", "x.pdf"], "whole number from 0 up, not -1"),
])
def test_cli_worksheet_fails_with_one_line(tmp_path, args, says):
    r = troccas(*args, cwd=tmp_path)
    assert r.returncode == 2
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and says in r.stderr
    assert list(tmp_path.rglob("*")) == []


def test_cli_worksheet_without_chromium_says_what_to_install(tmp_path):
    import os
    env = dict(os.environ, CARDSITE_CHROMIUM=str(tmp_path / "no-chromium"))
    r = troccas("worksheet", "count", "-o", "x.pdf", cwd=tmp_path, env=env)
    assert r.returncode == 2
    line = r.stderr.strip()
    assert len(line.splitlines()) == 1
    assert "make setup" in line and "apt-get install -y chromium" in line
    assert list(tmp_path.iterdir()) == []


def test_renderer_blocks_every_request(tmp_path):
    # In a process of its own: Playwright's sync API cannot start twice in one thread, and the
    # browser tests' session may already hold it.
    script = (
        "import sys; from pathlib import Path\n"
        "from build_tools.handouts.pdf import HandoutError, Renderer\n"
        "with Renderer() as r:\n"
        "    try:\n"
        "        r.pdf(\"<img src='http://example.org/x.png'>\", Path(sys.argv[1]))\n"
        "    except HandoutError as exc:\n"
        "        print(exc)\n")
    r = subprocess.run([sys.executable, "-c", script, str(tmp_path / "x.pdf")],
                       capture_output=True, text=True, timeout=120)
    assert "tried to fetch http://example.org/x.png" in r.stdout, r.stderr
    assert list(tmp_path.iterdir()) == []
