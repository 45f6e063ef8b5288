"""The in-browser engine: Pyodide, the engine, its worker and the widgets that use it.

* ``on_config`` finds the two things the browser needs — Pyodide's core files (from
  ``node_modules/pyodide``, put there by ``npm ci``) and the engine (the wheel in
  ``build/wheels``, from ``make wheel``, or compiled into Pyodide's stdlib zip by ``make
  stdlib``) — and writes their site-relative URLs into ``config.extra.cardsite``, which
  ``overrides/main.html`` hands to the JavaScript. Either missing: one BuildError line.
* ``on_nav`` notes whether the card pictures (``cards/<token>.svg``) are all in the site.
* ``on_page_content`` replaces ``<!-- widget: NAME -->`` markers with
  ``partials/widgets/NAME.html`` rendered at build time (the game adds what its widgets need,
  ``widget_context``); the page becomes an engine page (``page.meta.engine``), so its Python
  starts at once. A page can also ask for the engine with ``engine: true`` in its front matter.
  The game's own markers (its ``MARKERS``, such as ``<!-- count: … -->``) are drawn here too.
* ``on_post_build`` copies Pyodide into the site — the pre-compiled stdlib from ``make stdlib``
  (the engine compiled into it) when it matches (see ``FAST_DIR``), else Pyodide's stock files
  and the engine wheel.

One runtime per deployment (issue 30): Pyodide's files go into a folder named after their
contents, ``pyodide/<version>-<hash>/`` (so a host may cache it as immutable, and a new runtime
is a new address), and only the site that holds the others places it. An edition built inside
another (``editions: {en: ../}``: built after it into ``<site>/<lang>/``) points to that one's
runtime (``config.extra.cardsite.pyodide`` is then ``../pyodide/<id>/``), and so does any site
built with ``CARDSITE_RUNTIME=<relative address of the site that places it>`` (several games
published in one tree). The placing build removes its older runtime folders.

The engine wheel holds the packages of engine/ (cardgame and the games installed with it). A
game whose package is not among them — a test game in tests/games/ — gets a wheel of its
own, made here from its package (its modules and the package data every game ships, as
engine/pyproject.toml lists it): with the pre-compiled stdlib it holds that game alone, with
the stock files the engine wheel's packages too. So the browser installs one wheel at most.

The HTML lives in the templates; this file only gathers data.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
from pathlib import Path
from urllib.parse import urljoin, urlsplit


ROOT = Path(__file__).resolve().parents[2]
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# Pre-compiled stdlib zip and engine wheel from `make stdlib` (build_tools/precompile_stdlib.mjs):
# shipped instead of the stock files while its manifest matches this Pyodide and this wheel,
# unless CARDSITE_STOCK_PYTHON=1 (the benchmark's comparison build).
FAST_DIR = ROOT / "build" / "pyodide"
# The runtime's pre-compressed twins from `make stdlib` (build_tools/compress_runtime.mjs),
# named after the SHA-256 of the file they compress: <sha256>.br and <sha256>.gz. Each file
# that has them gets them beside it, as <file>.br and <file>.gz, for a host that sends a twin
# as it is (nginx's brotli_static and gzip_static, build_tools/hosting/nginx.conf).
TWINS_DIR = ROOT / ".cache" / "runtime-twins"
TWIN_SUFFIXES = (".br", ".gz")
WHEEL_DIR = ROOT / "build" / "wheels"
SITE_PYODIDE = "pyodide/"
# The address (relative to this site's root) of the site whose runtime this one uses, when it
# is not the one an edition's config implies: several games published in one tree.
RUNTIME_ENV = "CARDSITE_RUNTIME"
SITE_ENGINE = "engine/"
STATIC = ROOT / "build_tools" / "static"
STATIC_JS = STATIC / "js"
SITE_CSS = "assets/css/cardsite.css"
ENGINE_JS = ("engine-worker.js", "cardsite.js", "page.js")
SCHEMA_JSON = "assets/engine/schema.json"

log = logging.getLogger("mkdocs.plugins.cardsite.engine")

from jinja2 import TemplateNotFound  # noqa: E402

from build_tools import material  # noqa: E402
from build_tools.clauses import clause_urls  # noqa: E402
from build_tools.errors import BuildError
from build_tools.markdown_blocks import Marker, replace_markers  # noqa: E402
from build_tools.parts import Part  # noqa: E402
from build_tools.plugin import generated_file, relative_url
from build_tools.site_assets import add_assets  # noqa: E402


def _fail(what: str) -> BuildError:
    return BuildError(f"{what}: run make build")


# The engine's distribution: one wheel holds every game's package (engine/pyproject.toml).
ENGINE_DIST = "cardgame-engines"
ENGINE_PYPROJECT = ROOT / "engine" / "pyproject.toml"
# A fixed date for the files of a game's own wheel: the same package makes the same wheel.
_WHEEL_DATE = (2020, 1, 1, 0, 0, 0)


def _wheel() -> Path:
    from importlib.metadata import version
    name = f"{ENGINE_DIST.replace('-', '_')}-{version(ENGINE_DIST)}-py3-none-any.whl"
    wheel = WHEEL_DIR / name
    if not wheel.is_file():
        raise _fail(f"the engine wheel {wheel.relative_to(ROOT)} is missing")
    return wheel


def _holds(wheel: Path, game: str) -> bool:
    """Whether the engine wheel holds ``game``'s package (its facade)."""
    import zipfile
    with zipfile.ZipFile(wheel) as zf:
        return f"{game}/api.py" in zf.namelist()


def _package_files(package: Path) -> dict[str, Path]:
    """A game's package as a wheel holds it: name in the wheel -> file. Its modules (every
    .py of its Python packages) and its package data, by the patterns engine/pyproject.toml
    gives every game's package; nothing else of its folder (a site kept beside it)."""
    import tomllib
    data = tomllib.loads(ENGINE_PYPROJECT.read_text(encoding="utf-8"))
    patterns = {p for ps in data["tool"]["setuptools"]["package-data"].values() for p in ps}
    files: dict[str, Path] = {}
    for init in sorted(package.rglob("__init__.py")):
        folder = init.parent
        if any(not (parent / "__init__.py").is_file()
               for parent in [folder, *folder.parents] if parent.is_relative_to(package)):
            continue  # a folder inside one that is no package
        for path in sorted(folder.glob("*.py")):
            files[path.relative_to(package.parent).as_posix()] = path
    for pattern in sorted(patterns):
        for path in sorted(package.glob(pattern)):
            if path.is_file():
                files[path.relative_to(package.parent).as_posix()] = path
    return files


def _game_wheel(game: str, engine, base: Path | None) -> tuple[str, bytes]:
    """A wheel of ``game``'s package (and of the engine wheel ``base``'s packages, if given):
    its file name and its bytes."""
    import io
    import zipfile
    version = getattr(engine, "__version__", "0")
    dist = f"{game}-{version}"
    name = f"{dist}-py3-none-any.whl"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        if base is not None:
            with zipfile.ZipFile(base) as zbase:
                for entry in zbase.infolist():
                    if ".dist-info/" not in entry.filename:
                        zf.writestr(entry, zbase.read(entry))
        for arcname, path in _package_files(Path(engine.__file__).parent).items():
            zf.writestr(zipfile.ZipInfo(arcname, _WHEEL_DATE), path.read_bytes(),
                        zipfile.ZIP_DEFLATED)
        info = {"METADATA": f"Metadata-Version: 2.1\nName: {game}\nVersion: {version}\n",
                "WHEEL": "Wheel-Version: 1.0\nGenerator: cardsite\nRoot-Is-Purelib: true\n"
                         "Tag: py3-none-any\n"}
        for leaf, text in info.items():
            zf.writestr(zipfile.ZipInfo(f"{dist}.dist-info/{leaf}", _WHEEL_DATE), text)
        zf.writestr(zipfile.ZipInfo(f"{dist}.dist-info/RECORD", _WHEEL_DATE), "")
    return name, out.getvalue()


def _precompiled(wheel: Path) -> dict | None:
    """The pre-compiled files, if present, wanted and made from this Pyodide and this wheel."""
    manifest = FAST_DIR / "manifest.json"
    if os.environ.get("CARDSITE_STOCK_PYTHON") == "1" or not manifest.is_file():
        return None
    info = json.loads(manifest.read_text())
    files = {"stdlib": FAST_DIR / "python_stdlib.zip"}
    if info.get("rest"):
        files["rest"] = FAST_DIR / info["rest"]
    if (info.get("pyodide_version") != _pyodide_version()
            or info.get("wheel_sha256") != hashlib.sha256(wheel.read_bytes()).hexdigest()
            or not info.get("engine_in_stdlib")
            or not all(p.is_file() for p in files.values())):
        log.info("build/pyodide is out of date; shipping Pyodide's stock stdlib (make stdlib)")
        return None
    return files


# How the pre-compiled stdlib zip holds its modules: "stored" (the default; `make stdlib` writes
# it so) is the smaller download from a host that compresses it or sends its .br/.gz twins (1.6
# MB with brotli, 2.3 MB gzipped); "deflated" compresses each module inside the zip (2.4 MB, no
# twins), the smaller one from a host that sends a .zip as it is (make build STDLIB_ZIP=deflated).
STDLIB_ZIP_ENV = "CARDSITE_STDLIB_ZIP"


def _stdlib_zip(stored: Path) -> Path:
    """The stdlib zip to ship, as CARDSITE_STDLIB_ZIP asks: ``stored`` itself, or a copy with
    every member deflated (made once beside it, again when ``stored`` changes)."""
    kind = os.environ.get(STDLIB_ZIP_ENV, "stored").strip() or "stored"
    if kind == "stored":
        return stored
    if kind != "deflated":
        raise BuildError(f"{STDLIB_ZIP_ENV}={kind}: say stored or deflated")
    import zipfile
    deflated = stored.with_name(stored.stem + ".deflated.zip")
    if not deflated.is_file() or deflated.stat().st_mtime < stored.stat().st_mtime:
        part = deflated.with_name(deflated.name + ".part")
        with zipfile.ZipFile(stored) as src, zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED,
                                                              compresslevel=9) as out:
            for info in src.infolist():
                member = zipfile.ZipInfo(info.filename, info.date_time)
                member.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(member, src.read(info))
        part.replace(deflated)
    return deflated


def _pyodide_files(fast: dict | None) -> dict[str, Path]:
    files = {}
    for name in PYODIDE_FILES:
        src = PYODIDE_SRC / name
        if name == "python_stdlib.zip" and fast:
            src = _stdlib_zip(fast["stdlib"])
        if not src.is_file():
            raise _fail(f"Pyodide is missing ({src.relative_to(ROOT)})")
        files[name] = src
    # The Python the start does not import, fetched once the engine is ready
    # (build_tools/pyodide_rest.py): beside the stdlib zip, shipped the same way.
    if fast and "rest" in fast:
        files[fast["rest"].name] = _stdlib_zip(fast["rest"])
    return files


def _twins(name: str, src: Path) -> dict[str, Path]:
    """The pre-compressed twins of the runtime's file ``src`` (shipped as ``name``): twin's
    name -> file, both or none. A file without them is left to the host's own compression."""
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    twins = {name + suffix: TWINS_DIR / (digest + suffix) for suffix in TWIN_SUFFIXES}
    return twins if all(p.is_file() for p in twins.values()) else {}


def runtime_id(files: dict[str, Path]) -> str:
    """The runtime's folder name: Pyodide's version and a hash of the files' names and bytes."""
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name].read_bytes()).digest())
    return f"{_pyodide_version()}-{h.hexdigest()[:12]}"


_UP = re.compile(r"^(?:\.\./)+$")


def runtime_home(config) -> str:
    """Where the site that places the runtime is, relative to this site's root: "" (this one),
    CARDSITE_RUNTIME when set, else the edition this one is built inside (an edition whose
    root is up from here, "../"), if any."""
    env = os.environ.get(RUNTIME_ENV)
    if env is not None and env.strip() not in ("", "./"):
        home = env.strip().rstrip("/") + "/"
        if not _UP.match(home):
            raise BuildError(f"{RUNTIME_ENV}={env}: the site that holds the runtime must be one"
                             f" this site is built inside (../, ../../, ...)")
        return home
    plugin = config.plugins.get("cardsite")
    editions = dict(getattr(getattr(plugin, "config", None), "editions", None) or {})
    ups = sorted((r.rstrip("/") + "/" for r in editions.values()
                  if _UP.match(str(r).rstrip("/") + "/")), key=len)
    return ups[0] if ups else ""


def _pyodide_version() -> str:
    try:
        return json.loads((PYODIDE_SRC / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        raise _fail("Pyodide is missing (node_modules/pyodide/package.json)") from None


# Stylesheets that go into each page's <head> instead of a <link>: every stylesheet but
# Material's main one. Each link is one more render-blocking request on a slow line, and
# together these are about 9 kB compressed; Material's main stylesheet (23 kB) stays a file,
# cached from page to page.
_STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)">')
_SOURCE_MAP = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")


def _inline_stylesheets(output: str, page, config) -> str:
    site = Path(config.site_dir)

    def inline(match):
        href = match.group(1)
        path = urlsplit(urljoin("http://site/" + page.url, href)).path.lstrip("/")
        if material.is_main_stylesheet(path) or urlsplit(href).scheme:
            return match.group(0)
        try:
            css = (site / path).read_text(encoding="utf-8")
        except OSError as exc:
            raise BuildError(f"{page.file.src_uri}: the stylesheet {href} is not in the site"
                             f" ({exc.strerror})") from None
        return "<style>" + _SOURCE_MAP.sub("", css).strip() + "</style>"

    head, sep, body = output.partition("</head>")
    return _STYLESHEET_LINK.sub(inline, head) + sep + body


def _copy(src: Path, dest: Path) -> None:
    if dest.is_file() and dest.stat().st_size == src.stat().st_size \
            and dest.stat().st_mtime == src.stat().st_mtime:
        return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dest)


class EnginePart(Part):
    """Python in the reader's browser, and the widgets that ask it."""

    def on_config(self, config):
        site = self.site
        wheel = _wheel()
        self.precompiled = fast = _precompiled(wheel)
        # A game outside the engine wheel: a wheel of its own (with the engine's packages
        # when they are not compiled into the stdlib).
        self.own_wheel = None if _holds(wheel, site.game) else \
            _game_wheel(site.game, site.engine, None if fast else wheel)
        if fast or self.own_wheel:
            wheel = None  # the engine is compiled into the stdlib zip: nothing more to fetch
        download = sum(p.stat().st_size for p in _pyodide_files(fast).values()) + (
            wheel.stat().st_size if wheel else 0) + (
            len(self.own_wheel[1]) if self.own_wheel else 0)
        self.wheel = wheel
        wheel_name = wheel.name if wheel else self.own_wheel[0] if self.own_wheel else None
        add_assets(config, css=SITE_CSS)
        self.runtime_files = _pyodide_files(fast)
        self.runtime_home = runtime_home(config)
        self.runtime_dir = f"{SITE_PYODIDE}{runtime_id(self.runtime_files)}/"
        config.extra["cardsite"] = {
            # URLs relative to the site root; the JavaScript resolves them against its own URL.
            # Pyodide's: in this site, or up in the one that places the runtime for all.
            "pyodide": self.runtime_home + self.runtime_dir,
            # The engine wheel to install after Pyodide starts, or None: already in the stdlib.
            "wheel": SITE_ENGINE + wheel_name if wheel_name else None,
            # The engine package whose facade (<game>.api) the worker imports.
            "game": site.game,
            # The language the engine's messages are said in (its catalogue, <game>/messages/).
            "language": site.language,
            "engine_version": site.engine.__version__,
            "pyodide_version": _pyodide_version(),
            # What a first visit downloads, uncompressed (hosts that compress send less).
            "download_mb": round(download / 1e6),
            "precompiled": bool(fast),
            # The zip of the Python the start does not import, in the runtime's folder, which
            # the worker fetches once the engine is ready; None: all of it is in the stdlib zip.
            "rest": fast["rest"].name if fast and "rest" in fast else None,
            # Where each rule clause the engine names is explained (build_tools/clauses.py).
            # Read from this site's own pages (the game's rules pages, docs_dir).
            "clauses": clause_urls((c["id"] for c in site.api.call("clauses")["clauses"]),
                                   Path(config["docs_dir"]))
            if "clauses" in site.api.names() else {},
            # Whether the card pictures (site/cards/<token>.svg) exist: set in on_nav.
            "card_pictures": False,
            # The facade's JSON Schema (each call's result), which the page side reads.
            "schema": SCHEMA_JSON,
        }
        return config


    def on_files(self, files, config):
        files.append(generated_file(config, SCHEMA_JSON, content=json.dumps(
            self.site.api.schema(), ensure_ascii=False, separators=(",", ":"))))
        # The page-side engine API and the worker: the generator's own, the same in every
        # game's site (build_tools/static/js/).
        files.append(generated_file(config, SITE_CSS, content=(STATIC / "css" / "cardsite.css")
                                    .read_text(encoding="utf-8")))
        for name in ENGINE_JS:
            uri = f"assets/js/{name}"
            if files.get_file_from_path(uri) is not None:
                raise BuildError(f"{config.docs_dir}/{uri} exists, but the engine part"
                                 f" generates it (build_tools/static/js/{name})")
            from build_tools.words import fill_script
            files.append(generated_file(config, uri, content=fill_script(
                (STATIC_JS / name).read_text(encoding="utf-8"))))
        return files

    def on_env(self, env, config, files):
        env.globals.update(material.theme_globals(env))
        env.globals.update(self.site.game_site.widget_context(self.site))
        # The worker's source, for the engine pages' <head> (overrides/main.html), which starts
        # the worker from it: one request less on the way to Pyodide's first download.
        from build_tools.words import fill_script
        env.globals["engine_worker_source"] = fill_script((STATIC_JS / "engine-worker.js")
                                                          .read_text(encoding="utf-8"))
        return env

    def on_post_page(self, output, page, config):
        return _inline_stylesheets(output, page, config)

    def on_nav(self, nav, config, files):
        # The card pictures come from the glossary part's on_files; by on_nav every part has
        # added its files. The card picker shows them when all are there.
        tokens = [c["token"] for c in self.site.api.call("pack")["cards"]]
        config.extra["cardsite"]["card_pictures"] = all(
            files.get_file_from_path(f"cards/{t}.svg") for t in tokens)
        return nav

    def on_page_content(self, html, page, config, files):
        # engine: lazy in a page's front matter — its widgets answer without Python (stored
        # verdicts) and Python starts only when the reader asks for more (a solution).
        if page.meta.get("engine") == "lazy":
            page.meta["engine"] = False
        elif page.meta.get("engine"):
            page.meta["engine"] = True
        if "<!--" not in html:
            return html
        site = self.site
        env = site.env
        base_url = relative_url(".", page.url)
        context = site.game_site.widget_context(site)
        game_markers = site.game_site.MARKERS

        def render(marker: Marker) -> str:
            if marker.name in game_markers:
                return game_markers[marker.name](site, marker, page, config)
            name = marker.arg or ""
            path = f"partials/widgets/{name}.html"
            try:
                template = env.get_template(path)
            except TemplateNotFound:
                raise BuildError(f"{page.file.src_uri}: unknown widget '{name}' (no {path} in"
                                 f" overrides/ or build_tools/games/{site.game}/templates/)"
                                 ) from None
            page.meta["engine"] = True
            return template.render(page=page, config=config, base_url=base_url, **context)

        return replace_markers(html, ("widget", *game_markers), render)

    def on_post_build(self, config):
        site = Path(config.site_dir)
        if self.runtime_home:
            # Another site places the runtime: it must be there already (built first), and
            # this site keeps no copy of its own.
            home = (site / self.runtime_home / self.runtime_dir).resolve()
            missing = [n for n, src in self.runtime_files.items()
                       if not ((home / n).is_file()
                               and (home / n).stat().st_size == src.stat().st_size)]
            if missing:
                raise BuildError(f"{config.config_file_path}: the runtime this site shares is not"
                                 f" at {home} ({missing[0]} missing): build the site at"
                                 f" {self.runtime_home} first (make build builds it before its"
                                 f" editions)")
            shutil.rmtree(site / SITE_PYODIDE, ignore_errors=True)
        else:
            for name, src in self.runtime_files.items():
                _copy(src, site / self.runtime_dir / name)
                for twin_name, twin in _twins(name, src).items():
                    _copy(twin, site / self.runtime_dir / twin_name)
            # Older runtimes (another folder, or the files of a build before the folders).
            keep = self.runtime_dir.rstrip("/").rsplit("/", 1)[-1]
            for old in (site / SITE_PYODIDE).iterdir():
                if old.name != keep:
                    shutil.rmtree(old) if old.is_dir() else old.unlink()
        wheel, own = self.wheel, self.own_wheel
        keep = wheel.name if wheel else own[0] if own else None
        for old in (site / SITE_ENGINE).glob("*.whl"):
            if old.name != keep:
                old.unlink()
        if wheel is not None:
            _copy(wheel, site / SITE_ENGINE / wheel.name)
        elif own is not None:
            path = site / SITE_ENGINE / own[0]
            if not (path.is_file() and path.read_bytes() == own[1]):
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(own[1])
