"""A table process: one table's authority, talking to the host over its end of a socketpair.

    python -m chaigames.serve.tables.process --fd N --code K7QD --data-dir DIR [--spectators 20]

The host starts one per table (`pass_fds=[N]`). Every line the host writes is a `wire` object:
its own messages (`connected`, `dropped`, `close`) or a session's message in an envelope stamped
with who sent it. The table answers through the same socket. If `DIR/tables/<CODE>/table.json`
exists the table restores itself from it (a restarted server); otherwise the host's first
session message is the opener's `open`. The process ends at `close`, at EOF (the host went
away: everything is already on disk) or when the opening was refused.

With `CHAIGAMES_TABLE_PROFILE=DIR` in its environment (`chaigames serve` passes its own on), the
table profiles its main thread's CPU (cProfile on the thread's CPU clock: not the time it waited, nor
the record's committer thread) and writes `DIR/table-PID.prof` as it ends; SIGUSR1 starts the profile
again from that moment (`benchmarks/serve_tables.py --profile-tables` sends it when every game runs).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypedDict, Unpack

from chaigames import games
from chaigames.play import wire

from . import PROFILE_ENV
from .table import Table

log = logging.getLogger("chaigames.serve.tables")


class TableOptions(TypedDict, total=False):
    """What the command line may set of a table (the rest keeps `Table`'s defaults)."""

    max_spectators: int
    bot_delay: float
    countdown: float


class Outbox:
    """What the table says to its host: everything said in one turn of the loop (an action's news to every
    connection at the table) leaves in one write, so the host is woken once for it, not once a connection."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        self._encoder = wire.Encoder()
        self._pending: list[bytes] = []

    def send(self, obj: dict[str, Any]) -> None:
        """Queue one message (raises wire.Malformed at once if it cannot be sent); it leaves this turn."""
        line = self._encoder.encode(obj)
        if not self._pending:
            asyncio.get_running_loop().call_soon(self.flush)
        self._pending.append(line)

    def flush(self) -> None:
        if self._pending and not self._writer.is_closing():
            self._writer.write(b"".join(self._pending))
        self._pending.clear()


async def run_table(sock: socket.socket, code: str, data_dir: Path, **options: Unpack[TableOptions]) -> int:
    """Serve one table over `sock` until it closes; the exit status."""
    sock.setblocking(False)
    reader, writer = await wire.open_stream(sock)

    outbox = Outbox(writer)
    table = Table(code, data_dir, outbox.send, games.get, **options)
    if table.restore():
        log.info("table %s restored from %s", code, table.folder)
        table._summary()
    while not table.closing:
        try:
            obj = await wire.read_message(reader)
        except wire.Malformed as exc:
            log.warning("table %s: ignored a malformed line from the host: %s", code, exc)
            continue
        except (ConnectionError, OSError):
            break
        if obj is None:
            break
        try:
            table.receive(obj)
        except Exception:  # a bug met by one message must not end everyone's game: log it, go on
            log.exception("table %s: a message could not be handled: %.200r", code, obj)
        await writer.drain()
    table.close()
    outbox.flush()
    try:
        await writer.drain()
        writer.close()
        await writer.wait_closed()
    except (ConnectionError, OSError):
        pass
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="chaigames.serve.tables.process", description=__doc__)
    parser.add_argument("--fd", type=int, required=True, help="this end of the host's socketpair")
    parser.add_argument("--code", required=True, help="the table's code")
    parser.add_argument("--data-dir", type=Path, required=True, help="the server's data folder")
    parser.add_argument("--spectators", type=int, default=20, help="spectators the table takes")
    parser.add_argument("--bot-delay", type=float, default=0.4, help="seconds before each bot move")
    parser.add_argument("--countdown", type=float, default=1.0, help="seconds per step of the 3-2-1")
    args = parser.parse_args(argv)
    if not wire.is_code(args.code):
        parser.error(f"--code must be 4 to 8 of {wire.CODE_LETTERS}")
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format=f"table {args.code}: %(levelname)s %(message)s")
    sock = socket.socket(fileno=args.fd)
    folder = os.environ.get(PROFILE_ENV)
    stop = profiled(folder) if folder else None
    try:
        return asyncio.run(
            run_table(
                sock,
                args.code,
                args.data_dir,
                max_spectators=args.spectators,
                bot_delay=args.bot_delay,
                countdown=args.countdown,
            )
        )
    finally:
        if stop is not None:
            stop()


def profiled(folder: str) -> Callable[[], None]:
    """Profile this thread's CPU from now on; the function returned stops and writes `folder/table-PID.prof`.
    SIGUSR1 forgets what was profiled so far: the profile starts again then."""
    import cProfile

    profile = cProfile.Profile(time.thread_time)

    def start_again(signum: int, frame: object) -> None:
        profile.disable()
        profile.clear()
        profile.enable()

    def write() -> None:
        profile.disable()
        with contextlib.suppress(OSError):
            profile.dump_stats(os.path.join(folder, f"table-{os.getpid()}.prof"))

    signal.signal(signal.SIGUSR1, start_again)
    profile.enable()
    return write


if __name__ == "__main__":
    sys.exit(main())
