"""Chai Wallah at a table: the clock runs in the table process; a drop pauses the game and the
return resumes it with a countdown; a seat away too long goes to a normal bot; pauses name who
paused and are limited per person; each seat sees others' offered dice covered."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session, parse_record
from chaigames.play import wire
from chaigames.serve.tables.game import TableGame
from chaigames.serve.tables.table import Table
from tests.serve.tablehost import TableHost, who
from tests.serve.test_table_changes import CODE, NAMES, Seats, table_folder
from tests.serve.test_table_play import ASHA, RAVI, open_table, seats
from tests.wait import until

CW = seats("person", "person", "bot", "bot")


def running(u: dict[str, Any]) -> bool:
    return bool(u["clock"] and u["clock"]["running"]) and not u["paused"]


async def started(host: TableHost, **extra: Any) -> None:
    await open_table(host, "chai-wallah", CW, **extra)
    mark = len(host.to(1))
    host.say(1, ASHA, wire.start())
    # the first update of the game, not the newest: with a 3-2-1 of 0.05 s steps, a loaded machine
    # may read the 2 before it looks
    first = await host.next(1, "update", after=mark, what="the game's first update")
    assert first["countdown"] == 3 and not first["clock"]["running"] and "Starting in 3" in first["status"]
    await host.update(2, running, "the clock running after the 3-2-1")


def offered_values_of_others(u: dict[str, Any]) -> list[Any]:
    return [
        die["value"]
        for s, seat in enumerate(u["view"]["seats"])
        if s != u["seat"]
        for die in seat["dice"]
        if die["state"] == "offered" and "value" in die
    ]


async def test_a_drop_pauses_the_game_and_coming_back_resumes_it_with_a_countdown(table: TableHost) -> None:
    await started(table)
    u = await table.update(1, lambda u: bool(u["legal"]), "Asha's moves")
    toggle = next(a for a in u["legal"] if a["type"] == "toggle")
    table.say(1, ASHA, wire.act(0, toggle))
    await table.update(2, lambda v: v["moves"] > u["moves"], "Asha's toggle seen by Ravi")
    table.drop(2)
    paused = await table.update(1, lambda u: u["paused"] and u["away"] == [1], "the pause on the drop")
    assert not paused["clock"]["running"] and "Ravi" in paused["status"]
    table.say(1, ASHA, wire.resume())  # nobody resumes while a person is away
    assert "Ravi" in (await table.next(1, "refused"))["reason"]
    t = paused["clock"]["now"]
    table.connect(6, RAVI)
    table.say(6, RAVI, wire.join(table.code))
    assert (await table.next(6, "joined"))["seat"] == 1
    await table.update(6, lambda u: u["countdown"] is not None, "the countdown")
    back = await table.update(6, running, "running again")
    assert back["clock"]["now"] >= t
    for conn in (1, 2, 6):
        for update in table.to(conn, "update"):
            assert offered_values_of_others(update) == []  # others' offered dice stay covered


async def test_a_seat_away_too_long_goes_to_a_normal_bot_the_game_goes_on_and_its_person_takes_it_back(
    table: TableHost,
) -> None:
    await started(table, away_limit=0.3)
    table.drop(2)
    await table.update(1, lambda u: u["paused"], "the pause on the drop")
    u = await table.update(1, lambda u: u["bots"][1] == "normal", "Ravi's seat to a normal bot")
    assert u["away"] == []
    await table.update(1, running, "running again")
    table.connect(6, RAVI)
    table.say(6, RAVI, wire.join(table.code))
    assert (await table.next(6, "joined"))["seat"] == 1  # his seat, not "no seat here"
    back = await table.update(6, lambda u: u["bots"][1] is None and running(u), "Ravi playing his seat again")
    assert back["legal"]


async def test_a_pause_names_who_paused_and_each_person_has_a_limit(table: TableHost) -> None:
    await started(table, pause_limit=1)
    table.say(2, RAVI, wire.pause())
    u = await table.update(1, lambda u: u["paused"] and not u["countdown"], "Ravi's pause")
    assert u["paused_by"] == "Ravi" and "Ravi" in u["status"]
    ravi = await table.update(2, lambda u: u["paused"] and not u["countdown"], "Ravi's pause, to Ravi")
    assert ravi["pauses_left"] == 0 and u["pauses_left"] == 1
    table.say(1, ASHA, wire.resume())
    await table.update(2, running, "running again")
    table.say(2, RAVI, wire.pause())
    assert "1 pause" in (await table.next(2, "refused"))["reason"]
    table.say(1, ASHA, wire.act(0, {"type": "pause"}))  # not as a move either
    assert (await table.next(1, "refused"))["seat"] == 0


async def test_a_chai_wallah_table_seats_more_people_than_one_keyboard(data_dir: Path) -> None:
    host = TableHost("CW79", data_dir)
    await host.start()
    try:
        people = [who(f"P{i}") for i in range(6)]
        host.connect(0, people[0])
        host.say(0, people[0], wire.open_table("chai-wallah", {}, seats(*["person"] * 6), 3))
        await host.next(0, "joined")
        for i in range(1, 6):
            host.connect(i, people[i])
            host.say(i, people[i], wire.join(host.code))
            assert (await host.next(i, "joined"))["seat"] == i
        host.say(0, people[0], wire.start())
        for i in range(6):
            u = await host.update(i, running, f"P{i}'s clock running")
            assert u["seat"] == i and u["bots"] == [None] * 6
        # the record of such a game loads again (replay, History): six people, no bots
        path = next((data_dir / "tables" / "CW79" / "saves").glob("*.json"))
        record = parse_record(path.read_text(), games.get)
        assert len(Session.from_record(games.get("chai-wallah"), record).config.humans) == 6
    finally:
        await host.close()


async def test_the_table_list_names_the_owner_while_a_bot_plays_their_seat(table: TableHost) -> None:
    await started(table, away_limit=0.3)
    table.drop(1)
    await table.update(2, lambda u: u["bots"][0] == "normal", "Asha's seat to a normal bot")
    summary = await table.wait(lambda: [o for o in table.got if o.get("t") == "summary"][-1], "the summary")
    assert summary["owner"] == "Asha" and "key:asha" in summary["holders"]


async def running_table(data_dir: Path, clock_source: Callable[[], float] = time.monotonic) -> Table:
    """A Chai Wallah table of four people in this process, its clock running, Asha's tea die just
    toggled (it is rolled again in a moment: something is due)."""
    spec = games.get("chai-wallah")
    config = GameConfig(seats=tuple(SeatConfig(n) for n in NAMES))
    table_folder(data_dir, "chai-wallah", Session(spec, config, 3, meta={"table": CODE}))
    table = Table(CODE, data_dir, Seats().send, games.get, bot_delay=0, countdown=0.001, clock_source=clock_source)
    assert table.restore()
    for conn, name in enumerate(NAMES, 1):
        table.receive({"t": "connected", "conn": conn, "who": who(name)})
        table.receive(wire.wrap_from(conn, who(name), wire.join(CODE)))
    controller = table.game
    assert controller is not None and controller.driver is not None
    await until(lambda: controller.clock is not None and controller.clock.running, "the clock running after the 3-2-1")
    toggle = wire.act(0, {"type": "toggle", "ingredient": "tea"})
    table.receive(wire.wrap_from(1, who(NAMES[0]), toggle))
    return table


async def test_a_running_game_is_looked_at_only_when_something_is_due(data_dir: Path) -> None:
    """A table turns its game and looks at its connections only at a tick by which a timed event (or a
    bot's move) is due."""
    now = [1000.0]
    table = await running_table(data_dir, lambda: now[0])
    controller = table.game
    assert controller is not None and controller.driver is not None and controller.clock is not None
    looks: list[list[Any]] = []
    changed = table._changed
    table._changed = lambda events, **kw: (looks.append(list(events)), changed(events, **kw))[1]  # type: ignore[method-assign]
    due = controller.driver.next_due()
    assert due is not None and due > controller.clock.now()
    for _ in range(10):  # ticks with nothing due
        controller._tick()
    assert looks == []
    now[0] += due - controller.clock.now() + 0.001  # the timed event is due
    controller._tick()
    assert len(looks) == 1  # the game was turned: the die rolled
    assert controller.driver.next_due() != due
    table.close()


async def test_a_timed_event_happens_at_its_time_without_the_clocks_ticks(data_dir: Path, monkeypatch) -> None:
    """The table sets a timer at the game's next due time: with the clock's own ticks an hour apart, the
    toggled die is rolled again all the same."""
    monkeypatch.setattr(TableGame, "TICK", 3600.0)
    table = await running_table(data_dir)
    controller = table.game
    assert controller is not None and controller.driver is not None
    due = controller.driver.next_due()
    assert due is not None
    await until(lambda: controller.driver is not None and controller.driver.next_due() != due, "the die rolled again")
    table.close()
