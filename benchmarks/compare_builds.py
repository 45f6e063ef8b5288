"""Compare the text of two builds of the site, page by page.

    .venv/bin/python benchmarks/compare_builds.py OLD_SITE NEW_SITE [--show 5]

A reshape of the code should leave what a reader sees unchanged. This reads every HTML page of
both builds, keeps what a reader is shown — the visible text, and the text of attributes a
reader meets (alt, title, aria-label, placeholder) — drops scripts, styles and asset hashes
(``main.1a2b3c.min.css``), and reports the pages that exist in only one build and the pages
whose text differs, with the first differing lines of each. Exit status 0 when the texts are
the same, 1 when they differ.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

_HASH = re.compile(r"\.[0-9a-f]{8,}\.(min\.)?(js|css)")
_READ_ATTRS = ("alt", "title", "aria-label", "placeholder")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.skip += 1
        if self.skip:  # not shown: a script, a style, or a template until it is used
            return
        for name, value in attrs:
            if name in _READ_ATTRS and value:
                self.parts.append(f"[{name}: {value}]")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.parts.append(" ".join(data.split()))


def page_text(path: Path) -> list[str]:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    return [_HASH.sub(".HASH.\\2", line) for line in parser.parts]


def pages(site: Path) -> dict[str, Path]:
    return {str(p.relative_to(site)): p for p in sorted(site.rglob("*.html"))}


def compare(old: Path, new: Path, show: int = 5) -> int:
    a, b = pages(old), pages(new)
    only_old, only_new = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    changed = []
    for name in sorted(set(a) & set(b)):
        ta, tb = page_text(a[name]), page_text(b[name])
        if ta != tb:
            changed.append((name, list(difflib.unified_diff(ta, tb, lineterm="", n=0))[2:]))
    print(f"{len(a)} pages in {old}, {len(b)} in {new}: {len(changed)} differ in text,"
          f" {len(only_old)} only in the old build, {len(only_new)} only in the new")
    for name in only_old:
        print(f"  only old: {name}")
    for name in only_new:
        print(f"  only new: {name}")
    for name, diff in changed:
        print(f"  differs: {name} ({sum(1 for d in diff if d[:1] in '+-')} lines)")
        for line in [d for d in diff if d[:1] in "+-"][:show]:
            print(f"      {line[:160]}")
    return 1 if changed or only_old or only_new else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("old", type=Path)
    p.add_argument("new", type=Path)
    p.add_argument("--show", type=int, default=5, help="differing lines shown per page")
    args = p.parse_args(argv)
    return compare(args.old, args.new, args.show)


if __name__ == "__main__":
    sys.exit(main())
