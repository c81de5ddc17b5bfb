"""At a table, --idle-timeout counts only while the game waits for that person, and table sessions
send SSH keepalives every few seconds."""

from __future__ import annotations

from typing import Any

import asyncssh

from tests.serve.tableplay import Relay, fast_tables, folder_of, join_table, open_table, person, remember_setup
from tests.wait import until

# --idle-timeout counts at the menus too, so each menu step must answer within it: four seconds is
# many times the slowest step on a loaded machine, and the test waits it out once
IDLE = 4.0


class Keepalives:
    """The keepalive interval the host asked for on each person's connection since it logged in
    (none: the one it listens with, `--keepalive`), by user name (install with monkeypatch)."""

    def __init__(self, monkeypatch: Any) -> None:
        self.asked: dict[str, float] = {}
        original = asyncssh.SSHServerConnection.set_keepalive
        asked = self.asked

        def set_keepalive(conn: Any, interval: Any = None, count_max: Any = None) -> None:
            asked[conn.get_extra_info("username")] = interval
            original(conn, interval, count_max)

        monkeypatch.setattr(asyncssh.SSHServerConnection, "set_keepalive", set_keepalive)


async def test_idle_timeout_only_while_the_table_waits_for_you(make_host, data_dir, monkeypatch):
    relay = Relay(monkeypatch)
    keepalives = Keepalives(monkeypatch)
    host = await make_host(data_dir=data_dir, tables=fast_tables(), forks=True, idle_timeout=IDLE)
    remember_setup(folder_of(host.options.data_dir, "Asha"), "chai", [None, None])
    asha = await person(host.port, "Asha")
    assert "Asha" not in keepalives.asked  # at the menu: the host's usual keepalives
    code = await open_table(asha, "chai")
    await until(lambda: keepalives.asked.get("Asha") == host.options.table_keepalive, "keepalives every few seconds")
    ravi = await person(host.port, "Ravi")
    await join_table(ravi, code)
    await asha.wait_text("Ravi")
    asha.send(b"s")
    waited = await until(lambda: next((n for n in ("Asha", "Ravi") if relay.waits_for(n)), None), "a turn")
    players = {"Asha": asha, "Ravi": ravi}
    other_name = "Ravi" if waited == "Asha" else "Asha"
    other = players[other_name]
    await players[waited].wait_closed(timeout=IDLE + 20)
    assert f"No keys for {IDLE:g} seconds".encode() in players[waited].raw
    seat = relay.last_update(waited)["seat"]
    await until(lambda: relay.last_update(other_name)["away"] == [seat], f"{waited}'s seat away at the table")
    assert not other.closed, "the other person waits for the game, not idle: their session stays"
