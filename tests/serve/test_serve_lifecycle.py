"""How sessions end: the player quits, the game crashes, the player goes idle or away, the host stops."""

from __future__ import annotations

import asyncio
import stat
import sys

import asyncssh
import pytest

from chaigames.hosting.child import WRITE_HIGH_WATER
from chaigames.serve.host import CRASHED, load_host_key
from tests.serve.sshplay import MENU_TITLES, Player, alive, connect
from tests.serve.standins import QUIET, STUBBORN, a_dropped_connection_leaves_no_process, command, stubborn_game
from tests.wait import scaled, until


async def test_player_quits_and_the_session_ends_cleanly(make_host, caplog):
    """Quitting the game (q on the menu) ends the SSH session with status 0 and one log line."""
    host = await make_host()
    async with await connect(host.port, user="quitter") as conn:
        player = await Player.open(conn)
        await player.wait_text(*MENU_TITLES, "Quit")
        [pid] = host.children
        player.send(b"q")
        await player.wait_text("Quit chaigames?")  # quitting asks first
        # the question ignores its first half second: `y` until it lands
        await player.keys_until(b"y", lambda: player.closed, "the session to close")
        assert await player.wait_closed() == 0
    assert await host.wait_sessions(0, timeout=10)
    assert not alive(pid)
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("session ")]
    assert "user='quitter'" in line and "addr=127.0.0.1:" in line and "ended=player quit" in line
    assert "start=" in line and "end=" in line


# A stand-in for a Textual app that crashes: it draws on the alternate screen, leaves it, then prints
# its traceback (with the server's paths) and where its crash log went, and exits non-zero.
CRASH = (
    "import sys\n"
    "sys.stdout.write('\\x1b[?1049hplaying\\n'); sys.stdout.flush()\n"
    "sys.stdout.write('\\x1b[?1049l'); sys.stdout.flush()\n"
    "sys.stdout.write('Traceback (most recent call last):\\n  File \"/srv/secret/chaigames/app.py\", line 1\\n'"
    " 'ValueError: boom\\n'); sys.stdout.flush()\n"
    "raise SystemExit(3)\n"
)


async def test_a_crashing_game_touches_no_other_session(make_host, caplog):
    """One session's crash never touches another or the server. The host logs
    `ended=crash`, and the player gets one friendly line, never the traceback or the server's paths."""
    host = await make_host(forks=True)
    async with await connect(host.port, user="steady") as steady_conn:
        steady = await Player.open(steady_conn)
        await steady.wait_text(*MENU_TITLES)
        host.options.command = [sys.executable, "-c", CRASH]
        async with await connect(host.port, user="crashy") as conn:
            victim = await Player.open(conn)
            assert await victim.wait_closed() == 3
            assert CRASHED.strip() in victim.text
        host.options.command = None
        assert b"playing" in victim.raw  # what it drew on its screen was shown
        assert b"Traceback" not in victim.raw and b"/srv/secret" not in victim.raw and b"boom" not in victim.raw
        assert len(host.children) == 1 and alive(host.children[0])
        steady.send(b"\x1b[B")  # still playing
        async with await connect(host.port, user="next") as conn:
            fresh = await Player.open(conn)
            await fresh.wait_text(*MENU_TITLES)
            await fresh.close()
        await steady.close()
    assert "user='crashy'" in caplog.text and "ended=crash exit=3 error='ValueError: boom'" in caplog.text


async def test_a_crash_before_the_game_draws_shows_no_traceback(make_host, caplog):
    """A crash before the app is on its screen (a plain Python traceback) is held back just the same."""
    host = await make_host(command=[sys.executable, "-c", "print('starting', flush=True)\nraise RuntimeError('early')"])
    async with await connect(host.port, user="early") as conn:
        player = await Player.open(conn)
        assert await player.wait_closed() == 1
    assert CRASHED.strip() in player.text and b"Traceback" not in player.raw and b"starting" not in player.raw
    assert "ended=crash exit=1 error='RuntimeError: early'" in caplog.text


async def test_a_clean_exit_shows_what_the_game_printed_after_its_screen(make_host, caplog):
    """Only a crash holds back what follows the screen: a game that exits 0 has all of it shown."""
    host = await make_host(command=[sys.executable, "-c", CRASH.replace("SystemExit(3)", "SystemExit(0)")])
    async with await connect(host.port, user="fine") as conn:
        player = await Player.open(conn)
        assert await player.wait_closed() == 0
    assert b"ValueError: boom" in player.raw and CRASHED.strip() not in player.text
    assert "ended=player quit" in caplog.text


async def test_hang_up_then_kill_leaves_no_process_behind(make_host, caplog):
    """On disconnect the game's process group gets SIGHUP, then SIGKILL after the grace period."""
    host = await make_host(command=command(STUBBORN), hangup_grace=0.3)
    await a_dropped_connection_leaves_no_process(host, caplog)


async def test_idle_session_is_ended(make_host, caplog):
    """`--idle-timeout` ends a session that sent no keys for that long; the game is hung up.

    A stand-in game that starts in milliseconds, so the timeout cannot strike before it is up."""
    host = await make_host(command=command(QUIET), idle_timeout=0.3, hangup_grace=0.3)
    async with await connect(host.port, user="sleepy") as conn:
        player = await Player.open(conn)
        assert await player.wait_closed() == 1
        assert "No keys for 0.3 seconds: goodbye. Your game is saved." in player.text
    assert "user='sleepy'" in caplog.text and "ended=idle timeout" in caplog.text
    assert host.children == [] and host.sessions == set()


SLOW = "import time\ntime.sleep(0.4)\nprint('\\x1b[?1049hready', flush=True)\n[time.sleep(0.1) for _ in range(600)]\n"


async def test_the_idle_time_counts_from_the_games_first_screen(make_host):
    """A game that takes longer than --idle-timeout to start (a loaded host) is not ended before the
    player has seen it: the keys they did not press are counted from its first screen."""
    host = await make_host(command=[sys.executable, "-c", SLOW], idle_timeout=0.2, hangup_grace=0.3)
    async with await connect(host.port, user="patient") as conn:
        player = await Player.open(conn)
        assert await player.wait_closed() == 1
    drawn = player.raw.find(b"ready")
    assert 0 <= drawn < player.raw.find(b"No keys for 0.2 seconds"), bytes(player.raw)


async def test_host_shutdown_hangs_up_every_game(make_host):
    """Stopping the host tells each player, hangs up each game and leaves no process."""
    host = await make_host(command=command(STUBBORN), hangup_grace=0.3)
    async with await connect(host.port) as conn:
        player, pid, kid = await stubborn_game(host, conn)
        await host.close()
        assert await player.wait_closed() == 1
        assert "The game host is shutting down. Your game is saved." in player.text
    assert not alive(pid) and not alive(kid)


async def test_host_shutdown_returns_when_an_ending_has_just_finished(make_host):
    """A session's ending that finished just before the host stops is not waited for again. It
    leaves the host's list of endings by a callback the loop runs later; Python 3.12 answers a wait
    on finished tasks at once, without yielding to the loop, so a shutdown waiting for that list to
    empty never returned."""
    host = await make_host()
    finished = asyncio.get_running_loop().create_task(asyncio.sleep(0))
    await finished
    host.track(finished)  # its leaving callback is scheduled, not yet run
    await asyncio.wait_for(host.close(), scaled(5))
    assert not host.children


def test_host_key_is_made_once_and_kept_private(tmp_path):
    """The host key is generated on first start and kept (mode 0600) under the data directory."""
    first = load_host_key(tmp_path)
    path = tmp_path / "host_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)
    again = load_host_key(tmp_path)
    assert again.get_fingerprint() == first.get_fingerprint()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


# A game that draws without end and reads no keys. Its terminal is raw, as the real app's is: a terminal
# left in line mode throws away what is typed past its 4 KB line, as fast as the keys come, so the host's
# queue would fill only when a client's keys outran the kernel's discarding (a loaded client never does).
FLOOD = (
    "import sys, tty\n"
    "tty.setraw(0)\n"
    "sys.stdout.write('\\x1b[?1049h')\n"
    "while True:\n"
    "    sys.stdout.write('chai ' * 2000)\n"
)


async def test_a_client_that_stops_reading_stalls_only_its_own_game(make_host):
    """Backpressure: when a client stops reading, the host stops reading that game's pty (the game blocks on
    its full terminal) instead of buffering without bound; keys sent to a game that reads none are capped too."""
    host = await make_host(command=[sys.executable, "-c", FLOOD], hangup_grace=0.3)
    async with await connect(host.port) as conn:
        process = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        [session] = host.sessions

        await until(lambda: not session.game.reading, "the host to stop reading the game", every=0.01)
        buffered = session.chan.get_write_buffer_size()
        assert buffered < 8 * 1024 * 1024  # asyncssh's window plus one high-water mark, not unbounded
        process.stdin.write(b"k" * 1_000_000)  # the flooding game reads no keys

        await until(lambda: session.game.keys_waiting >= WRITE_HIGH_WATER, "keys queued for the game", every=0.01)
        assert session.game.keys_waiting < 300_000  # reading from the client paused at the high-water mark
        process.close()
    assert await host.wait_sessions(0, timeout=10)


async def test_the_host_speaks_aes_only(make_host):
    """The host offers AES ciphers only (asyncssh's ChaCha20 costs five times their CPU a packet, and
    every frame is two packets): a client that would prefer ChaCha20, as asyncssh's and OpenSSH's do,
    gets AES, and an AES-CTR cipher comes with HMAC-SHA2."""
    host = await make_host()
    async with await connect(host.port, user="asha") as conn:
        assert conn.get_extra_info("send_cipher") == "aes256-gcm@openssh.com"  # the client's first AES
        assert conn.get_extra_info("recv_cipher") == "aes256-gcm@openssh.com"
    ctr = ["aes128-ctr", "aes256-ctr"]
    macs = ["umac-64-etm@openssh.com", "hmac-sha2-256-etm@openssh.com", "hmac-sha1"]
    async with await connect(host.port, user="ravi", encryption_algs=ctr, mac_algs=macs) as conn:
        assert conn.get_extra_info("send_cipher") == "aes128-ctr"
        assert conn.get_extra_info("send_mac") == "hmac-sha2-256-etm@openssh.com"
    with pytest.raises(asyncssh.KeyExchangeFailed):
        await connect(host.port, user="old", encryption_algs=["chacha20-poly1305@openssh.com"])
