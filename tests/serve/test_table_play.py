"""A table process driven over its socketpair, as the host drives it: lobby, join, start, a whole
game, and what each seat was sent (never another seat's secrets)."""

from __future__ import annotations

import json
from typing import Any

from chaigames import games
from chaigames.engine import Session, parse_record
from chaigames.play import wire
from tests.serve.tablehost import TableHost, who
from tests.wait import until

ASHA, RAVI, MEERA = who("Asha"), who("Ravi"), who("Meera")


def seats(*kinds: str) -> list[dict[str, Any]]:
    return [{"kind": k, "level": None if k == "person" else "easy"} for k in kinds]


async def open_table(host: TableHost, game: str, kinds: list[dict[str, Any]], **extra: Any) -> None:
    """Asha (connection 1) opens the table; Ravi (connection 2) joins it."""
    host.connect(1, ASHA)
    host.say(1, ASHA, wire.open_table(game, extra.pop("options", {}), kinds, extra.pop("pause_limit", 3)) | extra)
    await host.next(1, "opened")
    joined = await host.next(1, "joined")
    assert (joined["seat"], joined["owner"], joined["seat_code"]) == (0, True, None)
    host.connect(2, RAVI)
    host.say(2, RAVI, wire.join(host.code))
    joined = await host.next(2, "joined")
    assert (joined["seat"], joined["owner"]) == (1, False)


async def play_out(host: TableHost, people: dict[int, dict[str, Any]], limit: float = 60) -> None:
    """Every person plays their first legal move whenever it is theirs, until the game is over; never a chai tile
    taken back off a Dabba Walla choice (the first move after putting one on: the two would go round for ever
    whenever a person held an orange chai tile, as 2 games in 6 did)."""
    acted: dict[int, tuple[int, int]] = {}

    def play_a_round() -> bool:
        """Each person whose move it is plays once; True once every person's game is over."""
        done = True
        for conn, person in people.items():
            u = host.last(conn, "update")
            if u is None or not u["finished"]:
                done = False
            if u is None or u["finished"] or u["seat"] not in u["actors"] or not u["legal"] or u["paused"]:
                continue
            mark = (u["moves"], host.count(conn, "refused"))
            if acted.get(conn) == mark:
                continue
            acted[conn] = mark
            move = next((a for a in u["legal"] if a["type"] != "remove_chai"), u["legal"][0])
            host.say(conn, person, wire.act(u["seat"], move))
        return done

    await until(play_a_round, "the game to end", timeout=limit, seen=lambda: host.got[-3:], rest=host.news, every=0.05)


def table_record(host: TableHost) -> Any:
    """The record the table saved (its finished copy once over)."""
    folder = host.data_dir / "tables" / host.code
    paths = sorted(folder.glob("history/*.json")) or sorted(folder.glob("saves/*.json"))
    return parse_record(paths[-1].read_text(), games.get)


def views_by_moves(spec: Any, record: Any, n_seats: int) -> list[dict[int, list[Any]]]:
    """Per seat, its view JSON after every number of actions it saw happen, rebuilt from the record: every
    view the seat could have had at that number (one only, unless another seat's hidden step showed)."""
    session = Session(spec, record.config, record.seed)
    out: list[dict[int, list[Any]]] = [{0: [spec.view_to_json(session.state.view(s))]} for s in range(n_seats)]
    for entry in record.effective():
        session.apply(entry.seat, entry.action, entry.t)
        for s in range(n_seats):
            view = spec.view_to_json(session.state.view(s))
            seen = out[s].setdefault(session.seen_numbers(s)[-1], [])
            if view not in seen:
                seen.append(view)
    return out


async def test_two_people_play_dabba_walla_and_each_is_sent_only_their_own_seat(table: TableHost) -> None:
    await open_table(table, "dabba-walla", seats("person", "person", "bot", "bot"), hints=True)
    lobby = await table.next(2, "lobby")
    assert [s["name"] for s in lobby["seats"]][:2] == ["Asha", "Ravi"] and not lobby["started"]
    table.say(2, RAVI, wire.start())  # only the owner starts
    refusal = await table.next(2, "refused")
    assert "owner" in refusal["reason"]
    table.say(1, ASHA, wire.start())
    await table.update(1, lambda u: u["started"] is not None, "the first update")
    await play_out(table, {1: ASHA, 2: RAVI})

    final = [table.last(c, "update") for c in (1, 2)]
    assert final[0]["result"] == final[1]["result"] and final[0]["result"]["scores"]
    spec = games.get("dabba-walla")
    record = table_record(table)
    truth = views_by_moves(spec, record, 4)
    for conn, seat in ((1, 0), (2, 1)):
        updates = table.to(conn, "update")
        assert len(updates) > 10
        for u in updates:
            assert u["seat"] == seat
            assert [u["view"]] == truth[seat][u["moves"]]  # exactly the seat's own view, unmoved by hidden steps
            assert all(line["event"]["seats"] in (None, [seat]) or seat in line["event"]["seats"] for line in u["log"])
            for p, player in enumerate(u["view"]["players"]):
                if p != seat:
                    assert player["chai"] is None  # another seat's chai tiles never travel
        assert all(u["your_turn"] == (bool(u["legal"]) and not u["finished"]) for u in updates)
        bells = [u["turn_bell"] for u in updates]
        assert any(bells) and all(u["seat"] in u["actors"] for u in updates if u["turn_bell"])
    # the finished record went into each person's History, not into anyone's saves
    for seat, name in enumerate(("asha", "ravi")):  # each copy names the seat its person held (their replay's view)
        history = list((table.data_dir / "players" / "key" / name / "history").glob("*.json"))
        assert (
            len(history) == 1
            and json.loads(history[0].read_text())["meta"] | {"table": table.code, "seat": seat}
            == (json.loads(history[0].read_text())["meta"])
        )
    assert not (table.data_dir / "players" / "key" / "asha" / "saves").exists()
    # a rematch at the same table: the same seats, a new game
    table.say(2, RAVI, wire.rematch())
    again = await table.update(1, lambda u: not u["finished"], "the rematch")
    assert again["names"] == final[0]["names"] and again["moves"] < 20
    assert final[0]["hints"] and again["hints"] and again["hints_used"] == 0  # the table's hints go on, counted anew


async def test_a_message_for_another_seat_and_malformed_ones_are_refused_and_the_table_goes_on(
    table: TableHost,
) -> None:
    await open_table(table, "chai", seats("person", "person", "bot"), options={})
    table.say(1, ASHA, wire.start())

    def someone_to_move() -> int | None:
        for conn in (1, 2):
            u = table.last(conn, "update")
            if u is not None and u["legal"]:
                return conn
        return None

    asha_turn = await table.wait(someone_to_move, "a person's move") == 1
    mover, person, seat = (1, ASHA, 0) if asha_turn else (2, RAVI, 1)
    other, other_person, other_seat = (2, RAVI, 1) if asha_turn else (1, ASHA, 0)
    u = table.last(mover, "update")
    # the other person names the mover's seat: refused, logged, nothing changes
    table.say(other, other_person, wire.act(seat, u["legal"][0]))
    refusal = await table.next(other, "refused")
    assert refusal["seat"] == seat and "own seat" in refusal["reason"]
    # a message with a field of the wrong type, an unknown action, a line that is not JSON at all
    table.say(mover, person, {"t": "act", "seat": "0", "action": {}})
    table.say(mover, person, wire.act(seat, {"type": "teleport"}))
    table.raw(b"{not json\n")
    await table.wait(lambda: len(table.to(mover, "refused")) >= 2, "two refusals")
    reasons = [r["reason"] for r in table.to(mover, "refused")]
    assert "seat" in reasons[0] and "not a move" in reasons[1]
    assert table.last(mover, "update")["moves"] == u["moves"]
    # and the table goes on: the right person's move is accepted
    table.say(mover, person, wire.act(seat, u["legal"][0]))
    await table.update(other, lambda v: v["moves"] > u["moves"], "the move seen by the other person")
    assert other_seat not in (r.get("seat") for r in table.to(mover, "refused"))
