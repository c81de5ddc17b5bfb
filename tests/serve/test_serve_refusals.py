"""Nothing but the game: every other request is refused, and so is a session past --max-sessions."""

from __future__ import annotations

import asyncio
import shutil

import asyncssh
import pytest

from tests.serve.sshplay import MENU_TITLES, Player, alive, connect
from tests.serve.standins import QUIET, command
from tests.wait import scaled, until


async def test_no_terminal_is_refused_with_a_line(make_host, caplog):
    """Each session must request a terminal; without one it gets a clear line and no game."""
    host = await make_host()
    async with await connect(host.port) as conn:
        result = await conn.run(encoding=None)  # a shell request without a pty
    assert result.exit_status == 1
    assert b"chaigames needs a terminal" in result.stdout
    assert host.children == [] and host.sessions == set()
    assert "ended=refused: no terminal" in caplog.text


async def test_exec_request_is_refused(make_host):
    """No `exec` of other commands, with or without a terminal."""
    host = await make_host()
    async with await connect(host.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process("id", term_type="xterm", encoding=None)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.run("sh -c 'touch /tmp/chaigames-pwned'")
    assert host.children == []


async def test_sftp_and_subsystems_are_refused(make_host):
    """No SFTP (nor any other subsystem)."""
    host = await make_host()
    async with await connect(host.port) as conn:
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_process(subsystem="sftp", encoding=None)


async def test_port_forwarding_is_refused_both_ways(make_host):
    """No port forwarding: neither local (direct-tcpip) nor remote (tcpip-forward)."""
    host = await make_host()
    async with await connect(host.port) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", host.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", host.port)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/run/anything.sock")


async def test_wrong_key_and_no_key_are_refused(make_host, authorized_keys, client_key, other_key, caplog):
    """With auth on, only keys in the authorized-keys file get in; each refused login leaves a log line."""
    host = await make_host(authorized_keys=authorized_keys)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(host.port, user="mallory", key=other_key)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(host.port, user="eve", password="hunter2")
    async with await connect(host.port, key=client_key):
        pass

    def lines() -> list[str]:
        return [r.message for r in caplog.records if r.message.startswith("login ")]

    found = await until(lambda: lines() if len(lines()) >= 2 else None, "a log line for each refused login")
    said = "\n".join(found)
    assert "user='mallory'" in said and "refused: 1 key(s) not authorized" in said, said
    assert "user='eve'" in said and "refused: no authorized key offered" in said, said


async def test_session_past_max_sessions_is_refused_then_a_slot_frees(make_host, caplog):
    """With `--max-sessions 2` the third session gets a friendly line; once a game ends, a new one fits."""
    host = await make_host(max_sessions=2, forks=True)  # four sessions of the app: each forked
    async with await connect(host.port, user="a") as a, await connect(host.port, user="b") as b:
        first = await Player.open(a)
        second = await Player.open(b)
        await first.wait_text(*MENU_TITLES)
        await second.wait_text(*MENU_TITLES)
        assert len(host.children) == 2

        async with await connect(host.port, user="c") as c:
            third = await Player.open(c)
            assert await third.wait_closed() == 1
            assert "The chaigames host is full (2 games running)" in third.text
            assert len(host.children) == 2
            assert "user='c' key=- (open)" in caplog.text and "ended=refused: host full" in caplog.text

            a.close()  # the first game ends: its slot frees
            assert await host.wait_sessions(1, timeout=10)
            fourth = await Player.open(c)
            await fourth.wait_text(*MENU_TITLES)
            assert len(host.children) == 2
            await fourth.close()
        await second.close()
    assert await host.wait_sessions(0, timeout=10)


async def test_one_player_may_run_only_so_many_games_at_once(make_host, caplog):
    """Past --sessions-per-player games of one player (under --open a name at an address) the next
    session is refused with plain words and a log line; another name still gets in, and once one of
    the player's games ends they may start another."""
    host = await make_host(command=command(QUIET), player_sessions=2, hangup_grace=0.3)
    async with await connect(host.port, user="a") as a, await connect(host.port, user="a") as a2:
        first = await Player.open(a)
        second = await Player.open(a2)
        await first.wait_text("ready")
        await second.wait_text("ready")
        third = await Player.open(a)
        assert await third.wait_closed() == 1
        assert "You already have 2 games running on this host" in third.text
        assert "user='a' key=- (open)" in caplog.text
        assert "ended=refused: this player has 2 games running" in caplog.text
        assert len(host.children) == 2
        async with await connect(host.port, user="b") as b:
            neighbour = await Player.open(b)
            await neighbour.wait_text("ready")
            await neighbour.close()
        await first.close()
        assert await host.wait_sessions(1, timeout=10)
        again = await Player.open(a)
        await again.wait_text("ready")
        await again.close()
        await second.close()


async def test_with_keys_a_player_is_their_key_from_any_connection(make_host, authorized_keys, client_key, other_key):
    """With keys, the cap counts a key's games over all its connections (any name, any address);
    another key is another player."""
    authorized_keys.write_bytes(authorized_keys.read_bytes() + b"\n" + other_key.export_public_key())
    host = await make_host(command=command(QUIET), authorized_keys=authorized_keys, player_sessions=1, hangup_grace=0.3)
    async with (
        await connect(host.port, user="asha", key=client_key) as first,
        await connect(host.port, user="someone", key=client_key) as again,
        await connect(host.port, user="ravi", key=other_key) as other,
    ):
        playing = await Player.open(first)
        await playing.wait_text("ready")
        refused = await Player.open(again)
        assert await refused.wait_closed() == 1
        assert "You already have 1 game running on this host" in refused.text
        neighbour = await Player.open(other)
        await neighbour.wait_text("ready")
        await neighbour.close()
        await playing.close()


async def test_three_sessions_at_once_each_reach_the_menu(make_host):
    """Three players at once, each in their own game process."""
    host = await make_host(forks=True)
    conns = [await connect(host.port, user=f"p{i}") for i in range(3)]
    try:
        players = [await Player.open(conn, columns=80 + i, lines=24) for i, conn in enumerate(conns)]
        for player in players:
            await player.wait_text(*MENU_TITLES)
        pids = host.children
        assert len(set(pids)) == 3 and all(alive(p) for p in pids)
    finally:
        for conn in conns:
            conn.close()
    assert await host.wait_sessions(0, timeout=10)
    assert not any(alive(p) for p in pids)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="needs the OpenSSH client")
async def test_a_user_name_asyncssh_cannot_take_is_refused_in_words(make_host, caplog):
    """An emoji user name (which SSH's name check refuses before any login step) gets readable words,
    not the checker's escaped bytes, and leaves a log line. The OpenSSH client sends such a name
    as a player types it; asyncssh's own client would refuse to send it."""
    host = await make_host()
    ssh = await asyncio.create_subprocess_exec(
        "ssh", "-F", "/dev/null", "-p", str(host.port), "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-T", "\U0001f375@127.0.0.1",
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    _, said = await asyncio.wait_for(ssh.communicate(), scaled(20))
    words = said.decode(errors="replace")
    assert "That user name cannot be used here: letters, digits and simple punctuation only" in words, words
    assert "Unassigned" not in words and "\\360" not in words
    assert "refused: a user name that cannot be used" in caplog.text
    assert host.sessions == set()
