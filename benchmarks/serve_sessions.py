"""16 SSH players at once: does each reach the menu, how fast, how fast are keys, and what does it cost in memory?

Starts `chaigames serve --open` on 127.0.0.1 and a free port in a subprocess (so its memory is its
own), by default with its fork server (each session's game forked from a process that has the app
imported), with `--spawn` without it (each game started as a process of its own: the figures from
before the fork server), so both come from this one tool. Once the server has settled (its fork
server done importing), one session alone connects, three times: from opening the SSH connection to
the painted menu (its three titles drawn for an 80x24 terminal), its game's CPU to it, and then to
Chai's New game form, opened by keys. Then N sessions at once, each the same way: the time until
all N show the menu, with the CPU of the games, the host and this benchmark itself. The benchmark's
terminals (pyte, through the test terminal's quick reading, `tests/terminal.py`, which leaves exactly
pyte's cells) share the machine with what they measure, which a real player's terminal does
not: while sessions connect they only look for the titles in the bytes, and emulate the screens
once all are at the menu (`--eager`: every byte as it comes, as before; both print that cost). At N
sessions at the menu, the proportional memory (PSS, /proc/PID/smaps_rollup: shared pages divided
among the processes sharing them) of the server, its fork server and every game, summed and divided
by N: what one more session really costs; and where the server's lies (its anonymous memory and the
files it maps, the largest first).

Then, with every session still open, keys go round the sessions one at a time (down, then up, in
each one's menu): from writing a key into the SSH channel to the first bytes back that change that
session's screen, median and 99th percentile.

Then (`--game chai`, the default) every session starts a game of Chai the way a player does: the
menu's Chai line, New game with 5 seats (the player and four normal bots), Start. Once every
session shows its game and it is that player's move, the market cursor's arrows go round the
sessions the same way: from writing the key to the first bytes back that change the market's rows
(the goal: p99 <= 50 ms), with the games' memory again. Every stage prints the load average: the
benchmark's own N terminals share the machine. Needs the test extra (asyncssh, pyte). Everything
stops by itself: bounded waits, SIGTERM to the server at the end.

With `--profile DIR` every forked game profiles itself from the fork until it is hung up
(`CHAIGAMES_FORK_PROFILE`, see `chaigames/hosting/forkserver.py`), and the sessions that connected
alone are summed and printed: where a session's CPU on its way to the menu goes.

With `--pages` (as root), once the sessions are quiet at the menu, which of the fork server's pages
one game copied and what it wrote on them, by kind of object (`benchmarks/fork_pages.py`).

    python benchmarks/serve_sessions.py [--sessions 16] [--keys 96] [--color 256] [--game chai|none] [--spawn]
        [--profile DIR] [--pages]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "sitecustomize.py"
"""With `--pages`, the fork server's hook that lists its objects, there only while the benchmark runs."""
sys.path.insert(0, str(ROOT))

from benchmarks import fork_pages  # noqa: E402
from benchmarks.ptyrun import proc_cpu_seconds  # noqa: E402
from tests.serve.sshplay import MENU_TITLES, Player, alive, connect  # noqa: E402


def rss_kib(pid: int) -> int:
    """Resident set size of a process, in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except FileNotFoundError:
        pass
    return 0


def pss_kib(pid: int) -> int:
    """Proportional set size in KiB: the process's own pages plus its share of those it shares (the
    interpreter, libraries): what one more session really costs. 0 if unknown."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def smaps_kib(pid: int) -> dict[str, int]:
    """/proc/PID/smaps_rollup's sizes in KiB (Pss, Private_Dirty, Shared_Clean...); empty if unknown."""
    sizes: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                sizes[name] = int(rest.split()[0])
    except OSError:
        pass
    return sizes


def cpu_and_faults(pid: int) -> tuple[float, int]:
    """CPU seconds on the processor (the scheduler's nanoseconds, finer than the clock ticks of
    /proc/PID/stat) and minor page faults (each a page first touched or copied on write) of a live process."""
    try:
        ns = int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])
        faults = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[7])
    except (OSError, IndexError, ValueError):
        return 0.0, 0
    return ns / 1e9, faults


def print_profile(
    folder: Path,
    pids: list[int],
    what: str = "sessions alone, fork to hang-up",
    lines: int = 30,
    prefix: str = "session",
) -> None:
    """The profiles the forked games `pids` (or other processes: `prefix`) wrote, summed: by own time and
    by cumulative time."""
    import pstats

    files = [str(folder / f"{prefix}-{pid}.prof") for pid in pids if (folder / f"{prefix}-{pid}.prof").exists()]
    if not files:
        print(f"  profile: no game wrote one under {folder}")
        return
    stats = pstats.Stats(*files)
    print(f"  profile of {len(files)} {what} (summed):")
    stats.sort_stats("tottime").print_stats(lines)
    stats.sort_stats("cumulative").print_stats(lines)


class BenchPlayer(Player):
    """The benchmark's terminal: counts the CPU its emulation (pyte) costs, and while `lazy` keeps the
    bytes unparsed until the screen is looked at. A real player's terminal runs on their own machine;
    these 16 share the host's cores with the sessions they measure, so while sessions connect they
    only look for the menu's titles in the bytes (`wait_menu`) and catch up afterwards (`catch_up`)."""

    emulation = 0.0
    """CPU seconds all the benchmark's terminals have spent emulating (parsing bytes, reading screens)."""

    def __init__(self, process: object, columns: int, lines: int) -> None:
        self.lazy = True
        self._unparsed: list[bytes] = []
        super().__init__(process, columns, lines)

    def feed(self, data: bytes) -> None:
        if self.lazy:
            self.raw += data
            self._unparsed.append(data)
            self._changed.set()
            return
        t0 = time.thread_time()
        super().feed(data)
        BenchPlayer.emulation += time.thread_time() - t0

    def catch_up(self) -> None:
        """Parse what came while lazy, and every byte as it comes from now on."""
        self.lazy = False
        unparsed, self._unparsed = b"".join(self._unparsed), []
        if unparsed:
            self.feed(unparsed)

    @property
    def lines(self) -> list[str]:
        self.catch_up()
        t0 = time.thread_time()
        try:
            return Player.lines.fget(self)  # type: ignore[attr-defined]
        finally:
            BenchPlayer.emulation += time.thread_time() - t0

    async def wait_menu(self, timeout: float) -> None:
        """Until the menu's titles are drawn: found in the bytes themselves while lazy (each title is
        one run of text in what the app writes), on the screen otherwise."""
        if not self.lazy:
            await self.wait_text(*MENU_TITLES, timeout=timeout)
            return
        titles = [title.encode() for title in MENU_TITLES]
        await self.wait_for(lambda: all(title in self.raw for title in titles), "the menu's titles", timeout)


def cells(player: Player) -> tuple:
    """What a session's screen shows: every cell's character and colours."""
    return tuple(tuple((c.data, c.fg, c.bg, c.reverse) for c in row.values()) for row in player.screen.buffer.values())


def market_cells(player: Player) -> tuple:
    """What Chai's market shows: its rows from the price line to the picked tiles' line under them
    (the cursor's brackets and highlight, and the line saying what Enter buys)."""
    top, bottom = player.row_of("price "), player.row_of("Additives ")
    if top is None or bottom is None:
        return cells(player)  # not the market screen: any change counts, as in the menu
    return tuple(
        tuple((c.data, c.fg, c.bg, c.reverse) for c in player.screen.buffer[row].values()) for row in range(top, bottom)
    )


async def key_latency(
    player: Player, key: bytes, region: Callable[[Player], tuple] = cells, limit: float = 5.0
) -> float | None:
    """Seconds from writing `key` into the session's channel to the bytes that changed `region`."""
    before = region(player)
    t0 = time.perf_counter()
    player.send(key)
    while (left := limit - (time.perf_counter() - t0)) > 0:
        player._changed.clear()
        try:
            await asyncio.wait_for(player._changed.wait(), left)
        except TimeoutError:
            return None
        if region(player) != before:
            return time.perf_counter() - t0
    return None


KEY_GUARD = 0.6
"""A little over the app's key guard (0.5 s): keys sent sooner after a screen opens may be dropped."""


async def press(player: Player, *keys: bytes, gap: float = 0.15) -> None:
    """Keys one at a time, as a player types them (a Select's list needs a moment to open)."""
    for key in keys:
        player.send(key)
        await asyncio.sleep(gap)


def seats_shown(player: Player) -> str:
    """The number on the setup screen's Seats line ("" when it is not on screen)."""
    row = player.row_of("Seats ")
    return player.screen.display[row].split()[1] if row is not None else ""


async def start_chai(player: Player, seats: int = 5, timeout: float = 120.0) -> float:
    """From the menu to that player's first move in a game of Chai with `seats` seats, by keys only;
    returns the seconds it took. The menu's last line is Dabba Walla, the one above it Chai."""
    t0 = time.perf_counter()
    await press(player, b"\x1b[F", b"\x1b[A", b"\r")  # End, Up, Enter: the Chai line opens its New game
    await player.wait_for(
        lambda: "New game: Chai" in player.text and "New game: Chai Wallah" not in player.text and seats_shown(player),
        "Chai's New game screen",
    )
    await asyncio.sleep(KEY_GUARD)
    await player.wait_text("Seats")
    await press(player, b"\r", gap=0.4)  # Seats has the focus: Enter opens its list at the 2
    await press(player, *[b"\x1b[B"] * (seats - 2), gap=0.2)
    await press(player, b"\r", gap=0.4)
    await player.wait_for(lambda: seats_shown(player) == str(seats), f"{seats} seats chosen")
    player.send(b"\x13")  # ctrl+s: Start
    await player.wait_text("Your turn", "price ", timeout=timeout)
    return time.perf_counter() - t0


async def settled(pids: list[int], share: float = 0.05, step: float = 0.5, limit: float = 20.0) -> float:
    """Seconds until the processes together use less than `share` of a core over `step` (bounded by
    `limit`): the keys are measured once sixteen start-ups are over, not against their tail."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit:
        before = sum(proc_cpu_seconds(pid) for pid in pids)
        await asyncio.sleep(step)
        if sum(proc_cpu_seconds(pid) for pid in pids) - before < share * step:
            break
    return time.perf_counter() - t0


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


async def keys_round(
    players: list[Player],
    count: int,
    keys: tuple[bytes, bytes],
    region: Callable[[Player], tuple] = cells,
    can_act: Callable[[Player], bool] = lambda p: True,
) -> list[float]:
    """`count` keys in turn over the sessions, one at a time: the first key of `keys` in every session,
    then the second (which undoes it) in every one, and so on, so each screen stays put. A session
    that cannot take the key now is skipped. Returns the latencies of the keys that changed `region`."""
    samples: list[float] = []
    for k in range(count):
        player = players[k % len(players)]
        if not can_act(player):
            continue
        took = await key_latency(player, keys[(k // len(players)) % 2], region)
        if took is not None:
            samples.append(took)
        await asyncio.sleep(0.05)
    return samples


def report(what: str, samples: list[float], args: argparse.Namespace, load: tuple[float, ...], where: str) -> None:
    if not samples:
        print(f"  {what}: no key changed {where}")
        return
    print(
        f"  {what}, {args.sessions} sessions open: median {statistics.median(samples) * 1000:.1f} ms, "
        f"p99 {p99(samples) * 1000:.1f} ms ({len(samples)} of {args.keys} keys changed {where}; "
        f"load average {load[0]:.2f})"
    )


def children_of(pid: int) -> list[int]:
    kids = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            text = (task / "children").read_text().split()
            kids.extend(int(k) for k in text)
    except OSError:
        pass
    return kids


def command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def fork_servers_of(server_pid: int) -> list[int]:
    """The host's fork server (its child; the games forked from it show the same command line)."""
    return [p for p in children_of(server_pid) if b"fork_server" in command_line(p)]


def games_of(server_pid: int) -> list[int]:
    """The game processes: the host's own children but its fork server and tables, and the fork server's."""
    forkers = fork_servers_of(server_pid)
    own = [p for p in children_of(server_pid) if p not in forkers and b"chaigames.serve.tables" not in command_line(p)]
    return own + [game for forker in forkers for game in children_of(forker)]


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def fork_cpu(server_pid: int) -> float:
    return sum(proc_cpu_seconds(p) for p in fork_servers_of(server_pid))


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def memory_line(server_pid: int, sessions: int) -> str:
    """PSS of the server, its fork server and the games, and their sum per session."""
    forkers = fork_servers_of(server_pid)
    games = games_of(server_pid)
    host, forker = pss_kib(server_pid), sum(pss_kib(p) for p in forkers)
    game_pss = [pss_kib(p) for p in games]
    total = host + forker + sum(game_pss)
    return (
        f"PSS: server {host / 1024:.1f} MiB, fork server {forker / 1024:.1f} MiB, {len(games)} games "
        f"{statistics.mean(game_pss or [0]) / 1024:.1f} MiB each; all of it {total / 1024:.1f} MiB, "
        f"{total / 1024 / sessions:.1f} MiB a session"
    )


def own_memory(pids: list[int]) -> str:
    """What the processes hold as their own (Private_Dirty: written since the fork, or allocated) and
    what they share, on average."""
    sizes = [smaps_kib(p) for p in pids]
    if not sizes:
        return "none"

    def mean(name: str) -> float:
        return statistics.mean(s.get(name, 0) for s in sizes) / 1024

    return (
        f"own (private dirty) {mean('Private_Dirty'):.1f} MiB, private clean "
        f"{mean('Private_Clean'):.1f} MiB, shared {mean('Shared_Clean') + mean('Shared_Dirty'):.1f} MiB, "
        f"anonymous {mean('Anonymous'):.1f} MiB"
    )


def pss_by_mapping(pid: int, files: int = 4) -> str:
    """Where a process's PSS lies: its anonymous memory (Python's objects and the C allocator's, the
    stacks) and the files it maps, the largest first (a library's pages that no other process maps
    count whole)."""
    sizes: dict[str, int] = {}
    where = "anonymous"
    try:
        for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
            fields = line.split()
            if not fields[0].endswith(":"):  # a mapping's first line: address range, flags, ..., its file
                path = fields[5] if len(fields) > 5 else ""
                where = "anonymous" if not path or path.startswith("[") else Path(path).name
            elif fields[0] == "Pss:":
                sizes[where] = sizes.get(where, 0) + int(fields[1])
    except OSError:
        return "unknown"
    anonymous = sizes.pop("anonymous", 0)
    largest = sorted(sizes.items(), key=lambda item: -item[1])
    shown = ", ".join(f"{name} {kib / 1024:.1f}" for name, kib in largest[:files])
    rest = sum(kib for _, kib in largest[files:])
    others = max(len(largest) - files, 0)
    return f"anonymous {anonymous / 1024:.1f} MiB; files {shown}, the other {others} {rest / 1024:.1f} MiB"


async def menu_time(port: int, user: str, eager: bool = False) -> tuple[float, BenchPlayer, object]:
    """Seconds from opening the SSH connection to the painted menu, with the session and its connection
    (`eager`: its terminal emulates every byte as it comes, as this benchmark's did before)."""
    t0 = time.perf_counter()
    conn = await connect(port, user=user)
    player = await BenchPlayer.open(conn, columns=80, lines=24)
    if eager:
        player.catch_up()
    await player.wait_menu(timeout=120)
    return time.perf_counter() - t0, player, conn


async def new_game_cpu(player: BenchPlayer, game: int) -> tuple[float, float]:
    """From the quiet menu, the Chai line's New game form by keys (End, Up, Enter) until it is quiet again:
    its game's CPU for it and the seconds until the form showed."""
    await asyncio.sleep(KEY_GUARD)
    player.catch_up()
    before = cpu_and_faults(game)[0]
    t0 = time.perf_counter()
    await press(player, b"\x1b[F", b"\x1b[A", b"\r")
    await player.wait_for(lambda: "New game: Chai" in player.text and seats_shown(player), "Chai's New game form")
    took = time.perf_counter() - t0
    await settled([game], step=0.2)
    return cpu_and_faults(game)[0] - before, took


async def hang_up(player: Player, conn: object, server_pid: int, before: int, limit: float = 30.0) -> None:
    """Close one session and wait (bounded) until its game is gone."""
    conn.close()  # type: ignore[attr-defined]
    await player.close()
    deadline = time.monotonic() + limit
    while len(games_of(server_pid)) > before and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--keys", type=int, default=96, help="keys measured, in turn over the sessions")
    parser.add_argument("--color", default="256", choices=("256", "truecolor", "16"))
    parser.add_argument(
        "--game", default="chai", choices=("chai", "none"), help="then start a game in every session and key it"
    )
    parser.add_argument(
        "--spawn", action="store_true", help="no fork server: every game starts as a process of its own (before)"
    )
    parser.add_argument("--alone", type=int, default=3, help="times one session alone connects first")
    parser.add_argument(
        "--eager",
        action="store_true",
        help="the benchmark's terminals emulate every byte as it comes, also while sessions connect (before)",
    )
    parser.add_argument(
        "--pages",
        action="store_true",
        help="at the menu, which of the fork server's pages one game copied and what it wrote on them (root)",
    )
    parser.add_argument(
        "--profile", metavar="DIR", type=Path, help="each forked game profiles itself into DIR; print the alone ones"
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        if args.profile:
            args.profile.mkdir(parents=True, exist_ok=True)
            env["CHAIGAMES_FORK_PROFILE"] = str(args.profile.resolve())
        listing = Path(tmp) / "objects.pickle"
        if args.pages:  # the fork server's environment keeps only the package's root on its path
            SITE.write_text(fork_pages.SITECUSTOMIZE.format(path=str(listing)))
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
            *(["--no-fork-server"] if args.spawn else []),
            cwd=ROOT,
            env=env,
            stderr=asyncio.subprocess.PIPE,
            start_new_session=True,  # its own session, as a host started as a service: not in this one's group
        )
        games_seen: set[int] = set()
        try:
            line = (await asyncio.wait_for(server.stderr.readline(), 30)).decode()
            port = int(line.split("listening on 127.0.0.1:", 1)[1].split(";", 1)[0])
            drain = asyncio.create_task(server.stderr.read())
            server_idle = rss_kib(server.pid)
            how = "each game its own process (--spawn)" if args.spawn else "games forked from the fork server"
            print(f"chaigames serve: {how}, 80x24, --color {args.color}")
            quiet = await settled([server.pid, *fork_servers_of(server.pid), *games_of(server.pid)])
            print(f"  the server settled (with its fork server, done importing) {quiet:.1f} s after it listened")

            alone, alone_cpu, alone_settled, alone_faults, alone_pids = [], [], [], [], []
            new_game: list[tuple[float, float]] = []
            for i in range(args.alone):
                took, player, conn = await menu_time(port, f"alone{i}", args.eager)
                alone.append(took)
                [game] = games_of(server.pid) or [0]
                alone_cpu.append(cpu_and_faults(game)[0])
                await settled([game], step=0.2)  # and its start's tail (the table lines, a second paint)
                cpu, faults = cpu_and_faults(game)
                alone_settled.append(cpu)
                alone_faults.append(faults)
                alone_pids.append(game)
                games_seen.update(games_of(server.pid))
                if not args.profile:  # the profiles are of the way to the menu
                    new_game.append(await new_game_cpu(player, game))
                await hang_up(player, conn, server.pid, 0)
                await settled([server.pid, *fork_servers_of(server.pid), *games_of(server.pid)])
            if alone:
                print(
                    f"  one session alone, SSH connection to painted menu: median {statistics.median(alone):.2f} s "
                    f"(of {len(alone)}: {', '.join(f'{t:.2f}' for t in alone)}); {load_average()}"
                )
                print(
                    f"  its game's CPU to the painted menu: median {statistics.median(alone_cpu):.3f} s "
                    f"(of {len(alone)}: {', '.join(f'{t:.3f}' for t in alone_cpu)}); to the quiet menu: median "
                    f"{statistics.median(alone_settled):.3f} s (of {len(alone)}: "
                    f"{', '.join(f'{t:.3f}' for t in alone_settled)}), "
                    f"minor page faults {statistics.median(alone_faults):.0f}"
                )
            if new_game:
                print(
                    f"  then its New game form (Chai's, by keys, until quiet): its game's CPU median "
                    f"{statistics.median(c for c, _ in new_game):.3f} s (of {len(new_game)}: "
                    f"{', '.join(f'{c:.3f}' for c, _ in new_game)}), shown after median "
                    f"{statistics.median(t for _, t in new_game):.2f} s; {load_average()}"
                )
            if args.profile:
                print_profile(args.profile, alone_pids)

            t0 = time.perf_counter()
            load = load_average()
            cpu_before = own_cpu(), proc_cpu_seconds(server.pid), fork_cpu(server.pid)
            emulated = BenchPlayer.emulation
            results = await asyncio.gather(*(menu_time(port, f"player{i}", args.eager) for i in range(args.sessions)))
            wall = time.perf_counter() - t0
            cpu_games = sum(proc_cpu_seconds(k) for k in games_of(server.pid))
            cpu_after = own_cpu(), proc_cpu_seconds(server.pid), fork_cpu(server.pid)
            mine, host, forker = (after - before for after, before in zip(cpu_after, cpu_before, strict=True))
            emulated = BenchPlayer.emulation - emulated
            t_catch = time.thread_time()
            for _, player, _ in results:
                player.catch_up()
            caught_up = time.thread_time() - t_catch
            times = sorted(r[0] for r in results)
            server_busy = rss_kib(server.pid)
            kids = games_of(server.pid)
            games_seen.update(kids)
            kid_rss = [rss_kib(k) for k in kids]

            print(
                f"  {args.sessions} sessions at once: {len(results)} of {args.sessions} reached the menu, "
                f"all within {wall:.2f} s; {load} at the start"
            )
            print(
                f"  time to menu: min {times[0]:.2f} s, median {statistics.median(times):.2f} s, max {times[-1]:.2f} s"
            )
            print(
                f"  CPU meanwhile: the games {cpu_games:.2f} s ({cpu_games / args.sessions:.3f} s each), the host "
                f"{host:.2f} s ({host / args.sessions * 1000:.0f} ms a connection), its fork server {forker:.2f} s, "
                f"this benchmark's {args.sessions} SSH clients and terminals {mine:.2f} s (of it the terminals' "
                f"emulation {emulated:.2f} s; {'every byte as it came (--eager)' if args.eager else 'after the menu: '}"
                f"{'' if args.eager else f'{caught_up:.2f} s to catch up'})"
            )
            print(f"  server RSS: {server_idle / 1024:.1f} MiB idle, {server_busy / 1024:.1f} MiB with the games")
            print(
                f"  games: {len(kids)} processes, RSS {sum(kid_rss) / 1024:.1f} MiB in all, "
                f"{statistics.mean(kid_rss) / 1024:.1f} MiB each on average (max {max(kid_rss) / 1024:.1f})"
            )
            print(f"  at the menu, {memory_line(server.pid, args.sessions)}")
            print(f"  at the menu, each game: {own_memory(kids)}")
            print(f"  the server: {own_memory([server.pid])}")
            print(f"  the server's PSS: {pss_by_mapping(server.pid)}")
            print(f"  the fork server: {own_memory(fork_servers_of(server.pid))}")
            await asyncio.sleep(1.0)  # the menu ignores keys for its first half second
            quiet = await settled([server.pid, *kids])
            print(f"  the games went quiet (under 5% of a core together) after {quiet:.1f} s more")
            print(f"  quiet at the menu, {memory_line(server.pid, args.sessions)}")
            if args.pages:
                print(fork_pages.copied_pages(fork_servers_of(server.pid)[0], kids[0], listing, examples=12))
            players = [r[1] for r in results]
            load = os.getloadavg()
            samples = await keys_round(players, args.keys, (b"\x1b[B", b"\x1b[A"))
            report("keys through serve (menu)", samples, args, load, "the screen")
            if args.game == "chai":
                t2 = time.perf_counter()
                starts = await asyncio.wait_for(asyncio.gather(*(start_chai(p) for p in players)), 300)
                print(
                    f"  Chai, 5 seats, started by keys in every session: {len(starts)} of {args.sessions} at their "
                    f"move within {time.perf_counter() - t2:.2f} s (each: median {statistics.median(starts):.2f} s)"
                )
                kids = games_of(server.pid)
                games_seen.update(kids)
                kid_rss = [rss_kib(k) for k in kids]
                print(
                    f"  games playing: server RSS {rss_kib(server.pid) / 1024:.1f} MiB; {len(kids)} game processes, "
                    f"RSS {statistics.mean(kid_rss) / 1024:.1f} MiB each on average (max {max(kid_rss) / 1024:.1f}); "
                    f"{memory_line(server.pid, args.sessions)}"
                )
                quiet = await settled([server.pid, *kids])
                print(f"  the games went quiet after {quiet:.1f} s more")
                load = os.getloadavg()
                samples = await keys_round(
                    players, args.keys, (b"\x1b[C", b"\x1b[D"), market_cells, lambda p: "Your turn" in p.text
                )
                report("keys through serve (Chai's market cursor)", samples, args, load, "the market")
            t1 = time.perf_counter()
            for _, player, conn in results:
                conn.close()  # type: ignore[attr-defined]
                await player.close()
            deadline = time.monotonic() + 30
            while games_of(server.pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
            left = games_of(server.pid)
            print(f"  after hanging up: {len(left)} game processes left, in {time.perf_counter() - t1:.2f} s")
            server.send_signal(signal.SIGTERM)
            await asyncio.wait_for(server.wait(), 30)
            log = (await drain).decode()
            print(f"  session log lines: {log.count('session user=')}; server exit status {server.returncode}")
            return 0 if not left else 1
        finally:  # also when a wait above gave up: no server and no game is left behind
            SITE.unlink(missing_ok=True)
            if server.returncode is None:
                server.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(server.wait(), 30)
                except TimeoutError:
                    server.kill()
                    await server.wait()
            for pid in games_seen:
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
