"""A frame that repaints a line or two renders only the widgets under them, and the terminal still ends up
showing exactly the whole screen (`screens.compat.paint_only_what_changed`).

The app's updates are taken as Textual hands them to its driver, written to a pyte terminal the way a
player's terminal gets them, and the terminal compared with the screen composed whole. Reading the
compositor's updates is private (Textual has no public way to see a frame's bytes in a headless app).
"""

from __future__ import annotations

from collections.abc import Iterable

import pyte
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import Static

from chaigames.chai_wallah import SPEC as CW
from screens import compat
from screens.widgets import TitleBar, show
from tests.pilot import screen_text, wait_for

from .test_chai_wallah_screen import cw_game, start

WIDTH, HEIGHT = 60, 14


class Board(App[None]):
    CSS = "#body { height: 1fr; } #status { background: $panel; } .seat { height: 2; }"

    def compose(self) -> ComposeResult:
        yield TitleBar("A table")
        yield Static("Time 1 s", id="status")
        with Vertical(id="body"):
            for s in range(3):
                yield Static(f"seat {s}: a b c d", id=f"seat-{s}", classes="seat")
            yield Static("the feed", id="feed")
        yield Static("Keys a w s d", id="help")
        yield Static("Esc pause", id="keys")


async def test_a_repaint_renders_the_widgets_under_it_and_the_terminal_shows_the_whole_screen(monkeypatch):
    compat.paint_only_what_changed()
    app = Board()
    terminal = on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await wait_for(pilot, lambda: "seat 2" in "\n".join(terminal.display), "the board on the terminal")
        rendered = counted_renders(monkeypatch, app.screen.query("*"))

        for n in range(4):  # the first showing lays the panels out; then one seat's line, then two lines
            # far apart at once (the status line and a seat: the seat between them is not rendered)
            rendered.clear()
            show(app.query_one("#seat-1", Static), f"seat 1: a b c {n}")
            if n >= 2:
                show(app.query_one("#status", Static), f"Time {n} s")
            await wait_for(pilot, lambda n=n: f"seat 1: a b c {n}" in "\n".join(terminal.display), "the seat's line")
            if n:
                assert "seat-1" in names(rendered)
                assert not {"TitleBar", "keys", "help", "feed", "seat-2"} & set(names(rendered)), rendered
                assert "seat-0" not in names(rendered), rendered
                assert n >= 2 or "status" not in names(rendered), rendered
            assert shown(terminal) == whole(app)


async def test_a_line_that_widgets_in_front_draw_whole_is_not_rendered_behind_them(monkeypatch):
    """A seat's line repainted: the container behind the seats and the screen behind everything are not asked
    for that line (the seat draws every column of it), and the terminal still shows the whole screen. Drawn
    whole, a widget is asked only for the lines no widget in front of it covers."""
    compat.paint_only_what_changed()
    app = Board()
    terminal = on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await wait_for(pilot, lambda: "seat 2" in "\n".join(terminal.display), "the board on the terminal")
        rendered = counted_renders(monkeypatch, [app.screen, *app.screen.query("*")])
        show(app.query_one("#seat-1", Static), "seat 1: a b c 9")
        await wait_for(pilot, lambda: "seat 1: a b c 9" in "\n".join(terminal.display), "the seat's line")
        assert names(rendered) == ["seat-1"], rendered  # Textual's: the body and the screen too
        assert shown(terminal) == whole(app)
        rendered.clear()
        app.screen.refresh()
        await wait_for(pilot, lambda: bool(rendered), "the screen drawn whole")
        await wait_for(pilot, lambda: shown(terminal) == whole(app), "the terminal showing the screen")
        assert "Screen" not in names(rendered)  # every line is some widget's
        body = app.query_one("#body")
        under_the_feed = body.size.height - sum(child.outer_size.height for child in body.children)
        assert [lines for name, lines in rendered if name == "body"] in ([under_the_feed], [under_the_feed] * 2)


class Columns(App[None]):
    """Chai's board: a market on the left, a log on the right in a column with a border and padding."""

    CSS = """
    #top { height: 1fr; }
    #left { width: 24; }
    #right { width: 1fr; padding: 0 1; border-left: vkey $primary; }
    #log { height: 1fr; margin-top: 1; }
    """

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal

        yield Static("Asha to move", id="status")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                yield Static("Market\nrow1 Gi Le\nrow2 Mi Ja", id="market")
            with Vertical(id="right"):
                yield Static("Customer pool", id="customers")
                yield Static("\n".join(f"event {k}" for k in range(6)), id="log")


async def test_a_panel_repainted_beside_another_column_renders_no_container_behind_it(monkeypatch):
    """The log moved up: its lines are repainted, and nothing behind it is asked for them. The column holding
    it draws its border and padding beside the log, and the row holding both columns the market's lines
    too, but none of those columns is repainted, so neither is rendered."""
    compat.paint_only_what_changed()
    app = Columns()
    terminal = on_terminal(app, monkeypatch, WIDTH, HEIGHT)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await wait_for(pilot, lambda: "event 5" in "\n".join(terminal.display), "the board on the terminal")
        rendered = counted_renders(monkeypatch, [app.screen, *app.screen.query("*")])
        show(app.query_one("#log", Static), "\n".join(f"event {k}" for k in range(1, 7)))
        await wait_for(pilot, lambda: "event 6" in "\n".join(terminal.display), "the log moved up")
        assert names(rendered) == ["log"], rendered  # Textual's (and before, ours): the right column and the row too
        assert shown(terminal) == whole(app)


async def test_a_chai_wallah_game_on_the_terminal_is_the_screen_composed_whole(make_app, monkeypatch):
    """Keys and bots change a few lines at a time: after each key the terminal shows the whole screen."""
    compat.paint_only_what_changed()
    app = make_app(games=[CW], new_game=cw_game(["Asha"], 3))
    terminal = on_terminal(app, monkeypatch, 100, 32)
    async with app.run_test(size=(100, 32)) as pilot:
        c = await start(pilot, app)
        for key in "wasdwasd":
            n = c.session.action_count
            await pilot.press(key)
            await wait_for(pilot, lambda n=n: c.session.action_count > n, "the key's action")
            await wait_for(pilot, lambda: shown(terminal) == whole(app), "the terminal showing the screen")


async def test_a_chai_game_on_the_terminal_is_the_screen_composed_whole(make_app, monkeypatch):
    """Moves made through the moves list and the bots' moves: the log moves up beside the market, the footer's
    keys come and go, the list opens and closes over the board; after each the terminal shows the whole
    screen."""
    from chaigames.chai import SPEC as CHAI
    from chaigames.engine import GameConfig, SeatConfig
    from screens.chai import ChaiScreen
    from screens.chai.moves import MovesScreen

    compat.paint_only_what_changed()
    seats = (SeatConfig("Asha"), *(SeatConfig(name, bot="easy") for name in ("Ravi", "Dev", "Meera")))
    app = make_app(games=[CHAI], new_game=("chai", GameConfig(seats=seats, start_player=0), 5), bot_delay=0.02)
    terminal = on_terminal(app, monkeypatch, 100, 32)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(3):
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, ChaiScreen) and app.controller.to_move == 0,
                "Asha's move",
            )
            await wait_for(pilot, lambda: shown(terminal) == whole(app), "the terminal showing the board")
            n = app.controller.session.action_count
            await pilot.press("m")
            await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
            await wait_for(pilot, lambda: shown(terminal) == whole(app), "the terminal showing the list")
            await pilot.press("enter")
            await wait_for(pilot, lambda n=n: app.controller.session.action_count > n, "Asha's move made")
        await wait_for(pilot, lambda: shown(terminal) == whole(app), "the terminal showing the board")


def on_terminal(app: App, monkeypatch, width: int, height: int) -> pyte.Screen:
    """A terminal of `width` x `height` that gets every frame `app` draws from now on."""
    terminal = pyte.Screen(width, height)
    stream = pyte.Stream(terminal)
    render_update = Compositor.render_update

    def drawn(self, *args, **kwargs):
        update = render_update(self, *args, **kwargs)
        if update is not None:
            stream.feed(update.render_segments(app.console))
        return update

    monkeypatch.setattr(Compositor, "render_update", drawn)
    return terminal


def counted_renders(monkeypatch, widgets: Iterable[Widget]) -> list[tuple[str, int]]:
    """From now on each of `widgets` asked for lines adds (its id or class name, how many lines) to the list."""
    rendered: list[tuple[str, int]] = []
    for widget in widgets:
        render_lines = widget.render_lines

        def counted(crop, widget=widget, render_lines=render_lines):
            rendered.append((widget.id or type(widget).__name__, crop.height))
            return render_lines(crop)

        monkeypatch.setattr(widget, "render_lines", counted)
    return rendered


def names(rendered: list[tuple[str, int]]) -> list[str]:
    return [name for name, _ in rendered]


def shown(terminal: pyte.Screen) -> str:
    """The terminal's lines."""
    return "\n".join(line.rstrip() for line in terminal.display)


def whole(app: App) -> str:
    """The screen composed whole (every widget asked for every line)."""
    return "\n".join(line.rstrip() for line in screen_text(app).splitlines())


async def test_a_focus_moved_repaints_the_fields_and_not_the_whole_screen(monkeypatch):
    """Tab on the New game form: the field left and the field focused change their look (and the footer its
    keys); the rest of the terminal is not sent again (`screens.compat.focus_repaints_what_changed`)."""
    from textual.widgets import Select

    from screens.app import ChaiGamesApp
    from screens.menu import MainMenu
    from screens.setup import SetupScreen

    app = ChaiGamesApp()
    terminal = on_terminal(app, monkeypatch, 120, 40)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.open_setup("chai")
        await wait_for(
            pilot,
            lambda: isinstance(app.screen, SetupScreen) and app.screen.query(Select) and app.screen.focused,
            "form",
        )
        for _ in range(3):
            await pilot.pause()
        whole_frames: list[object] = []
        full = Compositor.render_full_update

        def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            whole_frames.append(self)
            return full(self, *args, **kwargs)

        monkeypatch.setattr(Compositor, "render_full_update", counted)
        for key in ("tab", "tab", "shift+tab"):
            before = app.screen.focused
            await pilot.press(key)
            await wait_for(pilot, lambda before=before: app.screen.focused is not before, "the focus moved")
            for _ in range(3):
                await pilot.pause()
            assert shown(terminal) == whole(app)
        assert whole_frames == []
