"""Never lose a game: the app in a pseudo-terminal is killed with SIGKILL mid-game, and Continue
restores exactly what was on screen (a crash, a closed terminal or kill -9 loses at most the action in
flight)."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import re
import signal
import struct
import sys
import termios
from pathlib import Path

import pytest
from textual import events

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session, parse_record
from chaigames.play.controller import GameController
from chaigames.saves import SaveStore
from screens.generic import GenericGameScreen
from screens.menu import ContinueScreen
from tests import toygame
from tests.pilot import screen_text, wait_for
from tests.terminal import Terminal

LAUNCHER = Path(__file__).with_name("launch_toy.py")
ROOT = LAUNCHER.parents[2]
BOUND = 30.0  # seconds any step may take on a loaded machine


class PtyApp(Terminal):
    """The app running in a pseudo-terminal of 80x24, what it draws read on this event loop."""

    def __init__(self, argv: list[str], launcher: Path = LAUNCHER) -> None:
        super().__init__(80, 24)
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24", PYTHONPATH=str(ROOT))
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: become the app
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, str(launcher), *argv], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.set_blocking(self.fd, False)
        self.loop = asyncio.get_running_loop()
        self.loop.add_reader(self.fd, self._read)
        self.killed = False

    def _read(self) -> None:
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self.feed(data)
        else:
            self.loop.remove_reader(self.fd)
            self.ended()

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    async def _type(self, data: bytes) -> None:
        self.send(data)

    def kill(self) -> None:
        """kill -9: no goodbye, no last save."""
        self.killed = True
        self.loop.remove_reader(self.fd)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def table_numbers(text: str) -> list[str]:
    """The positions shown in the table (left column) of the generic screen, as strings."""
    left = "\n".join(line[:44] for line in text.splitlines())
    m = re.search(r'"positions": \[([^\]]*)\]', left)
    assert m, left
    return re.findall(r"\d+", m.group(1))


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
async def test_kill_9_mid_game_then_continue_restores_the_same_state(make_app):
    store = SaveStore()
    term = PtyApp(["new", "7"])
    try:
        await term.wait_text("Moves of Ann", timeout=BOUND)
        (path,) = list(store.saves.glob("*.json"))

        def entries() -> int:
            try:
                return len(json.loads(path.read_text())["entries"])
            except (OSError, ValueError):
                return -1  # never happens with atomic writes; would fail the bound below

        assert entries() == 0  # saved the moment it started
        for n, key in enumerate(b"212", start=1):
            term.send(bytes([key]))
            await term.wait_for(lambda n=n: entries() == 2 * n, f"move {n} and the bot's reply saved", BOUND)
            await term.wait_text("Ann to move", timeout=BOUND)
        shown = table_numbers(term.text)
        term.kill()
    finally:
        if not term.killed:
            term.kill()

    record = parse_record(path.read_text(), lambda gid: toygame.SPEC)
    assert [e.action for e in record.entries if e.seat == 0] == [toygame.Step(2), toygame.Step(1), toygame.Step(2)]
    expected = Session.from_record(toygame.SPEC, record).state.to_json()

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "the continue list")
        assert "Toy Race: Ann, Ravi (easy bot)  (6 moves" in screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "the resumed game")
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move")
        assert app.controller.state.to_json() == expected
        assert table_numbers(screen_text(app)) == shown  # what was on screen before the kill


async def test_a_key_pressed_once_the_board_is_up_counts_though_the_game_goes_on_a_moment_later(make_app, monkeypatch):
    """A new game's board can be drawn a moment before the game hands the keyboard to its first human
    (the start follows the screen's mount; on a loaded machine the board is already on the terminal).
    A key pressed in that moment was meant for this board: it is played, not dropped as typed before."""
    start = GameController.start

    def start_after_a_key(controller: GameController) -> None:
        key = events.Key("2", "2")  # pressed now: the board is up, the game not yet going on
        start(controller)
        controller.frame.post_message(key)

    monkeypatch.setattr(GameController, "start", start_after_a_key)
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), options={"goal": 20}, start_player=0)
    app = make_app(new_game=("toy", config, 7))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(
            pilot, lambda: app.controller is not None and app.controller.session.record.entries, "Ann's move"
        )
        assert app.controller.session.record.entries[0].action == toygame.Step(2)


def game_time(text: str) -> float:
    """The game clock on Chai Wallah's status line (0 before it shows)."""
    m = re.search(r"Time +(\d+) s", text)
    return float(m.group(1)) if m else 0.0


def asha_block(text: str) -> str:
    """The three lines of Asha's seat (her name starts the first)."""
    lines = text.splitlines()
    top = next((k for k, line in enumerate(lines) if line.strip().startswith("Asha")), len(lines))
    return "\n".join(lines[top : top + 3])


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
async def test_kill_9_after_a_real_time_key_keeps_the_move_whose_frame_was_drawn():
    """Real time saves in two halves (the temporary file before the frame, the fsync and rename on
    a thread after it). Here the second half never comes: the kill leaves only the temporary file,
    and the next start puts it in place, so the die the player saw offered is offered in the save."""
    store = SaveStore()
    argv = ["new", "chai-wallah", "--seat", "Asha", *["--bot", "easy"] * 3, "--seed", "7"]
    term = PtyApp(argv, launcher=LAUNCHER.with_name("launch_stuck_disk.py"))
    try:
        await term.wait_text("Space: start the clock", timeout=BOUND)
        (path,) = list(store.saves.glob("*.json"))
        term.send(b" ")
        await term.wait_for(lambda: game_time(term.text) >= 1, "the clock running", BOUND)
        term.send(b"a")  # Asha offers her tea die
        await term.wait_for(lambda: "[T" in asha_block(term.text), "Asha's tea die offered", BOUND)
        term.kill()
    finally:
        if not term.killed:
            term.kill()

    assert json.loads(path.read_text())["entries"] == []  # the committer never put a save in place
    store.sweep()
    session = store.load(path.stem, games.get)
    asha = session.state.view(0).seats[0]
    assert [d.state for d in asha.dice if d.ingredient == "tea"] == ["offered"]
    assert not [p for p in store.saves.iterdir() if p.name.endswith(".tmp")]
