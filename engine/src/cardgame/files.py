"""Writing a file the way every command that writes must: all of it or nothing, and nothing
that is not ours replaced.

* The target must be a regular file or not exist yet: a device (``/dev/full``), a folder, a
  fifo or a socket is refused before anything is written — renaming a finished file over
  ``/dev/null`` would replace the device node for everyone.
* A symbolic link is written *through*: the file it points to gets the new text and the link
  stays a link (a link to something that is not a regular file is refused like its target).
* The text goes to a temporary file beside the target, which is renamed over it only once
  every byte is written; on any failure — no space left, a file too large, an interrupt — the
  temporary file is removed and the target is as it was.
* The new file has the mode an ordinary write would give it: an existing file keeps its
  mode, a new one gets 0666 less the umask (0644 under the usual 022), not the 0600 of
  ``tempfile.mkstemp``.

Errors are the caller's: ``bad(id, **params)`` builds them from the game's message ids
``output#folder`` (path), ``output#not_file`` (path, kind) and ``output#write`` (path, why).
"""

from __future__ import annotations

import os
import secrets
import stat
from typing import Callable

Bad = Callable[..., BaseException]

_KINDS = ((stat.S_ISCHR, "device"), (stat.S_ISBLK, "device"), (stat.S_ISFIFO, "fifo"),
          (stat.S_ISSOCK, "socket"))


def target_of(path: str | os.PathLike[str], bad: Bad) -> str:
    """The regular file that writing to ``path`` would replace (links followed), or where a
    new one would go; refuses a folder, a device, a fifo or a socket."""
    shown = os.fspath(path)
    real = os.path.realpath(shown)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise bad("output#write", path=shown, why=exc.strerror) from None
    if stat.S_ISDIR(st.st_mode):
        raise bad("output#folder", path=shown)
    if not stat.S_ISREG(st.st_mode):
        kind = next((k for test, k in _KINDS if test(st.st_mode)), "special")
        raise bad("output#not_file", path=shown, kind=kind)
    return real


def write_file(path: str | os.PathLike[str], data: str | bytes, bad: Bad) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all (see the module)."""
    shown = os.fspath(path)
    real = target_of(shown, bad)
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder, name = os.path.split(real)
    try:
        old_mode = stat.S_IMODE(os.stat(real).st_mode)
    except OSError:
        old_mode = None
    tmp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
    try:
        # O_EXCL: never open something another process put there; 0o666: the umask applies.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
    except OSError as exc:
        raise bad("output#write", path=shown, why=exc.strerror) from None
    try:
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            if old_mode is not None:
                os.chmod(tmp, old_mode)
            os.replace(tmp, real)
        except OSError as exc:
            raise bad("output#write", path=shown, why=exc.strerror or str(exc)) from None
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
