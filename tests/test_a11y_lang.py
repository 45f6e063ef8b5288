"""Language: every page declares lang="en"; Romansh words are marked lang="rm" so screen readers
pronounce them as Romansh (and German phrases lang="de").

The Romansh terms come from the glossary data (assets/glossary/glossary.json, every entry's
``rm`` names). A failure names the page, the term, and the element whose text holds it unmarked.
"""

from __future__ import annotations

import json
import re

import pytest

from a11y_helpers import sitemap_paths

PAGES = sitemap_paths()
# The game's own name is used as an English word (the glossary hook does not mark it either).
NOT_MARKED = {"troccas"}

UNMARKED_TERMS = r"""([terms, exclude]) => {
  const res = terms.map((t) => [t, new RegExp(`(?<![\\p{L}\\p{M}])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{M}])`, 'iu')]);
  const root = document.querySelector('article') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  const describe = (el) => {
    const parts = [];
    for (let e = el; e && e !== root && parts.length < 4; e = e.parentElement) {
      parts.unshift(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                    (e.classList.length ? '.' + [...e.classList].slice(0, 2).join('.') : ''));
    }
    return parts.join(' > ');
  };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(exclude)) continue;
    const lang = (el.closest('[lang]')?.getAttribute('lang') || '').toLowerCase();
    // Romansh, or explicitly another language (a French or German name spelt alike).
    if (lang && lang !== 'en') continue;
    // Text pieces in one element (a term may be split by markup): test the element's whole text.
    const text = n.textContent;
    for (const [t, re] of res) {
      if (re.test(text)) found.push({term: t, lang: lang || '(none)', where: describe(el),
                                    text: text.trim().slice(0, 120)});
    }
  }
  return found;
}"""

# Not checked: code; hidden text; a card picture's <title> (a mixed-language accessible name,
# "il bagat — trump I, Le Bateleur", which one lang attribute cannot describe); the glossary
# filter's <option>s (place names).
EXCLUDE = ("script, style, code, pre, .headerlink, [aria-hidden='true'], .gl-term__tip, .cs-sr-only, "
           "svg title, option")


def romansh_terms(site_dir) -> list[str]:
    data = json.loads((site_dir / "assets" / "glossary" / "glossary.json").read_text("utf-8"))
    # Place names (Medel, Cuoz, Surselva) are proper nouns, used as such in English text.
    places = {rm.strip().lower() for e in data if e.get("category") == "place" for rm in e.get("rm", [])}
    places |= {p.lower() for e in data for p in e.get("places", [])}
    terms = {rm.strip() for entry in data for rm in entry.get("rm", [])
             if rm.strip() and rm.strip().lower() not in places}
    return sorted((t for t in terms if t.lower() not in NOT_MARKED and len(t) > 2), key=len, reverse=True)


def test_every_page_declares_its_language(site_dir):
    """English pages say lang="en"; the German edition's (de/) say lang="de"."""
    pages = sorted(site_dir.rglob("index.html")) + [site_dir / "404.html", site_dir / "de" / "404.html"]
    wrong = []
    for path in pages:
        rel = path.relative_to(site_dir)
        want = "de" if rel.parts[0] == "de" else "en"
        head = path.read_text("utf-8")[:600]
        m = re.search(r"<html\b[^>]*\blang=\"([^\"]*)\"", head)
        if not m or m.group(1) != want:
            wrong.append(f"{rel}: {m.group(0) if m else 'no lang on <html>'} (want {want})")
    assert len(pages) > 100 and not wrong, "pages without their edition's lang:\n" + "\n".join(wrong)


# Every page with Romansh words in its English text. The glossary hook marks them (a tooltip link
# for the first, ``<span lang="rm">`` for every other; build_tools/glossary/render.py, mark_lang).
ROMANSH_PAGES = [
    "glossary/words/",
    "glossary/trumps/",
    "glossary/tschintschar/",
    "glossary/cards/",
    "rules/cards/",
    "rules/counting/",
    "learn/cards/",
    "learn/tschintschar/",
]


@pytest.mark.parametrize("path", ROMANSH_PAGES, ids=lambda p: "/" + p)
def test_romansh_terms_are_marked_rm(path, site_server, page):
    if path not in PAGES:
        pytest.skip(f"/{path} is not in this build")
    page.goto(site_server.url_of(path))
    page.wait_for_load_state("load")
    found = page.evaluate(UNMARKED_TERMS, [romansh_terms(site_server.dir), EXCLUDE])
    if found:
        lines = [f"/{path}: {len(found)} Romansh term(s) outside any lang=\"rm\" element:"]
        for f in found[:25]:
            lines.append(f"  '{f['term']}' in {f['where']} (lang {f['lang']}): {f['text']!r}")
        if len(found) > 25:
            lines.append(f"  ... and {len(found) - 25} more")
        raise AssertionError("\n".join(lines))


def test_german_names_are_marked_de(site_server, page):
    """The trump table's German names (from the glossary data) sit in lang="de" elements."""
    path = "glossary/trumps/"
    if path not in PAGES:
        pytest.skip(f"/{path} is not in this build")
    data = json.loads((site_server.dir / "assets/glossary/glossary.json").read_text("utf-8"))
    german = sorted({d for e in data if e["kind"] == "trumps" for d in e.get("de", []) if len(d) > 3})
    page.goto(site_server.url_of(path))
    unmarked = page.evaluate(
        """(names) => {
             const out = [];
             for (const td of document.querySelectorAll('article td, article li, article dd')) {
               for (const n of names) {
                 for (const node of td.childNodes) {
                   if (node.nodeType === 3 && node.textContent.includes(n)) out.push(n);
                 }
                 for (const el of td.querySelectorAll(':not(svg, svg *)')) {
                   if ([...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.includes(n))
                       && (el.closest('[lang]')?.getAttribute('lang') || 'en') === 'en') out.push(n + ' in <' + el.tagName.toLowerCase() + '>');
                 }
               }
             }
             return [...new Set(out)];
           }""", german)
    assert not unmarked, f"/{path}: German names outside lang=\"de\": {unmarked[:20]}"
