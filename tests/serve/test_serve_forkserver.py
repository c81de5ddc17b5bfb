"""Games forked from the fork server: each session's own terminal, environment, folder and end.

A stand-in game reports what it sees (one JSON line on its screen); the real app shows the host's
colours and quits as it does when started on its own; a fork server that stops is replaced, and
past its give-up limit every game starts as its own process again.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

from chaigames.hosting import forks as forks_module
from chaigames.hosting.environment import FRAMES_PER_SECOND
from chaigames.serve.players import open_folder_name
from chaigames.serve.registry import HOST_FD_ENV
from tests.serve.sshplay import MENU_TITLES, Player, alive, connect
from tests.serve.standins import STUBBORN, a_dropped_connection_leaves_no_process, command
from tests.wait import until

# What a session's game sees, printed on its screen as one JSON line, then it waits to be hung up.
REPORT = (
    "import fcntl, json, os, sys, textual.constants\n"
    "def is_open(fd):\n"
    "    try:\n"
    "        return fcntl.fcntl(fd, fcntl.F_GETFD) >= 0\n"
    "    except OSError:\n"
    "        return False\n"
    "fds = [fd for fd in range(1024) if is_open(fd)]\n"
    "def packed():\n"  # the menu's code, as the fork server's warm-up left it: a packed copy?
    "    if 'screens.app' not in sys.modules:\n"
    "        return None\n"
    "    from chaigames.hosting.packing import RETIRED\n"
    "    code = sys.modules['screens.app'].ChaiGamesApp.get_default_screen.__code__\n"
    "    return any(old == code and old is not code for old in RETIRED)\n"
    "def free_space_taken():\n"  # the server's free blocks and heap chunks, taken before the fork
    "    packing = sys.modules.get('chaigames.hosting.packing')\n"
    "    return packing is not None and len(packing.BLOCKS) > 0 and len(packing.HOLES) > 0\n"
    "seen = dict(term=os.environ['TERM'], home=os.environ['CHAIGAMES_HOME'], cwd=os.getcwd(),\n"
    "    tty=os.ttyname(0), same=os.ttyname(1) == os.ttyname(2) == os.ttyname(0),\n"
    "    leader=os.getsid(0) == os.getpid(), foreground=os.tcgetpgrp(0) == os.getpgrp(),\n"
    "    size=list(os.get_terminal_size(0)), parent=os.getppid(), fds=fds, host_fd=os.environ['" + HOST_FD_ENV + "'],\n"
    "    colours=[textual.constants.COLOR_SYSTEM, os.environ['TEXTUAL_COLOR_SYSTEM'], os.environ.get('COLORTERM')],\n"
    "    frames=[textual.constants.MAX_FPS, os.environ['TEXTUAL_FPS']],\n"
    "    argv=sys.argv, keys=sorted(os.environ), packed=packed(), taken=free_space_taken())\n"
    "print('\\x1b[?1049h' + json.dumps(seen), flush=True)\n"
    "import time\n"
    "[time.sleep(0.1) for _ in range(600)]\n"
)


def report(player: Player) -> dict:
    line = bytes(player.raw).split(b"\x1b[?1049h", 1)[1].split(b"\n", 1)[0]
    return json.loads(line)


async def reported(player: Player) -> dict:
    await until(lambda: b"}\r\n" in player.raw, "the game's report", seen=lambda: bytes(player.raw))
    return report(player)


async def test_two_forked_sessions_each_see_their_own_terminal_environment_and_folder(make_host):
    """Two sessions at once, with different terminal types, window sizes and players: each game is the
    fork server's child, leads its own session on its own pty (its controlling terminal), sees its own
    TERM, window and folder, the host's colours (Textual read them at the server's import), and has no
    descriptor but its terminal and its channel to the host. The code the server's trip to the menu ran
    was packed before the fork."""
    host = await make_host(forks=True, color="truecolor", command=[sys.executable, "-c", REPORT])
    async with await connect(host.port, user="asha") as asha_conn, await connect(host.port, user="ravi") as ravi_conn:
        asha = await Player.open(asha_conn, term="xterm-256color", columns=80, lines=24)
        ravi = await Player.open(ravi_conn, term="vt220", columns=100, lines=30)
        seen_asha, seen_ravi = await reported(asha), await reported(ravi)
        assert len(host.children) == 2
        server_fds = sorted(int(fd) for fd in os.listdir(f"/proc/{host.forks.pid}/fd"))
        await asha.close()
        await ravi.close()
    expected = (("asha", "xterm-256color", [80, 24]), ("ravi", "vt220", [100, 30]))
    for seen, (user, term, size) in zip((seen_asha, seen_ravi), expected, strict=True):
        folder = str(host.options.data_dir / "players" / "open" / open_folder_name(user))
        assert seen["term"] == term and seen["size"] == size
        assert seen["home"] == seen["cwd"] == folder
        assert seen["parent"] == host.forks.pid
        assert seen["leader"] and seen["foreground"] and seen["same"]
        assert seen["colours"] == ["truecolor", "truecolor", "truecolor"]
        assert seen["frames"] == [int(FRAMES_PER_SECOND), FRAMES_PER_SECOND]  # a change painted at once
        assert seen["fds"] == [0, 1, 2, int(seen["host_fd"])]  # the pty and the channel to the host: nothing else
        assert seen["argv"] == ["-c"]
        assert seen["packed"]  # the code the server's trip to the menu ran: copied side by side before the fork
        assert seen["taken"]  # and its free space taken
        assert "PYTHONSAFEPATH" not in seen["keys"] and "LD_PRELOAD" not in seen["keys"]
    assert seen_asha["tty"] != seen_ravi["tty"]
    assert server_fds == [0, 1, 2, server_fds[3]]  # the fork server itself: its control socket only
    assert host.forks.threads == 1


async def test_the_real_app_forked_paints_the_hosts_colours_and_quits_with_status_0(make_host, caplog):
    """The app forked from the server (which imported it under --color truecolor) paints in true colour,
    and quitting it ends the SSH session with status 0 and its one log line, as a game of its own does."""
    host = await make_host(forks=True, color="truecolor")
    async with await connect(host.port, user="quitter") as conn:
        player = await Player.open(conn)
        await player.wait_text(*MENU_TITLES, "Quit")
        [pid] = host.children
        assert Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1] == str(host.forks.pid)
        assert b"38;2;" in player.raw  # true colour: 24-bit foregrounds
        await player.keys_until(b"q", player.shows("Quit chaigames?"), "the quit question")
        await player.keys_until(b"y", lambda: player.closed, "the session to close")
        assert await player.wait_closed() == 0
    assert await host.wait_sessions(0, timeout=10)
    assert not alive(pid)
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]
    assert "user='quitter'" in line and "ended=player quit" in line


CRASH = (
    "import sys\n"
    "sys.stdout.write('\\x1b[?1049hplaying\\n'); sys.stdout.flush()\n"
    "sys.stdout.write('\\x1b[?1049l'); sys.stdout.flush()\n"
    "raise ValueError('boom')\n"
)


async def test_forked_games_crash_and_hang_up_as_their_own_processes_do(make_host, caplog):
    """A forked game's crash is the session's status and log line (the player sees the friendly line);
    one that ignores SIGHUP is killed with everything in its process group after the grace."""
    host = await make_host(forks=True, command=[sys.executable, "-c", CRASH], hangup_grace=0.3)
    async with await connect(host.port, user="crashy") as conn:
        victim = await Player.open(conn)
        assert await victim.wait_closed() == 1
    assert b"playing" in victim.raw and b"boom" not in victim.raw
    assert "ended=crash exit=1 error='ValueError: boom'" in caplog.text
    host.options.command = command(STUBBORN)
    await a_dropped_connection_leaves_no_process(host, caplog)


async def test_a_stopped_fork_server_is_replaced_and_its_games_play_on(make_host, caplog):
    """The fork server killed under a running game: the host says so and starts another; the game plays
    on (its end is still noticed), and the next session is forked from the new server."""
    host = await make_host(forks=True, command=[sys.executable, "-c", REPORT], hangup_grace=0.3)
    first_server = host.forks.pid
    async with await connect(host.port, user="steady") as conn:
        steady = await Player.open(conn)
        assert (await reported(steady))["parent"] == first_server
        [pid] = host.children
        os.kill(first_server, signal.SIGKILL)
        await until(lambda: host.forks.pid != first_server, "a new fork server")
        assert "fork server stopped (exit status -9): starting it again" in caplog.text
        assert alive(pid)
        async with await connect(host.port, user="next") as next_conn:
            fresh = await Player.open(next_conn)
            assert (await reported(fresh))["parent"] == host.forks.pid
            await fresh.close()
        await steady.close()
    assert await host.wait_sessions(0, timeout=10)
    assert not alive(pid)


async def test_past_its_limit_of_stops_games_start_as_their_own_processes(make_host, caplog, monkeypatch):
    """A fork server that keeps stopping is given up, with a log line: the games then start as the host's
    own children, as without a fork server."""
    monkeypatch.setattr(forks_module, "GIVE_UP", 1)
    host = await make_host(forks=True, command=[sys.executable, "-c", REPORT])
    os.kill(host.forks.pid, signal.SIGKILL)
    await until(lambda: host.forks.given_up, "the fork server given up")
    async with await connect(host.port, user="after") as conn:
        player = await Player.open(conn)
        assert (await reported(player))["parent"] == os.getpid()
        await player.close()
    assert "games now start as their own processes" in caplog.text


async def test_a_forked_game_profiles_itself_when_the_host_asks(make_host, monkeypatch, tmp_path):
    """With CHAIGAMES_FORK_PROFILE in the host's environment, each forked game profiles itself from the fork
    until it is hung up and leaves its profile in that folder (how a session's start is measured); the
    game's own environment stays the served one."""
    import pstats

    from chaigames.hosting.forkserver import PROFILE_ENV

    monkeypatch.setenv(PROFILE_ENV, str(tmp_path))
    host = await make_host(forks=True, command=[sys.executable, "-c", REPORT])
    async with await connect(host.port, user="measured") as conn:
        player = await Player.open(conn)
        seen = await reported(player)
        [pid] = host.children
        await player.close()
    assert await host.wait_sessions(0, timeout=10)
    profile = tmp_path / f"session-{pid}.prof"
    await until(profile.exists, "the game's profile")
    functions = {name for _file, _line, name in pstats.Stats(str(profile)).stats}  # type: ignore[attr-defined]
    assert "run_python" in functions
    assert PROFILE_ENV not in seen["keys"]
