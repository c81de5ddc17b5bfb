"""The host's table registry without SSH: the relay stamps who is speaking, answers hello/list/open
itself, tells a table when a session drops, closes idle tables and restores saved ones."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from pathlib import Path
from typing import Any

import pytest

from chaigames.play import wire
from chaigames.serve.registry import CODE_ALPHABET, TableRegistry, TableSettings, is_code, new_code
from tests.wait import WAIT, scaled, until

FAKE = [sys.executable, str(Path(__file__).with_name("fake_table.py"))]


class Child:
    """The session child's end of its channel, as a test drives it."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def start(self) -> Child:
        self.reader, self.writer = await asyncio.open_connection(sock=self.sock)
        return self

    def send(self, msg: Any) -> None:
        assert self.writer is not None
        self.writer.write((msg if isinstance(msg, bytes) else json.dumps(msg).encode()) + b"\n")

    async def receive(self) -> dict[str, Any]:
        assert self.reader is not None
        line = await asyncio.wait_for(self.reader.readline(), scaled(WAIT))
        assert line, "the host closed the channel"
        return json.loads(line)

    async def receive_kind(self, kind: str) -> dict[str, Any]:
        while True:
            msg = await self.receive()
            if msg.get("t") == kind:
                return msg


@pytest.fixture
async def registry(tmp_path: Path):
    made: list[TableRegistry] = []

    def make(**kw: Any) -> TableRegistry:
        settings = TableSettings(command=FAKE, **kw)
        reg = TableRegistry(tmp_path, settings, {"PATH": "/usr/bin:/bin"})
        made.append(reg)
        return reg

    yield make
    for reg in made:
        await reg.close()


async def child_of(reg: TableRegistry, identity: str, name: str, keyed: bool = True):
    link, theirs = reg.channel(identity, name, keyed)
    return link, await Child(theirs).start()


def test_codes_use_only_unambiguous_characters():
    taken = {"AAAA"}
    codes = {new_code(lambda c: c in taken) for _ in range(200)}
    assert all(is_code(c) and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set(CODE_ALPHABET) & set("0O1I2Z5S6G8B")
    assert "AAAA" not in codes


async def test_the_relay_stamps_identity_and_a_session_cannot_forge_it(registry):
    """The child never says who it is; whatever `from`/`who` it puts in a message, the
    table receives the host's conn and identity. hello/list/open are the host's own answers."""
    reg = registry()
    asha_link, asha = await child_of(reg, "key:SHA256:asha", "Asha")
    ravi_link, ravi = await child_of(reg, "key:SHA256:ravi", "Ravi")

    asha.send({"t": "hello"})
    assert await asha.receive() == {"t": "welcome", "name": "Asha", "keyed": True, "mine": []}
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 99})
    opened = await asha.receive_kind("opened")
    code = opened["code"]
    assert is_code(code)
    echo = await asha.receive_kind("echo")
    assert echo["from"] == asha_link.conn and echo["who"] == {"id": "key:SHA256:asha", "name": "Asha", "keyed": True}
    assert echo["msg"]["pause_limit"] == 3  # the host's --pause-limit is the most a table may allow
    assert echo["msg"]["away_limit"] == 60  # --away-to-bot

    ravi.send({"t": "act", "seat": 1, "action": {}})  # not at a table yet
    assert (await ravi.receive())["t"] == "refused"
    ravi.send({"t": "join", "code": code.lower(), "as": "person", "seat_code": None})
    echo = await ravi.receive_kind("echo")
    assert echo["msg"]["code"] == code  # typed in lower case, found all the same
    forged = {"t": "act", "seat": 0, "action": {}, "from": asha_link.conn, "who": {"id": "key:SHA256:asha"}}
    ravi.send(forged)
    echo = await ravi.receive_kind("echo")
    assert echo["from"] == ravi_link.conn and echo["who"]["id"] == "key:SHA256:ravi"

    ravi.send(b"this is not json")  # refused, and the channel goes on
    assert (await ravi.receive())["t"] == "refused"
    ravi.send({"t": "list"})
    listing = await ravi.receive_kind("tables")
    assert [t["code"] for t in listing["tables"]] == [code]

    ravi.send({"t": "hello"})  # ravi sat down: the table is his too ("Back to your table")
    assert [t["code"] for t in (await ravi.receive_kind("welcome"))["mine"]] == [code]

    reg.detach(ravi_link)  # the SSH session ended: the table sees the drop
    table = reg.tables[code]
    await until(lambda: ravi_link.conn in table.summary.get("dropped", []), "the table to hear of the drop")


async def test_a_tables_message_reaches_each_session_byte_for_byte(registry):
    """The host passes a table's message on as the table wrote it (`wire.Encoder`'s envelope), and a
    session's message on to its table as the session wrote it, in the host's envelope: neither is
    decoded and encoded again on the way, so nothing in it (key order, escapes, numbers, text) changes."""
    reg = registry()
    link, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    await asha.receive_kind("echo")
    odd = {"t": "changes", "z": 1.0, "a": [1e3, -0.0, '\u2028 \\ " é 茶'], "fields": {"b": {}, "a": None}}
    made = wire.Encoder().encode(wire.wrap_to(link.conn, odd))  # as a table process writes it
    assert made == b'{"to":%d,"msg":%s}\n' % (link.conn, wire.encode(odd)[:-1])
    escaped = b'{"t":"changes","z":1.0,"a":"\\u00e9 \\/","fields":{}}\n'  # JSON no encoder here writes
    for text in (wire.encode(odd), escaped):
        line = b'{"to":%d,"msg":%s}\n' % (link.conn, text[:-1])
        asha.send({"t": "say", "line": line.decode()})
        assert await asyncio.wait_for(asha.reader.readline(), scaled(WAIT)) == text  # type: ignore[union-attr]

    sent = b'{"t":"raw","x":1.0,  "y":"\\u00e9 \xc3\xa9"}'
    asha.send(sent)
    echoed = (await asha.receive_kind("raw"))["line"].encode()
    assert echoed == b'{"from":%d,"who":{"id":"open:Asha","name":"Asha","keyed":false},"msg":%s}\n' % (link.conn, sent)


async def test_open_is_refused_past_max_tables(registry):
    reg = registry(max_tables=1)
    _, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    await asha.receive_kind("opened")
    _, ravi = await child_of(reg, "open:Ravi", "Ravi", keyed=False)
    ravi.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    refused = await ravi.receive_kind("refused")
    assert "1 tables open" in refused["reason"]
    assert len(reg.tables) == 1


async def test_one_person_cannot_take_every_table_slot(registry):
    reg = registry(max_tables=8, tables_per_person=2)
    _, mallory = await child_of(reg, "open:Mallory", "Mallory", keyed=False)
    for _ in range(3):  # sent at once: the third is refused even before the first two have started
        mallory.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    refused = await mallory.receive_kind("refused")
    assert "2 tables open here already" in refused["reason"]
    await until(lambda: len(reg.tables) == 2, "her two tables")
    _, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    await asha.receive_kind("opened")


async def test_a_table_nobody_is_at_without_a_game_gives_its_slot_to_a_new_one(registry):
    reg = registry(max_tables=1)
    link, mallory = await child_of(reg, "open:Mallory", "Mallory", keyed=False)
    mallory.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    code = (await mallory.receive_kind("opened"))["code"]
    await until(lambda: reg.tables[code].summary, "the table's summary")
    reg.detach(link)  # she left: the lobby holds the only slot, nobody at it
    _, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    mine = (await asha.receive_kind("opened"))["code"]
    await until(lambda: list(reg.tables) == [mine], "the empty lobby closed for Asha's table")


async def test_a_table_nobody_is_at_closes_and_is_restored_at_the_next_start(registry, tmp_path):
    """--table-idle-timeout closes a table whose last person left; a saved table's folder
    brings it back when the host starts, with the host's limits passed on."""
    reg = registry(idle_timeout=0.3, spectators=2)
    link, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    code = (await asha.receive_kind("opened"))["code"]
    table = reg.tables[code]
    await until(lambda: table.summary, "the table's summary")
    argv = table.summary["argv"]
    assert argv[argv.index("--spectators") + 1] == "2"
    assert argv[argv.index("--data-dir") + 1] == str(tmp_path)
    assert table.idle is None and code in reg.tables, "someone is connected: no idle countdown, the table stays"
    reg.detach(link)
    await until(lambda: code not in reg.tables, "the idle table to close")
    assert await asyncio.wait_for(table.process.wait(), scaled(WAIT)) == 0

    for folder in (code, "not-a-code"):
        (tmp_path / "tables" / folder).mkdir(parents=True)
        (tmp_path / "tables" / folder / "table.json").write_text("{}")
    (tmp_path / "tables" / "AAAA").mkdir()  # no table.json: nothing to restore
    again = registry()
    await again.restore()
    assert list(again.tables) == [code]
    await until(lambda: again.tables[code].summary, "the restored table's summary")
    argv = again.tables[code].summary["argv"]
    assert argv[argv.index("--code") + 1] == code


def test_a_key_identity_names_the_folder_the_key_logs_in_to():
    """A table copies the finished record into each seated person's History: the folder of a key's
    identity (its SHA256 fingerprint) must be the one that key's logins use (its key_id)."""
    import asyncssh

    from chaigames.serve.players import identity_folder, key_id, player_folder

    key = asyncssh.generate_private_key("ssh-ed25519")
    data = Path("/data")
    assert identity_folder(data, "key:" + key.get_fingerprint("sha256")) == player_folder(
        data, key=key_id(key.public_data)
    )
    assert identity_folder(data, "open:Asha") == player_folder(data, user="Asha")


@pytest.mark.parametrize("bell", [True, False])
async def test_no_bell_silences_the_turn_bell_and_the_host_knows_who_the_table_waits_for(registry, bell):
    reg = registry(bell=bell)
    link, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    await asha.receive_kind("opened")
    assert reg.waiting_for(link) is None
    asha.send({"t": "ring"})
    update = await asha.receive_kind("update")
    assert update["turn_bell"] is bell
    assert reg.waiting_for(link) is not None  # --idle-timeout now counts for this session


async def test_a_refused_join_leaves_the_session_at_no_table(registry):
    reg = registry()
    _, asha = await child_of(reg, "open:Asha", "Asha", keyed=False)
    asha.send({"t": "open", "game": "chai", "options": {}, "seats": [], "pause_limit": 3})
    code = (await asha.receive_kind("opened"))["code"]
    link, ravi = await child_of(reg, "open:Ravi", "Ravi", keyed=False)
    ravi.send({"t": "join", "code": code, "as": "person", "seat_code": "NOPE"})
    assert (await ravi.receive_kind("refused"))["reason"] == "No seat here has that seat code"
    await until(lambda: link.table is None, f"the session to be at no table {link}")
    ravi.send({"t": "join", "code": code, "as": "person", "seat_code": None})
    await ravi.receive_kind("joined")
    assert link.table is reg.tables[code] and link.joined
