"""The generator's second site, Truc (issue 18): built by the same plugin and theme from its
own engine (truc) and content (sites/truc/), its puzzles answered in real Chromium by the real
engine in Pyodide, and its build stopped in one line by bad content."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from a11y_helpers import assert_no_violations
from conftest import serving, built_site_or_fail
from truc import api
from truc.errors import TrucError
from truc.puzzles import KINDS as ALL_KINDS

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("", "learn/", "rules/", "cards/", "puzzles/", "glossary/", "strategy/captains/")
KINDS = ("trick", "hand", "score", "raise", "eleven", "strategy")  # the kinds with puzzles/<kind>.yaml


@pytest.fixture(scope="module")
def truc_site() -> Path:
    return built_site_or_fail("truc")


def test_the_truc_site_has_its_pages_the_engine_and_nothing_from_elsewhere(truc_site):
    for page in PAGES:
        html = (truc_site / page / "index.html").read_text(encoding="utf-8")
        assert '<html lang="en"' in html
        outside = [u for u in re.findall(r'(?:src|href)="(https?://[^"]+)"', html)
                   if not u.startswith("http://127.0.0.1")]
        assert outside == [], (page, outside)
    # The same in-browser engine as Troccas's site: Pyodide, the worker, this game's facade.
    # Pyodide in its runtime folder, pyodide/<version>-<hash>/ (one runtime per deployment).
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        assert len(list(truc_site.glob(f"pyodide/*/{name}"))) == 1, name
    for f in ("assets/js/engine-worker.js", "assets/js/cardsite.js",
              "assets/puzzles/puzzles.js", "sw.js"):
        assert (truc_site / f).is_file(), f
    config = re.search(r'<script id="cardsite-config" type="application/json">(.*?)</script>',
                       (truc_site / "puzzles" / "index.html").read_text(encoding="utf-8"))[1]
    assert '"game": "truc"' in config
    glossary = (truc_site / "glossary" / "words" / "index.html").read_text(encoding="utf-8")
    assert "retruc" in glossary and "Close one eye" in glossary
    # Offline after one visit: the service worker stores every page, card and handout.
    sw = (truc_site / "sw.js").read_text(encoding="utf-8")
    for f in ("puzzles/", "cards/3o.svg", "cards/Rb.svg", "handouts/truc-rules.pdf",
              "pyodide.asm.wasm", "assets/puzzles/puzzles.js"):
        assert f in sw, f


def test_every_card_is_drawn_and_named_as_the_engine_names_it(truc_site):
    cards = api.call("pack")["cards"]
    assert len(cards) == 40
    for c in cards:
        svg = (truc_site / "cards" / f"{c['token']}.svg").read_text(encoding="utf-8")
        assert svg.startswith("<svg") and f'aria-label="{c["name"]}"' in svg
        assert f"<title>{c['name']}</title>" in svg
    gallery = (truc_site / "cards" / "index.html").read_text(encoding="utf-8")
    shown = re.findall(r'<img src="\.\./cards/([^"]+)\.svg"', gallery)
    assert shown == [c["token"] for c in cards]  # highest rank first, as the engine ranks them


def test_pack_each_french_pack_is_drawn_in_its_own_folder_and_the_table_names_it_in_that_pack(
        truc_site):
    """The French packs (rule option pack) have pictures of their own, cards/<pack>/<token>.svg,
    each named in its pack (7c: the 7 of clubs, not the 7 of copes); the Play page's data gives
    each pack's names and pictures, so a hand is drawn and named in the pack in play."""
    values = [v["value"] for o in api.call("options")["options"] if o["name"] == "pack"
              for v in o["values"]]
    french = [v for v in values if v != api.call("pack")["pack"]]
    assert len(french) == 4
    play = (truc_site / "play" / "index.html").read_text(encoding="utf-8")
    data = json.loads(html.unescape(re.search(r'data-play-data="([^"]*)"', play)[1]))
    for v in french:
        cards = api.call("pack", pack=v)["cards"]
        assert data["packs"][v] == {"names": {c["token"]: c["name"] for c in cards},
                                    "pictures": f"cards/{v}/"}
        for c in cards:
            svg = (truc_site / "cards" / v / f"{c['token']}.svg").read_text(encoding="utf-8")
            assert svg.startswith("<svg") and f"<title>{c['name']}</title>" in svg
    assert data["packs"]["french36"]["names"]["7c"] == "the 7 of clubs" != data["names"]["7c"]


def test_each_truc_puzzle_is_answered_wrong_then_right_with_graded_hints_in_the_browser(
        truc_site, page):
    # The generic puzzles part on Truc's site: the authored puzzles of each kind, checked by
    # the real engine in Pyodide; a wrong answer gets the rule, a second one a clue about it,
    # and neither names the answer.
    with serving(truc_site) as (port, path, _):
        page.goto(f"http://127.0.0.1:{port}{path}puzzles/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        for kind in KINDS:
            authored = yaml.safe_load((ROOT / f"sites/truc/puzzles/{kind}.yaml").read_text())
            box = page.locator(f"section[data-cardsite-widget='puzzle'][data-puzzle-id="
                               f"'{authored[0]['id']}']")
            spec = json.loads(box.get_attribute("data-spec"))
            assert spec["seed"] == authored[0]["seed"]
            # The right answer is CPython's engine's, asked here, not typed in.
            want = api.call("puzzle", spec=spec, answer=True)
            if kind == "trick":  # the cards shown as pictures, each with its name
                assert box.locator(".cs-pz__trick img").count() == 4
            wrong = [c for c in want["choices"] if c != want["answer"]]
            for level, given in enumerate(wrong[:2], 1):
                box.locator(f"button[data-choice='{given}']").click()
                box.locator("[data-pz-check]").click()
                verdict = box.locator(f"[data-verdict='wrong'][data-hint-level='{level}']")
                verdict.wait_for()
                hints = api.call("check", spec=spec, answer=given)["hints"]
                assert hints[level - 1] in verdict.inner_text()
                assert want["labels"][want["answer"]] not in verdict.inner_text()
            assert want["steps"][0] not in box.inner_text()  # no answer before it is asked
            box.locator(f"button[data-choice='{want['answer']}']").click()
            box.locator("[data-pz-check]").click()
            right = box.locator("[data-verdict='right']")
            right.wait_for()
            assert want["steps"][0] in right.inner_text()
        assert_no_violations(page, "the Truc puzzles", "article")
        # Every other page of the site: no accessibility violation either, light or dark.
        for other in PAGES + ("handouts/",):
            if other == "puzzles/":
                continue
            page.goto(f"http://127.0.0.1:{port}{path}{other}")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                assert_no_violations(page, f"the Truc page /{other} ({scheme})")
        page.emulate_media(color_scheme="light")
        # A practice puzzle's link opens that very puzzle, drawn by the reader's own Python.
        page.goto(f"http://127.0.0.1:{port}{path}puzzles/?seed=4242")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        box = page.locator("[data-puzzle-practice='score']")
        box.locator("section[data-cardsite-widget='puzzle']").wait_for()
        assert box.get_attribute("data-seed") == "4242"
        want = api.call("puzzle", kind="score", seed=4242, answer=True)
        assert want["question"] in box.inner_text()
        assert page.console_errors == []
        assert [u for u in page.requested_urls
                if not u.startswith((f"http://127.0.0.1:{port}/", "blob:", "data:"))] == []


def _build(tmp_path, edit) -> subprocess.CompletedProcess:
    """Build a copy of sites/truc with ``edit(folder)`` applied."""
    copy = tmp_path / "truc"
    shutil.copytree(ROOT / "sites" / "truc", copy)
    # The config names the theme overrides and the base config by their paths from sites/truc/.
    text = (copy / "mkdocs.yml").read_text().replace("../../", f"{ROOT}/")
    (copy / "mkdocs.yml").write_text(text)
    edit(copy)
    return subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "--strict",
                           "--quiet", "-f", str(copy / "mkdocs.yml"), "--site-dir",
                           str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace('expect: "draw"', 'expect: "team1"'),
     r"puzzles/trick\.yaml:20: puzzle 'drawn-trick': expect is 'team1' but the engine answers"
     r" 'draw'"),
    (lambda t: t.replace("  seed: 15", "  seed: 15\n  kind: poker"),
     r"puzzles/trick\.yaml:\d+: puzzle 'drawn-trick': field 'kind': 'poker' puzzles belong in"),
    (lambda t: t + "\n- [oops\n", r"puzzles/trick\.yaml:\d+: bad YAML"),
])
def test_a_bad_authored_truc_puzzle_stops_the_build_in_one_line(tmp_path, change, words):
    def edit(folder):
        p = folder / "puzzles" / "trick.yaml"
        p.write_text(change(p.read_text()))
    out = _build(tmp_path, edit)
    assert out.returncode != 0
    errors = [line for line in out.stderr.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and re.search(words, errors[0]), out.stderr[-800:]
    assert "Traceback" not in out.stderr


def _pdf_pages(pdftotext, pdf: Path) -> list[str]:
    """The text of each page, flattened (pdftotext ends each page with a form feed)."""
    out = subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return [" ".join(p.split()) for p in out.split("\f") if p.strip()]


def _pdf_text(pdftotext, pdf: Path) -> str:
    return " ".join(_pdf_pages(pdftotext, pdf))


# A puzzle on a sheet: "Puzzle 3: <its kind's title> seed 100 · puzzles/?seed=100".
SHEET_PUZZLE = re.compile(r"Puzzle (\d+)(?:: (.+?))? seed (\d+) · puzzles/\?seed=\3")


def check_truc_sheets(pages: list[str], *, first_seed: int) -> list[tuple[str, int]]:
    """Each sheet of a Truc worksheet PDF (its pages' text) against the engine: every
    puzzle's kind (by the engine's title of it) and seed as the sheet prints them, its
    question, and in the sheet's key the engine's answer and every step of its working. A
    sheet starts a page with "Worksheet:", its key one with "Answer key: seed N". Returns the
    (kind, seed) of every puzzle, in order."""
    titles = {api.call("puzzle", kind=k, seed=0)["title"]: k for k in ALL_KINDS}
    sheets: list[str] = []
    keys: list[str] = []
    current: list[str] = sheets
    for text in pages:
        if text.startswith("Worksheet: "):
            current = sheets
            sheets.append("")
        elif text.startswith("Answer key: seed "):
            current = keys
            keys.append("")
        current[-1] += text + " "
    assert sheets and len(sheets) == len(keys), (len(sheets), len(keys))
    every = []
    for sheet, key in zip(sheets, keys):
        seed = int(re.search(r"Seed (\d+)", sheet).group(1))
        assert key.startswith(f"Answer key: seed {seed} "), key[:60]
        found = SHEET_PUZZLE.findall(sheet)
        assert found and [int(n) for n, _, _ in found] == list(range(1, len(found) + 1))
        kinds_on_sheet = {t for _, t, _ in found}
        for n, title, puzzle_seed in found:
            kind = titles[title] if title else None
            if kind is None:  # a sheet of one kind titles it once, at its head
                kind = next(k for t, k in titles.items() if f"Worksheet: {t}" in sheet)
            p = api.call("puzzle", kind=kind, seed=int(puzzle_seed), answer=True)
            assert p["question"] in sheet, (n, kind)
            answer = p["labels"][p["answer"]]
            item = re.search(rf"Puzzle {n}: (.*?)(?= Puzzle {int(n) + 1}:|$)", key).group(1)
            assert item.startswith(answer), (n, kind, answer, item[:80])
            for step in p["steps"]:
                assert step in item, (n, kind, step)
            every.append((kind, int(puzzle_seed)))
        assert len(kinds_on_sheet) >= 1
    assert min(s for _, s in every) == first_seed
    return every


def test_the_handouts_read_back_with_the_engines_ranking_puzzles_and_answers(truc_site,
                                                                            pdftotext):
    """The generic handouts part on Truc's site: the rules on one page and a worksheet of
    every kind, each PDF read back and held to the engine."""
    page = (truc_site / "handouts" / "index.html").read_text(encoding="utf-8")
    pdfs = re.findall(r'href="([^"]+\.pdf)"', page)
    assert "truc-rules.pdf" in pdfs and any(p.startswith("worksheet-") for p in pdfs), pdfs
    rules = _pdf_text(pdftotext, truc_site / "handouts" / "truc-rules.pdf")
    facts = api.call("facts")
    # The ranking as the engine ranks the pack: one card of each rank, highest first, each
    # captioned by its number (a court card's name with its number in brackets).
    layout = subprocess.run([pdftotext, "-layout", str(truc_site / "handouts" / "truc-rules.pdf"),
                             "-"], capture_output=True, text=True, check=True).stdout
    captions = next(line for line in layout.splitlines() if "(12)" in line)
    numbers = [a or b for a, b in re.findall(r"\((\d+)\)|(?<![(\d])(\d+)(?![)\d])", captions)]
    ranks = list(dict.fromkeys(c["rank"] for c in api.call("pack")["cards"]))
    court = {"S": "10", "C": "11", "R": "12"}  # the pack's court ranks, numbered as printed
    assert numbers == [court.get(r, r) for r in ranks], (captions, ranks)
    assert f"Truc raises it to {facts['truc']}" in rules and "page 1 of 1" in rules
    assert f"first team to {facts['target']} points" in rules
    sheet = next(p for p in pdfs if p.startswith("worksheet-"))
    seed = int(re.search(r"seed(\d+)\.pdf$", sheet).group(1))
    every = check_truc_sheets(_pdf_pages(pdftotext, truc_site / "handouts" / sheet),
                              first_seed=seed)
    assert {k for k, _ in every} == set(ALL_KINDS)  # a worksheet of every kind


def _truc(*args, cwd):
    return subprocess.run([sys.executable, "-m", "truc", *args], capture_output=True,
                          text=True, cwd=cwd)


def test_the_truc_worksheet_command_makes_a_class_set_the_engine_answers(tmp_path, pdftotext):
    out = tmp_path / "class.pdf"
    r = _truc("worksheet", "score,raise", "--seed", "7", "--count", "4", "--sheets", "2",
              "-o", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    every = check_truc_sheets(_pdf_pages(pdftotext, out), first_seed=7)
    assert len(every) == 8 and len(set(every)) == 8  # no puzzle on two sheets
    assert {k for k, _ in every} == {"score", "raise"}


@pytest.mark.parametrize("args, says", [
    (["worksheet", "count", "-o", "x.pdf"],
     "'count' is not a kind of Truc puzzle; the kinds are trick, hand, score, raise, eleven, high, lead, tap, signal, french, strategy"),
    (["worksheet", "trick", "--count", "0", "-o", "x.pdf"], "1 to 50 puzzles"),
])
def test_the_truc_worksheet_command_refuses_bad_input_in_one_line(tmp_path, args, says):
    r = _truc(*args, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and says in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_truc_worksheet_maker_prints_a_class_set_from_the_browser(truc_site, page,
                                                                       pdftotext, tmp_path):
    """The generic worksheet maker on Truc's site: sheets made by the reader's own Python
    (the real engine in Pyodide), printed with page.pdf() and held to CPython's engine."""
    with serving(truc_site) as (port, path, _):
        page.goto(f"http://127.0.0.1:{port}{path}handouts/worksheets/")
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'")
        maker = page.locator("[data-worksheet-maker]")
        titles = {k: api.call("puzzle", kind=k, seed=0)["title"] for k in ALL_KINDS}
        for kind in ALL_KINDS:
            box = maker.get_by_label(titles[kind])
            box.check() if kind in ("hand", "eleven") else box.uncheck()
        maker.get_by_label("Puzzles on each sheet").fill("4")
        maker.get_by_label("Different sheets").fill("3")
        maker.get_by_label("First seed").fill("40")
        page.get_by_role("button", name="Make the worksheets").click()
        page.wait_for_selector("[data-worksheet-maker][data-state=made]")
        assert maker.get_attribute("data-made") == "3"
        assert "kinds=hand%2Celeven" in page.url
        assert_no_violations(page, "the Truc worksheet maker with its sheets")
        pdf = tmp_path / "class-set.pdf"
        page.pdf(path=str(pdf), prefer_css_page_size=True)
        every = check_truc_sheets(_pdf_pages(pdftotext, pdf), first_seed=40)
        assert len(every) == 12 and len(set(every)) == 12
        assert {k for k, _ in every} == {"hand", "eleven"}
        assert page.console_errors == []
        assert [u for u in page.requested_urls
                if not u.startswith((f"http://127.0.0.1:{port}/", "blob:", "data:"))] == []


def _glossary_data(name: str) -> list[dict]:
    return yaml.safe_load((ROOT / "sites" / "truc" / "glossary" / name).read_text("utf-8"))


def test_the_glossary_page_is_built_from_the_data_with_every_catalan_word_marked(truc_site):
    """Every Catalan headword of sites/truc/glossary/terms.yaml is an entry of the words page,
    marked lang="ca"; every signal's gesture and meaning is there; the other names keep their
    own language."""
    page = (truc_site / "glossary" / "words" / "index.html").read_text(encoding="utf-8")
    terms, signals = _glossary_data("terms.yaml"), _glossary_data("signals.yaml")
    assert terms and signals
    for e in terms:
        entry = page[page.index(f'id="{e["id"]}"'):]
        entry = entry[:entry.index("</article>")]
        for form in e["ca"]:
            assert f'<span lang="ca">{form["text"]}</span>' in entry, e["id"]
        text = " ".join(re.sub(r"<[^>]+>", "", entry).split())
        assert " ".join(e["gloss"]["en"].split()) in text, e["id"]
        for other in e.get("elsewhere", []):
            assert f'<b lang="{other["lang"]}">{other["text"]}</b>' in entry, other
    for e in signals:
        entry = page[page.index(f'id="{e["id"]}"'):]
        entry = entry[:entry.index("</article>")]
        assert e["en"][0]["text"] in entry and e["gloss"]["en"] in entry, e["id"]
    # The customs the source names only in English: its words, and the note that it gives no
    # term in the game's language (Catalan, or French for the French relatives).
    english = _glossary_data("english.yaml")
    notes = {"catalan": "it gives no Catalan term.", "french": "it gives no French term."}
    assert {e["custom"] for e in english} == set(notes)
    for e in english:
        entry = page[page.index(f'id="{e["id"]}"'):]
        entry = entry[:entry.index("</article>")]
        for said in e["en"]:
            shown = html.escape(said["text"], quote=False)
            assert f'<span lang="en">{shown}</span>' in entry, e["id"]
        assert 'lang="ca"' not in entry.split("</h3>", 1)[0], e["id"]  # no Catalan headword
        # A see-also link is marked Catalan: it may only lead to a Catalan word.
        assert set(e.get("see", [])) <= {t["id"] for t in terms}, e["id"]
        text = " ".join(re.sub(r"<[^>]+>", "", entry).split())
        assert notes[e["custom"]] in text, e["id"]
        assert " ".join(e["gloss"]["en"].split()) in html.unescape(text), e["id"]
    index = json.loads((truc_site / "assets" / "glossary" / "glossary.json").read_text("utf-8"))
    assert [r["id"] for r in index] == [e["id"] for e in terms + signals + english]


def test_catalan_words_on_other_pages_link_to_the_glossary_in_catalan(truc_site):
    # The rules page uses retruc: its first use links to its entry, marked lang="ca", with the
    # entry's meaning in English as its tooltip.
    rules = (truc_site / "rules" / "index.html").read_text(encoding="utf-8")
    link = re.search(r'<a class="gl-term__link" href="([^"]*)#retruc" lang="ca"[^>]*>retruc</a>'
                     r'<span class="gl-term__tip" role="tooltip" id="[^"]+" lang="en"'
                     r' data-search-exclude>([^<]*)</span>', rules)
    assert link, "retruc is not linked on the rules page"
    assert link[1] == "../glossary/words/"
    retruc = next(e for e in _glossary_data("terms.yaml") if e["id"] == "retruc")
    assert link[2] == " ".join(retruc["gloss"]["en"].split())


@pytest.mark.parametrize("file, change, words", [
    ("signals.yaml", lambda t: re.sub(r'  gloss: \{en: "I hold a two\.".*\n', "", t),
     r"glossary/signals\.yaml:\d+: entry 'pout-your-lips': field 'gloss': missing"),
    ("terms.yaml", lambda t: t.replace("  rank: C\n", "  rank: X\n"),
     r"glossary/terms\.yaml:\d+: entry 'cavall': field 'rank': 'X' is not a rank of the"
     r" engine's pack"),
    ("terms.yaml", lambda t: t.replace("    - text: sota\n      sources: [truc]\n",
                                       "    - text: sota\n      sources: [pagat]\n"),
     r"glossary/terms\.yaml:\d+: entry 'sota': field 'ca\[0\]\.sources': 'pagat' is not one of"
     r" truc"),
])
def test_a_bad_glossary_entry_stops_the_build_in_one_line(tmp_path, file, change, words):
    def edit(folder):
        p = folder / "glossary" / file
        changed = change(p.read_text())
        assert changed != p.read_text(), "the change must change the file"
        p.write_text(changed)
    out = _build(tmp_path, edit)
    errors = [line for line in out.stderr.splitlines() if line.startswith("ERROR")]
    assert out.returncode != 0 and len(errors) == 1, out.stderr[-800:]
    assert re.search(words, errors[0]), errors[0]


def test_the_pages_show_the_games_numbers_as_the_engine_plays_them(truc_site):
    # The source's numbers (truc): a game to 12, three cards, a hand worth 1, truc 2, retruc 3,
    # 3 for a hand played at 11 — the engine's facts must be these, and the pages must say them.
    f = api.call("facts")
    assert (f["target"], f["eleven"], f["hand_cards"], f["tap_cards"], f["tricks_to_win"],
            f["base_stake"], f["truc"], f["retruc"], f["eleven_stake"], f["least_raise"],
            f["rubber_games"]) == (12, 11, 3, 1, 2, 1, 2, 3, 3, 1, 2)
    from build_tools.words import words as site_words
    said = site_words("en", "truc")

    def in_words(n: int) -> str:
        return said.t(f"numbers.n{n}")
    # The text a reader reads: the glossary's tooltips (shown on hover) left out.
    rules = re.sub(r'<span class="gl-term__tip"[^>]*>[^<]*</span>', "",
                   (truc_site / "rules" / "index.html").read_text())
    rules = re.sub(r"<[^>]+>", "", rules)
    rules = " ".join(rules.split())
    for words in (f"first team to reach {f['target']} points",
                  f"Spanish one of {f['pack_sizes']['catalan40']} cards",
                  f"A hand is worth {f['base_stake']} point", f"truc raises it to {f['truc']}",
                  f"retruc raises it to {f['retruc']}",
                  f"the hand is worth {f['eleven_stake']} with no betting",
                  f"takes {in_words(f['tricks_to_win'])} tricks wins the hand",
                  f"deal {in_words(f['tap_cards'])} card to each player",
                  f"a hand at {f['eleven']} is dealt, bet and played like any other",
                  f"The source writes the {f['pack_sizes']['french32']}-card order",
                  f"the hand is {in_words(f['tap_cards'])} trick",
                  f"by {in_words(f['least_raise'])} point or more above the stake",
                  f"the first team to win {in_words(f['rubber_games'])} games wins"):
        assert words in rules, words
    assert "truc-fact" not in rules


def _typed_numbers(markdown: str) -> list[str]:
    """The numbers a page types in rather than takes from the engine: its figures and its number
    words before "point", "card", "trick" or "game", leaving out the fact markers, the card orders and
    ranks (a card's name is no rule's number: 1 to 7, the sota (10) …) and the front matter's
    description, which a marker cannot fill."""
    text = re.sub(r"<!-- truc-fact: [^>]*-->", "FACT", markdown.split("\n---\n", 1)[1])
    rank = r"(?:\d+|[ARDVKCS]|rei|cavall|sota)"
    text = re.sub(rf"(?:\b{rank}\b(?: \(1[0-2]\))?[\s·,]*){{4,}}", " ", text)  # an order
    text = re.sub(r"\((1[0-2])\)|\b1 to 7\b", " ", text)  # the ranks of the court cards
    # The cases of the hand.winner clause count drawn tricks: no number the game is set by.
    text = re.sub(r"^- (one trick|two tricks) drawn —", " ", text, flags=re.M)
    words = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    return (re.findall(r"\d+", text)
            + re.findall(rf"\b(?:{words})\s+(?:points?|cards?|tricks?|games?)\b", text, re.I))


def test_the_rules_page_types_no_number_the_engines_facts_hold():
    # The check itself must see a typed number: a page that types "12 points" is caught.
    assert _typed_numbers("---\nx: y\n---\nthe first to 12 points, three cards each") == [
        "12", "three cards"]
    rules = (ROOT / "sites" / "truc" / "docs" / "rules.md").read_text(encoding="utf-8")
    assert _typed_numbers(rules) == []


def test_the_rules_page_lists_every_rule_option_with_each_reading_as_the_engine_does(truc_site):
    page = (truc_site / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'id="readings"' in page
    block = re.search(r'<dl class="truc-options"[^>]*>(.*?)</dl>', page, re.S)
    assert block, "the rules page has no list of the engine's options"
    names = re.findall(r"<dt><strong>[^<]*</strong> <code>([a-z_]+)</code></dt>", block[1])
    options = [o for o in api.call("options")["options"] if len(o["values"]) > 1]
    assert names == [o["name"] for o in options]
    for o, dd in zip(options, re.findall(r"<dd>(.*?)</dd>", block[1], re.S)):
        readings = [html.unescape(re.sub(r"<[^>]+>", "", li))
                    for li in re.findall(r"<li>(.*?)</li>", dd, re.S)]
        # The default first, marked; then every other value; each with its meaning and source.
        assert readings[0] == f"{json.dumps(o['default'])} (the default): " + next(
            v["means"] for v in o["values"] if v["value"] == o["default"])
        assert sorted(readings[1:]) == sorted(f"{json.dumps(v['value'])}: {v['means']}"
                                              for v in o["values"]
                                              if v["value"] != o["default"])
    # The reading the option ``eleven`` names is explained where the engine's reason links.
    assert 'id="eleven-off"' in page


def test_an_unknown_fact_stops_the_build_in_one_line(tmp_path):
    def edit(folder):
        p = folder / "docs" / "learn" / "bets.md"
        p.write_text(p.read_text().replace("<!-- truc-fact: truc -->",
                                           "<!-- truc-fact: jackpot -->"))
    out = _build(tmp_path, edit)
    # MkDocs says which page it was reading, then the build's one line.
    errors = [line for line in out.stderr.splitlines() if line.startswith("ERROR")
              and "Error reading page 'learn/bets.md'" not in line]
    assert out.returncode != 0 and len(errors) == 1, out.stderr[-800:]
    assert re.search(r"learn/bets\.md:\d+: <!-- truc-fact: jackpot -->: the facts are target", errors[0])


def test_trucs_situation_words_name_the_engines_stakes_and_take_their_numbers_from_it():
    # The bets' names are Truc's words (build_tools/games/truc/messages/en/puzzles.yaml); the
    # stakes they name are the engine's (facts: truc, retruc), and the number shown is the
    # event's, never typed into the words.
    from build_tools.words import words

    facts = api.call("facts")
    said = words("en", "truc")
    for stake in (facts["truc"], facts["retruc"]):
        assert f"({stake})" in said.t(f"puzzles.truc_stake_{stake}", n=stake)
    assert "(7)" in said.t(f"puzzles.truc_stake_{facts['truc']}", n=7)
    # and they are Truc's: a build of another game has none of them
    assert not [k for k in words("en", "troccas").entries if k.startswith("puzzles.truc_")]


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_truc_situation_is_drawn_in_trucs_own_words(kind):
    from build_tools import templating
    from build_tools.puzzles import widget
    from build_tools.words import words

    env = templating.environment(words=words("en", "truc"), game="truc")
    drawn = set()
    # A strategy puzzle samples 2,000 deals per figure: six seeds draw each scene twice.
    for seed in range(6 if kind == "strategy" else 40):
        try:
            pz = api.call("puzzle", kind=kind, seed=seed)
        except TrucError:  # no puzzle of this kind from this seed
            continue
        html = widget.render_puzzle(pz, pid=f"seed-{seed}", uid="pz-t", level=None,
                                    heading="h3", base="../", label=lambda t: t, env=env)
        drawn.add(html)
        assert "puzzles.truc_" not in html
    assert drawn, f"no {kind} puzzle from seeds 0-39"


def test_the_strategy_pages_figures_are_the_engines_models():
    # The figures typed into the strategy pages are the engine's: the chance of the game in
    # its model of the score (truc.strategy.game_chance, exact), and the chance from which
    # accepting truc and retruc pays (truc.odds.pays_from) — worked here from the stakes too.
    from truc.odds import pays_from
    from truc.strategy import game_chance

    facts = api.call("facts")
    score = (ROOT / "sites/truc/docs/strategy/score.md").read_text(encoding="utf-8")
    behind, ahead = round(100 * game_chance(4, 10)), round(100 * game_chance(10, 4))
    assert f"4 points against 10 takes the game {behind}% of the time" in score
    assert f"with 10\nagainst 4, {ahead}%" in score
    short = (ROOT / "sites/truc/docs/strategy/short-hands.md").read_text(encoding="utf-8")
    base, truc, retruc = facts["base_stake"], facts["truc"], facts["retruc"]
    for stake, nxt in ((base, truc), (truc, retruc)):
        mark = pays_from(stake, nxt)
        assert mark == round(100 * (nxt - stake) / (2 * nxt))
        assert f"{mark}%" in short
