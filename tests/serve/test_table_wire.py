"""The table wire's framing and message checks, and the client over a real socketpair."""

from __future__ import annotations

import asyncio
import socket

import pytest

from chaigames.play import wire
from chaigames.play.client import ChannelClosed, Refused, TableClient
from chaigames.serve.tables.process import Outbox
from tests.wait import until


async def _reader_with(data: bytes) -> asyncio.StreamReader:
    reader = asyncio.StreamReader(limit=wire.MAX_LINE + 1)
    reader.feed_data(data)
    reader.feed_eof()
    return reader


async def test_lines_round_trip_and_eof_is_none() -> None:
    msgs = [wire.hello(), wire.act(2, {"type": "roll", "dice": [1, 2]}), {"t": "closed", "reason": "ünïcode ✓"}]
    reader = await _reader_with(b"".join(wire.encode(m) for m in msgs))
    got = [await wire.read_message(reader) for _ in msgs]
    assert got == msgs
    assert await wire.read_message(reader) is None


@pytest.mark.parametrize(
    "line",
    [b"not json\n", b"[1, 2]\n", b'"text"\n', b"\xff\xfe{}\n", b'{"t": NaN}\n', b"\n"],
)
async def test_a_bad_line_raises_malformed_and_the_next_line_still_reads(line: bytes) -> None:
    reader = await _reader_with(line + wire.encode(wire.pause()))
    with pytest.raises(wire.Malformed) as caught:
        await wire.read_message(reader)
    assert caught.value.field == "line"
    assert await wire.read_message(reader) == wire.pause()


async def test_an_oversize_line_is_refused_whole_and_the_next_line_still_reads() -> None:
    huge = b'{"t": "act", "pad": "' + b"x" * (wire.MAX_LINE + 10) + b'"}\n'
    reader = await _reader_with(huge + wire.encode(wire.resume()))
    with pytest.raises(wire.Malformed, match="longer"):
        await wire.read_message(reader)
    assert await wire.read_message(reader) == wire.resume()


def test_encode_refuses_an_oversize_message() -> None:
    with pytest.raises(wire.Malformed):
        wire.encode({"t": "closed", "reason": "x" * wire.MAX_LINE})


@pytest.mark.parametrize(
    ("msg", "field"),
    [
        ({"t": "act", "seat": "1", "action": {}}, "seat"),
        ({"t": "act", "seat": True, "action": {}}, "seat"),
        ({"t": "act", "seat": 1, "action": [1]}, "action"),
        ({"t": "act", "action": {}}, "seat"),
        ({"t": "join", "code": "K7QD", "as": "owner", "seat_code": None}, "as"),
        ({"t": "join", "code": 7, "as": "person", "seat_code": None}, "code"),
        ({"t": "to_bot", "seat": 1, "level": 3}, "level"),
        (
            {"t": "open", "game": "chai", "options": {}, "seats": [{"kind": "cat", "level": None}], "pause_limit": 3},
            "seats[0].kind",
        ),
        ({"t": "connected", "conn": 1, "who": {"id": "key:x", "name": "A", "keyed": "yes"}}, "who.keyed"),
        ({"t": "nonsense"}, "t"),
        ({"seat": 1}, "t"),
        ({"t": 5}, "t"),
    ],
)
def test_a_field_of_the_wrong_type_raises_malformed_naming_it(msg: dict, field: str) -> None:
    with pytest.raises(wire.Malformed) as caught:
        wire.check(msg)
    assert caught.value.field == field


def test_expect_limits_the_types_taken_here() -> None:
    with pytest.raises(wire.Malformed):
        wire.check(wire.hello(), expect={"act"})
    assert wire.check(wire.start(), expect={"start"}) == {"t": "start"}


def test_envelopes() -> None:
    who = {"id": "open:asha", "name": "Asha", "keyed": False}
    assert wire.check_from(wire.wrap_from(3, who, wire.start())) == (3, who, {"t": "start"})
    assert wire.check_to(wire.wrap_to(3, wire.refused("no", seat=1))) == (
        3,
        {"t": "refused", "reason": "no", "seat": 1},
    )
    with pytest.raises(wire.Malformed) as caught:
        wire.check_from({"from": "3", "who": who, "msg": {}})
    assert caught.value.field == "from"


async def test_client_request_answer_callbacks_and_close() -> None:
    mine, theirs = socket.socketpair()
    client = await TableClient.connect(sock=mine)
    host_reader, host_writer = await wire.open_stream(theirs)
    updates: list[dict] = []
    client.on("update", updates.append)
    refusals: list[dict] = []
    closed: list[dict] = []
    client.on("refused", refusals.append)
    client.on("closed", closed.append)

    async def host() -> None:
        assert await wire.read_message(host_reader) == wire.hello()
        host_writer.write(wire.encode({"t": "welcome", "name": "Asha", "keyed": True, "mine": []}))
        assert (await wire.read_message(host_reader))["t"] == "join"
        host_writer.write(wire.encode(wire.refused("No table has the code ZZZZ")))
        host_writer.write(b"garbage\n")  # ignored by the client
        host_writer.write(wire.encode(wire.refused("Not your seat", seat=2)))
        host_writer.close()

    task = asyncio.create_task(host())
    welcome = await client.request(wire.hello(), {"welcome"})
    assert welcome["name"] == "Asha"
    with pytest.raises(Refused, match="ZZZZ"):
        await client.request(wire.join("ZZZZ"), {"joined"})
    await task
    await until(lambda: closed, "the client to hear the channel close")
    assert closed[0]["reason"]
    assert [r["seat"] for r in refusals] == [2]  # an action's refusal is news, not a request's answer
    assert updates == []
    with pytest.raises(ChannelClosed):
        client.send(wire.pause())
    await client.close()
    theirs.close()


class Writes:
    """A stream writer that keeps each write."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return False


async def test_a_table_says_everything_of_one_turn_in_one_write() -> None:
    """An action's news to four connections reaches the host in one write (it is woken once, not four
    times), in the order said; the next turn's news is a write of its own."""
    writer = Writes()
    outbox = Outbox(writer)  # type: ignore[arg-type]
    said = [wire.wrap_to(conn, {"t": "refused", "reason": f"no {conn}"}) for conn in range(4)]
    for msg in said:
        outbox.send(msg)
    assert writer.writes == []  # nothing leaves before the turn ends

    async def next_turn() -> None:
        turn = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().call_soon(turn.set_result, None)
        await turn

    await next_turn()
    assert writer.writes == [b"".join(wire.encode(m) for m in said)]
    outbox.send(said[0])
    await next_turn()
    assert writer.writes[1:] == [wire.encode(said[0])]
    with pytest.raises(wire.Malformed):  # a message that cannot be sent is refused at once, nothing queued
        outbox.send(wire.wrap_to(1, {"t": "refused", "reason": "x" * wire.MAX_LINE}))
    outbox.flush()
    assert len(writer.writes) == 2
