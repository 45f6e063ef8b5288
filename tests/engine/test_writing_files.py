"""Writing files (cardgame.files), for every command that writes — ``troccas random -o``,
``troccas play -o``, ``truc play -o``, ``troccas worksheet -o`` and the handouts: a target that
is not a regular file is refused in one line and left as it was, a symlink is written through,
the new file has the usual mode (the umask's), and a write that fails leaves nothing behind."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cardgame.files import write_file
from troccas import cli as troccas_cli
from truc import cli as truc_cli

from fuzz_helpers import run_main

ROOT = Path(__file__).resolve().parents[2]
WRITERS = [(troccas_cli.main, ["random", "--seed", "3"]),
           (troccas_cli.main, ["play", "--seed", "3", "--bots", "random"]),
           (truc_cli.main, ["play", "--seed", "3"])]
IDS = ["troccas-random", "troccas-play", "truc-play"]


class Refused(Exception):
    pass


def bad(id, **params):
    return Refused(id, params)


def _write(main, argv, target) -> tuple[int, str]:
    rc, _, err = run_main(main, [*argv, "-o", str(target)])
    return rc, err


@pytest.mark.parametrize("main,argv", WRITERS, ids=IDS)
def test_a_device_is_refused_and_stays_a_device(main, argv, tmp_path):
    link = tmp_path / "full"
    link.symlink_to("/dev/full")
    for target in ("/dev/full", "/dev/null", link):
        rc, err = _write(main, argv, target)
        assert rc == 2 and err.count("\n") == 1 and "is a device" in err, err
        assert stat.S_ISCHR(os.stat(target).st_mode)
    assert link.is_symlink() and os.listdir(tmp_path) == ["full"]


@pytest.mark.parametrize("main,argv", WRITERS, ids=IDS)
def test_a_fifo_and_a_folder_are_refused(main, argv, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    rc, err = _write(main, argv, fifo)  # opening a fifo to write would block: never opened
    assert rc == 2 and "fifo" in err and err.count("\n") == 1, err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    rc, err = _write(main, argv, tmp_path)
    assert rc == 2 and "is a folder" in err, err
    assert sorted(os.listdir(tmp_path)) == ["pipe"]


@pytest.mark.parametrize("main,argv", WRITERS, ids=IDS)
def test_a_symlink_is_written_through_and_stays_a_link(main, argv, tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    rc, err = _write(main, argv, link)
    assert rc == 0, err
    assert link.is_symlink() and real.read_text().startswith("{")
    assert stat.S_IMODE(real.stat().st_mode) == 0o640  # an existing file keeps its mode
    assert sorted(os.listdir(tmp_path)) == ["link.json", "real.json"]


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
@pytest.mark.parametrize("main,argv", WRITERS, ids=IDS)
def test_a_new_file_gets_the_umask_mode(main, argv, umask, mode, tmp_path):
    old = os.umask(umask)
    try:
        rc, err = _write(main, argv, tmp_path / "new.json")
    finally:
        os.umask(old)
    assert rc == 0, err
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == mode


def _limited_write(target: Path, limit: int) -> subprocess.CompletedProcess:
    """``troccas random -o target`` in a process that may write at most ``limit`` bytes to a
    file (RLIMIT_FSIZE: the write fails with EFBIG, as a full disk fails with ENOSPC)."""
    code = ("import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
            f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit})); "
            "import troccas.cli as c; sys.exit(c.main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT / "engine" / "src"), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", code, "random", "--seed", "3", "-o",
                           str(target)], capture_output=True, text=True, env=env, timeout=120)


def test_a_failed_write_leaves_nothing_half_written(tmp_path):
    target = tmp_path / "hand.json"
    target.write_text("the old record")
    r = _limited_write(target, 100)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "cannot write here" in r.stderr and "Traceback" not in r.stderr
    assert target.read_text() == "the old record"
    assert os.listdir(tmp_path) == ["hand.json"]  # the temporary file is gone


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a tiny tmpfs needs root")
def test_a_full_disk_leaves_nothing_half_written(tmp_path):
    mnt = tmp_path / "full"
    mnt.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", str(mnt)],
                      capture_output=True).returncode:
        pytest.skip("cannot mount tmpfs here")
    try:
        (mnt / "filler").write_bytes(b"x" * 4096)  # the disk is full now
        rc, _, err = run_main(troccas_cli.main, ["random", "--seed", "3", "-o",
                                                 str(mnt / "hand.json")])
        assert rc == 2 and "No space left" in err and err.count("\n") == 1, err
        assert os.listdir(mnt) == ["filler"]
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_write_file_refuses_a_socket(tmp_path):
    import socket
    path = tmp_path / "s"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(path))
        with pytest.raises(Refused) as exc:
            write_file(path, "x", bad)
        assert exc.value.args == ("output#not_file", {"path": str(path), "kind": "socket"})
    finally:
        s.close()


def test_worksheet_output_is_checked_before_rendering(tmp_path):
    """The worksheet command (a plugin of the engine's CLI) refuses a device or a folder at
    once, before Chromium starts."""
    pytest.importorskip("build_tools.handouts.command")
    for target, words in (("/dev/null", "is a device"), (str(tmp_path), "is a folder")):
        rc, _, err = run_main(troccas_cli.main, ["worksheet", "count", "-o", target])
        assert rc == 2 and words in err and err.count("\n") == 1, err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_handouts_write_through_the_same_helper(tmp_path):
    from build_tools.handouts.pdf import HandoutError, write_atomic
    with pytest.raises(HandoutError, match="is a device"):
        write_atomic(Path("/dev/null"), b"%PDF")
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.pdf", b"%PDF")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.pdf").stat().st_mode) == 0o644
