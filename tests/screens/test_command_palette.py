"""The command palette (Ctrl+P) under a fast typist: keys that reach it before it has drawn its list, or
after it was closed, change nothing and end nothing."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette

from screens.command_palette import CommandPalette as SteadyPalette
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
        # Laid out, the list pages as ever: PageDown leaves the first command.
        await until(lambda: commands.scrollable_content_region, "the commands laid out")
        await pilot.press("pagedown")
        assert commands.highlighted not in (None, 0)
    assert app.return_code is None


async def test_the_theme_list_is_our_palette_and_its_page_keys_wait_for_the_list_too(make_app):
    """The palette's Theme command opens a second palette listing the themes: the same steady one (Textual's
    own would end the app on a PageDown before its list is drawn)."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"theme")
        first = app.screen
        commands = first.query_one(CommandList)
        await until(lambda: "Theme" in str(commands.get_option_at_index(0).prompt), "the Theme command")
        with app.batch_update():
            await pilot.press("enter")
            await until(lambda: app.screen is not first and isinstance(app.screen, CommandPalette), "the themes")
            themes = app.screen.query_one(CommandList)
            await until(lambda: themes.option_count > 1, "the themes listed")
            assert isinstance(app.screen, SteadyPalette)
            await pilot.press("pagedown", "pageup")
            assert app.return_code is None
        await until(lambda: themes.scrollable_content_region, "the themes laid out")
        await pilot.press("pagedown")
        assert themes.highlighted not in (None, 0)
    assert app.return_code is None


async def test_a_search_whose_list_is_gone_ends_quietly(make_app):
    """A palette torn down while keys still reach it: its list goes first, and a search started then finds
    no list to fill. It ends without a word; Textual's own search fails and ends the app."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        palette = app.screen
        assert isinstance(palette, SteadyPalette)
        await palette.query_one(CommandList).remove()
        await pilot.press(*"theme")
        await until(lambda: not palette.workers, "the searches ended")
        await pilot.pause()
        assert app.return_code is None
        await pilot.press("escape")
        assert app.screen is not palette
    assert app.return_code is None
