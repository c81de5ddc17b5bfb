"""Results explain themselves: the whole breakdown of a long game fits 120x40, and the counts behind
Chai's awards and tie-breaks are shown under the total."""

from __future__ import annotations

import re
from types import SimpleNamespace

from textual.app import App
from textual.widgets import DataTable

from chaigames.engine import Result, ScoreRow
from screens import palette
from screens.results import ResultsScreen
from tests.pilot import screen_text, wait_for


def fake_controller(result: Result, names: list[str], title: str) -> SimpleNamespace:
    """What ResultsScreen reads from a controller (through the protocol): the result, the seats'
    names, the game's title."""
    return SimpleNamespace(result=lambda: result, names=tuple(names), title=title, save_problem="", hints_on=False)


class Host(App[None]):
    CSS_PATH = "../../screens/app.tcss"

    def __init__(self, controller: SimpleNamespace) -> None:
        super().__init__()
        self.controller = controller

    def get_css_variables(self) -> dict[str, str]:
        return {**super().get_css_variables(), **palette.css_variables()}

    def on_mount(self) -> None:
        self.push_screen(ResultsScreen(self.controller))  # type: ignore[arg-type]


def thirteen_levels() -> Result:
    """A Dabba Walla game delivered over 13 levels: 21 breakdown rows."""
    sources = ["tickets", "order 4", "order 1", "order 2", "order 3"]
    sources += [f"level {lv}" for lv in range(13, 0, -1)] + ["empty dabbas", "chai tiles"]
    rows = tuple(ScoreRow(src, (k, k + 1, k + 2, k + 3)) for k, src in enumerate(sources))
    scores = tuple(sum(r.values[s] for r in rows) for s in range(4))
    return Result(scores=scores, winners=(3,), breakdown=rows)


async def test_a_13_level_breakdown_fits_120x40_without_scrolling():
    app = Host(fake_controller(thirteen_levels(), ["Asha", "Ravi", "Meera", "Kiran"], "Dabba Walla"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "results")
        await pilot.pause()
        text = screen_text(app)
        for source in ("tickets", "level 13", "level 2", "level 1", "empty dabbas", "chai tiles", "Total"):
            assert source in text, f"{source} is below the fold"
        table = app.screen.query_one(DataTable)
        assert table.virtual_size.height <= table.scrollable_content_region.height


async def test_at_80x24_the_table_scrolls_to_the_total():
    app = Host(fake_controller(thirteen_levels(), ["Asha", "Ravi", "Meera", "Kiran"], "Dabba Walla"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "results")
        await pilot.press("ctrl+end")
        await wait_for(pilot, lambda: "Total" in screen_text(app), "the total after Ctrl+End")


async def test_the_counts_behind_awards_and_tie_breaks_are_shown():
    result = Result(
        scores=(15, 15),
        winners=(0,),
        breakdown=(ScoreRow("customers (VP)", (15, 8)), ScoreRow("money", (0, 7))),
        note="Asha wins the tie on 15 points: fewer fulfilled customers (Asha 1, Ravi 2)",
        details={"fulfilled": [1, 2], "teas": [1, 2]},
    )
    app = Host(fake_controller(result, ["Asha", "Ravi"], "Chai"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "results")
        await pilot.pause()
        text = screen_text(app)
        assert "(customers served)" in text and "(different teas served)" in text
        assert "Asha wins the tie on 15 points: fewer fulfilled customers" in text


async def test_at_120x40_the_room_beside_the_table_holds_standings_and_what_each_row_counts():
    """Standings with places (the tie-break winner above an equal total) and every row explained;
    at 80x24 neither: the table and the totals line as before."""
    result = Result(
        scores=(15, 15, 9),
        winners=(1,),
        breakdown=(ScoreRow("customers (VP)", (15, 8, 9)), ScoreRow("money", (0, 7, 0))),
        note="Ravi wins the tie on 15 points: fewer fulfilled customers",
    )
    for size, roomy in (((120, 40), True), ((80, 24), False)):
        app = Host(fake_controller(result, ["Asha", "Ravi", "Meera"], "Chai"))
        async with app.run_test(size=size) as pilot:
            await wait_for(pilot, lambda app=app: isinstance(app.screen, ResultsScreen), "results")
            await pilot.pause()
            lines = [line.strip() for line in screen_text(app).splitlines()]
            places = [re.search(r"(\d) [ *](\w+) +█+ (\d+)$", line) for line in lines]
            places = [m.groups() for m in places if m]
            explained = any(line.endswith("money: 1 point per coin left") for line in lines)
            if roomy:
                assert places == [("1", "Ravi", "15"), ("2", "Asha", "15"), ("3", "Meera", "9")], lines
                assert explained and any("customers (VP): the points printed" in line for line in lines)
                table = app.screen.query_one(DataTable)
                assert table.region.right < 60  # as wide as its columns, not the whole screen
            else:
                assert not places and not explained
                assert any(line.startswith("Asha 15   Ravi 15   Meera 9") for line in lines)


async def test_the_log_over_chais_results_writes_customers_as_the_board_does():
    """Over the results the game's screen is gone: the log wrote "black-2" where the board wrote "Bk2".
    `l` is zone 3's milk key in Chai Wallah: the results open the log with `o`."""
    from chaigames.engine import Event
    from chaigames.engine.session import LogLine
    from screens.pause import LogScreen

    result = Result(scores=(9, 4), winners=(0,), breakdown=(ScoreRow("orders", (9, 4)),))
    c = fake_controller(result, ["Asha", "Ravi"], "Chai")
    c.game_id, c.realtime = "chai", False
    c.log = lambda: [LogLine(3, Event("fulfil", "Asha fulfils black-2 (pool, 4 VP) in cup 1"))]
    app = Host(c)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("o")
        await wait_for(
            pilot, lambda: isinstance(app.screen, LogScreen) and "Asha fulfils" in screen_text(app), "the log"
        )
        text = screen_text(app)
        assert "Asha fulfils Bk2 (pool, 4 VP)" in text and "black-2" not in text
