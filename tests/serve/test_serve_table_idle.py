"""At a table, --idle-timeout counts only while the game waits for that person, and table sessions
send SSH keepalives every few seconds."""

from __future__ import annotations

import asyncio

from tests.serve.tableplay import Relay, fast_tables, folder_of, join_table, open_table, person, remember_setup
from tests.wait import until


def keepalive_of(host, name: str) -> float:
    """The keepalive interval of the server side of `name`'s connection (asyncssh keeps it private)."""
    [conn] = [c for c in host.connections if c.get_extra_info("username") == name]
    return conn._keepalive_interval


async def test_idle_timeout_only_while_the_table_waits_for_you(make_host, data_dir, monkeypatch):
    relay = Relay(monkeypatch)
    host = await make_host(data_dir=data_dir, tables=fast_tables(), idle_timeout=4.0)
    remember_setup(folder_of(host.options.data_dir, "Asha"), "chai", [None, None])
    asha = await person(host.port, "Asha")
    assert keepalive_of(host, "Asha") == host.options.keepalive_interval
    code = await open_table(asha, "chai")
    assert keepalive_of(host, "Asha") == host.options.table_keepalive  # at a table: a drop is seen in seconds
    ravi = await person(host.port, "Ravi")
    await join_table(ravi, code)
    await asha.wait_text("Ravi")
    asha.send(b"s")
    waited = await until(lambda: next((n for n in ("Asha", "Ravi") if relay.waits_for(n)), None), "a turn")
    players = {"Asha": asha, "Ravi": ravi}
    other = players["Ravi" if waited == "Asha" else "Asha"]
    await players[waited].wait_closed(timeout=20)
    assert b"No keys for 4 seconds" in players[waited].raw
    await asyncio.sleep(1.0)
    assert not other.closed, "the other person waits for the game, not idle: their session stays"
