"""Playing over SSH: the menu arrives, keys and resizes reach the game, hanging up leaves nothing."""

from __future__ import annotations

from tests.serve.sshplay import MENU_TITLES, Player, alive, connect
from tests.terminal import highlight_move

DOWN = b"\x1b[B"


async def test_menu_keys_resize_and_hang_up(make_host):
    """An 80x24 terminal shows the menu's three titles; Down moves the highlight; 120x40 re-lays
    the screen out; closing the connection hangs the game up and leaves no process behind."""
    host = await make_host()
    conn = await connect(host.port)
    player = await Player.open(conn, columns=80, lines=24)
    await player.wait_text(*MENU_TITLES, "Quit")
    # the footer may arrive in pieces on a loaded machine: wait for all of it, its right end included
    await player.wait_for(
        lambda: player.last_text_row() == 23 and 60 < player.lines[23].rfind("palette") < 80,
        "the footer on the last of 24 lines, the palette's key at its right end",
    )
    [pid] = host.children
    assert alive(pid)
    assert b"38;5;" in player.raw and b"38;2;" not in player.raw  # 256 colours by default, never truecolor

    before = player.backgrounds()
    player.send(DOWN)
    left, arrived = await player.wait_for(
        lambda: all(highlight_move(before, player.backgrounds())) and highlight_move(before, player.backgrounds()),
        "the highlight to move after Down",
    )
    assert min(arrived) > min(left), "the highlight moved down"

    player.resize(120, 40)
    await player.wait_for(lambda: player.last_text_row() == 39, "the footer on the last of 40 lines")
    await player.wait_for(
        lambda: player.lines[39].rfind("palette") > 100, "the footer's right end to move to column 120"
    )
    assert all(title in player.text for title in MENU_TITLES)

    conn.close()
    await conn.wait_closed()
    await player.close()
    assert await host.wait_sessions(0, timeout=10)
    assert not alive(pid)
    assert host.children == []
