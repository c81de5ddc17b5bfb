"""A dialog opened over a game and closed again lays the game out not at all, lays itself out once, draws the
terminal once as it opens and once as it closes (`screens.compat.screens_laid_out_once`), and the terminal
still shows exactly the screen.

Textual laid the game under a dialog out again as the dialog was first laid out, laid the dialog out three
times and drew it whole three times as it opened (as it was shown, asked again at once, and as its widgets
had mounted), and laid out and drew the game whole twice as it closed. At a table each whole drawing is every
line of the terminal sent again (about 8 KB at 100x32). Frames are counted and fed to a pyte terminal as Textual
hands them to its driver (private: there is no public way to see a headless app's frames).
"""

from __future__ import annotations

from textual._compositor import Compositor
from textual.screen import Screen

from chaigames.engine import GameConfig, SeatConfig
from screens import compat
from screens.app import ChaiGamesApp
from screens.chai.moves import MovesScreen
from screens.chai.screen import ChaiScreen
from screens.compat import FooterKey
from tests.pilot import wait_for
from tests.screens.keys import press

from .test_partial_paint import on_terminal, shown, whole

WIDTH, HEIGHT = 100, 32


def chai_app() -> ChaiGamesApp:
    config = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi", bot="easy"), SeatConfig("Dev", bot="easy")))
    return ChaiGamesApp(new_game=("chai", config, 7), bot_delay=0.05, key_guard=0)


def counted_whole_frames(monkeypatch) -> list[str]:
    """The root screen of every frame drawn whole from now on."""
    frames: list[str] = []
    full = Compositor.render_full_update

    def counted(self: Compositor, *args, **kwargs):  # type: ignore[no-untyped-def]
        frames.append(type(self.root).__name__)
        return full(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "render_full_update", counted)
    return frames


def counted_frames(monkeypatch) -> list[str]:
    """Every frame drawn from now on that sends anything: "whole" or "part", with the root screen's name."""
    frames: list[str] = []
    render_update = Compositor.render_update

    def counted(self: Compositor, *args, **kwargs):  # type: ignore[no-untyped-def]
        update = render_update(self, *args, **kwargs)
        if update is not None and update.render_segments(self.root.app.console):
            whole = type(update).__name__ == "LayoutUpdate"
            frames.append(f"{'whole' if whole else 'part'} {type(self.root).__name__}")
        return update

    monkeypatch.setattr(Compositor, "render_update", counted)
    return frames


def counted_layouts(monkeypatch) -> list[str]:
    """The screen of every layout from now on."""
    layouts: list[str] = []
    refresh_layout = Screen._refresh_layout

    def counted(self: Screen, *args, **kwargs):  # type: ignore[no-untyped-def]
        layouts.append(type(self).__name__)
        return refresh_layout(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def asha_to_move(app: ChaiGamesApp, pilot) -> Screen:
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, ChaiScreen) and app.controller.legal_actions(0) and app.screen.query(FooterKey),
        "Asha's move",
    )
    await settle(pilot)
    return app.screen


async def test_the_moves_list_opened_and_closed_draws_the_terminal_whole_once_each_way(monkeypatch):
    """Opened: one layout of the list and one frame, as it is shown. The requests its widgets' mounting sent
    arrive after that frame and were answered by it (Textual laid the list out twice more, and drew it whole
    once more and in part once); its list of options counting its lines as it is first drawn asks for no
    layout either (`screens.compat.option_lists_lay_nothing_out`)."""
    app = chai_app()
    terminal = on_terminal(app, monkeypatch, 120, 40)  # room for every move: no scrollbar
    async with app.run_test(size=(120, 40)) as pilot:
        game = await asha_to_move(app, pilot)
        laid_out: list[Screen] = []
        game.screen_layout_refresh_signal.subscribe(game, laid_out.append, immediate=True)
        frames = counted_frames(monkeypatch)
        layouts = counted_layouts(monkeypatch)
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await settle(pilot)
        assert layouts == ["MovesScreen"]
        assert frames == ["whole MovesScreen"]
        assert "Moves (Enter" in shown(terminal)
        assert shown(terminal) == whole(app)
        frames.clear()
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        await settle(pilot)
        assert frames == ["whole ChaiScreen"]
        assert laid_out == []  # nothing on it moved, under the list or after it
        assert "Moves (Enter" not in shown(terminal)
        assert shown(terminal) == whole(app)


async def test_the_game_under_the_moves_list_passes_it_no_repaint_as_it_opens(monkeypatch):
    """Textual asks the screen a dialog opens over to repaint whole, though nothing on it changed: seen through
    the list, that drew the list whole again and tinted the game again, as soon as the game's next frame came."""
    app = chai_app()
    on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        game = await asha_to_move(app, pilot)
        passed: list[Screen] = []
        compositor_refresh = Screen._compositor_refresh

        def counted(self: Screen) -> None:
            if self is game and self._compositor._dirty_regions:
                passed.append(self)
            compositor_refresh(self)

        monkeypatch.setattr(Screen, "_compositor_refresh", counted)
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await settle(pilot)
        assert passed == []
        game.controller.message = "A notice under the list"
        game.refresh_game()  # a real change on the game still reaches the list
        await wait_for(pilot, lambda: passed != [], "the notice, passed on")


async def test_a_long_moves_list_at_80x24_shows_its_scrollbar(monkeypatch):
    """More moves than fit: the list's scrollbar is there from its first layout and frame (`MovesList`). Textual's
    list found it needed one as it was first drawn, after its first layout: the dialog was laid out again, and
    drawn again in part (the whole box, every option a scrollbar narrower)."""
    from textual.widgets import OptionList

    app = chai_app()
    terminal = on_terminal(app, monkeypatch, 80, 24)
    async with app.run_test(size=(80, 24)) as pilot:
        await asha_to_move(app, pilot)
        frames = counted_frames(monkeypatch)
        layouts = counted_layouts(monkeypatch)
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        assert options.option_count > options.scrollable_content_region.height
        assert options.show_vertical_scrollbar
        assert layouts == ["MovesScreen"]
        assert frames == ["whole MovesScreen"]
        assert shown(terminal) == whole(app)


async def test_a_game_resized_under_the_moves_list_is_shown_at_its_new_size(monkeypatch):
    app = chai_app()
    terminal = on_terminal(app, monkeypatch, 120, 40)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        game = await asha_to_move(app, pilot)
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: app.screen.size == (120, 40) and game.size == (120, 40), "both at 120x40")
        await settle(pilot)
        assert shown(terminal) == whole(app)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        await settle(pilot)
        assert game.has_class("wide")  # its own handler saw the new size
        assert shown(terminal) == whole(app)


def textual_tinted(screen: Screen) -> list:
    """The lines Textual's own `Screen.render` draws behind a dialog: the screen under it, tinted."""
    from textual.renderables.background_screen import BackgroundScreen
    from textual.visual import Visual, visualize

    under = app_stack_below(screen)
    width, height = screen.size
    visual = visualize(screen, BackgroundScreen(under, screen.styles.background))
    return Visual.to_strips(screen, visual, width, height, screen.visual_style)


def app_stack_below(screen: Screen) -> Screen:
    stack = screen.app.screen_stack
    return stack[stack.index(screen) - 1]


def counted_tints(monkeypatch) -> list[int]:
    """The segments Textual's tint has tinted from now on, one count per call."""
    from textual.renderables.background_screen import BackgroundScreen

    tinted: list[int] = []
    tint = BackgroundScreen.process_segments.__func__  # type: ignore[attr-defined]

    def counted(cls, segments, color):  # type: ignore[no-untyped-def]
        out = list(tint(cls, segments, color))
        tinted.append(len(out))
        return out

    monkeypatch.setattr(BackgroundScreen, "process_segments", classmethod(counted))
    return tinted


def counted_visuals(monkeypatch, kind: type) -> list:
    """Every widget of `kind` that renders a visual into lines from now on (`Visual.to_strips`)."""
    from textual.visual import Visual

    rendered: list = []
    to_strips = Visual.to_strips.__func__  # type: ignore[attr-defined]

    def counted(cls, widget, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(widget, kind):
            rendered.append(widget)
        return to_strips(cls, widget, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", classmethod(counted))
    return rendered


async def test_the_game_under_the_moves_list_is_tinted_once_as_it_opens(monkeypatch):
    """Textual tinted every segment of the game under the list each time the list was drawn whole: three times
    as it opened. Now the tinted lines are kept while the game shows the same, and tinted segment by segment
    (Textual rendered them through a Rich console and cut them into lines again), each style once under the same
    tint. The list still shows the game
    tinted exactly as Textual draws it, and follows a change on the game under it."""
    app = chai_app()
    terminal = on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        game = await asha_to_move(app, pilot)
        segments = sum(len(list(strip)) for strip in game._compositor.render_strips())
        monkeypatch.setattr(compat, "_tints", {})  # no style tinted before in this process
        tinted = counted_tints(monkeypatch)
        through_rich = counted_visuals(monkeypatch, MovesScreen)
        frames = counted_whole_frames(monkeypatch)
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await settle(pilot)
        dialog = app.screen
        assert frames == ["MovesScreen"]
        first = sum(tinted)
        assert 0 < first <= segments  # Textual tinted every segment of the game three times
        assert through_rich == []  # tinted segment by segment, not rendered through a Rich console again
        assert [dialog.render_line(y) for y in range(HEIGHT)] == textual_tinted(dialog)
        assert shown(terminal) == whole(app)
        tinted.clear()
        dialog.refresh()  # the list drawn whole again, the game under it as it was: nothing tinted again
        await settle(pilot)
        assert tinted == []
        kept = compat.tinted_lines(dialog)
        game.controller.message = "A notice under the list"
        game.refresh_game()
        await wait_for(pilot, lambda: "A notice under the list" in shown(terminal), "the notice, seen through")
        await settle(pilot)
        assert compat.tinted_lines(dialog) is not kept  # drawn again from the game as it is now
        assert sum(tinted) < first  # tinting only the styles not seen under this tint before
        assert [dialog.render_line(y) for y in range(HEIGHT)] == textual_tinted(dialog)
        assert shown(terminal) == whole(app)


async def test_the_moves_list_draws_each_option_once_as_it_opens(monkeypatch):
    """The list's first Resize comes after its first frame drew its options at that width: Textual forgot them
    then, and the next frame drew each again (`screens.compat.option_lists_keep_their_lines`)."""
    from textual.visual import Visual
    from textual.widgets import OptionList

    app = chai_app()
    terminal = on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await asha_to_move(app, pilot)
        drawn: list[object] = []
        to_strips = Visual.to_strips.__func__  # type: ignore[attr-defined]

        def counted(cls, widget, *args, **kwargs):  # type: ignore[no-untyped-def]
            if isinstance(widget, OptionList):
                drawn.append(widget)
            return to_strips(cls, widget, *args, **kwargs)

        monkeypatch.setattr(Visual, "to_strips", classmethod(counted))
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await settle(pilot)
        options = app.screen.query_one(OptionList)
        shown_options = min(options.option_count, options.scrollable_content_region.height)
        assert 0 < len(drawn) <= shown_options + 1  # Textual's: each shown option twice
        assert shown(terminal) == whole(app)


async def test_a_served_app_opens_and_closes_the_moves_list_with_one_layout_and_one_frame(monkeypatch):
    """A served app shows notifications (the tests' apps do not, unless asked): every screen has a rack for them,
    hidden while there is none. The rack's scrollbar switched on as it mounts, and the rack hidden once more each
    time a screen is shown, asked for layouts of the whole screen, and the mounting of a dialog whose rack a layout
    had not placed laid it out again and drew it whole again: three layouts and two whole frames as the list
    opened (`screens.compat.screens_laid_out_once`: a widget hidden, and not placed, asks for no layout)."""
    app = chai_app()
    terminal = on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT), notifications=True) as pilot:
        game = await asha_to_move(app, pilot)
        frames = counted_frames(monkeypatch)
        layouts = counted_layouts(monkeypatch)
        for _ in range(2):
            await press(pilot, "m")
            await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
            await settle(pilot)
            assert layouts == ["MovesScreen"]
            assert frames == ["whole MovesScreen"]
            assert shown(terminal) == whole(app)
            frames.clear()
            layouts.clear()
            await press(pilot, "escape")
            await wait_for(pilot, lambda: app.screen is game, "the game again")
            await settle(pilot)
            assert layouts == []
            assert frames == ["whole ChaiScreen"]
            assert shown(terminal) == whole(app)
            frames.clear()
        app.notify("A notice")  # a rack with something to show is shown, as Textual shows it
        await wait_for(pilot, lambda: "A notice" in shown(terminal), "the notice")
        assert shown(terminal) == whole(app)
