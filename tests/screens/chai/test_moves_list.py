"""The moves list plays the chosen move as it closes: from the key's own handler, before the screen
behind it is resumed, laid out and drawn again (at a table the move leaves that much sooner)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from screens.chai.moves import MovesScreen
from tests.pilot import wait_for


class Board(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.resumed = 0

    def compose(self) -> ComposeResult:
        yield Static("the board")

    def on_screen_resume(self) -> None:
        self.resumed += 1


class Table(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.board = Board()
        self.played: list[tuple[int, bool, int]] = []  # (move, the list still up, the board's resumes)

    def on_mount(self) -> None:
        self.push_screen(self.board)

    def moves(self) -> None:
        def chosen(index: int) -> None:
            self.played.append((index, isinstance(self.screen, MovesScreen), self.board.resumed))

        self.push_screen(MovesScreen(["Buy red", "Buy green", "Take all"], chosen))


async def test_the_chosen_move_is_played_as_the_list_closes_before_the_board_is_drawn_again():
    app = Table()
    async with app.run_test(size=(60, 16)) as pilot:
        await wait_for(pilot, lambda: app.board.is_current, "the board")
        resumed = app.board.resumed
        app.moves()
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await pilot.press("down", "enter", "enter")  # a second Enter finds the list gone: nothing more
        await wait_for(pilot, lambda: app.board.is_current, "the board again")
        assert app.played == [(1, False, resumed)]
        app.moves()
        await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
        await pilot.press("3")
        await wait_for(pilot, lambda: len(app.played) == 2, "the third move")
        await pilot.press("escape")  # the list is gone: Esc reaches the board, nothing is played
        assert app.played[1][0] == 2


# -- one list per game ---------------------------------------------------------------------------------
def counted_styling(monkeypatch) -> list[object]:
    """Every node of a moves list that Textual's stylesheet styles from now on."""
    from textual.css.stylesheet import Stylesheet

    styled: list[object] = []
    apply = Stylesheet.apply

    def counted(self, node, *args, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(getattr(node, "screen", None), MovesScreen):
            styled.append(node)
        return apply(self, node, *args, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    return styled


async def open_moves(pilot, app) -> MovesScreen:
    from tests.screens.keys import press
    from tests.screens.test_dialog_frames import settle

    await press(pilot, "m")
    await wait_for(pilot, lambda: isinstance(app.screen, MovesScreen), "the moves list")
    await settle(pilot)
    return app.screen


async def test_a_game_makes_its_moves_list_once_and_shows_each_turns_moves_in_it(monkeypatch):
    """Made anew each move, the list was composed, mounted, styled and removed every time a player played through
    it. The one list shows the new turn's moves, numbered, the first highlighted and in view; nothing in it is
    composed or styled again."""
    from textual.widgets import OptionList

    from tests.screens.keys import press
    from tests.screens.test_dialog_frames import asha_to_move, chai_app, settle

    composed: list[MovesScreen] = []
    compose = MovesScreen.compose

    def counted(self):  # type: ignore[no-untyped-def]
        composed.append(self)
        return compose(self)

    monkeypatch.setattr(MovesScreen, "compose", counted)
    app = chai_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await asha_to_move(app, pilot)
        moves = await open_moves(pilot, app)
        first_turn = list(moves.labels)
        await press(pilot, "down", "enter")  # a move of the turn: the list closes, the bots play
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        await wait_for(pilot, lambda: app.controller.to_move == 0 and game._legal, "Asha's next turn")
        await settle(pilot)
        styled = counted_styling(monkeypatch)
        assert await open_moves(pilot, app) is moves
        assert composed == [moves]
        assert styled == []
        options = moves.query_one(OptionList)
        shown = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert shown == [f"{i}. {label}" if i < 10 else f"   {label}" for i, label in enumerate(moves.labels, 1)]
        assert moves.labels != first_turn
        assert options.highlighted == 0 and options.scroll_y == 0 and options.has_focus


async def test_the_moves_list_shown_again_after_a_theme_change_is_styled_again(monkeypatch):
    from tests.screens.keys import press
    from tests.screens.test_dialog_frames import asha_to_move, chai_app, settle

    app = chai_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await asha_to_move(app, pilot)
        moves = await open_moves(pilot, app)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await settle(pilot)
        styled = counted_styling(monkeypatch)
        assert await open_moves(pilot, app) is moves
        assert styled != []


async def test_the_moves_list_goes_with_its_game():
    from tests.screens.keys import press
    from tests.screens.test_dialog_frames import asha_to_move, chai_app

    app = chai_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await asha_to_move(app, pilot)
        moves = await open_moves(pilot, app)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        await app.back_to_menu()
        await wait_for(pilot, lambda: not moves.is_attached and not game.is_attached, "the game and its list gone")
        assert not app.is_screen_installed(moves)


async def test_the_moves_list_shown_again_after_the_terminal_was_resized_fits_the_new_size(monkeypatch):
    from tests.screens.keys import press
    from tests.screens.test_dialog_frames import asha_to_move, chai_app, settle
    from tests.screens.test_partial_paint import on_terminal, shown, whole

    app = chai_app()
    terminal = on_terminal(app, monkeypatch, 120, 40)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await asha_to_move(app, pilot)
        moves = await open_moves(pilot, app)
        narrow = moves.query_one("#moves-box").size
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is game, "the game again")
        await pilot.resize_terminal(120, 40)
        await wait_for(pilot, lambda: game.size == (120, 40), "the game at 120x40")
        await settle(pilot)
        assert await open_moves(pilot, app) is moves
        box = moves.query_one("#moves-box").size
        assert moves.size == (120, 40) and box.width > narrow.width and box.height > narrow.height
        assert shown(terminal) == whole(app)


async def test_the_moves_list_asked_for_while_it_is_open_is_not_opened_twice():
    """The command palette over the list can still run the game's own Moves."""
    from tests.screens.test_dialog_frames import asha_to_move, chai_app, settle

    app = chai_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await asha_to_move(app, pilot)
        moves = await open_moves(pilot, app)
        game.action_moves()
        await settle(pilot)
        assert app.screen_stack.count(moves) == 1
