"""What changed, not the whole: after a connection's first update a table sends only `changes`, and the
app rebuilds from them exactly the update its seat would have been sent whole, at every step of a game.

A table runs in this process on its own game's session, four people and a spectator at it; the test
plays a whole game on that session (easy bots' moves and random legal ones, time passing in Chai Wallah)
and tells the table after each step, as its game controller would. Every message goes through the
wire's JSON; after every step each connection's rebuilt update is compared with `update_for` its seat.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest

from chaigames import games
from chaigames.engine import GameConfig, Rng, SeatConfig, Session
from chaigames.play import changes, wire
from chaigames.play.client import TableClient
from chaigames.saves import SaveStore
from chaigames.serve.tables.table import Table
from tests.positions import GAMES
from tests.serve.tablehost import who

CODE = "K7QD"
NAMES = ("Asha", "Ravi", "Meera", "Kiran")
SPECTATOR = 5  # the connection watching (seat None)
NEWS = ("events", "turn_bell", "clock")  # each message's own news, not part of what a seat has


def table_folder(data_dir: Path, game: str, session: Session) -> None:
    """A table of four keyed people whose game is `session`, just begun."""
    save_id = f"{game}-{CODE.lower()}-1"
    SaveStore(data_dir / "tables" / CODE).save(session, save_id)
    seats = [
        {"kind": "person", "level": None, "keyed": True, "seat_code": None, "name": n, "identity": f"key:{n.lower()}"}
        for n in NAMES
    ]
    data = {
        "format": "chaigames-table",
        "code": CODE,
        "game": game,
        "options": dict(session.record.config.options),
        "pause_limit": 3,
        "away_limit": 60.0,
        "owner": "key:asha",
        "seats": seats,
        "save_id": save_id,
        "games": 1,
        "pauses": {},
        "holders": {f"key:{n.lower()}": n for n in NAMES},
    }
    (data_dir / "tables" / CODE / "table.json").write_text(json.dumps(data))


class Seats:
    """What each connection's app holds: every message the table sent it, through the wire, rebuilt."""

    def __init__(self) -> None:
        self.have: dict[int, dict[str, Any]] = {}
        self.sent: dict[int, list[dict[str, Any]]] = {}

    def send(self, obj: dict[str, Any]) -> None:
        if "to" not in obj:
            return
        conn, msg = wire.check_to(wire.decode(wire.encode(obj)))
        self.sent.setdefault(conn, []).append(msg)
        if msg["t"] == "update":
            self.have[conn] = msg
        elif msg["t"] == "changes":
            self.have[conn] = changes.rebuild(self.have.get(conn), msg)


def without_news(update: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in update.items() if k not in NEWS}


def whole(table: Table, seat: int | None, log_from: int = 0) -> dict[str, Any]:
    """The update `seat` would be sent whole now (its log from the game's `log_from`th line), as the app reads it."""
    return without_news(wire.decode(wire.encode(table.update_for(seat, [], log_from=log_from))))


@pytest.mark.parametrize("game", GAMES)
async def test_every_update_rebuilt_from_changes_is_the_whole_update_of_its_seat(data_dir: Path, game: str) -> None:
    spec = games.get(game)
    seed = 8  # in Dabba Walla, a game with chai tiles to put on secret choices
    config = GameConfig(seats=tuple(SeatConfig(n) for n in NAMES))
    table_folder(data_dir, game, Session(spec, config, seed, meta={"table": CODE}))
    seats = Seats()
    table = Table(CODE, data_dir, seats.send, games.get, bot_delay=0)
    assert table.restore()
    for conn, name in enumerate(NAMES, 1):
        table.receive({"t": "connected", "conn": conn, "who": who(name)})
        table.receive(wire.wrap_from(conn, who(name), wire.join(CODE)))
    table.receive({"t": "connected", "conn": SPECTATOR, "who": who("Dev")})
    table.receive(wire.wrap_from(SPECTATOR, who("Dev"), wire.join(CODE, "spectator")))
    conns: dict[int, int | None] = {conn: conn - 1 for conn in range(1, 5)} | {SPECTATOR: None}
    assert table.game is not None
    session = table.game.session
    rng = Rng(seed ^ 0x5EED)
    bots = [spec.make_bot("easy", seed + i, i) for i in range(len(NAMES))]
    hidden_steps = steps = 0
    while not session.state.is_over():
        state = session.state
        t = None
        if spec.realtime:
            t = state.now + rng.random() * 1.5
            table._changed(session.tick(t))
        seat = rng.choice(state.actors())
        legal = state.legal_actions(seat)
        if not legal:
            continue
        secret = [a for a in legal if spec.actions.name_of(a) in ("add_chai", "remove_chai")]
        if secret and rng.random() < 0.5:  # Dabba Walla: chai tiles on and off a secret choice, steps others never see
            action = rng.choice(secret)
        elif rng.random() < 0.9:
            action = bots[seat].choose(state.view(seat), legal, 0)
        else:
            action = rng.choice(legal)
        seen = {conn: session.seen_numbers(s)[-1] for conn, s in conns.items()}
        heard = {conn: len(seats.sent.get(conn, [])) for conn in conns}
        had = {conn: seats.have[conn]["log"] for conn in conns}
        lines = len(session.log)
        table._changed(session.apply(seat, action, t))  # what the table's game tells it after each action
        steps += 1
        for conn, s in conns.items():
            if steps % 16:  # the whole log now and then: after every step, that it grew by exactly the new lines
                want = whole(table, s, log_from=lines)
                assert without_news(seats.have[conn]) == {**want, "log": had[conn] + want["log"]}, (game, conn, steps)
            else:
                assert without_news(seats.have[conn]) == whole(table, s), (game, conn, steps)
            if session.seen_numbers(s)[-1] == seen[conn] and s != seat:  # a step this seat does not see
                hidden_steps += 1
                assert len(seats.sent.get(conn, [])) == heard[conn], f"{game}: a hidden step reached {conn}"
    assert steps > 20
    for conn, s in conns.items():
        assert [m["t"] for m in seats.sent[conn]].count("update") == 1  # the rest came as changes
        assert without_news(seats.have[conn]) == whole(table, s)
        assert len(seats.have[conn]["log"]) > 100  # every line, not the newest 100
    if game == "dabba-walla":
        assert hidden_steps  # chai tiles put on secret choices: heard by nobody else
    table.close()


UPDATE = {
    "t": "update",
    "seat": 0,
    "view": {
        "players": [{"name": "Asha", "hand": ["A01"], "score": 0}, {"name": "Ravi", "hand": None, "score": 0}],
        "turn": 1,
        "deck": 40,
        "market": ["B02", "C03"],
    },
    "legal": [],
    "actors": [0],
    "log": [],
    "status": "Your move",
    "names": ["Asha", "Ravi"],
    "bots": [None, None],
    "away": [],
    "paused": False,
    "paused_by": None,
    "pauses_left": 3,
    "finished": False,
    "result": None,
    "events": [],
    "clock": None,
    "turn_bell": False,
}


def changed(**parts: Any) -> dict[str, Any]:
    return wire.check(
        {
            "t": "changes",
            "seat": 0,
            "fields": {},
            "view": [],
            "log": [],
            "events": [],
            "clock": None,
            "turn_bell": False,
        }
        | parts
    )


def test_changes_between_two_updates_rebuild_the_second_sharing_what_did_not_change() -> None:
    new = {**UPDATE, "status": "Waiting for Ravi", "actors": [1]}
    asha = {**UPDATE["view"]["players"][0], "hand": []}
    new["view"] = {**UPDATE["view"], "turn": 2, "players": [asha, UPDATE["view"]["players"][1]]}
    msg = wire.check(changes.changes_between(UPDATE, new, [{"action_no": 1, "event": {"kind": "x"}}]))
    assert msg["fields"] == {"status": "Waiting for Ravi", "actors": [1]}
    assert msg["view"] == [[["players", 0, "hand"], []], [["turn"], 2]]
    rebuilt = changes.rebuild(UPDATE, msg)
    assert rebuilt == {**new, "log": msg["log"]}
    assert rebuilt["view"]["players"][1] is UPDATE["view"]["players"][1]  # read again only where it changed
    assert UPDATE["view"]["turn"] == 1 and UPDATE["view"]["players"][0]["hand"] == ["A01"]  # the last one as it was


def test_a_value_that_changes_its_kind_but_not_its_worth_is_a_change() -> None:
    """As JSON true is not 1 and 1 is not 1.0, wherever they are in the view."""
    old = {**UPDATE, "view": {"a": [1, {"b": True, "n": 0}, 2], "c": 1, "d": "x", "e": 2}}
    new = {**UPDATE, "view": {"a": [True, {"b": 1, "n": 0}, 2], "c": 1.0, "d": "x", "e": 2}}
    assert changes.view_changes(old["view"], new["view"]) == [[["a", 0], True], [["a", 1, "b"], 1], [["c"], 1.0]]
    assert changes.changes_between(old, {**old, "actors": [True]}, [])["fields"] == {"actors": [True]}


@pytest.mark.parametrize(
    ("last", "msg", "field"),
    [
        (None, changed(), "changes"),
        ({**UPDATE, "seat": 1}, changed(), "changes.seat"),
        (UPDATE, changed(fields={"view": {}}), "changes.fields.view"),
        (UPDATE, changed(fields={"status": 3}), "status"),
        (UPDATE, changed(view=[[["players", 2, "hand"], []]]), "changes.view[0][0][1]"),
        (UPDATE, changed(view=[[["players", "0"], {}]]), "changes.view[0][0][1]"),
        (UPDATE, changed(view=[[["turn", "x"], 1]]), "changes.view[0]"),
        (UPDATE, changed(view=[[["nothing"]]]), "changes.view[0][0][0]"),
        (UPDATE, changed(view=[[[]]]), "changes.view[0]"),
    ],
)
def test_changes_that_do_not_fit_the_last_update_are_refused_naming_the_part(
    last: dict[str, Any] | None, msg: dict[str, Any], field: str
) -> None:
    with pytest.raises(wire.Malformed) as caught:
        changes.rebuild(last, msg)
    assert caught.value.field == field


def test_changes_of_the_wrong_shape_are_malformed() -> None:
    for bad in ({"view": [["turn", 2]]}, {"view": [[[1.5], 2]]}, {"log": ["a line"]}, {"fields": []}):
        with pytest.raises(wire.Malformed):
            changed(**bad)


async def test_an_app_that_cannot_apply_changes_asks_for_its_whole_update_again(data_dir: Path) -> None:
    """The client asks `sync` (here: changes before any update); the table answers with the whole update."""
    mine, theirs = socket.socketpair()
    client = await TableClient.connect(sock=mine)
    host_reader, host_writer = await wire.open_stream(theirs)
    host_writer.write(wire.encode(changed()))
    assert await wire.read_message(host_reader) == wire.sync()
    assert "update" not in client.last
    await client.close()
    theirs.close()

    table_folder(data_dir, "chai", Session(games.get("chai"), GameConfig(seats=tuple(SeatConfig(n) for n in NAMES)), 3))
    seats = Seats()
    table = Table(CODE, data_dir, seats.send, games.get, bot_delay=0)
    assert table.restore()
    table.receive({"t": "connected", "conn": 1, "who": who("Asha")})
    table.receive(wire.wrap_from(1, who("Asha"), wire.join(CODE)))
    assert [m["t"] for m in seats.sent[1]].count("update") == 1
    table.receive(wire.wrap_from(1, who("Asha"), wire.sync()))
    assert seats.sent[1][-1]["t"] == "update" and seats.sent[1][-1]["seat"] == 0
    table.close()
