"""What the Play page's browser tests check of the screen (issue 29): the table's parts the
reader needs at a move on one screen, and the keyboard's focus shown, in front and in view."""

from __future__ import annotations

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# The parts of the table a move needs: the trick, the words to say, the coach's line and its
# folded figures, the hand, the coach's buttons.
PARTS = {"trick": "[data-play-trick]", "actions": "[data-play-act]", "advice": "[data-play-advice]",
         "details": "[data-play-hintdetails] > summary", "hand": "[data-play-hand]",
         "coach": "[data-play-coach]"}

# Each shown part's box, and the bottom of the theme's sticky header (nothing shows under it).
_BOXES = """(parts) => {
  const out = {};
  for (const [name, sel] of Object.entries(parts)) {
    const e = document.querySelector(sel);
    if (!e || e.closest('[hidden]') || !e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    if (!r.height) continue;  // an empty part (no words to say now)
    out[name] = {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  }
  const header = document.querySelector('.md-header');
  return {boxes: out, top: header ? header.getBoundingClientRect().bottom : 0,
          width: innerWidth, height: innerHeight};
}"""

# The focused control: inside the screen below the header, in front of whatever overlaps it
# (the hand's rows overlap), with an outline (or a ring drawn as a shadow).
_FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  const header = document.querySelector('.md-header');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
  return {what: e.outerHTML.slice(0, 80),
          inside: r.top >= top - 0.5 && r.bottom <= innerHeight + 0.5 && r.left >= -0.5
                  && r.right <= innerWidth + 0.5,
          front: !!hit && e.contains(hit),
          outline: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
                   || (!!s.boxShadow && s.boxShadow !== 'none')};
}"""


def assert_on_one_screen(page, *names: str) -> dict:
    """The named parts of the table (those shown now) are all inside the screen at once."""
    seen = page.evaluate(_BOXES, {n: PARTS[n] for n in names})
    for name, b in seen["boxes"].items():
        assert b["top"] >= seen["top"] - 0.5 and b["bottom"] <= seen["height"] + 0.5 \
            and b["left"] >= -0.5 and b["right"] <= seen["width"] + 0.5, (name, seen)
    return seen


def assert_focus_shown(page) -> None:
    """The keyboard's focus is on a control that shows it: an outline, in front, in view."""
    got = page.evaluate(_FOCUS)
    assert got and got["inside"] and got["front"] and got["outline"], got
