# The card-game site generator — build, serve and test its sites: the game whose site is the
# root (mkdocs.yml, its editions mkdocs.<lang>.yml) and each folder sites/<game>/ (mkdocs.yml).
#
#   make serve   set everything up, build site/ and serve it at http://127.0.0.1:8000/
#                (HOST=0.0.0.0 SITE_URL=http://<this machine's LAN address>:8000/: to the local network)
#   make test    set everything up, run the static checks (make lint) while it builds a test copy of each
#                game's site and run the whole test suite
#   make lint    the static checks only: ruff, mypy, eslint and the JavaScript tests (node --test)
#   make build   set everything up and build site/ only (SITE_URL=https://example.org/cards/:
#                for the address the site will be published at; the README's "Publish the site")
#   GAME=<game>  (with serve or build) another game's site: sites/<game>/ -> site-<game>/
#   GAME=all     (with serve or build) every game in one tree, site-all/: the root's game at its
#                root, each other game at <game>/, all of them sharing one Pyodide
#   make games   the games found, with their configs and editions (and the test games' sites,
#                which `make test` builds for the browser tests only)
#
# Every step leaves a stamp in .cache/stamps/, so running a target twice redoes only what changed.
# Helpers: setup (venv + npm), venv, npm, wheel, stdlib, chromium, test-packages, bench, clean, clean-all.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .cache/stamps
HOST ?= 127.0.0.1
PORT ?= 8000
TEST_PORT ?= 8765
# Extra pytest arguments: test files or -k to run some (pytest.ini names tests/ when none is given).
PYTEST_ARGS ?=
# Three pytest workers (pytest-xdist) on this two-core machine: a browser test waits on Chromium,
# Pyodide and the server much of the time, so a third worker fills the cores the other two leave
# idle (a clean `make test`: 17 min 41 s with three, 19 min 14 s with two, with the same tests;
# pytest alone 14 min 27 s against 15 min 23 s). TEST_WORKERS=0 runs them one by one.
TEST_WORKERS ?= 3
PYODIDE_VERSION := 314.0.7
# The games, found rather than listed: the root's game (the cardsite plugin's `game:` in
# mkdocs.yml), then each folder sites/<game>/ with a mkdocs.yml. A game's editions are the
# mkdocs.<lang>.yml beside its config, built into <site>/<lang>/ after the main one (which
# clears the folder first). tests/conftest.py finds them the same way.
ROOT_GAME := $(shell sed -n 's/^ *game: *\([A-Za-z0-9_]*\).*/\1/p' mkdocs.yml | head -n 1)
GAMES := $(ROOT_GAME) $(sort $(patsubst sites/%/mkdocs.yml,%,$(wildcard sites/*/mkdocs.yml)))
# The test games' sites, tests/games/<game>/site/mkdocs.yml: built by `make test` only (never by
# `make build` or `make serve`), each after the games' on the next test port.
TEST_SITE_GAMES := $(sort $(patsubst tests/games/%/site/mkdocs.yml,%,$(wildcard tests/games/*/site/mkdocs.yml)))
SITE_GAMES := $(GAMES) $(TEST_SITE_GAMES)
game_dir = $(if $(filter $(ROOT_GAME),$1),.,$(if $(filter $(TEST_SITE_GAMES),$1),tests/games/$1/site,sites/$1))
# $(call game_file,GAME,NAME): the path of a file beside the game's config.
game_file = $(patsubst ./%,%,$(call game_dir,$1)/$2)
game_config = $(call game_file,$1,mkdocs.yml)
game_editions = $(patsubst $(call game_dir,$1)/mkdocs.%.yml,%,$(wildcard $(call game_dir,$1)/mkdocs.*.yml))
# Where `make build` puts a game's site: site/ for the root's game, site-<game>/ for another.
game_site = $(if $(filter $(ROOT_GAME),$1),site,site-$1)
# Each game's test site is served on its own port: the root's on TEST_PORT, the next on +1, ...
game_test_port = $(shell i=$(TEST_PORT); for g in $(SITE_GAMES); do [ "$$g" = "$1" ] && echo $$i; i=$$((i + 1)); done)

# How `make build` ships the Python stdlib zip: stored (its modules uncompressed inside, with
# .br/.gz twins: the smallest download from a host that compresses it or sends the twins, as
# nginx, Caddy and Apache can) or deflated (each module compressed inside, no twins: for a host
# that sends a .zip as it is). build_tools/parts/engine.py reads it as CARDSITE_STDLIB_ZIP.
STDLIB_ZIP ?= stored
export CARDSITE_STDLIB_ZIP := $(STDLIB_ZIP)

# Which game's site `make serve` and `make build` make (the root's by default).
GAME ?= $(ROOT_GAME)
SITE_DIR := $(call game_site,$(GAME))

export NO_MKDOCS_2_WARNING := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# Sources whose change means a rebuild (folders too, so that a deleted file counts).
ENGINE_SRC := engine/pyproject.toml $(shell find engine/src -not -path '*/__pycache__*' \
                -not -path '*.egg-info*' -not -name '*.pyc' 2>/dev/null)
# (build_tools/hosting/ serves a built site and is no part of it.)
SITE_SRC := $(wildcard mkdocs*.yml) $(shell find docs docs-* overrides build_tools glossary puzzles sites \
                -not -path '*/__pycache__*' -not -name '*.pyc' -not -path 'build_tools/hosting*' 2>/dev/null)
# The test games: their engines, sites and site code (tests/games/), for their test sites.
TEST_GAMES_SRC := $(shell find tests/games -not -path '*/__pycache__*' -not -name '*.pyc' 2>/dev/null)

.PHONY: help games serve build test test-browsers lint setup venv npm wheel stdlib chromium test-packages bench bench-engine lighthouse clean clean-all FORCE

help:
	@echo "make serve   build the site and serve it at http://$(HOST):$(PORT)/"
	@echo "make test    run the static checks, build a test copy of the site and run every test (browser tests included)"
	@echo "make test-browsers  the smoke suite alone in Chromium, Firefox ESR and WebKitGTK (make test: all but WebKit)"
	@echo "make lint    the static checks only: ruff, mypy, eslint, node --test"
	@echo "make build   build the site into site/ (GAME=<game>: another game's, into site-<game>/; GAME=all: every game in site-all/;"
	@echo "             SITE_URL=https://example.org/cards/: for the address it will be published at)"
	@echo "make games   the games found: $(GAMES)"
	@echo "helpers: setup venv npm wheel stdlib chromium test-packages bench bench-engine lighthouse clean clean-all"

# --- set-up ---------------------------------------------------------------------------------
setup: venv npm

venv: $(STAMPS)/venv
$(STAMPS)/venv: requirements.txt engine/pyproject.toml pyproject.toml
	@command -v $(PYTHON) >/dev/null || { echo "make: $(PYTHON) not found; install Python 3.11 or newer"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e engine
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	@mkdir -p $(@D) && touch $@

npm: $(STAMPS)/npm
$(STAMPS)/npm: package.json package-lock.json
	@command -v npm >/dev/null || { echo "make: npm not found; install Node.js 20 with npm"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@v=$$(node -p 'require("./node_modules/pyodide/package.json").version'); \
	  [ "$$v" = "$(PYODIDE_VERSION)" ] || { echo "make: node_modules has pyodide $$v, expected $(PYODIDE_VERSION)"; exit 1; }
	@test -f node_modules/axe-core/axe.min.js && test -x node_modules/.bin/lighthouse \
	  || { echo "make: npm ci did not install axe-core and lighthouse (devDependencies): is NODE_ENV=production set?"; exit 1; }
	@mkdir -p $(@D) && touch $@

# The engine as a pure-Python wheel, for Pyodide. Built from a clean build dir each time so a
# module deleted from engine/src cannot linger in the wheel.
wheel: $(STAMPS)/wheel
$(STAMPS)/wheel: $(STAMPS)/venv $(ENGINE_SRC)
	rm -rf build/wheels engine/build
	$(PY) -m build --wheel --no-isolation --outdir build/wheels engine >/dev/null
	rm -rf engine/build
	@ls build/wheels/cardgame_engines-*-py3-none-any.whl
	@mkdir -p $(@D) && touch $@

# Pyodide's stdlib and the engine pre-compiled to .pyc by Pyodide's own Python under Node, so
# the browser does not compile them at every visit (build_tools/precompile_stdlib.mjs); the engine
# goes into the stdlib zip itself, so the site has no wheel to fetch and unpack. The zip keeps
# only the standard modules the browser's Python needs, found by running it there: Pyodide's
# start-up, the worker, every call of every game (the test games' too) and the site's own
# Python (build/pyodide-inputs.zip, build_tools/stdlib_inputs.py); the build checks every call
# again on the trimmed zip and fails naming a module it lacks. The zip is split in two:
# python_stdlib.zip, what the start imports (Pyodide's, the worker's, each game's facade and
# warm-up), and python_rest.zip, the rest, which the worker fetches once the engine is ready
# (build_tools/pyodide_rest.py): a first visit waits for the first only.
# The site ships them while they match; CARDSITE_STOCK_PYTHON=1 ships the stock files instead.
# Then the runtime's pre-compressed twins (<file>.br, brotli 11, and <file>.gz, gzip -9; a host
# sends them as they are: build_tools/compress_runtime.mjs), kept in .cache/ by content: the
# WebAssembly's brotli takes a minute, and only a new stdlib zip needs new ones.
RUNTIME_TWINS := .cache/runtime-twins
STDLIB_INPUTS := build/pyodide-inputs.zip
PYODIDE_TWINNED := $(addprefix node_modules/pyodide/,pyodide.asm.wasm pyodide.asm.mjs pyodide.mjs pyodide-lock.json)
TEST_GAME_PACKAGES := $(patsubst %/api.py,%,$(wildcard tests/games/*/api.py))
GAME_WORKSHEETS := $(wildcard build_tools/games/*/worksheets.py tests/games/*/worksheets.py)
# Rewritten only when its content changes (FORCE: its sources are many and spread out).
$(STDLIB_INPUTS): $(STAMPS)/venv FORCE
	$(PY) -m build_tools.stdlib_inputs $@ $(TEST_GAME_PACKAGES) $(GAME_WORKSHEETS)
stdlib: $(STAMPS)/stdlib
$(STAMPS)/stdlib: $(STAMPS)/npm $(STAMPS)/wheel $(STDLIB_INPUTS) build_tools/precompile_stdlib.mjs build_tools/pyodide_needs.py \
    build_tools/compress_runtime.mjs
	rm -rf build/pyodide && mkdir -p build/pyodide
	@# Pyodide's own files' twins (the WebAssembly's brotli: ~45 s on a clean clone) are made on
	@# the other core while Node pre-compiles the stdlib; then the zip's, and the old ones pruned.
	node build_tools/compress_runtime.mjs --keep-others $(RUNTIME_TWINS) $(PYODIDE_TWINNED) > build/pyodide-twins.log 2>&1 & twins=$$!; \
	  node build_tools/precompile_stdlib.mjs $$(ls build/wheels/cardgame_engines-*-py3-none-any.whl) build/pyodide $(STDLIB_INPUTS) \
	    > build/pyodide/log.txt 2>&1 || { kill $$twins 2>/dev/null || :; wait $$twins || :; tail -c 3000 build/pyodide/log.txt; exit 1; }; \
	  wait $$twins || { cat build/pyodide-twins.log; exit 1; }
	@tail -n 1 build/pyodide/log.txt
	node build_tools/compress_runtime.mjs $(RUNTIME_TWINS) build/pyodide/python_stdlib.zip build/pyodide/python_rest.zip $(PYODIDE_TWINNED) | tail -n 1
	@test -s build/pyodide/manifest.json
	@mkdir -p $(@D) && touch $@

# Debian's Chromium (the handout PDFs, the browser tests) and poppler-utils; never a downloaded browser.
chromium:
	@if [ -x /usr/bin/chromium ] && command -v pdftotext >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update && apt-get install -y chromium poppler-utils; \
	else echo "the handout PDFs and the tests need Debian's Chromium and poppler-utils: sudo apt-get install -y chromium poppler-utils"; exit 1; fi

# What the tests need beyond Chromium, all from Debian (issue 30): nginx (a real web server with
# gzip, serving a build made for a sub-path), Firefox ESR (driven over WebDriver BiDi by
# puppeteer-core, no geckodriver) and WebKitGTK's WebKitWebDriver with Xvfb (Safari's engine).
# nginx's brotli_static module (Debian's libnginx-mod-http-brotli-static) sends the runtime's
# .br twins; gzip_static, built in, the .gz ones.
TEST_PACKAGES := nginx-light libnginx-mod-http-brotli-static firefox-esr webkit2gtk-driver xvfb xauth
test-packages: chromium
	@if [ -x /usr/sbin/nginx ] && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] && command -v firefox-esr >/dev/null && command -v WebKitWebDriver >/dev/null \
	    && command -v xvfb-run >/dev/null && command -v xauth >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  apt-get update && apt-get install -y $(TEST_PACKAGES); \
	else echo "the tests need Debian's $(TEST_PACKAGES): sudo apt-get install -y $(TEST_PACKAGES)"; exit 1; fi

# The address `make build` and `make serve` build for: SITE_URL when given (any http:// or
# https:// address with any host, port and sub-path, e.g. SITE_URL=https://example.org/cards/;
# each edition goes to SITE_URL<lang>/), otherwise the laptop's http://HOST:PORT/. A SITE_URL is
# checked (build_tools/site_url.py) before anything builds: a malformed one stops make with one
# line and status 2; a missing trailing slash is added.
ifneq ($(SITE_URL),)
SITE_URL_CHECKED := $(shell $(PYTHON) build_tools/site_url.py '$(subst ','\'',$(SITE_URL))')
ifeq ($(filter http://% https://%,$(firstword $(SITE_URL_CHECKED))),)
$(error $(or $(SITE_URL_CHECKED),SITE_URL: build_tools/site_url.py did not run with $(PYTHON)))
endif
SERVE_URL := $(word 1,$(SITE_URL_CHECKED))
# `make serve` with a SITE_URL serves on its port (navigation.instant needs the served port to
# be site_url's) unless PORT is given, and under its path.
SITE_URL_PORT := $(word 2,$(SITE_URL_CHECKED))
SITE_URL_PATH := $(word 3,$(SITE_URL_CHECKED))
ifeq ($(origin PORT),file)
PORT := $(SITE_URL_PORT)
endif
else
SERVE_URL := http://$(HOST):$(PORT)/
SITE_URL_PORT := $(PORT)
SITE_URL_PATH := /
endif
# Rebuild when a site URL changes (these files only change when the value does).
# The root's game is tested under a sub-path, as a club publishing it at https://example.org/cards/
# would (its German edition at .../sub/path/de/), served by nginx (build_tools/hosting/).
TEST_SUB_PATH := sub/path/
test_url = http://127.0.0.1:$(call game_test_port,$1)/$(if $(filter $(ROOT_GAME),$1),$(TEST_SUB_PATH))
TEST_URL := $(call test_url,$(ROOT_GAME))
# One stamp per game: a game's site rebuilds when its own address changed.
$(STAMPS)/site-url-%: FORCE
	@mkdir -p $(@D); echo '$(SERVE_URL) $(STDLIB_ZIP)' | cmp -s - $@ || echo '$(SERVE_URL) $(STDLIB_ZIP)' > $@
$(STAMPS)/test-url-%: FORCE
	@mkdir -p $(@D); echo '$(call test_url,$*)' | cmp -s - $@ || echo '$(call test_url,$*)' > $@

# $(call build_site,GAME,URL,DIR[,RUNTIME]): the game's site for the address URL into DIR, then
# each of its editions for URL<lang>/ into DIR/<lang>/ (each edition's config reads SITE_URL
# too). The main edition places Pyodide, its editions use it (build_tools/parts/engine.py); with
# RUNTIME (../) the game uses the runtime of the site it is built inside (CARDSITE_RUNTIME).
define build_site
@test -n "$(filter $1,$(SITE_GAMES))" || { echo "make: GAME=$1: no such game (games: $(GAMES); a game is sites/<game>/mkdocs.yml)"; exit 1; }
SITE_URL=$2 $(if $4,CARDSITE_RUNTIME=$4) $(VENV)/bin/mkdocs build --strict --quiet -f $(call game_config,$1) --site-dir $3
@for lang in $(call game_editions,$1); do echo "mkdocs build -f $(call game_file,$1,mkdocs.$$lang.yml) (into $3/$$lang/)"; \
  SITE_URL=$2$$lang/ $(if $4,CARDSITE_RUNTIME=../$4) $(VENV)/bin/mkdocs build --strict --quiet \
    -f $(call game_file,$1,mkdocs.$$lang.yml) --site-dir $3/$$lang; done
endef

# $(call build_all,URL,DIR): every game in one tree sharing one runtime: the root's game into
# DIR (it places Pyodide), each other game into DIR/<game>/ for URL<game>/ (it points up to it).
define build_all
$(call build_site,$(ROOT_GAME),$1,$2)
$(foreach g,$(filter-out $(ROOT_GAME),$(GAMES)),$(call build_site,$g,$1$g/,$2/$g,../)
)
endef

games:
	@$(foreach g,$(GAMES),echo "$(g): $(call game_config,$(g))$(foreach l,$(call game_editions,$(g)), + $(l): $(call game_file,$(g),mkdocs.$(l).yml)) -> $(call game_site,$(g))/";)
	@$(foreach g,$(TEST_SITE_GAMES),echo "$(g) (a test game; make test only): $(call game_config,$(g)) -> $(TEST_SITES)/$(g)/";)

# --- the site -------------------------------------------------------------------------------
build: $(STAMPS)/site-$(GAME)
ifeq ($(GAME),all)
$(STAMPS)/site-all: $(STAMPS)/venv $(STAMPS)/npm $(STAMPS)/wheel $(STAMPS)/stdlib $(STAMPS)/site-url-all $(SITE_SRC) | chromium
	$(call build_all,$(SERVE_URL),$(CURDIR)/$(SITE_DIR))
	@touch $@
else
$(STAMPS)/site-$(GAME): $(STAMPS)/venv $(STAMPS)/npm $(STAMPS)/wheel $(STAMPS)/stdlib $(STAMPS)/site-url-$(GAME) $(SITE_SRC) | chromium
	@test -n "$(filter $(GAME),$(GAMES))" || { echo "make: GAME=$(GAME): no such game (games: $(GAMES); a game is sites/<game>/mkdocs.yml)"; exit 1; }
	$(call build_site,$(GAME),$(SERVE_URL),$(CURDIR)/$(SITE_DIR))
	@touch $@
endif

# Under a SITE_URL with a sub-path, the site is served at that path: the server's root is a
# folder holding the path, which links to the site.
SERVE_ROOT := build/serve-root
serve: build
	@if [ "$(PORT)" != "$(SITE_URL_PORT)" ]; then echo "make serve: the site is built for $(SERVE_URL) but served on port $(PORT):" \
	  "each link will reload the page and its Python unless a proxy puts it at $(SERVE_URL)"; fi
	@echo "Serving $(SITE_DIR)/ at $(SERVE_URL) (on $(HOST):$(PORT); Ctrl-C stops)"
	@if [ "$(SITE_URL_PATH)" = / ]; then root=$(SITE_DIR); else \
	  rm -rf $(SERVE_ROOT) && mkdir -p $(SERVE_ROOT)$(dir $(patsubst %/,%,$(SITE_URL_PATH))) \
	  && ln -s $(CURDIR)/$(SITE_DIR) $(SERVE_ROOT)$(patsubst %/,%,$(SITE_URL_PATH)) && root=$(SERVE_ROOT); fi; \
	  echo "$(PY) -m http.server $(PORT) --bind $(HOST) --directory $$root"; \
	  exec $(PY) -m http.server $(PORT) --bind $(HOST) --directory $$root

# --- tests ----------------------------------------------------------------------------------
# The tests use their own copy of each game's site, build/test-sites/<game>/, built for that
# game's port (TEST_PORT for the root's game, the next ones for the others), so `make serve` and
# `make test` can run side by side (navigation.instant needs the served port to be site_url's).
# pytest serves them with Debian's nginx (CARDSITE_SERVER=nginx: gzip, cache headers, the root's
# game under its sub-path, as build_tools/hosting/nginx.conf has it for a publisher's host).
TEST_SITES := build/test-sites
# The URL stamps are reached through the pattern rules only: kept, so that an unchanged address
# does not rebuild a site at the next run.
.PRECIOUS: $(STAMPS)/test-url-% $(STAMPS)/test-site-% $(STAMPS)/site-url-%
$(STAMPS)/test-site-%: $(STAMPS)/venv $(STAMPS)/npm $(STAMPS)/wheel $(STAMPS)/stdlib $(STAMPS)/test-url-% $(SITE_SRC) $(TEST_GAMES_SRC) | chromium
	$(call build_site,$*,$(call test_url,$*),$(CURDIR)/$(TEST_SITES)/$*)
	@touch $@

# --- static checks --------------------------------------------------------------------------
# Before any test (issue 27): ruff (ruff.toml) over all our Python; mypy (mypy.ini) --strict over
# the engines, which ship py.typed, and plain over the build tooling and the benchmarks; eslint
# (eslint.config.mjs) over our JavaScript; and Node's own test runner over the page scripts that
# decide things without the browser (tests/js/: the Play page's link codec, the review and
# progress store), run on the scripts as the build fills them in (tests/js/prepare.py).
# Every check runs, and the target fails if any of them found something.
JS_TEST_DIR := build/js-test
# The engine's packages (each ships py.typed): cardgame and every game's.
ENGINE_PACKAGES := $(patsubst engine/src/%/py.typed,%,$(wildcard engine/src/*/py.typed))
# The test games' engine packages (tests/games/<game>/), as mypy's -p arguments.
TEST_GAMES := $(patsubst tests/games/%/__init__.py,-p %,$(wildcard tests/games/*/__init__.py))
lint: $(STAMPS)/venv $(STAMPS)/npm
	@failed=""; \
	check() { local name="$$1"; shift; echo "--- $$name"; "$$@" || failed="$$failed [$$name]"; }; \
	check ruff $(VENV)/bin/ruff check --quiet .; \
	check "mypy --strict (engines)" $(VENV)/bin/mypy --strict $(ENGINE_PACKAGES:%=-p %); \
	check "mypy --strict (the test games)" env MYPYPATH=tests/games $(VENV)/bin/mypy --strict $(TEST_GAMES); \
	check "mypy (build tooling)" $(VENV)/bin/mypy build_tools benchmarks; \
	check eslint node_modules/.bin/eslint --max-warnings=0 .; \
	check "node --test" bash -c '$(PY) tests/js/prepare.py $(JS_TEST_DIR) && node --test --test-reporter=spec tests/js/*.test.mjs'; \
	if [ -n "$$failed" ]; then echo "make lint: failed:$$failed"; exit 1; fi

# Without test files in PYTEST_ARGS, pytest runs tests/ (pytest.ini's testpaths); with some,
# only those.
# Side by side, as the two cores allow (CI starts from a clean clone, where this is minutes):
# the Debian packages, the venv and npm; then the static checks beside the games' sites, built
# two at a time (each output printed whole when done, the checks' report after); a failing
# check still fails the target before pytest.
test:
	@$(MAKE) --no-print-directory -j4 --output-sync=target chromium test-packages $(STAMPS)/venv $(STAMPS)/npm
	@mkdir -p build; rm -f build/lint.log build/lint.rc
	@( rc=0; $(MAKE) --no-print-directory lint > build/lint.log 2>&1 || rc=$$?; echo $$rc > build/lint.rc ) & \
	  built=0; $(MAKE) --no-print-directory -j2 --output-sync=target $(SITE_GAMES:%=$(STAMPS)/test-site-%) || built=$$?; \
	  wait; cat build/lint.log; \
	  if [ "$$(cat build/lint.rc)" != 0 ]; then echo "make test: the static checks failed (make lint)"; exit 1; fi; \
	  if [ "$$built" != 0 ]; then echo "make test: a test site did not build"; exit 1; fi
	CARDSITE_SITES=$(TEST_SITES) CARDSITE_SERVER=nginx $(VENV)/bin/pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# The smoke suite alone, in Chromium, Firefox ESR (puppeteer-core over WebDriver BiDi) and
# WebKitGTK (WebKitWebDriver under Xvfb): tests/test_three_browsers.py, on the root game's test
# site. `make test` runs Chromium's and Firefox's with the rest, not WebKit's, which runs with
# CARDSITE_WEBKIT=1: WebKit compiles Pyodide's WebAssembly slowly, and its test took 100-133 s
# of a worker in clean runs of `make test` (35-60 s alone), more than the 20 minutes that
# `make test` must keep to could spare (a clean run with it: 18 min 12 s here).
test-browsers: $(STAMPS)/venv $(STAMPS)/npm test-packages $(STAMPS)/test-site-$(ROOT_GAME)
	CARDSITE_WEBKIT=1 CARDSITE_SITES=$(TEST_SITES) CARDSITE_SERVER=nginx $(VENV)/bin/pytest -n $(TEST_WORKERS) --dist worksteal -m three_browsers \
	  tests/test_three_browsers.py $(PYTEST_ARGS)

# Start-up benchmark, on the test site (pre-compiled Python) and on the same site with Pyodide's
# stock stdlib and a plain wheel.
bench: chromium $(STAMPS)/test-site-$(ROOT_GAME)
	SITE_URL=$(TEST_URL) CARDSITE_STOCK_PYTHON=1 $(VENV)/bin/mkdocs build --strict --quiet --site-dir build/bench-stock-site
	$(PY) benchmarks/boot.py --site build/bench-stock-site --label "stock Pyodide stdlib, plain wheel"
	$(PY) benchmarks/boot.py --site $(TEST_SITES)/$(ROOT_GAME) --label "pre-compiled stdlib and wheel"

# Engine speed: random complete 4-player hands per second, beside OpenSpiel's tarok when
# open_spiel installs (a separate venv, so the project's own never depends on it), and the
# floor: the same loop over a stripped game, the bound on any pure-Python engine.
BENCH_VENV := .cache/bench-venv
bench-engine: $(STAMPS)/venv
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install --quiet -r benchmarks/requirements.txt \
	  || echo "open_spiel did not install: the benchmark runs without the comparison"
	$(BENCH_VENV)/bin/pip install --quiet --no-deps -e engine
	$(BENCH_VENV)/bin/python benchmarks/engine_hands.py --floor

# Lighthouse (npm, pinned) on Debian's Chromium: performance, accessibility, best practices and
# SEO of the home page and one page of each kind, on the test site; prints a table.
lighthouse: chromium $(STAMPS)/test-site-$(ROOT_GAME)
	$(PY) benchmarks/lighthouse.py --site $(TEST_SITES)/$(ROOT_GAME)

clean:
	rm -rf site site-* build .cache/stamps engine/build

clean-all: clean
	rm -rf $(VENV) node_modules .cache
