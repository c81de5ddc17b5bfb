"""Who gets in, and for how long without a game: the keys file as it is now, the login grace, the cap."""

from __future__ import annotations

import asyncio
import os

import asyncssh
import pytest

from chaigames.serve.keys import AuthorizedKeys
from tests.serve.sshplay import Player, connect
from tests.serve.standins import QUIET, command


async def refused(port: int, key) -> bool:
    try:
        async with await connect(port, key=key):
            return False
    except asyncssh.PermissionDenied:
        return True


@pytest.mark.parametrize(
    ("how", "why"),
    [
        ("deleted", "No such file or directory"),
        ("emptied", "holds no keys"),
        ("comments only", "holds no keys"),
        ("garbage", "holds no key that can be read"),
        ("a FIFO", "not a regular file"),
    ],
)
async def test_revoking_the_keys_file_revokes(make_host, authorized_keys, client_key, caplog, how, why):
    """A missing, empty, comment-only or unparsable file lets nobody in (the log says why),
    at the very next login; putting a key back lets its player in again, without a restart."""
    host = await make_host(authorized_keys=authorized_keys)
    assert not await refused(host.port, client_key)
    good = authorized_keys.read_bytes()
    authorized_keys.unlink()
    if how == "emptied":
        authorized_keys.write_bytes(b"")
    elif how == "comments only":
        authorized_keys.write_text("# Asha's key, revoked\n\n   # nobody\n")
    elif how == "garbage":
        authorized_keys.write_text("ssh-ed25519 not-a-key\n")
    elif how == "a FIFO":  # a reader would block on it: it must not hang the host
        os.mkfifo(authorized_keys)
    assert await refused(host.port, client_key)
    assert "nobody can log in" in caplog.text and why in caplog.text
    authorized_keys.unlink(missing_ok=True)
    authorized_keys.write_bytes(good)
    assert not await refused(host.port, client_key)


async def test_a_replaced_key_is_revoked_even_at_the_same_size(make_host, authorized_keys, client_key, other_key):
    """Swapping one key for another (same length, same second) takes effect at the next login."""
    host = await make_host(authorized_keys=authorized_keys)
    assert not await refused(host.port, client_key)
    replacement = other_key.export_public_key()
    assert len(replacement) == authorized_keys.stat().st_size
    authorized_keys.write_bytes(replacement)
    assert await refused(host.port, client_key)
    assert not await refused(host.port, other_key)


async def test_a_bad_line_is_skipped_and_logged_good_keys_still_work(make_host, authorized_keys, client_key, caplog):
    authorized_keys.write_bytes(b"this is not a key\n" + authorized_keys.read_bytes())
    host = await make_host(authorized_keys=authorized_keys)
    assert not await refused(host.port, client_key)
    assert "skipped line(s) 1, which are not keys" in caplog.text


async def test_a_connection_without_a_game_is_closed_after_the_login_grace(make_host, caplog):
    """--open connections that never open a game are dropped after the grace; one that plays
    is not, and once its game ends it has the grace again to start another. A grace of a second: the
    player's game starts within milliseconds of its login, and the test waits out the grace twice."""
    host = await make_host(command=command(QUIET), login_grace=1.0, hangup_grace=0.3)
    async with await connect(host.port, user="player") as playing:
        player = await Player.open(playing)
        await player.wait_text("ready")
        idle = await connect(host.port, user="idler")  # connected later than the player: its grace ends later
        await asyncio.wait_for(idle.wait_closed(), 20)
        assert "user='idler'" in caplog.text and "closed: no game within 1 second" in caplog.text
        assert host.children and not player.closed  # the player's grace is over too, but it has a game
        await player.close()
        await asyncio.wait_for(playing.wait_closed(), 20)  # no new game within the grace
    assert "user='player'" in caplog.text.split("user='idler'", 1)[1]


async def test_each_player_may_hold_only_so_many_connections_without_a_game(make_host, caplog):
    """Under --open, past --max-pending logged-in connections without a game of one name at one address,
    the next is refused; another name at the same address is not; a connection that starts a game no
    longer counts."""
    host = await make_host(command=command(QUIET), max_pending=2, hangup_grace=0.3)
    first = await connect(host.port, user="a")
    second = await connect(host.port, user="a")
    try:
        third = await connect(host.port, user="a")
        await asyncio.wait_for(third.wait_closed(), 10)  # closed by the host as soon as it logged in
        assert "refused: 2 connections of this player have no game" in caplog.text
        async with await connect(host.port, user="b"):
            pass  # a neighbour behind the same address
        player = await Player.open(first)
        await player.wait_text("ready")
        async with await connect(host.port, user="a"):
            pass  # the first one plays now: there is room again
        await player.close()
    finally:
        first.close()
        second.close()


async def test_connections_that_never_log_in_do_not_lock_out_a_player(make_host, authorized_keys, client_key, caplog):
    """Idle connections from one address (that never even start SSH) cannot keep a real player out:
    past --max-pending the oldest of them is closed, and a login that authenticates gets in."""
    host = await make_host(command=command(QUIET), authorized_keys=authorized_keys, max_pending=2, hangup_grace=0.3)
    idle = [await asyncio.open_connection("127.0.0.1", host.port) for _ in range(5)]
    try:
        conn = await connect(host.port, key=client_key)
        try:
            player = await Player.open(conn)
            await player.wait_text("ready")
            await player.close()
        finally:
            conn.close()
        assert "newer connections from this address have not logged in" in caplog.text
    finally:
        for _, writer in idle:
            writer.close()


def test_why_nobody_gets_in_is_logged_once_per_change(tmp_path, caplog):
    """Every login re-reads the file, but the log says each new verdict once, not at every attempt."""
    path = tmp_path / "keys"
    path.write_text("# nobody yet\n")
    keys = AuthorizedKeys(path)
    for _ in range(3):
        assert not keys.allows(asyncssh.generate_private_key("ssh-ed25519"), "127.0.0.1")
    assert caplog.text.count("holds no keys: nobody can log in") == 1
    path.unlink()
    keys.load()
    keys.load()
    assert caplog.text.count("No such file or directory") == 1
