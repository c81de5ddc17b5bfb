"""What changed, not the whole: after a connection's first update a table sends only `changes`, and the
app rebuilds from them exactly the update its seat would have been sent whole, at every step of a game.

A table runs in this process on its own game's session, four people and a spectator at it; the test
plays a whole game on that session (easy bots' moves and random legal ones, time passing in Chai Wallah)
and tells the table after each step, as its game controller would. Every message goes through the
wire's JSON; after every step each connection's rebuilt update is compared with `update_for` its seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chaigames import games
from chaigames.engine import GameConfig, Rng, SeatConfig, Session
from chaigames.play import changes, wire
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
