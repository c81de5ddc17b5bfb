"""The game host killed with -9 mid-game and started again: the table and every accepted action are
there, and its person gets back in."""

from __future__ import annotations

import contextlib
import json
import re
import signal
from pathlib import Path

from chaigames import games
from chaigames.engine import parse_record
from tests.hostprocess import HostProcess
from tests.serve.tableplay import folder_of, join_table, open_table, person, remember_setup
from tests.wait import until


def table_processes(code: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
                if b"chaigames.serve.tables.process" in cmd and code.encode() in cmd:
                    state = (entry / "stat").read_text().rpartition(")")[2].split()[0]
                    if state != "Z":
                        pids.append(int(entry.name))
    return pids


def accepted(data: Path, code: str) -> list[dict]:
    """The actions in the table's record on disk, as the table saved them after each."""
    folder = data / "tables" / code
    save_id = json.loads((folder / "table.json").read_text())["save_id"]
    if save_id is None:
        return []
    path = folder / "saves" / f"{save_id}.json"
    if not path.exists():
        return []
    record = parse_record(path.read_text(), games.get)
    return [json.loads(json.dumps(entry, default=str)) for entry in record.effective()]


async def test_a_killed_host_comes_back_with_its_table(data_dir):
    data = data_dir
    remember_setup(folder_of(data, "Asha"), "chai", [None, "easy"])
    host = HostProcess("serve", data, "--open")
    try:
        asha = await person(host.port, "Asha")
        code = await open_table(asha, "chai")
        seat_code = re.search(r"Your seat code: ([A-Z0-9]+)", asha.text).group(1)
        asha.send(b"s")
        # a few moves of hers (draw an additive) and the bot's: `d` again until they are saved
        await asha.keys_until(b"d", lambda: len(accepted(data, code)) >= 4, "four accepted actions")
        before = accepted(data, code)
        host.kill()
        await until(lambda: not table_processes(code), "the old table process to end")
        await asha.close()
    finally:
        host.kill()
    during = accepted(data, code)
    assert during[: len(before)] == before  # nothing accepted was lost

    host = HostProcess("serve", data, "--open")
    try:
        await until(lambda: table_processes(code), "the table restored")
        asha = await person(host.port, "Asha")
        await asha.wait_text("Back to your table")
        asha.send(b"b")
        await asha.wait_text("Seat code")
        await join_table(asha, "", seat_code)
        await asha.wait_text("Asha", "Bot", timeout=30)
        await until(lambda: "Table code" not in asha.text and "Join a table" not in asha.text, "the game screen")
        assert accepted(data, code)[: len(during)] == during
        await asha.close()
        assert await host.stopped(signal.SIGTERM) == 0
    finally:
        host.kill()
    await until(lambda: not table_processes(code), "the table to close with the host")
