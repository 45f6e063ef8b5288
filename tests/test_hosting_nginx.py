"""build_tools/hosting/: the nginx configuration a publisher copies (nginx.conf) and the module
that runs it for the tests, on a small site of its own: the types a module worker and
WebAssembly's streaming compile need, gzip, the runtime's .br and .gz twins sent as they are,
the cache headers, the site under its sub-path, the site's own 404 page, and one line when nginx
cannot serve."""

from __future__ import annotations

import gzip
import os
import shutil
import socket
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from build_tools.hosting import nginx
from build_tools.hosting.nginx import NginxError, serve

# A hand run without nginx skips these; `make test` (CARDSITE_SERVER=nginx) needs it, and fails.
pytestmark = pytest.mark.skipif(not Path(nginx.NGINX).is_file()
                                and os.environ.get("CARDSITE_SERVER") != "nginx",
                                reason="no nginx: make test-packages installs it")

WASM = b"\0asm\1\0\0\0" + bytes(range(256)) * 64


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def site(tmp_path) -> Path:
    site = tmp_path / "site"
    (site / "rules").mkdir(parents=True)
    (site / "pyodide").mkdir()
    (site / "index.html").write_text("<!doctype html><title>home</title>" + "<p>home</p>" * 100)
    (site / "rules" / "index.html").write_text("<!doctype html><title>rules</title>" + "<p>r</p>" * 100)
    (site / "404.html").write_text("<!doctype html><title>not here</title><p>404 of the site</p>")
    (site / "sw.js").write_text("self.addEventListener('fetch', () => {});\n" * 20)
    (site / "pyodide" / "pyodide.asm.mjs").write_text("export const x = 1;\n" * 50)
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(WASM)
    (site / "pyodide" / "python_stdlib.zip").write_bytes(b"PK" + bytes(4000))
    (site / "manifest.webmanifest").write_text('{"name": "x", "start_url": "./"}' + " " * 300)
    (site / "assets").mkdir()
    (site / "assets" / "bundle.0123abcd.min.js").write_text("var a = 1;\n" * 50)
    return site


def brotli(data: bytes) -> bytes:
    """``data`` compressed by Node's zlib, as build_tools/compress_runtime.mjs does."""
    node = shutil.which("node")
    assert node, "node is needed (make npm)"
    return subprocess.run([node, "-e", "process.stdout.write(require('zlib').brotliCompressSync("
                           "require('fs').readFileSync(0)))"], input=data, capture_output=True,
                          check=True).stdout


def get(url: str, accept: str = "gzip"):
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept})
    try:
        response = urllib.request.urlopen(request)
    except urllib.error.HTTPError as exc:
        response = exc
    with response:
        body = response.read()
        if response.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        return response.status, response.headers, body


@pytest.mark.parametrize("twins", [False, True], ids=["on the fly", "pre-compressed twins"])
def test_the_host_serves_the_site_under_its_sub_path_compressed_and_typed(site, twins):
    wasm = site / "pyodide" / "pyodide.asm.wasm"
    if twins:
        (site / "pyodide" / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(WASM, 9))
        (site / "pyodide" / "pyodide.asm.wasm.br").write_bytes(brotli(WASM))
    with serve(site, "/cards/", _free_port()) as url:
        status, headers, body = get(url + "pyodide/pyodide.asm.wasm")
        assert (status, headers["Content-Type"], headers["Content-Encoding"]) == \
            (200, "application/wasm", "gzip")
        assert body == WASM
        if twins:
            # A browser that takes brotli gets the .br twin as it is (brotli_static, Debian's
            # libnginx-mod-http-brotli-static), one that takes gzip only the .gz twin.
            status, headers, body = get(url + "pyodide/pyodide.asm.wasm", "gzip, deflate, br")
            assert (status, headers["Content-Type"], headers["Content-Encoding"]) == \
                (200, "application/wasm", "br")
            assert body == wasm.with_name("pyodide.asm.wasm.br").read_bytes()
            raw = urllib.request.urlopen(urllib.request.Request(
                url + "pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"})).read()
            assert raw == wasm.with_name("pyodide.asm.wasm.gz").read_bytes()
        status, headers, _ = get(url + "pyodide/pyodide.asm.mjs")
        assert headers["Content-Type"].startswith("text/javascript")
        assert headers["Content-Encoding"] == "gzip"
        assert get(url + "manifest.webmanifest")[1]["Content-Type"].startswith("application/manifest+json")
        # The zip is compressed already: sent as it is.
        assert "Content-Encoding" not in get(url + "pyodide/python_stdlib.zip")[1]
        # A folder's address is its index.html; pages and the service worker are asked for anew
        # at each visit, a hashed bundle kept.
        status, headers, body = get(url + "rules/")
        assert (status, headers["Content-Encoding"], headers["Cache-Control"]) == (200, "gzip", "no-cache")
        assert b"<title>rules</title>" in body
        assert get(url + "sw.js")[1]["Cache-Control"] == "no-cache"
        assert "immutable" in get(url + "assets/bundle.0123abcd.min.js")[1]["Cache-Control"]
        # A page not in the site is the site's own 404 page, with its status; above the
        # sub-path is not the site.
        status, _, body = get(url + "no/such/page/")
        assert status == 404 and b"404 of the site" in body
        assert get(url.replace("/cards/", "/index.html"))[0] == 404


def test_a_port_in_use_is_one_line(site):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(NginxError, match=rf"^nginx cannot listen on 127\.0\.0\.1:{port}: "
                                             r"Address already in use [^\n]*$"):
            with serve(site, "/", port):
                pass


def test_a_missing_nginx_is_one_line(site, monkeypatch):
    monkeypatch.setattr(nginx, "NGINX", "/nonexistent/nginx")
    with pytest.raises(NginxError, match=r"^/nonexistent/nginx is missing: apt-get install -y "
                                         r"nginx-light[^\n]*$"):
        with serve(site, "/", _free_port()):
            pass


def test_a_path_must_start_and_end_with_a_slash(site, tmp_path):
    with pytest.raises(NginxError, match="must start and end with /"):
        nginx.config(site, "/cards", 8000, tmp_path)
