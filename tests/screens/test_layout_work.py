"""A key does the layout work it needs and no more: a cursor moved is a line repainted, a dialog opened
and closed over a game leaves the game's footer as it was, keys that come and go on the footer are
shown and hidden where they are, and a label that a layout resized does not ask for another layout
(benchmarks/screen_work.py counts the same per key on every screen)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Input, Select, Static

from chaigames.engine import GameConfig, SeatConfig
from screens.app import ChaiGamesApp
from screens.chai.screen import ChaiScreen
from screens.compat import FooterKey
from screens.menu import MainMenu
from screens.pause import PauseMenu
from screens.setup import SetupScreen
from screens.widgets import Footer
from tests.pilot import screen_text, wait_for
from tests.screens.keys import press


def counted_layouts(app: App) -> list[Screen]:
    """Every layout of the app's current screen from now on (Textual signals each one)."""
    laid_out: list[Screen] = []
    app.screen.screen_layout_refresh_signal.subscribe(app.screen, laid_out.append, immediate=True)
    return laid_out


def counted_footers(monkeypatch) -> list[Screen]:
    """Every footer composed from now on, by its screen."""
    composed: list[Screen] = []
    compose = Footer.compose

    def counted(self: Footer) -> ComposeResult:
        composed.append(self.screen)
        yield from compose(self)

    monkeypatch.setattr(Footer, "compose", counted)
    return composed


def footer_line(app: App) -> str:
    return screen_text(app).splitlines()[-1]


async def footers_of_next_steps(pilot, steps: Steps, n: int) -> list[str]:
    """The footer's line after each of the next `n` steps of `steps`, the app settled after each."""
    lines = []
    for _ in range(n):
        steps.next_step()
        await settle(pilot)
        lines.append(footer_line(steps.app))
    return lines


async def settle(pilot) -> None:
    """Every key handled and the frames they asked for drawn."""
    for _ in range(3):
        await pilot.pause()


async def asha_to_move(pilot, app: ChaiGamesApp) -> None:
    """Asha's move at Chai, her footer's keys shown and the app settled."""
    await wait_for(
        pilot,
        lambda: isinstance(app.screen, ChaiScreen) and app.controller.legal_actions(0) and app.screen.query(FooterKey),
        "Asha's move",
    )
    await settle(pilot)


async def test_moving_the_menu_cursor_lays_nothing_out():
    app = ChaiGamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.query(FooterKey), "the menu")
        await settle(pilot)
        laid_out = counted_layouts(app)
        for key in ("down", "down", "up", "up"):
            await press(pilot, key)
        await settle(pilot)
        assert laid_out == []


async def test_a_dialog_over_a_game_leaves_the_games_footer_as_it_was(monkeypatch):
    """The pause menu pauses the game (Undo and the moves grey out, then light again): the game's footer
    under the dialog is not rebuilt, neither as the dialog opens nor as it closes."""
    config = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi", bot="easy"), SeatConfig("Dev", bot="easy")))
    app = ChaiGamesApp(new_game=("chai", config, 7), bot_delay=0.05, key_guard=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await asha_to_move(pilot, app)
        game = app.screen
        before = footer_line(app)
        keys = list(game.query(FooterKey))
        composed = counted_footers(monkeypatch)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "the pause menu")
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        await settle(pilot)
        assert game not in composed
        assert list(game.query(FooterKey)) == keys
        assert footer_line(app) == before


async def test_keys_leave_and_come_back_to_the_footer_where_they_are(monkeypatch):
    """A name field takes `?` as a letter, so Keys leaves the footer while it has the focus and comes back
    after: the footer hides and shows the key it has, mounting nothing."""
    app = ChaiGamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.open_setup("chai")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.focused, "the form")
        await settle(pilot)
        form = app.screen
        assert "? Keys" in footer_line(app)
        keys = list(form.query(FooterKey))
        composed = counted_footers(monkeypatch)
        form.query_one("#name-0", Input).focus()
        await wait_for(pilot, lambda: "? Keys" not in footer_line(app), "Keys off the footer")
        form.query_one("#seats", Select).focus()
        await wait_for(pilot, lambda: "? Keys" in footer_line(app), "Keys on the footer again")
        assert composed == []
        assert list(form.query(FooterKey)) == keys


class Grows(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("short", id="grows")

    CSS = "#grows { width: auto; }"


async def test_a_label_resized_by_a_layout_asks_for_no_second_one():
    app = Grows()
    async with app.run_test(size=(80, 10)) as pilot:
        await settle(pilot)
        laid_out = counted_layouts(app)
        app.query_one("#grows", Static).update("a good deal longer than it was")
        await settle(pilot)
        assert len(laid_out) == 1
        assert "a good deal longer than it was" in screen_text(app)


async def test_the_menu_under_a_form_waits_for_its_turn_to_be_laid_out_at_a_new_size():
    """Textual counted the screen under the top one as seen through it even when the top one hides it:
    the menu under the New game form was laid out three times at each resize of the terminal, unseen.
    Now it is laid out as it is shown again, at the terminal's new size."""
    app = ChaiGamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.query(FooterKey), "the menu")
        menu = app.screen
        laid_out: list[Screen] = []
        menu.screen_layout_refresh_signal.subscribe(menu, laid_out.append, immediate=True)
        app.open_setup("chai")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.focused, "the form")
        await pilot.resize_terminal(100, 32)
        await wait_for(
            pilot, lambda: app.screen.size == (100, 32) and len(screen_text(app).splitlines()) == 32, "the form resized"
        )
        await settle(pilot)
        assert laid_out == []
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is menu and laid_out, "the menu again")
        await settle(pilot)
        assert menu.size == (100, 32)
        lines = screen_text(app).splitlines()
        assert len(lines) == 32 and "? Keys" in lines[-1] and "Dabba Walla" in screen_text(app)


async def test_the_new_game_form_styles_each_field_once_as_it_opens(monkeypatch):
    """Its buttons and fields set their classes as they are made, and its Selects mark their parts after
    mounting them: each was styled again for every class (forty restyles of the form as it opened). Now
    each is styled as it is mounted, with the classes it ends with."""
    restyled: list[str] = []
    update_styles = App.update_styles

    def counted(self: App, node, **kwargs) -> None:  # type: ignore[no-untyped-def]
        restyled.append(type(node).__name__)
        update_styles(self, node, **kwargs)

    app = ChaiGamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu) and app.screen.query(FooterKey), "the menu")
        await settle(pilot)
        monkeypatch.setattr(App, "update_styles", counted)
        app.open_setup("chai")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.focused, "the form")
        await settle(pilot)
        form = app.screen
        made = {"SelectOverlay", "SelectCurrent", "Button", "NameInput"}
        assert [name for name in restyled if name in made] == []
        current = form.query_one("#seats", Select).query_one("SelectCurrent")
        assert current.has_class("-has-value") and form.query_one("#start").has_class("-primary")


class Steps(Screen[None]):
    """Each step of a turn has keys of its own (as Dabba Walla's have): `step` says which are live."""

    BINDINGS = [
        ("enter", "place", "Place"),
        ("r", "rotate", "Rotate"),
        ("e", "empty", "Empty dabba"),
        ("v", "view", "Level view"),
        ("escape", "back", "Back"),
    ]
    STEPS = ({"place", "rotate", "back"}, {"empty", "view", "back"})
    step = 0

    def compose(self) -> ComposeResult:
        yield Static("a turn")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in self.STEPS[self.step]

    def next_step(self) -> None:
        self.step = 1 - self.step
        self.refresh_bindings()


class StepsApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Steps())


async def test_keys_of_each_step_of_a_turn_are_mounted_once(monkeypatch):
    """Keys that come with one step of a turn and go with the next are kept (hidden) when the footer is
    rebuilt for the next step's new keys: from the second round on, a step only shows and hides keys."""
    app = StepsApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Steps) and app.screen.query(FooterKey), "the turn")
        await settle(pilot)
        steps = app.screen
        assert isinstance(steps, Steps)
        composed = counted_footers(monkeypatch)
        lines = await footers_of_next_steps(pilot, steps, 4)
        assert len(composed) == 1  # the first new step's keys; never again
        assert "Empty dabba" in lines[0] and "Rotate" not in lines[0] and "Back" in lines[0]
        assert "Rotate" in lines[1] and "Empty dabba" not in lines[1]
        assert lines[2:] == lines[:2]
        assert [key.key for key in steps.query(FooterKey) if key.display] == ["enter", "r", "escape", "ctrl+p"]


async def test_keys_shown_and_hidden_again_are_not_measured_again(monkeypatch):
    """The footer lays out its keys side by side, and Textual measures a key by drawing it: a key shown,
    hidden, greyed or lit again is not measured again while it shows the same words."""
    from textual.widget import Widget

    app = StepsApp()
    async with app.run_test(size=(80, 10)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, Steps) and app.screen.query(FooterKey), "the turn")
        steps = app.screen
        assert isinstance(steps, Steps)
        for _ in range(2):  # every step's keys on the footer once
            steps.next_step()
            await settle(pilot)
        measured: list[str] = []
        inner = Widget.get_content_width

        def counted(widget, container, viewport):  # type: ignore[no-untyped-def]
            if isinstance(widget, FooterKey):
                measured.append(widget.key)
            return inner(widget, container, viewport)

        monkeypatch.setattr(Widget, "get_content_width", counted)
        laid_out = counted_layouts(app)
        lines = await footers_of_next_steps(pilot, steps, 4)
        assert len(laid_out) == 4 and measured == []
        assert "Rotate" in lines[1] and "Empty dabba" in lines[0] and lines[2:] == lines[:2]


class NameField(App[None]):
    CSS = "NameInput { width: 12; }"

    def compose(self) -> ComposeResult:
        from screens.widgets import NameInput

        yield NameInput("", compact=True)


async def test_a_letter_typed_in_a_name_field_lays_nothing_out():
    """A field took the width of its text as its virtual size, a layout of the whole screen, on every
    letter; the layout gave it back its own size. Now the letter repaints the field, and a name longer
    than the field still scrolls to show where it is being typed."""
    app = NameField()
    async with app.run_test(size=(40, 5)) as pilot:
        await settle(pilot)
        laid_out = counted_layouts(app)
        for letter in "Ashabai":
            await press(pilot, letter)
        await settle(pilot)
        assert laid_out == []
        assert screen_text(app).splitlines()[0].startswith("Ashabai")
        for letter in " Kulkarni":
            await press(pilot, "space" if letter == " " else letter)
        await settle(pilot)
        assert laid_out == []
        assert "Kulkarni" in screen_text(app).splitlines()[0]


async def test_a_seats_problem_said_and_gone_repaints_its_line_and_lays_nothing_out():
    """Two names cleared: each seat says it needs a name, and Start stays off while either does. Naming the
    first seat takes its problem line away (same size: one line, empty) without a layout of the form."""
    app = ChaiGamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        app.open_setup("chai")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.focused, "the form")
        form = app.screen
        for i in (0, 1):
            form.query_one(f"#name-{i}", Input).value = ""
        await wait_for(pilot, lambda: "seat 2 needs a name" in screen_text(app), "both seats' problems")
        await settle(pilot)
        laid_out = counted_layouts(app)
        form.query_one("#name-0", Input).value = "Asha"
        await wait_for(pilot, lambda: "seat 1 needs a name" not in screen_text(app), "the first seat's problem gone")
        await settle(pilot)
        assert "seat 2 needs a name" in screen_text(app)
        assert laid_out == []


async def test_a_move_and_the_keys_it_takes_off_the_footer_are_drawn_in_one_frame(monkeypatch):
    """Asha's move passes the turn: the game's lines and the footer's keys (the move keys hidden) change in one
    frame, laid out once. Textual's Footer hears of its screen's keys among its own messages, after the screen's
    next frame: at a table every move drew the keys in a frame of their own, as the turn left and as it came."""
    from .test_dialog_frames import counted_frames
    from .test_partial_paint import on_terminal, shown, whole

    config = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi", bot="easy"), SeatConfig("Dev", bot="easy")))
    app = ChaiGamesApp(new_game=("chai", config, 7), bot_delay=0.05, key_guard=0)
    terminal = on_terminal(app, monkeypatch, 100, 32)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await asha_to_move(pilot, app)
        app.bot_delay = 3600  # the bots wait: Asha's move alone
        game = app.screen
        moves = next(key for key in game.query(FooterKey) if key.key == "m")
        assert moves.display
        frames = counted_frames(monkeypatch)
        laid_out = counted_layouts(app)
        app.controller.act(0, app.controller.legal_actions(0)[0])
        assert not moves.display  # told as the game was: before any frame
        await settle(pilot)
        assert frames == ["part ChaiScreen"]
        assert len(laid_out) == 1
        assert "m Moves" not in footer_line(app)
        assert shown(terminal) == whole(app)
