"""A built site served by Debian's nginx, unprivileged, with the configuration of
build_tools/hosting/nginx.conf (gzip, the runtime's .br and .gz twins sent as they are, the
WebAssembly and module types, cache headers, the site under its sub-path): what the browser
tests and the wire benchmark run against.

    from build_tools.hosting.nginx import NginxError, serve
    with serve(Path("site"), "/cards/", port=8820) as url:   # http://127.0.0.1:8820/cards/
        ...

By hand (Ctrl-C stops):

    .venv/bin/python -m build_tools.hosting.nginx SITE_DIR URL
    .venv/bin/python -m build_tools.hosting.nginx build/test-sites/cards http://127.0.0.1:8820/sub/path/

nginx runs as the current user with everything of its own (the filled-in configuration, its
pid, its log and temporary folders) in a temporary folder, in the foreground (`daemon off`), and
stops with the block. Whatever keeps it from starting (no nginx, the port taken, a bad folder)
is one line, as :class:`NginxError`.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

NGINX = "/usr/sbin/nginx"
TEMPLATE = Path(__file__).with_name("nginx.conf")
MIME_TYPES = "/etc/nginx/mime.types"
# Debian's dynamic modules (libnginx-mod-http-brotli-static puts brotli_static there).
MODULES = Path("/usr/lib/nginx/modules")
BROTLI_STATIC = "ngx_http_brotli_static_module.so"
# Where the template takes more locations (the tests' extras): this comment line.
_MORE = "        # more locations (the tests' extras) go here\n"


class NginxError(Exception):
    """nginx could not serve the site; the message is one line saying why."""


def config(site: Path, path: str, port: int, run: Path, host: str = "127.0.0.1",
           extra: Mapping[str, Path] | None = None, access_log: bool = False) -> str:
    """The template filled in: ``site`` at ``path`` (``/`` or ``/sub/path/``) on host:port,
    nginx's own files in ``run``; ``extra`` maps more path prefixes to folders (a benchmark's
    bare page). Without Debian's brotli_static module, the template's two brotli lines go, as
    it tells a host to do: the .gz twins are sent instead of the .br ones."""
    if not path.startswith("/") or not path.endswith("/"):
        raise NginxError(f"the site's path must start and end with /, not {path!r}")
    more = ""
    for prefix, folder in (extra or {}).items():
        more += (f"        location {prefix} {{\n            alias {folder.resolve()}/;\n"
                 f"            index index.html;\n        }}\n")
    text = TEMPLATE.read_text(encoding="utf-8")
    if not (MODULES / BROTLI_STATIC).is_file():
        text = "".join(line for line in text.splitlines(keepends=True)
                       if not line.lstrip().startswith(("load_module", "brotli_static")))
    text = text.replace(_MORE, _MORE + more)
    if access_log:
        # Each answer's status and path, one line each, unbuffered: what a test counts.
        text = text.replace("    access_log off;\n", "    log_format cardsite '$status $uri';\n"
                            f"    access_log {run}/access.log cardsite;\n", 1)
    if os.geteuid() == 0:
        # Started by root, nginx would read the files as `nobody`: as the current user instead,
        # who built the site (and owns the temporary folder).
        text = text.replace("daemon off;\n", "daemon off;\nuser root;\n", 1)
    for name, value in (("@RUN@", str(run)), ("@MIME_TYPES@", MIME_TYPES), ("@MODULES@", str(MODULES)),
                        ("@LISTEN@", f"{host}:{port}"), ("@PATH@", path),
                        ("@SITE@", f"{site.resolve()}/")):
        text = text.replace(name, value)
    return text


def _port_free(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise NginxError(f"nginx cannot listen on {host}:{port}: {exc.strerror} "
                             f"(is another server, `make serve` or a test run, using it?)") from None


def _wait_listening(proc: subprocess.Popen[bytes], host: str, port: int, log: Path,
                    timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = log.read_text(encoding="utf-8", errors="replace").strip().splitlines() \
                if log.is_file() else []
            raise NginxError(f"nginx stopped at its start: {said[-1] if said else 'no message'}")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            if s.connect_ex((host, port)) == 0:
                return
        time.sleep(0.02)
    raise NginxError(f"nginx did not listen on {host}:{port} within {timeout:.0f} s")


class Nginx:
    """One nginx serving a site, started by :meth:`start`, stopped by :meth:`stop`."""

    def __init__(self, site: Path, path: str, port: int, host: str = "127.0.0.1",
                 extra: Mapping[str, Path] | None = None, access_log: bool = False):
        self.site, self.path, self.port, self.host = site, path, port, host
        self.access_log = access_log
        self.extra = extra
        self.url = f"http://{host}:{port}{path}"
        self._run: tempfile.TemporaryDirectory[str] | None = None
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Nginx:
        if not os.access(NGINX, os.X_OK):
            raise NginxError(f"{NGINX} is missing: apt-get install -y nginx-light "
                             f"(make test-packages does it as root)")
        if not (self.site / "index.html").is_file():
            raise NginxError(f"{self.site}: no built site there (no index.html)")
        _port_free(self.host, self.port)
        self._run = tempfile.TemporaryDirectory(prefix="cardsite-nginx-")
        run = Path(self._run.name)
        conf = run / "nginx.conf"
        conf.write_text(config(self.site, self.path, self.port, run, self.host, self.extra,
                               self.access_log), encoding="utf-8")
        log = run / "error.log"
        # -e: nginx opens its compiled-in error log before it reads the configuration.
        self._proc = subprocess.Popen([NGINX, "-p", str(run), "-c", str(conf), "-e", str(log)],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        try:
            _wait_listening(self._proc, self.host, self.port, log)
        except NginxError:
            self.stop()
            raise
        return self

    def sent(self) -> list[str]:
        """The paths answered in full (status 200), in order (with ``access_log``)."""
        if self._run is None:
            return []
        log = Path(self._run.name) / "access.log"
        lines = log.read_text(encoding="utf-8").splitlines() if log.is_file() else []
        return [line.split(" ", 1)[1] for line in lines if line.startswith("200 ")]

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()  # SIGTERM: nginx's fast shutdown
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._proc = None
        if self._run is not None:
            self._run.cleanup()
            self._run = None


@contextmanager
def serve(site: Path, path: str, port: int, host: str = "127.0.0.1",
          extra: Mapping[str, Path] | None = None) -> Iterator[str]:
    """``site`` served by nginx at http://host:port/path for the block; yields that address."""
    server = Nginx(site, path, port, host, extra).start()
    try:
        yield server.url
    finally:
        server.stop()


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m build_tools.hosting.nginx SITE_DIR URL "
              "(say build/test-sites/cards http://127.0.0.1:8820/sub/path/)", file=sys.stderr)
        return 2
    site, url = Path(argv[0]), urlsplit(argv[1])
    if url.scheme != "http" or not url.hostname or not url.port:
        print(f"{argv[1]}: give http://HOST:PORT/PATH/ (the site's SITE_URL)", file=sys.stderr)
        return 2
    try:
        with serve(site, url.path or "/", url.port, url.hostname) as address:
            print(f"nginx serving {site}/ at {address} (Ctrl-C stops)", flush=True)
            while True:
                time.sleep(3600)
    except NginxError as exc:
        print(f"nginx: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
