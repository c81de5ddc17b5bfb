"""Playing over SSH: the menu arrives, keys and resizes reach the game, hanging up leaves nothing."""

from __future__ import annotations

from tests.serve.sshplay import MENU_TITLES, Player, alive, connect


async def test_menu_keys_resize_and_hang_up(make_host):
    """Issue #8: an 80x24 terminal shows the menu's three titles; Down moves the highlight; 120x40 re-lays
    the screen out; closing the connection leaves no game process behind."""
    host = await make_host()
    async with await connect(host.port) as conn:
        player = await Player.open(conn, columns=80, lines=24)
        await player.wait_text(*MENU_TITLES)
        assert len(host.children) == 1
        pid = host.children[0]
        print(player.text)
