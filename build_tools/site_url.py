"""The address a site is built for (``make build SITE_URL=...``), checked before anything builds.

A site is built for one address: its canonical links, its sitemap, Material's instant navigation
and the 404 page all name it. Any scheme the browser serves a site over (``http``, ``https``),
any host and port, any sub-path; the path gets its trailing slash (each edition lives at
``SITE_URL<lang>/``, which needs it). What cannot be an address to publish at is refused with
one line: no scheme or host, a query or a fragment (MkDocs would glue page paths after them),
spaces or other characters a URL must escape.

Run by the Makefile with the system's ``python3`` before any set-up, so it needs only the
standard library:
``python3 build_tools/site_url.py URL`` prints ``<url> <port> <path>`` (the URL with its
trailing slash, its port, explicit or the scheme's, and its path), or ``SITE_URL=...: <rule>``
and exits 2.
"""

from __future__ import annotations

import re
import sys
from urllib.parse import urlsplit, urlunsplit

SCHEMES = {"http": 80, "https": 443}
# RFC 3986's unreserved and reserved characters and %-escapes, less the quote, which the
# Makefile's shell lines could not carry.
URL_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]*")
EXAMPLE = "https://example.org/cards/"


class SiteUrlError(ValueError):
    """A SITE_URL that cannot be a site's address: the message names the rule broken."""


def normalise(url: str) -> tuple[str, int, str]:
    """``url`` with its trailing slash, its port and its path; :class:`SiteUrlError` if malformed."""
    def refuse(rule: str) -> SiteUrlError:
        return SiteUrlError(f"SITE_URL={url!r}: {rule} (an address to publish at looks like {EXAMPLE})")

    if not url.strip():
        raise refuse("is empty")
    if re.search(r"\s", url):
        raise refuse("has a space or another blank; escape it as %20 or leave it out")
    if not URL_CHARACTERS.fullmatch(url):
        bad = next(c for c in url if not URL_CHARACTERS.fullmatch(c))
        raise refuse(f"has the character {bad!r}, which a URL must escape")
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise refuse("has no http:// or https:// scheme" if not parts.scheme or "://" not in url
                     else f"has the scheme {parts.scheme}://; a site is served over http:// or https://")
    if not parts.hostname:
        raise refuse("has no host")
    if "?" in url:
        raise refuse("has a query (?...); a site's address is a folder, and page paths follow it")
    if "#" in url:
        raise refuse("has a fragment (#...); a site's address is a folder, and page paths follow it")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or (port is None and parts.netloc.endswith(":")):
        raise refuse("has a port that is not a number from 1 to 65535")
    port = port or SCHEMES[parts.scheme]
    if "@" in parts.netloc:
        raise refuse("has a user name or password (user@host)")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urlunsplit((parts.scheme, parts.netloc.lower(), path, "", "")), port, path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python3 build_tools/site_url.py URL", file=sys.stderr)
        return 2
    try:
        url, port, path = normalise(argv[0])
    except SiteUrlError as error:
        print(error)
        return 2
    print(url, port, path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
