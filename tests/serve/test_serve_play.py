"""Playing over SSH: the menu arrives, keys and resizes reach the game, hanging up leaves nothing."""

from __future__ import annotations

from tests.serve.sshplay import MENU_TITLES, Player, alive, connect

DOWN = b"\x1b[B"


def menu_styles(player: Player) -> tuple:
    """The colours of the rows that hold the game titles: the highlighted option differs."""
    rows = [player.row_of(title + "  ") for title in MENU_TITLES]
    return tuple(player.row_style(r) for r in rows if r is not None)


async def test_menu_keys_resize_and_hang_up(make_host):
    """Issue #8: an 80x24 terminal shows the menu's three titles; Down moves the highlight; 120x40 re-lays
    the screen out; closing the connection hangs the game up and leaves no process behind."""
    host = await make_host()
    conn = await connect(host.port)
    player = await Player.open(conn, columns=80, lines=24)
    await player.wait_text(*MENU_TITLES, "Quit")
    await player.wait_for(lambda: player.row_of("Quit") == 23, "the footer on the last of 24 lines")
    [pid] = host.children
    assert alive(pid)
    assert b"38;5;" in player.raw and b"38;2;" not in player.raw  # 256 colours by default, never truecolor

    before = menu_styles(player)
    player.send(DOWN)
    await player.wait_for(lambda: menu_styles(player) != before, "the highlight to move after Down")

    player.resize(120, 40)
    await player.wait_for(lambda: player.row_of("Quit") == 39, "the footer on the last of 40 lines")
    await player.wait_for(
        lambda: (
            player.screen.display[player.row_of("Chai Wallah")].rstrip().endswith("▎")
            and len(player.screen.display[player.row_of("Chai Wallah")].rstrip()) == 120
        ),
        "the menu's frame to span 120 columns",
    )

    conn.close()
    await conn.wait_closed()
    await player.close()
    assert await host.wait_sessions(0, timeout=10)
    assert not alive(pid)
    assert host.children == []
