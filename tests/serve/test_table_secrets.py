"""What another seat and a spectator are sent while a person makes a secret choice: nothing at all
until the choice is made, and then no count or number that tells how often it changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chaigames import games
from chaigames.dabba_walla import data as D
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.play import wire
from chaigames.saves import SaveStore
from tests.serve.tablehost import TableHost
from tests.serve.test_table_play import ASHA, MEERA, RAVI

CODE = "K7QD"
SAVE_ID = "dabba-walla-k7qd-1"


def delivery_with_an_orange_tile() -> Session:
    """A four-seat Dabba Walla game played by easy bots into its delivery phase, Asha (seat 0) holding an
    orange chai tile she may put on her secret choice."""
    spec = games.get("dabba-walla")
    names = ("Asha", "Ravi", "Bot 3", "Bot 4")
    config = GameConfig(seats=tuple(SeatConfig(n) for n in names))
    for seed in range(1, 60):
        session = Session(spec, config, seed, meta={"table": CODE})
        bots = [spec.make_bot("easy", seed + i, i) for i in range(4)]
        while session.state.phase != "delivery" and not session.over:
            seat = session.state.actors()[0]
            session.apply(seat, bots[seat].choose(session.state.view(seat), session.state.legal_actions(seat), 0))
        mine = session.state.view(0).me()
        if session.state.phase == "delivery" and any(k in D.ORANGE for k in mine.chai):
            return session
    raise AssertionError("no seed gave Asha an orange chai tile in the delivery")


def table_folder(data_dir: Path, session: Session) -> None:
    """A table whose game is `session` (over: in its History): Asha and Ravi seated (with keys), two bots."""
    folder = data_dir / "tables" / CODE
    if session.over:
        SaveStore(folder).finish(session, SAVE_ID)
    else:
        SaveStore(folder).save(session, SAVE_ID)
    seat = {"kind": "person", "level": None, "keyed": True, "seat_code": None}
    data = {
        "format": "chaigames-table",
        "code": CODE,
        "game": "dabba-walla",
        "options": {},
        "pause_limit": 3,
        "away_limit": 60.0,
        "owner": "key:asha",
        "seats": [
            {**seat, "name": "Asha", "identity": "key:asha"},
            {**seat, "name": "Ravi", "identity": "key:ravi"},
            {"kind": "bot", "level": "easy", "name": "Bot 3", "identity": None, "keyed": False, "seat_code": None},
            {"kind": "bot", "level": "easy", "name": "Bot 4", "identity": None, "keyed": False, "seat_code": None},
        ],
        "save_id": SAVE_ID,
        "games": 1,
        "pauses": {},
        "holders": {"key:asha": "Asha", "key:ravi": "Ravi"},
    }
    (folder / "table.json").write_text(json.dumps(data))


@pytest.fixture
async def table(data_dir: Path):
    table_folder(data_dir, delivery_with_an_orange_tile())
    host = TableHost(CODE, data_dir)
    await host.start()
    yield host
    await host.close()


async def settled(host: TableHost) -> None:
    """Everything the table sent so far has been read: a refusal to Ravi, asked for now, comes after it."""
    n = host.count(2, "refused")
    host.say(2, RAVI, wire.act(0, {"type": "commit", "card": None}))
    await host.wait(lambda: host.count(2, "refused") > n, "Ravi's refusal")


async def test_chai_tiles_put_on_and_taken_off_a_secret_choice_reach_no_other_seat_nor_a_spectator(
    table: TableHost,
) -> None:
    for conn, person in ((1, ASHA), (2, RAVI)):
        table.connect(conn, person)
        table.say(conn, person, wire.join(CODE))
    table.connect(3, MEERA)
    table.say(3, MEERA, wire.join(CODE, "spectator"))
    start = await table.update(1, lambda u: 0 in u["actors"] and u["legal"], "Asha's choice")
    for conn in (2, 3):
        await table.update(conn, lambda u: u["view"]["step"] == "choose", "the delivery")
    await settled(table)
    before = {conn: table.last(conn, "update") for conn in (2, 3)}
    heard = {conn: table.count(conn, "update") for conn in (2, 3)}
    kind = next(a["kind"] for a in start["legal"] if a["type"] == "add_chai")
    for step in ("add_chai", "remove_chai", "add_chai", "remove_chai", "add_chai"):
        n = table.last(1, "update")["moves"]
        table.say(1, ASHA, wire.act(0, {"type": step, "kind": kind}))
        await table.update(1, lambda u, n=n: u["moves"] == n + 1, f"Asha's {step}")
    assert table.last(1, "update")["view"]["players"][0]["choice"][1] == [kind]  # her own screen shows it
    await settled(table)
    assert {conn: table.count(conn, "update") for conn in (2, 3)} == heard  # nobody else heard a thing

    card = next(a for a in table.last(1, "update")["legal"] if a["type"] == "commit")
    table.say(1, ASHA, wire.act(0, card))
    for conn in (2, 3):
        u = await table.update(conn, lambda u: u["view"]["players"][0]["committed"], "Asha has chosen")
        was = before[conn]
        assert u["moves"] == was["moves"] + 1  # one action seen: the hidden steps are not counted
        assert u["view"]["players"][0]["chai_count"] == was["view"]["players"][0]["chai_count"]
        numbers = [line["action_no"] for line in u["log"]]
        assert numbers[-1] == u["moves"] and max(numbers) == u["moves"]  # no gap before "Asha has chosen"
