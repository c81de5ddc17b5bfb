"""The command palette (Ctrl+P) under a fast typist: keys that reach it before it has drawn its list, or
after it was closed, change nothing and end nothing."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from tests.wait import until


async def test_page_keys_as_the_palette_lists_its_commands_wait_for_the_list(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # Nothing is laid out while the batch is held: the palette has its commands and has not yet drawn
        # them, as when PageDown follows Ctrl+P faster than one frame.
        with app.batch_update():
            await pilot.press("ctrl+p")
            palette = app.screen
            assert isinstance(palette, CommandPalette)
            commands = palette.query_one(CommandList)
            await until(lambda: commands.option_count > 1, "the palette's commands")
            assert commands.highlighted == 0
            await pilot.press("pagedown", "pageup")
            assert app.return_code is None
        await pilot.pause()
        assert app.screen is palette
        assert commands.highlighted == 0
        # Drawn, the list pages as ever: PageDown leaves the first command.
        await pilot.press("pagedown")
        assert commands.highlighted not in (None, 0)
    assert app.return_code is None
