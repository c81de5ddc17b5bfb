"""Crashes: an unhandled exception exits with status 1, writes a crash log under
the data folder's crash/ and shows one friendly line with its path instead of a traceback."""

from __future__ import annotations

import os
import pty
import sys
import time
from pathlib import Path

import pytest

from chaigames.crashlog import friendly_line, write_crash_log
from chaigames.saves import data_dir

LAUNCHER = Path(__file__).with_name("launch_crash.py")
ROOT = LAUNCHER.parents[2]
BOUND = 60.0


def run_in_a_terminal(argv: list[str]) -> tuple[int, str]:
    """Run a program in a pseudo-terminal until it exits: (exit status, everything it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child
        os.chdir(ROOT)
        env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(ROOT))
        os.execve(sys.executable, [sys.executable, *argv], env)
    out = b""
    end = time.monotonic() + BOUND
    while time.monotonic() < end:
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        out += data
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_a_crash_exits_non_zero_with_a_log_and_one_friendly_line():
    status, out = run_in_a_terminal([str(LAUNCHER)])
    assert status == 1
    (log,) = (data_dir() / "crash").glob("*.log")
    text = log.read_text()
    assert "RuntimeError: a bug [/] in the rules" in text and "Traceback" in text
    flat = "".join(out.split())  # the terminal may wrap the line
    assert "chaigamesstoppedbecauseofabug" in flat and "".join(str(log).split()) in flat
    assert "Traceback" not in out and "broken_game" not in out


async def test_the_app_records_the_crash_and_its_status(make_app):
    from screens.menu import MainMenu

    class Boom(MainMenu):
        def action_new(self) -> None:
            raise ValueError("boom")

    app = make_app()
    with pytest.raises(ValueError):
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(Boom())  # over the menu (switching out the bottom screen as it crashes
            # trips a Textual teardown race: a Footer recompose pending on the removed screen)
            await pilot.press("n")
            await pilot.pause()
    assert app.return_code == 1 and app.crash_log is not None and "ValueError: boom" in app.crash_log.read_text()


def test_friendly_lines(tmp_path):
    path = write_crash_log(KeyError("x"), tmp_path)
    assert path.parent == tmp_path / "crash" and "KeyError" in path.read_text()
    assert str(path) in friendly_line(path)
    assert str(tmp_path) not in friendly_line(path, served=True)
