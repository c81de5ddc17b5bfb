"""Where a key's time goes at a table: one Chai Wallah table of 4 over SSH, each stage of the path timed.

Sets up one table as `serve_tables.py` does, then traces the host, the table process and the four
apps with strace (system calls with their times and descriptors, `-ff`: one file a thread) while
people press die keys in turn, and finds each key's way through the calls:

    the benchmark writes the key into its SSH channel
    host -> pty           the host writes the key to the pressing person's terminal
    app reads key         that app's input thread reads it
    app sends act         the app's loop sends `act` to the host
    host reads act / host sends act / table reads act
    table saves           the table writes the game's record (before it tells anyone)
    table writes news     the table's one write of every connection's news
    host reads news / host writes 1st   the host relays it (its first session's part)
    next app reads        the next person's app reads its `changes`
    next app paints       that app's writer thread writes the frame to its terminal
    host reads pty / host writes ssh    the host reads the frame and sends it over SSH
    bench sees            this benchmark's terminal shows the change

and prints each stage's median and largest time (from the stage before). strace slows every system
call of the traced processes, so the stages are for comparing with each other, not the total with
`serve_tables.py`'s. Needs strace, and the test extra (asyncssh, pyte).

    nice -n 10 python benchmarks/serve_trace.py [--keys 24] [--keep FOLDER]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.serve_tables import DIE_KEYS, panel, table, tables_and_apps  # noqa: E402

CALLS = "trace=read,write,sendto,recvfrom,sendmsg,recvmsg"
LINE = re.compile(r"^(\d+\.\d+)\s+(\w+)\((\d+)<(.*?)>,\s*(.*)$")
SENDS = ("write", "sendto", "sendmsg")
READS = ("read", "recvfrom", "recvmsg")


class AtOnce:
    """The one table here plays as soon as its game runs (no other table to wait for)."""

    async def ready(self) -> None:
        return None


@dataclass(frozen=True)
class Call:
    """One traced system call on a descriptor."""

    t: float  # seconds since the epoch, as time.time()
    who: str  # "host", "table" or "appN"
    call: str
    what: str  # the descriptor: /dev/ptmx..., UNIX-STREAM:[...], TCP:[...], a file
    data: str  # the call's data as strace shows it, quotes unescaped

    def sends(self) -> bool:
        return self.call in SENDS

    def reads(self) -> bool:
        return self.call in READS


def threads(pid: int) -> list[int]:
    return [int(t) for t in os.listdir(f"/proc/{pid}/task")]


def read_calls(folder: Path, roles: dict[int, str]) -> list[Call]:
    calls: list[Call] = []
    for path in folder.glob("trace.*"):
        who = roles.get(int(path.suffix[1:]))
        if who is None:
            continue
        for line in path.read_text(errors="replace").splitlines():
            m = LINE.match(line)
            if m:
                calls.append(Call(float(m[1]), who, m[2], m[4], m[5].replace('\\"', '"')))
    calls.sort(key=lambda c: c.t)
    return calls


def stages(calls: list[Call], key: bytes, sent: float, seen: float, people: int) -> list[tuple[str, float]] | None:
    """Each stage of one key's way and when it ended, or None where its way was not found."""
    window = [c for c in calls if sent - 0.001 <= c.t <= seen + 0.001]
    marks: list[tuple[str, float]] = []
    after = sent

    def mark(name: str, found: Callable[[Call], bool]) -> Call | None:
        nonlocal after
        call = next((c for c in window if c.t >= after and found(c)), None)
        if call is not None:
            marks.append((name, call.t))
            after = call.t
        return call

    quoted = f'"{key.decode()}"'
    if mark("host -> pty", lambda c: c.who == "host" and c.sends() and "ptmx" in c.what and c.data.startswith(quoted)):
        pressed = mark("app reads key", lambda c: c.who.startswith("app") and c.reads() and c.data.startswith(quoted))
        if pressed is None:
            return None
        me = int(pressed.who[3:])
        following = f"app{(me + 1) % people}"
        steps: list[tuple[str, Callable[[Call], bool]]] = [
            ("app sends act", lambda c: c.who == pressed.who and c.sends() and '"act"' in c.data),
            ("host reads act", lambda c: c.who == "host" and c.reads() and '"act"' in c.data),
            ("host sends act", lambda c: c.who == "host" and c.sends() and '"act"' in c.data),
            ("table reads act", lambda c: c.who == "table" and c.reads() and '"act"' in c.data),
            ("table saves", lambda c: c.who == "table" and c.sends() and "/saves/" in c.what),
            ("table writes news", lambda c: c.who == "table" and c.sends() and "UNIX" in c.what),
            ("host reads news", lambda c: c.who == "host" and c.reads() and '"to"' in c.data),
            ("host writes 1st", lambda c: c.who == "host" and c.sends() and '"changes"' in c.data),
            ("next app reads", lambda c: c.who == following and c.reads() and '"changes"' in c.data),
            ("next app paints", lambda c: c.who == following and c.sends() and "/dev/pts" in c.what),
            ("host reads pty", lambda c: c.who == "host" and c.reads() and "ptmx" in c.what),
            ("host writes ssh", lambda c: c.who == "host" and c.sends() and "TCP" in c.what),
        ]
        for name, found in steps:
            if mark(name, found) is None:
                return None
        marks.append(("bench sees", seen))
        return marks
    return None


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=24)
    parser.add_argument("--keep", type=Path, help="keep strace's files in this folder")
    args = parser.parse_args()
    people = 4
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        traces = args.keep or data / "traces"
        traces.mkdir(parents=True, exist_ok=True)
        for old in traces.glob("trace.*"):
            old.unlink()
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "chaigames", "serve", "--open", "--port", "0", "--data-dir", tmp,
            "--max-sessions", str(people), "--max-pending", str(people), "--max-tables", "1",
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=asyncio.subprocess.PIPE,
            start_new_session=True,  # its own session, as a host started as a service: not in this one's group
        )  # fmt: skip
        strace: subprocess.Popen[bytes] | None = None
        try:
            line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()  # type: ignore[union-attr]
            port = int(line.split("listening on 127.0.0.1:", 1)[1].split(";", 1)[0])
            drain = asyncio.create_task(server.stderr.read())  # type: ignore[union-attr]
            players = await table(port, data, 0, people, 0, [], [], AtOnce())
            table_pids, apps = tables_and_apps(server.pid)
            apps.sort()  # forked in the order the people connected: app i is person i's
            roles = {t: "host" for t in threads(server.pid)} | {t: "table" for t in threads(table_pids[0])}
            for i, app in enumerate(apps):
                roles |= {t: f"app{i}" for t in threads(app)}
            command = ["strace", "-ff", "-ttt", "-yy", "-s", "160", "-e", CALLS, "-o", str(traces / "trace")]
            for pid in [server.pid, table_pids[0], *apps]:
                command += ["-p", str(pid)]
            strace = subprocess.Popen(command, stderr=subprocess.DEVNULL)
            await asyncio.sleep(1.5)  # attached
            names = [f"T0P{i}" for i in range(people)]
            keys: list[tuple[bytes, float, float | None]] = []
            for k in range(args.keys):
                i = k % people
                me, other = players[i], players[(i + 1) % people]
                before = panel(other, names[i])
                key = DIE_KEYS[k % 4 : k % 4 + 1]
                sent = time.time()
                me.send(key)
                try:
                    await other.wait_for(lambda o=other, n=names[i], b=before: panel(o, n) != b, "a change", timeout=5)
                    keys.append((key, sent, time.time()))
                except AssertionError:
                    keys.append((key, sent, None))
                await asyncio.sleep(0.3)
            strace.send_signal(signal.SIGINT)
            strace.wait(30)
            for player in players:
                await player.close()
            server.send_signal(signal.SIGTERM)
            await asyncio.wait_for(server.wait(), 60)
            drain.cancel()
        finally:
            if strace is not None and strace.poll() is None:
                strace.kill()
            if server.returncode is None:
                server.kill()
                await server.wait()
        calls = read_calls(traces, roles)
    times: dict[str, list[float]] = {}
    traced = 0
    for key, sent, seen in keys:
        marks = stages(calls, key, sent, seen, people) if seen is not None else None
        if marks is None:
            continue
        traced += 1
        last = sent
        for name, t in marks:
            times.setdefault(name, []).append((t - last) * 1000)
            last = t
    total = sorted((seen - sent) * 1000 for _, sent, seen in keys if seen is not None)
    print(f"one chai-wallah table of {people} under strace: {len(keys)} keys, {traced} traced through every stage")
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if total:
        print(f"  key -> the next person's screen: median {statistics.median(total):.1f} ms, max {total[-1]:.1f} ms")
    print("  stage (ms since the stage before)   median     max")
    for name, values in times.items():
        print(f"    {name:32s} {statistics.median(values):7.2f} {max(values):7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
