"""Tables over SSH, the app's menus and lobby, against a stand-in host on the session's channel.

The real host and table process are exercised by tests/serve/test_serve_table_*.py; here the
other end of the channel is a test coroutine, so each screen's messages and drawing are checked fast.
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

import pytest

from chaigames.play import wire
from screens.menu import MainMenu
from screens.tables import JoinTableScreen, LobbyScreen, OpenTableScreen
from tests.pilot import screen_text, wait_for
from tests.screens.conftest import notices
from tests.wait import WAIT, scaled

TABLE = {
    "code": "K7QD",
    "game": "toy",
    "title": "Toy Race",
    "owner": "Asha",
    "people": ["Asha"],
    "free": 1,
    "started": False,
    "finished": False,
    "spectators": 0,
}


def lobby(present: bool = False) -> dict[str, Any]:
    return {
        "t": "lobby",
        "code": "K7QD",
        "game": "toy",
        "title": "Toy Race",
        "options": {"goal": 10},
        "seats": [
            {"name": "Asha", "kind": "person", "level": None, "present": True, "owner": True},
            {"name": "Ravi" if present else "", "kind": "person", "level": None, "present": present, "owner": False},
            {"name": "Meera", "kind": "bot", "level": "easy", "present": True, "owner": False},
        ],
        "started": False,
    }


class FakeHost:
    """The host's end of a session channel: answers like the host and a table would, records what came."""

    def __init__(self, *, keyed: bool = True, mine: list[dict[str, Any]] | None = None, owner: bool = False) -> None:
        self.ours, self.theirs = socket.socketpair()
        self.keyed = keyed
        self.mine = mine or []
        self.owner = owner
        self.got: list[dict[str, Any]] = []
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        reader, self.writer = await asyncio.open_connection(sock=self.ours)
        while line := await reader.readline():
            msg = json.loads(line)
            self.got.append(msg)
            t = msg["t"]
            if t == "hello":
                self.send({"t": "welcome", "name": "Asha", "keyed": self.keyed, "mine": self.mine})
            elif t == "list":
                self.send({"t": "tables", "tables": [TABLE]})
            elif t == "open":
                self.send({"t": "opened", "code": "K7QD"})
                self.send({"t": "joined", "code": "K7QD", "seat": 0, "seat_code": None, "owner": True})
                self.send(lobby())
            elif t == "join":
                seat_code = None if self.keyed else "W4TX"
                self.send({"t": "joined", "code": "K7QD", "seat": 1, "seat_code": seat_code, "owner": self.owner})
                self.send(lobby(present=True))

    def send(self, msg: dict[str, Any]) -> None:
        assert self.writer is not None
        self.writer.write(json.dumps(msg).encode() + b"\n")

    def kinds(self) -> list[str]:
        return [m["t"] for m in self.got]


@pytest.fixture
def served(monkeypatch):
    """A served app with a channel to a FakeHost: `host, app = served(make_app, games=..., **FakeHost options)`."""
    tasks: list[asyncio.Task[None]] = []

    def make(make_app, games: Any = (), **kw: Any):
        host = FakeHost(**kw)
        monkeypatch.setenv("CHAIGAMES_SERVED", "1")
        monkeypatch.setenv("CHAIGAMES_HOST_FD", str(host.theirs.detach()))
        tasks.append(asyncio.get_running_loop().create_task(host.run()))
        return host, make_app(games=games)

    yield make
    for task in tasks:
        task.cancel()


async def test_menu_offers_tables_only_with_a_channel(make_app, served, monkeypatch):
    monkeypatch.setenv("CHAIGAMES_SERVED", "1")
    app = make_app()  # served, but no channel: no tables
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu))
        assert "Open a table" not in screen_text(app)

    host, app = served(make_app, mine=[TABLE])
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Open a table" in screen_text(app), "the table lines in the menu")
        text = screen_text(app)
        assert "Join a table" in text and "Back to your table" in text
        assert host.kinds()[0] == "hello"


async def test_join_by_code_shows_the_lobby_and_the_seat_code_under_open(make_app, served):
    """Typing a code (any case) joins as a person; the lobby shows the code big, who sits where, the
    private seat code (under --open) and that only the owner may start."""
    host, app = served(make_app, keyed=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Join a table" in screen_text(app))
        await pilot.press("j")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinTableScreen) and "Asha's table" in screen_text(app))
        assert "1 seat free, waiting to start" in screen_text(app)
        for key in "k7qd":
            await pilot.press(key)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "Ravi" in screen_text(app), "lobby")
        join = next(m for m in host.got if m["t"] == "join")
        assert join == {"t": "join", "code": "K7QD", "as": "person", "seat_code": None}
        text = screen_text(app)
        assert "K  7  Q  D" in text
        assert "Your seat code: W4TX" in text
        assert "Meera (bot, easy)" in text and "Waiting for the owner" in text
        await pilot.press("s")  # not the owner: no start
        # a request's answer comes after the host has read all the app sent before it
        await app.tables.request(wire.list_tables(), {"tables"}, timeout=scaled(WAIT))
        assert "start" not in host.kinds()

        said = notices(app)
        host.send({"t": "closed", "reason": "The owner closed the table."})
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "back to the menu")
        await wait_for(pilot, lambda: "The owner closed the table." in said, "the reason shown")


async def test_a_started_or_full_table_is_watched(make_app, served):
    host, app = served(make_app)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Join a table" in screen_text(app))
        TABLE_STARTED = {**TABLE, "started": True}
        screen = JoinTableScreen()
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.tables, "the list")
        screen.tables = [TABLE_STARTED]
        screen.join("k7qd")
        await wait_for(pilot, lambda: "join" in host.kinds(), "the join")
        assert next(m for m in host.got if m["t"] == "join")["as"] == "spectator"
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the table")


async def test_open_a_table_sends_people_and_bots_and_the_owner_starts(make_app, served):
    """Open: the setup screen's seats become people's seats and bots at their level; seat 1 is the
    opener's; in the lobby the owner hands the free seat to a bot and starts."""
    host, app = served(make_app)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: "Open a table" in screen_text(app))
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen), "the open screen")
        screen = app.screen
        assert "Person" in screen_text(app) and "Take-backs" not in screen_text(app)
        assert screen.query_one("#name-0").value == "Asha"
        assert "Open the table  ^s" in screen_text(app) and "Start  ^s" not in screen_text(app)  # it opens a lobby
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and "owner" in screen_text(app), "lobby")
        opened = next(m for m in host.got if m["t"] == "open")
        assert opened["game"] == "toy" and opened["seats"][0]["kind"] == "person"
        assert [s["kind"] for s in opened["seats"]] == ["person", "bot"]
        assert opened["names"][0] is None and opened["names"][1]
        assert "b hands one to a bot" in screen_text(app)
        await pilot.press("down")
        await pilot.press("b")
        await wait_for(pilot, lambda: "to_bot" in host.kinds(), "the seat handed to a bot")
        assert next(m for m in host.got if m["t"] == "to_bot")["seat"] == 1
        await pilot.press("s")
        await wait_for(pilot, lambda: "start" in host.kinds(), "start")


async def test_a_table_opened_with_hints_says_so_on_the_wire_and_in_its_lobby(make_app, served):
    """Hints for learners are the opener's choice at a table (there is no match to keep them out of)."""
    from textual.widgets import Select

    from chaigames.chai import SPEC as CHAI

    host, app = served(make_app, games=[CHAI])
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: "Open a table" in screen_text(app))
        app.open_table_setup()
        await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen) and app.screen.query("#game"))
        app.screen.query_one("#game", Select).value = "chai"
        await wait_for(pilot, lambda: "Hints" in screen_text(app) and "Off" in screen_text(app), "Chai's hints choice")
        app.screen.query_one("#hints", Select).value = True  # once Chai's form is drawn: its mount sets each field
        await wait_for(pilot, lambda: "On: ! shows the expert's move" in screen_text(app), "hints chosen")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: "open" in host.kinds(), "the open message")
        assert next(m for m in host.got if m["t"] == "open")["hints"] is True
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        host.send(lobby() | {"hints": True})
        await wait_for(pilot, lambda: "hints on" in screen_text(app), "the lobby saying hints are on")


async def test_seat_one_must_be_a_person(make_app, served):
    _, app = served(make_app)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: "Open a table" in screen_text(app))
        app.open_table_setup()
        await wait_for(pilot, lambda: isinstance(app.screen, OpenTableScreen) and app.screen.query("#kind-0"))
        screen = app.screen
        from textual.widgets import Select

        screen.query_one("#kind-0", Select).value = "easy"
        await wait_for(pilot, lambda: "seat 1 is yours" in screen_text(app), "the problem shown")
        assert screen.problems


async def test_a_lobby_left_before_it_is_drawn_closes_quietly(make_app, served):
    """The lobby can go in the moment it opens (the app quits, the table is left, a loaded machine
    is slow to draw it): it must not look for its widgets when it never got them."""
    _, app = served(make_app)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Join a table" in screen_text(app))
        app.push_screen(LobbyScreen({"code": "K7QD", "seat": 1, "seat_code": "W4TX", "owner": False}))
    assert not app.return_code and app.crash_log is None  # run_test raises the app's own exception, if any


async def test_a_served_menu_is_filled_once_with_its_table_lines(make_app, served, monkeypatch):
    """The host is asked about our tables before the menu is first drawn, so its list is filled once, with
    the table lines (filled first without them, it was laid out and painted again when the host answered)."""
    from textual.widgets import OptionList

    fills: list[str | None] = []
    add_options = OptionList.add_options

    def counted(self: OptionList, items: Any) -> OptionList:
        items = list(items)
        if items:  # Textual's own constructor adds none
            fills.append(self.id)
        return add_options(self, items)

    monkeypatch.setattr(OptionList, "add_options", counted)
    host, app = served(make_app)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Open a table" in screen_text(app), "the table lines in the menu")
        await pilot.pause()
        assert fills.count("menu-options") == 1
        assert host.kinds() == ["hello"]


@pytest.mark.parametrize("form", ["open", "join"])
async def test_a_table_form_left_before_it_is_drawn_closes_quietly(make_app, served, form):
    """Opening or joining a table can go the moment it opens, as the lobby can: neither form looks for
    its fields once mounted (they are whole as composed, the first focused by AUTO_FOCUS)."""
    _, app = served(make_app)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "Join a table" in screen_text(app))
        app.push_screen(OpenTableScreen(app.library.available()) if form == "open" else JoinTableScreen())
    assert not app.return_code and app.crash_log is None  # run_test raises the app's own exception, if any
