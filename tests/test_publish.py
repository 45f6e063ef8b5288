"""Publish anywhere (issue 30): a site built for any address, with no link that leaves it.

* ``make build SITE_URL=...`` builds every edition for that address, adds a missing trailing
  slash, and refuses a malformed address with one line and status 2 before building (checked
  with ``make -n``: nothing is built).
* The built test sites (``built_site``, whether built for ``/`` or for a sub-path) hold no
  root-absolute URL outside their own path; their pages link relatively (so a page works at
  whatever depth it is served), except ``404.html``, which a host serves for a missing address
  at any depth and whose every link must therefore work from anywhere; their canonical links,
  hreflang links and sitemaps name the address they were built for.
* The GitHub Pages workflow the README offers (build_tools/hosting/github-pages.yml) is valid
  YAML that runs a ``make build SITE_URL=...`` the Makefile has and publishes the folder it
  builds.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from build_tools import site_url
from conftest import ROOT, ROOT_GAME, built_site_or_fail, games, sitemap_urls

WORKFLOW = ROOT / "build_tools" / "hosting" / "github-pages.yml"
TEXT_FILES = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".xml", ".svg", ".txt"}
# A URL in an attribute or in CSS that starts with one slash (two are scheme-relative).
ATTRIBUTE_URL = re.compile(r"""\b(?:href|src|action|poster|data)\s*=\s*["']?(/(?!/)[^"'\s>]*)""")
CSS_URL = re.compile(r"""url\(\s*["']?(/(?!/)[^"')\s]*)""")
ANY_ATTRIBUTE_URL = re.compile(r"""\b(?:href|src|action|poster)\s*=\s*["']([^"']*)["']""")


def make(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "GAME", "PORT", "MAKEFLAGS")}
    return subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


# --- make build SITE_URL=... ---------------------------------------------------------------------
@pytest.mark.parametrize(("game", "given", "built"), [
    (ROOT_GAME, "https://example.org/troccas", "https://example.org/troccas/"),
    ("truc", "https://Example.org:8443/games/truc", "https://example.org:8443/games/truc/"),
])
def test_site_url_builds_every_edition_at_its_address_with_a_trailing_slash(game, given, built):
    if game not in games():
        pytest.skip(f"no game {game}")
    result = make("-n", "build", f"GAME={game}", f"SITE_URL={given}")
    assert result.returncode == 0, result.stderr
    assert f"SITE_URL={built} " in result.stdout, result.stdout[-2000:]
    # Each edition at SITE_URL<lang>/ (the loop's $lang, as make -n prints it).
    if "for lang in" in result.stdout and "for lang in ;" not in result.stdout:
        assert f"SITE_URL={built}$lang/ " in result.stdout, result.stdout[-2000:]


@pytest.mark.parametrize(("given", "rule"), [
    ("example.org/troccas/", "no http:// or https:// scheme"),
    ("https://example.org/troccas/?lang=de", "query"),
    ("https://example.org/my troccas/", "space"),
])
def test_malformed_site_url_stops_make_with_one_line_and_status_2(given, rule):
    result = make("-n", "build", f"SITE_URL={given}")
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert rule in lines[0] and "SITE_URL=" in lines[0], lines[0]
    assert "mkdocs build" not in result.stdout


def test_a_bare_mkdocs_build_refuses_a_malformed_site_url_before_writing_anything(tmp_path):
    """make checks SITE_URL first; `mkdocs build` run by hand gets the same rule from the plugin,
    as one error line naming the config and site_url, and no site folder."""
    out = tmp_path / "site"
    env = {**{k: v for k, v in os.environ.items() if k != "SITE_URL"},
           "SITE_URL": "https://example.org/troccas/?lang=de"}
    result = subprocess.run([str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "-q", "-f",
                             str(ROOT / "mkdocs.yml"), "--site-dir", str(out)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    said = result.stdout + result.stderr
    assert result.returncode != 0, said
    errors = [line for line in said.splitlines() if line.startswith("ERROR")]
    assert len(errors) == 1 and "mkdocs.yml: site_url: " in errors[0] and "query" in errors[0], said
    assert "Traceback" not in said
    assert not out.exists()


@pytest.mark.parametrize(("given", "rule"), [
    ("", "empty"),
    ("ftp://example.org/troccas/", "scheme ftp://"),
    ("https://example.org/troccas/#top", "fragment"),
    ("https://example.org/a\tb/", "space or another blank"),
    ("https:///troccas/", "no host"),
    ("https://example.org:99999/", "port"),
    ("https://example.org:0/", "port"),
    ("https://someone@example.org/", "user name"),
    ("https://example.org/it's/", "character"),
])
def test_site_url_rules(given, rule):
    with pytest.raises(site_url.SiteUrlError, match=re.escape(rule)):
        site_url.normalise(given)


def test_site_url_keeps_host_port_and_path_and_adds_the_slash():
    assert site_url.normalise("HTTP://Example.org") == ("http://example.org/", 80, "/")
    assert site_url.normalise("https://example.org/a/b") == ("https://example.org/a/b/", 443, "/a/b/")
    assert site_url.normalise("http://192.168.1.20:8000/") == ("http://192.168.1.20:8000/", 8000, "/")


# --- the built sites ----------------------------------------------------------------------------
def _editions(site: Path) -> list[Path]:
    """The site's folder and each edition's folder in it (each has its own sitemap.xml)."""
    return [site] + sorted(p.parent for p in site.glob("*/sitemap.xml"))


def _home(folder: Path) -> str:
    return min(sitemap_urls(folder), key=len)


@functools.cache
def _root_absolute(site: Path) -> tuple[tuple[Path, str], ...]:
    """Every root-absolute URL in the site's text files, with the file: in attributes and CSS,
    and in scripts and JSON a quoted path into one of the site's top-level entries (how a
    root-absolute reference to the site's own files would look there)."""
    top = "|".join(re.escape(p.name) for p in site.iterdir())
    js_url = re.compile(rf"""[\"'`](/(?:{top})(?=[/\"'`?#]))""")
    found: list[tuple[Path, str]] = []
    for path in sorted(site.rglob("*")):
        if path.suffix not in TEXT_FILES or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if "/" not in text:
            continue
        urls = ATTRIBUTE_URL.findall(text) + CSS_URL.findall(text)
        if path.suffix in {".js", ".mjs", ".json", ".webmanifest"}:
            urls += js_url.findall(text)
        found += [(path, url) for url in urls]
    return tuple(found)


@pytest.fixture(scope="module", params=games())
def built(request) -> tuple[Path, str]:
    """A game's built test site and the path of the address it was built for (``/`` or a
    sub-path such as ``/sub/path/``)."""
    site = built_site_or_fail(request.param)
    return site, urlsplit(_home(site)).path or "/"


def test_no_root_absolute_url_outside_the_sites_own_path(built):
    site, own = built
    outside = [f"{path.relative_to(site)}: {url}" for path, url in _root_absolute(site)
               if not url.startswith(own)]
    assert not outside, f"root-absolute URLs outside {own}:\n" + "\n".join(outside[:20])


def test_pages_link_relatively_except_404(built):
    """A page's links are relative (so the pages work wherever the folder is served); only
    404.html, served at any depth, names the site's path."""
    site, _own = built
    absolute = [f"{path.relative_to(site)}: {url}" for path, url in _root_absolute(site)
                if path.suffix == ".html" and path.name != "404.html"]
    assert not absolute, "root-absolute URLs in pages:\n" + "\n".join(absolute[:20])


def test_404_page_links_work_from_any_depth(built):
    site, own = built
    for folder in _editions(site):
        page = folder / "404.html"
        if not page.is_file():
            continue
        text = page.read_text(encoding="utf-8")
        relative = [url for url in ANY_ATTRIBUTE_URL.findall(text)
                    if url and not re.match(r"(?:[a-z][a-z0-9+.-]*:|/|#)", url)]
        assert not relative, f"{page.relative_to(site)}: links that depend on its depth: {relative[:10]}"
        # The switch to each edition reaches that edition's home.
        for lang_link in re.findall(r'<a href="([^"]+)" hreflang="[^"]+"[^>]*class="md-select__link"', text):
            assert lang_link.startswith(own), (page, lang_link)


def test_canonical_hreflang_and_sitemap_name_the_sites_address(built):
    site, _own = built
    for folder in _editions(site):
        home = _home(folder)
        assert all(u.startswith(home) for u in sitemap_urls(folder)), folder
        for url in sitemap_urls(folder)[:40]:
            rel = url[len(home):]
            page = folder / rel / "index.html" if not rel.endswith(".html") else folder / rel
            text = page.read_text(encoding="utf-8")
            canonical = re.search(r'<link rel="canonical" href="([^"]+)"', text)
            assert canonical and canonical.group(1) == url, (page, canonical and canonical.group(1))
            site_home = _home(site)
            for alt in re.findall(r'<link rel="alternate" href="([^"]+)" hreflang=', text):
                assert alt.startswith(site_home), (page, alt)


# --- the GitHub Pages workflow ------------------------------------------------------------------
def test_github_pages_workflow_runs_a_make_build_the_makefile_has_and_publishes_its_folder():
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads the bare key `on` as true
    assert "push" in on and "workflow_dispatch" in on
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    runs = [s["run"] for s in build["steps"] if "run" in s]
    builds = [r for r in runs if r.startswith("make build")]
    assert len(builds) == 1, runs
    # The address GitHub gives, as configure-pages reports it.
    command = builds[0].replace("${{ steps.pages.outputs.base_url }}", "https://someone.github.io/troccas")
    game = flow.get("env", {}).get("GAME", ROOT_GAME)
    args = command.split()[1:]
    result = make("-n", *args, f"GAME={game}")
    assert result.returncode == 0, result.stderr
    assert "SITE_URL=https://someone.github.io/troccas/ " in result.stdout
    upload = [s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert len(upload) == 1
    assert upload[0]["with"]["path"] == ("site" if game == ROOT_GAME else f"site-{game}")
    apt = " ".join(r for r in runs if "apt-get install" in r)
    for package in ("make", "python3-venv", "chromium", "git"):
        assert re.search(rf"\b{re.escape(package)}\b", apt), f"the workflow installs no {package}"


def test_readme_and_site_point_to_the_workflow_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Publish the site" in readme
    assert str(WORKFLOW.relative_to(ROOT)) in readme


# --- make build GAME=all ------------------------------------------------------------------------
def test_all_games_in_one_tree_share_the_root_games_runtime():
    """GAME=all: the root's game at the address (it places the runtime), each other game at
    <address><game>/ in site-all/<game>/, pointing up to that runtime (CARDSITE_RUNTIME=../)
    rather than placing its own, and each of their editions one more level up."""
    result = make("-n", "build", "GAME=all", "SITE_URL=https://example.org/cards")
    assert result.returncode == 0, result.stderr
    builds = [line for line in result.stdout.splitlines() if "mkdocs build --strict" in line]
    root = [b for b in builds if f"--site-dir {ROOT}/site-all " in b + " "]
    assert len(root) == 1 and "SITE_URL=https://example.org/cards/ " in root[0]
    assert "CARDSITE_RUNTIME" not in root[0]
    for game in (g for g in games() if g != ROOT_GAME):
        own = [b for b in builds if f"--site-dir {ROOT}/site-all/{game} " in b + " "]
        assert len(own) == 1, (game, builds)
        assert f"SITE_URL=https://example.org/cards/{game}/ " in own[0]
        assert "CARDSITE_RUNTIME=../ " in own[0], own[0]
