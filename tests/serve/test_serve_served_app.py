"""Under `serve` the app offers no command that writes files on the server."""

from __future__ import annotations

from tests.serve.sshplay import MENU_TITLES, Player, connect

CTRL_P = b"\x10"


async def test_command_palette_has_no_screenshot_under_serve(make_host):
    """Textual's command palette offers 'Screenshot' (an SVG written on the server); a served app must not."""
    host = await make_host()
    async with await connect(host.port) as conn:
        player = await Player.open(conn)
        await player.wait_text(*MENU_TITLES, "Quit")
        player.send(CTRL_P)
        await player.wait_text("Search for commands")
        player.send(b"screenshot")
        await player.wait_for(
            lambda: "Save an SVG" in player.text or "No matches found" in player.text, "the palette's answer"
        )
        assert "Save an SVG" not in player.text
        await player.close()
