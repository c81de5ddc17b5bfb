"""The real app on a `TableController` against a table on this loop: the three game screens play
their seat by keys over the wire, and nothing else (Chai Wallah: every key set works for the one
seat; no curtain; no undo)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from chaigames import games
from chaigames.engine import parse_record
from chaigames.play import wire
from chaigames.play.client import TableClient
from chaigames.play.table_controller import TableController
from screens.app import ChaiGamesApp
from screens.chai_wallah.screen import ChaiWallahScreen
from screens.curtain import CurtainScreen
from screens.keys import KeysScreen
from tests.pilot import screen_text, wait_for
from tests.screens.dabba_walla.helpers import play_one_step
from tests.serve.tablehost import InProcessTable
from tests.serve.test_table_play import ASHA, RAVI, seats


def table_app() -> ChaiGamesApp:
    return ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, confirm_moves=False)


async def sit_down(
    pilot: Any,
    data_dir: Path,
    game: str,
    kinds: list[dict[str, Any]],
    bot_delay: float = 0.0,
    options: dict[str, Any] | None = None,
) -> tuple[InProcessTable, Any]:
    """Asha opens a table from the app's channel, Ravi (the test) joins, Asha starts: her game screen."""
    table = InProcessTable("PLAY", data_dir, ASHA, bot_delay)
    client = await TableClient.connect(sock=await table.start())
    assert (await client.request(wire.open_table(game, options or {}, kinds, 3), {"opened"}))["code"] == "PLAY"
    table.say_host({"t": "connected", "conn": 2, "who": RAVI})
    table.say(2, RAVI, wire.join("PLAY"))
    await wait_for(pilot, lambda: table.to(2, "joined"), "Ravi seated")
    client.send(wire.start())
    await wait_for(pilot, lambda: "update" in client.last, "the first update")
    controller = TableController(pilot.app, client, games.get(game), 0)
    await pilot.app.open_table_game(controller)
    return table, controller


def ravi_plays(table: InProcessTable) -> None:
    """Ravi's first legal move whenever it is his (once a position: an update rebuilt from the table's
    changes carries the last one's fields, this mark among them)."""
    u = table.last(2, "update")
    if u is not None and u["legal"] and u.get("_played") != u["moves"]:
        u["_played"] = u["moves"]
        table.say(2, RAVI, wire.act(1, u["legal"][0]))


def asha_entries(data_dir: Path) -> list[Any]:
    """Asha's moves in the table's game in play (a finished game's record leaves saves/ for history/)."""
    path = next((data_dir / "tables" / "PLAY" / "saves").glob("*.json"), None)
    assert path is not None, "no game in play at the table: it ended before the test's keys"
    record = parse_record(path.read_text(), games.get)
    return [e for e in record.entries if e.seat == 0]


async def test_chai_is_played_at_a_table_by_keys(data_dir: Path) -> None:
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table, c = await sit_down(pilot, data_dir, "chai", seats("person", "person", "bot"))
        try:
            assert c.humans == (0,) and not c.can_undo()

            def my_move() -> bool:
                ravi_plays(table)
                return c.to_move == 0

            await wait_for(pilot, my_move, "Asha's move")
            moves = c.update["moves"]
            await pilot.press("enter")  # buy the tile group under the cursor
            await wait_for(pilot, lambda: c.update["moves"] > moves, "the purchase, back from the table")
            await wait_for(pilot, lambda: asha_entries(data_dir), "the purchase in the save")
            assert not isinstance(app.screen, CurtainScreen)
        finally:
            c.stop()
            await table.close()


async def test_chai_wallah_at_a_table_takes_every_key_set_for_the_one_seat(data_dir: Path) -> None:
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        # A loaded machine may take half a minute of the game's time over these keys: bots that think a
        # second (two easy bots playing at once can end the game, its record leaving saves/), and no chai
        # stall (it would swap Asha's offered dice for fresh ones, on which her keys re-roll, limited)
        kinds = seats("person", "person", "bot", "bot")
        table, c = await sit_down(pilot, data_dir, "chai-wallah", kinds, bot_delay=1.0, options={"stall": None})
        try:
            assert isinstance(app.screen, ChaiWallahScreen)
            await wait_for(pilot, lambda: c.clock.running and not c.paused, "the clock after the table's 3-2-1")
            for n, key in enumerate(("w", "t", "i", "up"), start=1):  # zones 1, 2, 3 and 4: all Asha's
                await pilot.press(key)
                await wait_for(pilot, lambda n=n: len(asha_entries(data_dir)) >= n, f"{key} applied for Asha")
            assert {e.action.ingredient for e in asha_entries(data_dir)} == {"spice"}
            # others' offered dice stay covered: the screen draws Asha's own view, never the table view
            view = c.table_view()
            assert view.seat == 0 and view is c.view
            # the time on screen runs on between the table's updates, as the table's clock does
            c.clock.set(True, 42.0)
            assert str(app.screen.status_line(c.view)).startswith("Time  42 s")
            # `?` shows the keys over this screen only: the table is not paused for it (nor F2's key check)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys list")
            await pilot.press("escape")  # keys pressed before the game is back on top are not the game's
            await wait_for(pilot, lambda: isinstance(app.screen, ChaiWallahScreen), "the game again")
            await pilot.press("f2", "w")  # once w's move is back from the table, F2 was handled too
            await wait_for(pilot, lambda: len(asha_entries(data_dir)) >= 5, "the w after F2 applied for Asha")
            assert {"t": "pause"} not in table.sent(1) and isinstance(app.screen, ChaiWallahScreen)
        finally:
            c.stop()
            await table.close()


async def test_dabba_walla_is_played_at_a_table_by_keys(data_dir: Path) -> None:
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table, c = await sit_down(pilot, data_dir, "dabba-walla", seats("person", "person", "bot"))
        try:
            for _ in range(4):

                def my_move() -> bool:
                    ravi_plays(table)
                    return c.to_move == 0

                await wait_for(pilot, my_move, "Asha's move")
                moves = c.update["moves"]
                await play_one_step(pilot)
                await wait_for(pilot, lambda moves=moves: c.update["moves"] > moves, "Asha's step applied")
            await wait_for(pilot, lambda: len(asha_entries(data_dir)) >= 4, "Asha's steps in the save")
        finally:
            c.stop()
            await table.close()


async def test_a_chai_wallah_spectator_is_told_they_are_watching(data_dir: Path) -> None:
    """A table's spectator has no seat and no keys: the help line says they watch (not "a demo")."""
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table, seated = await sit_down(pilot, data_dir, "chai-wallah", seats("person", "person", "bot", "bot"))
        try:
            watching = TableController(pilot.app, seated.client, games.get("chai-wallah"), None)
            watching.updated(dict(seated.update, seat=None), notify=False)  # as a spectator's update reads
            await pilot.app.open_table_game(watching)
            await wait_for(pilot, lambda: "You are watching this table." in screen_text(app), "the help line")
            assert watching.humans == () and "A demo" not in screen_text(app)
        finally:
            watching.stop()
            seated.stop()
            await table.close()


async def test_the_owner_hands_an_away_seat_to_a_bot_of_any_level_from_the_pause_menu(data_dir: Path) -> None:
    from textual.widgets import OptionList

    from screens.table_pause import BotLevelScreen, TablePauseMenu

    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table, c = await sit_down(pilot, data_dir, "chai", seats("person", "person", "bot"))
        try:
            table.say_host({"t": "dropped", "conn": 2})
            await wait_for(pilot, lambda: c.away_seats() == [1], "Ravi away")
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, TablePauseMenu), "the table's pause menu")
            assert "Hand Ravi's seat to a bot" in screen_text(app)
            await pilot.press("b")
            await wait_for(pilot, lambda: isinstance(app.screen, BotLevelScreen), "the bot levels")
            levels = app.screen.query_one(OptionList)
            while levels.get_option_at_index(levels.highlighted or 0).id != "hard":
                await pilot.press("down")
            await pilot.press("enter")
            await wait_for(pilot, lambda: c.is_bot(1) and c.bot_level(1) == "hard", "a hard bot in Ravi's seat")
        finally:
            c.stop()
            await table.close()
