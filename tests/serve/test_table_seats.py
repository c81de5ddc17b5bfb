"""A table's seats over time: dropping and coming back, a second login, seat codes under --open,
spectators, the owner's hand-over to a bot, and a table process killed with -9 and restored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chaigames import games
from chaigames.play import wire
from tests.serve.tablehost import TableHost, who
from tests.serve.test_table_play import ASHA, RAVI, open_table, seats
from tests.wait import until


async def play_some(host: TableHost, people: dict[int, dict[str, Any]], moves: int) -> dict[str, Any]:
    """Each person plays their first legal move when it is theirs, until `moves` actions stand."""
    acted: dict[int, int] = {}

    def play_a_round() -> dict[str, Any] | None:
        for conn, person in people.items():
            u = host.last(conn, "update")
            if u is not None and u["moves"] >= moves:
                return u
            if u is None or u["seat"] not in u["actors"] or not u["legal"] or acted.get(conn) == u["moves"]:
                continue
            acted[conn] = u["moves"]
            host.say(conn, person, wire.act(u["seat"], u["legal"][0]))
        return None

    return await until(play_a_round, f"{moves} actions", seen=lambda: host.got[-3:], rest=host.news, every=1.0)


async def started_chai(host: TableHost, **extra: Any) -> None:
    await open_table(host, "chai", seats("person", "person", "bot"), **extra)
    host.say(1, ASHA, wire.start())
    await host.update(2, lambda u: True, "the game")


async def test_a_dropped_person_comes_back_to_the_same_seat_and_hand(table: TableHost) -> None:
    await started_chai(table)
    before = await play_some(table, {1: ASHA, 2: RAVI}, 4)
    ravi_view = table.last(2, "update")["view"]
    table.drop(2)
    u = await table.update(1, lambda u: u["away"] == [1], "Ravi away in Asha's update")
    assert u["moves"] >= before["moves"]
    table.connect(5, RAVI)
    table.say(5, RAVI, wire.join(table.code))
    joined = await table.next(5, "joined")
    assert joined["seat"] == 1
    back = await table.update(5, lambda u: True, "Ravi's update")
    assert back["seat"] == 1 and back["view"]["reserved"] == ravi_view["reserved"]  # his own hand, as he left it
    await table.update(1, lambda u: u["away"] == [], "Ravi back in Asha's update")


async def test_a_second_login_takes_the_seat_over(table: TableHost) -> None:
    await started_chai(table)
    table.connect(7, RAVI)
    table.say(7, RAVI, wire.join(table.code))
    assert (await table.next(7, "joined"))["seat"] == 1
    await table.next(2, "taken_over")
    table.say(2, RAVI, wire.pause())  # the old session is no longer at the table
    assert "not at this table" in (await table.next(2, "refused"))["reason"]


async def test_under_open_only_the_seat_code_reclaims_a_seat(data_dir: Path) -> None:
    host = TableHost("M4RK", data_dir)
    await host.start()
    try:
        asha, ravi = who("Asha", keyed=False), who("Ravi", keyed=False)
        host.connect(1, asha)
        host.say(1, asha, wire.open_table("chai", {}, seats("person", "person", "bot"), 3))
        joined = await host.next(1, "joined")
        assert joined["seat_code"] and all(c in wire.CODE_LETTERS for c in joined["seat_code"])
        host.connect(2, ravi)
        host.say(2, ravi, wire.join(host.code))
        code = (await host.next(2, "joined"))["seat_code"]
        assert code and code != joined["seat_code"]
        assert all(m.get("seat_code") in (None, joined["seat_code"]) for m in host.to(1))  # only its holder sees it
        host.say(1, asha, wire.start())
        await host.update(2, lambda u: True, "the game")
        host.drop(2)
        host.connect(3, ravi)  # the same name, no code: not the seat
        host.say(3, ravi, wire.join(host.code))
        assert "seat code" in (await host.next(3, "refused"))["reason"]
        no_code = host.last(3, "refused")["reason"]
        host.say(3, ravi, wire.join(host.code, seat_code="AAAA"))
        await host.wait(lambda: host.count(3, "refused") == 2, "the wrong code refused")
        assert host.last(3, "refused")["reason"] != no_code  # a wrong code has its own words
        host.say(3, ravi, wire.join(host.code, seat_code=code.lower()))
        assert (await host.next(3, "joined"))["seat"] == 1
        mallory = who("Mallory", keyed=False)  # guessing seat codes: after twelve wrong, one guess per few seconds
        host.connect(4, mallory)
        wrong = [c + "AAA" for c in wire.CODE_LETTERS if c + "AAA" not in (code, joined["seat_code"])][:11]
        for guess in wrong:  # with Ravi's typo, twelve wrong codes at this table
            host.say(4, mallory, wire.join(host.code, seat_code=guess))
        await host.wait(lambda: host.count(4, "refused") == 11, "eleven wrong codes refused")
        assert {r["reason"] for r in host.to(4, "refused")} == {"No seat here has that seat code"}
        host.say(4, mallory, wire.join(host.code, seat_code=code))  # even the right one now waits its turn
        await host.wait(lambda: host.count(4, "refused") == 12, "the thirteenth guess")
        assert "Too many wrong seat codes" in host.last(4, "refused")["reason"]
    finally:
        await host.close()


async def test_a_spectator_gets_the_public_view_and_cannot_act(table: TableHost) -> None:
    await started_chai(table)
    meera = who("Meera")
    table.connect(4, meera)
    table.say(4, meera, wire.join(table.code, "person"))
    assert "spectator" in (await table.next(4, "refused"))["reason"]
    table.say(4, meera, wire.join(table.code, "spectator"))
    assert (await table.next(4, "joined"))["seat"] is None
    u = await table.update(4, lambda u: True, "the spectator's update")
    assert u["seat"] is None and u["legal"] == [] and u["view"]["seat"] is None
    assert "reserved" not in u["view"] or u["view"]["reserved"] is None
    assert all(line["event"]["seats"] is None for line in u["log"])
    table.say(4, meera, wire.act(0, {"type": "reserve_deck"}))
    await table.wait(lambda: table.count(4, "refused") == 2, "the spectator's move refused")
    assert "own seat" in table.last(4, "refused")["reason"]


async def test_a_turn_based_game_waits_for_an_away_person_until_the_owner_hands_the_seat_to_a_bot_and_they_take_it_back(
    table: TableHost,
) -> None:
    await started_chai(table)
    acted: set[int] = set()

    def asha_plays_until_ravis_move() -> bool:
        if table.last(2, "update")["legal"]:
            return True
        u = table.last(1, "update")
        if u["legal"] and u["moves"] not in acted:
            acted.add(u["moves"])
            table.say(1, ASHA, wire.act(0, u["legal"][0]))
        return False

    await until(asha_plays_until_ravis_move, "Ravi's move", seen=lambda: table.got[-3:], rest=table.news, every=1.0)
    table.drop(2)
    u = await table.update(1, lambda u: u["away"] == [1], "Ravi away")
    assert u["status"] == "Waiting for Ravi (away)" and 1 in u["actors"]
    meera = who("Meera")
    table.connect(3, meera)
    table.say(3, meera, wire.join(table.code, "spectator"))
    table.say(3, meera, wire.to_bot(1, "easy"))
    assert "owner" in (await table.next(3, "refused"))["reason"]
    table.say(1, ASHA, wire.to_bot(1, "godlike"))
    levels = ", ".join(games.get("chai").bot_levels)
    assert levels in (await table.next(1, "refused"))["reason"]  # the game's own levels
    table.say(1, ASHA, wire.to_bot(1, "hard"))  # any of them
    u = await table.update(1, lambda v: v["bots"][1] == "hard" and v["moves"] > u["moves"], "the bot plays seat 2")
    assert u["away"] == []
    summary = [o for o in table.got if o.get("t") == "summary"][-1]
    assert summary["holders"] == ["key:asha", "key:ravi"]  # the seat is still Ravi's: "Back to your table"
    table.connect(4, RAVI)
    table.say(4, RAVI, wire.join(table.code))
    assert (await table.next(4, "joined"))["seat"] == 1
    u = await table.update(1, lambda v: v["bots"][1] is None, "Ravi plays his seat again")
    await play_some(table, {1: ASHA, 4: RAVI}, u["moves"] + 3)  # and it waits for him, not for a bot
    assert table.last(4, "update")["bots"] == [None, None, "easy"]


async def test_killed_with_minus_9_the_table_is_restored_with_every_accepted_action(table: TableHost) -> None:
    await started_chai(table, hints=True)
    last = await play_some(table, {1: ASHA, 2: RAVI}, 5)

    def quiet() -> bool:  # both told of the same position, and a person (not the bot, seat 2) to move
        asha, ravi = table.last(1, "update"), table.last(2, "update")
        return asha["moves"] == ravi["moves"] and 2 not in asha["actors"]

    await table.wait(quiet, "both told, a person to move")
    asha_last = table.last(1, "update")
    await table.kill()
    again = TableHost(table.code, table.data_dir)
    await again.start()
    try:
        summary = await again.wait(lambda: [o for o in again.got if o.get("t") == "summary"], "the summary")
        assert summary[0]["started"] and summary[0]["people"] == ["Asha", "Ravi"]
        assert summary[0]["holders"] == ["key:asha", "key:ravi"]  # so the host offers them "Back to your table"
        again.connect(1, ASHA)
        again.say(1, ASHA, wire.join(again.code))
        assert (await again.next(1, "joined"))["seat"] == 0
        u = await again.update(1, lambda u: True, "Asha's update")
        assert u["moves"] == asha_last["moves"] >= last["moves"]
        assert u["view"] == asha_last["view"]
        assert u["away"] == [1]  # Ravi has not come back yet
        assert u["hints"] is True  # the table's own choices come back with it
    finally:
        await again.close()


async def test_a_message_the_table_fails_on_is_logged_and_the_table_goes_on(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from chaigames.play.client import TableClient
    from chaigames.serve.tables.table import Table
    from tests.serve.tablehost import InProcessTable

    def broken(self: Table, conn: int) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Table, "rematch", broken)
    table = InProcessTable("CVQD", data_dir, ASHA)
    client = await TableClient.connect(sock=await table.start())
    try:
        await client.request(wire.open_table("chai", {}, seats("person", "bot"), 3), {"opened"})
        client.send(wire.rematch())  # the table trips over this one
        client.send(wire.start())
        await until(lambda: "update" in client.last, "the game's first update", seen=lambda: client.last)
        assert client.last["update"]["seat"] == 0
        assert "could not be handled" in caplog.text
    finally:
        await client.close()
        await table.close()


async def test_a_person_keeps_their_name_and_a_bot_that_had_it_takes_another(table: TableHost) -> None:
    """Ravi sits down where a bot was also called Ravi: the bot takes a free name, Ravi keeps his."""
    table.connect(1, ASHA)
    kinds = seats("person", "person", "bot")
    table.say(1, ASHA, wire.open_table("chai", {}, kinds, 3) | {"names": ["Asha", "", "Ravi"]})
    await table.next(1, "joined")
    table.connect(2, RAVI)
    table.say(2, RAVI, wire.join(table.code))
    await table.next(2, "joined")
    lobby = await table.wait(lambda: [m for m in table.to(2) if m["t"] == "lobby"], "Ravi's lobby")
    names = [s["name"] for s in lobby[-1]["seats"]]
    assert names[:2] == ["Asha", "Ravi"] and names[2] not in ("Asha", "Ravi", "Ravi 2", "")
