"""The built site, read as files: what the build put where, and that nothing points off-site."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import cardgame
from troccas import __version__, api

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")


class _Assets(HTMLParser):
    """Every URL an HTML page makes the browser fetch by itself (not plain links)."""

    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "img", "iframe", "audio", "video", "source", "embed") and a.get("src"):
            self.urls.append(a["src"])
        if tag == "link" and a.get("href") and set((a.get("rel") or "").split()) & {
                "stylesheet", "icon", "preload", "modulepreload", "prefetch", "preconnect",
                "dns-prefetch", "manifest"}:
            self.urls.append(a["href"])
        if tag == "object" and a.get("data"):
            self.urls.append(a["data"])
        if a.get("style") and "url(" in a["style"]:
            self.urls.extend(re.findall(r"url\(['\"]?([^'\")]+)", a["style"]))


def html_files(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_pyodide_and_the_engine_are_in_the_site(site_dir):
    # In the runtime's folder, pyodide/<version>-<hash>/ (config.extra.cardsite.pyodide).
    runtime = site_dir / _config(site_dir)["pyodide"]
    for name in PYODIDE_FILES:
        assert (runtime / name).stat().st_size > 0, name
    # One wheel, named for no game, holds every engine package (engine/pyproject.toml).
    name = f"cardgame_engines-{cardgame.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(ROOT / "build" / "wheels" / name) as zf:
        built = {n for n in zf.namelist() if ".dist-info/" not in n}
    assert "troccas/api.py" in built and "troccas/messages/en.json" in built
    assert "cardgame/__init__.py" in built and "truc/api.py" in built
    if _config(site_dir)["precompiled"]:
        # The engine's every file is in the stdlib zip or the rest's (what the start does not
        # import), each module compiled, and in one of them only; no wheel shipped.
        with zipfile.ZipFile(runtime / "python_stdlib.zip") as zf:
            start = set(zf.namelist())
        with zipfile.ZipFile(runtime / _config(site_dir)["rest"]) as zf:
            rest = set(zf.namelist())
        assert {n[:-3] + ".pyc" if n.endswith(".py") else n for n in built} <= start | rest
        assert not start & rest
        # The facade and the catalogues start the engine; the bots and the solver come after.
        assert {"troccas/api.pyc", "troccas/messages/en.json", "truc/api.pyc"} <= start
        assert {"troccas/solver.pyc", "troccas/bots/search.pyc", "troccas/cli.pyc"} <= rest
        assert not list((site_dir / "engine").glob("*.whl"))
    else:
        with zipfile.ZipFile(site_dir / "engine" / name) as zf:
            assert built <= set(zf.namelist())


def test_the_runtime_ships_brotli_and_gzip_twins_that_the_worker_never_asks_for(site_dir):
    """Each big runtime file has <file>.br and <file>.gz beside it, each decompressing to the
    file (a host sends them as they are: build_tools/hosting/nginx.conf); the stdlib zips'
    members are stored, so that the twins compress each zip as a whole; and the service
    worker's list of the runtime's files names no twin (the browser never asks for one)."""
    cfg = _config(site_dir)
    runtime = site_dir / cfg["pyodide"]
    files = PYODIDE_FILES + ((cfg["rest"],) if cfg["rest"] else ())
    node = shutil.which("node")
    assert node, "node is needed (make npm)"
    # One Node for every .br twin: the SHA-256 of each one decompressed, a line each.
    unbrotli = subprocess.run(
        [node, "-e", "const z = require('zlib'), fs = require('fs'), c = require('crypto');"
                     "for (const f of process.argv.slice(1)) console.log(c.createHash('sha256')"
                     ".update(z.brotliDecompressSync(fs.readFileSync(f))).digest('hex'))",
         *(str(runtime / f"{name}.br") for name in files)],
        capture_output=True, text=True, check=True).stdout.split()
    for name, br_sha256 in zip(files, unbrotli, strict=True):
        data = (runtime / name).read_bytes()
        assert gzip.decompress((runtime / f"{name}.gz").read_bytes()) == data, name
        assert br_sha256 == hashlib.sha256(data).hexdigest(), name
        assert (runtime / f"{name}.br").stat().st_size < (runtime / f"{name}.gz").stat().st_size
    if cfg["precompiled"]:
        for name in ("python_stdlib.zip", cfg["rest"]):
            with zipfile.ZipFile(runtime / name) as zf:
                deflated = [i.filename for i in zf.infolist()
                            if i.compress_type != zipfile.ZIP_STORED]
            assert deflated == [], name
    worker = (site_dir / "sw.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"const RUNTIME_FILES = (\[.*?\]);", worker).group(1))
    assert sorted(n for n, _ in listed) == sorted(files)


def test_precompiled_python_matches_pyodide(site_dir):
    cfg = _config(site_dir)
    with zipfile.ZipFile(site_dir / cfg["pyodide"] / "python_stdlib.zip") as zf:
        pycs = [n for n in zf.namelist() if n.endswith(".pyc")]
    if not cfg["precompiled"]:
        assert pycs == []
        return
    manifest = json.loads((ROOT / "build" / "pyodide" / "manifest.json").read_text())
    assert manifest["pyodide_version"] == cfg["pyodide_version"]
    assert "json/__init__.pyc" in pycs and "encodings/__init__.pyc" in pycs
    with zipfile.ZipFile(site_dir / cfg["pyodide"] / "python_stdlib.zip") as zf:
        magic = zf.read("json/__init__.pyc")[:4]
        flags = int.from_bytes(zf.read("json/__init__.pyc")[4:8], "little")
    assert flags == 0b01  # hash-based, unchecked: zipimport never looks for the source
    assert magic[2:] == b"\r\n"


def _config(site_dir) -> dict:
    page = (site_dir / "index.html").read_text()
    return json.loads(re.search(r'<script id="cardsite-config" type="application/json">(.*?)</script>',
                                page).group(1))


def test_pages_carry_the_engine_config(site_dir):
    cfg = _config(site_dir)
    assert cfg["engine_version"] == __version__
    assert cfg["pyodide_version"] == "314.0.7"
    assert (site_dir / cfg["pyodide"] / "pyodide.mjs").is_file()
    # The wheel to install, or none: the engine is compiled into the site's stdlib zip.
    assert (site_dir / cfg["wheel"]).is_file() if cfg["wheel"] else cfg["precompiled"]


def test_no_page_fetches_anything_off_site(site_dir):
    offenders = []
    for path in html_files(site_dir):
        parser = _Assets()
        parser.feed(path.read_text())
        for url in parser.urls:
            parts = urlsplit(url)
            if parts.scheme or parts.netloc:
                offenders.append(f"{path.relative_to(site_dir)}: {url}")
    assert not offenders
    css = "\n".join(p.read_text() for p in site_dir.rglob("*.css"))
    assert not re.search(r"@import\s+url\(['\"]?https?:|url\(['\"]?https?://", css)


def test_the_card_picker_is_the_engines_pack(site_dir):
    page = (site_dir / "rules" / "counting" / "index.html").read_text()
    buttons = re.findall(r'<button type="button" class="cs-card[^"]*" data-card="([^"]+)"[^>]*?'
                         r'data-name="([^"]+)"', page, re.S)
    pack = api.call("pack")["cards"]
    assert buttons == [(c["token"], c["name"]) for c in pack]


def test_build_time_examples_show_the_sources_counts(site_dir):
    """The `<!-- count: ... -->` markers of the counting page show pagat's own figures: a queen
    and three numerals 4, king, cavalier, XXI and XV 11, the odd pair Qc 3c 4, the pack 72."""
    out = site_dir / "rules" / "counting" / "index.html"
    shown = [int(x) for x in re.findall(r'data-count-example data-points="(-?\d+)"', out.read_text())]
    assert shown == [4, 11, 4, 72]


@pytest.mark.parametrize("missing", ["wheel", "pyodide"])
def test_build_stops_with_one_clear_line_when_a_part_is_missing(missing, tmp_path, monkeypatch):
    from build_tools.errors import BuildError

    from build_tools.parts import engine
    from build_tools.plugin import load_site

    monkeypatch.setattr(engine, "WHEEL_DIR" if missing == "wheel" else "PYODIDE_SRC", tmp_path / "none")
    monkeypatch.setattr(engine, "ROOT", tmp_path)

    class Config:
        extra: dict = {}

    with pytest.raises(BuildError) as err:
        engine.EnginePart(load_site("troccas")).on_config(Config())
    message = str(err.value)
    assert "\n" not in message and message.endswith("run make build")
    assert ("wheel" if missing == "wheel" else "Pyodide") in message


def test_the_picker_shows_the_card_pictures_when_the_site_has_them(site_dir):
    page_dir = site_dir / "rules" / "counting"
    page = (page_dir / "index.html").read_text()
    imgs = re.findall(r'<img class="cs-card__img" src="([^"]+)"', page)
    if not _config(site_dir)["card_pictures"]:
        assert imgs == []
        return
    assert len(imgs) == 78
    for src in imgs:
        assert (page_dir / src).resolve().is_file(), src


def test_an_edition_built_inside_another_uses_that_ones_runtime(monkeypatch):
    """One runtime per deployment (issue 30): the site that holds the others places Pyodide; an
    edition whose config names an edition up from it (editions: {en: ../}) points there, and
    CARDSITE_RUNTIME names it for a site built inside another game's tree."""
    from types import SimpleNamespace

    from build_tools.errors import BuildError
    from build_tools.parts.engine import runtime_home

    def config(editions):
        return SimpleNamespace(plugins={"cardsite": SimpleNamespace(
            config=SimpleNamespace(editions=editions))})

    monkeypatch.delenv("CARDSITE_RUNTIME", raising=False)
    assert runtime_home(config({"de": "de/"})) == ""
    assert runtime_home(config({"en": "../"})) == "../"
    assert runtime_home(config({"en": "../../", "fr": "../"})) == "../"
    monkeypatch.setenv("CARDSITE_RUNTIME", "../..")
    assert runtime_home(config({})) == "../../"
    monkeypatch.setenv("CARDSITE_RUNTIME", "elsewhere/")
    with pytest.raises(BuildError, match="CARDSITE_RUNTIME=elsewhere/: the site that holds the"):
        runtime_home(config({}))
