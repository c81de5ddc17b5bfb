"""Stand-in games for the host tests: tiny programs a session runs instead of the app, each one a way a
game can behave (quiet, stubborn), and the checks the fork-server and lifecycle tests share.

Each enters the alternate screen as the real app does: only what is drawn there is shown at once.
"""

from __future__ import annotations

import sys
from typing import Any

from tests.serve.sshplay import Player, alive, connect

# Draws "ready", then waits to be hung up.
QUIET = "import time\nprint('\\x1b[?1049hready', flush=True)\n[time.sleep(0.1) for _ in range(600)]\n"

# Ignores SIGHUP and leaves a grandchild in its process group: only SIGKILL to the group ends them both.
STUBBORN = (
    "import signal, subprocess, sys, time\n"
    "signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
    "kid = subprocess.Popen([sys.executable, '-c', 'import signal, time; signal.signal(signal.SIGHUP, signal.SIG_IGN);"
    " [time.sleep(0.1) for _ in range(600)]'])\n"
    "print('\\x1b[?1049hready', kid.pid, flush=True)\n"
    "[time.sleep(0.1) for _ in range(600)]\n"
)


def command(program: str) -> list[str]:
    """The host's command for a stand-in: this interpreter running `program`."""
    return [sys.executable, "-c", program]


async def stubborn_game(host: Any, conn: Any) -> tuple[Player, int, int]:
    """A session on `conn` playing STUBBORN (the host's command): its player, its game's pid and the
    grandchild's, both alive."""
    player = await Player.open(conn)
    await player.wait_text("ready")
    [pid] = host.children
    kid = int(player.text.split("ready", 1)[1].split()[0])
    assert alive(pid) and alive(kid)
    return player, pid, kid


async def a_dropped_connection_leaves_no_process(host: Any, caplog: Any, user: str = "gone") -> None:
    """A player of STUBBORN drops the connection: the host hangs the game up, kills its whole process
    group after the grace, and logs the session as ended by the client."""
    conn = await connect(host.port, user=user)
    _, pid, kid = await stubborn_game(host, conn)
    conn.close()
    assert await host.wait_sessions(0, timeout=10)
    assert not alive(pid) and not alive(kid)
    assert f"user='{user}'" in caplog.text and "ended=client disconnected" in caplog.text
