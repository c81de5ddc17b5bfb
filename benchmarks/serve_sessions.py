"""16 SSH players at once: does each reach the menu, how fast, and what does it cost in memory?

Starts `chaigames serve --open` on 127.0.0.1 and a free port in a subprocess (so its memory is its
own), opens N sessions at once with asyncssh's client, each an 80x24 terminal fed into pyte, and
waits until every screen shows the menu's three titles. Prints the time to the menu per session,
the server's resident memory (before and with N games) and the games' own. Needs the test extra
(asyncssh, pyte). Everything stops by itself: bounded waits, SIGTERM to the server at the end.

    python benchmarks/serve_sessions.py [--sessions 16] [--color 256]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.serve.sshplay import MENU_TITLES, Player, connect  # noqa: E402


def rss_kib(pid: int) -> int:
    """Resident set size of a process, in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def children_of(pid: int) -> list[int]:
    kids = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        kids.extend(int(k) for k in text)
    return kids


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--color", default="256", choices=("256", "truecolor", "16"))
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        server = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "chaigames",
            "serve",
            "--open",
            "--port",
            "0",
            "--data-dir",
            tmp,
            "--max-sessions",
            str(args.sessions),
            "--max-pending",  # every session comes from 127.0.0.1 at the same moment
            str(args.sessions),
            "--color",
            args.color,
            cwd=ROOT,
            env=env,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()
            port = int(line.split("listening on 127.0.0.1:", 1)[1].split(";", 1)[0])
            drain = asyncio.create_task(server.stderr.read())
            server_idle = rss_kib(server.pid)

            async def one(i: int) -> tuple[float, Player, object]:
                t0 = time.perf_counter()
                conn = await connect(port, user=f"player{i}")
                player = await Player.open(conn, columns=80, lines=24)
                await player.wait_text(*MENU_TITLES, timeout=120)
                return time.perf_counter() - t0, player, conn

            t0 = time.perf_counter()
            results = await asyncio.gather(*(one(i) for i in range(args.sessions)))
            wall = time.perf_counter() - t0
            times = sorted(r[0] for r in results)
            server_busy = rss_kib(server.pid)
            kids = children_of(server.pid)
            kid_rss = [rss_kib(k) for k in kids]

            print(f"chaigames serve: {args.sessions} sessions at once, 80x24, --color {args.color}")
            print(f"  every session reached the menu: {len(results)} of {args.sessions}, all within {wall:.2f} s")
            print(
                f"  time to menu: min {times[0]:.2f} s, median {statistics.median(times):.2f} s, max {times[-1]:.2f} s"
            )
            print(f"  server RSS: {server_idle / 1024:.1f} MiB idle, {server_busy / 1024:.1f} MiB with the games")
            print(
                f"  games: {len(kids)} processes, RSS {sum(kid_rss) / 1024:.1f} MiB in all, "
                f"{statistics.mean(kid_rss) / 1024:.1f} MiB each on average (max {max(kid_rss) / 1024:.1f})"
            )
            t1 = time.perf_counter()
            for _, player, conn in results:
                conn.close()  # type: ignore[attr-defined]
                await player.close()
            deadline = time.monotonic() + 30
            while children_of(server.pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            left = children_of(server.pid)
            print(f"  after hanging up: {len(left)} game processes left, in {time.perf_counter() - t1:.2f} s")
            server.send_signal(signal.SIGTERM)
            await asyncio.wait_for(server.wait(), 30)
            log = (await drain).decode()
            print(f"  session log lines: {log.count('session user=')}; server exit status {server.returncode}")
            return 0 if not left else 1
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
