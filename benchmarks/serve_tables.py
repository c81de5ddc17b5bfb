"""4 tables of 4 people playing Chai Wallah over SSH at once: how long from one person's key to the
change on another person's screen, and what the host and the tables cost.

Starts `chaigames serve --open` on 127.0.0.1 and a free port in a subprocess, in a session of its own
as a host run as a service is (where the kernel shares the CPU between sessions, autogroups, the host is
then not in one group with this benchmark's terminals, which cost more CPU than it), then for each table,
in a process of its own (`worker`), four SSH sessions (100x32 terminals fed into pyte); the first
opens a Chai Wallah table of four people (its setup remembered beforehand), the others join by its
code, the owner starts. Then each
person in turn presses one of their die keys (scripted); the time until that person's panel changes
on the NEXT person's screen is one latency sample. All tables play at once. Prints the median and
99th percentile, keys with no visible change within the timeout, and CPU seconds and resident
memory of the host, the table processes and the players' apps; the players' apps' CPU during play
only (from the moment every table's clock runs to the last key) per accepted action per app; the
benchmark's own CPU (its terminals share the machine, real players' terminals do not) and the load
average before and after. `--knee` plays 1, 2, 3... tables of 4 on fresh hosts until the p99 passes
50 ms and prints the largest number of people served within it. With `--profile DIR` every player's
app profiles itself from the moment every table's game runs (`CHAIGAMES_FORK_PROFILE`, restarted with
SIGUSR1) to the hang-up, and the benchmark prints the profiles summed; `--profile-tables DIR` does the
same for the table processes' main threads, on their CPU clock (`CHAIGAMES_TABLE_PROFILE`), and the
tables' and the host's CPU with no key pressed follows play. Its terminals parse a screen's bytes only
when it is looked at (`TablePlayer`; `--eager`: every byte as it comes), with the test terminal's quick
reading (`tests/terminal.py`: the commonest control sequences and runs of one-cell characters in one step
each, leaving exactly the cells pyte's own reading leaves, at 2-2.5 times its speed on a Chai screen's
bytes). What counts as a visible change: at Chai Wallah, any cell of the key's person's panel (character,
colours, bold, reverse) on the next person's screen; at Chai and Dabba Walla, the next person's screen's
text. Each table's terminals run in a
process and a session (so a scheduling group, an autogroup) of their own: a backlog of a screen's bytes
parsed at once (at Dabba Walla, 40-80 KB, 200-330 ms) held up every other table's timed key when all the
terminals shared one event loop, and took its turn on the CPU when they shared one group. Needs the
test extra (asyncssh, pyte).

    nice -n 10 python benchmarks/serve_tables.py [--tables 4] [--people 4] [--keys 40] [--knee] [--profile DIR]
        [--profile-tables DIR] [--eager]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.serve_sessions import print_profile  # noqa: E402
from chaigames.engine import GameConfig, SeatConfig  # noqa: E402
from chaigames.serve.players import player_folder  # noqa: E402
from chaigames.setups import SetupMemory  # noqa: E402
from tests.serve.sshplay import Player, connect  # noqa: E402
from tests.wait import until  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")
DIE_KEYS = b"wasdtfghijkl"
TIMEOUT = 5.0
GAP = 0.2
"""Seconds between a Chai Wallah key's change on the next screen and the next key at that table (`--gap`)."""
IDLE = 5.0
"""Seconds after the last key in which the tables' and the host's CPU is measured with nobody pressing a key."""


def proc_stat(pid: int) -> tuple[float, int]:
    """(CPU seconds so far, resident KiB) of a process; (0, 0) once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        rss = next(
            int(line.split()[1])
            for line in Path(f"/proc/{pid}/status").read_text().splitlines()
            if line[:6] == "VmRSS:"
        )
        return cpu, rss
    except (FileNotFoundError, StopIteration, IndexError):
        return 0.0, 0


def threads_cpu(pids: list[int]) -> tuple[float, float]:
    """(CPU seconds so far of the main threads, of their other threads) of processes: a table's other
    thread is its record's committer (the fsync and rename of each write)."""
    main = other = 0.0
    tasks = []
    for pid in pids:
        try:
            tasks.extend((pid, task) for task in Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
    for pid, task in tasks:
        try:
            fields = (task / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        if task.name == str(pid):
            main += cpu
        else:
            other += cpu
    return main, other


def descendants(pid: int) -> dict[int, str]:
    """Every process under `pid`, with its command line."""
    found: dict[int, str] = {}
    todo = [pid]
    while todo:
        p = todo.pop()
        for kid in children(p):
            found[kid] = command_line(kid)
            todo.append(kid)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except FileNotFoundError:
        return ""


def children(pid: int) -> list[int]:
    kids: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            kids.extend(int(k) for k in (task / "children").read_text().split())
    except OSError:
        pass
    return kids


def tables_and_apps(server: int) -> tuple[list[int], list[int]]:
    """The host's table processes, and the players' apps: the children of its fork server (which show
    the fork server's command line), or the host's own children that run the app (spawned without one)."""
    tables: list[int] = []
    apps: list[int] = []
    for kid in children(server):
        cmd = command_line(kid)
        if "chaigames.serve.tables.process" in cmd:
            tables.append(kid)
        elif "fork_server" in cmd:
            apps.extend(children(kid))
        elif "-m chaigames" in cmd:
            apps.append(kid)
    return tables, apps


class TablePlayer(Player):
    """The benchmark's terminal, which parses the bytes that came only when its screen is looked at.

    A real player's terminal runs on their own machine; these share the host's two cores with the
    apps they measure. Each key looks at one screen (the next person's) until it changes; the other
    screens' bytes wait unparsed until they are looked at, outside the timed part (before the key that
    watches them). `--eager` parses every byte as it comes, as this benchmark did before; both print
    what the emulation cost."""

    eager = False
    emulation = 0.0
    """CPU seconds all the benchmark's terminals have spent emulating (parsing bytes, reading screens)."""

    def __init__(self, process: object, columns: int, lines: int) -> None:
        self._unparsed: list[bytes] = []
        super().__init__(process, columns, lines)

    def feed(self, data: bytes) -> None:
        if not TablePlayer.eager:
            self._unparsed.append(data)
            self._changed.set()
            return
        t0 = time.thread_time()
        super().feed(data)
        TablePlayer.emulation += time.thread_time() - t0

    def look(self) -> None:
        """Parse what came since the last look."""
        if self._unparsed:
            unparsed, self._unparsed = b"".join(self._unparsed), []
            t0 = time.thread_time()
            super().feed(unparsed)
            TablePlayer.emulation += time.thread_time() - t0

    @property
    def lines(self) -> list[str]:
        self.look()
        t0 = time.thread_time()
        try:
            return Player.lines.fget(self)  # type: ignore[attr-defined]
        finally:
            TablePlayer.emulation += time.thread_time() - t0


def panel(player: TablePlayer, name: str) -> tuple:
    """What `name`'s panel looks like on this screen: its three rows, characters and colours."""
    player.look()
    t0 = time.thread_time()
    try:
        return _panel(player, name)
    finally:
        TablePlayer.emulation += time.thread_time() - t0


def _panel(player: Player, name: str) -> tuple:
    row = next((i for i, line in enumerate(player.screen.display) if line.startswith(f" {name} ")), None)
    if row is None:
        return ()
    rows = range(row, min(row + 3, player.screen.lines))
    return tuple((c.data, c.fg, c.bg, c.reverse, c.bold) for r in rows for c in player.screen.buffer[r].values())


def accepted_actions(data: Path) -> int:
    """Actions in every table's record so far (each table keeps its game's record under its folder)."""
    total = 0
    for save in data.glob("tables/*/saves/*.json"):
        try:
            total += len(json.loads(save.read_text())["entries"])
        except (OSError, ValueError, KeyError):
            continue
    return total


def own_cpu() -> float:
    """CPU seconds of this benchmark (its SSH clients and terminals) so far."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


class Play:
    """A table's terminals, in their own process, wait here until every table's game runs: they say
    `ready` on standard output, and the benchmark answers `go` once every table has (play, not start-up
    and setup, is what is measured)."""

    def __init__(self) -> None:
        self.own = 0.0  # this process's CPU seconds when play began
        self.emulation = 0.0  # its terminals' emulation then

    async def ready(self) -> None:
        self.own, self.emulation = own_cpu(), TablePlayer.emulation
        print("ready", flush=True)
        await said("go")


async def said(word: str) -> None:
    """Wait for `word` on a line of standard input (the benchmark's word to a table's process)."""
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if line.strip() != word:
        raise SystemExit(f"expected {word!r} from the benchmark, got {line!r}")


async def worker(args: argparse.Namespace) -> int:
    """One table's four terminals in a process of their own (`--worker T`): what one table's terminals do
    (parse a backlog of bytes, hundreds of milliseconds at Dabba Walla) never holds up another table's
    timing, as a real player's terminal on their own machine would not. Prints `ready`, then the samples
    as one line of JSON after play, and hangs up on `close`."""
    samples: list[float] = []
    lost: list[int] = []
    play = Play()
    players = await table(args.port, args.data, args.worker, args.people, args.keys, samples, lost, play, args.game)
    result = {
        "samples": samples,
        "lost": lost,
        "own_play": own_cpu() - play.own,
        "emulation_play": TablePlayer.emulation - play.emulation,
        "own": own_cpu(),
    }
    print(json.dumps(result), flush=True)
    await said("close")
    for player in players:
        await player.close()
    return 0


GAMES = {  # id -> (Up presses from the menu's last line, options)
    "chai-wallah": (2, {"target": 5, "stall": None}),
    "chai": (1, {}),
    "dabba-walla": (0, {}),
}


async def table(
    port: int,
    data: Path,
    t: int,
    people: int,
    keys: int,
    samples: list[float],
    lost: list[int],
    play: Play | Any,
    game: str = "chai-wallah",
):
    names = [f"T{t}P{i}" for i in range(people)]
    ups, options = GAMES[game]
    config = GameConfig(seats=tuple(SeatConfig(n) for n in names), options=options)
    SetupMemory(player_folder(data, user=names[0])).remember(game, config)
    players = []
    for name in names:
        conn = await connect(port, user=name)
        player = await TablePlayer.open(conn, columns=100, lines=32)
        await player.wait_text("Join a table", timeout=120)
        players.append(player)
    owner = players[0]
    owner.send(b"\x1b[F" + b"\x1b[A" * ups)  # End, then Up to the game in the menu
    await asyncio.sleep(0.6)
    owner.send(b"o")
    await owner.wait_text("Open a table:", timeout=60)
    owner.send(b"\x13")
    await owner.wait_text("Table code", timeout=60)
    code = re.search(r"chaigames: Table ([A-Z0-9]{4})", owner.text).group(1)  # type: ignore[union-attr]
    for player in players[1:]:
        player.send(b"j")
        await player.wait_text("Open tables on this host", timeout=60)
        player.send(code.encode() + b"\r")
        await player.wait_text("Waiting for the owner", timeout=60)
    await owner.wait_for(lambda: all(n in owner.text for n in names), "everyone in the lobby", timeout=60)
    if game != "chai-wallah":
        await owner.keys_until(b"s", lambda: "Waiting for the owner" not in players[1].text, "the game", timeout=120)
        await asyncio.sleep(2)  # a game screen that has just opened ignores keys for a moment
        await play.ready()
        await turns(game, players, keys, samples, lost)
        return players
    await owner.keys_until(b"s", lambda: panel(owner, names[0]), "the game", timeout=120)
    for player, name in zip(players, names, strict=True):
        await player.wait_for(lambda p=player, n=name: panel(p, n), "the game", timeout=60)
    await asyncio.sleep(4)  # the 3-2-1
    await play.ready()
    for k in range(keys):
        i = k % people
        me, other = players[i], players[(i + 1) % people]
        before = panel(other, names[i])
        t0 = time.perf_counter()
        try:
            me.send(DIE_KEYS[k % 4 : k % 4 + 1])
        except (BrokenPipeError, ConnectionError) as exc:  # that person's session ended: this table stops
            print(f"  {names[i]}'s session ended after {k} keys ({exc}); its table stops", file=sys.stderr)
            lost.extend(range(k, keys))
            break
        try:
            await other.wait_for(lambda o=other, n=names[i], b=before: panel(o, n) != b, "a change", timeout=TIMEOUT)
            samples.append(time.perf_counter() - t0)
        except AssertionError:
            lost.append(k)
        await asyncio.sleep(GAP)
    return players


async def turns(game: str, players: list[Player], moves: int, samples: list[float], lost: list[int]) -> None:
    """Turn-based: whoever's screen says "Your move" plays what their screen offers (Dabba Walla: Enter, or
    e and Enter; Chai: the first of its moves list); one sample is the time from the key that makes the
    move to the first change on the next person's screen. A key after which that screen does not change
    (no move, or a step only the mover sees) is counted in `lost`, not timed."""
    k = 0
    tries = [b"\r", b"e\r"] if game == "dabba-walla" else [b"m"]
    while k < moves:
        try:
            await until(lambda: any("Your move" in p.text for p in players), "someone's move", timeout=TIMEOUT * 4)
        except AssertionError:
            return  # the game is over (or stuck): the samples so far
        mover = next(p for p in players if "Your move" in p.text)
        other = players[(players.index(mover) + 1) % len(players)]
        keys = tries[k % len(tries)]
        if game == "chai":
            mover.send(b"m")
            try:
                await mover.wait_text("Moves (Enter", timeout=TIMEOUT)
            except AssertionError:
                lost.append(k)
                k += 1
                continue
            keys = b"\r"
        before = other.text
        t0 = time.perf_counter()
        mover.send(keys)
        try:
            await other.wait_for(lambda o=other, b=before: o.text != b, "a change", timeout=2)
            samples.append(time.perf_counter() - t0)
        except AssertionError:
            lost.append(k)
        k += 1
        await asyncio.sleep(0.2)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def percentile99(samples: list[float]) -> float:
    return samples[min(len(samples) - 1, int(len(samples) * 0.99))] if samples else float("nan")


async def serve(
    tables: int,
    people: int,
    keys: int,
    game: str = "chai-wallah",
    profile: Path | None = None,
    profile_tables: Path | None = None,
) -> float:
    """One host, `tables` tables of `people` playing at once; prints the figures, returns the p99 (s)."""
    sessions = tables * people
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        if profile is not None:
            profile.mkdir(parents=True, exist_ok=True)
            env["CHAIGAMES_FORK_PROFILE"] = str(profile.resolve())
        if profile_tables is not None:
            profile_tables.mkdir(parents=True, exist_ok=True)
            env["CHAIGAMES_TABLE_PROFILE"] = str(profile_tables.resolve())
        server = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "chaigames", "serve", "--open", "--port", "0", "--data-dir", tmp,
            "--max-sessions", str(sessions), "--max-pending", str(sessions), "--max-tables", str(tables),
            cwd=ROOT, env=env, stderr=asyncio.subprocess.PIPE,
            start_new_session=True,  # its own session, as a host started as a service: not in this one's group
        )  # fmt: skip
        try:
            line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()  # type: ignore[union-attr]
            port = int(line.split("listening on 127.0.0.1:", 1)[1].split(";", 1)[0])
            drain = asyncio.create_task(server.stderr.read())  # type: ignore[union-attr]
            samples: list[float] = []
            lost: list[int] = []
            load_before = load()
            cpu0 = {p: proc_stat(p)[0] for p in [server.pid, *descendants(server.pid)]}
            own0 = own_cpu()
            t0 = time.perf_counter()
            at_play: dict[str, float] = {}

            def play_began() -> None:
                table_pids, apps = tables_and_apps(server.pid)
                at_play.update({f"table{p}": proc_stat(p)[0] for p in table_pids})
                at_play["tables_main"], at_play["tables_other"] = threads_cpu(table_pids)
                at_play["host"] = proc_stat(server.pid)[0]
                if profile is not None:  # the apps' profiles start again: play only
                    for pid in apps:
                        os.kill(pid, signal.SIGUSR1)
                if profile_tables is not None:
                    for pid in table_pids:
                        os.kill(pid, signal.SIGUSR1)
                at_play.update({str(p): proc_stat(p)[0] for p in apps})
                at_play["actions"] = accepted_actions(data)
                at_play["t"] = time.perf_counter()

            flags = ["--eager"] if TablePlayer.eager else []
            workers = []
            for t in range(tables):
                command = [
                    sys.executable, __file__, "--worker", str(t), "--port", str(port), "--data", tmp,
                    "--people", str(people), "--keys", str(keys), "--game", game, "--gap", str(GAP), *flags,
                ]  # fmt: skip
                workers.append(
                    await asyncio.create_subprocess_exec(
                        *command,
                        stdin=asyncio.subprocess.PIPE,
                        stdout=asyncio.subprocess.PIPE,
                        cwd=ROOT,
                        start_new_session=True,  # a scheduling group of its own: no other table's parse takes its turn
                    )
                )

            async def line_of(w: asyncio.subprocess.Process) -> bytes:
                line = await w.stdout.readline()  # type: ignore[union-attr]
                if not line:
                    raise RuntimeError(f"a table's terminals stopped (status {await w.wait()})")
                return line

            try:
                for w in workers:
                    assert (await line_of(w)).strip() == b"ready"
                play_began()
                for w in workers:
                    w.stdin.write(b"go\n")  # type: ignore[union-attr]
                results = [json.loads(await line_of(w)) for w in workers]
            except Exception:
                server.kill()
                for w in workers:
                    if w.returncode is None:
                        w.kill()
                print((await drain)[-4000:].decode(errors="replace"), file=sys.stderr)  # what the host said
                raise
            for r in results:
                samples.extend(r["samples"])
                lost.extend(r["lost"])
            play_end = time.perf_counter()
            wall = play_end - t0
            table_pids, apps = tables_and_apps(server.pid)
            play_cpu = sum(proc_stat(p)[0] - at_play.get(str(p), 0.0) for p in apps)
            tables_play = sum(proc_stat(p)[0] - at_play.get(f"table{p}", 0.0) for p in table_pids)
            main_now, other_now = threads_cpu(table_pids)
            tables_main, tables_other = main_now - at_play["tables_main"], other_now - at_play["tables_other"]
            host_play = proc_stat(server.pid)[0] - at_play["host"]
            actions = accepted_actions(data) - int(at_play["actions"])
            own_play = sum(r["own_play"] for r in results)
            emulated_play = sum(r["emulation_play"] for r in results)
            load_after = load()
            idle0 = (sum(proc_stat(p)[0] for p in table_pids), proc_stat(server.pid)[0], time.perf_counter())
            await asyncio.sleep(IDLE)  # nobody presses a key: what the running games cost on their own
            idle_tables = sum(proc_stat(p)[0] for p in table_pids) - idle0[0]
            idle_host = proc_stat(server.pid)[0] - idle0[1]
            idle_wall = time.perf_counter() - idle0[2]

            def cost(pids: list[int]) -> tuple[float, float]:
                stats = [proc_stat(p) for p in pids]
                return sum(c - cpu0.get(p, 0.0) for p, (c, _) in zip(pids, stats, strict=True)), sum(
                    r for _, r in stats
                ) / 1024

            samples.sort()
            p99 = percentile99(samples)
            print(f"chaigames serve: {tables} {game} tables of {people} people, {sessions} sessions")
            print(f"  before: {load_before}")
            median = statistics.median(samples) * 1000 if samples else float("nan")
            what = "key" if game == "chai-wallah" else "move"
            print(
                f"  {what} -> another person's screen: {len(samples)} samples, median {median:.0f} ms, "
                f"p99 {p99 * 1000:.0f} ms, max {samples[-1] * 1000 if samples else 0:.0f} ms; "
                f"{len(lost)} {what}s with no change on another screen within {TIMEOUT if what == 'key' else 2:g} s"
            )
            host_cpu, host_mem = cost([server.pid])
            table_cpu, table_mem = cost(table_pids)
            app_cpu, app_mem = cost(apps)
            print(f"  over {wall:.1f} s (setup and play): CPU seconds and resident memory now")
            print(f"  host:   {host_cpu:6.1f} s CPU, {host_mem:6.1f} MiB")
            print(f"  tables: {table_cpu:6.1f} s CPU, {table_mem:6.1f} MiB in {len(table_pids)} processes")
            print(f"  apps:   {app_cpu:6.1f} s CPU, {app_mem:6.1f} MiB in {len(apps)} processes")
            own_all = own_cpu() - own0 + sum(r["own"] for r in results)
            print(
                f"  this benchmark (its SSH clients and {sessions} terminals, a process a table): {own_all:6.1f} s CPU"
            )
            per = play_cpu / max(actions, 1) / max(len(apps), 1) * 1000
            # each app draws the actions of its own table only: per action it drew
            per_drawn = play_cpu / max(actions * people, 1) * 1000
            per_second = play_cpu / max(len(apps), 1) / max(play_end - at_play["t"], 1e-9) * 1000
            print(
                f"  play only ({play_end - at_play['t']:.1f} s, {actions} accepted actions): "
                f"apps {play_cpu:.1f} s CPU, {per_drawn:.2f} ms CPU per app per accepted action at its table "
                f"({per:.2f} ms per accepted action anywhere per app), "
                f"({per_second:.1f} ms per app per second of play); "
                f"this benchmark {own_play:.1f} s CPU, of it {emulated_play:.1f} s its terminals' emulation "
                f"({'every byte as it came, --eager' if TablePlayer.eager else 'each screen when looked at'})"
            )
            print(
                f"  play only, per accepted action: the table {tables_play / max(actions, 1) * 1000:.2f} ms CPU, "
                f"the host {host_play / max(actions, 1) * 1000:.2f} ms CPU (relaying, SSH); of the table's, "
                f"its main thread {tables_main / max(actions, 1) * 1000:.2f} ms, its record's committer (fsync, "
                f"rename) {tables_other / max(actions, 1) * 1000:.2f} ms"
            )
            idle_share = (play_end - at_play["t"]) / max(actions, 1) / idle_wall * 1000  # ms per action per idle second
            print(
                f"  then {idle_wall:.1f} s with no key: the tables {idle_tables / idle_wall * 1000:.1f} ms CPU "
                f"a second, the host {idle_host / idle_wall * 1000:.1f} ms (over play, {idle_tables * idle_share:.2f} "
                f"and {idle_host * idle_share:.2f} ms per accepted action)"
            )
            print(f"  after: {load_after}")
            for w in workers:
                w.stdin.write(b"close\n")  # type: ignore[union-attr]
            for w in workers:
                await asyncio.wait_for(w.wait(), 60)
            server.send_signal(signal.SIGTERM)
            await asyncio.wait_for(server.wait(), 60)
            if profile is not None:
                print_profile(profile, apps, "apps during play only")
            if profile_tables is not None:
                print_profile(profile_tables, table_pids, "tables' main threads during play only", prefix="table")
            crashes = [line for line in (await drain).decode(errors="replace").splitlines() if "ended=crash" in line]
            if crashes:
                print(f"  {len(crashes)} sessions crashed, the first: {crashes[0]}")
            return p99
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()


async def main() -> int:
    global GAP
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)  # one table's terminals (see `worker`)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--data", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--people", type=int, default=4)
    parser.add_argument("--keys", type=int, default=40, help="keys pressed at each table")
    parser.add_argument("--knee", action="store_true", help="more tables until the p99 passes 50 ms")
    parser.add_argument("--game", choices=sorted(GAMES), default="chai-wallah", help="turn-based: keys are moves")
    parser.add_argument("--gap", type=float, default=0.2, help="seconds between keys at a table (Chai Wallah)")
    parser.add_argument("--eager", action="store_true", help="every terminal parses every byte as it comes")
    parser.add_argument("--profile", metavar="DIR", type=Path, help="the apps profile their play into DIR; print it")
    parser.add_argument(
        "--profile-tables", metavar="DIR", type=Path, help="the tables profile their main thread's CPU into DIR"
    )
    args = parser.parse_args()
    TablePlayer.eager = args.eager
    GAP = args.gap
    if args.worker is not None:
        return await worker(args)
    if not args.knee:
        await serve(args.tables, args.people, args.keys, args.game, args.profile, args.profile_tables)
        return 0
    served = 0
    for tables in range(1, 13):
        p99 = await serve(tables, args.people, args.keys)
        if not p99 <= 0.050:
            break
        served = tables * args.people
    print(f"knee: {served} people (tables of {args.people}) served with a p99 at most 50 ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
