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
