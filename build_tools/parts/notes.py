"""Source notes: the footnotes that name where a rule comes from (``[^src-pagat]`` in the lessons
and rules pages, listed under each page's "Sources" heading).

A note's mark is a number in superscript; Material shows the note on hover and on keyboard focus
(``content.footnote.tooltips``). This part gives each mark an accessible name that says what it
is and holds the note itself — "Note 3: Sources: pagat, wiki-de." — so a screen reader hears the
source where the rule is, without leaving the sentence.
"""

from __future__ import annotations

import html
import re

from build_tools.parts import Part
from build_tools.words import current

_NOTE = re.compile(r'<li id="fn:([^"]+)">(.*?)</li>', re.S)
_REF = re.compile(r'<a class="footnote-ref" href="#fn:([^"]+)">([^<]+)</a>')
_BACKREF = re.compile(r'<a class="footnote-backref"[^>]*>.*?</a>', re.S)
_TAG = re.compile(r"<[^>]+>")


def note_texts(page_html: str) -> dict[str, str]:
    """Each footnote's text, as plain words (its back-links left out)."""
    out = {}
    for label, body in _NOTE.findall(page_html):
        text = html.unescape(_TAG.sub("", _BACKREF.sub("", body)))
        out[label] = " ".join(text.split())
    return out


def name_marks(page_html: str) -> str:
    if 'class="footnote-ref"' not in page_html:
        return page_html
    texts = note_texts(page_html)
    say = current().t

    def named(m):
        label, number = m.group(1), m.group(2)
        text = texts.get(label)
        if not text:
            return m.group(0)
        name = html.escape(say("notes.note", number=html.unescape(number), text=text), quote=True)
        return f'<a class="footnote-ref" href="#fn:{label}" aria-label="{name}">{number}</a>'

    return _REF.sub(named, page_html)


class NotesPart(Part):
    """Accessible names for the source notes' marks."""

    def on_page_content(self, html_text, page, config, files):
        return name_marks(html_text)
