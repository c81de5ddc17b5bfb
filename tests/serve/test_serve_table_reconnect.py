"""Tables over SSH: a person drops and comes back to their seat; spectators see the public view only;
under --open a seat is reclaimed only with its seat code; the relay refuses what a table refuses."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from tests.serve.tableplay import (
    ESC,
    Relay,
    fast_tables,
    folder_of,
    join_table,
    log_in,
    open_table,
    person,
    remember_setup,
)
from tests.wait import until


def offered_values_hidden(update: dict[str, Any]) -> bool:
    """A Chai Wallah view where no offered die shows its value (what a spectator or another seat sees)."""
    dice = [d for s in update["view"]["seats"] for d in s["dice"]]
    return all(d.get("value") is None for d in dice if d["state"] == "offered")


async def test_a_dropped_person_comes_back_to_their_seat_and_a_spectator_sees_the_public_view(
    make_host, data_dir, monkeypatch, tmp_path: Path, client_key, other_key
):
    """Key authentication: Asha's seat waits while she is gone (the real-time game pauses, her seat
    away), "Back to your table" puts her in the same seat and the game resumes. Ravi watches: every
    update he gets is the public one (no seat, no offered die's value)."""
    keys = tmp_path / "keys"
    keys.write_bytes(client_key.export_public_key() + other_key.export_public_key())
    relay = Relay(monkeypatch)
    host = await make_host(data_dir=data_dir, authorized_keys=keys, tables=fast_tables(), forks=True)
    remember_setup(folder_of(host.options.data_dir, key=client_key), "chai-wallah", [None, "easy", "easy", "easy"])
    asha, ravi = await asyncio.gather(
        person(host.port, "Asha", key=client_key), person(host.port, "Ravi", key=other_key)
    )
    code = await open_table(asha, "chai-wallah")
    asha.send(b"s")
    await until(
        lambda: (relay.last_update("Asha") or {}).get("clock", {}) and relay.last_update("Asha")["clock"]["running"],
        "the clock to run",
        seen=lambda: (relay.last_update("Asha"), asha.text),
    )
    await join_table(ravi, code)
    await until(lambda: relay.last_update("Ravi"), "Ravi's first update")
    assert relay.sent["Ravi"][0]["t"] == "welcome"

    def offering(update: dict[str, Any]) -> bool:
        """An update in which Asha's dice are on offer (a moment later they may be taken or back)."""
        return any(d["state"] == "offered" for d in update["view"]["seats"][0]["dice"])

    def asha_offered(name: str) -> bool:
        return any(offering(u) for u in relay.updates(name))

    def asha_offers() -> bool:
        return offering(relay.last_update("Asha"))

    # Asha offers dice (again if her game's screen was not up yet): Ravi sees that she did, never their values
    await asha.keys_until(b"wasd", asha_offers, "Asha's offer")
    await until(lambda: asha_offered("Ravi"), "Asha's offer seen by Ravi")
    # every update that showed Asha her offer showed its values (her last one may show no offer any more)
    offers = [u for u in relay.updates("Asha") if offering(u)]
    assert offers and not any(offered_values_hidden(u) for u in offers)

    asha.conn.close()  # the connection drops
    await until(lambda: (relay.last_update("Ravi") or {}).get("away") == [0], "Asha's seat away")
    await until(lambda: relay.last_update("Ravi")["paused"], "the game to pause")
    seen_before = len(relay.updates("Asha"))

    again = await person(host.port, "Asha", key=client_key)
    await again.wait_text("Back to your table")
    again.send(b"b")
    await until(lambda: len(relay.updates("Asha")) > seen_before, "Asha back in the game")
    assert relay.updates("Asha")[-1]["seat"] == 0
    await until(
        lambda: relay.last_update("Ravi")["away"] == [] and not relay.last_update("Ravi")["paused"],
        "the game to resume",
    )
    await again.wait_text("Asha", "orders")

    third = await person(host.port, "Asha", key=client_key)  # a second login takes the seat over
    await third.wait_text("Back to your table")
    third.send(b"b")
    await again.wait_text("Back to your table", "Open a table")  # the older session is back at its menu
    await until(lambda: relay.updates("Asha")[-1]["seat"] == 0 and relay.links["Asha"].table is not None, "seated")

    ravi_updates = relay.updates("Ravi")
    assert all(u["seat"] is None and u["legal"] == [] for u in ravi_updates)
    assert all(offered_values_hidden(u) for u in ravi_updates)
    ravi.send(ESC)


async def test_under_open_a_seat_comes_back_only_with_its_seat_code(make_host, data_dir, monkeypatch):
    """--open: names are not authenticated. Ravi's seat code is on his screen only; logging in as
    "Ravi" again without it does not give the seat (he may watch), with it he is back in seat 2."""
    relay = Relay(monkeypatch)
    host = await make_host(data_dir=data_dir, tables=fast_tables(), forks=True)
    remember_setup(folder_of(host.options.data_dir, "Asha"), "chai", [None, None, "easy"])
    asha, ravi = await log_in(host.port, "Asha", "Ravi")
    code = await open_table(asha, "chai")
    assert "Your seat code" not in asha.text or "Ravi" not in asha.text
    await join_table(ravi, code)
    await ravi.wait_text("Your seat code:")
    seat_code = re.search(r"Your seat code: ([A-Z0-9]+)", ravi.text).group(1)
    await asha.wait_text("Ravi")
    assert seat_code not in asha.text
    asha.send(b"s")
    await until(lambda: relay.last_update("Ravi"), "the game")

    ravi.conn.close()
    await until(lambda: relay.last_update("Asha")["away"] == [1], "Ravi's seat away")

    impostor = await person(host.port, "Ravi")
    await impostor.wait_text("Back to your table")
    impostor.send(b"b")  # under --open: the join screen, with the code filled in, asking for the seat code
    await impostor.wait_text("Seat code")
    impostor.send(b"\r")
    refused = await until(
        lambda: [m for m in relay.sent["Ravi"] if m["t"] == "refused"], "the seat refused", seen=lambda: impostor.text
    )
    assert "seat code" in refused[-1]["reason"]
    assert relay.last_update("Asha")["away"] == [1]

    mark = len(relay.sent["Ravi"])  # the relay files every "Ravi" session's messages together
    back = await person(host.port, "Ravi")
    await join_table(back, code, seat_code)
    await until(lambda: [m for m in relay.sent["Ravi"][mark:] if m["t"] == "joined"], "Ravi seated")
    assert next(m for m in relay.sent["Ravi"][mark:] if m["t"] == "joined")["seat"] == 1
    await until(
        lambda: relay.last_update("Asha")["away"] == [], "Ravi back", seen=lambda: (relay.sent["Ravi"][-2:], back.text)
    )

    back.conn.close()  # gone again: the owner hands his seat to a bot, from the command palette
    await until(lambda: relay.last_update("Asha")["away"] == [1], "Ravi's seat away again")
    asha.send(b"\x10")  # Ctrl+P
    await asha.wait_text("Search")
    asha.send(b"Hand Ravi")
    await asha.wait_text("Hand Ravi's seat to a bot")
    asha.send(b"\r")
    await until(lambda: relay.last_update("Asha")["bots"][1] == "normal", "a bot in Ravi's seat")


async def test_the_relay_passes_refusals_of_another_seat_and_of_malformed_messages(make_host, data_dir, monkeypatch):
    """A channel that sends an action for another seat, or a line that is not a message, is refused
    (the table says why) and the table goes on."""
    relay = Relay(monkeypatch)
    host = await make_host(data_dir=data_dir, tables=fast_tables(), forks=True)
    remember_setup(folder_of(host.options.data_dir, "Asha"), "chai", [None, "easy"])
    asha = await person(host.port, "Asha")
    code = await open_table(asha, "chai")
    asha.send(b"s")
    await until(lambda: relay.last_update("Asha"), "the game")

    _, theirs = host.registry.channel("open:Mallory", "Mallory", False)
    reader, writer = await asyncio.open_connection(sock=theirs)

    async def say(line: bytes) -> dict:
        writer.write(line + b"\n")
        return json.loads(await asyncio.wait_for(reader.readline(), 10))

    joined = await say(json.dumps({"t": "join", "code": code, "as": "spectator", "seat_code": None}).encode())
    assert joined["t"] == "joined" and joined["seat"] is None
    legal = relay.last_update("Asha")["legal"]
    refused = await say(json.dumps({"t": "act", "seat": 0, "action": legal[0] if legal else {}}).encode())
    while refused["t"] != "refused":
        refused = json.loads(await asyncio.wait_for(reader.readline(), 10))
    assert refused["reason"]
    refused = await say(b'{"t": "act", "seat": "zero"')
    while refused["t"] != "refused":
        refused = json.loads(await asyncio.wait_for(reader.readline(), 10))
    # the table goes on: it still answers this channel, and Asha still sees her game
    writer.write(json.dumps({"t": "leave"}).encode() + b"\n")
    again = await say(json.dumps({"t": "join", "code": code, "as": "spectator", "seat_code": None}).encode())
    while again["t"] != "joined":
        again = json.loads(await asyncio.wait_for(reader.readline(), 10))
    assert host.registry.tables[code].process.returncode is None
    writer.close()
