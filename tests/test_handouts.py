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
from build_tools.glossary import load_glossary  # noqa: E402
from build_tools.glossary.load import rm_forms  # noqa: E402
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
    # Ranking: every suit in the engine's order.
    for suit in "crsb":
        order = [c["token"] for c in pack if c["kind"] == "suit" and c["suit"] == suit]
        assert " ".join(order) in t, suit


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
            assert flat(s["text"]) in t, (e["id"], s["text"])


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
    for seed, count in handouts.SITE_SHEETS:
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
    (["worksheet", "count", "-o", "no/such/folder/x.pdf"], "cannot write the worksheet"),
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
    env = dict(os.environ, TROCCAS_CHROMIUM=str(tmp_path / "no-chromium"))
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
