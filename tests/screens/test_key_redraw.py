"""A key redraws what it changed and nothing else, and what it draws is what a
whole redraw would draw: the parts a key skips are checked against `refresh_game` after each key.

- `show` asks for a layout of the whole screen (which repaints every widget) only when a panel's
  size can change: Chai's market is as tall as its lines and as wide as its column, and its last
  line (the group under the cursor) changes length with every cursor move.
- Chai's cursor keys redraw the status, the cursor's panel and the prompt only.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import Static

from chaigames.chai import SPEC as CHAI
from screens.chai import ChaiScreen
from screens.widgets import LinePanel, show
from tests.pilot import wait_for

from .chai.test_chai_screen import asha_to_move, vs_bot

LARGE = (120, 40)


class Panels(App[None]):
    CSS = """
    #tall { width: 20; height: auto; }
    #wide { width: auto; height: 1; }
    """

    def compose(self) -> ComposeResult:
        yield LinePanel("", id="tall")
        yield Static("", id="wide")


def layouts_counted(app: App) -> list[int]:
    """A counter of the screen's layouts from now on (Screen._refresh_layout: every widget placed again)."""
    count = [0]
    screen = app.screen
    real = screen._refresh_layout

    def counted(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    screen._refresh_layout = counted  # type: ignore[method-assign]
    return count


async def test_a_new_line_length_lays_the_screen_out_again_only_when_the_size_can_change():
    app = Panels()
    async with app.run_test(size=(60, 10)) as pilot:
        tall, wide = app.query_one("#tall", LinePanel), app.query_one("#wide", Static)
        show(tall, Text("a\nb"))
        show(wide, Text("x"))
        await pilot.pause()
        layouts = layouts_counted(app)
        show(tall, Text("a\nbbbbbbbbbb"))  # a longer line within the 20 columns: same height
        await pilot.pause()
        assert layouts[0] == 0
        assert tall.size.height == 2
        show(tall, Text("a\nb\nc"))  # a line more: taller
        await pilot.pause()
        assert layouts[0] and tall.size.height == 3
        layouts[0] = 0
        show(tall, Text("a\nb\n" + "c " * 15))  # a line wider than the panel wraps: taller
        await pilot.pause()
        assert layouts[0] and tall.size.height == 4
        layouts[0] = 0
        show(wide, Text("xxxxxxxx"))  # an auto width follows its widest line
        await pilot.pause()
        assert layouts[0] and wide.size.width == 8


async def test_a_panel_left_at_the_wrong_height_is_laid_out_again_by_its_next_change():
    """Under heavy load a panel kept one row for two lines of content (Dabba Walla's prompt hid the chai
    tiles on a secret choice): the next change of the same size must notice the height and fix it."""
    app = Panels()
    async with app.run_test(size=(60, 10)) as pilot:
        tall = app.query_one("#tall", LinePanel)
        show(tall, Text("a"))
        await pilot.pause()
        assert tall.size.height == 1
        tall._shown_content = Text("a\nb")  # as if two lines had been shown and their layout was lost
        tall.update(Text("a\nb"), layout=False)
        await pilot.pause()
        assert tall.size.height == 1
        show(tall, Text("a\nc"))  # same size as what it holds: only the height tells
        await wait_for(pilot, lambda: tall.size.height == 2, "the panel two rows tall")


def repaints_counted(panel: LinePanel) -> tuple[list[int], list[int]]:
    """How often `panel` is drawn whole from now on ([count]) and which of its lines are drawn alone.
    What is counted is work the panel must not do, which nothing public shows: its two private drawing
    methods are wrapped here and nowhere else."""
    whole: list[int] = [0]
    lines: list[int] = []
    real_whole, real_lines = panel._draw_whole, panel._line_strips
    panel._draw_whole = lambda: whole.__setitem__(0, whole[0] + 1) or real_whole()  # type: ignore[method-assign]
    panel._line_strips = lambda changed: lines.extend(changed) or real_lines(changed)  # type: ignore[method-assign]
    return whole, lines


def shown(screen) -> dict[str, object]:
    """What each named panel of the screen shows now (its content, as the screen last gave it)."""
    return {w.id: w.content for w in screen.query(Static) if w.id}


async def test_chai_cursor_keys_redraw_no_more_than_they_change_and_never_lay_the_screen_out(make_app):
    app = make_app(games=[CHAI], new_game=vs_bot())
    async with app.run_test(size=LARGE) as pilot:
        await asha_to_move(pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ChaiScreen)
        layouts = layouts_counted(app)
        drawn, moved = [], 0
        for key in ["right", "right", "down", "left", "up", "tab", "down", "down", "up", "tab", "right"]:
            before, laid_out = shown(screen), layouts[0]
            await pilot.press(key)
            await wait_for(pilot, lambda before=before: shown(screen) != before, f"{key} drawn")
            after = shown(screen)
            drawn.append({k for k in after if after[k] != before[k]})
            screen.refresh_game()  # a whole redraw changes nothing the key left as it was
            assert shown(screen) == after, key
            if key != "tab":  # Tab takes the cursor's line from the market: a line less, a new layout
                moved += layouts[0] - laid_out
        assert moved == 0
        assert drawn[0] <= {"chai-status", "chai-market", "chai-prompt"}
        assert "chai-market" in drawn[0] and "chai-customers" not in drawn[0]
        assert "chai-customers" in drawn[6] and "chai-market" not in drawn[6]


async def test_a_chai_wallah_die_key_repaints_the_die_lines_of_its_seat_alone(make_app):
    """At 120x40 a seat is a block of nine lines; a die key changes one to three of them (the brackets
    of an offer, a new face), and only those are drawn again."""
    from chaigames.chai_wallah import SPEC as CW

    from .test_chai_wallah_screen import FakeTime, cw_game, start

    fake = FakeTime()
    app = make_app(games=[CW], new_game=cw_game(["Asha", "Ravi", "Bina", "Dev"], 0), clock_source=fake)
    async with app.run_test(size=LARGE) as pilot:
        c = await start(pilot, app, check=True)
        await pilot.pause()
        seat = app.screen.query_one("#cw-seat-0", LinePanel)
        whole, lines = repaints_counted(seat)
        for n in range(4):  # offer the tea, keep it, offer, keep
            fake.now += 0.3  # past the 250 ms repeat filter
            await pilot.press("a")
            await wait_for(pilot, lambda n=n: c.state.seats[0].states[0] == ("held", "offered")[n % 2 == 0], "tea")
            await wait_for(pilot, lambda n=n: str(seat.content).count("┏") == (n + 1) % 2, "the offer brackets")
        await pilot.pause()
        assert whole == [0]
        assert lines and set(lines) <= {1, 4, 5, 6}  # the tea die's lines and the notes line under the header


async def test_dabba_walla_placing_keys_redraw_the_ghost_and_prompt_alone(monkeypatch):
    """Moving the placing ghost changes the vehicle and the prompt: the ring, hand and others are not
    drawn again, and a whole redraw after each key changes nothing."""
    from screens.dabba_walla import DabbaWallaScreen

    from .dabba_walla.helpers import dw_app, dw_screen, until_my_move

    app = dw_app(seed=3)
    async with app.run_test(size=LARGE) as pilot:
        await until_my_move(pilot)
        await pilot.press("enter", "enter")  # start on space 1, play the first card
        screen = dw_screen(app)
        assert screen.mode() == "place"
        await pilot.pause()
        others: list[int] = []
        real = DabbaWallaScreen._others_text
        monkeypatch.setattr(
            DabbaWallaScreen, "_others_text", lambda self, room: others.append(room) or real(self, room)
        )
        moved = 0
        for key in ["right", "down", "down", "left", "up", "right", "right", "up", "left"]:
            ghost = (screen.row, screen.col)
            await pilot.press(key)
            await pilot.pause()
            after = shown(screen)
            if (screen.row, screen.col) != ghost:
                moved += 1
                assert not others, key  # the ghost moved: nothing but it and the prompt was drawn
            screen.refresh_game()
            assert shown(screen) == after, key
            others.clear()
        assert moved >= 4
