"""Nothing but the game: every other request is refused, and so is a session past --max-sessions."""

from __future__ import annotations

import asyncssh
import pytest

from tests.serve.sshplay import MENU_TITLES, Player, alive, connect


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


async def test_wrong_key_and_no_key_are_refused(make_host, authorized_keys, client_key, other_key):
    """With auth on, only keys in the authorized-keys file get in."""
    host = await make_host(authorized_keys=authorized_keys)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(host.port, key=other_key)
    with pytest.raises(asyncssh.PermissionDenied):
        await connect(host.port, password="hunter2")
    async with await connect(host.port, key=client_key):
        pass


async def test_session_past_max_sessions_is_refused_then_a_slot_frees(make_host, caplog):
    """With `--max-sessions 2` the third session gets a friendly line; once a game ends, a new one fits."""
    host = await make_host(max_sessions=2)
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


async def test_three_sessions_at_once_each_reach_the_menu(make_host):
    """Three players at once, each in their own game process."""
    host = await make_host()
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
