"""Hints for learners: a setup choice; `!` shows on screen what the expert would play and why, worked
out from the seat's own view; counted in the record's meta (never as entries) and in the results."""

from __future__ import annotations

from chaigames.chai import SPEC as CHAI
from chaigames.engine import GameConfig, SeatConfig
from screens.results import ResultsScreen
from tests.pilot import screen_text, wait_for

from .games import STEPPY

SIZE = (100, 32)


def _config() -> GameConfig:
    seats = (SeatConfig("Asha", options={"tea": "green"}), SeatConfig("Ravi", bot="easy", options={"tea": "black"}))
    return CHAI.validate(GameConfig(seats=seats, start_player=0))


async def test_the_hint_key_shows_the_experts_move_and_counts_it(make_app):
    app = make_app(games=[CHAI])
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(CHAI, _config(), 7, hints=True)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Asha's move")
        assert app.controller.hints_on
        entries = len(app.controller.session.record.entries)
        await pilot.press("exclamation_mark")
        await wait_for(pilot, lambda: "Hint:" in screen_text(app), "the hint on screen")
        record = app.controller.session.record
        assert record.meta["hints_used"] == 1
        assert len(record.entries) == entries  # a hint is no move
        line = next(ln for ln in screen_text(app).splitlines() if "Hint:" in ln)
        assert any(word in line for word in ("Visit", "Take", "Reserve", "Draw", "Reset", "Serve"))
        assert "green-" not in line and "black-" not in line  # customers as the board writes them (Gr5)


async def test_without_hints_the_key_does_nothing(make_app):
    app = make_app(games=[CHAI])
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(CHAI, _config(), 7)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Asha's move")
        assert not app.controller.hints_on
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert "Hint:" not in screen_text(app)
        assert "hints_used" not in app.controller.session.record.meta


async def test_the_results_say_how_many_hints_were_used(make_app):
    """The toy game has no expert, but a record whose meta says hints were on is shown the same way."""
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = make_app(games=[STEPPY])
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(STEPPY, config, 5, hints=True)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        app.controller.session.record.meta["hints_used"] = 3
        while not isinstance(app.screen, ResultsScreen):
            await pilot.press("2")
            await wait_for(
                pilot, lambda: isinstance(app.screen, ResultsScreen) or app.controller.to_move == 0, "next turn"
            )
        await wait_for(pilot, lambda: "3 hints used" in screen_text(app), "the hints line")


async def test_a_rematch_keeps_hints_but_a_match_never_has_them(make_app):
    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = make_app(games=[STEPPY])
    async with app.run_test(size=(80, 24)) as pilot:

        async def play_to_results() -> None:
            while not isinstance(app.screen, ResultsScreen):
                await pilot.press("2")
                await wait_for(
                    pilot, lambda: isinstance(app.screen, ResultsScreen) or app.controller.to_move == 0, "next turn"
                )

        app.start_game(STEPPY, config, 5, hints=True)
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        first = app.controller
        app.controller.session.record.meta["hints_used"] = 2
        await play_to_results()
        await pilot.press("n")  # a rematch: hints again, none used yet
        await wait_for(pilot, lambda: app.controller is not first and app.controller.to_move == 0, "the rematch")
        assert app.controller.hints_on and app.controller.hints_used() == 0
        second = app.controller
        await play_to_results()
        await pilot.press("b")  # a match of three: never with hints
        await wait_for(pilot, lambda: app.controller is not second and app.controller.match() is not None, "the match")
        assert not app.controller.hints_on and "hints" not in app.controller.session.record.meta
