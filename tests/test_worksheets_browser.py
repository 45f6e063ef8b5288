"""The worksheet maker in Chromium (handouts/worksheets/): a teacher's bad input gets its line on
the page, and a class set of 12 mixed sheets made by the reader's own Python, printed with
page.pdf() (what the browser's print does) and read back with pdftotext: every sheet carries its
own seed, no two share a puzzle, each key is its sheet's and gives the engine's answers and
working (tests/worksheet_pdf.py asks troccas.api itself), and nothing of the site prints."""

from __future__ import annotations

import re

from a11y_helpers import assert_no_violations
from worksheet_pdf import check_sheet, flat, pages, sheets


def test_a_class_set_of_12_printed_from_the_browser(page, site_server, wait_engine, tmp_path):
    page.goto(site_server.url_of("handouts/worksheets/"))
    maker = page.locator("[data-worksheet-maker]")
    error = maker.locator("[data-maker-error]")
    make = page.get_by_role("button", name="Make the worksheets")
    assert wait_engine(page) == "ready"

    # Bad input: one line on the page, from the same checks as the command line.
    maker.get_by_label("Puzzles on each sheet").fill("0")
    make.click()
    error.wait_for()
    assert error.inner_text() == ("The number of puzzles on a sheet must be a whole number "
                                  "from 1 to 50, not 0.")
    maker.get_by_label("Counting").uncheck()
    maker.get_by_label("Puzzles on each sheet").fill("4")
    make.click()
    page.wait_for_function("el => el.textContent.startsWith('Choose at least')",
                           arg=error.element_handle())
    assert error.is_visible() and maker.get_attribute("data-made") is None

    # A class set: counting (tables of 3, 4 and 5 players) mixed with legal plays.
    maker.get_by_label("Counting").check()
    maker.get_by_label("Legal plays").check()
    maker.get_by_label("Different sheets").fill("12")
    maker.get_by_label("First seed").fill("30")
    make.click()
    page.wait_for_selector("[data-worksheet-maker][data-state=made]")
    assert error.is_hidden()
    assert maker.get_attribute("data-made") == "12"
    announced = [int(s) for s in re.search(r"seeds ([\d, ]+)\)",
                                           maker.locator("[data-maker-done]").inner_text())
                 .group(1).split(", ")]
    assert "kinds=count%2Clegal" in page.url and "sheets=12" in page.url  # the set's own link
    assert_no_violations(page, "the worksheet maker with its sheets")

    pdf = tmp_path / "class-set.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True)
    texts = pages(pdf)
    found = sheets(pdf, texts)
    texts = [flat(t) for t in texts]

    assert len(found) == 12
    assert [s.seed for s in found] == announced and len(set(announced)) == 12
    every = [p for s in found for p in s.puzzles]
    assert len(every) == 12 * 4 and len(set(every)) == len(every), "a puzzle on two sheets"
    for i, s in enumerate(found):
        assert sorted({k for k, _ in s.puzzles}) == ["count", "legal"]
        # Its key comes after it, on a page of its own, before the next sheet.
        following = found[i + 1].first_page if i + 1 < len(found) else len(texts) + 1
        assert s.first_page < s.key_page < following
        check_sheet(s)
    # Only the sheets print: every page opens a sheet, a key or goes on with puzzles.
    for n, t in enumerate(texts, 1):
        assert re.match(r"(Worksheet:|Answer key:|Puzzle \d+)", t), (n, t[:80])
        assert "Worksheet maker" not in t and "Kinds of puzzle" not in t, n
    assert page.console_errors == []
    assert all(u.startswith(site_server.url) or u.startswith(("blob:", "data:"))
               for u in page.requested_urls), [u for u in page.requested_urls
                                               if not u.startswith(site_server.url)]
