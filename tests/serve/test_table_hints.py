"""Hints for learners at a table: the opener's choice, carried to the lobby and every update (a rematch and a
restart keep it: tests/serve/test_table_play.py, test_table_seats.py); the table only counts them, in the
record's meta (never as entries); each person's own app works a hint out from its own seat's update and shows it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from chaigames import games
from chaigames.engine import parse_record
from chaigames.play import wire
from chaigames.play.client import TableClient
from chaigames.play.hints import hint_budget
from chaigames.play.table_controller import TableController
from tests.pilot import screen_text, wait_for
from tests.serve.tablehost import InProcessTable, TableHost
from tests.serve.test_table_app import ravi_plays, table_app
from tests.serve.test_table_play import ASHA, RAVI, open_table, seats


def saved_record(data_dir: Path, code: str) -> Any:
    path = next((data_dir / "tables" / code / "saves").glob("*.json"))
    return parse_record(path.read_text(), games.get)


async def asha_to_move(table: TableHost) -> dict[str, Any]:
    """Asha's update once she is to move (whoever starts: Ravi plays his first legal move when his)."""
    acted: set[int] = set()

    def step() -> dict[str, Any] | None:
        asha, ravi = table.last(1, "update"), table.last(2, "update")
        if asha is not None and asha["legal"] and 0 in asha["actors"]:
            return asha
        if ravi is not None and ravi["legal"] and ravi["moves"] not in acted:
            acted.add(ravi["moves"])
            table.say(2, RAVI, wire.act(1, ravi["legal"][0]))
        return None

    return await table.wait(step, "Asha to move")


async def saved(table: TableHost, holding: Callable[[Any], bool] = lambda record: True) -> Any:
    """The table's game as saved, once the save on the disk is `holding` what the test looks for: a table
    tells a move before its save is in place (the rename follows on the store's committer thread)."""

    def record() -> Any:
        if not list((table.data_dir / "tables" / table.code / "saves").glob("*.json")):
            return None
        found = saved_record(table.data_dir, table.code)
        return found if holding(found) else None

    return await table.wait(record, "the save")


async def test_the_table_counts_each_seats_hints_in_the_records_meta_and_never_as_entries(table: TableHost) -> None:
    await open_table(table, "chai", seats("person", "person", "bot"), hints=True)
    assert (await table.next(2, "lobby"))["hints"] is True
    table.say(1, ASHA, wire.start())
    u = await asha_to_move(table)
    assert u["hints"] is True and u["hints_used"] == 0
    moves = u["moves"]  # Asha to move: nobody else acts meanwhile
    await saved(table, lambda r: len(r.entries) == moves)  # the save has caught up with the moves told
    table.say(1, ASHA, wire.hint())
    u = await table.update(1, lambda u: u["hints_used"] == 1, "Asha's hint counted")
    table.say(2, RAVI, wire.hint())  # not his move: nothing to hint at, nothing counted
    assert "your own move" in (await table.next(2, "refused"))["reason"]
    # the save after the hint: one saved before it may already carry a count of none
    record = await saved(table, lambda r: r.meta.get("hints_used", 0) >= 1)
    assert record.meta["hints_used"] == 1 and record.meta["hints_by_seat"] == [1, 0, 0]
    assert len(record.entries) == moves  # a hint is no move
    assert table.last(2, "update")["hints_used"] == 0  # each seat hears its own count


async def test_a_table_without_hints_refuses_to_count_one(table: TableHost) -> None:
    await open_table(table, "chai", seats("person", "person", "bot"))
    assert (await table.next(2, "lobby"))["hints"] is False
    table.say(1, ASHA, wire.start())
    u = await asha_to_move(table)
    assert u["hints"] is False
    table.say(1, ASHA, wire.hint())
    assert "off at this table" in (await table.next(1, "refused"))["reason"]
    assert "hints_used" not in (await saved(table)).meta


async def test_a_game_without_an_expert_offers_no_hints_even_when_asked(table: TableHost) -> None:
    await open_table(table, "chai-wallah", seats("person", "person", "bot", "bot"), hints=True)
    assert (await table.next(2, "lobby"))["hints"] is False


def test_a_served_hint_thinks_with_a_smaller_budget() -> None:
    for game in ("chai", "dabba-walla"):
        spec = games.get(game)
        assert 1 <= hint_budget(spec, served=True) < hint_budget(spec, served=False) < spec.bot_budget["expert"]


async def test_the_hint_key_at_a_table_shows_the_experts_move_worked_out_in_the_players_own_app(
    data_dir: Path,
) -> None:
    app = table_app()
    async with app.run_test(size=(100, 30)) as pilot:
        table = InProcessTable("PLAY", data_dir, ASHA)
        client = await TableClient.connect(sock=await table.start())
        kinds = seats("person", "person", "bot")
        await client.request(wire.open_table("chai", {}, kinds, 3, hints=True), {"opened"})
        table.say_host({"t": "connected", "conn": 2, "who": RAVI})
        table.say(2, RAVI, wire.join("PLAY"))
        await wait_for(pilot, lambda: table.to(2, "joined"), "Ravi seated")
        client.send(wire.start())
        await wait_for(pilot, lambda: "update" in client.last, "the first update")
        c = TableController(pilot.app, client, games.get("chai"), 0)
        await pilot.app.open_table_game(c)
        try:

            def my_move() -> bool:
                ravi_plays(table)
                return c.to_move == 0

            await wait_for(pilot, my_move, "Asha's move")
            assert c.hints_on and c.hints_used() == 0
            await pilot.press("exclamation_mark")
            await wait_for(pilot, lambda: "Hint:" in screen_text(app), "the hint on screen")
            line = next(ln for ln in screen_text(app).splitlines() if "Hint:" in ln)
            assert any(word in line for word in ("Visit", "Take", "Reserve", "Draw", "Reset", "Serve"))
            assert {"t": "hint"} in table.sent(1)  # the table only counts it
            await wait_for(pilot, lambda: c.hints_used() == 1, "the count back from the table")
            record = await wait_for(
                pilot, lambda: saved_record(data_dir, "PLAY").meta.get("hints_by_seat"), "the count in the save"
            )
            assert record[0] == 1
        finally:
            c.stop()
            await table.close()


async def test_the_results_at_a_table_say_how_many_hints_this_seat_used() -> None:
    from tests.screens.test_results_fit import Host
    from tests.serve.test_table_controller import Channel, Frame, chai_session, update

    session, channel = chai_session(), Channel()
    c = TableController(Frame(), channel, games.get("chai"), 1)
    result = {"scores": [3, 5, 1], "winners": [1], "breakdown": [], "note": "", "details": {}}
    channel.hear(update(session, 1, finished=True, result=result, hints=True, hints_used=3))
    app = Host(c)  # type: ignore[arg-type]
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: "3 hints used" in screen_text(app), "the hints line")
