"""The game host killed with -9 mid-game and started again: the table and every accepted action are
there, and its person gets back in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
from pathlib import Path

from chaigames import games
from chaigames.engine import parse_record
from tests.serve.tableplay import folder_of, join_table, open_table, person, remember_setup
from tests.wait import until


async def start_server(data: Path) -> tuple[asyncio.subprocess.Process, int, asyncio.Task[None]]:
    """`chaigames serve --open` in its own process (so it can be killed), on a free port."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "chaigames",
        "serve",
        "--open",
        "--port",
        "0",
        "--data-dir",
        str(data),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    assert proc.stderr is not None
    while True:
        line = (await asyncio.wait_for(proc.stderr.readline(), 30)).decode()
        assert line, "the server stopped before listening"
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if found:
            break

    async def drain() -> None:  # keep reading its log so it never blocks on a full pipe
        with contextlib.suppress(Exception):
            while await proc.stderr.readline():
                pass

    return proc, int(found.group(1)), asyncio.get_running_loop().create_task(drain())


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
    proc, port, drain = await start_server(data)
    try:
        asha = await person(port, "Asha")
        code = await open_table(asha, "chai")
        seat_code = re.search(r"Your seat code: ([A-Z0-9]+)", asha.text).group(1)
        asha.send(b"s")
        for _ in range(40):  # a few moves of hers (draw an additive) and the bot's
            if len(accepted(data, code)) >= 4:
                break
            asha.send(b"d")
            await asyncio.sleep(0.25)
        before = accepted(data, code)
        assert len(before) >= 2
        os.kill(proc.pid, signal.SIGKILL)
        await proc.wait()
        await until(lambda: not table_processes(code), "the old table process to end")
        await asha.close()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        drain.cancel()
    during = accepted(data, code)
    assert during[: len(before)] == before  # nothing accepted was lost

    proc, port, drain = await start_server(data)
    try:
        await until(lambda: table_processes(code), "the table restored")
        asha = await person(port, "Asha")
        await asha.wait_text("Back to your table")
        asha.send(b"b")
        await asha.wait_text("Seat code")
        await join_table(asha, "", seat_code)
        await asha.wait_text("Asha", "Bot", timeout=30)
        await until(lambda: "Table code" not in asha.text and "Join a table" not in asha.text, "the game screen")
        assert accepted(data, code)[: len(during)] == during
        await asha.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(proc.wait(), 15)
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
        drain.cancel()
    await until(lambda: not table_processes(code), "the table to close with the host")
