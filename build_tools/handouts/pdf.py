"""HTML to PDF with Debian's headless Chromium through Playwright — nothing else is fetched.

    with Renderer() as r:
        r.pdf(html, Path("site/handouts/summary.pdf"), footer="<game> · rules summary")

Every request the page makes is aborted (the handouts inline their CSS and card pictures), and a
page that tried to fetch anything fails with one line naming the URL. The PDF is written to a
temporary file beside the target and renamed, so a failure never leaves a half-written PDF.
"""

from __future__ import annotations

import os
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Playwright is imported only when a Renderer starts
    from playwright.sync_api import Browser, Page, PdfMargins, Playwright

# Debian's Chromium; CARDSITE_CHROMIUM names another Chromium binary.
CHROMIUM = os.environ.get("CARDSITE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
INSTALL_HINT = "run `make setup` for Playwright, and install Debian's chromium (sudo apt-get install -y chromium)"
MARGIN: PdfMargins = {"top": "14mm", "bottom": "16mm", "left": "15mm", "right": "15mm"}


class HandoutError(Exception):
    """One line saying what went wrong (and what to install, if that is the cause)."""


class Renderer:
    """One headless Chromium, one page, reused for every PDF of a build."""

    _pw: Playwright | None
    _browser: Browser | None
    _page: Page | None

    def __init__(self) -> None:
        self._pw = self._browser = self._page = None
        self._blocked: list[str] = []

    def __enter__(self) -> "Renderer":
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            raise HandoutError(f"Playwright is not installed: {INSTALL_HINT}") from None
        if not Path(CHROMIUM).is_file():
            raise HandoutError(f"{CHROMIUM} is missing: {INSTALL_HINT}")
        try:
            self._pw = sync_playwright().start()
            self._browser = self._pw.chromium.launch(executable_path=CHROMIUM,
                                                     args=CHROMIUM_ARGS, headless=True)
            context = self._browser.new_context(service_workers="block")
            self._page = context.new_page()
        except Exception as exc:  # noqa: BLE001 - Playwright's errors carry a long log
            self.__exit__(None, None, None)
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise HandoutError(f"Chromium did not start ({first}): {INSTALL_HINT}") from None
        self._page.route("**/*", self._block)
        return self

    def _block(self, route) -> None:
        self._blocked.append(route.request.url)
        route.abort()

    def __exit__(self, *exc) -> None:
        for close in (self._browser and self._browser.close, self._pw and self._pw.stop):
            if close:
                try:
                    close()
                except Exception:  # noqa: BLE001 - closing after a failure
                    pass
        self._pw = self._browser = self._page = None

    def pdf_bytes(self, html: str, *, footer: str = "") -> bytes:
        assert self._page is not None, "a Renderer makes PDFs inside its with block"
        self._blocked.clear()
        self._page.set_content(html, wait_until="load")
        if self._blocked:
            raise HandoutError(f"a handout tried to fetch {self._blocked[0]}; handouts must "
                               f"inline everything")
        from build_tools.words import current  # "page 1 of 2", in the build's language
        page_of = escape(current().t("handouts.page_of", page="\0p", pages="\0n")).replace(
            "\0p", '<span class="pageNumber"></span>').replace(
            "\0n", '<span class="totalPages"></span>')
        foot = (f'<div style="font: 7.5pt sans-serif; color: #555; width: 100%; '
                f'padding: 0 15mm; display: flex; justify-content: space-between">'
                f'<span>{escape(footer)}</span><span>{page_of}</span></div>')
        return self._page.pdf(format="A4", print_background=True, margin=MARGIN,
                              display_header_footer=True, header_template="<span></span>",
                              footer_template=foot)

    def pdf(self, html: str, out: Path, *, footer: str = "") -> Path:
        write_atomic(out, self.pdf_bytes(html, footer=footer))
        return out


def refused_output(id: str, **params) -> HandoutError:
    """A target that cannot be written, said in the game's engine's words (``output#…``)."""
    from cardgame.messages import Message

    from build_tools.worksheets.sheets import game
    return HandoutError(str(Message(game(), id, params)))


def write_atomic(out: Path, data: bytes) -> None:
    """Writes ``data`` whole or not at all, never over a device or a folder, through a
    symlink, with the usual mode: the engine's one writer (``cardgame.files``)."""
    from cardgame.files import write_file
    write_file(out, data, refused_output)
